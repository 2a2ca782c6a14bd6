"""A world's blocks: sparse chunks of 16³ sections, read lazily from a source, bounded cache.

Memory follows what exists: chunks are created where blocks are set or loaded, never by bounding
box, so coordinates in the millions cost nothing. A world opened from disk keeps at most
``cache_chunks`` unchanged chunks in memory (least recently used are dropped and re-read when
needed); changed chunks stay until saved.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from odyssey.errors import BlockStateError, WorldError
from odyssey.world.blocks import AIR, BlockRegistry, registry
from odyssey.world.chunk import STATE_DTYPE, BlockPos, Chunk
from odyssey.world.leveldat import LevelInfo

VANILLA_MIN_Y, VANILLA_HEIGHT = -64, 384
CHANGE_LOG_SIZE = 4096  # changed boxes remembered for views that refresh incrementally

Box = tuple[
    int, int, int, int, int, int
]  # x0, y0, z0, x1, y1, z1 (lower corner inclusive, upper exclusive)


@dataclass(frozen=True)
class Dimension:
    """Vertical extent of a dimension: blocks exist for min_y <= y < min_y + height."""

    min_y: int = VANILLA_MIN_Y
    height: int = VANILLA_HEIGHT
    name: str = "minecraft:overworld"

    def __post_init__(self) -> None:
        if self.min_y % 16 or self.height % 16 or self.height <= 0:
            raise WorldError(
                f"dimension {self.name}: min_y ({self.min_y}) and height ({self.height})"
                " must be multiples of 16, height positive"
            )

    @property
    def max_y(self) -> int:
        """One above the highest block y."""
        return self.min_y + self.height

    @property
    def section_range(self) -> range:
        """Section y indices of the dimension."""
        return range(self.min_y >> 4, self.max_y >> 4)


class ChunkSource(Protocol):
    """Where a world's chunks come from when they are not in memory (an Anvil folder)."""

    def positions(self) -> Iterable[tuple[int, int]]: ...

    def load(self, cx: int, cz: int) -> Chunk | None: ...


