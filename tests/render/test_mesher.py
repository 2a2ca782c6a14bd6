"""Chunk meshing: hidden faces culled, flat surfaces merged, facing groups, fluids."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render.mesher import (
    FACE_NORMAL,
    FACING_GROUPS,
    POS_BIAS,
    POS_UNITS,
    UV_UNITS,
    mesh_chunk,
)
from odyssey.render.tables import render_tables
from odyssey.world import World


@pytest.fixture(scope="module")
def tables():
    return render_tables()


def _mesh(world: World, tables, cx: int = 0, cz: int = 0):
    made = mesh_chunk(world, cx, cz, tables.mesh, tables.emit, tables.filt)
    assert made is not None
    return made[0]


def _quads(mesh) -> np.ndarray:
    return np.concatenate([v for v in mesh.layers if len(v)]).reshape(-1, 4, 8)


def test_a_flat_slab_of_stone_is_a_handful_of_quads(tables):
    world = World()
    world.fill((0, 0, 0), (16, 4, 16), "stone")
    mesh = _mesh(world, tables)
    quads = _quads(mesh)
    facing = quads[:, 0, 6] >> 8
    # the top and the four sides (lit evenly by the open sky) are one merged quad each; the
    # underside looks into cells lit unevenly from the sides, so it splits by light level
    assert [int(np.count_nonzero(facing == f)) for f in range(1, 6)] == [1, 1, 1, 1, 1]
    top = quads[facing == 1][0]
    ys = (top[:, 1].astype(int) / POS_UNITS) - POS_BIAS + world.dimension.min_y
    assert set(ys.tolist()) == {4.0}
    xs = sorted(set((top[:, 0].astype(int) / POS_UNITS - POS_BIAS).tolist()))
    assert xs == [0.0, 16.0]


def test_faces_between_opaque_cubes_are_hidden_and_light_differs_per_face(tables):
    world = World()
    world.fill((0, 0, 0), (16, 1, 16), "stone")
    world.set_block(5, 1, 5, "stone")
    quads = _quads(_mesh(world, tables))
    # the cube on top adds its 4 sides and top, and splits the floor's top face around it
    up = quads[(quads[:, 0, 6] >> 8) == 1]
    assert 2 <= len(up) <= 5
    sides = quads[(quads[:, 0, 6] >> 8) >= 2]
    assert len(sides) == 4 + 4  # the floor's four edges and the cube's four sides


def test_glass_next_to_glass_and_water_next_to_water_are_culled(tables):
    world = World()
    world.fill((0, 0, 0), (2, 1, 1), "glass")
    world.fill((4, 0, 0), (6, 1, 1), "water")
    quads = _quads(_mesh(world, tables))
    tiles = tables.atlas.names
    glass = [q for q in quads if tiles[q[0, 5]] == "glass"]
    assert len(glass) == 6  # a 2x1x1 box, merged: no faces between the two blocks
    inner = [q for q in glass if np.all(q[:, 0] == (1 + POS_BIAS) * POS_UNITS)]
    assert inner == []
    translucent = _mesh(world, tables).layers[2]
    facing = translucent.reshape(-1, 4, 8)[:, 0, 6] >> 8
    # two water blocks: no face between them (west of the east one, east of the west one)
    assert np.count_nonzero(facing == 4) == 1 and np.count_nonzero(facing == 5) == 1


def test_quads_are_grouped_by_facing(tables):
    world = World()
    world.fill((0, 0, 0), (16, 3, 16), "stone")
    world.set_block(3, 3, 3, "oak_stairs")
    world.set_block(8, 3, 8, "poppy")
    mesh = _mesh(world, tables)
    for vertices, starts in zip(mesh.layers, mesh.groups, strict=True):
        assert len(starts) == FACING_GROUPS + 1 and starts[-1] == len(vertices)
        facing = vertices.reshape(-1, 4, 8)[:, 0, 6] >> 8
        assert np.all(np.diff(facing.astype(int)) >= 0)
    # the poppy's crossed quads have no facing (group 6)
    assert mesh.groups[1][-1] - mesh.groups[1][FACING_GROUPS - 1] > 0


def test_quads_wind_counter_clockwise_seen_from_outside(tables):
    world = World()
    world.fill((0, 0, 0), (3, 3, 3), "bricks")
    for quad in _quads(_mesh(world, tables)):
        p = quad[:, :3].astype(float)
        normal = np.cross(p[1] - p[0], p[2] - p[0])
        face = quad[0, 6] >> 8
        assert np.dot(normal, FACE_NORMAL[face]) > 0


def test_texture_coordinates_repeat_per_block(tables):
    world = World()
    world.fill((0, 0, 0), (4, 1, 1), "oak_planks")
    quads = _quads(_mesh(world, tables))
    north = next(q for q in quads if q[0, 6] >> 8 == 2)
    us = north[:, 3].astype(int) / UV_UNITS
    assert us.max() - us.min() == 4  # four blocks wide: the tile repeats four times


def test_waterlogged_stairs_hold_water_and_stacked_water_is_full_height(tables):
    world = World()
    world.set_block(0, 0, 0, "oak_stairs[waterlogged=true]")
    mesh = _mesh(world, tables)
    water_tiles = {i for i, n in enumerate(tables.atlas.names) if "water" in n}
    assert any(int(t) in water_tiles for t in mesh.layers[2][:, 5])
    world = World()
    world.fill((0, 0, 0), (1, 2, 1), "water")
    layer = _mesh(world, tables).layers[2].reshape(-1, 4, 8)
    ys = layer[:, :, 1].astype(int) / POS_UNITS - POS_BIAS + world.dimension.min_y
    # the lower block's sides reach y = 1; the top block's surface corners are averaged with
    # the open air around it as vanilla's LiquidBlockRenderer does: (10 * 8/9) / 12
    assert np.isclose(ys, 1.0).any()
    assert np.isclose(ys.max(), 1 + (10 * 8 / 9) / 12, atol=1 / POS_UNITS)


def test_missing_or_empty_chunks_mesh_to_nothing(tables):
    world = World()
    assert mesh_chunk(world, 5, 5, tables.mesh, tables.emit, tables.filt) is None


def test_world_changes_are_logged_for_incremental_refresh():
    world = World()
    rev = world.revision
    world.set_block(1, 2, 3, "stone")
    world.fill((0, 0, 0), (4, 4, 4), "dirt")
    assert world.changes_since(rev) == [(1, 2, 3, 2, 3, 4), (0, 0, 0, 4, 4, 4)]
    assert world.changes_since(world.revision) == []
    for i in range(5000):
        world.set_block(i, 0, 0, "stone")
    assert world.changes_since(rev) is None  # the log no longer reaches back that far
