"""Beds and sleeping, as vanilla 1.21.11's BedBlock.useWithoutItem, ServerPlayer.startSleepInBed,
Player.tick and ServerLevel's night skip.

Using either half of a bed (the foot finds its head) in the Nether or the End blows it up
(power 5, with fire). In the overworld the player must be within 3 blocks horizontally and 2
vertically of one of its halves ("You may not rest now; the bed is too far away"), the bed must
not be under a full block ("This bed is obstructed") nor occupied; then the bed becomes the
respawn point (event ``spawn_set``, "Respawn point set", when it changes), and the player lies
down unless it is day ("You can sleep only at night or during thunderstorms": the sky darkened
by less than 4, so clear nights from 12542 to 23459, rainy ones from 12010, and all of a
thunderstorm) or, outside creative, a monster is within 8 blocks horizontally and 5
vertically of the bed ("You may not rest now; there are monsters nearby"). Refusals are
events ``bed_refused`` with the message as detail.

Sleeping counts ``sleep_in_bed``, marks the bed occupied and holds the player on it. After 100
ticks the night is skipped: with the ``advance_time`` rule the time becomes 0 (the next
morning), with ``advance_weather`` rain and thunder stop, and the player wakes (event
``woke_up``) beside the bed where BedBlock.findStandUpPosition finds room, facing it. The
player also wakes when it becomes day, when the bed is gone, or when hurt.

Deliberate differences: the sleeping pose is not modelled (the player lies on the bed top as a
standing box; ``mechanics["beds"].bed`` says it sleeps); pressing a movement, jump or sneak key
leaves the bed (vanilla's "Leave Bed" button); the respawn point is the stand-up place found
when the bed was used, forgotten when the bed is broken; bunk beds stand up as single beds.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, replace

import numpy as np

from odyssey.sim.entities.daylight import is_day
from odyssey.sim.entities.kinds import kind
from odyssey.sim.mechanics import bed_blast, hooks, weather
from odyssey.sim.mechanics.plant_env import names, prop, with_value
from odyssey.sim.player import PlayerState, SimError
from odyssey.world.blocks import BlockFlag, registry

Pos = tuple[int, int, int]
BEDS = tuple(b.name for b in registry().blocks if b.name.endswith("_bed"))
STEP = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}
CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}
OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west"}
DEEP_SLEEP = 100  # Player.isSleepingLongEnough
BED_TOP = 0.5625
EXPLOSION_POWER = 5.0
SKYLESS = ("the_nether", "the_end")
DANGEROUS = frozenset(("fire", "soul_fire", "lava", "magma_block", "cactus", "sweet_berry_bush",
                       "wither_rose", "campfire", "soul_campfire", "powder_snow"))  # fmt: skip
MONSTER_REACH = (8.0, 5.0)
MSG_FAR = "You may not rest now; the bed is too far away"
MSG_OBSTRUCTED = "This bed is obstructed"
MSG_OCCUPIED = "This bed is occupied"
MSG_DAY = "You can sleep only at night or during thunderstorms"
MSG_MONSTERS = "You may not rest now; there are monsters nearby"
MSG_SPAWN = "Respawn point set"


@dataclass
class Sleep:
    """The player's bed: the head it sleeps on (None: awake), for how long, and the bed its
    respawn point came from."""

    bed: Pos | None = None
    counter: int = 0
    spawn_bed: Pos | None = None
    spawn: tuple[float, float, float] | None = None
    health: float = 0.0  # the health last seen asleep (any loss wakes the player)


def sleep_of(game) -> Sleep:
    m = game.survival.mechanics
    if "beds" not in m:
        m["beds"] = Sleep()
    return m["beds"]  # type: ignore[return-value]


def sleeping(game) -> bool:
    return game.survival is not None and sleep_of(game).bed is not None


def _other_half(pos: Pos, facing: str, part: str) -> Pos:
    dx, dz = STEP[facing]
    sign = 1 if part == "foot" else -1
    return (pos[0] + sign * dx, pos[1], pos[2] + sign * dz)


def _daytime(game) -> bool:
    """Level.isBrightOutside, with the sky darkening of the tick's start (before the clock
    moved on this tick)."""
    t = game.time_of_day
    if game.time_runs():
        t = (t - 1) % 24000
    return is_day(t, game.survival.weather)


# -- using a bed ---------------------------------------------------------------------------------


@hooks.on_use_block(*BEDS)
def use_bed(game, hit, held) -> bool:
    s = game.survival
    if s.gamemode == "spectator":
        return False
    world = game.world
    reg = world.registry
    pos = hit.pos
    state = world.get_block(*pos)
    if prop(reg, state, "part") != "head":
        dx, dz = STEP[prop(reg, state, "facing")]
        pos = (pos[0] + dx, pos[1], pos[2] + dz)
        state = world.get_block(*pos)
        if names(reg)[state] not in BEDS:
            return True
    if s.dimension in SKYLESS:
        _explode(game, pos, state)
        return True
    if prop(reg, state, "occupied") == "true":
        if sleep_of(game).bed != pos:
            game.emit("bed_refused", 0.0, pos, MSG_OCCUPIED)
        return True
    problem = start_sleeping(game, pos, state)
    if problem:
        game.emit("bed_refused", 0.0, pos, problem)
    return True


def _explode(game, head: Pos, state: int) -> None:
    """BedBlock: not a place to sleep: both halves go and the head's centre explodes."""
    world = game.world
    reg = world.registry
    air = reg.default_state("air")
    game.set_block(head, air)
    foot = _other_half(head, prop(reg, state, "facing"), "head")
    if names(reg)[world.get_block(*foot)] in BEDS:
        game.set_block(foot, air)
    centre = (head[0] + 0.5, head[1] + 0.5, head[2] + 0.5)
    bed_blast.explode(game, centre, EXPLOSION_POWER, fire=True)