class World:
    """Blocks, block entities and level info of one dimension of a world."""

    def __init__(
        self,
        dimension: Dimension | None = None,
        info: LevelInfo | None = None,
        source: ChunkSource | None = None,
        blocks: BlockRegistry | None = None,
        cache_chunks: int = 2048,
    ) -> None:
        self.dimension = dimension or Dimension()
        self.info = info or LevelInfo()
        self.source = source
        self.registry = blocks or registry()
        self.cache_chunks = cache_chunks
        self._chunks: OrderedDict[tuple[int, int], Chunk] = OrderedDict()
        # the same dict, for hot loops that only read what is in memory (``loaded_chunk``
        # without the call); never changed through this name
        self.in_memory: OrderedDict[tuple[int, int], Chunk] = self._chunks
        self._missing: set[tuple[int, int]] = set()
        self.revision = 0  # bumped on every change, so views of the blocks know to refresh
        self._changes: deque[tuple[int, Box]] = deque(maxlen=CHANGE_LOG_SIZE)

    # -- chunks -------------------------------------------------------------------------------

    def chunk(self, cx: int, cz: int, create: bool = False) -> Chunk | None:
        """The chunk at (cx, cz), loading it from the source; with ``create`` never None."""
        key = (cx, cz)
        chunk = self._chunks.get(key)
        if chunk is not None:
            self._chunks.move_to_end(key)
            return chunk
        if self.source is not None and key not in self._missing:
            chunk = self.source.load(cx, cz)
            if chunk is None:
                self._missing.add(key)
        if chunk is None and create:
            chunk = Chunk(cx, cz, data_version=self.info.data_version, dirty=True)
            self._missing.discard(key)
        if chunk is not None:
            self._chunks[key] = chunk
            self._evict(keep=key)
        return chunk

    def loaded_chunk(self, cx: int, cz: int) -> Chunk | None:
        """The chunk at (cx, cz) if it is in memory now (never loads or generates one)."""
        return self._chunks.get((cx, cz))

    def _evict(self, keep: tuple[int, int] | None = None) -> None:
        """Drop least recently used unchanged chunks beyond the cache size (never ``keep``,
        never a changed one: when all are changed the cache grows instead)."""
        if self.source is None or len(self._chunks) <= self.cache_chunks:
            return
        for key in list(self._chunks):
            if len(self._chunks) <= self.cache_chunks:
                break
            if key != keep and not self._chunks[key].dirty:
                del self._chunks[key]

    def chunk_positions(self) -> list[tuple[int, int]]:
        """Every chunk the world has, in memory or in its source, sorted."""
        keys = set(self._chunks)
        if self.source is not None:
            keys.update(self.source.positions())
        return sorted(keys)

    def chunks(self, positions: Iterable[tuple[int, int]] | None = None) -> Iterator[Chunk]:
        """Iterate over every present chunk (or those at ``positions``); ones not in memory are
        read without caching them, so a pass over a large world stays within memory."""
        for key in self.chunk_positions() if positions is None else positions:
            chunk = self._chunks.get(key)
            if chunk is None and self.source is not None and key not in self._missing:
                chunk = self.source.load(*key)
                if chunk is None:
                    self._missing.add(key)
            if chunk is not None:
                yield chunk

    def loaded_chunk_count(self) -> int:
        """How many chunks are in memory now."""
        return len(self._chunks)

    # -- single blocks ------------------------------------------------------------------------

    def state_id(self, state: int | str) -> int:
        """A state id from an id or a block-state string."""
        if isinstance(state, str):
            return self.registry.state(state)
        if not 0 <= int(state) < self.registry.state_count:
            raise BlockStateError(f"state id {state} is out of range")
        return int(state)

    def get_block(self, x: int, y: int, z: int) -> int:
        """State id at (x, y, z); air outside the world or in missing chunks."""
        chunk = self.chunk(x >> 4, z >> 4)
        return AIR if chunk is None else chunk.get(x, y, z)

    def peek_block(self, x: int, y: int, z: int) -> int:
        """``get_block`` for hot loops: a chunk in memory is read without the cache's recency
        bookkeeping (others load the ordinary way)."""
        chunk = self._chunks.get((x >> 4, z >> 4))
        if chunk is None:
            return self.get_block(x, y, z)
        section = chunk.sections.get(y >> 4)
        # one flat index into the [y][z][x] section: cheaper than three
        return AIR if section is None else section.item((y & 15) << 8 | (z & 15) << 4 | (x & 15))

    def set_block(self, x: int, y: int, z: int, state: int | str) -> None:
        """Set the block at (x, y, z) to a state id or block-state string."""
        self._check_y(y, y + 1)
        chunk = self.chunk(x >> 4, z >> 4, create=True)
        assert chunk is not None
        chunk.set(x, y, z, self.state_id(state))
        self._changed((x, y, z, x + 1, y + 1, z + 1))

    def replace_block(self, x: int, y: int, z: int, state: int) -> int | None:
        """``get_block`` then ``set_block(x, y, z, state)`` with one chunk look-up: the state
        that was there. Only for an int state id in range, a y inside the world and a chunk in
        memory (the hot path of a game changing blocks); None, changing nothing, otherwise (the
        caller then makes the two calls, with their loading and errors)."""
        key = (x >> 4, z >> 4)
        chunk = self._chunks.get(key)
        low = self.dimension.min_y  # with height: max_y without the property's call
        if (chunk is None or type(state) is not int or not 0 <= state < self.registry.state_count
                or not low <= y < low + self.dimension.height):  # fmt: skip
            return None
        self._chunks.move_to_end(key)  # the recency get_block and set_block both give it
        section = chunk.sections.get(y >> 4)
        old = AIR if section is None else section.item((y & 15) << 8 | (z & 15) << 4 | (x & 15))
        chunk.set(x, y, z, state)
        self._changed((x, y, z, x + 1, y + 1, z + 1))
        return old

    def _changed(self, box: Box) -> None:
        self.revision += 1
        self._changes.append((self.revision, box))

    def changes_since(self, revision: int) -> list[Box] | None:
        """Boxes changed after ``revision``; None when the log no longer reaches that far back
        (the caller must then refresh everything)."""
        if revision >= self.revision:
            return []
        if not self._changes or self._changes[0][0] > revision + 1:
            return None
        out = []
        for rev, box in reversed(self._changes):  # newest first: stop at the first one seen
            if rev <= revision:
                break
            out.append(box)
        out.reverse()
        return out

    def _check_y(self, y0: int, y1: int) -> None:
        if y0 < self.dimension.min_y or y1 > self.dimension.max_y:
            raise WorldError(
                f"y {y0}..{y1 - 1} is outside the world height"
                f" {self.dimension.min_y}..{self.dimension.max_y - 1}"
            )

    # -- boxes --------------------------------------------------------------------------------

    def get_box(self, lo: BlockPos, hi: BlockPos) -> np.ndarray:
        """States in the box lo <= (x, y, z) < hi as an array indexed [y][z][x]."""
        (x0, y0, z0), (x1, y1, z1) = lo, hi
        out = np.zeros((max(y1 - y0, 0), max(z1 - z0, 0), max(x1 - x0, 0)), dtype=STATE_DTYPE)
        for chunk, xs, zs in self._chunks_in(x0, z0, x1, z1, create=False):
            for sy, section in chunk.sections.items():
                ya, yb = max(y0, sy * 16), min(y1, sy * 16 + 16)
                if ya >= yb:
                    continue
                out[ya - y0 : yb - y0, zs[0] - z0 : zs[1] - z0, xs[0] - x0 : xs[1] - x0] = section[
                    ya & 15 : ((yb - 1) & 15) + 1,
                    zs[0] & 15 : ((zs[1] - 1) & 15) + 1,
                    xs[0] & 15 : ((xs[1] - 1) & 15) + 1,
                ]
        return out

    def set_box(self, lo: BlockPos, blocks: np.ndarray) -> None:
        """Write an array of states indexed [y][z][x] with its lowest corner at ``lo``."""
        x0, y0, z0 = lo
        blocks = np.asarray(blocks)
        if blocks.ndim != 3:
            raise WorldError(f"set_box expects a 3-D [y][z][x] array, got shape {blocks.shape}")
        if blocks.size == 0:
            return
        if blocks.dtype.kind not in "iu":
            raise BlockStateError(f"set_box expects integer state ids, got {blocks.dtype}")
        low, high = int(blocks.min()), int(blocks.max())
        if low < 0 or high >= self.registry.state_count:
            raise BlockStateError(f"set_box: state ids {low}..{high} are out of range")
        dy, dz, dx = blocks.shape
        self._check_y(y0, y0 + dy)
        for cx, cz, xs, zs in _columns_in(x0, z0, x0 + dx, z0 + dz):
            column = blocks[:, zs[0] - z0 : zs[1] - z0, xs[0] - x0 : xs[1] - x0]
            chunk = self.chunk(cx, cz, create=bool(column.any()))
            if chunk is None:
                continue  # only air for a chunk that does not exist: nothing to create
            for sy in range(y0 >> 4, ((y0 + dy - 1) >> 4) + 1):
                ya, yb = max(y0, sy * 16), min(y0 + dy, sy * 16 + 16)
                part = column[ya - y0 : yb - y0]
                if sy not in chunk.sections and not part.any():
                    continue
                section = chunk.writable_section(sy)
                section[
                    ya & 15 : ((yb - 1) & 15) + 1,
                    zs[0] & 15 : ((zs[1] - 1) & 15) + 1,
                    xs[0] & 15 : ((xs[1] - 1) & 15) + 1,
                ] = part
            chunk.dirty = True
            chunk.compact()
        self._changed((x0, y0, z0, x0 + dx, y0 + dy, z0 + dz))

    def fill(self, lo: BlockPos, hi: BlockPos, state: int | str) -> None:
        """Fill the box lo <= (x, y, z) < hi with one state."""
        shape = (hi[1] - lo[1], hi[2] - lo[2], hi[0] - lo[0])
        if min(shape) <= 0:
            return
        self.set_box(lo, np.broadcast_to(STATE_DTYPE(self.state_id(state)), shape))

    def _chunks_in(
        self, x0: int, z0: int, x1: int, z1: int, create: bool
    ) -> Iterator[tuple[Chunk, tuple[int, int], tuple[int, int]]]:
        """Chunks overlapping x0 <= x < x1, z0 <= z < z1 with the x and z spans inside each."""
        for cx, cz, xs, zs in _columns_in(x0, z0, x1, z1):
            chunk = self.chunk(cx, cz, create=create)
            if chunk is not None:
                yield chunk, xs, zs

    # -- block entities and heights -----------------------------------------------------------

    def block_entity(self, x: int, y: int, z: int) -> dict[str, Any] | None:
        """The block entity (sign text, chest contents, ...) at (x, y, z), if any."""
        chunk = self.chunk(x >> 4, z >> 4)
        return None if chunk is None else chunk.block_entities.get((x, y, z))

    def set_block_entity(self, x: int, y: int, z: int, data: dict[str, Any]) -> None:
        """Attach a block entity (its ``id`` and contents; the position is filled in)."""
        if "id" not in data:
            raise WorldError(
                f"block entity at ({x}, {y}, {z}) needs an 'id' such as 'minecraft:sign'"
            )
        chunk = self.chunk(x >> 4, z >> 4, create=True)
        assert chunk is not None
        chunk.block_entities[(x, y, z)] = {**data, "x": x, "y": y, "z": z}
        chunk.dirty = True
        self._changed((x, y, z, x + 1, y + 1, z + 1))  # views redraw what it shows (sign text)

    def surface_heights(self, x0: int, z0: int, x1: int, z1: int) -> np.ndarray:
        """Y of the highest non-air block per column of x0 <= x < x1, z0 <= z < z1, as [z][x];
        ``min_y - 1`` where a column is empty or its chunk is missing."""
        out = np.full((max(z1 - z0, 0), max(x1 - x0, 0)), self.dimension.min_y - 1, np.int64)
        solid = np.ones(self.registry.state_count, dtype=bool)
        solid[AIR] = False
        for chunk, xs, zs in self._chunks_in(x0, z0, x1, z1, create=False):
            tops, _ = chunk.surface(solid, self.dimension.min_y)
            part = tops[zs[0] & 15 : ((zs[1] - 1) & 15) + 1, xs[0] & 15 : ((xs[1] - 1) & 15) + 1]
            out[zs[0] - z0 : zs[1] - z0, xs[0] - x0 : xs[1] - x0] = part
        return out

    def top_y(self, x: int, z: int) -> int | None:
        """Y of the highest non-air block in column (x, z), or None if the column is empty."""
        chunk = self.chunk(x >> 4, z >> 4)
        if chunk is None:
            return None
        for sy in sorted(chunk.sections, reverse=True):
            column = chunk.sections[sy][:, z & 15, x & 15]
            solid = np.flatnonzero(column != AIR)
            if len(solid):
                return sy * 16 + int(solid[-1])
        return None


def _columns_in(
    x0: int, z0: int, x1: int, z1: int
) -> Iterator[tuple[int, int, tuple[int, int], tuple[int, int]]]:
    """Chunk columns overlapping x0 <= x < x1, z0 <= z < z1, with the x and z spans in each."""
    if x1 <= x0 or z1 <= z0:
        return
    for cz in range(z0 >> 4, ((z1 - 1) >> 4) + 1):
        for cx in range(x0 >> 4, ((x1 - 1) >> 4) + 1):
            yield (
                cx,
                cz,
                (max(x0, cx * 16), min(x1, cx * 16 + 16)),
                (max(z0, cz * 16), min(z1, cz * 16 + 16)),
            )
