"""The recipe graph, as the generator and the verifier need it: one recipe's ingredients (a tag
resolved to one member), the tool that harvests a block, and a small planner that says whether an
item can be made from what the player has, what it can mine nearby and the stations at hand.

The planner reasons over item *kinds*, not counts: a yes/no on whether the recipe graph reaches
the target at all (a stack given counts as "enough").
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from functools import cache

from odyssey.world.items import TIERS, ItemRegistry, Recipe, items

PREFERRED = ("oak_", "cobblestone", "white_")  # a tag's usual member first, then the shortest
TOOL_TIERS = tuple(t for t in TIERS if t not in ("golden", "copper"))  # the ladder players climb
FURNACES = ("furnace", "smoker", "blast_furnace")
FUELS = ("coal", "charcoal", "oak_planks", "oak_log", "stick")


def reg() -> ItemRegistry:
    return items()


def pick_member(alternatives: Iterable[str], avoid: str = "") -> str:
    """One member of an ingredient's alternatives (a tag such as any planks)."""
    options = sorted(a for a in alternatives if a != avoid) or sorted(alternatives)
    options.sort(key=len)  # coal before charcoal, egg before blue_egg
    for prefix in PREFERRED:
        for name in options:
            if name.startswith(prefix):
                return name
    return options[0]


def needs_table(recipe: Recipe) -> bool:
    """A 3×3 recipe: it needs a crafting table (the inventory grid is 2×2)."""
    if recipe.kind == "shaped":
        return recipe.width > 2 or recipe.height > 2
    return sum(1 for s in recipe.ingredients if s) > 4


def self_consuming(item: str) -> bool:
    """Every recipe of ``item`` takes the item itself (smithing templates are duplicated)."""
    recipes = reg().recipes_for(item)
    return bool(recipes) and all(any(s == {item} for s in r.ingredients) for r in recipes)


def crafting_recipe(item: str) -> Recipe | None:
    """The recipe the generator uses for ``item``: none of its ingredients is the item itself
    (unless every recipe's is), fewest ingredient slots, 2×2 before 3×3."""
    recipes = reg().recipes_for(item)
    usable = [r for r in recipes if all(s is None or s - {item} for s in r.ingredients)]
    usable = usable or recipes
    if not usable:
        return None
    kind = item.rsplit("_", 1)[-1]  # a white bed from wool and planks, not by dyeing a black bed

    def key(r: Recipe) -> tuple[bool, bool, int]:
        recolour = any(s and pick_member(s, item).endswith("_" + kind) for s in r.ingredients)
        return (recolour, needs_table(r), sum(1 for s in r.ingredients if s))

    return min(usable, key=key)


def ingredients(recipe: Recipe, made: int = 1, avoid: str = "") -> Counter[str]:
    """The items one chosen member per slot needs to make at least ``made`` results."""
    batches = math.ceil(made / recipe.count)
    out: Counter[str] = Counter()
    for slot in recipe.ingredients:
        if slot:
            out[pick_member(slot, avoid)] += batches
    return out


def cooking_input(result: str) -> str | None:
    """An ingredient a furnace turns into ``result`` (None: nothing smelts into it)."""
    found = sorted(
        (
            ingredient
            for (kind, ingredient), c in _cooking_table().items()
            if kind == "furnace" and c == result
        ),
        key=lambda i: (not i.startswith("raw_"), len(i), i),
    )  # raw_iron before deepslate_iron_ore
    return found[0] if found else None


@cache
def _cooking_table() -> dict[tuple[str, str], str]:
    r = reg()
    out = {}
    for name in r.names:
        for kind in FURNACES:
            c = r.cooking(kind, name)
            if c is not None:
                out[(kind, name)] = c.result
    return out


def harvest_tool(block: str) -> str | None:
    """The lowest-tier tool that harvests ``block`` (None: a hand does); a fast tool for blocks
    any tool or a hand harvests but a tool mines quicker (an iron one)."""
    h = reg().harvest(block)
    if h.requires_tool:
        ranked = [f"{tier}_{kind}" for tier in TOOL_TIERS for kind in h.tool_kinds]
        for name in ranked:
            if name in h.harvest_tools:
                return name
        return sorted(h.harvest_tools)[0]
    for kind in h.tool_kinds:
        if reg().has(f"iron_{kind}"):
            return f"iron_{kind}"
    return None


def plain_drops(block: str, tools: Iterable[str]) -> set[str]:
    """What mining ``block`` with one of ``tools`` (or a hand) yields without silk touch."""
    r, tools = reg(), list(tools)
    h = r.harvest(block)
    if h.hardness is None or (h.requires_tool and not any(h.can_harvest(t) for t in tools)):
        return set()
    shears = "shears" in tools
    return {
        d.item for d in r.block_drops(block)
        if d.silk_touch is not True and (d.shears is not True or shears) and d.chance > 0
    }  # fmt: skip


def obtainable(
    target: str, have: Iterable[str], stations: Iterable[str], minable: Iterable[str]
) -> bool:
    """Whether ``target`` can be had from the items ``have``, the drops of the blocks
    ``minable`` (mined with the tools in ``have``) and the placed ``stations``, by crafting and
    smelting (a crafting table or furnace in ``have`` may be placed)."""
    r = reg()
    known = set(have)
    for block in minable:
        known |= plain_drops(block, known)
    stations = set(stations)
    changed = True
    while changed and target not in known:
        changed = False
        table = "crafting_table" in stations or "crafting_table" in known
        for recipe in r.crafting_recipes():
            if recipe.result in known or (needs_table(recipe) and not table):
                continue
            if all(s is None or s & known for s in recipe.ingredients):
                known.add(recipe.result)
                changed = True
        furnace = bool(set(FURNACES) & (stations | known))
        if furnace and any(r.fuel_ticks(i) > 0 for i in known):
            for (_kind, ingredient), result in _cooking_table().items():
                if ingredient in known and result not in known:
                    known.add(result)
                    changed = True
    return target in known
