"""The underground stages: caves, aquifers, lava pools, ores and dripstone.

Each stage is a plain ``(ChunkContext) -> None`` for the pipeline in ``generator.STAGES``, to
run after "terrain" and before "vegetation" (``with_underground`` builds such a list). All of
them are pure functions of the seed and the chunk's position: aquifers and dripstone depend on
the block position and the chunk's own carved blocks only, lava pools stay inside their chunk.

Aquifers (simplified): the world under sea level is cut into 32x24x32-block regions; about a
third of them are flooded to a level of their own, filling cave air that rests on a floor inside
the region (no water hangs over a dry region below). Water may meet cave air at a region's side.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.caves import LAVA_LEVEL, carvable, carve
from odyssey.world.gen.noise import fbm2, hash3, mix_seed
from odyssey.world.gen.ores import place_ores
from odyssey.world.gen.pipeline import ChunkContext, Stage
from odyssey.world.gen.surface import state_ids
from odyssey.world.gen.terrain import MAX_Y, MIN_Y, SEA_LEVEL

AQUIFER_XZ, AQUIFER_Y = 32, 24
AQUIFER_CHANCE = 0.35
LAVA_POOL_CHANCE = 1 / 9  # vanilla's underground lava lake rarity
DRIPSTONE_NOISE = 0.3  # 2-D noise above this: a dripstone region
_Y = np.arange(MIN_Y, MAX_Y, dtype=np.int64)[:, None, None]


def caves_stage(ctx: ChunkContext) -> None:
    carve(ctx.seed, ctx.cx, ctx.cz, ctx.columns, ctx.blocks)


def aquifers_stage(ctx: ChunkContext) -> None:
    """Flood the cave air of flooded aquifer regions up to their level."""
    s = state_ids()
    blocks = ctx.blocks
    rx, rz = (ctx.cx * 16) // AQUIFER_XZ, (ctx.cz * 16) // AQUIFER_XZ
    bottom = (_Y[:, 0, 0] // AQUIFER_Y) * AQUIFER_Y
    levels = np.full(blocks.shape[0], MIN_Y - 1, np.int64)
    for ry in range(MIN_Y // AQUIFER_Y, SEA_LEVEL // AQUIFER_Y):
        lo = ry * AQUIFER_Y
        if lo < LAVA_LEVEL + 10 or lo + AQUIFER_Y > SEA_LEVEL - 4:
            continue
        roll = hash3(ctx.seed, 4, np.array([rx]), np.array([ry]), np.array([rz]))[0]
        if roll < AQUIFER_CHANCE:
            levels[bottom == lo] = lo + 4 + int(roll / AQUIFER_CHANCE * (AQUIFER_Y - 6))
    if (levels < MIN_Y).all():
        return
    rows = SEA_LEVEL - MIN_Y  # no aquifer reaches sea level
    low, ys = blocks[:rows], _Y[:rows]
    air = low == s["air"]
    # index of the nearest solid block at or below each block, per column
    idx = np.where(air, -1, np.arange(rows)[:, None, None])
    floor = np.maximum.accumulate(idx, axis=0) + MIN_Y
    under = ctx.columns.height[None] - 4 > ys  # keep water out of the surface openings
    wet = air & under & (levels[:rows, None, None] >= ys) & (floor >= bottom[:rows, None, None])
    low[wet] = s["water"]


def lava_pools_stage(ctx: ChunkContext) -> None:
    """Now and then a small pool of lava in solid rock, walled and floored, inside the chunk."""
    rng = np.random.default_rng(mix_seed(ctx.seed, "lava_pool", ctx.cx, ctx.cz))
    if rng.random() >= LAVA_POOL_CHANCE:
        return
    x, z = (int(v) for v in rng.integers(4, 12, 2))
    y = int(rng.integers(LAVA_LEVEL + 6, 48))
    if y > int(ctx.columns.height.min()) - 10:
        return
    rx, rz, ry = float(rng.uniform(2.0, 3.5)), float(rng.uniform(2.0, 3.5)), 2.5
    lo_y = y - 3 - MIN_Y
    ys = np.arange(y - 3, y + 4)[:, None, None]
    zs = np.arange(16)[None, :, None]
    xs = np.arange(16)[None, None, :]
    r2 = ((xs - x) / rx) ** 2 + ((zs - z) / rz) ** 2 + ((ys - y) / ry) ** 2
    inside = r2 < 1.0
    shell = r2 < 1.7
    region = ctx.blocks[lo_y : lo_y + 7]
    if not carvable()[region[shell]].all():
        return  # something open nearby: the lava could spill
    lava = registry().state("lava[level=0]")
    region[inside & (ys <= y)] = lava
    region[inside & (ys > y)] = state_ids()["air"]


@cache
def _dripstone_states() -> dict[tuple[str, str], int]:
    blocks = registry()
    return {
        (d, t): blocks.state(f"pointed_dripstone[thickness={t},vertical_direction={d}]")
        for d in ("up", "down")
        for t in ("tip", "frustum", "middle", "base")
    }


def _thickness(k: int, length: int) -> str:
    """Thickness of the k-th block from the tip of a dripstone of ``length`` blocks."""
    if k == 0:
        return "tip"
    if k == 1:
        return "frustum"
    return "base" if k == length - 1 else "middle"


def dripstone_stage(ctx: ChunkContext) -> None:
    """Dripstone in caves of dripstone regions: block patches, stalactites and stalagmites."""
    x0, z0 = ctx.cx * 16, ctx.cz * 16
    zz, xx = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    region = fbm2(ctx.seed, "dripstone", xx, zz, 160.0, 2) > DRIPSTONE_NOISE
    if not region.any():
        return
    s = state_ids()
    blocks = ctx.blocks
    air = blocks == s["air"]
    rock = (blocks == s["stone"]) | (blocks == s["deepslate"])
    cave = air & (ctx.columns.height[None] - 2 > _Y) & (_Y > LAVA_LEVEL) & region[None]
    ceiling = np.zeros_like(cave)
    ceiling[:-1] = cave[:-1] & rock[1:]
    ground = np.zeros_like(cave)
    ground[1:] = cave[1:] & rock[:-1]
    roll = hash3(ctx.seed, 5, xx[None], _Y, zz[None])
    block = registry().state("dripstone_block")
    # dripstone blocks line the floors and ceilings
    patch = roll < 0.5
    floor_rock = np.zeros_like(cave)
    floor_rock[:-1] = ground[1:] & patch[1:]
    roof_rock = np.zeros_like(cave)
    roof_rock[1:] = ceiling[:-1] & patch[:-1]
    blocks[floor_rock | roof_rock] = block
    states = _dripstone_states()
    for direction, mask, step in (("down", ceiling, -1), ("up", ground, 1)):
        odd = (roll * 1000).astype(np.int64) % 2 == (step > 0)  # one kind per block
        ys, zs, xs = np.nonzero(mask & (roll > 0.88) & odd)
        for y, z, x in zip(ys, zs, xs, strict=True):
            length = 1 + int(roll[y, z, x] * 1e4) % 4
            span = [y + step * k for k in range(length + 2)]
            if not all(0 <= v < blocks.shape[0] and blocks[v, z, x] == s["air"] for v in span):
                continue
            blocks[y - step, z, x] = block  # the root
            for i in range(length):
                thickness = _thickness(length - 1 - i, length)
                blocks[y + step * i, z, x] = states[(direction, thickness)]


def ores_stage(ctx: ChunkContext) -> None:
    place_ores(ctx.seed, ctx.cx, ctx.cz, ctx.blocks)


UNDERGROUND_STAGES: tuple[Stage, ...] = (
    Stage("caves", caves_stage),
    Stage("aquifers", aquifers_stage),
    Stage("lava_pools", lava_pools_stage),
    Stage("ores", ores_stage),
    Stage("dripstone", dripstone_stage),
)


def with_underground(stages: list[Stage] | None = None) -> list[Stage]:
    """``stages`` (the pipeline by default) with the underground stages after "terrain",
    unless they are there already."""
    from odyssey.world.gen.generator import STAGES  # the pipeline lists these stages itself

    stages = list(STAGES if stages is None else stages)
    names = [stage.name for stage in stages]
    if "caves" in names:
        return stages
    at = names.index("terrain") + 1
    return stages[:at] + list(UNDERGROUND_STAGES) + stages[at:]
