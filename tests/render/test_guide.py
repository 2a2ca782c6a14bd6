"""The route guide drawn on the ground: the pure ribbon builder and real frames.

Frames are 160x90 on a flat stone floor whose top is at y = 0, with nothing drawn over the
world (no hotbar, no crosshair), so any pixel of the guide's cyan comes from the ribbon.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from odyssey.render.geometry import rgb565
from odyssey.render.guide import GUIDE_LIFT, GUIDE_WIDTH, guide_vertices
from odyssey.render.mesher import POS_BIAS, POS_UNITS
from odyssey.render.screen import FULLBRIGHT_LIGHT, GameView
from odyssey.render.tables import RenderTables, render_tables
from odyssey.render.view import ViewSettings
from odyssey.sim.player import PlayerState
from odyssey.world import World

SETTINGS = {"width": 160, "height": 90, "render_distance": 3, "hotbar": False, "crosshair": False}
PLAYER = PlayerState(pos=(0.5, 0.0, 0.5), yaw=0.0, pitch=25.0)  # looking south (+z), down a bit
AHEAD = np.array([[0.5, 0.0, 2.5], [0.5, 0.0, 12.5]])  # straight south of the player
BESIDE = AHEAD + np.array([2.0, 0.0, 0.0])  # two blocks east: not behind the third-person model
BEHIND_WALL = np.array([[0.5, 0.0, 9.5], [0.5, 0.0, 14.5]])
WALL_Z = 6  # the wall fills z = 6 (x -6..6, y 0..3)
TILE, LIGHT = 7, FULLBRIGHT_LIGHT
EYE = np.array([0.5, 1.62, 0.5])


def guide_mask(frame: np.ndarray) -> np.ndarray:
    """Pixels of the guide's cyan (no block, sky or fog colour is near it)."""
    rgb = frame.astype(np.int16)
    return (rgb[..., 0] < 40) & (rgb[..., 1] > 180) & (rgb[..., 2] > 220)


def decoded(vertices: np.ndarray, corner: np.ndarray) -> np.ndarray:
    """World positions of packed vertices."""
    return vertices[:, 0:3].astype(np.float64) / POS_UNITS - POS_BIAS + corner


def floor_world(wall: bool = False) -> World:
    world = World()
    world.fill((-24, -2, -24), (24, 0, 24), "stone")
    if wall:
        world.fill((-6, 0, WALL_Z), (7, 3, WALL_Z + 1), "stone")
    return world


@pytest.fixture(scope="module")
def tables() -> RenderTables:
    return render_tables()


@pytest.fixture(scope="module")
def views(tables: RenderTables) -> Iterator[dict[str, GameView]]:
    """GameViews over the open floor and over the floor with a wall, closed after the module."""
    made = {
        "open": GameView(floor_world(), ViewSettings(**SETTINGS), tables=tables),  # type: ignore[arg-type]
        "wall": GameView(floor_world(wall=True), ViewSettings(**SETTINGS), tables=tables),  # type: ignore[arg-type]
    }
    yield made
    for view in made.values():
        view.close()


@pytest.fixture
def view(views: dict[str, GameView]) -> Iterator[GameView]:
    """The open-floor view; its guide and settings are put back after the test."""
    v = views["open"]
    settings = v.settings
    yield v
    v.settings, v.guide = settings, ()


# -- the ribbon builder -----------------------------------------------------------------------


def test_two_segment_path_gives_both_windings_of_five_quads_in_the_mesher_format():
    points = np.array([[0.5, 64.0, 0.5], [0.5, 64.0, 4.5], [3.5, 64.0, 4.5]])
    verts, corner = guide_vertices(
        points, EYE + np.array([0.0, 64.0, 0.0]), 48.0, TILE, LIGHT, (0, 220, 255)
    )
    # 2 segments + 3 joint squares, each also wound the other way round (back faces are culled)
    assert verts.dtype == np.uint16 and verts.shape == (2 * 5 * 4, 8)
    assert corner.dtype == np.float64 and corner.shape == (3,)
    assert (verts[:, 5] == TILE).all()
    assert (verts[:, 6] == LIGHT | (6 << 8)).all()  # shade group 6: no directional shading
    assert (verts[:, 7] == rgb565((0, 220, 255))).all()
    pos = decoded(verts, corner)
    assert np.allclose(pos[:, 1], 64.0 + GUIDE_LIFT, atol=1 / POS_UNITS)
    quads = pos.reshape(-1, 4, 3)
    front, back = quads[:5], quads[5:]
    assert np.allclose(back, front[:, ::-1])
    first, second = front[0], front[1]
    # the south-going segment spans x = 0.5 ± width / 2 and z 0.5..4.5; the east-going one z
    assert np.allclose(sorted({*first[:, 0]}), [0.5 - GUIDE_WIDTH / 2, 0.5 + GUIDE_WIDTH / 2])
    assert np.allclose(sorted({*first[:, 2]}), [0.5, 4.5])
    assert np.allclose(sorted({*second[:, 2]}), [4.5 - GUIDE_WIDTH / 2, 4.5 + GUIDE_WIDTH / 2])


