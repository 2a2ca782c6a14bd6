"""GameView's input and game hooks: hotbar keys and wheel, a running game's frame."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render import GameView, Hotbar, ViewSettings
from odyssey.sim.game import Game
from odyssey.sim.player import InputState, PlayerState
from odyssey.world import World


@pytest.fixture(scope="module")
def world():
    w = World()
    w.fill((-24, 60, -24), (24, 64, 24), "stone")
    w.fill((-24, 64, -24), (24, 65, 24), "grass_block")
    return w


def test_game_frame_is_the_players_view_at_the_games_tick(world):
    game = Game(world, PlayerState(pos=(0.5, 65.0, 0.5), on_ground=True))
    game.hold(InputState(forward=True))
    game.run(10)
    view = GameView(world, ViewSettings(width=96, height=64, rain=True), hotbar=Hotbar.benchmark())
    try:
        assert np.array_equal(view.game_frame(game), view.frame(game.player, game.tick_count))
        assert not np.array_equal(view.game_frame(game), view.frame(game.player, 0))  # rain moved
    finally:
        view.close()


def test_number_keys_and_the_wheel_pick_hotbar_slots(world):
    view = GameView(world, ViewSettings(width=96, height=64), hotbar=Hotbar.benchmark())
    try:
        assert view.key("2") and view.hotbar.held == "torch"
        view.scroll(1)  # wheel up: the slot before
        assert view.hotbar.selected == 0
        view.scroll(-3)  # wheel down three notches
        assert view.hotbar.selected == 3
        assert view.key("m") and view.map_screen.is_open
        assert view.key("5") and view.hotbar.selected == 3  # typed into the map, not the hotbar
        view.key("Escape")
        view.key("Escape")
        assert not view.map_screen.is_open
        assert not view.key("q")
    finally:
        view.close()
