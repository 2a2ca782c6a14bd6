"""Oracle skills at stations and villagers, played through their screens with clicks: trading
(``custom traded_with_villager``, ``item X`` a nearby villager sells), enchanting (``custom
enchant_item``), the anvil (``item X named N``), brewing (``effect X`` with no potion at hand:
brew one and drink it), sleeping (``custom sleep_in_bed``) and opening a station
(``custom interact_with_*``).
"""

from __future__ import annotations

from collections.abc import Callable

from odyssey.episode.protocol import Wait
from odyssey.mcu.actions import Click, CloseScreen, MenuButton, Rename, SelectTrade
from odyssey.mcu.oracle.core import Ctx, OracleStuckError, Pos, Script, skill, use_block
from odyssey.mcu.oracle.families_use import bare, find_blocks, repeat
from odyssey.mcu.oracle.families_use_effect import potions_giving
from odyssey.mcu.oracle.families_use_mobs import use_mob
from odyssey.mcu.rules import EffectRule, ItemRule, StatRule

PICKUP, QUICK = 0, 1  # click modes
STATIONS = {  # the statistic opening each station counts
    "interact_with_crafting_table": ("crafting_table",),
    "interact_with_furnace": ("furnace",),
    "interact_with_smoker": ("smoker",),
    "interact_with_blast_furnace": ("blast_furnace",),
    "interact_with_anvil": ("anvil", "chipped_anvil", "damaged_anvil"),
    "interact_with_brewingstand": ("brewing_stand",),
    "interact_with_grindstone": ("grindstone",),
    "interact_with_stonecutter": ("stonecutter",),
    "interact_with_loom": ("loom",),
    "interact_with_cartography_table": ("cartography_table",),
    "interact_with_smithing_table": ("smithing_table",),
    "open_chest": ("chest",),
    "open_barrel": ("barrel",),
    "open_enderchest": ("ender_chest",),
}
BEDS = tuple(f"{c}_bed" for c in (
    "white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray",
    "cyan", "purple", "blue", "brown", "green", "red", "black"))  # fmt: skip


# -- the open screen's slots -------------------------------------------------------------------


def menu(ctx: Ctx):
    m = ctx.game.survival.menu
    if m is None:
        raise OracleStuckError("the screen did not open")
    return m


def slot_of(ctx: Ctx, want: Callable[[object], bool]) -> int:
    """The menu slot showing an inventory stack that ``want`` accepts (-1: none)."""
    inv = ctx.game.survival.inventory
    for k, slot in enumerate(menu(ctx).slots):
        stack = slot.item()
        if slot.container is inv and stack is not None and want(stack):
            return k
    return -1


def named(item: str) -> Callable[[object], bool]:
    return lambda s: s.item == item


def put(ctx: Ctx, want: Callable[[object], bool], target: int, what: str) -> Script:
    """Move an inventory stack into menu slot ``target`` (what does not fit goes back)."""
    src = slot_of(ctx, want)
    if src < 0:
        raise OracleStuckError(f"no {what} in the inventory")
    yield Click(src, 0, PICKUP)
    yield Click(target, 0, PICKUP)
    if menu(ctx).carried is not None:
        yield Click(src, 0, PICKUP)


def open_block(ctx: Ctx, names: tuple[str, ...]) -> Script:
    found = find_blocks(ctx, names)
    if not found:
        raise OracleStuckError(f"no {'/'.join(names)} near")
    yield from use_block(ctx, found[0])
    yield Wait(2)
    menu(ctx)


# -- villagers ---------------------------------------------------------------------------------


def _offers(ctx: Ctx, e) -> list:
    from odyssey.sim.mechanics.villagers import info

    return info(ctx.game, e.id).offers


def _affordable(ctx: Ctx, offer) -> bool:
    return (not offer.out_of_stock and ctx.count(offer.a) >= offer.cost_a()
            and (not offer.b or ctx.count(offer.b) >= offer.b_count))  # fmt: skip


def _find_trade(ctx: Ctx, result: str | None):
    """(villager, offer index) of an offer the player can pay for (for ``result``)."""
    store = ctx.game.survival.entities
    for e in sorted(store.near(ctx.player.pos, 24.0), key=lambda e: e.id):
        if e.type not in ("villager", "wandering_trader") or e.dead or e.baby:
            continue
        for i, offer in enumerate(_offers(ctx, e)):
            if (result is None or offer.result == result) and _affordable(ctx, offer):
                return e, i
    return None


