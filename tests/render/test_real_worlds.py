"""Real Minecraft worlds (1.18.2 to 1.21.1 region files from ../shared) render."""

from __future__ import annotations

import numpy as np
import pytest
from tests.conftest import FIXTURE_FULL_CHUNKS, PRISMARINE, shared_path

from odyssey.render.screen import GameView
from odyssey.render.view import ViewSettings
from odyssey.sim.player import PlayerState
from odyssey.world import open_world


@pytest.mark.parametrize("version", sorted(FIXTURE_FULL_CHUNKS))
def test_a_real_world_renders_its_terrain(version):
    world = open_world(shared_path(PRISMARINE / version))
    positions = [(c.cx, c.cz) for c in world.chunks()]
    cx = sorted(p[0] for p in positions)[len(positions) // 2]
    cz = sorted(p[1] for p in positions)[len(positions) // 2]
    x, z = cx * 16 + 8, cz * 16 + 8
    top = world.top_y(x, z)
    assert top is not None
    view = GameView(world, ViewSettings(width=160, height=90, render_distance=4, hotbar=False))
    try:
        frame = view.frame(PlayerState(pos=(x + 0.5, top + 6.0, z + 0.5), yaw=30.0, pitch=45.0))
    finally:
        view.close()
    assert frame.shape == (90, 160, 3)
    # looking down at 45 degrees from 6 blocks up: the lower half is terrain, not sky or fog
    lower = frame[60:].reshape(-1, 3).astype(int)
    sky_like = np.all(np.abs(lower - frame[0, 0].astype(int)) < 12, axis=1)
    assert sky_like.mean() < 0.5
    assert len(np.unique(lower, axis=0)) > 50  # textured, not flat colour
