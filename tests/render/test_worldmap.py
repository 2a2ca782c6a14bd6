"""The world-map screen, the minimap and their shared tile cache, checked pixel by pixel."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import PRISMARINE, shared_path
from odyssey.render.mapview import ARROW_RGB, ExploredArea, MapTiles, tracking_offsets
from odyssey.render.markers import XAERO_COLORS as CHAT_COLORS
from odyssey.render.minimap import draw_minimap, minimap_box, render_minimap
from odyssey.render.view import Waypoint
from odyssey.render.worldmap import (
    DEFAULT_ZOOM,
    MAX_ZOOM,
    MIN_ZOOM,
    WorldMapScreen,
    matches,
    zoom_text,
)
from odyssey.world import World, open_world, registry
from odyssey.world.topdown import SHADE_HIGHER, SHADE_LEVEL, SHADE_LOWER, render_topdown

REG = registry()
W, H = 854, 480
PLAYER = (0.5, 64.0, 0.5)
BLUE = 9  # chat colour index of the waypoint we look for (0x5555FF)


def shaded(block: str, factor: int = SHADE_LEVEL) -> tuple[int, int, int]:
    """A block's map colour with one of vanilla's three shades."""
    return tuple(int(c) * factor // 255 for c in REG.map_color(REG.state(block)))


GRASS, WATER = shaded("grass_block"), shaded("water")


def small_world() -> World:
    """Grass from -128 to 128 with a stone building north-east and a pond south-west."""
    world = World()
    world.fill((-128, 60, -128), (128, 64, 128), "grass_block")
    world.fill((10, 64, -30), (30, 72, -10), "stone_bricks")
    world.fill((-40, 63, 10), (-20, 64, 30), "water")
    return world


@pytest.fixture
def world() -> World:
    return small_world()


def open_screen(**kwargs) -> WorldMapScreen:
    screen = WorldMapScreen(**kwargs)
    assert screen.key("m")
    return screen


def render(screen, tiles, explored=None, player=PLAYER, yaw=0.0, waypoints=()):
    return screen.render(tiles, explored, player, yaw, list(waypoints), W, H)


def pixel(image: np.ndarray, x: float, y: float) -> tuple[int, int, int]:
    return tuple(int(c) for c in image[int(y), int(x)])


# -- explored area ----------------------------------------------------------------------------


def test_explored_area_is_vanillas_chunk_tracking_shape():
    area = ExploredArea(12)
    area.visit(-0.5, 5.0)  # chunk (-1, 0)
    assert (-1, 0) in area and (12, 0) in area and (-14, 0) in area
    assert (-15, 0) not in area, "the sent area reaches r + 1 chunks along an axis"
    assert (12, 13) not in area, "corners are cut: (11² + 11²) >= 12²"
    assert (9, 10) in area, "dx = dz = 10: (8² + 8²) < 12²"
    assert (10, 10) not in area, "dx = 11, dz = 10: (9² + 8²) >= 12²"
    offsets = {tuple(o) for o in tracking_offsets(12).tolist()}
    expected = {
        (dx, dz)
        for dx in range(-13, 14)
        for dz in range(-13, 14)
        if max(0, abs(dx) - 2) ** 2 + max(0, abs(dz) - 2) ** 2 < 144
    }
    assert offsets == expected
    assert area.chunks() == frozenset((-1 + dx, dz) for dx, dz in expected)


def test_explored_area_grows_only_when_the_player_changes_chunk():
    area = ExploredArea(2)
    area.visit(1.0, 1.0)
    assert len(area) == 49, "r = 2 sends a full 7 x 7 square"
    version = area.version
    area.visit(15.9, 0.1)
    assert area.version == version, "same chunk: nothing new"
    area.visit(16.0, 0.0)
    assert area.version == version + 1 and len(area) == 56 and (4, 0) in area
    with pytest.raises(ValueError, match="radius_chunks"):
        ExploredArea(1)


# -- tiles ------------------------------------------------------------------------------------


def test_tiles_match_the_world_topdown_picture(world):
    tiles = MapTiles(world)
    picture = render_topdown(world, 1)
    area = tiles.area_rgb(picture.origin_x, picture.origin_z, 256, 256)
    assert np.array_equal(area, picture.rgb), "same colours and shades across chunk borders"
    chunk = tiles.chunk_rgb(1, -2)  # holds x 16..31, z -32..-17: stone from z = -30
    assert chunk.shape == (16, 16, 3)
    assert pixel(chunk, 0, 2) == shaded("stone_bricks", SHADE_HIGHER), "north edge of the roof"
    assert pixel(chunk, 0, 3) == shaded("stone_bricks")
    assert tiles.chunk_rgb(100, 100) is None
    assert pixel(tiles.area_rgb(500, 500, 4, 4), 0, 0) == (0, 0, 0), "no chunk: black"


def test_tiles_of_a_real_world_match_its_topdown_and_leave_its_cache_alone():
    world = open_world(shared_path(PRISMARINE / "1.19.4"))
    picture = render_topdown(world, 1)
    tiles = MapTiles(world)
    depth, width = picture.rgb.shape[:2]
    area = tiles.area_rgb(picture.origin_x, picture.origin_z, width, depth)
    assert np.array_equal(area, picture.rgb)
    assert world.loaded_chunk_count() == 0, "chunks read for the map are not kept"


def test_area_rgb_skips_excluded_chunks_and_subsamples(world):
    tiles = MapTiles(world)
    area = tiles.area_rgb(-32, -32, 64, 64, 4, include=lambda cx, cz: cx >= 0)
    assert area.shape == (16, 16, 3)
    assert pixel(area, 0, 15) == (0, 0, 0), "chunk x < 0 excluded"
    assert pixel(area, 15, 15) == GRASS
    assert pixel(area, 11, 1) == shaded("stone_bricks"), "block (12, -28): the roof"


def test_a_changed_block_updates_its_chunk_and_the_shade_south_of_it(world):
    tiles = MapTiles(world)
    assert pixel(tiles.chunk_rgb(0, 0), 5, 5) == GRASS
    assert pixel(tiles.chunk_rgb(0, 1), 5, 0) == GRASS
    world.set_block(5, 63, 5, "water")
    world.fill((5, 64, 15), (6, 70, 16), "stone")  # a pillar on the chunk's last row
    rgb = tiles.chunk_rgb(0, 0)
    assert pixel(rgb, 5, 5) == WATER
    assert pixel(rgb, 5, 15) == shaded("stone", SHADE_HIGHER)
    assert pixel(tiles.chunk_rgb(0, 1), 5, 0) == shaded("grass_block", SHADE_LOWER)


def test_tiles_refresh_everything_when_the_change_log_is_gone(world):
    tiles = MapTiles(world)
    assert pixel(tiles.chunk_rgb(0, 0), 1, 1) == GRASS
    for i in range(5000):  # more changes than the world remembers
        world.set_block(i % 16, 63, 1, "grass_block")
    world.set_block(15, 63, 1, "water")
    assert pixel(tiles.chunk_rgb(0, 0), 15, 1) == WATER
    world.set_block(200, 63, 200, "water")  # a new chunk appears on the map
    lone = shaded("water", SHADE_HIGHER)  # higher than the empty column north of it
    assert pixel(tiles.chunk_rgb(12, 12), 8, 8) == lone


# -- keys -------------------------------------------------------------------------------------


def test_m_opens_and_closes_escape_closes():
    screen = WorldMapScreen()
    assert not screen.key("w") and not screen.is_open, "closed: keys go to the game"
    assert not screen.key("Escape")
    assert screen.key("m") and screen.is_open
    assert screen.key("w") and screen.is_open, "open: the screen takes every key"
    assert screen.key("m") and not screen.is_open
    screen.key("m")
    assert screen.key("Escape") and not screen.is_open


def test_typing_a_name_and_return_centres_the_map_on_the_waypoint(world):
    tiles = MapTiles(world)
    library = Waypoint("City Library", "CL", (100.0, 64.0, -90.0), BLUE)
    screen = open_screen()
    render(screen, tiles, waypoints=[Waypoint("Bakery", "B", (5.0, 64.0, 5.0)), library])
    assert screen.key("ctrl+f") and screen.searching
    screen.type("lib")
    assert screen.search == "lib" and screen.is_open, "typed letters go to the field, not to m"
    screen.key("BackSpace")
    screen.type("b")
    assert screen.key("Return")
    assert screen.center == (100.0, -90.0) and not screen.searching
    image = render(screen, tiles, waypoints=[library])
    assert pixel(image, W / 2, H / 2 - 4) == CHAT_COLORS[BLUE], "the flag points mid-screen"


def test_escape_first_leaves_the_search_then_closes():
    screen = open_screen()
    screen.key("slash")
    screen.type("old m")
    assert screen.search == "old m" and screen.is_open
    screen.key("Escape")
    assert screen.is_open and not screen.searching and screen.search == ""
    screen.key("Escape")
    assert not screen.is_open


def test_search_order_prefix_then_substring_then_initials():
    a = Waypoint("Park Gate", "PG", (0.0, 0.0, 0.0))
    b = Waypoint("Old Park", "OP", (0.0, 0.0, 0.0))
    c = Waypoint("Museum", "PA", (0.0, 0.0, 0.0))
    d = Waypoint("Bridge", "B", (0.0, 0.0, 0.0))
    assert matches([b, c, d, a], "PAR") == [a, b]
    assert matches([b, c, d, a], "pa") == [a, b, c]
    assert matches([b, d], "") == [b, d]


def test_search_field_lists_the_matches(world):
    tiles = MapTiles(world)
    screen = open_screen()
    screen.key("ctrl+f")
    screen.type("x")
    waypoints = [Waypoint("Xylo", "X", (0.0, 64.0, 0.0), BLUE)]
    listed = render(screen, tiles, waypoints=waypoints)
    screen.type("q")
    empty = render(screen, tiles, waypoints=waypoints)
    strip = (slice(H - 135, H - 105), slice(W - 260, W))  # the first entry
    assert not np.array_equal(listed[strip], empty[strip])
    assert (listed[strip] == CHAT_COLORS[BLUE]).all(axis=2).any(), "the entry's badge"


# -- pan and zoom -----------------------------------------------------------------------------


def test_drag_moves_the_content_with_the_mouse(world):
    tiles = MapTiles(world)
    screen = open_screen()
    before = render(screen, tiles)
    screen.drag(40, -25)
    after = render(screen, tiles)
    assert screen.center == pytest.approx((PLAYER[0] - 40 / 3, PLAYER[2] + 25 / 3))
    # after[y, x] shows what before[y + 25, x - 40] showed (above the zoom label)
    assert np.array_equal(after[0 : H - 60, 40:W], before[25 : H - 35, 0 : W - 40])


def test_scroll_zooms_around_the_mouse_and_is_clamped(world):
    tiles = MapTiles(world)
    screen = open_screen()
    render(screen, tiles)
    mouse = (600.5, 100.5)
    world_point = np.array(screen.camera()) + (np.array(mouse) - (W / 2, H / 2)) / DEFAULT_ZOOM
    screen.scroll(1, at=mouse)
    assert screen.zoom == pytest.approx(DEFAULT_ZOOM * 1.2)
    assert screen.to_screen(*world_point) == pytest.approx(mouse)
    centre = screen.camera()
    screen.scroll(-2, at=mouse)
    assert screen.camera() == centre, "zooming out keeps the middle, as in Xaero"
    screen.scroll(100)
    assert screen.zoom == MAX_ZOOM
    screen.scroll(-100)
    assert screen.zoom == MIN_ZOOM


def test_zoom_changes_the_scale_of_the_picture(world):
    tiles = MapTiles(world)
    screen = open_screen()
    image = render(screen, tiles)
    # the building's west edge x = 10 is 9.5 blocks east of the player: 28.5 px at zoom 3
    assert pixel(image, W / 2 + 27, H / 2 - 45) == GRASS
    assert pixel(image, W / 2 + 29, H / 2 - 45) == shaded("stone_bricks")
    screen.scroll(4)  # zoom 3 × 1.2⁴ = 6.2208
    image = render(screen, tiles)
    edge = 9.5 * screen.zoom
    assert pixel(image, W / 2 + edge - 1, H / 2 - 90) == GRASS
    assert pixel(image, W / 2 + edge + 1, H / 2 - 90) == shaded("stone_bricks")
    assert zoom_text(DEFAULT_ZOOM) == "3.0x" and zoom_text(screen.zoom) == "6.221x"
    assert zoom_text(MIN_ZOOM) == "0.063x", "Java's Math.round rounds halves up"


def test_large_screens_enlarge_the_map_like_xaero():
    screen = WorldMapScreen(size=(1920, 1080))
    assert screen.scale() == DEFAULT_ZOOM
    screen.size = (2560, 1440)
    assert screen.scale() == pytest.approx(DEFAULT_ZOOM * 1440 / 1080)


# -- what is drawn ----------------------------------------------------------------------------


def test_unexplored_chunks_are_black_and_reveal_all_shows_them(world):
    tiles = MapTiles(world)
    explored = ExploredArea(2)
    explored.visit(*PLAYER[::2])  # chunks -3..3: blocks -48..63
    screen = open_screen(zoom=1.0)
    image = render(screen, tiles, explored)
    assert pixel(image, W / 2 - 20, H / 2 + 60) == GRASS, "explored ground"
    assert pixel(image, W / 2 + 100, H / 2 + 60) == (0, 0, 0), "x = 100: not explored"
    assert pixel(image, W / 2 - 30, H / 2 + 20) == WATER, "the pond, explored"
    revealed = render(screen, tiles, None)
    assert pixel(revealed, W / 2 + 100, H / 2 + 60) == GRASS
    assert pixel(revealed, W / 2 + 200, H / 2 + 60) == (0, 0, 0), "x = 200: no chunk at all"


def test_arrow_points_along_yaw(world):
    tiles = MapTiles(world)
    screen = open_screen()
    south = render(screen, tiles, yaw=0.0)
    cx, cy = screen.to_screen(PLAYER[0], PLAYER[2])
    assert (cx, cy) == (W / 2, H / 2)
    assert pixel(south, cx, cy + 8) == ARROW_RGB and pixel(south, cx, cy - 8) == GRASS
    west = render(screen, tiles, yaw=90.0)
    assert pixel(west, cx - 8, cy) == ARROW_RGB and pixel(west, cx + 8, cy) == GRASS
    north = render(screen, tiles, yaw=180.0)
    assert pixel(north, cx, cy - 8) == ARROW_RGB and pixel(north, cx, cy + 12) == GRASS


def test_player_outside_the_view_gets_an_arrow_at_the_edge(world):
    tiles = MapTiles(world)
    screen = open_screen()
    render(screen, tiles)
    screen.drag(1000, 0)  # the player ends up far to the right
    image = render(screen, tiles)
    edge = image[:, W - 20 :]
    assert (edge == ARROW_RGB).all(axis=2).sum() > 20
    assert not (image[:, : W - 20] == ARROW_RGB).all(axis=2).any()


def test_waypoint_flag_points_at_its_projection_with_initials(world):
    tiles = MapTiles(world)
    waypoint = Waypoint("Fountain", "F", (-60.0, 64.0, 40.0), BLUE)
    screen = open_screen()
    image = render(screen, tiles, waypoints=[waypoint])
    sx, sy = screen.to_screen(-60.0, 40.0)
    assert (sx, sy) == (W / 2 - 181.5, H / 2 + 118.5)
    x, y = round(sx), round(sy)
    assert pixel(image, x, y - 4) == CHAT_COLORS[BLUE], "the point, just above the waypoint"
    assert pixel(image, x, y + 3) == GRASS, "nothing below it"
    assert pixel(image, x - 12, y - 12) == CHAT_COLORS[BLUE], "the flag, 30 px wide"
    assert pixel(image, x - 17, y - 12) == GRASS
    assert pixel(image, x, y - 44) == GRASS, "43 px tall"
    initials = image[y - 38 : y - 13, x - 10 : x + 10]
    assert (initials.min(axis=2) > 200).sum() >= 40, "white initials inside the flag"


def test_far_waypoints_are_on_the_map_at_any_distance(world):
    tiles = MapTiles(world)
    far = Waypoint("Harbour", "H", (900.0, 64.0, -700.0), BLUE)  # beyond any chunk
    screen = open_screen()
    image = render(screen, tiles, waypoints=[far])
    assert not (image == CHAT_COLORS[BLUE]).all(axis=2).any(), "outside the view: not drawn"
    screen.scroll(-16)  # zoom 3 / 1.2¹⁶ ≈ 0.16: ±2600 blocks across
    image = render(screen, tiles, waypoints=[far])
    sx, sy = screen.to_screen(900.0, -700.0)
    assert pixel(image, round(sx), round(sy) - 4) == CHAT_COLORS[BLUE]


def test_nothing_shows_heights_or_coordinates(world):
    """Moving a waypoint or the player up or down changes nothing on screen."""
    tiles = MapTiles(world)
    screen = open_screen()
    wp = Waypoint("Tower", "T", (20.0, 64.0, -20.0), BLUE)
    low = render(screen, tiles, waypoints=[wp])
    high = render(
        screen,
        tiles,
        player=(PLAYER[0], 90.0, PLAYER[2]),
        waypoints=[Waypoint("Tower", "T", (20.0, 200.0, -20.0), BLUE)],
    )
    assert np.array_equal(low, high)


def test_map_follows_world_changes(world):
    tiles = MapTiles(world)
    screen = open_screen()
    image = render(screen, tiles)
    assert pixel(image, W / 2 + 30, H / 2 + 30) == GRASS
    world.fill((10, 63, 10), (12, 64, 12), "water")
    image = render(screen, tiles)
    assert pixel(image, W / 2 + 30, H / 2 + 30) == WATER


def test_rendering_is_deterministic(world):
    waypoints = [Waypoint("A", "A", (5.0, 64.0, 5.0), 3), Waypoint("B", "BB", (-9.0, 64.0, 3.0))]
    images = []
    for _ in range(2):
        screen = open_screen()
        screen.key("ctrl+f")
        screen.type("a")
        images.append(render(screen, MapTiles(world), yaw=33.0, waypoints=waypoints).tobytes())
    assert images[0] == images[1]


# -- minimap ----------------------------------------------------------------------------------


def test_minimap_is_north_up_with_the_arrow_in_the_middle(world):
    tiles = MapTiles(world)
    near = Waypoint("Near", "N", (20.5, 64.0, 30.5), BLUE)
    far = Waypoint("Far", "F", (-500.0, 64.0, 0.5), 12)
    mini = render_minimap(tiles, None, PLAYER, 0.0, [near, far], size_px=128)
    assert mini.shape == (128, 128, 3)
    assert pixel(mini, 64, 67) == ARROW_RGB, "pointing south"
    assert pixel(mini, 64, 55) == GRASS
    assert pixel(mini, 64 + 15, 64 - 25) == shaded("stone_bricks"), "the building, north"
    assert pixel(mini, 64 - 30, 64 + 20) == WATER, "the pond, south-west"
    assert pixel(mini, 84 - 8, 94 - 8) == CHAT_COLORS[BLUE], "18 px icon centred on (84, 94)"
    assert pixel(mini, 84 - 10, 94) == GRASS
    left_edge = mini[58:70, 0:16]
    assert (left_edge == CHAT_COLORS[12]).all(axis=2).any(), "far waypoint held at the west edge"


def test_draw_minimap_pastes_at_the_top_right(world):
    tiles = MapTiles(world)
    explored = ExploredArea(2)
    explored.visit(0.0, 0.0)
    frame = np.full((H, W, 3), 77, np.uint8)
    assert draw_minimap(frame, tiles, explored, PLAYER, 45.0, []) is None, "drawn in place"
    left, top, right, bottom = minimap_box(W)
    mini = render_minimap(tiles, explored, PLAYER, 45.0, [])
    assert np.array_equal(frame[top:bottom, left:right], mini)
    assert (frame[:, : left - 2] == 77).all() and (frame[bottom + 2 :] == 77).all()
    assert (frame[top - 2 : bottom + 2, right + 2 :] == 77).all(), "a margin on the right"
    assert right < W and top > 0
