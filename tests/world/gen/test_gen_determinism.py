"""The overworld generator: same seed, same blocks, whatever the order chunks are made in."""

from __future__ import annotations

import numpy as np

from odyssey.world.gen import generate_chunk
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.vegetation import chunk_features

SEED = 20261203
AREA = [(cx, cz) for cz in range(-2, 2) for cx in range(-2, 2)]


def _clear_caches() -> None:
    chunk_columns.cache_clear()
    chunk_features.cache_clear()


def _blocks(order):
    _clear_caches()
    return {(cx, cz): generate_chunk(SEED, cx, cz).blocks for cx, cz in order}


def test_same_seed_gives_identical_blocks():
    first = _blocks(AREA)
    second = _blocks(AREA)
    for key in AREA:
        assert np.array_equal(first[key], second[key])


def test_generation_order_does_not_matter():
    forward = _blocks(AREA)
    backward = _blocks(list(reversed(AREA)))
    # one chunk alone, with no neighbour generated before it
    _clear_caches()
    alone = generate_chunk(SEED, 0, 0).blocks
    for key in AREA:
        assert np.array_equal(forward[key], backward[key])
    assert np.array_equal(alone, forward[(0, 0)])


def test_other_seed_gives_other_terrain():
    a = generate_chunk(SEED, 5, 5).blocks
    b = generate_chunk(SEED + 1, 5, 5).blocks
    assert not np.array_equal(a, b)


def test_trees_overhanging_a_border_match_on_both_sides():
    # find a chunk whose trees reach into the chunk to its east, generated in either order
    for cx, cz in ((cx, cz) for cz in range(-16, 16) for cx in range(-16, 16)):
        features = chunk_features(7, cx, cz)
        over = features.positions[:, 0] >= (cx + 1) * 16
        if over.any():
            break
    else:
        raise AssertionError("no tree crosses a chunk border in 1024 chunks of seed 7")
    _clear_caches()
    east_first = generate_chunk(7, cx + 1, cz).blocks
    _clear_caches()
    generate_chunk(7, cx, cz)
    east_second = generate_chunk(7, cx + 1, cz).blocks
    assert np.array_equal(east_first, east_second)
    x, y, z = features.positions[over][0]
    assert east_first[y + 64, z & 15, x & 15] != 0  # the overhanging block is there
