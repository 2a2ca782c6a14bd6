"""The survival mechanics' blocks on screen: fluid surfaces by level, redstone dust by power,
lit lamps, repeaters, pistons and the blocks they move, beds, chests and crops, and reference
images of the mechanics
scene (``odyssey.render.mechscene``, 256x160; regenerate with ODYSSEY_UPDATE_REFERENCES=1 and
look at them before committing, as ``tools/update_render_references.py`` does for the town).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from test_scenes import check_reference

from odyssey.render.blocktints import wire_rgb
from odyssey.render.mechscene import MECH_SPOTS, MECH_VIEWS, mechanics_world
from odyssey.render.mesher import POS_BIAS, POS_UNITS, mesh_chunk
from odyssey.render.movingblocks import moving_blocks
from odyssey.render.screen import GameView
from odyssey.render.survival import SurvivalFrame
from odyssey.render.tables import RenderTables, render_tables
from odyssey.render.view import ViewSettings
from odyssey.sim.mechanics.piston_moves import INDEX
from odyssey.sim.mechanics.pistons import Moving, PistonState
from odyssey.sim.player import PlayerState
from odyssey.world import World, registry


@pytest.fixture(scope="module")
def tables() -> RenderTables:
    return render_tables()


def mesh_quads(world: World, tables: RenderTables, layer: int | None = None) -> np.ndarray:
    """The quads (n, 4, 8) of chunk (0, 0), of one layer or all."""
    made = mesh_chunk(world, 0, 0, tables.mesh, tables.emit, tables.filt)
    assert made is not None
    layers = made[0].layers if layer is None else (made[0].layers[layer],)
    return np.concatenate([v for v in layers if len(v)]).reshape(-1, 4, 8)


def world_y(quads: np.ndarray, world: World) -> np.ndarray:
    return quads[:, :, 1].astype(int) / POS_UNITS - POS_BIAS + world.dimension.min_y


def world_x(quads: np.ndarray) -> np.ndarray:
    return quads[:, :, 0].astype(int) / POS_UNITS - POS_BIAS


def state_quads(tables: RenderTables, spec: str) -> tuple[np.ndarray, list[str]]:
    """A state's model quads (block units) and their tile names."""
    s = registry().state(spec)
    m = tables.models
    span = slice(int(m.start[s]), int(m.start[s] + m.count[s]))
    return m.pos[span], [tables.atlas.names[t] for t in m.tile[span]]


# -- fluids --------------------------------------------------------------------------------------


def test_flowing_water_corners_average_the_neighbours_as_vanilla(tables):
    """A stone channel along x: a source, then levels 1, 2, 3. Level 2's surface averages its
    own 6/9 with level 1's 7/9 on the west corners and level 3's 5/9 on the east ones (stone
    neighbours are left out); a lone source in the open sits at (10 * 8/9) / 12."""
    world = World()
    world.fill((-1, -1, -1), (5, 0, 2), "stone")
    world.fill((-1, 0, -1), (5, 1, 0), "stone")
    world.fill((-1, 0, 1), (5, 1, 2), "stone")
    world.set_block(-1, 0, 0, "stone")
    world.set_block(4, 0, 0, "stone")
    world.set_block(0, 0, 0, "water")
    for x, level in ((1, 1), (2, 2), (3, 3)):
        world.set_block(x, 0, 0, f"water[level={level}]")
    world.set_block(8, 0, 8, "water")  # alone on the open ground
    quads = mesh_quads(world, tables, layer=2)
    tops = quads[(quads[:, 0, 6] >> 8) == 1]  # up-facing water surfaces
    ys, xs = world_y(tops, world), world_x(tops)
    level2 = tops[(xs.min(axis=1) == 2) & (xs.max(axis=1) == 3)]
    assert len(level2) == 1
    corners = dict(zip(world_x(level2)[0], world_y(level2, world)[0], strict=True))
    tol = 1 / POS_UNITS
    assert corners[2.0] == pytest.approx((6 / 9 + 7 / 9) / 2, abs=tol)
    assert corners[3.0] == pytest.approx((6 / 9 + 5 / 9) / 2, abs=tol)
    lone = ys[xs.min(axis=1) == 8]
    assert np.allclose(lone, 10 * 8 / 9 / 12, atol=tol)


