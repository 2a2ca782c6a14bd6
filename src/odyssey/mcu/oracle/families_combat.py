"""Combat and hunting: ``stat killed X`` — put on the armour given, take the best weapon (a sword,
else an axe, else whatever hits hardest), chase the nearest X and hit it at full strength until it
dies, ``at_least`` times; what it drops is picked up on the way."""

from __future__ import annotations

import math
from collections.abc import Generator

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.actions import Click, CloseScreen, McuAction, OpenInventory
from odyssey.mcu.oracle.core import (
    Ctx,
    OracleStuckError,
    Script,
    collect_drops,
    entity_centre,
    flat_distance,
    look,
    nearest_entity,
    select_item,
    skill,
)
from odyssey.mcu.oracle.families_gather import forbidden, inventory_counts
from odyssey.mcu.rules import StatRule
from odyssey.sim.inventory import equipment_slot
from odyssey.world.items import items

ARMOUR = {"head": 39, "chest": 38, "legs": 37, "feet": 36}  # inventory slots
SWORDS = ("iron_sword", "stone_sword", "wooden_sword")  # what may be made, best first
HIT_REACH = 2.8  # closer than the 3-block attack reach: a mob moves between decisions


def best_weapon(ctx: Ctx, avoid: tuple[str, ...] = ()) -> str | None:
    reg = items()

    def rank(item: str) -> tuple[int, float]:
        kind = reg.item(item).tool_kind
        return ({"sword": 2, "axe": 1}.get(kind, 0), reg.item(item).attack_damage)

    avoid = forbidden(ctx, avoid)
    have = [i for i in inventory_counts(ctx) if i not in avoid and rank(i)[1] > 1.0]
    return max(have, key=rank, default=None)


def wear_armour(ctx: Ctx) -> Script:
    """Shift-click each armour piece the inventory holds into its empty armour slot."""
    inv = ctx.game.survival.inventory
    moves = []
    for part, slot in ARMOUR.items():
        if inv.get(slot) is not None:
            continue
        for i in range(36):
            stack = inv.get(i)
            if stack is not None and equipment_slot(stack) == part and i not in moves:
                moves.append(i)
                break
    if not moves:
        return
    yield OpenInventory()
    for i in moves:
        yield Click(i if i >= 9 else 36 + i, 0, 1)  # inventory menu: main 9-35, hotbar 36-44
    yield CloseScreen()


def hit_until_dead(ctx: Ctx, e, limit: int = 400) -> Script:
    """Chase ``e`` (sprinting when far) and swing at it with a recharged weapon until it dies."""
    for _ in range(limit):
        if e.dead or e.id not in ctx.game.survival.entities:
            return
        centre = entity_centre(e)
        if math.dist(ctx.eye, centre) > HIT_REACH and centre[1] > ctx.eye[1] + 1.5:
            yield from look(ctx, centre)  # a flyer overhead (a phantom): wait for its swoop
            yield Wait(2)
            continue
        if math.dist(ctx.eye, centre) > HIT_REACH:
            yaw = math.degrees(math.atan2(-(e.x - ctx.player.pos[0]), e.z - ctx.player.pos[2]))
            far = flat_distance(ctx, e.x, e.z) > 5
            keys = ("forward", "sprint") if far else ("forward",)
            if ctx.player.collided_horizontally:
                keys += ("jump",)
            yield Hold(keys, ticks=3, yaw=yaw, pitch=0.0)
            continue
        yield from look(ctx, centre)
        yield Hold(("attack",), ticks=1)
        yield Wait(12)  # a sword's attack strength recharges in 12.5 ticks
    raise OracleStuckError(f"{e.type} still alive after {limit} tries")


def _away_yaw(ctx: Ctx, e) -> float:
    px, _, pz = ctx.player.pos
    return math.degrees(math.atan2(-(px - e.x), pz - e.z))


