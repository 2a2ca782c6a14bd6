"""The block registry of Minecraft Java 1.21.11: state ids, properties, collision boxes, flags.

Loaded once from the committed table that ``tools/gen_block_registry.py`` makes from
minecraft-data. Per-state facts live in numpy arrays indexed by state id so that hot paths
(collision, meshing, top-down maps) look them up vectorised.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import dataclass, field
from enum import IntFlag
from functools import cache
from importlib import resources

import numpy as np

from odyssey.errors import BlockStateError

TABLE_FILE = "blocks-1.21.11.json.gz"
AIR = 0


class BlockFlag(IntFlag):
    """Per-state facts later layers ask about (bits stored in ``BlockRegistry.state_flags``)."""

    CLIMBABLE = 1 << 0
    LIQUID = 1 << 1
    DOOR = 1 << 2
    TRAPDOOR = 1 << 3
    FENCE_GATE = 1 << 4
    BUTTON = 1 << 5
    LEVER = 1 << 6
    PRESSURE_PLATE = 1 << 7
    OPENABLE = 1 << 8
    TRANSPARENT = 1 << 9
    REPLACEABLE = 1 << 10
    FENCE = 1 << 11
    WALL = 1 << 12
    SIGN = 1 << 13
    STAIRS = 1 << 14
    SLAB = 1 << 15
    LEAVES = 1 << 16
    BED = 1 << 17
    # Derived per state at load time (not in the table's per-block flags).
    SOLID = 1 << 24  # has collision boxes
    FULL_CUBE = 1 << 25  # collision is exactly the unit cube
    WATERLOGGED = 1 << 26
    OPEN = 1 << 27
    BLOCKS_MOTION = 1 << 28  # vanilla's legacy "solid": what MOTION_BLOCKING heightmaps count


@dataclass(frozen=True)
class BlockType:
    """One block (all of its states): name without namespace, properties in state-id order."""

    index: int
    name: str
    min_state: int
    default_state: int
    properties: tuple[tuple[str, tuple[str, ...]], ...]
    hardness: float | None
    map_color: int
    flags: BlockFlag

    @property
    def state_count(self) -> int:
        count = 1
        for _, values in self.properties:
            count *= len(values)
        return count

    @property
    def max_state(self) -> int:
        return self.min_state + self.state_count - 1


@dataclass(frozen=True)
class BlockState:
    """A block name with its property values: what a palette entry or a state string says."""

    name: str
    properties: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.properties:
            return f"minecraft:{self.name}"
        props = ",".join(f"{k}={v}" for k, v in self.properties)
        return f"minecraft:{self.name}[{props}]"


@dataclass
class ResolveStats:
    """Counts of palette entries that did not match 1.21.11 exactly (for `world info`)."""

    unknown_blocks: Counter[str] = field(default_factory=Counter)
    renamed_blocks: Counter[str] = field(default_factory=Counter)
    unknown_properties: Counter[str] = field(default_factory=Counter)

    @property
    def fallback_count(self) -> int:
        return sum(self.unknown_blocks.values()) + sum(self.unknown_properties.values())


# Blocks vanilla exempts from "blocks motion" although their shape would count.
MOTION_EXCEPTIONS = ("cobweb", "bamboo_sapling")

# Blocks renamed between 1.18 and 1.21.11 (old name -> 1.21.11 name).
RENAMED_BLOCKS = {
    "grass": "short_grass",  # 1.20.3
    "chain": "iron_chain",  # 1.21.9
}


def strip_namespace(name: str) -> str:
    """'minecraft:stone' -> 'stone'; other namespaces are kept so they stay unknown."""
    return name[10:] if name.startswith("minecraft:") else name


def parse_state_string(text: str) -> BlockState:
    """Parse Minecraft's block-state syntax: ``minecraft:oak_door[half=upper,open=true]``."""
    spec = text.strip()
    props: list[tuple[str, str]] = []
    if "[" in spec:
        if not spec.endswith("]"):
            raise BlockStateError(f"block state {text!r}: expected ']' at the end")
        spec, inner = spec[:-1].split("[", 1)
        for part in filter(None, (p.strip() for p in inner.split(","))):
            key, sep, value = part.partition("=")
            if not sep or not key.strip() or not value.strip():
                raise BlockStateError(
                    f"block state {text!r}: expected 'property=value', got {part!r}"
                )
            props.append((key.strip(), value.strip()))
    name = strip_namespace(spec.strip())
    if not name:
        raise BlockStateError(f"block state {text!r}: missing block name")
    return BlockState(name, tuple(props))