def trade(ctx: Ctx, result: str | None) -> Script:
    found = _find_trade(ctx, result)
    if found is None:
        raise OracleStuckError(f"no villager offer {'of ' + result if result else ''} the "
                               f"player can pay for")  # fmt: skip
    e, index = found
    yield from use_mob(ctx, e, None)
    if ctx.game.survival.menu_kind != "merchant":
        raise OracleStuckError(f"the {e.type} did not open its trades")
    offer = menu(ctx).offers[index]
    yield SelectTrade(index)  # the offer list: its payment moves into the slots
    out = menu(ctx).result_box.get(0)
    if out is None or out.item != offer.result:
        yield CloseScreen()
        raise OracleStuckError(f"the payment for {offer.result} shows {out}: another offer "
                               f"takes the same payment")  # fmt: skip
    yield Click(2, 0, QUICK)  # shift-click: trade into the inventory while the payment lasts
    yield CloseScreen()


@skill("stat", when=lambda ctx, rule: rule.category == "custom"
       and rule.key == "traded_with_villager")  # fmt: skip
def traded(ctx: Ctx, rule: StatRule) -> Script:
    yield from repeat(ctx, rule, lambda c: trade(c, None), limit=rule.at_least + 2)


@skill("item", when=lambda ctx, rule: rule.named is None
       and _find_trade(ctx, bare(rule.item)) is not None)  # fmt: skip
def buy(ctx: Ctx, rule: ItemRule) -> Script:
    item = bare(rule.item)
    for _ in range(rule.count + 2):
        if ctx.count(item) >= rule.count:
            return
        yield from trade(ctx, item)


# -- enchanting --------------------------------------------------------------------------------


def _enchantable(stack) -> bool:
    return stack.item == "book" or (stack.is_damageable() and not stack.enchantments)


@skill("stat", when=lambda ctx, rule: rule.category == "custom" and rule.key == "enchant_item")
def enchant(ctx: Ctx, rule: StatRule) -> Script:
    yield from repeat(ctx, rule, enchant_once, limit=rule.at_least + 2)


def enchant_once(ctx: Ctx) -> Script:
    yield from open_block(ctx, ("enchanting_table",))
    # a book first: "enchant a book" wants the book, and any other item stays what it was
    first = named("book") if slot_of(ctx, named("book")) >= 0 else _enchantable
    yield from put(ctx, first, 0, "enchantable item (a tool, armour or a book)")
    if menu(ctx).slots[1].item() is None:
        yield from put(ctx, named("lapis_lazuli"), 1, "lapis lazuli")
    costs = menu(ctx).offers.costs
    from odyssey.sim.mechanics.experience import level_of

    level, lapis = level_of(ctx.game), menu(ctx).slots[1].item()
    have = lapis.count if lapis is not None else 0
    ok = [i for i in range(3) if 0 < costs[i] <= level and i + 1 <= min(level, have)]
    if not ok:
        yield CloseScreen()
        raise OracleStuckError(f"no enchantment affordable: costs {list(costs)}, level {level},"
                               f" lapis {have} (the config must give levels with /xp)")  # fmt: skip
    yield MenuButton(ok[0])
    yield Click(0, 0, QUICK)
    yield CloseScreen()


# -- anvil: naming -------------------------------------------------------------------------------


@skill("item", when=lambda ctx, rule: rule.named is not None)
def rename(ctx: Ctx, rule: ItemRule) -> Script:
    item = bare(rule.item)
    for _ in range(rule.count + 2):
        if _named_count(ctx, item, rule.named) >= rule.count:
            return
        yield from open_block(ctx, ("anvil", "chipped_anvil", "damaged_anvil"))
        yield from put(ctx, lambda s: s.item == item and s.component("custom_name") != rule.named,
                       0, item)  # fmt: skip
        yield Rename(rule.named)
        m = menu(ctx)
        if m.output.get(0) is None or not m.may_pickup():
            yield CloseScreen()
            raise OracleStuckError(f"the anvil will not name {item}: cost {m.cost} (levels "
                                   f"needed: the config must give them with /xp)")  # fmt: skip
        yield Click(2, 0, QUICK)
        yield CloseScreen()


