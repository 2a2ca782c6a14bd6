"""The overworld chunk pipeline: stages that turn (seed, cx, cz) into a chunk's blocks.

``generate_chunk`` runs ``STAGES`` in order on a ``ChunkContext`` (the chunk's columns and its
(384, 16, 16) block array). Later work (caves, ores, structures) adds stages; each stage must be
a pure function of the seed and the chunk position, and any feature that crosses chunk borders
must be decided by the chunk that owns it (see vegetation.decorate), so chunks come out the same
whatever order they are generated in.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from odyssey.world.chunk import BlockPos, Chunk, compact_section
from odyssey.world.gen.climate import BIOMES
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.lakes import surface_lava_lake_stage
from odyssey.world.gen.pipeline import ChunkContext, Stage
from odyssey.world.gen.structures import place_structures
from odyssey.world.gen.surface import fill_columns
from odyssey.world.gen.terrain import MAX_Y, MIN_Y
from odyssey.world.gen.underground import UNDERGROUND_STAGES
from odyssey.world.gen.vegetation import decorate
from odyssey.world.leveldat import DATA_VERSION
from odyssey.world.storage import Dimension

OVERWORLD = Dimension(MIN_Y, MAX_Y - MIN_Y, "minecraft:overworld")
SECTIONS = (MAX_Y - MIN_Y) // 16


def _terrain(ctx: ChunkContext) -> None:
    ctx.blocks[:] = fill_columns(ctx.seed, ctx.columns)


def _vegetation(ctx: ChunkContext) -> None:
    decorate(ctx.seed, ctx.cx, ctx.cz, ctx.blocks)


def _structures(ctx: ChunkContext) -> None:
    place_structures(ctx.seed, ctx.cx, ctx.cz, ctx.blocks, ctx.block_entities)


# The pipeline; add caves/ores before "vegetation" (structures come after it).
STAGES: list[Stage] = [
    Stage("terrain", _terrain),
    *UNDERGROUND_STAGES,
    Stage("lava_lakes", surface_lava_lake_stage),
    Stage("vegetation", _vegetation),
    Stage("structures", _structures),
]


@dataclass(frozen=True)
class GeneratedChunk:
    """A generated chunk: blocks (384, 16, 16) and biome names of each section's 4x4x4 cells."""

    cx: int
    cz: int
    blocks: np.ndarray
    biome_cells: np.ndarray  # (4, 4) biome indices [z][x] of the chunk's surface cells
    block_entities: dict[BlockPos, dict[str, Any]] = field(default_factory=dict)

    def to_chunk(self) -> Chunk:
        """A storage chunk: compact sections and per-section biome arrays."""
        chunk = Chunk(self.cx, self.cz, data_version=DATA_VERSION)
        for i in range(SECTIONS):
            packed = compact_section(self.blocks[i * 16 : (i + 1) * 16])
            if packed is not None:
                chunk.sections[(MIN_Y >> 4) + i] = (
                    packed if not packed.flags.writeable else packed.copy()
                )
        names = np.array([f"minecraft:{b}" for b in BIOMES], dtype=object)[self.biome_cells]
        cells = np.broadcast_to(names, (4, 4, 4))  # the surface biome at every height
        chunk.biomes = {(MIN_Y >> 4) + i: cells for i in range(SECTIONS)}
        # deep copies: the game may edit chest contents; the cached layouts must not change
        chunk.block_entities = copy.deepcopy(self.block_entities)
        return chunk


def generate_chunk(
    seed: int, cx: int, cz: int, stages: list[Stage] | None = None
) -> GeneratedChunk:
    """Generate chunk (cx, cz) of the seed's overworld."""
    columns = chunk_columns(seed, cx, cz)
    ctx = ChunkContext(seed, cx, cz, columns, np.zeros((MAX_Y - MIN_Y, 16, 16), np.uint16))
    for stage in STAGES if stages is None else stages:
        stage.run(ctx)
    biome_cells = columns.biome[::4, ::4].copy()
    return GeneratedChunk(cx, cz, ctx.blocks, biome_cells, ctx.block_entities)