class BlockRegistry:
    """All block states of one Minecraft version with vectorised per-state tables."""

    def __init__(self, table: dict) -> None:
        self.version: str = table["version"]
        self.data_version: int = table["data_version"]
        self.source: str = table["source"]
        self.blocks: tuple[BlockType, ...] = tuple(
            BlockType(
                index=i,
                name=b["name"],
                min_state=b["min_state"],
                default_state=b["default_state"],
                properties=tuple((k, tuple(v)) for k, v in b["props"]),
                hardness=b["hardness"],
                map_color=b["map_color"],
                flags=BlockFlag(b["flags"]),
            )
            for i, b in enumerate(table["blocks"])
        )
        self._by_name = {b.name: b for b in self.blocks}
        self.state_count = self.blocks[-1].max_state + 1
        self.map_color_rgb = _map_color_rgb(table["map_colors"])
        self._build_state_tables(table)
        self._resolve_cache: dict[tuple[str, tuple[tuple[str, str], ...]], int] = {}

    def _build_state_tables(self, table: dict) -> None:
        n = self.state_count
        self.state_block = np.zeros(n, dtype=np.int32)
        self.state_shape = np.zeros(n, dtype=np.int32)
        for block, raw in zip(self.blocks, table["blocks"], strict=True):
            span = slice(block.min_state, block.max_state + 1)
            self.state_block[span] = block.index
            self.state_shape[span] = raw["shapes"]
        shapes = table["shapes"]
        counts = np.array([len(s) for s in shapes], dtype=np.int32)
        self.shape_box_start = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
        self.shape_box_count = counts
        self.boxes = np.array([box for s in shapes for box in s], dtype=np.float32).reshape(-1, 6)
        block_flags = np.array([b.flags for b in self.blocks], dtype=np.uint32)
        flags = block_flags[self.state_block]
        box_count = counts[self.state_shape]
        flags[box_count > 0] |= np.uint32(BlockFlag.SOLID)
        full = np.zeros(len(shapes), dtype=bool)
        for i, s in enumerate(shapes):
            full[i] = s == [[0.0, 0.0, 0.0, 1.0, 1.0, 1.0]]
        flags[full[self.state_shape]] |= np.uint32(BlockFlag.FULL_CUBE)
        flags[_blocks_motion(shapes)[self.state_shape]] |= np.uint32(BlockFlag.BLOCKS_MOTION)
        cobweb_like = np.isin(self.state_block, [self.block(n).index for n in MOTION_EXCEPTIONS])
        flags[cobweb_like] &= ~np.uint32(BlockFlag.BLOCKS_MOTION)
        flags |= self._property_flags("waterlogged", BlockFlag.WATERLOGGED)
        flags |= self._property_flags("open", BlockFlag.OPEN)
        self.state_flags = flags
        self.state_map_color = np.array([b.map_color for b in self.blocks], np.uint8)[
            self.state_block
        ]
        # Light a block gives off and how much it takes from light passing through (0..15),
        # per block as minecraft-data lists them; state-dependent cases are the render layer's.
        raw_blocks = table["blocks"]
        self.state_emit_light = np.array([b["emit_light"] for b in raw_blocks], np.uint8)[
            self.state_block
        ]
        self.state_filter_light = np.array([b["filter_light"] for b in raw_blocks], np.uint8)[
            self.state_block
        ]

    def _property_flags(self, prop: str, flag: BlockFlag) -> np.ndarray:
        """A flag set on every state whose boolean property ``prop`` is true."""
        out = np.zeros(self.state_count, dtype=np.uint32)
        for block in self.blocks:
            names = [k for k, _ in block.properties]
            if prop not in names:
                continue
            for state in range(block.min_state, block.max_state + 1):
                if self.properties(state)[prop] == "true":
                    out[state] = flag
        return out

    # -- look-ups -------------------------------------------------------------------------------

    def block(self, name: str) -> BlockType:
        """The block type called ``name`` (with or without the ``minecraft:`` namespace)."""
        try:
            return self._by_name[strip_namespace(name)]
        except KeyError:
            raise BlockStateError(f"unknown block {name!r} in Minecraft {self.version}") from None

    def block_of(self, state_id: int) -> BlockType:
        """The block type a state id belongs to."""
        self._check_state(state_id)
        return self.blocks[int(self.state_block[state_id])]

    def state(self, spec: str) -> int:
        """State id of a block-state string; unspecified properties take the default's values."""
        parsed = parse_state_string(spec)
        return self.state_of(parsed.name, dict(parsed.properties), strict=True)

    def state_of(self, name: str, properties: dict[str, str] | None = None, *, strict=True) -> int:
        """State id of a block with some property values (the rest from the default state).

        With ``strict`` an unknown property or value raises; otherwise it is ignored.
        """
        block = self.block(name)
        values = self.properties(block.default_state)
        for key, value in (properties or {}).items():
            allowed = dict(block.properties).get(key)
            if allowed is None or str(value) not in allowed:
                if strict:
                    expected = ", ".join(f"{k}={'|'.join(v)}" for k, v in block.properties)
                    raise BlockStateError(
                        f"block {block.name}: invalid property {key}={value!r}"
                        f" (expected {expected or 'no properties'})"
                    )
                continue
            values[key] = str(value)
        return self._encode(block, values)

    def _encode(self, block: BlockType, values: dict[str, str]) -> int:
        offset = 0
        for key, allowed in block.properties:
            offset = offset * len(allowed) + allowed.index(values[key])
        return block.min_state + offset

    def properties(self, state_id: int) -> dict[str, str]:
        """Property values of a state, in the block's property order."""
        block = self.block_of(state_id)
        offset = state_id - block.min_state
        out: list[tuple[str, str]] = []
        for key, allowed in reversed(block.properties):
            offset, index = divmod(offset, len(allowed))
            out.append((key, allowed[index]))
        return dict(reversed(out))

    def describe(self, state_id: int) -> BlockState:
        """The block state (name and properties) of a state id."""
        return BlockState(self.block_of(state_id).name, tuple(self.properties(state_id).items()))

    def state_string(self, state_id: int) -> str:
        """Block-state string, e.g. ``minecraft:oak_slab[type=top,waterlogged=false]``."""
        return str(self.describe(state_id))

    def default_state(self, name: str) -> int:
        """Default state id of a block name."""
        return self.block(name).default_state

    def collision_boxes(self, state_id: int) -> np.ndarray:
        """Collision boxes of a state as a (k, 6) float32 array of min xyz, max xyz in the block."""
        self._check_state(state_id)
        shape = self.state_shape[state_id]
        start = self.shape_box_start[shape]
        return self.boxes[start : start + self.shape_box_count[shape]]

    def has_flag(self, state_id: int, flag: BlockFlag) -> bool:
        """Whether a state has a flag."""
        self._check_state(state_id)
        return bool(self.state_flags[state_id] & flag)

    def map_color(self, state_id: int) -> tuple[int, int, int]:
        """Base map colour (RGB) of a state; (0, 0, 0) where maps see through it."""
        return tuple(int(c) for c in self.map_color_rgb[self.state_map_color[state_id]])

    def resolve(
        self, name: str, properties: dict[str, str] | None, stats: ResolveStats | None = None
    ) -> int:
        """State id for a palette entry from any version, falling back by name and counting it.

        Renamed blocks map to their new names; unknown properties or values fall back to the
        default state's; unknown blocks become air, as vanilla does with unknown palette entries.
        """
        key = (name, tuple(sorted((properties or {}).items())))
        cached = self._resolve_cache.get(key)
        if cached is not None and stats is None:
            return cached
        short = strip_namespace(name)
        if short not in self._by_name and short in RENAMED_BLOCKS:
            if stats is not None:
                stats.renamed_blocks[name] += 1
            short = RENAMED_BLOCKS[short]
        if short not in self._by_name or ":" in short:
            if stats is not None:
                stats.unknown_blocks[name] += 1
            state = AIR
        else:
            block = self._by_name[short]
            props = properties or {}
            allowed = dict(block.properties)
            if stats is not None:
                for k, v in props.items():
                    if k not in allowed or str(v) not in allowed[k]:
                        stats.unknown_properties[f"{short}[{k}={v}]"] += 1
            state = self.state_of(short, props, strict=False)
        self._resolve_cache[key] = state
        return state

    def _check_state(self, state_id: int) -> None:
        if not 0 <= state_id < self.state_count:
            raise BlockStateError(
                f"state id {state_id} out of range for Minecraft {self.version}"
                f" (0..{self.state_count - 1})"
            )


def _blocks_motion(shapes: list[list[list[float]]]) -> np.ndarray:
    """Vanilla's legacy solidity per shape: bounds average >= 0.729 (35/48) or full height."""
    out = np.zeros(len(shapes), dtype=bool)
    for i, boxes in enumerate(shapes):
        if boxes:
            b = np.array(boxes)
            size = b[:, 3:].max(axis=0) - b[:, :3].min(axis=0)
            out[i] = size.mean() >= 0.7291666666666666 or size[1] >= 1.0
    return out


def _map_color_rgb(entries: list[list]) -> np.ndarray:
    rgb = np.zeros((max(e[0] for e in entries) + 1, 3), dtype=np.uint8)
    for index, _, value in entries:
        rgb[index] = ((value >> 16) & 255, (value >> 8) & 255, value & 255)
    return rgb


@cache
def registry() -> BlockRegistry:
    """The 1.21.11 block registry (loaded once per process)."""
    raw = resources.files("odyssey.data").joinpath(TABLE_FILE).read_bytes()
    return BlockRegistry(json.loads(gzip.decompress(raw)))
