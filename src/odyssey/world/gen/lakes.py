"""Lava lakes on the surface (vanilla's ``lake_lava_surface``: rare, on dry, fairly flat land),
kept inside the chunk that owns them so chunks stay independent of generation order."""

from __future__ import annotations

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.pipeline import ChunkContext
from odyssey.world.gen.terrain import MIN_Y, SEA_LEVEL

LAVA_LAKE_CHANCE = 1 / 200  # vanilla places lake_lava_surface with rarity 200
MAX_SLOPE = 3  # blocks between the chunk's lowest and highest dry ground


def surface_lava_lake_stage(ctx: ChunkContext) -> None:
    """Now and then a small lava lake in a bowl of stone, on dry land above sea level."""
    rng = np.random.default_rng(mix_seed(ctx.seed, "lava_lake", ctx.cx, ctx.cz))
    if rng.random() >= LAVA_LAKE_CHANCE:
        return
    cols = ctx.columns
    if not cols.dry.all() or int(cols.height.min()) <= SEA_LEVEL:
        return
    if int(cols.height.max()) - int(cols.height.min()) > MAX_SLOPE:
        return
    x, z = (int(v) for v in rng.integers(5, 11, 2))
    top = int(cols.height.min())
    rx, rz = float(rng.uniform(2.5, 4.0)), float(rng.uniform(2.5, 4.0))
    zs, xs = np.mgrid[0:16, 0:16]
    r2 = ((xs - x) / rx) ** 2 + ((zs - z) / rz) ** 2
    reg = registry()
    lava, stone, air = reg.state("lava[level=0]"), reg.state("stone"), 0
    for depth, reach in ((0, 1.0), (1, 0.7), (2, 0.35)):
        inside = r2 < reach
        y = top - depth - MIN_Y
        ctx.blocks[y][inside] = lava
        ctx.blocks[y + 1 :, inside] = air  # nothing standing in the lake
        rim = (r2 < reach + 0.9) & ~inside
        ctx.blocks[y][rim & (ctx.blocks[y] != lava)] = stone
        ctx.blocks[y - 1][r2 < reach + 0.9] = stone
