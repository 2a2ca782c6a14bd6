"""Anvil world folders: open them lazily, save worlds Minecraft 1.21.11 opens.

A world folder holds ``level.dat`` and ``region/r.<rx>.<rz>.mca`` (overworld). Opening reads
only level.dat and region headers; chunks decode when first touched. Damaged chunks do not stop
the rest of the world from loading: they read as missing and are listed in ``damaged``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from odyssey.errors import CorruptChunkError, NotAWorldError, WorldError
from odyssey.world import nbt
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry, ResolveStats, registry
from odyssey.world.chunk import DEFAULT_BIOME, FULL_STATUS, Chunk
from odyssey.world.chunk_codec import ChunkDecoder
from odyssey.world.leveldat import LevelInfo, read_level_dat, write_level_dat
from odyssey.world.nbt import Byte, Int, Long, NBTList
from odyssey.world.packing import pack_palette_indices
from odyssey.world.region import RegionFile, region_coords, region_file_name, write_region
from odyssey.world.storage import VANILLA_HEIGHT, VANILLA_MIN_Y, Dimension, World

HEIGHTS_PACK = "odyssey_heights"
PACK_FORMAT = [94, 1]  # data pack format of 1.21.11


@dataclass
class AnvilSource:
    """Chunks of one dimension's region folder, read on demand."""

    region_dir: Path
    blocks: BlockRegistry
    only_full: bool = True
    stats: ResolveStats = field(default_factory=ResolveStats)
    damaged: dict[tuple[int, int], str] = field(default_factory=dict)
    skipped_not_full: int = 0

    def __post_init__(self) -> None:
        self.decoder = ChunkDecoder(self.blocks, self.stats)
        self._region_paths: dict[tuple[int, int], Path] = {}
        if self.region_dir.is_dir():
            for path in sorted(self.region_dir.glob("r.*.*.mca")):
                coords = region_coords(path)
                if coords is not None:
                    self._region_paths[coords] = path
        self._regions: dict[tuple[int, int], RegionFile] = {}
        self._positions: list[tuple[int, int]] | None = None

    def region_count(self) -> int:
        """How many region files the folder has."""
        return len(self._region_paths)

    def _region(self, rx: int, rz: int) -> RegionFile | None:
        key = (rx, rz)
        if key not in self._region_paths:
            return None
        region = self._regions.get(key)
        if region is None:
            region = RegionFile(self._region_paths[key])
            if region.header_damaged:
                self.damaged[(rx * 32, rz * 32)] = f"{region.path}: header is truncated"
            self._regions[key] = region
        return region

    def positions(self) -> list[tuple[int, int]]:
        """Every chunk position listed in a region header (full or not, damaged or not)."""
        if self._positions is None:
            found: list[tuple[int, int]] = []
            for rx, rz in self._region_paths:
                region = self._region(rx, rz)
                if region is not None:
                    found.extend(region.chunk_positions())
            self._positions = sorted(found)
        return self._positions

    def load(self, cx: int, cz: int) -> Chunk | None:
        """The chunk at (cx, cz); None if absent, not fully generated, or damaged (recorded)."""
        region = self._region(cx >> 5, cz >> 5)
        if region is None:
            return None
        try:
            raw = region.read_chunk_bytes(cx, cz)
            if raw is None:
                return None
            chunk = self.decoder.decode(raw, region.where(cx, cz))
        except CorruptChunkError as e:
            self.damaged[(cx, cz)] = str(e)
            return None
        if (chunk.cx, chunk.cz) != (cx, cz):
            self.damaged[(cx, cz)] = (
                f"{region.where(cx, cz)}: chunk says it is at ({chunk.cx}, {chunk.cz})"
            )
            return None
        if self.only_full and not chunk.is_full:
            self.skipped_not_full += 1
            return None
        return chunk

    def close(self) -> None:
        """Release the region files' memory maps."""
        for region in self._regions.values():
            region.close()
        self._regions.clear()


def is_world_folder(path: Path) -> bool:
    """Whether a folder looks like a Minecraft world (level.dat or a region folder)."""
    return (path / "level.dat").is_file() or any((path / "region").glob("r.*.*.mca"))


def open_world(
    path: Path | str, cache_chunks: int = 2048, blocks: BlockRegistry | None = None
) -> World:
    """Open an Anvil world folder's overworld lazily; a non-world folder gets a one-line error."""
    folder = Path(path)
    if not folder.exists():
        raise NotAWorldError(f"{folder}: no such folder")
    if not folder.is_dir():
        raise NotAWorldError(f"{folder}: is a file, expected a world folder with level.dat")
    if not is_world_folder(folder):
        raise NotAWorldError(
            f"{folder}: not a Minecraft world (expected level.dat or region/r.X.Z.mca files)"
        )
    info = read_level_dat(folder / "level.dat") if (folder / "level.dat").is_file() else None
    source = AnvilSource(folder / "region", blocks or registry())
    return World(
        dimension=read_dimension(folder),
        info=info or LevelInfo(level_name=folder.name, version_name="unknown", data_version=0),
        source=source,
        blocks=source.blocks,
        cache_chunks=cache_chunks,
    )


