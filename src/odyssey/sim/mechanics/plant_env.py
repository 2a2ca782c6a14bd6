"""What plants ask of the world around them: light, rain, the ground, and breaking with drops.

Shared by the farming, crop, plant and sapling mechanics (no handlers of its own).

Light: vanilla's ``getRawBrightness(pos, skyDarken)`` is the larger of the sky light minus the
sky's darkening and the block light. Deliberate difference: there is no light engine, so the
sky light of a position is 15 minus the light filtered by the blocks above it in its column
(glass and air filter nothing, leaves and water 1, opaque blocks all of it), without vanilla's
sideways spread under overhangs; block light is the nearest emitter's level minus the Manhattan
distance, ignoring walls (``entities.daylight.SkyLight.block_light``).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from odyssey.attached import attached
from odyssey.sim.entities.daylight import SkyLight, sky_darken
from odyssey.sim.entities.items import drop_from_block
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.loot import LootContext, roll_drops
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry
from odyssey.world.storage import World

Pos = tuple[int, int, int]
HORIZONTAL = ((0, 0, -1), (1, 0, 0), (0, 0, 1), (-1, 0, 0))  # north, east, south, west
DIRECTIONS = ("north", "east", "south", "west")
# BlockTags.DIRT (what plants, sugar cane and trees stand on) and BlockTags.SAND
DIRT_TAG = frozenset(("dirt", "grass_block", "podzol", "coarse_dirt", "mycelium", "rooted_dirt",
                      "moss_block", "pale_moss_block", "mud", "muddy_mangrove_roots"))  # fmt: skip
SAND_TAG = frozenset(("sand", "red_sand", "suspicious_sand"))
SKYLESS = ("the_nether", "the_end")  # dimension types without sky light (or weather)


@cache
def names(reg: BlockRegistry) -> tuple[str, ...]:
    """Block name per state id."""
    return tuple(reg.block_of(s).name for s in range(len(reg.state_flags)))


def name_at(world: World, pos: Pos) -> str:
    return names(world.registry)[world.get_block(*pos)]


@cache
def _props(reg: BlockRegistry, state: int) -> dict[str, str]:
    return reg.properties(state)


def prop(reg: BlockRegistry, state: int, key: str) -> str | None:
    """A property's value (cached per state; None when the block lacks it)."""
    return _props(reg, state).get(key)


def int_prop(reg: BlockRegistry, state: int, key: str) -> int:
    return int(_props(reg, state)[key])


@cache
def with_value(reg: BlockRegistry, state: int, key: str, value: str) -> int:
    """The state with one property changed (cached)."""
    return reg.state_of(names(reg)[state], {**_props(reg, state), key: value})


def is_air(reg: BlockRegistry, state: int) -> bool:
    return names(reg)[state] in ("air", "cave_air", "void_air")


def has_water(reg: BlockRegistry, state: int) -> bool:
    """The state's fluid is water: water (any level), bubble columns, waterlogged blocks."""
    name = names(reg)[state]
    return name in ("water", "bubble_column") or prop(reg, state, "waterlogged") == "true"


def blocks_motion(reg: BlockRegistry, state: int) -> bool:
    """Vanilla's legacy ``isSolid`` (what cactus and farmland look at)."""
    return bool(reg.state_flags[state] & BlockFlag.BLOCKS_MOTION)


# -- light -------------------------------------------------------------------------------------


def sky_light(world: World, pos: Pos) -> int:
    """15 minus what the blocks above ``pos`` in its column filter (see the module docstring)."""
    x, y, z = pos
    chunk = world.chunk(x >> 4, z >> 4)
    if chunk is None:
        return 15
    filters = world.registry.state_filter_light
    lost = 0
    for sy in sorted(chunk.sections, reverse=True):
        if sy * 16 + 15 <= y:
            break
        column = np.asarray(chunk.sections[sy])[:, z & 15, x & 15]
        if sy * 16 <= y:
            column = column[y - sy * 16 + 1 :]
        lost += int(filters[column].sum())
        if lost >= 15:
            return 0
    return 15 - lost


