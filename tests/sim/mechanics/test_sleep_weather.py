"""The day and the weather cycle: time advances only with ``advance_time``; the weather timers
count down and flip rain and thunder as vanilla's advanceWeatherCycle; /weather sets them."""

from __future__ import annotations

import numpy as np

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.game import Game, GameRules
from odyssey.sim.game_commands import run as command
from odyssey.sim.mechanics import weather
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival

GROUND = 64


def survival_game() -> Game:
    game = Game(flat_arena(16), PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False, time_of_day=1000))  # fmt: skip
    game.survival = Survival(seed=9)
    game.survival.rules["do_mob_spawning"] = False
    game.run(2)
    return game


def changes(game: Game) -> list[str]:
    return [e.detail for e in game.events if e.kind == "weather_changed"]


def test_time_advances_only_with_the_rule():
    game = survival_game()
    start = game.time_of_day
    game.run(50)
    assert game.time_of_day == start
    command(game, "gamerule advance_time true")
    game.run(50)
    assert game.time_of_day == start + 50


def test_weather_stays_without_the_rule():
    game = survival_game()
    game.survival.mechanics["weather"] = weather.WeatherState(rain_time=2)
    game.run(10)
    assert game.survival.weather == "clear" and changes(game) == []


def test_rain_starts_then_thunder_then_both_stop():
    game = survival_game()
    s = game.survival
    s.rules["advance_weather"] = True
    s.mechanics["weather"] = weather.WeatherState(rain_time=3, thunder_time=5)
    game.run(2)
    assert s.weather == "clear"
    game.run(1)
    assert s.weather == "rain" and changes(game) == ["rain"]
    w = weather.state_of(game)
    game.run(1)
    assert 12000 <= w.rain_time <= 24000  # the rain's duration, drawn on the next tick
    game.run(1)
    assert s.weather == "thunder" and changes(game) == ["rain", "thunder"]
    w.rain_time, w.thunder_time = 1, 100
    game.run(1)
    assert s.weather == "clear"  # thunder shows only while it rains
    assert changes(game) == ["rain", "thunder", "clear"]


def test_first_tick_draws_the_delays():
    game = survival_game()
    game.survival.rules["advance_weather"] = True
    game.tick()
    w = weather.state_of(game)
    assert 12000 <= w.rain_time <= 180000 and 12000 <= w.thunder_time <= 180000
    assert not w.raining and game.survival.weather == "clear"


def test_weather_command_sets_the_timers():
    game = survival_game()
    s = game.survival
    s.rules["advance_weather"] = True
    command(game, "weather thunder")
    game.tick()
    w = weather.state_of(game)
    assert s.weather == "thunder" and w.raining and w.thundering
    assert 3600 <= w.rain_time <= 15600 and w.rain_time == w.thunder_time + 0  # both drawn once
    command(game, "weather clear")
    game.tick()
    assert s.weather == "clear" and 12000 <= w.clear_time <= 180000
    held = w.clear_time
    game.run(10)
    assert w.clear_time == held - 10 and w.rain_time == 1 and w.thunder_time == 1


def test_the_cycle_over_many_days():
    """Clear spells last 12000..180000 ticks, rain spells 12000..24000."""
    w = weather.WeatherState()
    rng = np.random.default_rng(1)
    spells: dict[bool, list[int]] = {True: [], False: []}
    run, last = 0, False
    for _ in range(1_000_000):
        weather.advance(w, rng)
        if w.raining != last:
            spells[last].append(run)
            run, last = 0, w.raining
        run += 1
    clear, rain = spells[False][1:], spells[True]
    assert rain and clear
    assert all(12000 <= n <= 24001 for n in rain)
    assert all(12000 <= n <= 180001 for n in clear)