def read_dimension(folder: Path) -> Dimension:
    """The overworld's height from a data pack in the world, else vanilla's -64..320."""
    for candidate in sorted(
        folder.glob("datapacks/*/data/minecraft/dimension_type/overworld.json")
    ):
        try:
            spec = json.loads(candidate.read_text())
            return Dimension(int(spec["min_y"]), int(spec["height"]))
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise WorldError(f"{candidate}: not a valid dimension type ({e})") from e
    return Dimension()


# -- writing ------------------------------------------------------------------------------------


def save_world(world: World, path: Path | str, last_played_ms: int | None = None) -> Path:
    """Write the world as a 1.21.11 Anvil folder: level.dat, region files, height data pack.

    One region is encoded and written at a time, so memory stays bounded for large worlds.
    Saving over the folder the world was opened from is refused: rewriting its regions would drop
    its proto-chunks and damaged chunks, and the open world still reads from those files.
    """
    folder = Path(path)
    source = world.source
    if isinstance(source, AnvilSource) and folder.resolve() == source.region_dir.parent.resolve():
        raise WorldError(f"{folder}: cannot save a world over the folder it was opened from")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "region").mkdir(exist_ok=True)
    info = world.info
    datapacks = list(info.datapacks)
    if (world.dimension.min_y, world.dimension.height) != (VANILLA_MIN_Y, VANILLA_HEIGHT):
        write_heights_pack(folder, world.dimension)
        if f"file/{HEIGHTS_PACK}" not in datapacks:
            datapacks.append(f"file/{HEIGHTS_PACK}")
    stamp = int(time.time()) if last_played_ms is None else last_played_ms // 1000
    by_region: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cx, cz in world.chunk_positions():
        by_region.setdefault((cx >> 5, cz >> 5), []).append((cx, cz))
    for (rx, rz), positions in sorted(by_region.items()):
        chunks = {
            (chunk.cx, chunk.cz): nbt.write_nbt(chunk_nbt(chunk, world.dimension, world.registry))
            for chunk in world.chunks(positions)
            if chunk.sections or chunk.block_entities
        }
        if chunks:
            write_region(folder / "region" / region_file_name(rx, rz), chunks, timestamp=stamp)
    # The chunks are written as 1.21.11 whatever the world was read from.
    fields = {**_info_fields(info), "datapacks": tuple(datapacks)}
    fields.update(data_version=world.registry.data_version, version_name=world.registry.version)
    updated = LevelInfo(**fields)
    write_level_dat(folder / "level.dat", updated, last_played_ms)
    return folder


def _info_fields(info: LevelInfo) -> dict[str, Any]:
    return {k: getattr(info, k) for k in info.__dataclass_fields__ if k != "raw"}


def write_heights_pack(folder: Path, dimension: Dimension) -> None:
    """A data pack that sets the overworld's height, as Mine Odyssey's maps carry (-64..448)."""
    root = folder / "datapacks" / HEIGHTS_PACK
    target = root / "data" / "minecraft" / "dimension_type"
    target.mkdir(parents=True, exist_ok=True)
    meta = {
        "pack": {
            "description": "Odyssey: overworld height",
            "min_format": PACK_FORMAT,
            "max_format": PACK_FORMAT,
        }
    }
    (root / "pack.mcmeta").write_text(json.dumps(meta, indent=2) + "\n")
    (target / "overworld.json").write_text(json.dumps(overworld_type(dimension), indent=2) + "\n")


def overworld_type(dimension: Dimension) -> dict[str, Any]:
    """Vanilla 1.21.11's overworld dimension type with another min_y and height."""
    return {
        "ambient_light": 0.0,
        "attributes": {
            "minecraft:audio/ambient_sounds": {
                "mood": {
                    "block_search_extent": 8,
                    "offset": 2.0,
                    "sound": "minecraft:ambient.cave",
                    "tick_delay": 6000,
                }
            },
            "minecraft:audio/background_music": {
                "creative": {
                    "max_delay": 24000,
                    "min_delay": 12000,
                    "sound": "minecraft:music.creative",
                },
                "default": {
                    "max_delay": 24000,
                    "min_delay": 12000,
                    "sound": "minecraft:music.game",
                },
            },
            "minecraft:gameplay/bed_rule": {
                "can_set_spawn": "always",
                "can_sleep": "when_dark",
                "error_message": {"translate": "block.minecraft.bed.no_sleep"},
            },
            "minecraft:gameplay/nether_portal_spawns_piglin": True,
            "minecraft:gameplay/respawn_anchor_works": False,
            "minecraft:visual/cloud_color": "#ccffffff",
            "minecraft:visual/cloud_height": 192.33,
            "minecraft:visual/fog_color": "#c0d8ff",
            "minecraft:visual/sky_color": "#78a7ff",
        },
        "coordinate_scale": 1.0,
        "has_ceiling": False,
        "has_skylight": True,
        "height": dimension.height,
        "infiniburn": "#minecraft:infiniburn_overworld",
        "logical_height": dimension.height,
        "min_y": dimension.min_y,
        "monster_spawn_block_light_limit": 0,
        "monster_spawn_light_level": {
            "type": "minecraft:uniform",
            "max_inclusive": 7,
            "min_inclusive": 0,
        },
        "timelines": "#minecraft:in_overworld",
    }


