"""A drowned (vanilla's Drowned extends Zombie) hunts the player as a zombie does, burns in
daylight and is gone on peaceful."""

from __future__ import annotations

from odyssey.sim.game_commands import run
from odyssey.sim.playground import survival_game


def test_a_drowned_chases_and_hits_the_player_at_night():
    game = survival_game(time_of_day=18000)
    assert run(game, "/summon drowned 5 64 0").success
    game.run(200)
    assert game.player.health < 20.0
    assert any(e.kind == "damage_mob_attack" for e in game.events)


def test_a_drowned_burns_in_daylight():
    game = survival_game(time_of_day=6000)
    run(game, "/summon drowned 5 64 0")
    drowned = next(e for e in game.survival.entities if e.type == "drowned")
    game.run(40)
    assert drowned.fire_ticks > 0 or drowned.health < 20.0


def test_peaceful_removes_a_drowned():
    game = survival_game(difficulty="peaceful")
    run(game, "/summon drowned 5 64 0")
    game.run(2)
    assert not [e for e in game.survival.entities if e.type == "drowned"]
