"""Grass, flowers, saplings and tall plants break when the ground under them goes, as vanilla's
BushBlock.canSurvive and DoublePlantBlock decide; on dirt they stay."""

from __future__ import annotations

from odyssey.sim.playground import GROUND, survival_game


def name(game, pos):
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def test_plants_without_their_ground_break_and_drop():
    game = survival_game()
    reg = game.world.registry
    poppy, grass = (3, GROUND, 3), (5, GROUND, 3)
    game.set_block(poppy, reg.default_state("poppy"))
    game.set_block(grass, reg.default_state("short_grass"))
    game.set_block((4, GROUND, 3), reg.default_state("stone"))  # beside them: they stay
    assert name(game, poppy) == "poppy" and name(game, grass) == "short_grass"
    game.set_block((3, GROUND - 1, 3), reg.default_state("stone"))  # the poppy's ground
    assert name(game, poppy) == "air"
    items = [e.item for e in game.survival.entities if e.type == "item"]
    assert items == ["poppy"]
    game.set_block((5, GROUND - 1, 3), reg.default_state("air"))
    assert name(game, grass) == "air"


def test_a_tall_plant_goes_with_its_lower_half():
    game = survival_game()
    reg = game.world.registry
    low, high = (2, GROUND, -2), (2, GROUND + 1, -2)
    game.set_block(low, reg.state("tall_grass[half=lower]"))
    game.set_block(high, reg.state("tall_grass[half=upper]"))
    assert name(game, high) == "tall_grass"
    game.set_block(low, reg.default_state("air"))
    assert name(game, high) == "air"
