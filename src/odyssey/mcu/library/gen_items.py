"""Item families: ``craft to <item>``, ``smelt <ingredient>``, ``eat <food>``, ``enchant <item>``
and the anvil's ``repair``/``rename``/``combine``. Each generator yields ``AtomicTask`` and
``Rejected`` entries in a fixed order (the registry's sorted names).
"""

from __future__ import annotations

from collections.abc import Iterator

from odyssey.mcu.library.facts import creative_only, obtainable, recipe_problem, uses_table
from odyssey.mcu.rules import AllRule, ItemRule, StatRule
from odyssey.mcu.task import AtomicTask, Rejected
from odyssey.sim.mechanics.enchant_data import enchantability, groups
from odyssey.world.items import items

Entry = AtomicTask | Rejected
RENAME_TO = "Odyssey"  # the custom name every rename task asks for (in its text and rule)
ANVIL_NOTE = "the rule cannot read durability or enchantments; AutoEval confirms the result"


def words(name: str) -> str:
    return name.replace("_", " ")


def a(name: str) -> str:
    """``a pig``, ``an enderman`` (from an id)."""
    w = words(name)
    return f"{'an' if w[0] in 'aeiou' else 'a'} {w}"


def craft() -> Iterator[Entry]:
    """``craft to <item>`` for every item of the registry with a usable recipe (MCU enumerates
    the whole item registry); success: the ``crafted`` statistic of the item."""
    for item in items().names:
        text = f"craft to {words(item)}"
        if creative_only(item):
            yield Rejected(text, "craft", item, "creative-only item: no survival recipe")
            continue
        if (why := recipe_problem(item)) is not None:
            yield Rejected(text, "craft", item, why)
            continue
        note = "needs a crafting table (3x3 grid)" if uses_table(item) else "2x2 grid suffices"
        yield AtomicTask(f"craft_to_{item}", text, "craft", "craft_items", "craft", item,
                         success=StatRule(category="crafted", key=item), note=note)  # fmt: skip


def _smelting() -> dict[str, str]:
    """ingredient -> result of the furnace's recipes (smokers and blast furnaces cook subsets)."""
    reg, have = items(), obtainable()
    out = {}
    for ingredient in reg.names:
        c = reg.cooking("furnace", ingredient)
        if c is not None and ingredient in have:
            out[ingredient] = c.result
    return out


def smelt() -> Iterator[Entry]:
    """``smelt <ingredient>`` (``cook`` for foods); success: the ``crafted`` statistic of the
    result, which taking it from a furnace's result slot counts (vanilla's FurnaceResultSlot);
    the set-up gives the ingredient and fuel, never the result."""
    reg = items()
    for ingredient, result in _smelting().items():
        verb = "cook" if reg.item(result).food is not None else "smelt"
        yield AtomicTask(f"smelt_{ingredient}", f"{verb} {words(ingredient)}", "craft", "smelt",
                         "smelt", ingredient, success=StatRule(category="crafted", key=result),
                         note=f"gives {result}; crafting {result} also counts")  # fmt: skip


def eat() -> Iterator[Entry]:
    """``eat <food>`` for every obtainable food; success: the ``used`` statistic of the food."""
    reg, have = items(), obtainable()
    for item in reg.names:
        if reg.item(item).food is None:
            continue
        text = f"eat {words(item)}"
        if item not in have:
            yield Rejected(text, "eat", item, "not obtainable in survival")
            continue
        yield AtomicTask(f"eat_{item}", text, "tool_use", "eat_food", "eat", item,
                         success=StatRule(category="used", key=item))  # fmt: skip


def enchant() -> Iterator[Entry]:
    """``enchant <item>`` at an enchanting table; success: the ``enchant_item`` custom statistic
    and the item still held (the set-up gives only the target item to enchant)."""
    have = obtainable()
    for item in items().names:
        if enchantability(item) <= 0:
            continue
        text = f"enchant {words(item)}"
        if item not in have:
            yield Rejected(text, "enchant", item, "not obtainable in survival")
            continue
        result = "enchanted_book" if item == "book" else item  # an enchanted book is new item
        rule = AllRule(rules=(StatRule(category="custom", key="enchant_item"),
                              ItemRule(item=result)))  # fmt: skip
        yield AtomicTask(f"enchant_{item}", text, "craft", "enchant_tools", "enchant", item,
                         success=rule, note="needs lapis lazuli and experience levels")  # fmt: skip


def _damageable() -> list[str]:
    reg, have = items(), obtainable()
    return [i for i in reg.names if reg.item(i).max_damage > 0 and i in have]


def _tool_like(item: str) -> bool:
    g = groups(item)
    return bool(g & {"mining", "weapon", "bow", "crossbow", "trident", "fishing"})


def anvil() -> Iterator[Entry]:
    """Repair and rename every obtainable damageable item, combine two of each tool or weapon.
    Rename is programmatic (an item rule with ``named``); repair and combine pair the anvil
    statistic with AutoEval, since rules cannot read durability or enchantments."""
    opened = StatRule(category="custom", key="interact_with_anvil")
    for item in _damageable():
        w = words(item)
        both = AllRule(rules=(opened, ItemRule(item=item)))
        yield AtomicTask(f"repair_{item}", f"repair {w}", "others", "repair_tools", "repair",
                         item, success=both, judge=True, note=ANVIL_NOTE)  # fmt: skip
        yield AtomicTask(f"rename_{item}", f'rename {w} to "{RENAME_TO}"', "others",
                         "rename_items", "rename", item,
                         success=ItemRule(item=item, named=RENAME_TO),
                         note="needs an anvil and one experience level")  # fmt: skip
        if _tool_like(item):
            two = f"combine two {w if w.endswith('s') else w + 's'}"
            yield AtomicTask(f"combine_{item}", two, "others", "combine_tools",
                             "combine", item, success=both, judge=True,
                             note=ANVIL_NOTE)  # fmt: skip
    book = AllRule(rules=(opened, ItemRule(item="enchanted_book")))
    yield AtomicTask("combine_enchanted_book", "combine two enchanted books", "others",
                     "combine_tools", "combine", "enchanted_book", success=book, judge=True,
                     note=ANVIL_NOTE)  # fmt: skip
