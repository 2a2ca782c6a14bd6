"""/xp (/experience) as vanilla's ExperienceCommand: levels and points added, set and queried
(points count within the current level), and selectors reading the player's level."""

from __future__ import annotations

from odyssey.sim.game_commands import run
from odyssey.sim.mechanics import experience
from odyssey.sim.playground import survival_game


def test_levels_and_points_are_added_set_and_queried():
    game = survival_game()
    assert run(game, "/xp add @s 5 levels").success
    assert experience.level_of(game) == 5
    assert run(game, "/experience add @s 10 points").success
    assert run(game, "/xp query @s points").count == 10
    assert run(game, "/xp query @s levels").count == 5
    refused = run(game, "/xp set @s 17")  # level 5 holds 17 points: at most 16
    assert not refused.success and "(16)" in refused.message
    assert run(game, "/xp set @s 3").success and run(game, "/xp query @s points").count == 3
    assert run(game, "/xp set @s 30 levels").success and experience.level_of(game) == 30


def test_selectors_read_the_players_level():
    game = survival_game()
    run(game, "/xp add @s 6 levels")
    assert run(game, "/effect give @a[level=5..] speed").success
    assert not run(game, "/effect give @a[level=7..] slowness").success
    assert "speed" in game.survival.effects and "slowness" not in game.survival.effects


def test_bad_xp_commands_say_what_was_expected():
    game = survival_game()
    for line in ("/xp", "/xp add", "/xp add @s", "/xp add @s lots", "/xp query @s"):
        result = run(game, line)
        assert not result.success and result.message