HEIGHTMAPS = {
    "WORLD_SURFACE": lambda f: np.ones(len(f), dtype=bool),
    "MOTION_BLOCKING": lambda f: (
        (f & (BlockFlag.BLOCKS_MOTION | BlockFlag.LIQUID | BlockFlag.WATERLOGGED)) != 0
    ),
    "MOTION_BLOCKING_NO_LEAVES": lambda f: (
        ((f & (BlockFlag.BLOCKS_MOTION | BlockFlag.LIQUID | BlockFlag.WATERLOGGED)) != 0)
        & ((f & BlockFlag.LEAVES) == 0)
    ),
    "OCEAN_FLOOR": lambda f: (f & BlockFlag.BLOCKS_MOTION) != 0,
}


@cache
def heightmap_masks(blocks: BlockRegistry) -> dict[str, np.ndarray]:
    """Per heightmap type, a bool per state id: does that state count for it."""
    flags = blocks.state_flags.astype(np.int64)
    masks = {name: rule(flags) for name, rule in HEIGHTMAPS.items()}
    masks["WORLD_SURFACE"][AIR] = False
    for name in ("cave_air", "void_air"):
        state = blocks.default_state(name)
        for mask in masks.values():
            mask[state] = False
    return masks


def chunk_nbt(chunk: Chunk, dimension: Dimension, blocks: BlockRegistry) -> dict[str, Any]:
    """Chunk NBT as Minecraft 1.21.11 writes it (minus light, which Minecraft recomputes)."""
    sections = [
        section_nbt(sy, chunk.sections.get(sy), blocks, chunk.biomes.get(sy))
        for sy in dimension.section_range
    ]
    bits = max(1, dimension.height.bit_length())  # ceil(log2(height + 1))
    heightmaps = {
        name: pack_palette_indices(chunk.column_tops(mask, dimension.min_y).reshape(-1), bits)
        for name, mask in heightmap_masks(blocks).items()
    }
    return {
        "DataVersion": Int(blocks.data_version),
        "xPos": Int(chunk.cx),
        "yPos": Int(dimension.min_y >> 4),
        "zPos": Int(chunk.cz),
        "Status": FULL_STATUS,
        "LastUpdate": Long(0),
        "InhabitedTime": Long(0),
        "sections": NBTList(sections, nbt.COMPOUND),
        "Heightmaps": heightmaps,
        "block_entities": NBTList([_block_entity_nbt(be) for be in chunk.block_entities.values()]),
        "block_ticks": NBTList(),
        "fluid_ticks": NBTList(),
        "PostProcessing": NBTList([NBTList() for _ in dimension.section_range], nbt.LIST),
        "structures": {"starts": {}, "References": {}},
    }


def section_nbt(
    sy: int, section: np.ndarray | None, blocks: BlockRegistry, biomes: np.ndarray | None = None
) -> dict[str, Any]:
    """One section: Y, block_states palette (+ packed data), biomes (plains unless given)."""
    if section is None:
        palette_ids, indices = np.array([AIR]), None
    else:
        palette_ids, inverse = np.unique(np.asarray(section).reshape(-1), return_inverse=True)
        indices = inverse if len(palette_ids) > 1 else None
    states: dict[str, Any] = {
        "palette": NBTList([_palette_entry(int(s), blocks) for s in palette_ids], nbt.COMPOUND)
    }
    if indices is not None:
        bits = max(4, (len(palette_ids) - 1).bit_length())
        states["data"] = pack_palette_indices(indices, bits)
    return {
        "Y": Byte(sy),
        "block_states": states,
        "biomes": biomes_nbt(biomes),
    }


def biomes_nbt(cells: np.ndarray | None) -> dict[str, Any]:
    """A section's biome container: a palette of names and, for 2+ names, packed indices of
    the 4x4x4 cells in [y][z][x] order (as few bits as the palette needs)."""
    if cells is None:
        return {"palette": NBTList([DEFAULT_BIOME])}
    names, inverse = np.unique(np.asarray(cells).reshape(-1).astype(str), return_inverse=True)
    out: dict[str, Any] = {"palette": NBTList([str(n) for n in names])}
    if len(names) > 1:
        out["data"] = pack_palette_indices(inverse, (len(names) - 1).bit_length())
    return out


def _palette_entry(state: int, blocks: BlockRegistry) -> dict[str, Any]:
    described = blocks.describe(state)
    entry: dict[str, Any] = {"Name": f"minecraft:{described.name}"}
    if described.properties:
        entry["Properties"] = dict(described.properties)
    return entry


def _block_entity_nbt(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    for key in ("x", "y", "z"):
        out[key] = Int(int(out[key]))
    out.setdefault("keepPacked", Byte(0))
    return out