def _named_count(ctx: Ctx, item: str, name: str) -> int:
    inv = ctx.game.survival.inventory
    stacks = [s for s in inv.slots if s is not None and s.item == item]
    return sum(s.count for s in stacks if s.component("custom_name") == name)


# -- brewing -----------------------------------------------------------------------------------


def brew_plan(ctx: Ctx, effect: str) -> list[str] | None:
    """Ingredients taking a water bottle to a potion with ``effect`` (shortest first)."""
    from odyssey.sim.mechanics.brewing import POTION_MIXES
    from odyssey.sim.mechanics.potion_table import POTIONS

    frontier, seen = [("water", [])], {"water"}
    while frontier:
        nxt = []
        for potion, steps in frontier:
            if any(bare(e[0]) == effect for e in POTIONS.get(potion, ())):
                return steps
            for (src, ing), out in POTION_MIXES.items():
                if src == potion and out not in seen and ctx.count(ing) > steps.count(ing):
                    seen.add(out)
                    nxt.append((out, [*steps, ing]))
        frontier = nxt
    return None


def _water_bottle(stack) -> bool:
    from odyssey.sim.mechanics.potion_table import potion_id

    return stack.item == "potion" and potion_id(stack) == "water"


def brew(ctx: Ctx, steps: list[str]) -> Script:
    yield from open_block(ctx, ("brewing_stand",))
    stand = menu(ctx).stand
    if stand.items[4] is None and getattr(stand, "fuel", 0) <= 0:
        yield from put(ctx, named("blaze_powder"), 4, "blaze powder (fuel)")
    yield from put(ctx, _water_bottle, 0, "water bottle")
    for ingredient in steps:
        yield from put(ctx, named(ingredient), 3, ingredient)
        for _ in range(30):  # 400 ticks a brew
            yield Wait(20)
            if menu(ctx).slots[3].item() is None or ctx.game.survival.menu is None:
                break
    yield Click(0, 0, QUICK)
    yield CloseScreen()


@skill("effect", when=lambda ctx, rule: not potions_giving(ctx, bare(rule.effect))
       and bool(find_blocks(ctx, ("brewing_stand",))))  # fmt: skip
def brew_and_drink(ctx: Ctx, rule: EffectRule) -> Script:
    effect = bare(rule.effect)
    steps = brew_plan(ctx, effect)
    if steps is None:
        raise OracleStuckError(f"no brew from the given ingredients gives {effect}")
    yield from brew(ctx, steps)
    from odyssey.mcu.oracle.families_use_effect import get_effect

    yield from get_effect(ctx, rule)


# -- beds and stations -------------------------------------------------------------------------


@skill("stat", when=lambda ctx, rule: rule.category == "custom" and rule.key == "sleep_in_bed")
def sleep(ctx: Ctx, rule: StatRule) -> Script:
    from odyssey.mcu.rules import NIGHT

    beds = find_blocks(ctx, BEDS)
    if not beds:
        from odyssey.mcu.oracle.families_use_build import place_blocks
        from odyssey.mcu.rules import BlockRule

        bed = next((b for b in BEDS if ctx.count(b)), None)
        if bed is None:
            raise OracleStuckError("no bed near and none to place")
        yield from place_blocks(ctx, BlockRule(blocks=(bed,), placed=True))
        beds = find_blocks(ctx, BEDS)
    t = ctx.game.time_of_day % 24000
    if not NIGHT[0] <= t <= NIGHT[1] and not ctx.game.survival.weather == "thunder":
        raise OracleStuckError(f"beds work only at night (time {t}): the config must set "
                               f"`/time set night`")  # fmt: skip
    yield from _use_bed(ctx, beds[0])
    for _ in range(10):
        yield Wait(20)
        if ctx.game.survival.stats.get("custom", "sleep_in_bed") > 0:
            return


def _use_bed(ctx: Ctx, pos: Pos) -> Script:
    yield from use_block(ctx, pos)


@skill("stat", when=lambda ctx, rule: rule.category == "custom" and rule.key in STATIONS)
def open_station(ctx: Ctx, rule: StatRule) -> Script:
    def once(c: Ctx) -> Script:
        yield from open_block(c, STATIONS[rule.key])
        yield CloseScreen()

    yield from repeat(ctx, rule, once, limit=rule.at_least + 2)