def test_a_vertical_segment_stands_upright_across_the_line_of_sight():
    ladder = np.array([[5.5, 0.0, 0.5], [5.5, 4.0, 0.5]])  # due east of the eye
    verts, corner = guide_vertices(ladder, EYE, 48.0, TILE, LIGHT)
    upright = decoded(verts, corner).reshape(-1, 4, 3)[0]
    assert np.ptp(upright[:, 1]) == pytest.approx(4.0, abs=1 / POS_UNITS)
    assert np.allclose(upright[:, 0], 5.5, atol=1 / POS_UNITS)  # faces the eye, to the west
    assert np.ptp(upright[:, 2]) == pytest.approx(GUIDE_WIDTH, abs=1 / POS_UNITS)


def test_a_path_beyond_the_render_distance_adds_no_vertices():
    far = np.c_[np.linspace(100, 3000, 3000), np.zeros(3000), np.zeros(3000)]
    verts, _ = guide_vertices(far, EYE, 48.0, TILE, LIGHT)
    assert verts.shape == (0, 8)


def test_only_the_part_within_the_render_distance_is_drawn():
    # a long path through the eye, one point a block, and one sparse segment across the circle
    dense = np.c_[np.arange(-3000.0, 3000.0), np.zeros(6000), np.zeros(6000)]
    sparse = np.array([[-5000.0, 0.0, 10.0], [5000.0, 0.0, 10.0]])
    for path in (dense, sparse):
        verts, corner = guide_vertices(path, EYE, 48.0, TILE, LIGHT)
        assert 0 < len(verts) <= 2 * 4 * (2 * 100 + 4)
        pos = decoded(verts, corner)
        assert np.hypot(pos[:, 0] - EYE[0], pos[:, 2] - EYE[2]).max() <= 48.0 + GUIDE_WIDTH
        assert np.ptp(pos[:, 0]) > 90.0  # the whole chord of the circle is drawn


def test_far_from_the_origin_the_vertices_stay_exact():
    eye = EYE + np.array([-8_000_000.0, 0.0, 5_000_000.0])
    path = eye + np.array([[0.0, -1.62, 1.0], [0.0, -1.62, 30.0]])
    verts, corner = guide_vertices(path, eye, 16.0 * 32, TILE, LIGHT)  # the largest distance
    pos = decoded(verts, corner)
    assert np.allclose(pos[:, 1], path[0, 1] + GUIDE_LIFT, atol=1 / POS_UNITS)
    assert pos[:, 2].min() == pytest.approx(path[0, 2] - GUIDE_WIDTH / 2, abs=1 / POS_UNITS)


def test_bad_guides_are_refused_with_the_expected_shape(view):
    with pytest.raises(ValueError, match=r"\(N, 3\)"):
        view.guide = [[1.0, 2.0]]
    with pytest.raises(ValueError, match="radius_blocks"):
        guide_vertices(AHEAD, EYE, 1e6, TILE, LIGHT)


# -- frames -----------------------------------------------------------------------------------


@pytest.mark.parametrize("time", ["noon", "midnight"])
def test_guide_ahead_shows_in_the_lower_middle_and_changes_nothing_else(view, time):
    view.with_settings(time=time)
    view.guide = ()
    bare = view.frame(PLAYER)
    view.guide = AHEAD
    guided = view.frame(PLAYER)
    assert not guide_mask(bare).any()
    mask = guide_mask(guided)
    assert mask.sum() >= 100
    ys, xs = np.nonzero(mask)
    h, w = mask.shape
    # lower middle: the near end at the bottom, narrowing towards the horizon
    assert ys.mean() > h / 2 and ys.min() > h / 4 and abs(xs.mean() - w / 2) < w * 0.05
    assert np.array_equal(guided[~mask], bare[~mask])
    # fullbright: the guide's own colour at midnight too, unlike the floor around it
    assert np.abs(guided[mask].mean(axis=0) - (0, 223, 255)).max() < 8


def test_a_wall_hides_the_guide_behind_it(views):
    for name, hidden in (("open", False), ("wall", True)):
        view = views[name]
        view.guide = BEHIND_WALL
        try:
            frame = view.frame(PLAYER)
        finally:
            view.guide = ()
        assert guide_mask(frame).any() != hidden, name


def test_guide_in_front_of_the_wall_still_shows(views):
    view = views["wall"]
    view.guide = AHEAD  # from z = 2.5 to 12.5: the part before the wall at z = 6 shows
    try:
        frame = view.frame(PLAYER)
    finally:
        view.guide = ()
    assert guide_mask(frame).sum() >= 50


def test_guide_shows_in_the_third_person(view):
    view.with_settings(view="third")
    assert not guide_mask(view.frame(PLAYER)).any()
    view.guide = BESIDE
    mask = guide_mask(view.frame(PLAYER))
    assert mask.sum() >= 20  # a thin line at 160x90 from four blocks further back
    assert np.nonzero(mask)[1].mean() < mask.shape[1] / 2  # east is on the left facing south


def test_guide_shows_in_the_six_view_tiles_that_look_at_it(view):
    view.with_settings(view="six")
    view.guide = np.array([[0.5, 0.0, 0.5], [0.5, 0.0, 12.5]])  # from the feet southwards
    mask = guide_mask(view.frame(PLAYER))
    h, w = mask.shape
    cols = np.linspace(0, w, 4).round().astype(int)
    rows = np.linspace(0, h, 3).round().astype(int)

    def tile(r: int, c: int) -> int:
        return int(mask[rows[r] : rows[r + 1], cols[c] : cols[c + 1]].sum())

    # up, feet, main / left, back, right: the guide is under the feet and ahead (south)
    assert tile(0, 1) >= 20 and tile(0, 2) >= 20
    assert tile(0, 0) == 0 and tile(1, 1) == 0
