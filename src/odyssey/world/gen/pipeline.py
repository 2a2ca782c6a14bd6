"""The pieces every stage of the chunk pipeline shares: the chunk's context and a named stage
(apart from ``generator`` so that stage modules can use them without importing the pipeline)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from odyssey.world.gen.surface import Columns

BlockPos = tuple[int, int, int]


@dataclass
class ChunkContext:
    """What the stages of one chunk share: the seed, position, columns and blocks [y][z][x]."""

    seed: int
    cx: int
    cz: int
    columns: Columns
    blocks: np.ndarray  # (384, 16, 16) uint16, y from MIN_Y
    # block entities (chest loot, spawners) by absolute position, in vanilla's NBT layout
    block_entities: dict[BlockPos, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Stage:
    """One named step of the pipeline."""

    name: str
    run: Callable[[ChunkContext], None]
