"""The survival HUD: hearts, hunger, the inventory hotbar and the held item."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render.gui import gui_scale
from odyssey.render.overlay import hotbar_origin
from odyssey.render.survival import MenuView, SurvivalFrame, SurvivalLayer
from odyssey.render.survivalhud import fills
from odyssey.render.tables import render_tables
from odyssey.sim.inventory import SIZE, ItemStack
from odyssey.world import World

W, H = 854, 480
SCALE = gui_scale(W, H)  # 2: 427 x 240 GUI px


@pytest.fixture(scope="module")
def layer():
    return SurvivalLayer(World(), render_tables())


def _hud(layer, state, hotbar=True):
    frame = np.full((H, W, 3), 90, np.uint8)
    layer.draw_hud(frame, state, hotbar)
    return frame


def _icon(frame, gx, gy):
    """The 9 x 9 GUI px icon with its top-left at GUI (gx, gy)."""
    return frame[gy * SCALE : (gy + 9) * SCALE, gx * SCALE : (gx + 9) * SCALE].astype(int)


def _red(region):
    return ((region[..., 0] > 200) & (region[..., 1] < 80)).sum()


def _inventory(**slots):
    inv = [None] * SIZE
    for index, stack in slots.items():
        inv[int(index[1:])] = stack
    return tuple(inv)


def test_fills_follow_vanilla():
    assert fills(20) == ["full"] * 10
    assert fills(13)[:8] == ["full"] * 6 + ["half", "empty"]
    assert fills(0) == ["empty"] * 10


def test_hearts_and_shanks_when_given_and_not_when_none(layer):
    left, right, top = 427 // 2 - 91, 427 // 2 + 91, 240 - 39
    full = _hud(layer, SurvivalFrame(health=20, food=20))
    none = _hud(layer, SurvivalFrame())
    for i in range(10):
        heart = _icon(full, left + 8 * i, top)
        shank = _icon(full, right - 9 - 8 * i, top)
        assert _red(heart) > 20, i
        assert (np.abs(shank - 90).sum(axis=2) > 60).sum() > 20, i
        assert (_icon(none, left + 8 * i, top) == _icon(none, 0, 0)).all()  # nothing drawn
        assert (_icon(none, right - 9 - 8 * i, top) == _icon(none, 0, 0)).all()
    half = _hud(layer, SurvivalFrame(health=19, food=19))
    last = _icon(half, left + 72, top)
    assert 0 < _red(last) < _red(_icon(full, left + 72, top))  # the tenth heart is half
    assert not np.array_equal(_icon(half, right - 81, top), _icon(full, right - 81, top))


def test_creative_shows_the_hotbar_but_no_hearts(layer):
    inv = _inventory(s0=ItemStack("stone", 5))
    creative = _hud(layer, SurvivalFrame(inv, gamemode="creative", health=20, food=20))
    assert _red(_icon(creative, 427 // 2 - 91, 240 - 39)) == 0
    x, y = hotbar_origin(W, H, SCALE)
    slot0 = creative[y + 3 * SCALE : y + 19 * SCALE, x + 3 * SCALE : x + 19 * SCALE]
    assert np.any(np.abs(slot0.astype(int) - 90).sum(axis=2) > 60)


def test_hotbar_shows_the_inventory_with_counts(layer):
    inv = _inventory(s0=ItemStack("stone", 64), s4=ItemStack("diamond_sword"))
    frame = _hud(layer, SurvivalFrame(inv, selected=4))
    empty = _hud(layer, SurvivalFrame(_inventory(), selected=4))
    x, y = hotbar_origin(W, H, SCALE)
    for slot in (0, 4):
        sx = x + (3 + 20 * slot) * SCALE
        cell = (slice(y + 3 * SCALE, y + 19 * SCALE), slice(sx, sx + 16 * SCALE))
        assert np.any(frame[cell] != empty[cell]), slot
    counted = frame[y + 11 * SCALE : y + 21 * SCALE, x + 13 * SCALE : x + 21 * SCALE]
    assert (counted == 255).all(axis=2).any()  # the white "64"
    sx = x + 23 * SCALE  # slot 1 holds nothing
    assert np.array_equal(frame[y : y + 20, sx : sx + 30], empty[y : y + 20, sx : sx + 30])


def test_held_item_is_darker_in_the_dark(layer):
    from odyssey.render.renderer import Light
    from odyssey.render.sky import conditions
    from odyssey.sim.player import PlayerState

    state = SurvivalFrame(_inventory(s0=ItemStack("gold_block")))
    player = PlayerState(pos=(0.5, 100.0, 0.5))
    shots = []
    for tick in (6000, 18000):
        frame = np.zeros((H, W, 3), np.uint8)
        layer.draw_hand(frame, player, state, Light(conditions(tick, 0.0, 8)))
        shots.append(frame[H // 2 :, W // 2 :].astype(int).sum())
    assert shots[0] > 0 and shots[1] < shots[0] * 0.6


def test_menu_view_checks_its_slots():
    with pytest.raises(ValueError, match="46 slots"):
        MenuView("inventory", (None,) * 45)
    with pytest.raises(ValueError, match=r"0\.\.8"):
        SurvivalFrame(selected=9)
