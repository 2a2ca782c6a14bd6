"""Sparse chunk storage: single blocks, boxes across chunk borders, memory, huge coordinates."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from odyssey.errors import BlockStateError, WorldError
from odyssey.world import AIR, Dimension, World, registry

REG = registry()
STONE = REG.state("stone")


def test_get_and_set_single_blocks():
    world = World()
    world.set_block(1, 64, -1, "oak_door[half=upper]")
    assert world.get_block(1, 64, -1) == REG.state("oak_door[half=upper]")
    assert world.get_block(1, 65, -1) == AIR
    assert world.get_block(10_000, 0, 10_000) == AIR  # nothing there: air, nothing created
    assert world.chunk_positions() == [(0, -1)]


def test_heights_outside_the_dimension_are_refused():
    world = World(Dimension(min_y=-64, height=512))
    world.set_block(0, 447, 0, STONE)
    with pytest.raises(WorldError, match=r"outside the world height -64\.\.447"):
        world.set_block(0, 448, 0, STONE)
    with pytest.raises(WorldError, match="multiples of 16"):
        Dimension(min_y=-60)


def test_bad_state_ids_are_refused():
    world = World()
    with pytest.raises(BlockStateError):
        world.set_block(0, 0, 0, REG.state_count)
    with pytest.raises(BlockStateError):
        world.set_box((0, 0, 0), np.full((1, 1, 1), REG.state_count))


@settings(max_examples=60, deadline=None)
@given(
    st.tuples(st.integers(-40, 40), st.integers(-64, 100), st.integers(-40, 40)),
    st.tuples(st.integers(1, 37), st.integers(1, 37), st.integers(1, 37)),
    st.integers(0, 2**32 - 1),
)
def test_boxes_match_a_dense_reference(lo, size, seed):
    rng = np.random.default_rng(seed)
    dx, dy, dz = size
    blocks = rng.choice([AIR, STONE, REG.state("dirt")], size=(dy, dz, dx)).astype(np.uint16)
    world = World()
    world.set_box(lo, blocks)
    x, y, z = lo
    np.testing.assert_array_equal(world.get_box(lo, (x + dx, y + dy, z + dz)), blocks)
    # one block beyond every face is still air
    around = world.get_box((x - 1, y - 1, z - 1), (x + dx + 1, y + dy + 1, z + dz + 1))
    assert around.sum() == blocks.astype(np.int64).sum()
    i, j, k = (int(rng.integers(0, n)) for n in (dx, dy, dz))
    assert world.get_block(x + i, y + j, z + k) == blocks[j, k, i]


def test_memory_follows_what_exists_not_the_bounding_box():
    world = World()
    world.set_block(-8_520_000, 70, 6_300_000, STONE)
    world.set_block(8_520_000, 70, -6_300_000, STONE)
    assert world.loaded_chunk_count() == 2
    sections = [s for c in world.chunks() for s in c.sections.values()]
    assert len(sections) == 2
    assert world.get_block(-8_520_000, 70, 6_300_000) == STONE
    assert world.top_y(8_520_000, -6_300_000) == 70


def test_uniform_sections_are_shared_and_copied_on_write():
    world = World()
    world.fill((0, 0, 0), (16, 16, 16), STONE)
    section = world.chunk(0, 0).sections[0]
    assert not section.flags.writeable and section.strides == (0, 0, 0)  # one value, no memory
    world.set_block(3, 4, 5, "dirt")
    section = world.chunk(0, 0).sections[0]
    assert section.flags.writeable and section[4, 5, 3] == REG.state("dirt")
    assert (section == STONE).sum() == 4095
    world.fill((0, 0, 0), (16, 16, 16), AIR)
    assert 0 not in world.chunk(0, 0).sections  # all-air sections are dropped


def test_block_entities_need_an_id_and_get_a_position():
    world = World()
    with pytest.raises(WorldError, match="needs an 'id'"):
        world.set_block_entity(0, 64, 0, {"front_text": {}})
    world.set_block_entity(0, 64, 0, {"id": "minecraft:sign"})
    assert world.block_entity(0, 64, 0) == {"id": "minecraft:sign", "x": 0, "y": 64, "z": 0}
    assert world.block_entity(0, 65, 0) is None


def test_surface_heights_of_a_chunk():
    world = World()
    world.fill((0, -64, 0), (16, 60, 16), STONE)
    world.set_block(5, 100, 7, "glass")
    chunk = world.chunk(0, 0)
    mask = np.ones(REG.state_count, dtype=bool)
    mask[AIR] = False
    tops, states = chunk.surface(mask, -64)
    assert tops[7, 5] == 100 and states[7, 5] == REG.state("glass")
    assert tops[0, 0] == 59 and states[0, 0] == STONE
    assert chunk.column_tops(mask, -64)[0, 0] == 59 + 64 + 1  # Anvil heightmap encoding
    # under a ceiling: the glass at 100 is above it, so the stone below shows (within a section
    # and across whole sections above)
    for ceiling in (70, 99):
        tops, states = chunk.surface(mask, -64, ceiling_y=ceiling)
        assert tops[7, 5] == 59 and states[7, 5] == STONE
    tops, _ = chunk.surface(mask, -64, ceiling_y=40)
    assert tops[0, 0] == 40


def test_surface_heights_over_an_area_across_chunks():
    world = World()
    world.fill((-20, -64, -20), (20, 10, 20), STONE)
    world.set_block(-17, 50, 3, "glass")
    heights = world.surface_heights(-18, -5, 22, 5)
    assert heights.shape == (10, 40)
    assert heights[3 + 5, -17 + 18] == 50
    assert heights[0, 0] == 9
    assert (heights[:, 38:] == -65).all()  # beyond x = 19 nothing exists
    for x, z in [(-18, -5), (0, 0), (19, 4)]:
        assert heights[z + 5, x + 18] == world.top_y(x, z)


def test_air_creates_no_chunks_and_empty_boxes_do_nothing():
    world = World()
    world.fill((-800, 0, -800), (800, 10, 800), AIR)
    world.set_box((0, 0, 0), np.zeros((0, 4, 4), dtype=np.uint16))
    assert world.loaded_chunk_count() == 0


def test_negative_or_non_integer_state_arrays_are_refused():
    world = World()
    with pytest.raises(BlockStateError, match="out of range"):
        world.set_box((0, 0, 0), np.full((1, 1, 1), -1))
    with pytest.raises(BlockStateError, match="integer state ids"):
        world.set_box((0, 0, 0), np.full((1, 1, 1), 1.5))
