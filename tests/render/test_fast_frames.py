"""What the renderer reuses between frames (visibility, matrices, uniforms, the lightmap, skipped
occlusion tests, finer occlusion tiles in small frames) never changes a pixel: a renderer that has
drawn many frames gives the same image as a fresh one after the world, the light or the camera
changes."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render import GameView, ViewSettings
from odyssey.render.occlusion import depth_tiles, region_max, tile_size
from odyssey.sim.player import PlayerState
from odyssey.world import World

SETTINGS = ViewSettings(width=64, height=48, render_distance=4, hotbar=False)
EYE = PlayerState(pos=(0.5, 65.0, -6.5), yaw=0.0, pitch=0.0)  # looking south at the wall


def build_world() -> World:
    """Grass on stone, a tall wall south of the eye with a door in it, and towers behind the
    wall (more than 40 blocks away: the wall hides them from the occlusion test)."""
    w = World()
    w.fill((-80, 60, -80), (80, 64, 80), "stone")
    w.fill((-80, 64, -80), (80, 65, 80), "grass_block")
    w.fill((-40, 64, 8), (40, 96, 9), "stone_bricks")
    w.set_block(0, 64, 8, "oak_door[facing=north,half=lower]")
    w.set_block(0, 65, 8, "oak_door[facing=north,half=upper]")
    for x in (-30, -6, 20):
        w.fill((x, 64, 44), (x + 6, 90, 50), "bricks")
    w.fill((-20, 64, -30), (-14, 70, -24), "oak_leaves")  # cutout geometry behind the eye
    return w


def fresh_frame(world: World, settings: ViewSettings, player: PlayerState, tick: int) -> np.ndarray:
    view = GameView(world, settings)
    try:
        return view.frame(player, tick)
    finally:
        view.close()


@pytest.fixture(scope="module")
def world() -> World:
    return build_world()


def test_a_long_lived_renderer_draws_what_a_fresh_one_draws(world):
    view = GameView(world, SETTINGS)
    steps = [
        ("first frame", lambda: None, EYE),
        ("a block placed", lambda: world.set_block(1, 65, -2, "gold_block"), EYE),
        ("the door opened", lambda: (
            world.set_block(0, 64, 8, "oak_door[facing=north,half=lower,open=true]"),
            world.set_block(0, 65, 8, "oak_door[facing=north,half=upper,open=true]"),
        ), EYE),
        ("midnight", lambda: view.with_settings(time="midnight"), EYE),
        ("turned", lambda: None, EYE.with_look(35.0, 10.0)),
        ("walked into the next column", lambda: None,
         PlayerState(pos=(17.5, 65.0, -6.5), yaw=20.0, pitch=0.0)),
        ("render distance cut", lambda: view.with_settings(render_distance=2), EYE),
    ]  # fmt: skip
    previous = None
    try:
        for tick, (name, change, player) in enumerate(steps):
            change()
            for _ in range(3):  # the later frames take the cached paths
                got = view.frame(player, tick)
            want = fresh_frame(world, view.settings, player, tick)
            assert np.array_equal(got, want), name
            assert previous is None or not np.array_equal(got, previous), name  # it shows
            previous = got
    finally:
        view.close()


def test_skipped_occlusion_tests_change_nothing(world):
    view = GameView(world, SETTINGS)
    try:
        open_field = EYE.with_look(180.0, 0.0)  # looking north: nothing to hide
        for tick in range(4):
            view.frame(open_field, tick)
        assert view.renderer.culled_columns == 0
        assert view.renderer._idle >= 2  # so the next frame skips its test
        # the renderer now tests only every few frames; the wall hides the towers either way
        turned = view.frame(EYE, 5)
        assert np.array_equal(turned, fresh_frame(world, SETTINGS, EYE, 5))
        first = GameView(world, SETTINGS)
        try:
            first.frame(EYE, 5)
            assert first.renderer.culled_columns > 0  # a fresh renderer tests, and hides towers
        finally:
            first.close()
    finally:
        view.close()


def test_small_frames_use_finer_occlusion_tiles():
    assert tile_size(854, 480) == 8
    assert tile_size(128, 128) == 4
    assert tile_size(64, 64) == 2
    assert tile_size(8, 8) == 2


@pytest.mark.parametrize("tile", [2, 4])
def test_gpu_depth_reduction_with_fine_tiles_equals_the_numpy_one(world, tile):
    view = GameView(world, SETTINGS)
    try:
        view.frame(EYE)
        renderer = view.renderer
        with renderer.ctx:
            raw = renderer._fbo.read(components=1, attachment=-1, dtype="f4")
            tiles = renderer.depth_reducer.tiles(renderer._depth, tile)
        depth = np.frombuffer(raw, np.float32).reshape(SETTINGS.height, SETTINGS.width)
        np.testing.assert_allclose(tiles, depth_tiles(depth, tile), atol=1e-6)
        assert tiles.shape == (SETTINGS.height // tile, SETTINGS.width // tile)
    finally:
        view.close()


def test_region_max_equals_slicing_each_region():
    rng = np.random.default_rng(3)
    for h, w in [(1, 1), (1, 9), (7, 3), (32, 32), (60, 107)]:
        grid = rng.random((h, w)).astype(np.float32)
        y0, x0 = rng.integers(0, h, 300), rng.integers(0, w, 300)
        y1 = np.minimum(h - 1, y0 + rng.integers(0, h, 300))
        x1 = np.minimum(w - 1, x0 + rng.integers(0, w, 300))
        boxes = zip(y0, y1, x0, x1, strict=True)
        want = [grid[a : b + 1, c : d + 1].max() for a, b, c, d in boxes]
        assert np.array_equal(region_max(grid, y0, y1, x0, x1), want)
