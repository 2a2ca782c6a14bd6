"""Oracle skills with animals: ``entity`` rules with tags (``tamed``: feed a wolf bones, a cat
cod, a parrot seeds until it takes; ride a horse until it is; ``leashed``: a lead on the mob),
``stat custom animals_bred`` (two adults of a kind fed their breeding food) and ``riding``
(a boat placed and boarded, a minecart put on rails, a horse mounted).
"""

from __future__ import annotations

import math

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.actions import Select
from odyssey.mcu.oracle.core import (
    Ctx,
    OracleStuckError,
    Script,
    approach,
    entity_centre,
    look,
    select_item,
    skill,
    walk_to,
)
from odyssey.mcu.oracle.families_use import bare, find_blocks, ground_spots, is_soft, mob, repeat
from odyssey.mcu.rules import EntityRule, RidingRule, StatRule
from odyssey.sim.reach import crosshair_block

HORSES = ("horse", "donkey", "mule")
RAILS = ("rail", "powered_rail", "detector_rail", "activator_rail")


def empty_hand(ctx: Ctx) -> Script:
    """Select an empty hotbar slot (a right-click then does only the mob's own thing:
    mount, trade)."""
    from odyssey.sim.mechanics.breeding import ALL_FOOD
    from odyssey.world.items import items

    inv = ctx.game.survival.inventory
    free = next((i for i in range(9) if inv.slots[i] is None), None)
    if free is None:  # else a plain block: no mob takes it as food or a tool
        names = [inv.slots[i].item for i in range(9)]
        plain = [i for i, n in enumerate(names)
                 if items().item(n).block and n not in ALL_FOOD and n != "hay_block"]  # fmt: skip
        free = plain[0] if plain else None
    if free is None:
        raise OracleStuckError("no empty hotbar slot (or plain block) to right-click a mob with")
    if inv.selected != free:
        yield Select(free)


def use_mob(ctx: Ctx, e, item: str | None = None, reach: float = 2.4) -> Script:
    """Right-click mob ``e`` holding ``item`` (None: the empty hand), punching away the plants
    between (the crosshair stops at grass as a player's does)."""
    if item is None:
        yield from empty_hand(ctx)
    else:
        yield from select_item(ctx, item)
    from odyssey.sim.player_body import entity_in_crosshair

    for i in range(8):
        yield from approach(ctx, entity_centre(e), reach=max(1.2, reach - 0.3 * i))
        yield from look(ctx, entity_centre(e))
        if entity_in_crosshair(ctx.game) == e.id:
            break
        hit = crosshair_block(ctx.game.world, ctx.player)
        gap = math.dist(ctx.eye, entity_centre(e)) - 0.5
        if hit is None or hit.distance >= gap:
            break
        if not is_soft(ctx, hit.pos):  # a rail, a fence...: step past it, closer to the mob
            yield from walk_to(ctx, e.x, e.z, within=max(0.9, reach - 0.4 * (i + 1)))
            continue
        before = ctx.game.world.get_block(*hit.pos)
        for _ in range(10):
            yield Hold(("attack",), ticks=3)
            if ctx.game.world.get_block(*hit.pos) != before:
                break
    yield Hold(("use",), ticks=1)
    yield Wait(5)


def have(ctx: Ctx, names) -> str | None:
    return next((i for i in names if ctx.count(i)), None)


# -- tamed and leashed ---------------------------------------------------------------------------


def tame_one(ctx: Ctx, kind: str) -> Script:
    from odyssey.sim.mechanics.taming import HORSE_TEMPER, TAME_ITEMS

    e = mob(ctx, kind, exclude=("tamed",))
    if e is None:
        raise OracleStuckError(f"no untamed {kind} near")
    if kind in HORSES:
        food = have(ctx, [i for i in HORSE_TEMPER if i != "hay_block"])
        if food is not None:
            yield from use_mob(ctx, e, food)
        yield from mount(ctx, e)
        for _ in range(30):  # ridden, it bucks or takes the rider (1 in 50 each tick)
            yield Wait(10)
            if "tamed" in e.tags or not _riding(ctx):
                return
        return
    food = have(ctx, TAME_ITEMS.get(kind, ()))
    if food is None:
        raise OracleStuckError(f"taming a {kind} needs {' or '.join(TAME_ITEMS.get(kind, ('?',)))}")
    yield from use_mob(ctx, e, food)


