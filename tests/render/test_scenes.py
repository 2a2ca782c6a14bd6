"""Whole frames from GameView: facts a player could check on screen, and reference images.

Worlds are built here block by block so every fact is known: what colour is under the
crosshair, where a block's edges must land for a FOV, how dark midnight is and what a torch
changes, where a waypoint marker goes and what it says. Reference images (``reference/*.png``,
160x90) catch regressions that no single fact covers; they are compared within a tolerance
that absorbs Mesa/GPU rasterisation differences. Regenerate them with
``tools/update_render_references.py`` and look at them before committing.

Every GameView owns a headless GL context (EGL: Mesa llvmpipe on a CPU); creating one costs
~0.15 s and its first frame meshes every chunk in range, so worlds and views are shared per
module and each test puts back the settings, hotbar and screen it changed. (The fixtures live
here, not in a conftest.py: one in tests/render would shadow tests/conftest.py for the
modules that ``from conftest import ...``.)
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from odyssey.errors import OdysseyError
from odyssey.render.camera import Camera
from odyssey.render.gl import RenderError
from odyssey.render.gui import gui_scale
from odyssey.render.mapview import ExploredArea
from odyssey.render.markers import BOX_ALPHA, BOX_SIZE, XAERO_COLORS, MarkerLabel, box_origin
from odyssey.render.overlay import CROSSHAIR_SIZE, HOTBAR_HEIGHT, crosshair_origin, hotbar_origin
from odyssey.render.screen import FAR_PLANE_MARGIN, GameView, encode_jpeg, encode_png
from odyssey.render.sky import TIMES, conditions, lightmap_table
from odyssey.render.tables import RenderTables, render_tables
from odyssey.render.view import Hotbar, ViewSettings, Waypoint
from odyssey.render.worldmap import WorldMapScreen
from odyssey.sim.player import PlayerState
from odyssey.world import World
from odyssey.world.generate import sign_entity

REFERENCE_DIR = Path(__file__).parent / "reference"
UPDATE_ENV = "ODYSSEY_UPDATE_REFERENCES"
# Tolerance against the committed references: Mesa versions and GPUs differ in rasterisation
# and texture-filtering details (a few edge pixels), never in what the scene shows.
REFERENCE_MEAN_ABS = 2.0
REFERENCE_P99 = 40.0

SMALL = {"width": 160, "height": 90}
TOWN_WAYPOINT = Waypoint("Bakery", "BK", (9.0, 0.0, 20.0), 12)


def build_town(ox: int = 0, oz: int = 0) -> World:
    """A small street scene offset by (ox, oz): a stone-brick street along z, a brick house
    with a door, a glass pane and a sign, a white house with stairs, a pond, a tree, a fence,
    flowers, a torch and a lantern; grass on dirt around, the ground's top at y = 0."""
    world = World()

    def fill(lo: tuple[int, int, int], hi: tuple[int, int, int], state: str) -> None:
        world.fill((lo[0] + ox, lo[1], lo[2] + oz), (hi[0] + ox, hi[1], hi[2] + oz), state)

    def put(x: int, y: int, z: int, state: str) -> None:
        world.set_block(x + ox, y, z + oz, state)

    fill((-40, -4, -40), (40, -1, 40), "dirt")
    fill((-40, -1, -40), (40, 0, 40), "grass_block")
    fill((-3, -1, -40), (4, 0, 40), "stone_bricks")
    fill((6, 0, 6), (13, 4, 13), "bricks")  # brick house, hollow, door facing the street
    fill((7, 0, 7), (12, 4, 12), "air")
    fill((6, 4, 6), (13, 5, 13), "oak_planks")
    put(6, 0, 9, "oak_door[facing=west,half=lower]")
    put(6, 1, 9, "oak_door[facing=west,half=upper]")
    put(6, 1, 11, "glass_pane[north=true,south=true]")
    put(5, 0, 7, "oak_sign[rotation=4]")
    world.set_block_entity(5 + ox, 0, 7 + oz, sign_entity("HELLO"))
    put(9, 0, 8, "lantern")
    fill((-12, 0, 8), (-6, 5, 16), "white_concrete")
    fill((-5, 0, 14), (-4, 3, 15), "oak_planks")
    put(-5, 0, 13, "oak_stairs[facing=south]")
    put(-5, 0, 16, "lantern")
    put(4, 0, 20, "torch")
    fill((6, -1, 18), (12, 0, 24), "water")
    fill((-8, 0, 22), (-7, 4, 23), "oak_log")
    fill((-10, 4, 20), (-5, 6, 25), "oak_leaves")
    fill((-6, 0, 30), (-1, 1, 31), "oak_fence[east=true,west=true]")
    put(-2, 0, 4, "poppy")
    put(-2, 0, 5, "short_grass")
    fill((-9, 0, 7), (-8, 5, 8), "ladder[facing=north]")  # on the white house's north wall
    return world


