"""Mob AI shared by all mobs, and the passive animals' goals.

Goals follow vanilla's (priority order): panic when hurt (PanicGoal: flee to random spots for
5 s), tempt (TemptGoal: follow a player within 10 blocks holding the animal's food, stopping
2.5 blocks short), the sheep's EatBlockGoal (1 in 1000 ticks: grass → dirt, wool regrows), random
stroll (1 in 120 ticks, up to 10 blocks away) and looking at a player within 6 blocks.

Simplified: navigation is straight-line steering (MoveControl's 90° turn per tick, speed =
modifier × movement_speed), jumping when blocked on the ground and sidestepping when a jump does
not clear the obstacle; vanilla plans an A* path.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from odyssey.sim.entities.daylight import SkyLight
from odyssey.sim.entities.items import spawn_item
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.motion import EntityWindow
from odyssey.sim.entities.pathfind import find_path
from odyssey.sim.entities.state import Dice, Entity, EntityEvent, EntityStore, PlayerView

TEMPT_RANGE = 10.0
LOOK_RANGE = 6.0
REACHED = 0.35  # horizontal distance at which a steering goal counts as reached
MAX_NODES = 256


@dataclass
class Context:
    """Everything one tick of AI reads or writes besides the entity itself."""

    store: EntityStore
    window: EntityWindow
    sky: SkyLight
    players: list[PlayerView]
    time_of_day: int
    difficulty: int
    dice: Dice
    set_block: Callable[[tuple[int, int, int], int], None]
    day: bool
    events: list[EntityEvent] = field(default_factory=list)
    solid: Any = None  # per-state "has a collision box" (numpy bool array)
    fluid: Any = None  # per-state "is a fluid"
    lava: Any = None  # per-state "is lava"
    full_top: Any = None  # per-state "mobs may spawn on it"
    mob_griefing: bool = True
    weather: str = "clear"  # rain and thunder darken the sky; rain puts out sunburn


def wrap_degrees(a: float) -> float:
    a %= 360.0
    return a - 360.0 if a >= 180.0 else a


def rotlerp(current: float, target: float, limit: float) -> float:
    """MoveControl.rotlerp: turn toward ``target`` by at most ``limit`` degrees."""
    d = max(-limit, min(limit, wrap_degrees(target - current)))
    return wrap_degrees(current + d)


def yaw_to(e: Entity, x: float, z: float) -> float:
    return math.degrees(math.atan2(z - e.z, x - e.x)) - 90.0


def stop(e: Entity) -> None:
    e.forward = e.strafe = 0.0
    e.jump = False


def steer(e: Entity, k: Kind, x: float, y: float, z: float, speed_mod: float) -> bool:
    """MoveControl toward a point in a straight line; True once it is reached."""
    dx, dz = x - e.x, z - e.z
    e.strafe, e.jump = 0.0, False
    if dx * dx + dz * dz < REACHED * REACHED:
        e.forward = 0.0
        return True
    target = yaw_to(e, x, z)
    if e.detour_ticks > 0:  # sidestepping an obstacle a jump did not clear
        e.detour_ticks -= 1
        target += e.detour_yaw
    e.yaw = rotlerp(e.yaw, target, 90.0)
    e.forward = speed_mod * e.speed
    if e.collided_h and (e.on_ground or e.in_water):
        e.jump = True
        e.stuck_ticks += 1
        if e.stuck_ticks > 15:
            e.detour_ticks, e.stuck_ticks = 20, 0
            e.detour_yaw = 90.0 if (e.id + e.age // 40) % 2 else -90.0
    else:
        e.stuck_ticks = max(0, e.stuck_ticks - 1)
        if y - e.y > k.step and dx * dx + dz * dz < max(1.0, k.width):
            e.jump = True
    if e.in_water:
        e.jump = True  # FloatGoal: swim up
    return False


def navigate(ctx: Context, e: Entity, k: Kind, x: float, y: float, z: float, speed: float) -> bool:
    """PathNavigation.moveTo: plan an A* path (again every 10–19 ticks), follow its cells with
    ``steer``, then steer straight at the goal; True once the goal is reached."""
    e.repath -= 1
    goal = (math.floor(x), math.floor(y), math.floor(z))
    g = e.path_goal
    moved = abs(goal[0] - g[0]) + abs(goal[1] - g[1]) + abs(goal[2] - g[2]) > 1
    if e.path is None or e.repath <= 0 or moved:
        e.repath = 10 + ctx.dice.integers(10)
        start = (math.floor(e.x), math.floor(e.y + 0.5), math.floor(e.z))
        e.path, e.path_i, e.path_goal = plan(ctx, start, goal, k), 1, goal
    path = e.path
    reach = k.width / 2.0 if k.width > 0.75 else 0.75 - k.width / 2.0
    while e.path_i < len(path):
        cx, cy, cz = path[e.path_i]
        if (cx + 0.5 - e.x) ** 2 + (cz + 0.5 - e.z) ** 2 < reach * reach and abs(cy - e.y) < 1.0:
            e.path_i += 1
            continue
        steer(e, k, cx + 0.5, float(cy), cz + 0.5, speed)
        return False
    return steer(e, k, x, y, z, speed)


def plan(
    ctx: Context, start: tuple[int, int, int], goal: tuple[int, int, int], k: Kind
) -> list[tuple[int, int, int]]:
    """The A* cells from start toward goal (the mob's 1-wide column; wide mobs such as
    spiders and horses may still need ``steer``'s sidestep at narrow gaps)."""
    w = ctx.window
    cells = find_path(w.states, w.origin, ctx.solid, ctx.lava, ctx.fluid, np.array(start),
                      np.array(goal), max(1, math.ceil(k.height)), MAX_NODES)  # fmt: skip
    return [tuple(c) for c in cells.tolist()]


def look_at(e: Entity, x: float, y: float, z: float, eye: float) -> None:
    e.yaw = rotlerp(e.yaw, yaw_to(e, x, z), 30.0)
    horizontal = math.hypot(x - e.x, z - e.z)
    e.pitch = -math.degrees(math.atan2(y - (e.y + eye), horizontal))


def standable(ctx: Context, x: int, y: int, z: int) -> bool:
    """A block with collision under feet, and two free non-fluid cells above it."""
    w, solid, fluid = ctx.window, ctx.solid, ctx.fluid
    floor = w.block(x, y - 1, z)
    feet, head = w.block(x, y, z), w.block(x, y + 1, z)
    return bool(solid[floor] and not solid[feet] and not solid[head]
                and not fluid[feet] and not fluid[floor])  # fmt: skip


def random_spot(ctx: Context, e: Entity, h: int, v: int) -> tuple[float, float, float] | None:
    """DefaultRandomPos, simplified: 10 tries at a standable spot within h blocks, ±v high."""
    d = ctx.dice
    for _ in range(10):
        x = math.floor(e.x) + d.integers(2 * h + 1) - h
        z = math.floor(e.z) + d.integers(2 * h + 1) - h
        y0 = math.floor(e.y) + d.integers(2 * v + 1) - v
        for y in (y0, y0 - 1, y0 + 1, y0 - 2, y0 + 2):
            if standable(ctx, x, y, z):
                return (x + 0.5, float(y), z + 0.5)
    return None


def nearest_player(
    ctx: Context, e: Entity, radius: float, test: Callable[[PlayerView], bool]
) -> int:
    """Index of the nearest player within ``radius`` passing ``test``, or -1."""
    best, best_d = -1, radius * radius
    for i, p in enumerate(ctx.players):
        d = (p.pos[0] - e.x) ** 2 + (p.pos[1] - e.y) ** 2 + (p.pos[2] - e.z) ** 2
        if d <= best_d and test(p):
            best, best_d = i, d
    return best


def stroll(ctx: Context, e: Entity, k: Kind, speed_mod: float = 1.0, interval: int = 120) -> None:
    """RandomStrollGoal: now and then walk to a random spot; idle animals look at players."""
    if e.nav is None and ctx.dice.integers(interval) == 0:
        e.nav, e.path = random_spot(ctx, e, 10, 7), None
        e.nav_speed = speed_mod
    if e.nav is not None:
        if navigate(ctx, e, k, *e.nav, e.nav_speed) or e.detour_ticks == 1:
            e.nav = None
            stop(e)
        return
    stop(e)
    idle_look(ctx, e, k)


def idle_look(ctx: Context, e: Entity, k: Kind) -> None:
    """LookAtPlayerGoal: with chance 0.02 look at the nearest player within 6 for 40–80 ticks."""
    if e.look_ticks <= 0:
        if ctx.dice.random() < 0.02:
            e.look_ticks = 40 + ctx.dice.integers(40)
        return
    e.look_ticks -= 1
    i = nearest_player(ctx, e, LOOK_RANGE, lambda p: not p.dead)
    if i >= 0:
        p = ctx.players[i]
        look_at(e, p.pos[0], p.pos[1] + p.eye_height, p.pos[2], k.eye)


def passive_think(ctx: Context, e: Entity, k: Kind) -> None:
    """The goals of cows, pigs, sheep, chickens and horses, highest priority first."""
    if e.panic_ticks > 0:
        e.panic_ticks -= 1
        if e.nav is None or navigate(ctx, e, k, *e.nav, k.panic_speed):
            e.nav, e.path = random_spot(ctx, e, 5, 4), None
        return
    if e.type == "chicken":
        lay_egg(ctx, e)
    if e.eat_ticks > 0:
        eat_grass(ctx, e)
        return
    tempter = nearest_player(ctx, e, TEMPT_RANGE, lambda p: p.held_item in k.tempt and
                             not p.dead and p.gamemode != "spectator")  # fmt: skip
    if tempter >= 0:
        p = ctx.players[tempter]
        px, py, pz = p.pos
        look_at(e, px, py + p.eye_height, pz, k.eye)
        if (px - e.x) ** 2 + (py - e.y) ** 2 + (pz - e.z) ** 2 < 6.25:
            stop(e)
        else:
            navigate(ctx, e, k, px, py, pz, k.tempt_speed)
        e.nav = None
        return
    hungry = e.type == "sheep" and e.nav is None
    if hungry and ctx.dice.integers(50 if e.baby else 1000) == 0 and grass_to_eat(ctx, e):
        e.eat_ticks = 40
        stop(e)
        return
    stroll(ctx, e, k, 1.0 if e.type != "horse" else 0.7)


def grass_to_eat(ctx: Context, e: Entity) -> tuple[tuple[int, int, int], int] | None:
    """EatBlockGoal's block: short grass at the feet (→ air) or grass_block below (→ dirt)."""
    reg = ctx.window.world.registry
    x, y, z = math.floor(e.x), math.floor(e.y), math.floor(e.z)
    if reg.block_of(ctx.window.block(x, y, z)).name == "short_grass":
        return (x, y, z), 0
    if reg.block_of(ctx.window.block(x, y - 1, z)).name == "grass_block":
        return (x, y - 1, z), reg.default_state("dirt")
    return None


def eat_grass(ctx: Context, e: Entity) -> None:
    """The 40-tick eating animation; the block changes 4 ticks before its end."""
    stop(e)
    e.eat_ticks -= 1
    if e.eat_ticks != 4:
        return
    found = grass_to_eat(ctx, e)
    if found is None:
        return
    pos, state = found
    ctx.set_block(pos, state)
    ctx.events.append(EntityEvent("block_changed", e.id, block=pos, state=state, source="eat"))
    e.sheared = False


def lay_egg(ctx: Context, e: Entity) -> None:
    """Chicken.aiStep: an egg every 6000–12000 ticks (adults only)."""
    e.egg_time -= 1
    if e.egg_time > 0 or e.baby:
        return
    egg = spawn_item(ctx.store, "egg", 1, e.pos)
    ctx.events.append(EntityEvent("egg_laid", e.id, item="egg", count=1, pos=egg.pos))
    e.egg_time = ctx.dice.integers(6000) + 6000


def shear(store: EntityStore, sheep_id: int) -> list[tuple[str, int]]:
    """Sheep.shear: 1–3 wool of its colour as item entities; the sheep is sheared.

    Returns the (item, count) drops; nothing when it is already sheared or a baby.
    """
    e = store.get(sheep_id)
    if e.type != "sheep" or e.sheared or e.baby or e.dead:
        return []
    e.sheared = True
    d = store.dice
    count = 1 + d.integers(3)
    item = f"{e.color}_wool"
    for _ in range(count):
        drop = spawn_item(store, item, 1, (e.x, e.y + 1.0, e.z))
        drop.vy += d.random() * 0.05
        drop.vx += (d.random() - d.random()) * 0.1
        drop.vz += (d.random() - d.random()) * 0.1
    return [(item, count)]
