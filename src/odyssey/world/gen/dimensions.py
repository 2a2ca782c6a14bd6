"""Shared machinery of the Nether and End generators: chunks, providers, worlds, folders.

A dimension is generated like the overworld (a pure ``generate(seed, cx, cz)`` per chunk, a lazy
provider, a pregenerated square of chunks) but it is stored where vanilla keeps it inside a world
folder: the Nether under ``DIM-1/region`` and the End under ``DIM1/region``. ``save_dimension``
writes only that folder (plus a level.dat when the world has none), so a Nether and an End can be
added to a folder that already holds a generated overworld.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from odyssey.errors import WorldError
from odyssey.world import nbt
from odyssey.world.anvil import AnvilSource, chunk_nbt
from odyssey.world.blocks import registry
from odyssey.world.chunk import Chunk, compact_section
from odyssey.world.gen.source import GeneratedSource, pregenerate
from odyssey.world.leveldat import (
    DATA_VERSION,
    LevelInfo,
    PlayerPose,
    read_level_dat,
    write_level_dat,
)
from odyssey.world.region import region_file_name, write_region
from odyssey.world.storage import Dimension, World

SURVIVAL = 0


@dataclass(frozen=True)
class DimChunk:
    """A generated chunk of another dimension: blocks [y][z][x] from the dimension's min_y,
    biome names of its 4x4 columns cells (the same at every height) and block entities."""

    cx: int
    cz: int
    blocks: np.ndarray  # (height, 16, 16) uint16
    biome_cells: np.ndarray  # (4, 4) object array of "minecraft:..." names, [z][x]
    block_entities: tuple[dict[str, Any], ...] = ()

    def to_chunk(self, dimension: Dimension) -> Chunk:
        """A storage chunk: compact sections, per-section biome arrays and block entities."""
        chunk = Chunk(self.cx, self.cz, data_version=DATA_VERSION)
        base = dimension.min_y >> 4
        for i in range(dimension.height // 16):
            packed = compact_section(self.blocks[i * 16 : (i + 1) * 16])
            if packed is not None:
                chunk.sections[base + i] = packed if not packed.flags.writeable else packed.copy()
        cells = np.broadcast_to(self.biome_cells, (4, 4, 4))
        chunk.biomes = {base + i: cells for i in range(dimension.height // 16)}
        for data in self.block_entities:
            pos = (int(data["x"]), int(data["y"]), int(data["z"]))
            chunk.block_entities[pos] = dict(data)
        return chunk


@dataclass(frozen=True)
class DimensionKind:
    """One generated dimension: its height, vanilla folder and chunk generator."""

    key: str  # "nether" or "end"
    dimension: Dimension
    folder: str  # "DIM-1" or "DIM1"
    generate: Callable[[int, int, int], DimChunk]
    arrival: Callable[[int], tuple[float, float, float]]  # where a player stands, per seed
    extra: dict[str, Any] = field(default_factory=dict)


class DimensionProvider(GeneratedSource):
    """A chunk source that generates a dimension on demand (a ``storage.ChunkSource``)."""

    def __init__(self, kind: DimensionKind, seed: int) -> None:
        super().__init__(seed)
        self.kind = kind

    def make(self, cx: int, cz: int) -> Chunk:
        return self.kind.generate(self.seed, cx, cz).to_chunk(self.kind.dimension)


def level_info(kind: DimensionKind, seed: int) -> LevelInfo:
    """level.dat of a world made for this dimension: the player stands in it on arrival."""
    pose = PlayerPose(kind.arrival(seed), 0.0, 0.0, kind.dimension.name)
    return LevelInfo(
        level_name=f"Odyssey {kind.key} (seed {seed})",
        seed=seed,
        game_type=SURVIVAL,
        player=pose,
    )


def generate_dimension_world(kind: DimensionKind, seed: int, radius_blocks: int) -> World:
    """Every chunk within ``radius_blocks`` (a square) of (0, 0), generated."""
    world = World(kind.dimension, level_info(kind, seed))
    return pregenerate(world, DimensionProvider(kind, seed), (0, 0), radius_blocks)


def lazy_dimension(kind: DimensionKind, seed: int) -> World:
    """An endless dimension whose chunks generate when first touched."""
    return World(kind.dimension, level_info(kind, seed), source=DimensionProvider(kind, seed))


def save_dimension(world: World, kind: DimensionKind, path: Path | str) -> Path:
    """Write the dimension's chunks to ``<path>/<DIM-1|DIM1>/region`` and, when the folder has
    no level.dat yet, a level.dat that puts the player in this dimension. An existing level.dat
    is kept; it must be for the same seed (one world, one seed)."""
    folder = Path(path)
    level = folder / "level.dat"
    if level.is_file():
        existing = read_level_dat(level)
        if existing.seed != world.info.seed:
            raise WorldError(
                f"{level}: the world has seed {existing.seed}, not {world.info.seed};"
                " write this dimension into a new folder or use the same seed"
            )
    region_dir = folder / kind.folder / "region"
    region_dir.mkdir(parents=True, exist_ok=True)
    blocks = world.registry
    stamp = int(time.time())
    by_region: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cx, cz in world.chunk_positions():
        by_region.setdefault((cx >> 5, cz >> 5), []).append((cx, cz))
    for (rx, rz), positions in sorted(by_region.items()):
        chunks = {
            (c.cx, c.cz): nbt.write_nbt(chunk_nbt(c, kind.dimension, blocks))
            for c in world.chunks(positions)
            if c.sections or c.block_entities
        }
        if chunks:
            write_region(region_dir / region_file_name(rx, rz), chunks, timestamp=stamp)
    if not level.is_file():
        write_level_dat(level, world.info)
    return folder


def open_dimension(kind: DimensionKind, path: Path | str) -> World:
    """Read a dimension saved by ``save_dimension`` (lazily, like ``open_world``)."""
    folder = Path(path)
    region_dir = folder / kind.folder / "region"
    if not region_dir.is_dir():
        raise WorldError(f"{folder}: no {kind.folder}/region folder (no {kind.key} saved there)")
    level = folder / "level.dat"
    info = read_level_dat(level) if level.is_file() else LevelInfo(level_name=folder.name)
    source = AnvilSource(region_dir, registry())
    return World(kind.dimension, info, source=source, blocks=source.blocks)
