"""Section culling (vanilla's cave culling) never changes the picture, and skips sealed caves."""

from __future__ import annotations

import numpy as np
import pytest

import odyssey.render.renderer as renderer_module
from odyssey.mcu.episode import mcu_world
from odyssey.mcu.setup import WORLD_SEED
from odyssey.render.mesher import mesh_chunk
from odyssey.render.renderer import OPAQUE
from odyssey.render.screen import GameView
from odyssey.render.tables import render_tables
from odyssey.render.view import ViewSettings
from odyssey.render.visgraph import ALL_LINKED, section_graph
from odyssey.sim.player import PlayerState
from odyssey.world import World
from odyssey.world.city import GROUND_Y, city_world
from odyssey.world.gen.generator import OVERWORLD

DOWN, UP, NORTH, SOUTH, WEST, EAST = range(6)
CAVE = (-3.5, -22.0, 0.5)  # feet in a cave 85 blocks under the MCU spawn (1, 66, 0)
MCU_VIEWS = {
    "surface": PlayerState(pos=(1.5, 66.0, 0.5), yaw=0.0, pitch=0.0),
    "surface_down": PlayerState(pos=(1.5, 66.0, 0.5), yaw=135.0, pitch=30.0),
    "cave": PlayerState(pos=CAVE, yaw=60.0, pitch=10.0),
    "cave_up": PlayerState(pos=CAVE, yaw=200.0, pitch=-40.0),
    "sky": PlayerState(pos=(1.5, 200.0, 0.5), yaw=30.0, pitch=70.0),
}


def _linked(graph: int, f: int, g: int) -> bool:
    return bool(graph >> (6 * f + g) & 1)


def _frames(view: GameView, player: PlayerState, monkeypatch) -> tuple[np.ndarray, np.ndarray]:
    """The frame with section culling, then without (culling switched back on after)."""
    culled = view.frame(player)
    monkeypatch.setattr(renderer_module, "SECTION_CULLING", False)
    everything = view.frame(player)
    monkeypatch.setattr(renderer_module, "SECTION_CULLING", True)
    return culled, everything


def _mcu_view(width: int, height: int, shaft: bool = False) -> GameView:
    chunks = mcu_world(WORLD_SEED)
    world = World(OVERWORLD, chunks.info, source=chunks)
    if shaft:  # a 1 x 1 shaft from the surface at the spawn down into the cave
        world.fill((-4, -21, 0), (-3, 80, 1), "air")
    settings = ViewSettings(width=width, height=height, hotbar=False, render_distance=4)
    return GameView(world, settings)


@pytest.fixture(scope="module", params=[(64, 64), (854, 480)], ids=["64x64", "854x480"])
def mcu_view(request):
    view = _mcu_view(*request.param)
    yield view
    view.close()


# -- the graph of one section --------------------------------------------------------------


def test_an_empty_section_links_every_face_and_a_sealed_one_none():
    assert section_graph(np.zeros((16, 16, 16), bool)) == ALL_LINKED
    assert section_graph(np.ones((16, 16, 16), bool)) == 0


def test_a_few_opaque_cells_cannot_part_any_faces():
    opaque = np.zeros((16, 16, 16), bool)
    opaque[8, :15, :] = True  # 240 cells: a floor with a gap (too few to wall anything off)
    assert section_graph(opaque) == ALL_LINKED


def test_a_floor_parts_down_from_up_and_sides_above_from_below():
    opaque = np.zeros((16, 16, 16), bool)
    opaque[8] = True  # a full floor across the section at y = 8
    graph = section_graph(opaque)
    assert not _linked(graph, DOWN, UP)
    assert _linked(graph, DOWN, NORTH) and _linked(graph, UP, EAST)
    assert _linked(graph, NORTH, SOUTH) and _linked(graph, WEST, EAST)


def test_a_tunnel_links_only_its_two_ends():
    opaque = np.ones((16, 16, 16), bool)
    opaque[5, 7, :] = False  # an x-running tunnel through solid rock
    graph = section_graph(opaque)
    assert _linked(graph, WEST, EAST) and _linked(graph, EAST, WEST)
    assert graph == (1 << 6 * WEST + WEST | 1 << 6 * WEST + EAST
                     | 1 << 6 * EAST + WEST | 1 << 6 * EAST + EAST)  # fmt: skip


def test_a_sealed_cave_links_nothing():
    opaque = np.ones((16, 16, 16), bool)
    opaque[4:12, 4:12, 4:12] = False
    assert section_graph(opaque) == 0


def test_mesh_graphs_cover_the_world_with_open_sections_above_and_below():
    world = World()
    world.fill((0, 0, 0), (16, 32, 16), "stone")
    tables = render_tables(world.registry)
    made = mesh_chunk(world, 0, 0, tables.mesh, tables.emit, tables.filt)
    assert made is not None
    mesh = made[0]
    first = (0 - world.dimension.min_y) // 16
    assert len(mesh.graphs) == world.dimension.height // 16
    assert mesh.graphs[first] == 0 and mesh.graphs[first + 1] == 0
    assert mesh.graphs[first - 1] == ALL_LINKED and mesh.graphs[first + 2] == ALL_LINKED
    # the cells of each layer sum to its groups
    for vertices, cells, groups in zip(mesh.layers, mesh.cells, mesh.groups, strict=True):
        assert cells[-1] == len(vertices)
        assert np.array_equal(cells[:: len(mesh.graphs)], groups)


