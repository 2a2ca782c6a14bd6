"""A chunk's columns: terrain heights and biomes, plus the surface lakes the chunk owns.

Lakes are decided from the chunk's own seed and heights and stay inside the chunk (with a
one-block rim), so a chunk's columns never depend on its neighbours. Columns are cached: the
decoration of a chunk looks at its eight neighbours' columns, which are recomputed on demand.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from odyssey.world.gen.climate import B
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.surface import Columns
from odyssey.world.gen.terrain import MIN_Y, SEA_LEVEL, area

LAKE_CHANCE = 1 / 14
_NO_LAKES = frozenset(B[n] for n in ("desert", "badlands", "beach", "snowy_beach", "river"))


@lru_cache(maxsize=1024)
def chunk_columns(seed: int, cx: int, cz: int) -> Columns:
    """The columns of chunk (cx, cz): a pure function of the seed (cached; do not mutate)."""
    terrain = area(seed, cx * 16, cz * 16, 16, 16)
    height = terrain.height.copy()
    water = np.where(height < SEA_LEVEL, SEA_LEVEL, MIN_Y - 1).astype(np.int64)
    rng = np.random.default_rng(mix_seed(seed, "lake", cx, cz))
    if rng.random() < LAKE_CHANCE:
        _dig_lake(rng, height, water, terrain.biome)
    for array in (height, water):
        array.flags.writeable = False
    return Columns(cx, cz, height, terrain.biome, water, terrain.cliff)


def _dig_lake(
    rng: np.random.Generator, height: np.ndarray, water: np.ndarray, biome: np.ndarray
) -> None:
    """A small water lake in fairly flat land, entirely inside the chunk."""
    centre_x, centre_z = (int(v) for v in rng.integers(5, 11, 2))
    radius_x, radius_z = (float(v) for v in rng.uniform(2.0, 4.5, 2))
    depth = int(rng.integers(2, 5))
    zz, xx = np.mgrid[0:16, 0:16]
    r2 = ((xx - centre_x) / radius_x) ** 2 + ((zz - centre_z) / radius_z) ** 2
    inside = r2 < 1.0
    rim = r2 < (1.0 + 1.5 / min(radius_x, radius_z)) ** 2
    ground = height[rim]
    if ground.min() <= SEA_LEVEL or ground.max() - ground.min() > 4:
        return  # under water already, or on a slope where the water would hang
    if np.isin(biome[inside], list(_NO_LAKES)).any():
        return
    level = int(ground.min())
    bottom = level - np.ceil(depth * (1.0 - r2)).astype(np.int64)
    bottom = np.minimum(bottom, level - 1)
    height[inside] = np.minimum(height[inside], bottom[inside])
    water[inside] = level