@pytest.fixture(scope="session")
def tables() -> RenderTables:
    """The atlas and mesh tables, built once and shared by every GameView."""
    return render_tables()


@pytest.fixture(scope="session")
def town() -> World:
    """The street scene at the origin (read-only: tests that change blocks build their own)."""
    return build_town()


ViewFactory = Callable[..., GameView]


@pytest.fixture(scope="module")
def make_view(tables: RenderTables) -> Iterator[ViewFactory]:
    """``make_view(world, waypoints=(), bar=None, **settings)``: a GameView closed after
    the module; settings default to 160x90, render distance 3."""
    views: list[GameView] = []

    def factory(
        world: World,
        waypoints: tuple[Waypoint, ...] = (),
        bar: Hotbar | None = None,
        **settings: object,
    ) -> GameView:
        merged = {**SMALL, "render_distance": 3, **settings}
        view = GameView(world, ViewSettings(**merged), waypoints, bar, tables)  # type: ignore[arg-type]
        views.append(view)
        return view

    yield factory
    for view in views:
        view.close()


@pytest.fixture(scope="module")
def _town_view(make_view: ViewFactory, town: World) -> GameView:
    return make_view(town, (TOWN_WAYPOINT,), Hotbar.benchmark())


@pytest.fixture
def town_view(_town_view: GameView) -> Iterator[GameView]:
    """The shared GameView over the town; settings, hotbar, waypoints and map are reset after."""
    view = _town_view
    settings, hotbar, waypoints = view.settings, view.hotbar, list(view.waypoints)
    yield view
    view.settings, view.hotbar, view.waypoints = settings, hotbar, waypoints
    # a fresh map screen (closed, default zoom) and explored area: tests see the same map
    view.map_screen = WorldMapScreen()
    view.explored = ExploredArea(radius_chunks=settings.render_distance)


def update_references() -> bool:
    """Whether this run rewrites the reference images instead of comparing with them."""
    return os.environ.get(UPDATE_ENV, "") not in ("", "0")


def reference_difference(frame: np.ndarray, reference: np.ndarray) -> tuple[float, float]:
    """(largest per-channel mean absolute difference, largest per-channel 99th percentile)."""
    diff = np.abs(frame.astype(np.int16) - reference.astype(np.int16)).reshape(-1, 3)
    return float(diff.mean(axis=0).max()), float(np.percentile(diff, 99, axis=0).max())


def check_reference(name: str, frame: np.ndarray) -> None:
    """Compare ``frame`` with ``reference/NAME.png`` within the tolerance, or (re)write it when
    ODYSSEY_UPDATE_REFERENCES=1; skip with the reason when the reference is missing."""
    path = REFERENCE_DIR / f"{name}.png"
    if update_references():
        REFERENCE_DIR.mkdir(exist_ok=True)
        # optimize=True: the committed PNGs stay small; the pixels are what is compared
        Image.fromarray(frame, "RGB").save(path, format="PNG", optimize=True)
        return
    if not path.exists():
        pytest.skip(
            f"reference image {path} is missing: run tools/update_render_references.py"
            f" (or set {UPDATE_ENV}=1) and look at the images before committing them"
        )
    reference = np.asarray(Image.open(path).convert("RGB"))
    assert reference.shape == frame.shape, f"{name}: size {frame.shape} != {reference.shape}"
    mean, p99 = reference_difference(frame, reference)
    assert mean < REFERENCE_MEAN_ABS and p99 < REFERENCE_P99, (
        f"{name} differs from {path.name}: mean abs {mean:.2f} (limit {REFERENCE_MEAN_ABS}),"
        f" 99th percentile {p99:.0f} (limit {REFERENCE_P99:.0f}); if the change is intended,"
        " run tools/update_render_references.py and review the new images"
    )


