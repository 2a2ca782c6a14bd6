"""Whole overworlds: a spawn point, pregenerated worlds, and a lazy chunk provider.

``OverworldProvider`` is a ``storage.ChunkSource``: ``World(source=OverworldProvider(seed))``
generates chunks as they are first touched (and regenerates evicted ones identically).
``LayeredSource`` puts a saved world in front of the generator, so chunks on disk win and missing
ones are generated.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from odyssey.errors import WorldError
from odyssey.world.chunk import Chunk
from odyssey.world.gen.climate import B
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.generator import OVERWORLD, generate_chunk
from odyssey.world.gen.source import GeneratedSource, pregenerate
from odyssey.world.gen.surface import state_ids, surface_blocks
from odyssey.world.gen.terrain import SEA_LEVEL
from odyssey.world.leveldat import LevelInfo
from odyssey.world.storage import ChunkSource, World

SPAWN_SEARCH_CHUNKS = 64  # how far (in chunks) the spawn search walks out from (0, 0)
SURVIVAL = 0


def spawn_point(seed: int) -> tuple[int, int, int]:
    """Feet position of the spawn: the first grass or sand top above sea level, dry and not
    under a tree, found walking out from (0, 0) in rings of chunks (vanilla-like)."""
    s = state_ids()
    walkable = [s["grass"], s["snowy_grass"], s["sand"], s["podzol"], s["coarse_dirt"]]
    for ring in range(SPAWN_SEARCH_CHUNKS):
        for cx, cz in _ring(ring):
            cols = chunk_columns(seed, cx, cz)
            top, _, _ = surface_blocks(seed, cols)
            ok = np.isin(top, walkable) & cols.dry & (cols.height >= SEA_LEVEL) & ~cols.cliff
            ok &= ~np.isin(cols.biome, [B["river"], B["frozen_river"]])
            if not ok.any():
                continue
            chunk = generate_chunk(seed, cx, cz)
            for z, x in zip(*np.nonzero(ok), strict=True):
                y = int(cols.height[z, x])
                above = chunk.blocks[y + 1 - OVERWORLD.min_y : y + 3 - OVERWORLD.min_y, z, x]
                if chunk.blocks[y - OVERWORLD.min_y, z, x] in walkable and _passable(above):
                    return cx * 16 + int(x), y + 1, cz * 16 + int(z)
    raise WorldError(f"seed {seed}: no dry land within {SPAWN_SEARCH_CHUNKS} chunks of (0, 0)")


def _passable(blocks: np.ndarray) -> bool:
    s = state_ids()
    return bool(np.isin(blocks, [s["air"], s["snow"]]).all())


def _ring(r: int) -> Iterable[tuple[int, int]]:
    if r == 0:
        yield 0, 0
        return
    for i in range(-r, r + 1):
        yield i, -r
        yield i, r
    for i in range(-r + 1, r):
        yield -r, i
        yield r, i


def level_info(seed: int) -> LevelInfo:
    """level.dat fields of a generated survival overworld."""
    return LevelInfo(
        level_name=f"Odyssey overworld (seed {seed})",
        seed=seed,
        spawn=spawn_point(seed),
        game_type=SURVIVAL,
        world_gen="noise",  # Minecraft grows vanilla terrain past the generated square
    )


def generate_world(seed: int, radius_blocks: int) -> World:
    """A pregenerated overworld: every chunk within ``radius_blocks`` (a square) of the spawn."""
    info = level_info(seed)
    sx, _, sz = info.spawn
    return pregenerate(World(OVERWORLD, info), OverworldProvider(seed), (sx >> 4, sz >> 4),
                       radius_blocks)  # fmt: skip


class OverworldProvider(GeneratedSource):
    """A chunk source that generates the seed's overworld on demand."""

    def make(self, cx: int, cz: int) -> Chunk:
        return generate_chunk(self.seed, cx, cz).to_chunk()


class LayeredSource:
    """Chunks from ``saved`` (an Anvil folder's source) where present, else generated."""

    def __init__(self, saved: ChunkSource, provider: OverworldProvider) -> None:
        self.saved = saved
        self.provider = provider

    def positions(self) -> list[tuple[int, int]]:
        return sorted(set(self.saved.positions()) | set(self.provider.positions()))

    def load(self, cx: int, cz: int) -> Chunk | None:
        return self.saved.load(cx, cz) or self.provider.load(cx, cz)


def lazy_world(seed: int) -> World:
    """An endless overworld whose chunks generate when first touched."""
    return World(OVERWORLD, level_info(seed), source=OverworldProvider(seed))