@skill("entity", when=lambda ctx, rule: "tamed" in rule.tags)
def tamed(ctx: Ctx, rule: EntityRule) -> Script:
    kind = bare(rule.entity)
    for _ in range(rule.count * 40):
        if _count(ctx, kind, rule) >= rule.count:
            return
        yield from tame_one(ctx, kind)
    raise OracleStuckError(f"could not tame {rule.count} {kind}")


def _count(ctx: Ctx, kind: str, rule: EntityRule) -> int:
    store = ctx.game.survival.entities
    return sum(1 for e in store.near(ctx.player.pos, rule.within)
               if e.type == kind and not e.dead and set(rule.tags) <= e.tags)  # fmt: skip


@skill("entity", when=lambda ctx, rule: set(rule.tags) == {"leashed"})
def leashed(ctx: Ctx, rule: EntityRule) -> Script:
    kind = bare(rule.entity)
    for _ in range(rule.count * 4):
        if _count(ctx, kind, rule) >= rule.count:
            return
        if ctx.count("lead") == 0:
            raise OracleStuckError("leashing needs leads (the config must give them)")
        e = mob(ctx, kind, exclude=("leashed",))
        if e is None:
            raise OracleStuckError(f"no {kind} without a lead near")
        yield from use_mob(ctx, e, "lead")
    raise OracleStuckError(f"could not leash {rule.count} {kind}")


# -- breeding ----------------------------------------------------------------------------------


def _pair(ctx: Ctx):
    """(kind, food, [two adults]) of a kind the player can breed now."""
    from odyssey.sim.mechanics.breeding import FOOD, NEEDS_TAMING

    store = ctx.game.survival.entities
    for kind, foods in FOOD.items():
        food = have(ctx, sorted(foods))
        if food is None:
            continue
        adults = [e for e in store.near(ctx.player.pos, 24.0)
                  if e.type == kind and not e.dead and not e.baby
                  and (kind not in NEEDS_TAMING or "tamed" in e.tags)]  # fmt: skip
        if len(adults) >= 2:
            adults.sort(key=lambda e: math.dist(e.pos, ctx.player.pos))
            return kind, food, adults[:2]
    return None


def breed_once(ctx: Ctx) -> Script:
    found = _pair(ctx)
    if found is None:
        raise OracleStuckError("no two adults of a kind whose breeding food the player has")
    _, food, adults = found
    for e in adults:
        if "love" not in e.tags:
            yield from use_mob(ctx, e, food)
    for _ in range(12):  # they walk together; a baby comes 60 ticks after they meet
        yield Wait(20)
        if not any("love" in e.tags for e in adults):
            return


@skill("entity", when=lambda ctx, rule: set(rule.tags) == {"love"})
def in_love(ctx: Ctx, rule: EntityRule) -> Script:
    """Feed adults of the kind their breeding food until ``count`` are in love."""
    from odyssey.sim.mechanics.breeding import FOOD

    kind = bare(rule.entity)
    food = next((f for f in sorted(FOOD.get(kind, ())) if ctx.count(f)), None)
    if food is None:
        raise OracleStuckError(f"no breeding food of the {kind} in the inventory")
    for _ in range(rule.count * 3):
        store = ctx.game.survival.entities
        near = [e for e in store.near(ctx.player.pos, rule.within) if e.type == kind]
        if sum("love" in e.tags for e in near if not e.dead) >= rule.count:
            return
        target = next((e for e in near if not e.dead and not e.baby and "love" not in e.tags),
                      None)  # fmt: skip
        if target is None:
            raise OracleStuckError(f"no adult {kind} left to feed within {rule.within:g}")
        yield from use_mob(ctx, target, food)


@skill("stat", when=lambda ctx, rule: rule.category == "custom" and rule.key == "animals_bred")
def animals_bred(ctx: Ctx, rule: StatRule) -> Script:
    yield from repeat(ctx, rule, breed_once, limit=rule.at_least * 2 + 2)


# -- riding ------------------------------------------------------------------------------------