def block_light(world: World, pos: Pos) -> int:
    sky = attached(world, "_plant_sky", SkyLight)
    return sky.block_light(*pos)


def raw_brightness(game, pos: Pos, darkened: bool = False) -> int:
    """``getRawBrightness(pos, 0)`` (crops: the sky counts fully, day or night), or with
    ``darkened`` ``getMaxLocalRawBrightness`` (saplings: the sky darkened by the time of day
    and the weather)."""
    s = game.survival
    sky = 0 if s.dimension in SKYLESS else sky_light(game.world, pos)
    if sky and darkened:
        sky -= sky_darken(game.time_of_day, s.weather)
    if sky >= 15:
        return 15
    return max(sky, block_light(game.world, pos))


def raining_at(game, pos: Pos) -> bool:
    """Level.isRainingAt: rain falls on ``pos`` (nothing motion-blocking or liquid above).
    Deliberate difference: every biome rains (no snow or dry biomes)."""
    s = game.survival
    if s.weather not in ("rain", "thunder") or s.dimension in SKYLESS:
        return False
    world = game.world
    x, y, z = pos
    flags = world.registry.state_flags
    blocking = np.uint32(BlockFlag.BLOCKS_MOTION | BlockFlag.LIQUID)
    chunk = world.chunk(x >> 4, z >> 4)
    if chunk is None:
        return True
    for sy in sorted(chunk.sections, reverse=True):
        if sy * 16 + 15 < y:
            break
        column = np.asarray(chunk.sections[sy])[:, z & 15, x & 15]
        lo = max(0, y - sy * 16)
        if (flags[column[lo:]] & blocking).any():
            return False
    return True


# -- breaking ------------------------------------------------------------------------------------


def store_of(game) -> EntityStore:
    s = game.survival
    if s.entities is None:
        s.entities = EntityStore(s.seed)
    return s.entities


def pop_resource(game, item: str, count: int, pos: Pos) -> None:
    """Block.popResource: an item entity at the block (when blocks drop items)."""
    if count > 0 and game.survival.rules.get("do_tile_drops", True):
        drop_from_block(store_of(game), item, count, pos)


def destroy(game, pos: Pos, drops: bool = True) -> None:
    """Level.destroyBlock: the block becomes air (water where it was waterlogged) and, with
    ``drops``, leaves its loot as if broken by hand."""
    world = game.world
    reg = world.registry
    state = world.get_block(*pos)
    if state == AIR:
        return
    name = names(reg)[state]
    left = reg.state_of("water", {"level": "0"}) if prop(reg, state, "waterlogged") == "true" \
        else AIR  # fmt: skip
    game.set_block(pos, left)
    game.emit("block_destroyed", 0.0, pos, name)
    if drops:
        ctx = LootContext(None, {}, _props(reg, state))
        for drop in roll_drops(name, ctx, game.survival.rng):
            pop_resource(game, drop.item, drop.count, pos)


def below(pos: Pos, n: int = 1) -> Pos:
    return (pos[0], pos[1] - n, pos[2])


def above(pos: Pos, n: int = 1) -> Pos:
    return (pos[0], pos[1] + n, pos[2])


def offset(pos: Pos, d: tuple[int, int, int]) -> Pos:
    return (pos[0] + d[0], pos[1] + d[1], pos[2] + d[2])


def next_int(rng: np.random.Generator, n: int) -> int:
    """RandomSource.nextInt(n)."""
    return int(rng.integers(n))


def between(rng: np.random.Generator, lo: int, hi: int) -> int:
    """Mth.nextInt / UniformInt.sample: lo..hi inclusive."""
    return int(rng.integers(lo, hi + 1))


def floor_pos(p: tuple[float, float, float]) -> Pos:
    return (math.floor(p[0]), math.floor(p[1]), math.floor(p[2]))
