"""A survival game's screenshot through the game itself: mobs, the held item's hotbar, hearts
and an open crafting table screen appear; a navigation game's screenshot is unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render.screen import GameView
from odyssey.render.view import Hotbar, ViewSettings
from odyssey.sim.actions import give, open_screen
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival


@pytest.fixture
def view():
    world = flat_arena(16)
    v = GameView(world, ViewSettings(width=320, height=180), hotbar=Hotbar.benchmark())
    yield v
    v.close()


def game_on(world) -> Game:
    game = Game(world, PlayerState(pos=(0.5, 64.0, 0.5), on_ground=True),
                GameRules(adventure=False))  # fmt: skip
    game.look(0.0, 10.0)  # south, a little down
    return game


def test_survival_frames_show_mobs_hud_and_screens(view):
    game = game_on(view.world)
    plain = view.game_frame(game)
    game.survival = Survival(seed=1)
    game.survival.entities = EntityStore(1)
    game.survival.entities.add("cow", (0.5, 64.0, 3.5), no_ai=True)
    give(game, "iron_pickaxe")
    with_cow = view.game_frame(game)
    assert np.abs(with_cow.astype(int) - plain.astype(int)).sum() > 0
    centre = (slice(60, 120), slice(130, 190))
    assert not np.array_equal(with_cow[centre], plain[centre])  # the cow in front
    open_screen(game, "crafting_table", (0, 64, 5))
    screen = view.game_frame(game)
    assert screen.mean() < with_cow.mean()  # the world is dimmed behind the screen
    game.survival = None
    assert np.array_equal(view.game_frame(game), plain)