STREET = PlayerState(pos=(0.5, 0.0, -2.5), yaw=0.0, pitch=10.0)  # looking south along the street
BARE = {"hotbar": False, "crosshair": False}  # frames with nothing drawn over the world
NORTH_SOUTH_SHADE = 0.8  # vanilla's directional shade of faces looking north or south


def shot(view: GameView, player: PlayerState, tick: int = 0) -> np.ndarray:
    """``view.frame``: several GameViews live in this process, each drawing in its own context
    (see test_interleaved_views_each_draw_their_own_world)."""
    return view.frame(player, tick)


def luminance(rgb: np.ndarray) -> np.ndarray:
    """Rec. 709 luma per pixel, as float."""
    return rgb.astype(np.float64) @ np.array([0.2126, 0.7152, 0.0722])


def bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1), exclusive ends, of the set pixels."""
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def flat_world(top: str = "grass_block", half: int = 40) -> World:
    """Flat ground whose top face is at y = 0."""
    world = World()
    world.fill((-half, -2, -half), (half, 0, half), top)
    return world


def eye_camera(view: GameView, player: PlayerState) -> Camera:
    """The camera GameView uses for a first-person frame of ``player``."""
    s = view.settings
    x, y, z = player.pos
    far = s.render_distance * 16.0 + FAR_PLANE_MARGIN
    eye = (x, y + player.eye_height, z)
    return Camera(eye, player.yaw, player.pitch, s.fov, s.width / s.height, far)


# -- determinism and references ---------------------------------------------------------------


@pytest.mark.parametrize("changes", [{}, {"view": "six"}, {"rain": True}, {"view": "third"}])
def test_same_state_renders_identical_bytes(make_view, town, town_view, changes):
    town_view.with_settings(**changes)
    first = shot(town_view, STREET, tick=3)
    again = shot(town_view, STREET, tick=3)
    other = make_view(town, town_view.waypoints, town_view.hotbar, **changes)
    fresh = shot(other, STREET, tick=3)
    assert first.tobytes() == again.tobytes() == fresh.tobytes()
    assert encode_png(first) == encode_png(fresh)
    assert encode_jpeg(first) == encode_jpeg(fresh)
    with town_view.renderer.ctx:
        png = town_view.png(STREET, tick=3)
    with other.renderer.ctx:
        assert png == other.png(STREET, tick=3)


def concrete_wall(dye: str) -> World:
    world = flat_world("stone", 8)
    world.fill((-8, 0, 4), (8, 6, 5), f"{dye}_concrete")
    return world


def test_interleaved_views_each_draw_their_own_world(make_view):
    """Two GameViews in one process (parallel episodes, vector environments) must each draw
    their own world, whichever was created last."""
    player = PlayerState(pos=(0.5, 0.0, 0.5))
    red = make_view(concrete_wall("red"), render_distance=2, **BARE)
    red_first = red.frame(player)
    blue = make_view(concrete_wall("blue"), render_distance=2, **BARE)
    blue.frame(player)
    assert red.frame(player).tobytes() == red_first.tobytes()


REFERENCE_SCENES = {
    "street_first": {},
    "street_third": {"view": "third"},
    "street_six": {"view": "six"},
    "street_midnight_torch": {"time": "midnight"},
    "street_rain": {"rain": True},
    "world_map": {},
}


@pytest.mark.parametrize("name", sorted(REFERENCE_SCENES))
def test_scene_matches_reference(town_view, name):
    town_view.with_settings(**REFERENCE_SCENES[name])
    if name == "street_midnight_torch":
        town_view.hotbar = town_view.hotbar.select(1)
    if name == "world_map":
        assert town_view.key("m")
    check_reference(name, shot(town_view, STREET, tick=3))


# -- colours, FOV, light ----------------------------------------------------------------------


def noon_sky_lightmap() -> np.ndarray:
    """Vanilla's lightmap factor for a face in full sky light at noon (sky 15, block 0)."""
    cond = conditions(TIMES["noon"], 0.0, 2)
    return lightmap_table(cond.sky_factor, cond.sky_light_color)[15 * 16 + 0]