def test_falling_water_fills_its_block_and_the_top_flows_over_the_edge(tables):
    world = World()
    world.fill((0, -1, 0), (3, 0, 3), "stone")
    world.set_block(1, 0, 1, "water[level=8]")
    world.set_block(1, 1, 1, "water[level=8]")
    world.set_block(1, 2, 1, "water[level=5]")  # the flow feeding the column from above
    quads = mesh_quads(world, tables, layer=2)
    ys = world_y(quads, world)
    column = ys[(ys.min(axis=1) >= 0) & (ys.max(axis=1) <= 2)]
    assert column.max() == pytest.approx(2.0)  # both falling blocks reach their tops
    # the level-5 flow on top: lower than a source, averaged with the open air around it
    assert 2.0 < ys.max() < 2 + 3 / 9


def test_lava_is_opaque_and_lights_itself(tables):
    lava = registry().state("lava")
    assert tables.atlas.layer[lava] == 0
    assert tables.emit[lava] == 15
    r, g, b = tables.atlas.images[tables.atlas.tile("lava"), ..., :3].reshape(-1, 3).mean(axis=0)
    assert r > 180 and r > g > b


# -- redstone ------------------------------------------------------------------------------------


def _tint_red(quads: np.ndarray) -> float:
    return float((quads[0, 0, 7] >> 11) / 31.0)


def test_dust_follows_its_connections_and_brightens_with_power(tables):
    world = World()
    world.fill((0, -1, 0), (16, 0, 16), "stone")
    world.set_block(2, 0, 2, "redstone_wire[east=side,west=side,power=15]")
    world.set_block(2, 0, 5, "redstone_wire[east=side,west=side,power=0]")
    world.set_block(2, 0, 8, "redstone_wire[north=side,east=side,power=7]")
    quads = mesh_quads(world, tables, layer=1)
    line = tables.atlas.tile("redstone_dust_line")
    dot = tables.atlas.tile("redstone_dust_dot")
    zs = quads[:, :, 2].astype(int) / POS_UNITS - POS_BIAS
    row = {z: quads[zs.min(axis=1) == z] for z in (2, 5, 8)}
    # a straight line: two halves of line, no dot; a corner: two halves and the dot
    assert sorted(row[2][:, 0, 5].tolist()) == [line, line]
    assert sorted(row[8][:, 0, 5].tolist()) == sorted([line, line, dot])
    assert _tint_red(row[2]) > _tint_red(row[8]) > _tint_red(row[5])
    assert _tint_red(row[2]) == pytest.approx(wire_rgb(15)[0] / 255, abs=1 / 31)
    assert _tint_red(row[5]) == pytest.approx(0.3, abs=1 / 31)  # vanilla's unpowered red


def test_a_lit_lamp_gives_light_and_an_unlit_one_none(tables):
    world = World()
    world.fill((0, -1, 0), (16, 0, 16), "stone")
    world.set_block(3, 0, 3, "redstone_lamp[lit=true]")
    world.set_block(12, 0, 12, "redstone_lamp[lit=false]")
    quads = mesh_quads(world, tables, layer=0)
    block_light = quads[:, 0, 6] & 15
    on = quads[:, 0, 5] == tables.atlas.tile("redstone_lamp_on")
    off = quads[:, 0, 5] == tables.atlas.tile("redstone_lamp")
    assert on.any() and off.any()
    assert (block_light[on] == 14).all()  # the faces look into cells lit by the lamp
    assert (block_light[off] == 0).all()


