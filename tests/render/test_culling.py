"""Culling never changes the picture: occlusion and facing culls only skip what is hidden."""

from __future__ import annotations

import numpy as np
import pytest

import odyssey.render.renderer as renderer_module
from odyssey.render.occlusion import depth_tiles
from odyssey.render.screen import GameView
from odyssey.render.view import ViewSettings
from odyssey.sim.player import PlayerState
from odyssey.world.city import GROUND_Y, city_world

VIEWS = [
    PlayerState(pos=(-10.5, float(GROUND_Y), -10.5), yaw=-20.0, pitch=0.0),
    PlayerState(pos=(-10.5, float(GROUND_Y) + 30, -10.5), yaw=135.0, pitch=35.0),
    PlayerState(pos=(13.5, float(GROUND_Y), -10.5), yaw=90.0, pitch=-10.0),
]


@pytest.fixture(scope="module")
def view():
    game_view = GameView(city_world(blocks=7), ViewSettings(width=192, height=108, hotbar=False))
    yield game_view
    game_view.close()


@pytest.mark.parametrize("player", VIEWS)
def test_occlusion_culling_leaves_the_image_unchanged(view, player, monkeypatch):
    culled = view.frame(player)
    hidden = view.renderer.culled_columns
    monkeypatch.setattr(renderer_module, "OCCLUSION_RINGS", ())
    everything = view.frame(player)
    assert view.renderer.culled_columns == 0
    assert np.array_equal(culled, everything)
    if player.pos[1] == GROUND_Y and player.pitch == 0.0:
        assert hidden > 0  # down a street, buildings hide others


def test_gpu_depth_reduction_equals_the_numpy_one(view):
    view.frame(VIEWS[0])
    renderer = view.renderer
    with renderer.ctx:
        raw = renderer._fbo.read(components=1, attachment=-1, dtype="f4")
        tiles = renderer.depth_reducer.tiles(renderer._depth)
    depth = np.frombuffer(raw, np.float32).reshape(108, 192)
    # the same tiles (24-bit depth reads back through two paths: equal to a few ulps)
    np.testing.assert_allclose(tiles, depth_tiles(depth), atol=1e-6)
