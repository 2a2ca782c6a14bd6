"""Sky and block light spread as vanilla's light engine does."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render.light import compute_light, light_tables
from odyssey.world import registry


@pytest.fixture(scope="module")
def tables():
    return light_tables(registry())


def _window(height: int = 24) -> np.ndarray:
    return np.zeros((height, 31, 31), np.uint16)


def test_open_sky_is_15_and_a_closed_room_is_dark(tables):
    reg = registry()
    states = _window()
    stone = reg.state("stone")
    states[:4] = stone
    states[4:12, 5:15, 5:15] = stone
    states[5:11, 6:14, 6:14] = 0
    light = compute_light(states, *tables)
    assert light[4, 0, 0] >> 4 == 15
    assert light[7, 10, 10] >> 4 == 0
    assert (light[7, 10, 10] & 15) == 0


def test_torch_light_falls_by_one_per_block(tables):
    reg = registry()
    states = _window()
    states[:4] = reg.state("stone")
    states[4, 15, 15] = reg.state("torch")
    light = compute_light(states, *tables)
    block = light & 15
    assert block[4, 15, 15] == 14
    assert [int(block[4, 15, 15 + d]) for d in range(5)] == [14, 13, 12, 11, 10]
    assert block[4, 15, 15 + 14] == 0
    assert block[6, 16, 15] == 11  # manhattan distance 3


def test_light_under_a_roof_spreads_in_from_the_sides(tables):
    reg = registry()
    states = _window()
    states[:4] = reg.state("stone")
    states[8, 10:21, 10:21] = reg.state("stone")  # an 11x11 roof on no walls
    sky = compute_light(states, *tables) >> 4
    assert sky[5, 15, 15] == 15 - 6  # five blocks in from the edge plus one
    assert sky[5, 15, 10] == 14


def test_leaves_and_water_filter_one_level_per_block(tables):
    reg = registry()
    states = _window()
    states[:4] = reg.state("stone")
    states[4:8, :, :] = reg.state("water")
    sky = compute_light(states, *tables) >> 4
    assert [int(sky[y, 15, 15]) for y in (7, 6, 5, 4)] == [14, 13, 12, 11]


def test_unlit_furnace_gives_no_light_and_lit_lamp_does():
    reg = registry()
    emit, _ = light_tables(reg)
    assert emit[reg.state("furnace[lit=false]")] == 0
    assert emit[reg.state("furnace[lit=true]")] == 13
    assert emit[reg.state("redstone_lamp[lit=true]")] == 15
    assert emit[reg.state("candle[lit=true,candles=3]")] == 9
    assert emit[reg.state("glowstone")] == 15
