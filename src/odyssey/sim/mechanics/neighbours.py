"""Reading the six neighbours of a block at once (the hot loops of block updates and redstone
power): the same states ``World.peek_block`` gives one by one, with one chunk look-up instead of
six. Only for reads with nothing changing the world in between (a pure question, or the first
of a batch whose later reads are redone once a handler ran).

Where a chunk is not in memory (the neighbour's, or the block's own: then all six) the answer
is ``NOT_LOADED``: the caller reads that neighbour with ``peek_block`` (which may load the
chunk) when it comes to it, so chunks load just when the reads one by one would load them (an
early answer may never get there).
"""

from __future__ import annotations

Pos = tuple[int, int, int]
NOT_LOADED = -1


def around(world, x: int, y: int, z: int) -> tuple[int, int, int, int, int, int]:
    """The states of the six neighbours of (x, y, z) in vanilla's neighbour update order (west,
    east, down, up, north, south), as ``World.peek_block`` reads them, straight from the
    sections of the chunks in memory (``NOT_LOADED`` where a chunk is not)."""
    chunk = world.in_memory.get((x >> 4, z >> 4))  # loaded_chunk without the call
    lx, lz = x & 15, z & 15
    if chunk is None or not (0 < lx < 15 and 0 < lz < 15):
        return _at_edge(world, chunk, x, y, z)
    sections = chunk.sections
    sy, ly = y >> 4, y & 15
    section = sections.get(sy)
    if section is None:
        return _at_edge(world, chunk, x, y, z)
    item = section.item
    i = ly << 8 | lz << 4 | lx  # the flat [y][z][x] index peek_block reads
    if 0 < ly < 15:  # all six in this section (the usual case)
        return item(i - 1), item(i + 1), item(i - 256), item(i + 256), item(i - 16), item(i + 16)
    if ly == 0:
        other = sections.get(sy - 1)
        down = 0 if other is None else other.item(i | 0xF00)
    else:
        down = item(i - 256)
    if ly == 15:
        other = sections.get(sy + 1)
        up = 0 if other is None else other.item(i & 0xFF)
    else:
        up = item(i + 256)
    return item(i - 1), item(i + 1), down, up, item(i - 16), item(i + 16)


def _at_edge(world, chunk, x: int, y: int, z: int) -> tuple[int, int, int, int, int, int]:
    """``around`` at a chunk's edge, in an all-air section or a chunk not in memory."""
    if chunk is None:
        return (NOT_LOADED,) * 6
    sections = chunk.sections
    sy, lx, ly, lz = y >> 4, x & 15, y & 15, z & 15
    i = ly << 8 | lz << 4 | lx
    section = sections.get(sy)
    if ly == 0:
        other = sections.get(sy - 1)
        down = 0 if other is None else other.item(i | 0xF00)
    else:
        down = 0 if section is None else section.item(i - 256)
    if ly == 15:
        other = sections.get(sy + 1)
        up = 0 if other is None else other.item(i & 0xFF)
    else:
        up = 0 if section is None else section.item(i + 256)
    if section is None:  # all air
        west = _across(world, x - 1, y, z) if lx == 0 else 0
        east = _across(world, x + 1, y, z) if lx == 15 else 0
        north = _across(world, x, y, z - 1) if lz == 0 else 0
        south = _across(world, x, y, z + 1) if lz == 15 else 0
    else:
        item = section.item
        west = _across(world, x - 1, y, z) if lx == 0 else item(i - 1)
        east = _across(world, x + 1, y, z) if lx == 15 else item(i + 1)
        north = _across(world, x, y, z - 1) if lz == 0 else item(i - 16)
        south = _across(world, x, y, z + 1) if lz == 15 else item(i + 16)
    return west, east, down, up, north, south


def _across(world, x: int, y: int, z: int) -> int:
    """The block at (x, y, z) in another chunk, if that chunk is in memory."""
    chunk = world.in_memory.get((x >> 4, z >> 4))  # loaded_chunk without the call
    if chunk is None:
        return NOT_LOADED
    section = chunk.sections.get(y >> 4)
    return 0 if section is None else section.item((y & 15) << 8 | (z & 15) << 4 | (x & 15))