def _riding(ctx: Ctx) -> str | None:
    """The kind of vehicle the player rides (None: on foot)."""
    vid = getattr(ctx.game.survival.mechanics.get("riding"), "vehicle", None)
    store = ctx.game.survival.entities
    return store.get(vid).type if vid is not None and vid in store else None


def mount(ctx: Ctx, e, reach: float = 2.2) -> Script:
    yield from use_mob(ctx, e, None, reach=reach)
    yield Wait(2)


def _vehicles(ctx: Ctx, vehicle: str | None) -> list:
    from odyssey.sim.mechanics.creatures import VEHICLES

    ok = (lambda t: t == vehicle) if vehicle else (lambda t: t in VEHICLES or t in HORSES)
    store = ctx.game.survival.entities
    found = [e for e in store.near(ctx.player.pos, 16.0) if ok(e.type) and not e.dead]
    return sorted(found, key=lambda e: math.dist(e.pos, ctx.player.pos))


def _place_vehicle(ctx: Ctx, vehicle: str | None) -> Script:
    from odyssey.sim.mechanics.creatures import BOATS, CHEST_BOATS

    boats = (vehicle,) if vehicle in BOATS + CHEST_BOATS else () if vehicle else BOATS
    boat = have(ctx, boats)
    if boat is not None:
        water = [p for p in find_blocks(ctx, ("water",), radius=6)
                 if ctx.name_at((p[0], p[1] + 1, p[2])) in ("air", "cave_air")]  # fmt: skip
        spot = water[0] if water else ground_spots(ctx)[0]
        point = (spot[0] + 0.5, spot[1] + (0.85 if water else 0.999), spot[2] + 0.5)
        yield from select_item(ctx, boat)
        yield from approach(ctx, point, reach=3.0)
        yield from look(ctx, point)
        yield Hold(("use",), ticks=1)
        yield Wait(5)
        return
    if vehicle in (None, "minecart") and ctx.count("minecart"):
        rails = find_blocks(ctx, RAILS)
        if not rails:
            raise OracleStuckError("a minecart needs rails to stand on")
        r = rails[0]
        from odyssey.mcu.oracle.families_use import use_item_on

        yield from use_item_on(ctx, "minecart", r, point=(r[0] + 0.5, r[1] + 0.06, r[2] + 0.5))
        return
    raise OracleStuckError(f"no {vehicle or 'vehicle'} near and none to place")


def _saddle_pig(ctx: Ctx) -> Script:
    """A saddle on the nearest pig, unless it has one (a pig is mounted only saddled)."""
    from odyssey.sim.mechanics.creatures import state_of

    found = _vehicles(ctx, "pig")
    if not found:
        raise OracleStuckError("no pig within 16 blocks")
    a = state_of(ctx.game).animals.get(found[0].id)
    if a is not None and a.saddled:
        return
    if not ctx.count("saddle"):
        raise OracleStuckError("a pig is ridden only with a saddle, and there is none")
    yield from use_mob(ctx, found[0], "saddle")
    yield Wait(2)


@skill("riding")
def ride(ctx: Ctx, rule: RidingRule) -> Script:
    vehicle = bare(rule.vehicle) if rule.vehicle else None
    if vehicle == "pig" and _riding(ctx) != "pig":
        yield from _saddle_pig(ctx)
    for _ in range(10):  # a shot or a shove may move the vehicle off: try again
        if _riding(ctx) is not None and vehicle in (None, _riding(ctx)):
            return
        found = _vehicles(ctx, vehicle)
        if not found:
            yield from _place_vehicle(ctx, vehicle)
            found = _vehicles(ctx, vehicle)
            if not found:
                continue
        e = found[0]  # from 2.4 blocks away: close up, the crosshair meets its rail or water
        px, _, pz = ctx.player.pos
        d = math.hypot(px - e.x, pz - e.z) or 1.0
        yield from walk_to(ctx, e.x + (px - e.x) / d * 2.4, e.z + (pz - e.z) / d * 2.4, within=0.4)
        yield from mount(ctx, e, reach=3.2)
    if _riding(ctx) is None:
        raise OracleStuckError(f"could not get onto a {vehicle or 'vehicle'}")
