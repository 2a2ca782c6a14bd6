"""Building structures: a canvas of absolute block writes, the finished layout, and stamping.

A structure is built once, from its start (a pure function of the seed), onto a ``Canvas``:
later writes win. The resulting ``Layout`` lists every block and block entity in absolute
coordinates; each chunk the structure overlaps stamps the part inside it, so the blocks are the
same whichever chunk is generated first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.structures.loot import chest_entity
from odyssey.world.gen.terrain import MAX_Y, MIN_Y

BlockPos = tuple[int, int, int]
# Horizontal directions clockwise from south, as block-state `facing` values, with (dx, dz).
DIRS = ("south", "west", "north", "east")
STEP = {"south": (0, 1), "west": (-1, 0), "north": (0, -1), "east": (1, 0)}


@cache
def state(spec: str) -> int:
    """State id of a block-state string such as ``red_bed[part=head,facing=north]``."""
    return registry().state(spec)


@dataclass(frozen=True)
class Layout:
    """Every block of one structure: absolute (N, 3) positions (x, y, z), states, block
    entities, the horizontal box it covers (x0, z0, x1, z1, exclusive ends) and an anchor."""

    kind: str
    positions: np.ndarray
    states: np.ndarray
    block_entities: dict[BlockPos, dict[str, Any]]
    box: tuple[int, int, int, int]
    anchor: BlockPos


class Canvas:
    """Absolute block writes for one structure (later writes win)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.blocks: dict[BlockPos, int] = {}
        self.entities: dict[BlockPos, dict[str, Any]] = {}

    def set(self, x: int, y: int, z: int, spec: str | int) -> None:
        if MIN_Y <= y < MAX_Y:
            pos = (x, y, z)
            self.blocks[pos] = state(spec) if isinstance(spec, str) else spec
            self.entities.pop(pos, None)

    def fill(self, lo: BlockPos, hi: BlockPos, spec: str | int) -> None:
        """Fill the box lo..hi (inclusive corners)."""
        sid = state(spec) if isinstance(spec, str) else spec
        for y in range(min(lo[1], hi[1]), max(lo[1], hi[1]) + 1):
            for z in range(min(lo[2], hi[2]), max(lo[2], hi[2]) + 1):
                for x in range(min(lo[0], hi[0]), max(lo[0], hi[0]) + 1):
                    self.set(x, y, z, sid)

    def entity(self, x: int, y: int, z: int, spec: str, data: dict[str, Any]) -> None:
        """A block with a block entity (spawner, bell)."""
        self.set(x, y, z, spec)
        self.entities[(x, y, z)] = {**data, "x": x, "y": y, "z": z}

    def chest(self, x: int, y: int, z: int, facing: str, table: str) -> None:
        """A single chest filled from a loot table (seeded by the world seed and position)."""
        self.set(x, y, z, f"chest[facing={facing},type=single]")
        self.entities[(x, y, z)] = chest_entity(self.seed, table, (x, y, z))

    def layout(self, kind: str, anchor: BlockPos) -> Layout:
        if self.blocks:
            pos = np.array(list(self.blocks), dtype=np.int64)
            states = np.array(list(self.blocks.values()), dtype=np.uint16)
        else:
            pos, states = np.zeros((0, 3), np.int64), np.zeros(0, np.uint16)
        if len(pos):
            box = (
                int(pos[:, 0].min()), int(pos[:, 2].min()),
                int(pos[:, 0].max()) + 1, int(pos[:, 2].max()) + 1,
            )  # fmt: skip
        else:
            box = (anchor[0], anchor[2], anchor[0], anchor[2])
        return Layout(kind, pos, states, dict(self.entities), box, anchor)


@dataclass(frozen=True)
class Ground:
    """Terrain columns over an area from the chunks' own columns: arrays [z][x] from (x0, z0)."""

    x0: int
    z0: int
    height: np.ndarray
    dry: np.ndarray
    biome: np.ndarray

    def h(self, x: int, z: int) -> int:
        return int(self.height[z - self.z0, x - self.x0])

    def rect(self, x0: int, z0: int, x1: int, z1: int) -> tuple[np.ndarray, np.ndarray]:
        """Heights and dryness of columns x0..x1, z0..z1 (inclusive), clipped to the area."""
        sz = slice(max(z0 - self.z0, 0), max(z1 - self.z0 + 1, 0))
        sx = slice(max(x0 - self.x0, 0), max(x1 - self.x0 + 1, 0))
        return self.height[sz, sx], self.dry[sz, sx]

    def inside(self, x0: int, z0: int, x1: int, z1: int) -> bool:
        zs, xs = self.height.shape
        return x0 >= self.x0 and z0 >= self.z0 and x1 < self.x0 + xs and z1 < self.z0 + zs


def ground(seed: int, x0: int, z0: int, x1: int, z1: int) -> Ground:
    """The columns of every chunk covering blocks x0..x1, z0..z1 (inclusive), chunk-aligned."""
    cx0, cz0, cx1, cz1 = x0 >> 4, z0 >> 4, x1 >> 4, z1 >> 4
    nx, nz = (cx1 - cx0 + 1) * 16, (cz1 - cz0 + 1) * 16
    height = np.zeros((nz, nx), np.int64)
    dry = np.zeros((nz, nx), bool)
    biome = np.zeros((nz, nx), np.uint8)
    for cz in range(cz0, cz1 + 1):
        for cx in range(cx0, cx1 + 1):
            cols = chunk_columns(seed, cx, cz)
            sl = (slice((cz - cz0) * 16, (cz - cz0 + 1) * 16),
                  slice((cx - cx0) * 16, (cx - cx0 + 1) * 16))  # fmt: skip
            height[sl], dry[sl], biome[sl] = cols.height, cols.dry, cols.biome
    return Ground(cx0 * 16, cz0 * 16, height, dry, biome)


def stamp(
    layout: Layout,
    cx: int,
    cz: int,
    blocks: np.ndarray,
    entities: dict[BlockPos, dict[str, Any]],
) -> None:
    """Write the part of ``layout`` inside chunk (cx, cz) into its blocks and block entities."""
    x0, z0, x1, z1 = layout.box
    if x1 <= cx * 16 or x0 >= cx * 16 + 16 or z1 <= cz * 16 or z0 >= cz * 16 + 16:
        return
    pos = layout.positions
    lx, lz = pos[:, 0] - cx * 16, pos[:, 2] - cz * 16
    keep = (lx >= 0) & (lx < 16) & (lz >= 0) & (lz < 16)
    blocks[pos[keep, 1] - MIN_Y, lz[keep], lx[keep]] = layout.states[keep]
    if entities:  # an earlier structure's chest or spawner this one builds over goes away
        written = {tuple(p) for p in pos[keep].tolist()}
        for key in [k for k in entities if k in written]:
            del entities[key]
    for (x, y, z), data in layout.block_entities.items():
        if x >> 4 == cx and z >> 4 == cz:
            entities[(x, y, z)] = data
