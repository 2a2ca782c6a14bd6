"""``neighbours.around``: the six neighbours read at once are the states ``World.peek_block``
reads one by one, across section and chunk borders and in all-air sections, and a chunk that is
not in memory is never loaded by it (``NOT_LOADED``: the caller reads that one itself)."""

from __future__ import annotations

import random

from odyssey.sim.blockupdates import NEIGHBOURS
from odyssey.sim.mechanics.neighbours import NOT_LOADED, around
from odyssey.world.chunk import Chunk
from odyssey.world.storage import World


def _world() -> World:
    """Random blocks in 3 × 3 chunks around the origin, over several sections."""
    world = World()
    rnd = random.Random(7)
    stone, dirt = world.state_id("stone"), world.state_id("dirt")
    for _ in range(6000):
        x, y, z = rnd.randint(-16, 31), rnd.randint(40, 90), rnd.randint(-16, 31)
        world.set_block(x, y, z, rnd.choice((stone, dirt)))
    return world


def test_around_reads_what_peek_block_reads() -> None:
    world = _world()
    rnd = random.Random(3)
    edges = (-17, -16, -1, 0, 15, 16, 31, 32)
    seen = 0
    for _ in range(4000):
        x = rnd.choice(edges) if rnd.random() < 0.4 else rnd.randint(-20, 35)
        z = rnd.choice(edges) if rnd.random() < 0.4 else rnd.randint(-20, 35)
        y = rnd.choice((47, 48, 63, 64, 95, 96, 200)) if rnd.random() < 0.5 else rnd.randint(38, 92)
        got = around(world, x, y, z)
        for (dx, dy, dz), state in zip(NEIGHBOURS, got, strict=True):
            if state == NOT_LOADED:  # a chunk (the block's or the neighbour's) not in memory
                assert (
                    world.loaded_chunk(x >> 4, z >> 4) is None
                    or world.loaded_chunk((x + dx) >> 4, (z + dz) >> 4) is None
                )
                continue
            assert state == world.peek_block(x + dx, y + dy, z + dz)
            seen += state != 0
    assert seen > 300  # the reads met blocks, not only air


class _Source:
    """A chunk source that counts what it loads (every chunk: one stone block)."""

    def __init__(self) -> None:
        self.loaded: list[tuple[int, int]] = []

    def positions(self) -> list[tuple[int, int]]:
        return [(cx, cz) for cx in range(-2, 3) for cz in range(-2, 3)]

    def load(self, cx: int, cz: int) -> Chunk | None:
        self.loaded.append((cx, cz))
        return Chunk(cx, cz)


def test_around_never_loads_a_chunk() -> None:
    source = _Source()
    world = World(source=source)
    world.set_block(15, 64, 3, world.state_id("stone"))  # loads chunk (0, 0) only
    assert source.loaded == [(0, 0)]
    west, east, down, up, north, south = around(world, 15, 64, 3)
    assert east == NOT_LOADED  # in chunk (1, 0), not in memory
    assert (west, down, up, north, south) == (0, 0, 0, 0, 0)
    assert around(world, 40, 64, 40) == (NOT_LOADED,) * 6
    assert source.loaded == [(0, 0)]
    assert world.peek_block(16, 64, 3) == 0  # the caller's own read loads it
    assert source.loaded == [(0, 0), (1, 0)]
