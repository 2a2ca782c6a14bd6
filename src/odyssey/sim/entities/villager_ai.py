"""The villager's behaviour (vanilla 1.21.11 VillagerGoalPackages, simplified to goals).

Highest priority first: while a player trades with it (``components["trading"]``, set by
``sim.mechanics.villagers``) it stands still and looks at the player; hurt, it panics (5 s);
a hostile within its VillagerHostilesSensor distance (zombies, husks, drowned, zombie
villagers and vexes 8 blocks, vindicators 10, evokers, illusioners and ravagers 12, pillagers
15, zoglins 10) makes it run away (speed modifier 0.5 × 1.5 = 0.75, LandRandomPos.getPosAway:
up to 16 blocks away, 7 up or down); at night under the open sky it walks to a spot under a
roof within 16 blocks (vanilla walks to its bed); otherwise it strolls (speed modifier 0.5)
or walks to the job site the mechanics gave it (``nav``) and looks at players now and then.

Deliberate differences: no beds, meetings at the bell, gossip, farming or breeding; the
"inside" a villager seeks at night is any standable cell that cannot see the sky.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.ai import (
    Context,
    idle_look,
    look_at,
    navigate,
    nearest_player,
    random_spot,
    standable,
    stop,
    stroll,
)
from odyssey.sim.entities.golem_ai import iron_golem_think, snow_golem_think
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.state import Entity

# VillagerHostilesSensor.ACCEPTABLE_DISTANCE_FROM_HOSTILES
HOSTILE_DISTANCE = {"drowned": 8.0, "evoker": 12.0, "husk": 8.0, "illusioner": 12.0,
                    "pillager": 15.0, "ravager": 12.0, "vex": 8.0, "vindicator": 10.0,
                    "zoglin": 10.0, "zombie": 8.0, "zombie_villager": 8.0}  # fmt: skip
WALK, FLEE, PANIC = 0.5, 0.75, 0.75
AWAY_H, AWAY_V = 16, 7
SHELTER_RANGE = 16


def villager_think(ctx: Context, e: Entity, k: Kind) -> None:
    """One tick of a villager's goals."""
    if e.components.get("trading"):
        stop(e)
        e.nav = None
        i = nearest_player(ctx, e, 8.0, lambda p: not p.dead)
        if i >= 0:
            p = ctx.players[i]
            look_at(e, p.pos[0], p.pos[1] + p.eye_height, p.pos[2], k.eye)
        return
    if e.panic_ticks > 0:
        e.panic_ticks -= 1
        if e.nav is None or navigate(ctx, e, k, *e.nav, PANIC):
            e.nav, e.path = random_spot(ctx, e, 5, 4), None
        return
    threat = nearest_threat(ctx, e)
    if threat is not None:
        flee(ctx, e, k, threat)
        return
    if e.nav_speed == FLEE:  # the threat is gone: stop running
        e.nav, e.nav_speed = None, WALK
    if not ctx.day and e.age % 20 == e.id % 20 and e.nav is None and outside(ctx, e):
        e.nav, e.path, e.nav_speed = shelter(ctx, e), None, WALK
    if e.nav is not None:
        if navigate(ctx, e, k, *e.nav, e.nav_speed) or e.detour_ticks == 1:
            e.nav = None
            stop(e)
        return
    if not ctx.day and not outside(ctx, e):
        stop(e)  # sheltered for the night
        idle_look(ctx, e, k)
        return
    stroll(ctx, e, k, WALK)


def nearest_threat(ctx: Context, e: Entity) -> Entity | None:
    """The nearest hostile within its type's acceptable distance."""
    best, best_d = None, math.inf
    for o in ctx.store.entities.values():
        limit = HOSTILE_DISTANCE.get(o.type)
        if limit is None or o.dead:
            continue
        d = (o.x - e.x) ** 2 + (o.y - e.y) ** 2 + (o.z - e.z) ** 2
        if d <= limit * limit and d < best_d:
            best, best_d = o, d
    return best


def flee(ctx: Context, e: Entity, k: Kind, threat: Entity) -> None:
    """SetWalkTargetAwayFrom: keep a walk target on the far side from the threat."""
    if e.nav is not None and e.nav_speed == FLEE:
        ax, az = e.nav[0] - e.x, e.nav[2] - e.z
        away = ax * (e.x - threat.x) + az * (e.z - threat.z) > 0.0  # still leads away
        if away and not navigate(ctx, e, k, *e.nav, FLEE):
            return
    spot = away_spot(ctx, e, threat)
    if spot is None:
        stop(e)
        return
    e.nav, e.path, e.nav_speed = spot, None, FLEE
    navigate(ctx, e, k, *spot, FLEE)


def away_spot(ctx: Context, e: Entity, threat: Entity) -> tuple[float, float, float] | None:
    """LandRandomPos.getPosAway: a standable spot up to 16 blocks off, away from ``threat``."""
    d = ctx.dice
    dx, dz = e.x - threat.x, e.z - threat.z
    length = math.hypot(dx, dz) or 1.0
    dx, dz = dx / length, dz / length
    for _ in range(10):
        reach = 4 + d.integers(AWAY_H - 3)
        x = math.floor(e.x + dx * reach) + d.integers(5) - 2
        z = math.floor(e.z + dz * reach) + d.integers(5) - 2
        y0 = math.floor(e.y) + d.integers(2 * AWAY_V + 1) - AWAY_V
        for y in (math.floor(e.y), y0, y0 - 1, y0 + 1):
            if standable(ctx, x, y, z):
                return (x + 0.5, float(y), z + 0.5)
    return None


def outside(ctx: Context, e: Entity) -> bool:
    return ctx.sky.sees_sky(e.x, e.y + 1.0, e.z)


def shelter(ctx: Context, e: Entity) -> tuple[float, float, float] | None:
    """A standable cell under a roof within 16 blocks (10 tries), or None."""
    d = ctx.dice
    for _ in range(10):
        x = math.floor(e.x) + d.integers(2 * SHELTER_RANGE + 1) - SHELTER_RANGE
        z = math.floor(e.z) + d.integers(2 * SHELTER_RANGE + 1) - SHELTER_RANGE
        for y in (math.floor(e.y), math.floor(e.y) + 1, math.floor(e.y) - 1):
            if standable(ctx, x, y, z) and not ctx.sky.sees_sky(x + 0.5, y + 1.0, z + 0.5):
                return (x + 0.5, float(y), z + 0.5)
    return None


# The mobs of this issue whose behaviour replaces the passive animals' goals.
THINK = {"villager": villager_think, "iron_golem": iron_golem_think,
         "snow_golem": snow_golem_think}  # fmt: skip