def start_sleeping(game, head: Pos, state: int) -> str:
    """ServerPlayer.startSleepInBed; the refusal message, or "" when the player lies down."""
    s = game.survival
    reg = game.world.registry
    facing = prop(reg, state, "facing")
    foot = _other_half(head, facing, "head")
    if sleeping(game) or game.player.dead:
        return ""
    if not (_reachable(game.player, head) or _reachable(game.player, foot)):
        return MSG_FAR
    if _suffocating(game, (head[0], head[1] + 1, head[2])) or _suffocating(
            game, (foot[0], foot[1] + 1, foot[2])):  # fmt: skip
        return MSG_OBSTRUCTED
    _set_spawn(game, head, facing)
    if _daytime(game):
        return MSG_DAY
    if s.gamemode != "creative" and _monsters_near(game, head):
        return MSG_MONSTERS
    sl = sleep_of(game)
    sl.bed, sl.counter, sl.health = head, 0, game.player.health
    _set_occupied(game, head, "true")
    _lie_down(game, head)
    s.stats.add("custom", "sleep_in_bed")
    s.stats.values["custom"]["time_since_rest"] = 0
    game.emit("sleep", 0.0, head)
    return ""


def _reachable(p: PlayerState, pos: Pos) -> bool:
    """ServerPlayer.isReachableBedBlock: within 3 blocks across and 2 up or down."""
    x, y, z = p.pos
    return abs(x - (pos[0] + 0.5)) <= 3.0 and abs(y - pos[1]) <= 2.0 and abs(
        z - (pos[2] + 0.5)) <= 3.0  # fmt: skip


def _suffocating(game, pos: Pos) -> bool:
    state = game.world.get_block(*pos)
    flags = int(game.world.registry.state_flags[state])
    return bool(flags & BlockFlag.FULL_CUBE) and bool(flags & BlockFlag.BLOCKS_MOTION)


