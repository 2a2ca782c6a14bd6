"""One chunk column: a sparse set of 16³ sections of state ids, plus block entities.

Sections are (16, 16, 16) uint16 arrays indexed [y][z][x], as in Anvil. A section filled with
one state is kept as a read-only broadcast of that state (no memory per block) and copied on
first write; all-air sections are not kept at all, so memory follows what exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from odyssey.world.blocks import AIR

SECTION_SHAPE = (16, 16, 16)
STATE_DTYPE = np.uint16
FULL_STATUS = "minecraft:full"
FULL_STATUSES = ("full", FULL_STATUS)
DEFAULT_BIOME = "minecraft:plains"
BIOME_SHAPE = (4, 4, 4)

BlockPos = tuple[int, int, int]


def uniform_section(state: int) -> np.ndarray:
    """A read-only section of one state that costs no per-block memory."""
    return np.broadcast_to(STATE_DTYPE(state), SECTION_SHAPE)


def compact_section(blocks: np.ndarray) -> np.ndarray | None:
    """Store a section compactly: None if all air, a broadcast if uniform, else the array."""
    first = blocks.flat[0]
    if (blocks == first).all():
        return None if first == AIR else uniform_section(int(first))
    return blocks


@dataclass
class Chunk:
    """A chunk column at (cx, cz): sections by section y, block entities by absolute position."""

    cx: int
    cz: int
    data_version: int = 0
    status: str = FULL_STATUS
    sections: dict[int, np.ndarray] = field(default_factory=dict)
    block_entities: dict[BlockPos, dict[str, Any]] = field(default_factory=dict)
    # biome names ("minecraft:plains") of each section's 4x4x4 cells, [y][z][x], by section y;
    # sections without an entry are written as plains
    biomes: dict[int, np.ndarray] = field(default_factory=dict)
    dirty: bool = False  # changed since loaded: kept in memory until saved

    @property
    def is_full(self) -> bool:
        """Whether the chunk finished generation (only those count as terrain)."""
        return self.status in FULL_STATUSES

    def get(self, x: int, y: int, z: int) -> int:
        """State at absolute (x, y, z); air where no section exists."""
        section = self.sections.get(y >> 4)
        return AIR if section is None else section.item(y & 15, z & 15, x & 15)

    def writable_section(self, sy: int) -> np.ndarray:
        """The section at ``sy`` as a writable array, creating or un-sharing it first."""
        section = self.sections.get(sy)
        if section is None:
            section = np.zeros(SECTION_SHAPE, dtype=STATE_DTYPE)
            self.sections[sy] = section
        elif not section.flags.writeable:
            section = np.array(section, dtype=STATE_DTYPE)
            self.sections[sy] = section
        return section

    def biome(self, x: int, y: int, z: int) -> str:
        """Biome name of the 4x4x4 cell holding absolute (x, y, z); plains where none is set."""
        cells = self.biomes.get(y >> 4)
        if cells is None:
            return DEFAULT_BIOME
        return str(cells[(y & 15) >> 2, (z & 15) >> 2, (x & 15) >> 2])

    def set(self, x: int, y: int, z: int, state: int) -> None:
        """Set the state at absolute (x, y, z)."""
        if state == AIR and (y >> 4) not in self.sections:
            return
        self.writable_section(y >> 4)[y & 15, z & 15, x & 15] = state
        self.dirty = True

    def compact(self) -> None:
        """Drop all-air sections and share uniform ones (after bulk writes)."""
        for sy in list(self.sections):
            packed = compact_section(self.sections[sy])
            if packed is None:
                del self.sections[sy]
            else:
                self.sections[sy] = packed

    def surface(
        self, mask_of_states: np.ndarray, min_y: int, ceiling_y: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Per (z, x) column: the highest y whose state is in the mask, and that state.

        ``mask_of_states`` is a bool per state id. Columns without such a block get y = min_y - 1
        and state air. ``ceiling_y``: ignore blocks above it (a floor seen under its roof).
        """
        tops = np.full((16, 16), min_y - 1, dtype=np.int64)
        states = np.zeros((16, 16), dtype=STATE_DTYPE)
        pending = np.ones((16, 16), dtype=bool)
        for sy in sorted(self.sections, reverse=True):
            if ceiling_y is not None and sy * 16 > ceiling_y:
                continue
            section = self.sections[sy]
            hits = mask_of_states[section]  # (y, z, x)
            if ceiling_y is not None and sy * 16 + 15 > ceiling_y:
                hits = hits.copy()
                hits[ceiling_y - sy * 16 + 1 :] = False
            found = hits.any(axis=0) & pending
            if not found.any():
                continue
            highest = 15 - np.argmax(hits[::-1], axis=0)
            zs, xs = np.nonzero(found)
            tops[zs, xs] = sy * 16 + highest[zs, xs]
            states[zs, xs] = section[highest[zs, xs], zs, xs]
            pending &= ~found
            if not pending.any():
                break
        return tops, states

    def column_tops(self, mask_of_states: np.ndarray, min_y: int) -> np.ndarray:
        """Anvil heightmap values per (z, x): 1 + highest matching y - min_y, 0 if none."""
        tops, _ = self.surface(mask_of_states, min_y)
        return tops - min_y + 1