def dance_with_creeper(ctx: Ctx, e, limit: int = 1200) -> Script:
    """A creeper starts its fuse within 3 blocks: hit it from just outside that (the reach is 3
    from the eyes to its box, so 3-3.3 blocks feet to feet), step back when it comes closer,
    and run off beyond 7 blocks if its fuse is lit anyway (it stands still while it swells)."""
    ready = 0
    for _ in range(limit):
        if e.dead or e.id not in ctx.game.survival.entities:
            return
        d = flat_distance(ctx, e.x, e.z)
        if getattr(e, "swell", 0) > 0:
            yield Hold(("forward", "sprint"), ticks=2, yaw=_away_yaw(ctx, e), pitch=0.0)
            ready -= 2
        elif d < 3.05:
            yield from look(ctx, entity_centre(e))
            yield Hold(("back",), ticks=1)
            ready -= 1
        elif d <= 3.25 and ready <= 0:
            yield from look(ctx, entity_centre(e))
            yield Hold(("attack",), ticks=1)
            ready = 12
        elif d > 6:
            yaw = _away_yaw(ctx, e) + 180.0
            yield Hold(("forward",), ticks=1, yaw=yaw, pitch=0.0)
            ready -= 1
        else:
            yield from look(ctx, entity_centre(e))
            yield Wait(1)
            ready -= 1
    raise OracleStuckError("the creeper outlasted the oracle")


def arm(ctx: Ctx, avoid: tuple[str, ...] = ()) -> Generator[McuAction, None, str | None]:
    """Put on armour and hold the best weapon; with no sword or axe, make a sword first if the
    inventory and surroundings allow (a mob may be hitting back: the quickest one). Returns
    the weapon held (None: bare hands)."""
    yield from wear_armour(ctx)
    weapon = best_weapon(ctx, avoid)
    if weapon is None or not weapon.endswith(("_sword", "_axe")):
        from odyssey.mcu.oracle.families_craft import Planner, obtain

        plans = {}
        for sword in (s for s in SWORDS if s not in forbidden(ctx, avoid)):
            planner = Planner(ctx)
            if planner.need(sword, 1):
                plans[sword] = len(planner.steps)  # the quickest: a mob may be hitting back
        sword = min(plans, key=lambda s: (plans[s], SWORDS.index(s)), default=None)
        if sword is not None:
            yield from obtain(ctx, sword, 1)
            weapon = sword
    if weapon is not None and ctx.count(weapon) > 0:
        yield from select_item(ctx, weapon)
    return weapon


def fight(ctx: Ctx, e, avoid: tuple[str, ...] = ()) -> Script:
    """Armed as well as the oracle can be, kill ``e``."""
    yield from arm(ctx, avoid)
    if e.type == "creeper":
        yield from dance_with_creeper(ctx, e)
    else:
        yield from hit_until_dead(ctx, e)


def kill_for_drops(ctx: Ctx, mob: str, times: int, avoid: tuple[str, ...] = ()) -> Script:
    """Kill ``times`` of the nearest ``mob`` and pick up what they drop."""
    weapon = yield from arm(ctx, avoid)
    for _ in range(times):
        e = nearest_entity(ctx, mob)
        if e is None:
            raise OracleStuckError(f"no {mob} left nearby")
        if weapon is not None and ctx.count(weapon) > 0:
            yield from select_item(ctx, weapon)
        if mob == "creeper":
            yield from dance_with_creeper(ctx, e)
        else:
            yield from hit_until_dead(ctx, e)
        yield from collect_drops(ctx, e.pos)


@skill("stat", when=lambda ctx, rule: isinstance(rule, StatRule) and rule.category == "killed")
def kill_skill(ctx: Ctx, rule: StatRule) -> Script:
    mob = rule.key.removeprefix("minecraft:")
    start = ctx.game.survival.stats.get("killed", mob)
    for _ in range(rule.at_least + 2):
        done = ctx.game.survival.stats.get("killed", mob) - start
        if done >= rule.at_least:
            return
        yield from kill_for_drops(ctx, mob, 1)