def _monsters_near(game, head: Pos) -> bool:
    """Monsters preventing rest whose boxes meet the box 8 x 5 x 8 around the bed."""
    store = game.survival.entities
    if store is None:
        return False
    cx, cy, cz = head[0] + 0.5, float(head[1]), head[2] + 0.5
    rx, ry = MONSTER_REACH
    for e in store.entities.values():
        size = kind(e.type)
        if e.dead or not size.hostile:
            continue
        half = size.width / 2
        across = abs(e.x - cx) < rx + half and abs(e.z - cz) < rx + half
        if across and e.y + size.height > cy - ry and e.y < cy + ry:
            return True
    return False


def _set_spawn(game, head: Pos, facing: str) -> None:
    s = game.survival
    sl = sleep_of(game)
    spot = stand_up_position(game, head, facing, game.player.yaw)
    if spot is None:
        spot = (head[0] + 0.5, head[1] + 1.1, head[2] + 0.5)
    changed = sl.spawn_bed != head or s.spawn != sl.spawn
    sl.spawn_bed, sl.spawn = head, spot
    s.spawn = spot
    if changed:
        game.emit("spawn_set", 0.0, head, MSG_SPAWN)


def _set_occupied(game, head: Pos, value: str) -> None:
    world = game.world
    reg = world.registry
    state = world.get_block(*head)
    if names(reg)[state] not in BEDS:
        return
    game.set_block(head, with_value(reg, state, "occupied", value))
    foot = _other_half(head, prop(reg, state, "facing"), "head")
    other = world.get_block(*foot)
    if names(reg)[other] in BEDS:
        game.set_block(foot, with_value(reg, other, "occupied", value))


def _lie_down(game, head: Pos) -> None:
    """Hold the player still on the bed's top (the sleeping position)."""
    p = game.player
    pos = (head[0] + 0.5, head[1] + BED_TOP, head[2] + 0.5)
    game.player = replace(p, pos=pos, vel=(0.0, 0.0, 0.0), on_ground=True, fall_distance=0.0)


# -- while asleep --------------------------------------------------------------------------------


@hooks.on_player_tick
def sleep_tick(game, before: PlayerState) -> None:
    """Player.tick while sleeping, and ServerLevel.tick's night skip."""
    sl = sleep_of(game)
    if sl.bed is None:
        return
    keys = game.inputs
    left = keys.forward or keys.back or keys.left or keys.right or keys.jump or keys.sneak
    bed_gone = names(game.world.registry)[game.world.get_block(*sl.bed)] not in BEDS
    if game.player.dead or bed_gone or left or game.player.health < sl.health:
        wake(game)
        return
    sl.health = game.player.health
    _lie_down(game, sl.bed)
    if sl.counter >= DEEP_SLEEP:  # the level's check sees last tick's counter
        if game.time_runs():
            game.time_of_day = 0
        game.emit("night_skipped", 0.0, sl.bed)
        weather.clear_after_sleep(game)
        wake(game)
        return
    sl.counter = min(DEEP_SLEEP, sl.counter + 1)
    if _daytime(game):
        wake(game)


def wake(game) -> None:
    """LivingEntity.stopSleeping: the bed is free, the player stands up beside it."""
    sl = sleep_of(game)
    head = sl.bed
    if head is None:
        return
    sl.bed, sl.counter = None, 0
    world = game.world
    reg = world.registry
    state = world.get_block(*head)
    game.emit("woke_up", 0.0, head)
    if names(reg)[state] not in BEDS or game.player.dead:
        return
    _set_occupied(game, head, "false")
    facing = prop(reg, state, "facing")
    spot = stand_up_position(game, head, facing, game.player.yaw)
    if spot is None:
        spot = (head[0] + 0.5, head[1] + 1.1, head[2] + 0.5)
    dx, dz = head[0] + 0.5 - spot[0], head[2] + 0.5 - spot[2]
    yaw = (math.degrees(math.atan2(dz, dx)) - 90.0 + 180.0) % 360.0 - 180.0
    with contextlib.suppress(SimError):  # no room after all: stay on the bed
        game.teleport(spot, yaw, 0.0)


