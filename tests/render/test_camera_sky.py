"""Cameras, frustum and occlusion tests, and vanilla's sky, fog and lightmap numbers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from odyssey.render.camera import Camera, boxes_in_frustum, look_vector
from odyssey.render.occlusion import depth_tiles, hidden_boxes
from odyssey.render.sky import conditions, fog_range, lightmap_table, sky_angle


def test_look_vector_follows_minecraft_yaw_and_pitch():
    assert np.allclose(look_vector(0, 0), [0, 0, 1])  # south
    assert np.allclose(look_vector(90, 0), [-1, 0, 0])  # west
    assert np.allclose(look_vector(180, 0), [0, 0, -1])  # north
    assert np.allclose(look_vector(0, 90), [0, -1, 0])  # straight down


def test_projection_uses_the_vertical_fov():
    for fov in (70.0, 100.0):
        cam = Camera((0.0, 0.0, 0.0), 0.0, 0.0, fov, 854 / 480, 100.0)
        # a point one unit up at distance d lands at H/2 - (1/d)/tan(fov/2) * H/2
        d = 10.0
        pts, front = cam.project(np.array([[0.0, 1.0, d]]), 854, 480)
        px, py = pts[0]
        assert front[0]
        expected = 240 - (1 / d) / math.tan(math.radians(fov) / 2) * 240
        assert px == pytest.approx(427) and py == pytest.approx(expected)
        # facing south, east (+x) is on the left of the screen
        east, _ = cam.project(np.array([[1.0, 0.0, d]]), 854, 480)
        assert east[0, 0] < 427


def test_projection_is_exact_far_from_the_origin():
    far = -8_520_000.0
    cam = Camera((far, 64.0, far), 0.0, 0.0, 70.0, 1.0, 100.0)
    near = Camera((0.0, 64.0, 0.0), 0.0, 0.0, 70.0, 1.0, 100.0)
    a, _ = cam.project(np.array([[far + 0.5, 65.0, far + 5.0]]), 100, 100)
    b, _ = near.project(np.array([[0.5, 65.0, 5.0]]), 100, 100)
    assert np.allclose(a, b, atol=1e-6)


def test_frustum_keeps_boxes_in_view_and_drops_those_behind():
    cam = Camera((0.0, 0.0, 0.0), 0.0, 0.0, 70.0, 1.0, 100.0)
    lo = np.array([[-1.0, -1.0, 5.0], [-1.0, -1.0, -10.0], [200.0, 0.0, 5.0]])
    hi = lo + 2.0
    assert boxes_in_frustum(cam.frustum_planes(), lo, hi).tolist() == [True, False, False]


def test_boxes_behind_a_near_wall_are_hidden():
    cam = Camera((0.0, 0.0, 0.0), 0.0, 0.0, 70.0, 1.0, 100.0)
    vp = cam.view_projection()
    wall_depth = 0.9  # everything on screen is at this depth (a wall)
    tiles = depth_tiles(np.full((64, 64), wall_depth, np.float32))
    lo = np.array([[-1.0, -1.0, 50.0], [-1.0, -1.0, 0.2]])
    hidden = hidden_boxes(vp, lo, lo + 2.0, tiles, 64, 64)
    # the near box reaches in front of the wall's depth; the far one lies behind it
    clip = vp @ np.array([0.0, 0.0, 50.0, 1.0])
    assert clip[2] / clip[3] * 0.5 + 0.5 > wall_depth
    assert hidden.tolist() == [True, False]
    # nothing drawn yet (depth 1 everywhere): nothing is hidden
    assert not hidden_boxes(
        vp, lo, lo + 2.0, depth_tiles(np.ones((64, 64), np.float32)), 64, 64
    ).any()


def test_sky_angle_and_darkening_match_vanilla():
    assert sky_angle(6000) == pytest.approx(0.0)
    assert sky_angle(18000) == pytest.approx(0.5)
    assert conditions(6000, 0.0, 12).sky_factor == pytest.approx(1.0)
    assert conditions(18000, 0.0, 12).sky_factor == pytest.approx(0.2)
    # rain takes 5/16 off the darkening before it is squeezed into 0.2..1
    assert conditions(6000, 1.0, 12).sky_factor == pytest.approx((1 - 5 / 16) * 0.8 + 0.2)
    noon, night = conditions(6000, 0.0, 12), conditions(18000, 0.0, 12)
    assert sum(night.sky_color) < 0.05 < sum(noon.sky_color)
    assert noon.stars == 0 and night.stars == 1


def test_fog_range_is_vanillas():
    assert fog_range(12) == (192.0 - 19.2, 192.0)
    assert fog_range(2) == (28.0, 32.0)
    assert fog_range(32) == (512.0 - 51.2, 512.0)


def test_lightmap_matches_the_vanilla_shader_at_its_ends():
    noon = lightmap_table(1.0, (1.0, 1.0, 1.0))
    # full daylight: the shader mixes towards 0.75 by 4 % before and after the brightness curve
    assert noon[15 * 16 + 0] == pytest.approx([0.9852, 0.9852, 0.9852], abs=1e-4)
    # light 0 with brightness 50 %: about a tenth of full brightness, not black
    assert noon[0] == pytest.approx([0.0997, 0.0997, 0.0997], abs=1e-3)
    # block light is warm: more red than blue halfway up
    half = noon[0 * 16 + 8]
    assert half[0] > half[1] > half[2]
    night = lightmap_table(0.2, (0.48, 0.48, 1.0))
    assert night[15 * 16].mean() < noon[15 * 16].mean()
    assert night[15 * 16][2] > night[15 * 16][0]  # moonlight is bluish
