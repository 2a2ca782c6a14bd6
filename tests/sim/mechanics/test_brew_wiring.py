"""Effects reach the player's own fights: strength adds 3 to a punch, absorption hearts take a
hit before health does, and an invisible player is seen by zombies only from close by."""

from __future__ import annotations

from odyssey.sim.actions import hurt_player, player_view
from odyssey.sim.mechanics.potions import give_effect
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def punch_cow(strength: bool) -> float:
    game = survival_game(seed=3)
    if strength:
        give_effect(game, "strength", 600, 0)
    cow = game.survival.entities.add("cow", (0.5, GROUND, 2.0), no_ai=True)
    game.run(20)  # a full attack cooldown
    look_at(game, 0.5, GROUND + 0.7, 2.0)
    game.hold(InputState(attack=True))
    game.tick()
    game.hold(InputState())
    return 10.0 - cow.health


def test_strength_adds_three_to_a_punch():
    assert punch_cow(strength=False) == 1.0
    assert punch_cow(strength=True) == 4.0


def test_absorption_takes_the_hit_first():
    game = survival_game()
    give_effect(game, "absorption", 600, 0)  # 4 extra health
    hurt_player(game, 3.0, "magic")
    assert game.player.health == 20.0
    hurt_player(game, 3.0, "magic")
    assert game.player.health == 18.0


def test_invisibility_shrinks_how_far_mobs_see_the_player():
    game = survival_game()
    assert player_view(game).visibility == 1.0
    give_effect(game, "invisibility", 600, 0)
    assert player_view(game).visibility == 0.07
