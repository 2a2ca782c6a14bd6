"""Scripted sleeping runs: place a bed and sleep through the night to the next morning (spawn
set, rain cleared); the refusals (day, monsters, too far, occupied); waking when hurt or moving;
a bed in the Nether exploding."""

from __future__ import annotations

import math

from odyssey.sim import playground
from odyssey.sim.actions import give, hurt_player, respawn, select_slot
from odyssey.sim.game import Game
from odyssey.sim.game_commands import run as command
from odyssey.sim.mechanics import beds
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64


def survival_game(time_of_day: int = 13000) -> Game:
    return playground.survival_game(seed=5, time_of_day=time_of_day)


def use(game: Game) -> None:
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())


def name(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def props(game: Game, pos) -> dict[str, str]:
    return game.world.registry.properties(game.world.get_block(*pos))


def place_bed(game: Game) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The player places a red bed on the ground east of it: foot (2, 64, 0), head (3, 64, 0)."""
    give(game, "red_bed")
    select_slot(game, 0)
    look_at(game, 2.5, GROUND, 0.5)
    use(game)
    game.run(4)
    foot, head = (2, GROUND, 0), (3, GROUND, 0)
    assert name(game, foot) == name(game, head) == "red_bed"
    assert props(game, head)["part"] == "head" and props(game, head)["facing"] == "east"
    return foot, head


def refusals(game: Game) -> list[str]:
    return [e.detail for e in game.events if e.kind == "bed_refused"]


def test_sleep_through_the_night_to_the_morning():
    game = survival_game()
    s = game.survival
    command(game, "gamerule advance_time true")
    command(game, "gamerule advance_weather true")
    command(game, "weather rain")
    command(game, "time set night")
    game.run(2)
    assert s.weather == "rain"
    foot, head = place_bed(game)
    look_at(game, 2.5, GROUND + 0.3, 0.5)  # click the foot: the player sleeps on the head
    use(game)
    assert beds.sleeping(game)
    assert props(game, head)["occupied"] == "true" and props(game, foot)["occupied"] == "true"
    assert any(e.kind == "spawn_set" and e.detail == "Respawn point set" for e in game.events)
    assert s.spawn is not None
    assert math.dist(s.spawn, (3.5, GROUND, 0.5)) < 2.5
    assert s.stats.get("custom", "sleep_in_bed") == 1
    assert game.player.pos == (3.5, GROUND + 0.5625, 0.5)
    night = game.time_of_day
    game.run(99)
    assert beds.sleeping(game) and game.time_of_day == night + 99  # still asleep
    game.run(2)
    assert not beds.sleeping(game)
    assert any(e.kind == "night_skipped" for e in game.events)
    assert 0 <= game.time_of_day <= 2  # the next morning
    assert s.weather == "clear"
    assert any(e.kind == "weather_changed" and e.detail == "clear" for e in game.events)
    assert props(game, head)["occupied"] == "false"
    assert game.player.pos[1] == GROUND  # stood up beside the bed
    assert (math.floor(game.player.pos[0]), math.floor(game.player.pos[2])) not in ((2, 0), (3, 0))
    # the respawn point is the bed's: die and come back beside it
    hurt_player(game, 100.0, "kill")
    respawn(game)
    assert game.player.pos == s.spawn


def test_no_sleeping_by_day_but_the_spawn_is_set():
    game = survival_game(time_of_day=6000)
    place_bed(game)
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    use(game)
    assert not beds.sleeping(game)
    assert refusals(game) == ["You can sleep only at night or during thunderstorms"]
    assert game.survival.spawn is not None
    command(game, "weather thunder")
    game.tick()
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    game.run(4)
    use(game)
    assert beds.sleeping(game)  # a thunderstorm's day is dark enough


def test_monsters_near_keep_the_player_awake():
    game = survival_game()
    place_bed(game)
    game.survival.entities.add("zombie", (8.5, GROUND, 0.5))  # 5 blocks from the head
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    use(game)
    assert not beds.sleeping(game)
    assert refusals(game) == ["You may not rest now; there are monsters nearby"]
    game.survival.set_mode("creative")  # creative players sleep anyway
    game.run(4)
    use(game)
    assert beds.sleeping(game)


def test_a_bed_too_far_away():
    game = survival_game()
    reg = game.world.registry
    game.world.set_block(4, GROUND, 0, reg.state("red_bed[facing=east,part=foot]"))
    game.world.set_block(5, GROUND, 0, reg.state("red_bed[facing=east,part=head]"))
    look_at(game, 4.0, GROUND + 0.3, 0.5)  # the foot's west side, 3.5 blocks off
    use(game)
    assert refusals(game) == ["You may not rest now; the bed is too far away"]
    assert game.survival.spawn is None


def test_waking_when_hurt_or_moving():
    game = survival_game()
    place_bed(game)
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    use(game)
    assert beds.sleeping(game)
    game.run(10)
    hurt_player(game, 2.0, "mob_attack")
    game.tick()
    assert not beds.sleeping(game)
    assert any(e.kind == "woke_up" for e in game.events)
    game.time_of_day = 14000
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    game.run(4)
    use(game)
    assert beds.sleeping(game)
    game.hold(InputState(jump=True))
    game.tick()
    game.hold(InputState())
    assert not beds.sleeping(game)
    assert props(game, (3, GROUND, 0))["occupied"] == "false"


def test_breaking_the_bed_forgets_the_spawn():
    game = survival_game(time_of_day=6000)
    foot, _ = place_bed(game)
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    use(game)
    assert game.survival.spawn is not None
    game.set_block(foot, game.world.registry.state("air"))
    assert game.survival.spawn is None


def test_a_bed_in_the_nether_explodes():
    game = survival_game()
    game.survival.dimension = "the_nether"
    foot, head = place_bed(game)
    game.survival.entities.add("pig", (4.5, GROUND, 2.5))
    health = game.player.health
    look_at(game, 2.5, GROUND + 0.3, 0.5)
    use(game)
    assert not beds.sleeping(game)
    assert name(game, foot) == "air" and name(game, head) == "air"
    blast = [e for e in game.events if e.kind == "explosion"]
    assert len(blast) == 1 and blast[0].value == 5.0 and blast[0].pos == head
    assert "entity.generic.explode" in [e.detail for e in game.events if e.kind == "sound"]
    assert game.player.health < health  # 2.5 blocks from a power-5 blast
    assert name(game, (3, GROUND - 1, 0)) == "air"  # the ground under the bed is blown away
    assert game.survival.spawn is None


def test_a_snapshot_restores_the_night_and_the_empty_bed():
    game = survival_game()
    _, head = place_bed(game)
    snap = game.snapshot()
    look_at(game, 3.5, GROUND + 0.3, 0.5)
    use(game)
    game.run(20)
    assert beds.sleeping(game) and props(game, head)["occupied"] == "true"
    game.restore(snap)
    assert not beds.sleeping(game) and props(game, head)["occupied"] == "false"
    assert game.survival.spawn is None
