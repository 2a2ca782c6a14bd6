"""The player's own clicks reach villagers and enchanting tables: an empty-hand right-click on
a farmer opens trading, /summon's VillagerData sets the profession, and the enchanting screen's
buttons take offers."""

from __future__ import annotations

import pytest

from odyssey.sim.actions import click_menu_button, click_screen, give
from odyssey.sim.game_commands import run
from odyssey.sim.mechanics import experience, villagers
from odyssey.sim.player import InputState, SimError
from odyssey.sim.playground import GROUND, look_at, survival_game

QUICK_MOVE = 1


def test_a_summoned_farmer_trades_on_an_empty_hand_click():
    game = survival_game(seed=2)
    result = run(game, '/summon villager 0.5 64 2.5 {VillagerData:{profession:"minecraft:farmer",'
                       'level:2,type:"minecraft:plains"},NoAI:1b}', "minestudio-1.16")  # fmt: skip
    assert result.success, result.message
    farmer = next(e for e in game.survival.entities if e.type == "villager")
    assert villagers.info(game, farmer.id).profession == "farmer"
    look_at(game, 0.5, GROUND + 1.0, 2.5)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    assert game.survival.menu_kind == "merchant"
    assert len(game.survival.menu.offers) == 4  # novice and apprentice offers


def test_enchanting_offers_are_taken_with_menu_buttons():
    game = survival_game(seed=4)
    reg = game.world.registry
    game.set_block((0, GROUND, 2), reg.default_state("enchanting_table"))
    experience.add_levels(game, 5)
    give(game, "iron_sword")  # hotbar 0
    give(game, "lapis_lazuli", 3)  # hotbar 1
    with pytest.raises(SimError):
        click_menu_button(game, 0)  # no screen open
    look_at(game, 0.5, GROUND + 0.7, 2.0)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    assert game.survival.menu_kind == "enchantment"
    click_screen(game, 29, 0, QUICK_MOVE)  # the sword (hotbar slots start at 29)
    click_screen(game, 30, 0, QUICK_MOVE)  # the lapis
    assert game.survival.menu.offers.costs[0] > 0
    click_menu_button(game, 0)
    assert experience.level_of(game) == 4  # the first offer costs one level
    assert game.survival.menu.inputs.get(0).enchantments
    assert game.survival.menu.inputs.get(1).count == 2