@hooks.on_removed(*BEDS)
def bed_removed(game, pos: Pos, old: int, state: int) -> None:
    """A broken bed is no respawn point any more (vanilla finds it missing at respawn)."""
    s = game.survival
    sl = sleep_of(game)
    if sl.spawn_bed is None:
        return
    reg = game.world.registry
    facing = prop(reg, old, "facing")
    head = pos if prop(reg, old, "part") == "head" else _other_half(pos, facing, "foot")
    if head == sl.spawn_bed:
        if s.spawn == sl.spawn:
            s.spawn = None
        sl.spawn_bed, sl.spawn = None, None


# -- standing up ---------------------------------------------------------------------------------


def stand_up_position(
    game, head: Pos, facing: str, yaw: float
) -> tuple[float, float, float] | None:
    """BedBlock.findStandUpPosition: the first free place of vanilla's offsets around the
    bed, first avoiding dangerous blocks, then not."""
    d = STEP[facing]
    cw = CLOCKWISE[facing]
    look = (-math.sin(math.radians(yaw)), math.cos(math.radians(yaw)))
    d2 = STEP[OPPOSITE[cw]] if STEP[cw][0] * look[0] + STEP[cw][1] * look[1] > 0 else STEP[cw]
    offsets = ((d2[0], d2[1]), (d2[0] - d[0], d2[1] - d[1]), (d2[0] - 2 * d[0], d2[1] - 2 * d[1]),
               (-2 * d[0], -2 * d[1]), (-d2[0] - 2 * d[0], -d2[1] - 2 * d[1]),
               (-d2[0] - d[0], -d2[1] - d[1]), (-d2[0], -d2[1]), (-d2[0] + d[0], -d2[1] + d[1]),
               (d[0], d[1]), (d2[0] + d[0], d2[1] + d[1]), (0, 0), (-d[0], -d[1]))  # fmt: skip
    for careful in (True, False):
        for ox, oz in offsets:
            spot = _dismount(game.world, (head[0] + ox, head[1], head[2] + oz), careful)
            if spot is not None:
                return spot
    return None


def _top(reg, state: int) -> float | None:
    """The top of a block's collision shape (None: empty; climbable blocks count as empty)."""
    if reg.state_flags[state] & np.uint32(BlockFlag.CLIMBABLE):
        return None
    boxes = reg.collision_boxes(state)
    return float(boxes[:, 4].max()) if len(boxes) else None


def _dismount(world, pos: Pos, careful: bool) -> tuple[float, float, float] | None:
    """DismountHelper.findSafeDismountLocation for a standing player."""
    reg = world.registry
    state = world.get_block(*pos)
    under = world.get_block(pos[0], pos[1] - 1, pos[2])
    if careful and names(reg)[state] in DANGEROUS:
        return None
    floor = _top(reg, state)
    if floor is None:
        below_top = _top(reg, under)
        if below_top is None or below_top < 1.0:
            return None
        floor = below_top - 1.0
    if floor >= 1.0:
        return None
    if careful and floor <= 0.0 and names(reg)[under] in DANGEROUS:
        return None
    spot = (pos[0] + 0.5, pos[1] + floor, pos[2] + 0.5)
    box = (spot[0] - 0.3, spot[1], spot[2] - 0.3, spot[0] + 0.3, spot[1] + 1.8, spot[2] + 0.3)
    return None if _collides(world, box) else spot


def _collides(world, box: tuple[float, ...]) -> bool:
    reg = world.registry
    x0, y0, z0, x1, y1, z1 = box
    for bx in range(math.floor(x0), math.floor(x1) + 1):
        for by in range(math.floor(y0), math.floor(y1) + 1):
            for bz in range(math.floor(z0), math.floor(z1) + 1):
                for b in reg.collision_boxes(world.get_block(bx, by, bz)):
                    if (bx + b[0] < x1 and x0 < bx + b[3] and by + b[1] < y1 and y0 < by + b[4]
                            and bz + b[2] < z1 and z0 < bz + b[5]):  # fmt: skip
                        return True
    return False
