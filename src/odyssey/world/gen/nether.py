"""The Nether: vanilla's ``minecraft:the_nether`` (y 0..255, terrain in 0..127) from a seed.

``generate_nether_chunk`` runs terrain (``nether_terrain``), ores (``nether_ores``), decoration
(``nether_features``) and structures (``nether_structures``) on one chunk; every step is a pure
function of the seed and the chunk position, so chunks are the same in any order. Like the
overworld there is a lazy provider and a pregenerated world; ``dimensions.save_dimension`` puts
it under ``DIM-1/region`` where vanilla keeps the Nether.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from odyssey.errors import WorldError
from odyssey.world.gen import nether_features as features
from odyssey.world.gen.dimensions import (
    DimChunk,
    DimensionKind,
    DimensionProvider,
    generate_dimension_world,
    lazy_dimension,
)
from odyssey.world.gen.nether_ores import place_ores
from odyssey.world.gen.nether_structures import paint
from odyssey.world.gen.nether_terrain import (
    GEN_HEIGHT,
    LAVA_LEVEL,
    NB,
    NETHER_BIOMES,
    chunk_biomes,
    fill_terrain,
    state_ids,
)
from odyssey.world.storage import Dimension, World

NETHER = Dimension(0, 256, "minecraft:the_nether")
ARRIVAL_SEARCH_CHUNKS = 8
_BIOME_NAMES = np.array([f"minecraft:{b}" for b in NETHER_BIOMES], dtype=object)


def generate_nether_chunk(seed: int, cx: int, cz: int) -> DimChunk:
    """Chunk (cx, cz) of the seed's Nether."""
    cells = chunk_biomes(seed, cx, cz)
    blocks = fill_terrain(seed, cx, cz, cells)
    low = blocks[:GEN_HEIGHT]
    biome = np.repeat(np.repeat(cells, 4, axis=0), 4, axis=1)
    place_ores(seed, cx, cz, low, int(cells[2, 2]))
    if (cells == NB["basalt_deltas"]).any():
        features.deltas(seed, cx, cz, low, biome)
    if (cells == NB["soul_sand_valley"]).any():
        features.basalt_pillars(seed, cx, cz, low, biome)
    features.glowstone(seed, cx, cz, low)
    if np.isin(cells, [NB["crimson_forest"], NB["warped_forest"]]).any():
        features.fungi(seed, cx, cz, low, biome)
    entities = paint(seed, cx, cz, low)
    return DimChunk(cx, cz, blocks, _BIOME_NAMES[cells], tuple(entities))


@lru_cache(maxsize=32)
def arrival(seed: int) -> tuple[float, float, float]:
    """Feet position of a player arriving in the Nether: the first dry floor above the lava sea
    with two open blocks over it, walking out from (0, 0) in rings of chunks."""
    s = state_ids()
    bad = [s["air"], s["lava"], s["magma"]]
    for ring in range(ARRIVAL_SEARCH_CHUNKS):
        for cx, cz in _ring(ring):
            low = generate_nether_chunk(seed, cx, cz).blocks[:GEN_HEIGHT]
            ok = ~np.isin(low[:-3], bad) & (low[1:-2] == s["air"]) & (low[2:-1] == s["air"])
            ok[: LAVA_LEVEL + 1] = False
            hits = np.argwhere(ok)
            if len(hits):
                y, z, x = (int(v) for v in hits[len(hits) // 2])
                return cx * 16 + x + 0.5, float(y + 1), cz * 16 + z + 0.5
    raise WorldError(f"seed {seed}: no floor above the lava within {ARRIVAL_SEARCH_CHUNKS} chunks")


def _ring(r: int) -> list[tuple[int, int]]:
    if r == 0:
        return [(0, 0)]
    edge = [(i, -r) for i in range(-r, r + 1)] + [(i, r) for i in range(-r, r + 1)]
    return edge + [(-r, i) for i in range(-r + 1, r)] + [(r, i) for i in range(-r + 1, r)]


NETHER_KIND = DimensionKind("nether", NETHER, "DIM-1", generate_nether_chunk, arrival)


class NetherProvider(DimensionProvider):
    """A chunk source that generates the seed's Nether on demand."""

    def __init__(self, seed: int) -> None:
        super().__init__(NETHER_KIND, seed)


def generate_nether_world(seed: int, radius_blocks: int) -> World:
    """A pregenerated Nether: every chunk within ``radius_blocks`` (a square) of (0, 0)."""
    return generate_dimension_world(NETHER_KIND, seed, radius_blocks)


def lazy_nether(seed: int) -> World:
    """An endless Nether whose chunks generate when first touched."""
    return lazy_dimension(NETHER_KIND, seed)