@pytest.mark.parametrize("dye", ["red", "white", "blue"])
def test_crosshair_shows_the_wall_colour(make_view, tables, dye):
    view = make_view(concrete_wall(dye), render_distance=2)
    frame = shot(view, PlayerState(pos=(0.5, 0.0, 0.5)))
    cy, cx = frame.shape[0] // 2, frame.shape[1] // 2
    # the crosshair's arms lie on the centre row and column: sample the diagonals beside them
    patch = np.concatenate(
        [
            frame[cy + dy - 1 : cy + dy + 2, cx + dx - 1 : cx + dx + 2]
            for dy in (-5, 5)
            for dx in (-5, 5)
        ]
    ).reshape(-1, 3)
    seen = patch.mean(axis=0)
    texture = tables.atlas.images[tables.atlas.tile(f"{dye}_concrete")][..., :3]
    expected = texture.reshape(-1, 3).mean(axis=0) * NORTH_SOUTH_SHADE * noon_sky_lightmap()
    assert np.all(np.abs(seen - expected) < 12), (seen, expected)
    r, g, b = seen
    if dye == "red":
        assert r > 2.5 * g and r > 2.5 * b
    elif dye == "blue":
        assert b > 2 * r and b > 2 * g
    else:
        assert min(seen) > 150 and max(seen) - min(seen) < 15  # bright and grey
    # vanilla's crosshair inverts what is under it (ONE_MINUS_DST_COLOR)
    view.with_settings(crosshair=False)
    bare = shot(view, PlayerState(pos=(0.5, 0.0, 0.5)))
    scale = gui_scale(160, 90)
    x, y = (v + CROSSHAIR_SIZE // 2 * scale for v in crosshair_origin(160, 90, scale))
    np.testing.assert_array_equal(frame[y, x - 3 : x + 4], 255 - bare[y, x - 3 : x + 4])
    np.testing.assert_array_equal(frame[y - 3 : y + 4, x], 255 - bare[y - 3 : y + 4, x])
    np.testing.assert_array_equal(frame[y + 3, x + 3], bare[y + 3, x + 3])


@pytest.mark.parametrize("fov", [70.0, 100.0])
def test_block_edges_land_where_the_vertical_fov_puts_them(make_view, fov):
    """A black block in a white wall 7.5 blocks ahead: its edges follow the pinhole model
    x = W/2 + (r / d) / tan(fov/2) * H/2 and y = H/2 - (h / d) / tan(fov/2) * H/2."""
    width, height = 200, 100
    world = World()
    world.fill((-24, -10, 8), (25, 14, 9), "white_concrete")
    world.set_block(-3, 3, 8, "black_concrete")
    view = make_view(world, width=width, height=height, fov=fov, render_distance=2, **BARE)
    player = PlayerState(pos=(0.5, 0.0, 0.5))  # eye at (0.5, 1.62, 0.5), looking +z
    frame = shot(view, player)
    d, eye_y = 8.0 - 0.5, 1.62
    focal = 1.0 / math.tan(math.radians(fov) / 2.0) * height / 2.0
    # looking south, screen right is -x: the block's x = -2 edge is 2.5 blocks right of the eye
    left, right = (width / 2 - (x - 0.5) / d * focal for x in (-2.0, -3.0))
    top, bottom = (height / 2 - (y - eye_y) / d * focal for y in (4.0, 3.0))
    x0, y0, x1, y1 = bbox(luminance(frame) < 60)
    assert abs(x0 - left) <= 2 and abs(x1 - right) <= 2, ((x0, x1), (left, right))
    assert abs(y0 - top) <= 2 and abs(y1 - bottom) <= 2, ((y0, y1), (top, bottom))
    # and the camera's own projection agrees with the formula
    corners = np.array([[-2.0, 4.0, 8.0], [-3.0, 3.0, 8.0]])
    pixels, front = eye_camera(view, player).project(corners, width, height)
    assert front.all()
    np.testing.assert_allclose(pixels, [[left, top], [right, bottom]], atol=1e-6)


def test_midnight_is_far_darker_than_noon(town_view):
    town_view.with_settings(**BARE)
    noon = luminance(shot(town_view, STREET)).mean()
    town_view.with_settings(time="midnight")
    midnight = luminance(shot(town_view, STREET)).mean()
    assert midnight < 0.4 * noon, (midnight, noon)


@pytest.fixture(scope="module")
def dark_room(make_view):
    """A closed stone room (9x5x9 inside) at midnight with the benchmark hotbar."""
    world = World()
    world.fill((-5, -1, -5), (6, 6, 6), "stone")
    world.fill((-4, 0, -4), (5, 5, 5), "air")
    view = make_view(world, bar=Hotbar.benchmark(), time="midnight", render_distance=2, **BARE)
    return world, view


ROOM_PLAYER = PlayerState(pos=(0.5, 0.0, 0.5))


def test_held_torch_lights_a_dark_room(dark_room):
    _, view = dark_room
    dark = luminance(shot(view, ROOM_PLAYER))
    view.hotbar = view.hotbar.select(1)  # the torch, as key "2" selects it
    assert view.hotbar.held == "torch"
    lit = luminance(shot(view, ROOM_PLAYER))
    view.hotbar = view.hotbar.select(0)
    assert dark.mean() < 20, "a closed room at midnight is nearly black"
    assert lit.mean() > 2.5 * dark.mean() and lit.mean() - dark.mean() > 12
    # the light fades with distance: the floor just ahead is lit more than the far wall's top
    h, w = lit.shape
    assert lit[int(h * 0.9), w // 2] > lit[int(h * 0.1), w // 2]


def test_placed_lantern_lights_its_surroundings_at_midnight(dark_room):
    world, view = dark_room
    before = luminance(shot(view, ROOM_PLAYER))
    world.set_block(3, 0, 3, "lantern")
    try:
        after = luminance(shot(view, ROOM_PLAYER))
    finally:
        world.set_block(3, 0, 3, "air")
    assert after.mean() > 3 * before.mean()
    # looking south, +x is on the left: the lantern's side of the room is the brighter one
    w = after.shape[1]
    assert after[:, : w // 2].mean() > after[:, w // 2 :].mean()
    assert luminance(shot(view, ROOM_PLAYER)).mean() == pytest.approx(before.mean())


# -- waypoint markers -------------------------------------------------------------------------

# Eye at exactly y = 2 over flat ground: markers (drawn one block above the waypoint's block)
# at (0.5, 1, 10.5) and (0.5, 0, 20.5) lie on one ray from the eye and project to one pixel.
MARKER_PLAYER = PlayerState(pos=(0.5, 2.0 - 1.62, 0.5))


@pytest.fixture(scope="module")
def marker_view(make_view):
    return make_view(flat_world(), render_distance=2, **BARE)


def marker_frame(view: GameView, *waypoints: Waypoint) -> np.ndarray:
    view.waypoints = list(waypoints)
    try:
        return shot(view, MARKER_PLAYER)
    finally:
        view.waypoints = []


def over(color: tuple[int, ...], alpha: int, under: np.ndarray) -> np.ndarray:
    """8-bit source-over blend, rounded half up, as the overlays blend."""
    return (np.asarray(color) * alpha + under.astype(np.int64) * (255 - alpha) + 127) // 255


def marker_labels(view: GameView, *waypoints: Waypoint) -> list[MarkerLabel]:
    view.waypoints = list(waypoints)
    try:
        return view.marker_labels(eye_camera(view, MARKER_PLAYER), MARKER_PLAYER, 160, 90)
    finally:
        view.waypoints = []


def test_marker_within_range_draws_its_box_in_the_xaero_colour(marker_view):
    empty = marker_frame(marker_view)
    tower = Waypoint("Tower", "TW", (0.0, 0.0, 10.0), 12)  # red
    frame = marker_frame(marker_view, tower)
    labels = marker_labels(marker_view, tower)
    assert [(m.caption, m.color) for m in labels] == [("TW", 12)]
    assert labels[0].distance == pytest.approx(math.hypot(10.0, MARKER_PLAYER.pos[1]))
    assert (labels[0].x, labels[0].y) == pytest.approx(
        (80.0, 45 + 1 / 10 * 45 / math.tan(math.radians(35)))
    )
    scale = gui_scale(160, 90)
    x0, y0 = box_origin(labels[0], scale)
    changed = np.any(frame != empty, axis=2)
    cx0, cy0, cx1, cy1 = bbox(changed)
    assert cy0 == y0 and cx0 <= x0  # the box is the top; the distance label is wider
    assert cx1 - cx0 < 40 and cy1 - cy0 < 30  # a small label around the projected point
    assert cx0 < labels[0].x < cx1 and cy0 < labels[0].y < cy1
    # the box's top row (left of the initials) is the waypoint colour over the scene
    corner = frame[y0, x0 : x0 + 2]
    np.testing.assert_array_equal(corner, over(XAERO_COLORS[12], BOX_ALPHA, empty[y0, x0 : x0 + 2]))
    assert np.any(frame[y0 : y0 + BOX_SIZE * scale, x0 : x0 + 20] == 255)  # white initials


@pytest.mark.parametrize("where", [(0.0, 0.0, 40.0), (0.0, 0.0, -10.0), (30.0, 0.0, 30.0)])
def test_marker_out_of_range_or_behind_draws_nothing(marker_view, where):
    """40 blocks ahead and 42 blocks away diagonally are beyond 32; 10 blocks behind is
    behind the camera."""
    empty = marker_frame(marker_view)
    frame = marker_frame(marker_view, Waypoint("Far", "FR", where, 12))
    assert frame.tobytes() == empty.tobytes()


def test_marker_distance_label_follows_the_distance(marker_view):
    near_wp = Waypoint("Tower", "TW", (0.0, 0.0, 10.0), 12)
    far_wp = Waypoint("Tower", "TW", (0.0, -1.0, 20.0), 12)
    (near_label,), (far_label,) = (
        marker_labels(marker_view, near_wp),
        marker_labels(marker_view, far_wp),
    )
    assert (near_label.x, near_label.y) == pytest.approx((far_label.x, far_label.y))
    assert (round(near_label.distance, 1), round(far_label.distance, 1)) == (10.0, 20.0)
    differ = np.any(marker_frame(marker_view, near_wp) != marker_frame(marker_view, far_wp), axis=2)
    assert differ.any(), "10.0m and 20.0m must read differently"
    scale = gui_scale(160, 90)
    box_bottom = box_origin(near_label, scale)[1] + BOX_SIZE * scale
    assert not differ[:box_bottom].any()  # same box, same initials
    assert differ[box_bottom : box_bottom + 12 * scale].any()  # the label below the box


def test_markers_are_given_no_coordinates():
    """What a marker draws is its projected pixel, caption, distance and colour: nothing that
    could put the waypoint's coordinates on screen."""
    names = {f.name for f in dataclasses.fields(MarkerLabel)}
    assert names == {"x", "y", "caption", "distance", "color"}


# 16 000 blocks out, and Mine Odyssey's largest coordinates (multiples of 16: same chunk layout).
@pytest.mark.parametrize("shift", [16_000, -8_520_000])
def test_far_from_the_origin_the_scene_renders_the_same(make_view, town_view, shift):
    """The same street, waypoint and viewpoint moved by ``shift`` blocks along x gives the same
    frame, byte for byte, in every view and on the map: nothing on screen (HUD off) depends
    on the coordinates, and nothing loses precision (float32 world positions would be off by
    up to half a block at x = -8.52 million)."""
    moved_wp = dataclasses.replace(town_view.waypoints[0], position=(9.0 + shift, 0.0, 20.0))
    moved_player = dataclasses.replace(STREET, pos=(0.5 + shift, 0.0, -2.5))
    moved = make_view(build_town(shift, 0), (moved_wp,), Hotbar.benchmark())
    for changes in ({}, {"view": "third"}, {"view": "six"}):
        town_view.with_settings(**changes)
        moved.with_settings(**changes)
        assert shot(moved, moved_player).tobytes() == shot(town_view, STREET).tobytes(), changes
    town_view.key("m")
    moved.key("m")
    assert shot(moved, moved_player).tobytes() == shot(town_view, STREET).tobytes()


# -- world changes, signs ---------------------------------------------------------------------


def test_opening_a_door_changes_its_pixels_and_remeshes_one_column(make_view):
    world = flat_world("stone")
    world.fill((-6, 0, 6), (7, 4, 7), "bricks")
    door = "oak_door[facing=north,half={half},open={open}]"
    for y, half in ((0, "lower"), (1, "upper")):
        world.set_block(0, y, 6, door.format(half=half, open="false"))
    view = make_view(world, render_distance=4, **BARE)
    player = PlayerState(pos=(0.5, 0.0, 2.5))
    closed = shot(view, player)
    meshed, columns = view.renderer.meshed_chunks, len(view.renderer.meshes)
    for y, half in ((0, "lower"), (1, "upper")):
        world.set_block(0, y, 6, door.format(half=half, open="true"))
    opened = shot(view, player)
    assert columns >= 40  # render distance 4: ~49 columns meshed at first
    assert view.renderer.meshed_chunks - meshed <= 2  # the door's column (and a neighbour)
    changed = np.any(closed != opened, axis=2)
    # the doorway's projection: x = 0..1, y = 0..2 at z = 6
    pixels, _ = eye_camera(view, player).project(
        np.array([[0.0, 0.0, 6.0], [1.0, 2.0, 6.0]]), 160, 90
    )
    (dx1, dy1), (dx0, dy0) = pixels  # screen right is -x; up is +y
    x0, y0, x1, y1 = bbox(changed)
    assert x0 >= dx0 - 3 and x1 <= dx1 + 3 and y0 >= dy0 - 3 and y1 <= dy1 + 3
    assert changed.sum() > 0.5 * (dx1 - dx0) * (dy1 - dy0)  # most of the doorway changed


def test_sign_text_is_drawn_on_the_board(make_view):
    """Two wall signs side by side, "HELLO" on the left one (+x is on the left looking south),
    nothing on the right one: only the left board gets dark text pixels."""
    world = flat_world("stone", 20)
    world.fill((-4, 0, 3), (5, 4, 4), "white_concrete")
    for x, text in ((1, "HELLO"), (-1, "")):
        world.set_block(x, 1, 2, "oak_wall_sign[facing=north]")
        world.set_block_entity(x, 1, 2, sign_entity(text))
    view = make_view(world, width=320, height=180, render_distance=2, **BARE)
    player = PlayerState(pos=(0.5, 0.0, 0.5))
    dark = luminance(shot(view, player)) < 50
    assert dark[:, 160:].sum() == 0
    assert dark[:, :160].sum() >= 8
    board, _ = eye_camera(view, player).project(
        np.array([[2.0, 2.0, 2.9], [1.0, 1.0, 2.9]]), 320, 180
    )
    x0, y0, x1, y1 = bbox(dark)
    assert board[0, 0] <= x0 and x1 <= board[1, 0] and board[0, 1] <= y0 and y1 <= board[1, 1]


def test_changing_sign_text_after_a_frame_is_drawn(make_view):
    world = flat_world("stone", 20)
    world.fill((-4, 0, 3), (5, 4, 4), "white_concrete")
    world.set_block(1, 1, 2, "oak_wall_sign[facing=north]")
    world.set_block_entity(1, 1, 2, sign_entity(""))
    view = make_view(world, width=320, height=180, render_distance=2, **BARE)
    player = PlayerState(pos=(0.5, 0.0, 0.5))
    before = shot(view, player)
    world.set_block_entity(1, 1, 2, sign_entity("HELLO"))
    assert shot(view, player).tobytes() != before.tobytes()


# -- cameras and conditions -------------------------------------------------------------------


def shirt_pixels(frame: np.ndarray) -> np.ndarray:
    """Pixels of the player's cyan shirt (0, 168, 168) under any face shade and daylight."""
    f = frame.astype(np.int64)
    return (f[..., 0] < 40) & (f[..., 1] > 90) & (np.abs(f[..., 1] - f[..., 2]) < 12)


def test_third_person_shows_the_player_and_first_person_does_not(town_view):
    town_view.with_settings(**BARE)
    assert not shirt_pixels(shot(town_view, STREET)).any()
    town_view.with_settings(view="third")
    shirt = shirt_pixels(shot(town_view, STREET))
    assert shirt.sum() > 40
    x0, y0, x1, _ = bbox(shirt)
    # the player stands in the middle of the screen, below the centre (the camera looks down)
    assert abs((x0 + x1) / 2 - 80) < 6 and y0 > 40


def test_six_view_tiles(town_view):
    town_view.with_settings(view="six", **BARE)
    frame = shot(town_view, STREET)
    assert frame.shape == (90, 160, 3)
    w, h = 160 // 3, 90 // 2
    tiles = {
        name: frame[r * h : r * h + h, c * w : c * w + w]
        for name, (r, c) in zip(
            ("up", "feet", "main", "left", "back", "right"),
            [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
            strict=True,
        )
    }
    sky = np.asarray(conditions(TIMES["noon"], 0.0, 3).sky_color) * 255
    up = tiles["up"][12:].reshape(-1, 3).astype(np.float64)  # below the "up" caption
    is_sky = np.all(np.abs(up - sky) < 25, axis=1) | (up.min(axis=1) > 180)  # or the sun
    assert is_sky.mean() > 0.95
    feet = tiles["feet"][12:].reshape(-1, 3).astype(np.float64)
    assert not np.any(np.all(np.abs(feet - sky) < 25, axis=1))  # the street, no sky
    names = list(tiles)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert tiles[a].tobytes() != tiles[b].tobytes(), (a, b)


def test_six_view_fills_the_whole_frame(town_view):
    town_view.with_settings(view="six", **BARE)
    frame = shot(town_view, STREET)
    assert frame[:, -1].max() > 0


# looking up at open sky, below the noon sun (which stands overhead)
SKY_UP = PlayerState(pos=(0.5, 0.0, -2.5), yaw=0.0, pitch=-30.0)


def test_rain_greys_the_sky_and_draws_streaks(town_view):
    town_view.with_settings(**BARE)
    dry = shot(town_view, SKY_UP)
    town_view.with_settings(rain=True)
    wet = shot(town_view, SKY_UP, tick=1)
    wet_later = shot(town_view, SKY_UP, tick=2)
    top_dry, top_wet = dry[:20].reshape(-1, 3), wet[:20].reshape(-1, 3).astype(np.float64)
    assert luminance(top_wet).mean() < luminance(top_dry).mean() - 20  # darker
    saturation = lambda px: (px.max(axis=1) - px.min(axis=1)).mean()  # noqa: E731
    assert saturation(top_wet) < 0.5 * saturation(top_dry)  # greyer
    # streaks: the dry sky is smooth along a row; rain sheets break it up, and they move
    assert np.abs(np.diff(dry[:20].astype(np.int64), axis=1)).max() == 0
    assert np.abs(np.diff(top_wet.reshape(20, -1, 3), axis=1)).mean() > 1.0
    assert np.any(wet != wet_later, axis=2).mean() > 0.1


def test_rain_moves_between_frames_recorded_at_4_fps(town_view):
    town_view.with_settings(rain=True, **BARE)
    now, later = shot(town_view, SKY_UP, tick=0), shot(town_view, SKY_UP, tick=5)
    assert np.any(now != later, axis=2).mean() > 0.1


# -- keys -------------------------------------------------------------------------------------


def test_map_key_opens_the_world_map_and_escape_closes_it(town_view):
    town_view.with_settings(**BARE)
    world = shot(town_view, STREET)
    assert town_view.key("m")
    shown = shot(town_view, STREET)
    sky = np.asarray(conditions(TIMES["noon"], 0.0, 3).sky_color) * 255
    skyish = np.all(np.abs(shown.reshape(-1, 3) - sky) < 25, axis=1)
    assert skyish.mean() < 0.02  # top-down: no sky
    # the player's red arrow at the centre (the map opens centred on the player)
    centre = shown[35:55, 70:90].reshape(-1, 3).astype(np.int64)
    assert np.any((centre[:, 0] > 180) & (centre[:, 1] < 60) & (centre[:, 2] < 60))
    # zoomed out far enough, ground nobody has been near is black
    town_view.scroll(-12)
    zoomed_out = shot(town_view, STREET)
    assert (zoomed_out.reshape(-1, 3).max(axis=1) == 0).mean() > 0.3
    assert town_view.key("Escape")
    assert shot(town_view, STREET).tobytes() == world.tobytes()


def test_hotbar_keys_select_slots(town_view):
    _, hy = hotbar_origin(160, 90, gui_scale(160, 90))
    first = shot(town_view, STREET)
    assert town_view.key("3")
    assert town_view.hotbar.selected == 2
    third = shot(town_view, STREET)
    changed = np.any(first != third, axis=2)
    assert changed.any() and bbox(changed)[1] >= hy - 1  # only the hotbar changed
    assert bbox(changed)[3] <= hy + HOTBAR_HEIGHT * gui_scale(160, 90) + 1
    assert town_view.key("1")
    assert shot(town_view, STREET).tobytes() == first.tobytes()


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(0, 90), (10_000, 90), (160, 0), (160, 10_000)])
def test_absurd_sizes_are_refused_naming_the_size(size):
    with pytest.raises(ValueError, match=rf"size {size[0]}x{size[1]}"):
        ViewSettings(width=size[0], height=size[1])


def test_missing_egl_driver_names_the_packages(monkeypatch):
    import moderngl

    from odyssey.render.gl import create_context

    def no_egl(*args: object, **kwargs: object) -> None:
        raise Exception("libEGL.so.1: cannot open shared object file")

    monkeypatch.setattr(moderngl, "create_context", no_egl)
    with pytest.raises(RenderError) as info:
        create_context()
    assert isinstance(info.value, OdysseyError)
    message = str(info.value)
    assert "EGL" in message and "libegl1" in message and "libgl1-mesa-dri" in message
    assert "apt-get install" in message
