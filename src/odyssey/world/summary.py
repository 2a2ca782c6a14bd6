"""What ``odyssey world info`` reports about a world: version, spawn, chunks, surface, damage."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from odyssey.world.anvil import AnvilSource
from odyssey.world.blocks import AIR
from odyssey.world.storage import World


@dataclass
class WorldSummary:
    """Facts about one world, gathered by decoding every present chunk once."""

    level_name: str
    version_name: str
    data_version: int
    spawn: tuple[int, int, int]
    min_y: int
    height: int
    chunks_listed: int = 0
    chunks_full: int = 0
    chunks_not_full: int = 0
    chunk_bounds: tuple[int, int, int, int] | None = None  # min cx, min cz, max cx, max cz
    chunk_data_versions: Counter[int] = field(default_factory=Counter)
    top_blocks: Counter[str] = field(default_factory=Counter)
    fallback_blocks: int = 0
    unknown_blocks: Counter[str] = field(default_factory=Counter)
    renamed_blocks: Counter[str] = field(default_factory=Counter)
    damaged: dict[tuple[int, int], str] = field(default_factory=dict)

    @property
    def block_bounds(self) -> tuple[int, int, int, int] | None:
        """Min x, min z, max x, max z (inclusive) of the present full chunks."""
        if self.chunk_bounds is None:
            return None
        x0, z0, x1, z1 = self.chunk_bounds
        return x0 * 16, z0 * 16, x1 * 16 + 15, z1 * 16 + 15

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        return {
            "level_name": self.level_name,
            "version": self.version_name,
            "data_version": self.data_version,
            "spawn": list(self.spawn),
            "min_y": self.min_y,
            "height": self.height,
            "chunks": {
                "listed": self.chunks_listed,
                "full": self.chunks_full,
                "not_full": self.chunks_not_full,
                "damaged": len(self.damaged),
            },
            "chunk_bounds": list(self.chunk_bounds) if self.chunk_bounds else None,
            "block_bounds": list(self.block_bounds) if self.block_bounds else None,
            "chunk_data_versions": {str(k): v for k, v in sorted(self.chunk_data_versions.items())},
            "top_blocks": dict(self.top_blocks.most_common()),
            "fallback_blocks": self.fallback_blocks,
            "unknown_blocks": dict(self.unknown_blocks),
            "renamed_blocks": dict(self.renamed_blocks),
            "damaged_chunks": [
                {"chunk": [cx, cz], "error": msg} for (cx, cz), msg in sorted(self.damaged.items())
            ],
        }


def summarize_world(world: World) -> WorldSummary:
    """Decode every chunk of a world and gather its summary."""
    summary = WorldSummary(
        level_name=world.info.level_name,
        version_name=world.info.version_name,
        data_version=world.info.data_version,
        spawn=world.info.spawn,
        min_y=world.dimension.min_y,
        height=world.dimension.height,
    )
    blocks = world.registry
    not_air = np.ones(blocks.state_count, dtype=bool)
    not_air[AIR] = False
    for name in ("cave_air", "void_air"):
        not_air[blocks.default_state(name)] = False
    top_ids: Counter[int] = Counter()
    xs: list[int] = []
    zs: list[int] = []
    positions = world.chunk_positions()
    summary.chunks_listed = len(positions)
    for chunk in world.chunks():
        summary.chunks_full += 1
        summary.chunk_data_versions[chunk.data_version] += 1
        xs.append(chunk.cx)
        zs.append(chunk.cz)
        tops, states = chunk.surface(not_air, world.dimension.min_y)
        ids, counts = np.unique(states[tops >= world.dimension.min_y], return_counts=True)
        top_ids.update(dict(zip(ids.tolist(), counts.tolist(), strict=True)))
    for state, count in top_ids.items():
        summary.top_blocks[blocks.block_of(state).name] += count
    if xs:
        summary.chunk_bounds = (min(xs), min(zs), max(xs), max(zs))
    source = world.source
    if isinstance(source, AnvilSource):
        summary.chunks_not_full = source.skipped_not_full
        summary.damaged = dict(source.damaged)
        summary.fallback_blocks = source.stats.fallback_count
        summary.unknown_blocks = Counter(source.stats.unknown_blocks)
        summary.renamed_blocks = Counter(source.stats.renamed_blocks)
    return summary