def test_repeater_torch_moves_with_the_delay_and_the_lock_bar_replaces_it(tables):
    def torch_z(spec: str) -> list[float]:
        """The z planes of the torches' boxes, in pixels."""
        pos, names = state_quads(tables, spec)
        torch = pos[["torch" in n for n in names]]
        return sorted({round(float(z) * 16, 3) for z in torch[..., 2].ravel()})

    # facing south: the input is south, the fixed torch at the output (north) end
    assert torch_z("repeater[facing=south,delay=1]") == [2, 4, 6, 8]
    assert torch_z("repeater[facing=south,delay=4]") == [2, 4, 12, 14]
    assert torch_z("repeater[facing=south,delay=4,locked=true]") == [2, 4]
    _, lit = state_quads(tables, "repeater[facing=south,powered=true]")
    assert "redstone_torch" in lit and "repeater_on" in lit
    _, names = state_quads(tables, "repeater[facing=south,delay=4,locked=true]")
    assert "bedrock" in names


def test_extended_piston_is_a_12_pixel_base_and_the_head_reaches_into_it(tables):
    base, faces = state_quads(tables, "piston[facing=up,extended=true]")
    assert base[..., 1].max() == pytest.approx(12 / 16)
    assert "piston_inner" in faces
    head, names = state_quads(tables, "piston_head[facing=up,type=sticky]")
    assert head[..., 1].min() == pytest.approx(-4 / 16)  # the long arm
    assert "piston_top_sticky" in names
    short, _ = state_quads(tables, "piston_head[facing=up,short=true]")
    assert short[..., 1].min() == pytest.approx(0.0)
    assert not state_quads(tables, "moving_piston")[0].size


# -- beds, chests, crops -------------------------------------------------------------------------


def test_beds_are_9_pixels_with_a_pillow_on_the_head(tables):
    head, head_tiles = state_quads(tables, "red_bed[facing=north,part=head]")
    assert head[..., 1].max() == pytest.approx(9 / 16)
    foot, foot_tiles = state_quads(tables, "red_bed[facing=north,part=foot]")
    assert foot[..., 1].max() == pytest.approx(9 / 16)
    assert "white_wool" in head_tiles and "white_wool" not in foot_tiles
    assert {"red_wool", "oak_planks"} <= set(foot_tiles)
    pillow = head[[n == "white_wool" for n in head_tiles]]
    assert pillow[..., 2].max() <= 0.5  # at the head's far (north) end


def test_double_chest_halves_meet_at_the_seam(tables):
    left, _ = state_quads(tables, "chest[facing=north,type=left]")
    right, _ = state_quads(tables, "chest[facing=north,type=right]")
    single, names = state_quads(tables, "chest[facing=north]")
    assert left[..., 0].max() == 1.0 and right[..., 0].min() == 0.0
    assert single[..., 0].min() == pytest.approx(1 / 16) and single[..., 1].max() == 14 / 16
    assert "chest_latch" in names


def test_wheat_grows_taller_and_golden(tables):
    def tile(name: str) -> np.ndarray:
        return tables.atlas.images[tables.atlas.tile(name)].astype(float)

    young, ripe = tile("wheat_stage0"), tile("wheat_stage7")
    rows = lambda img: np.flatnonzero((img[..., 3] > 0).any(axis=1))  # noqa: E731
    assert rows(ripe).min() < rows(young).min() - 6  # taller
    r, g, b = ripe[ripe[..., 3] > 0, :3].mean(axis=0)
    assert r > g > b and r > 150  # golden
    r0, g0, _ = young[young[..., 3] > 0, :3].mean(axis=0)
    assert g0 > r0  # green
    faces = tables.atlas.face_tiles[registry().state("carrots[age=7]")]
    assert {tables.atlas.names[t] for t in faces} == {"carrots_stage3"}


# -- reference images ----------------------------------------------------------------------------

SIZE = {"width": 256, "height": 160}
REFERENCES = {  # name: (view, time)
    "mech_farm": ("farm", "noon"),
    "mech_fluids": ("fluids", "noon"),
    "mech_redstone_midnight": ("redstone", "midnight"),
    "mech_containers": ("containers", "noon"),
}


