"""Potion and trade families: ``drink <potion>``, ``use <splash potion>``, ``brew <potion>``,
``trade for <item>`` and ``sell <item>``.

Rules name items and effects, not item components: a rule cannot tell a potion of swiftness from
a water bottle. Drinking is checked by the effect it gives (instant and effect-less potions by
the ``used potion`` statistic: the set-up gives only that potion); brewing pairs the brewing
stand statistic and a potion in the inventory with AutoEval, which tells the kinds apart.
"""

from __future__ import annotations

from collections.abc import Iterator

from odyssey.mcu.library.facts import BASE_POTIONS, brewable, obtainable, potion_name
from odyssey.mcu.library.gen_items import Entry, words
from odyssey.mcu.rules import AllRule, EffectRule, ItemRule, Rule, StatRule
from odyssey.mcu.task import AtomicTask, Rejected
from odyssey.sim.mechanics.potion_table import INSTANT, POTIONS
from odyssey.sim.mechanics.trades import TRADES

TRADED = StatRule(category="custom", key="traded_with_villager")
BREW_NOTE = "rules cannot tell potion kinds apart: AutoEval checks the potion"


def _slug(potion: str, item: str = "potion") -> str:
    return potion_name(potion, item).replace(" ", "_")


def _drink_rule(potion: str) -> tuple[Rule, str]:
    effects = [e for e, _, _ in POTIONS[potion] if e not in INSTANT]
    if not effects:
        return StatRule(category="used", key="potion"), "any potion drunk counts"
    if len(effects) == 1:
        return EffectRule(effect=effects[0]), ""
    return AllRule(rules=tuple(EffectRule(effect=e) for e in effects)), ""


def drink() -> Iterator[Entry]:
    """``drink <potion>`` for every potion id; ``use splash potion of <x>`` for brewable ones."""
    made = brewable()
    for potion in sorted(POTIONS):
        name = potion_name(potion)
        if potion not in made:
            yield Rejected(f"drink {name}", "drink", potion, "no brewing recipe makes it")
            continue
        rule, note = _drink_rule(potion)
        yield AtomicTask(f"drink_{_slug(potion)}", f"drink {name}", "tool_use", "drink_potion",
                         "drink", potion, success=rule, note=note)  # fmt: skip
        if potion in BASE_POTIONS:
            continue
        splash = potion_name(potion, "splash_potion")
        yield AtomicTask(f"use_{_slug(potion, 'splash_potion')}", f"use {splash}", "tool_use",
                         "drink_potion", "use", f"splash_potion_of_{potion}",
                         success=StatRule(category="used", key="splash_potion"),
                         note="any splash potion thrown counts")  # fmt: skip


def brew() -> Iterator[Entry]:
    """``brew <potion>`` and ``brew <splash potion>`` for every brewable potion but water."""
    made = brewable()
    for potion in sorted(POTIONS):
        if potion == "water":
            continue
        for item in ("potion", "splash_potion"):
            name = potion_name(potion, item)
            if potion not in made:
                yield Rejected(f"brew {name}", "brew", potion, "no brewing recipe makes it")
                continue
            rule = AllRule(rules=(StatRule(category="custom", key="interact_with_brewingstand"),
                                  ItemRule(item=item)))  # fmt: skip
            target = potion if item == "potion" else f"{item}_of_{potion}"
            yield AtomicTask(f"brew_{_slug(potion, item)}", f"brew {name}", "craft",
                             "brew_potions", "brew", target, success=rule, judge=True,
                             note=BREW_NOTE)  # fmt: skip


def _trade_items() -> tuple[list[str], list[str]]:
    """(items villagers sell, items villagers buy), each sorted and distinct."""
    gives, takes = set(), set()
    for levels in TRADES.values():
        for level in levels:
            for listing in level:
                if listing.kind == "buy":
                    takes.add(listing.a)
                elif listing.kind != "book":
                    gives.add(listing.result)
                else:
                    gives.add("enchanted_book")
    return sorted(gives), sorted(takes)


def trade() -> Iterator[Entry]:
    """``trade for <item>`` (a villager sells it; success: a trade and the item held) and
    ``sell <item>`` (a villager buys it for an emerald; success: a trade and an emerald held,
    the set-up gives no emeralds)."""
    gives, takes = _trade_items()
    have = obtainable()
    for item in gives:
        rule = AllRule(rules=(TRADED, ItemRule(item=item)))
        yield AtomicTask(f"trade_for_{item}", f"trade for {words(item)}", "trade", "buy_items",
                         "trade", item, success=rule)  # fmt: skip
    for item in takes:
        text = f"sell {words(item)}"
        if item not in have:
            yield Rejected(text, "sell", item, "not obtainable in survival")
            continue
        rule = AllRule(rules=(TRADED, ItemRule(item="emerald")))
        yield AtomicTask(f"sell_{item}", text, "trade", "sell_goods", "sell", item, success=rule,
                         note="the set-up gives no emeralds")  # fmt: skip
