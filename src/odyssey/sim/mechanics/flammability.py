"""What burns and what fire stands on: vanilla's ``FireBlock.bootStrap`` table of ignite and
burn odds, the fire state a position takes (``BaseFireBlock.getState``,
``FireBlock.getStateForPlacement``) and whether fire survives there (``FireBlock.canSurvive``).

Per-state answers are numpy tables built once per registry, so the fire's ticks index arrays.
Deliberate difference: a sturdy top face is a full cube, a double or top slab or top-half
stairs (``placement_states.sturdy``'s approximation of ``isFaceSturdy``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.world.blocks import BlockFlag, BlockRegistry
from odyssey.world.storage import World

Pos = tuple[int, int, int]
SIDES = ("north", "east", "south", "west", "up")  # FireBlock.PROPERTY_BY_DIRECTION (no down)
STEP = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0),
        "up": (0, 1, 0), "down": (0, -1, 0)}  # fmt: skip
# crimson and warped wood never burn
WOODS = ("oak", "spruce", "birch", "jungle", "acacia", "cherry", "dark_oak", "pale_oak",
         "mangrove", "bamboo")  # fmt: skip
FLOWERS = ("dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "red_tulip",
           "orange_tulip", "white_tulip", "pink_tulip", "oxeye_daisy", "cornflower",
           "lily_of_the_valley", "torchflower", "pitcher_plant", "wither_rose", "pink_petals",
           "wildflowers", "closed_eyeblossom", "open_eyeblossom", "cactus_flower")  # fmt: skip
# FireBlock.bootStrap: block -> (igniteOdds, burnOdds), besides the families in _odds_of
ODDS: dict[str, tuple[int, int]] = {
    "bamboo_mosaic": (5, 20), "bamboo_mosaic_slab": (5, 20), "bamboo_mosaic_stairs": (5, 20),
    "mangrove_roots": (5, 20), "bookshelf": (30, 20), "chiseled_bookshelf": (30, 20),
    "tnt": (15, 100), "short_grass": (60, 100), "fern": (60, 100), "dead_bush": (60, 100),
    "short_dry_grass": (60, 100), "tall_dry_grass": (60, 100), "bush": (60, 100),
    "firefly_bush": (60, 100), "leaf_litter": (60, 100), "sunflower": (60, 100),
    "lilac": (60, 100), "rose_bush": (60, 100), "peony": (60, 100), "tall_grass": (60, 100),
    "large_fern": (60, 100), "vine": (15, 100), "coal_block": (5, 5), "hay_block": (60, 20),
    "target": (15, 20), "dried_kelp_block": (30, 60), "bamboo": (60, 60),
    "scaffolding": (60, 60), "lectern": (30, 20), "composter": (5, 20),
    "sweet_berry_bush": (60, 100), "beehive": (5, 20), "bee_nest": (30, 20),
    "cave_vines": (15, 60), "cave_vines_plant": (15, 60), "spore_blossom": (60, 100),
    "azalea": (30, 60), "flowering_azalea": (30, 60), "big_dripleaf": (15, 100),
    "big_dripleaf_stem": (15, 100), "small_dripleaf": (60, 100), "hanging_roots": (30, 60),
    "glow_lichen": (15, 100), "moss_block": (5, 100), "moss_carpet": (5, 100),
    "pale_moss_block": (5, 100), "pale_moss_carpet": (5, 100), "pale_hanging_moss": (5, 100),
    **{name: (60, 100) for name in FLOWERS},
}  # fmt: skip
INFINIBURN = {"overworld": ("netherrack", "magma_block"), "the_nether": ("netherrack",
              "magma_block"), "the_end": ("netherrack", "magma_block", "bedrock")}  # fmt: skip
SOUL_FIRE_BASE = ("soul_sand", "soul_soil")


def _odds_of(name: str) -> tuple[int, int]:
    if name in ODDS:
        return ODDS[name]
    wood = next((w for w in WOODS if name.startswith(w + "_") or name.startswith(
        "stripped_" + w + "_")), None)  # fmt: skip
    if wood is not None:
        rest = name.removeprefix("stripped_").removeprefix(wood + "_")
        if rest in ("planks", "slab", "stairs", "fence", "fence_gate"):
            return 5, 20
        if rest in ("log", "wood", "block"):  # bamboo_block and stripped_bamboo_block too
            return 5, 5
        if rest == "leaves":
            return 30, 60
    if name.endswith("_leaves"):  # azalea and flowering azalea leaves
        return 30, 60
    if name.endswith("_wool"):
        return 30, 60
    if name.endswith("_carpet"):
        return 60, 20
    return 0, 0


@dataclass(frozen=True)
class FireTables:
    """Per-state tables of one registry."""

    ignite: np.ndarray  # igniteOdds (0 for waterlogged states)
    burn: np.ndarray  # burnOdds
    sturdy_top: np.ndarray  # the top face is sturdy (fire stands on it)
    air: np.ndarray
    fire: np.ndarray  # fire or soul fire (BlockTags.FIRE)
    soul_base: np.ndarray
    replaceable: np.ndarray  # canBeReplaced with no fluid (portals may go there)
    motion: np.ndarray  # blocks motion or holds fluid (MOTION_BLOCKING heightmap)
    solid: np.ndarray  # BlockState.isSolid (legacy solid: blocks motion)
    names: tuple[str, ...]  # block name by state


@cache
def _tables_of(reg_id: int, reg: BlockRegistry) -> FireTables:
    names = tuple(b.name for b in reg.blocks)
    odds = np.array([_odds_of(n) for n in names], dtype=np.int32)
    per_state = odds[reg.state_block]
    flags = reg.state_flags
    waterlogged = (flags & np.uint32(BlockFlag.WATERLOGGED)) != 0
    ignite = np.where(waterlogged, 0, per_state[:, 0]).astype(np.int32)
    burn = np.where(waterlogged, 0, per_state[:, 1]).astype(np.int32)
    sturdy = (flags & np.uint32(BlockFlag.FULL_CUBE)) != 0
    for b in reg.blocks:
        if b.flags & (BlockFlag.SLAB | BlockFlag.STAIRS):
            for s in range(b.min_state, b.max_state + 1):
                p = reg.properties(s)
                sturdy[s] = p.get("type") in ("double", "top") or p.get("half") == "top"

    def of(*wanted: str) -> np.ndarray:
        return np.isin(reg.state_block, [b.index for b in reg.blocks if b.name in wanted])

    liquid = (flags & np.uint32(BlockFlag.LIQUID)) != 0
    blocks_motion = (flags & np.uint32(BlockFlag.BLOCKS_MOTION)) != 0
    replaceable = ((flags & np.uint32(BlockFlag.REPLACEABLE)) != 0) & ~liquid & ~waterlogged
    air = of("air", "cave_air", "void_air")
    return FireTables(
        ignite=ignite, burn=burn, sturdy_top=sturdy, air=air, fire=of("fire", "soul_fire"),
        soul_base=of(*SOUL_FIRE_BASE), replaceable=replaceable | air,
        motion=blocks_motion | liquid | waterlogged, solid=blocks_motion,
        names=tuple(names[i] for i in reg.state_block),
    )  # fmt: skip


def tables(reg: BlockRegistry) -> FireTables:
    return _tables_of(id(reg), reg)


def offset(pos: Pos, side: str) -> Pos:
    dx, dy, dz = STEP[side]
    return pos[0] + dx, pos[1] + dy, pos[2] + dz


def can_burn(world: World, pos: Pos) -> bool:
    """FireBlock.canBurn of the block at ``pos`` (igniteOdds > 0)."""
    return bool(tables(world.registry).ignite[world.get_block(*pos)] > 0)


def valid_fire_location(world: World, pos: Pos) -> bool:
    """FireBlock.isValidFireLocation: a neighbour on any side can burn."""
    return any(can_burn(world, offset(pos, side)) for side in STEP)


def sturdy_below(world: World, pos: Pos) -> bool:
    return bool(tables(world.registry).sturdy_top[world.get_block(pos[0], pos[1] - 1, pos[2])])


def fire_survives(world: World, pos: Pos, state: int) -> bool:
    """canSurvive of fire (sturdy ground or something burnable beside) or soul fire (soul sand
    or soul soil below)."""
    t = tables(world.registry)
    below = world.get_block(pos[0], pos[1] - 1, pos[2])
    if t.names[state] == "soul_fire":
        return bool(t.soul_base[below])
    return bool(t.sturdy_top[below]) or valid_fire_location(world, pos)


def fire_state(world: World, pos: Pos, age: int = 0) -> int:
    """BaseFireBlock.getState with FireBlock.getStateWithAge: soul fire above soul sand or soul
    soil; else fire, with its sides facing burnable neighbours when the ground below neither
    burns nor is sturdy."""
    reg = world.registry
    t = tables(reg)
    below = world.get_block(pos[0], pos[1] - 1, pos[2])
    if t.soul_base[below]:
        return reg.default_state("soul_fire")
    props = {side: "false" for side in SIDES}
    props["age"] = str(age)
    if not t.ignite[below] > 0 and not t.sturdy_top[below]:
        for side in SIDES:
            props[side] = "true" if can_burn(world, offset(pos, side)) else "false"
    return _fire_state(id(reg), reg, tuple(sorted(props.items())))


@cache
def _fire_state(reg_id: int, reg: BlockRegistry, props: tuple[tuple[str, str], ...]) -> int:
    return reg.state_of("fire", dict(props))


def ignite_odds_at(world: World, pos: Pos) -> int:
    """FireBlock.getIgniteOdds(level, pos): for an air block, the best igniteOdds beside it."""
    t = tables(world.registry)
    if not t.air[world.get_block(*pos)]:
        return 0
    return max(int(t.ignite[world.get_block(*offset(pos, side))]) for side in STEP)


def is_infiniburn(world: World, pos: Pos, dimension: str) -> bool:
    """The block below belongs to the dimension's #infiniburn tag (fire never goes out)."""
    name = tables(world.registry).names[world.get_block(pos[0], pos[1] - 1, pos[2])]
    return name in INFINIBURN.get(dimension, INFINIBURN["overworld"])