# -- whole frames ---------------------------------------------------------------------------


def test_a_sealed_cave_is_not_drawn():
    world = World()
    world.fill((-40, 0, -40), (40, 48, 40), "stone")
    world.fill((2, 4, 2), (12, 10, 12), "air")  # a sealed cave 38 blocks under the ground
    view = GameView(world, ViewSettings(width=96, height=64, hotbar=False, render_distance=3))
    try:
        above = PlayerState(pos=(5.5, 48.0, 5.5), yaw=0.0, pitch=60.0)
        culled = view.frame(above)
        drawn = view.renderer.buffers.drawn[OPAQUE]
        renderer_module.SECTION_CULLING = False
        try:
            everything = view.frame(above)
        finally:
            renderer_module.SECTION_CULLING = True
        all_drawn = view.renderer.buffers.drawn[OPAQUE]
        assert np.array_equal(culled, everything)
        mesh = view.renderer.meshes[(0, 0)]
        cave_cells = mesh.cells[OPAQUE].reshape(-1)  # the cave's section: y 0..15
        sections = len(mesh.graphs)
        cave = (0 - world.dimension.min_y) // 16
        # its walls facing up or sideways (seen from above, the ceiling is culled by facing)
        cave_vertices = sum(
            int(cave_cells[g * sections + cave + 1] - cave_cells[g * sections + cave])
            for g in range(1, 7)
        )
        assert cave_vertices >= 5 * 4  # its floor and four walls at least
        assert all_drawn - drawn >= cave_vertices  # the cave (and the rock round it) skipped
        # from inside the cave, its walls are drawn again
        inside = PlayerState(pos=(6.5, 4.0, 6.5), yaw=0.0, pitch=0.0)
        view.frame(inside)
        assert view.renderer.buffers.drawn[OPAQUE] >= cave_vertices
    finally:
        view.close()


@pytest.mark.parametrize("name", list(MCU_VIEWS))
def test_mcu_frames_are_the_same_with_and_without_section_culling(mcu_view, name, monkeypatch):
    culled, everything = _frames(mcu_view, MCU_VIEWS[name], monkeypatch)
    assert np.array_equal(culled, everything)
    assert culled.std() > 0  # a real picture, not one flat colour


def test_the_surface_view_skips_most_of_the_underground(mcu_view, monkeypatch):
    mcu_view.frame(MCU_VIEWS["surface"])
    drawn = mcu_view.renderer.buffers.drawn[OPAQUE]
    monkeypatch.setattr(renderer_module, "SECTION_CULLING", False)
    mcu_view.frame(MCU_VIEWS["surface"])
    assert drawn * 2 < mcu_view.renderer.buffers.drawn[OPAQUE]


def test_looking_down_a_shaft_into_a_cave_is_unchanged(monkeypatch):
    view = _mcu_view(64, 64, shaft=True)
    try:
        down = PlayerState(pos=(-3.5, 66.0, 0.5), yaw=0.0, pitch=89.0)
        culled, everything = _frames(view, down, monkeypatch)
        assert np.array_equal(culled, everything)
    finally:
        view.close()


ROOM_VIEWS = [
    PlayerState(pos=(-10.5, float(GROUND_Y), -10.5), yaw=-20.0, pitch=0.0),
    PlayerState(pos=(-10.5, float(GROUND_Y), -10.5), yaw=120.0, pitch=-30.0),
]


@pytest.mark.parametrize("player", ROOM_VIEWS)
def test_a_closed_room_in_the_city_is_unchanged(player, monkeypatch):
    world = city_world(blocks=7)
    world.fill((-14, GROUND_Y - 1, -14), (-6, GROUND_Y + 5, -6), "stone")
    world.fill((-13, GROUND_Y, -13), (-7, GROUND_Y + 4, -7), "air")
    world.set_block(-12, GROUND_Y + 3, -12, "glowstone")
    view = GameView(world, ViewSettings(width=192, height=108, hotbar=False))
    try:
        culled, everything = _frames(view, player, monkeypatch)
        assert np.array_equal(culled, everything)
    finally:
        view.close()


@pytest.mark.parametrize("player", ROOM_VIEWS)
def test_a_room_walled_off_by_whole_sections_hides_the_city(player, monkeypatch):
    world = city_world(blocks=7)
    # the camera's section (chunk (-1, -1), y 64..79) hollow inside solid neighbour sections
    world.fill((-32, GROUND_Y - 16, -32), (16, GROUND_Y + 32, 16), "stone")
    world.fill((-16, GROUND_Y, -16), (0, GROUND_Y + 16, 0), "air")
    world.set_block(-12, GROUND_Y + 3, -12, "glowstone")
    view = GameView(world, ViewSettings(width=192, height=108, hotbar=False))
    try:
        culled, everything = _frames(view, player, monkeypatch)
        assert np.array_equal(culled, everything)
        view.frame(player)
        drawn = view.renderer.buffers.drawn[OPAQUE]
        monkeypatch.setattr(renderer_module, "SECTION_CULLING", False)
        view.frame(player)
        assert drawn * 4 < view.renderer.buffers.drawn[OPAQUE]  # the city is not drawn
    finally:
        view.close()