@pytest.fixture(scope="module")
def mech_view(tables) -> Iterator[GameView]:
    settings = ViewSettings(**SIZE, render_distance=3, hotbar=False, crosshair=False)
    view = GameView(mechanics_world(), settings, tables=tables)
    yield view
    view.close()


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_mechanics_scene_matches_reference(mech_view, name):
    view_name, time = REFERENCES[name]
    mech_view.with_settings(time=time)
    v = MECH_VIEWS[view_name]
    frame = mech_view.frame(PlayerState(pos=v.pos, yaw=v.yaw, pitch=v.pitch))
    check_reference(name, frame)


def test_switching_the_lamp_off_darkens_its_surroundings_at_midnight(mech_view):
    """The redstone view at midnight, with the powered row's lamp lit and then unlit: the
    frame loses much of its light (the lamp gives 15, the dust and repeaters none)."""
    v = MECH_VIEWS["redstone"]
    at = PlayerState(pos=v.pos, yaw=v.yaw, pitch=v.pitch)
    x, y, z = MECH_SPOTS["lamp_on"]
    world = mech_view.world
    weights = np.array([0.2126, 0.7152, 0.0722])
    mech_view.with_settings(time="midnight")
    try:
        lit = mech_view.frame(at).astype(float) @ weights
        world.set_block(x, y, z, "redstone_lamp[lit=false]")
        dark = mech_view.frame(at).astype(float) @ weights
    finally:
        world.set_block(x, y, z, "redstone_lamp[lit=true]")
        mech_view.with_settings(time="noon")
    brighter = lit - dark
    assert (brighter < -8).mean() < 0.001  # nothing but the lamp's own texture darkens
    assert (brighter > 30).mean() > 0.05  # a good part of the frame is lit by it


# -- blocks pistons move -------------------------------------------------------------------------


def test_blocks_pistons_move_are_drawn_between_cells(tables):
    """A sticky piston half way through pushing red wool east: the wool is drawn half a block
    short of where it lands (the moving_piston block itself draws nothing), and a retracting
    piston draws its base extended in place with the head sliding back."""
    reg = registry()
    east = INDEX["east"]
    world = World()
    world.fill((-8, -1, -8), (9, 0, 12), "stone")
    world.set_block(0, 0, 4, "sticky_piston[facing=east,extended=true]")
    world.set_block(1, 0, 4, "moving_piston[facing=east,type=sticky]")
    world.set_block(2, 0, 4, "moving_piston[facing=east,type=sticky]")
    pushing = PistonState()
    head = reg.state("piston_head[facing=east,type=sticky,short=true]")
    pushing.moving[(1, 0, 4)] = Moving((1, 0, 4), head, east, True, True, progress=0.5)
    wool = reg.state("red_wool")
    pushing.moving[(2, 0, 4)] = Moving((2, 0, 4), wool, east, True, False, progress=0.5)
    blocks = {b.state: b.pos for b in moving_blocks(pushing, reg)}
    assert blocks == {head: (0.5, 0.0, 4.0), wool: (1.5, 0.0, 4.0)}

    pulling = PistonState()
    base = reg.state("sticky_piston[facing=east]")
    pulling.moving[(0, 0, 4)] = Moving((0, 0, 4), base, east, False, True, head, progress=0.5)
    drawn = {b.state: b.pos for b in moving_blocks(pulling, reg)}
    assert drawn == {
        reg.state("sticky_piston[facing=east,extended=true]"): (0.0, 0.0, 4.0),
        head: (0.5, 0.0, 4.0),
    }

    settings = ViewSettings(width=128, height=80, render_distance=2, hotbar=False, crosshair=False)
    view = GameView(world, settings, tables=tables)
    try:
        at = PlayerState(pos=(1.0, 0.0, 0.5), yaw=0.0, pitch=20.0)
        plain = view.frame(at).astype(int)
        moved = view.frame(at, survival=SurvivalFrame(moving=moving_blocks(pushing, reg)))
    finally:
        view.close()
    red = lambda f: (f[..., 0] > 120) & (f[..., 1] < 60) & (f[..., 2] < 60)  # noqa: E731
    assert not red(plain).any()  # moving_piston draws nothing by itself
    assert red(moved.astype(int)).sum() > 100
