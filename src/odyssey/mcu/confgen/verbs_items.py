"""Rule-based set-ups of the item verbs: craft, mine, smelt, find, combat, hunt, eat, drink, brew,
enchant, trade, sell, the anvil's repair/rename/combine, and using a block or item."""

from __future__ import annotations

from collections import Counter

from odyssey.mcu.confgen import kits
from odyssey.mcu.confgen.graph import (
    FUELS,
    cooking_input,
    crafting_recipe,
    harvest_tool,
    ingredients,
    needs_table,
    reg,
    self_consuming,
)
from odyssey.mcu.confgen.plan import MORE, SPOTS, Plan
from odyssey.mcu.confgen.verbs_world import swim
from odyssey.mcu.needs import McuError

FIND_WITHIN = 4  # the library's "find" rules: the target within 4 blocks
FIND_BEYOND = 4  # a find target is placed this much beyond the rule's radius


def craft(p: Plan, target: str, count: int) -> None:
    recipe = crafting_recipe(target)
    if recipe is None:
        raise McuError(f"craft {target}: no crafting recipe makes {target!r}")
    for item, n in sorted(ingredients(recipe, count, avoid=target).items()):
        p.give(item, n * MORE)
    if needs_table(recipe):
        p.setblock("crafting_table")
    p.notes.append(f"one recipe of {target}, ingredients ×{MORE}")
    if self_consuming(target):
        p.notes.append(f"every recipe of {target} takes one {target}: it is given as an ingredient")


def mine(p: Plan, target: str, count: int) -> None:
    if (
        target.endswith("air")
        or not kits.is_block(target)
        or reg().harvest(target).hardness is None
    ):
        raise McuError(f"mine {target}: {target!r} cannot be mined (unbreakable or not a block)")
    tool = harvest_tool(target)
    if tool is not None:
        p.give(tool)
    for _ in range(min(len(SPOTS), count * MORE)):
        p.setblock(target)
    p.notes.append(f"{target} placed next to the player" + (f", mined with {tool}" if tool else ""))


def smelt(p: Plan, target: str, count: int) -> None:
    source = target if reg().cooking("furnace", target) else cooking_input(target)
    if source is None:
        raise McuError(f"smelt {target}: nothing smelts into {target!r} and it does not smelt")
    p.give(source, count * MORE)
    product = reg().cooking("furnace", source).result
    fuel = next(f for f in FUELS if f not in (product, source))  # never the product as fuel
    p.give(fuel, max(2, count * MORE // 8 + 1))
    p.setblock("furnace")


def find(p: Plan, target: str, count: int, within: int = FIND_WITHIN) -> None:
    # just outside the success rule's radius: close enough to see, far enough to need a search
    away = (within + FIND_BEYOND, 0)
    if kits.is_mob(target):
        p.summon(target, "{NoAI:1b}", at=away)
    elif kits.is_block(target):
        p.place_at(target, *away)
    else:  # a biome or structure: it cannot be placed; clear skies and daylight help the search
        p.commands += ["/time set day", "/weather clear"]
        p.notes.append(f"{target} cannot be placed: the player must travel to it")


def combat(p: Plan, target: str, count: int) -> None:
    if not kits.is_mob(target):
        raise McuError(f"combat {target}: {target!r} is not a mob")
    p.give("diamond_sword")
    for piece, slot in (("iron_helmet", "head"), ("iron_chestplate", "chest"),
                        ("iron_leggings", "legs"), ("iron_boots", "feet")):  # fmt: skip
        p.commands.append(f"/item replace entity @s armor.{slot} with minecraft:{piece}")
    if target in kits.UNDEAD:
        p.commands.append("/time set night")  # daylight would burn it before the fight
    for _ in range(count):
        p.summon(target)


def hunt(p: Plan, target: str, count: int) -> None:
    if not kits.is_mob(target):
        raise McuError(f"hunt {target}: {target!r} is not a mob")
    p.give("iron_sword")
    for _ in range(count):
        p.summon(target)


def eat(p: Plan, target: str, count: int) -> None:
    food = reg().item(target).food if kits.is_item(target) else None
    if food is None:
        raise McuError(f"eat {target}: {target!r} is not food")
    p.give(target, count * MORE)
    if not food.always_edible:  # a full player cannot eat: make it hungry
        p.commands.append("/effect give @s minecraft:hunger 5 99")


def drink(p: Plan, target: str, count: int) -> None:
    if target in ("milk_bucket", "honey_bottle", "ominous_bottle"):
        p.give(target, count * MORE)
        return
    p.give(kits.potion_of(target).component(), count * MORE)


def brew(p: Plan, target: str, count: int) -> None:
    potion = kits.potion_of(target)
    for item, n in sorted(Counter(kits.brewing_chain(potion)).items()):
        p.give(item, n * MORE)
    p.give(kits.Potion("potion", "water").component(), 3)
    p.give("blaze_powder", MORE)
    p.setblock("brewing_stand")


def enchant(p: Plan, target: str, count: int) -> None:
    if not kits.is_item(target):
        raise McuError(f"enchant {target}: unknown item {target!r}")
    p.give(target, count)
    p.give("lapis_lazuli", 20)
    p.xp()
    p.setblock("enchanting_table")


def trade(p: Plan, target: str, count: int, selling: bool = False) -> None:
    trade = kits.trade_for(target, selling)
    p.give(trade.gives, min(kits.EMERALDS, trade.gives_count * count * MORE))
    if trade.also:
        p.give(trade.also, trade.also_count * count * MORE)
    for _ in range(3 if trade.listings > 2 else 1):  # each villager gets 2 listings at random
        p.commands.append(kits.villager_summon(trade, p.mob_spot()))


def sell(p: Plan, target: str, count: int) -> None:
    trade(p, target, count, selling=True)


def anvil(p: Plan, target: str, count: int, how: str) -> None:
    item = reg().item(target) if kits.is_item(target) else None
    if item is None:
        raise McuError(f"{how} {target}: unknown item {target!r}")
    if how == "repair" and item.max_damage == 0:
        raise McuError(f"repair {target}: {target!r} takes no damage")
    worn = f"minecraft:{target}[damage={item.max_damage // 2}]" if item.max_damage else target
    if how == "repair":
        p.give(worn, count)
        p.give(item.repair_with[0] if item.repair_with else worn, MORE * count)
    elif how == "combine":
        p.give(worn, 2 * count)
    else:
        p.give(target, count)
    p.xp()
    p.setblock("anvil")


def use(p: Plan, target: str, count: int) -> None:
    kit = kits.USE_KITS.get(target)
    if kit is not None:
        for item, n in kit.give:
            p.give(item, n)
        if kit.block:
            p.setblock(kit.block)
        if kit.mob:
            p.summon(kit.mob)
        if kit.pool == "water":
            swim(p, target, count)
        elif kit.pool == "lava":  # one source sunk in the ground: it cannot flow out
            p.commands.append(f"/setblock {p.spot(dy=-1)} minecraft:lava")
    elif target in kits.STATIONS or (kits.is_block(target) and not kits.is_item(target)):
        p.setblock(target)
    elif kits.is_item(target):
        p.give(target, count * MORE)
    elif target.startswith(("splash_potion", "lingering_potion", "potion")):
        p.give(kits.potion_of(target).component(), count * MORE)
    else:
        raise McuError(f"use {target}: {target!r} is neither a block to use nor an item")
