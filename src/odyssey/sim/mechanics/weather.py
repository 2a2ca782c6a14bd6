"""The weather cycle, as vanilla 1.21.11's ServerLevel.advanceWeatherCycle and /weather.

While the ``advance_weather`` rule is on, each tick counts down the clear-weather timer
(/weather clear's duration), or else the rain and thunder timers: when one runs out its flag
flips, and when it is 0 it is drawn again: rain starts after 12000..180000 ticks and lasts
12000..24000, thunder starts after 12000..180000 and lasts 3600..15600 (uniform, inclusive).
Thunder shows only while it rains. ``Survival.weather`` holds what the world shows ("clear",
"rain", "thunder"); the timers live in ``mechanics["weather"]``; each change is an event
``weather_changed`` (detail: the new weather). A change made elsewhere (the /weather command)
is adopted with the durations /weather draws when it is given none.

Deliberate difference: rain and thunder start and stop at once (vanilla fades their levels
over 100 ticks, and rain counts as rain once its level passes 0.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import between

RAIN_DELAY = (12000, 180000)
RAIN_DURATION = (12000, 24000)
THUNDER_DELAY = (12000, 180000)
THUNDER_DURATION = (3600, 15600)


@dataclass
class WeatherState:
    """ServerLevelData's weather fields, and the weather this module last showed."""

    clear_time: int = 0
    rain_time: int = 0
    thunder_time: int = 0
    raining: bool = False
    thundering: bool = False
    shown: str = "clear"

    @property
    def weather(self) -> str:
        if self.raining:
            return "thunder" if self.thundering else "rain"
        return "clear"


def state_of(game) -> WeatherState:
    s = game.survival
    w = s.mechanics.get("weather")
    if w is None:
        w = WeatherState(raining=s.weather != "clear", thundering=s.weather == "thunder",
                         shown=s.weather)  # fmt: skip
        s.mechanics["weather"] = w
    return w


def set_weather(game, kind: str, duration: int | None = None) -> None:
    """/weather clear|rain|thunder [duration]: ServerLevel.setWeatherParameters, with the
    vanilla random duration when none is given."""
    s = game.survival
    w = state_of(game)
    rng = s.rng
    if kind == "clear":
        w.clear_time = duration if duration is not None else between(rng, *RAIN_DELAY)
        w.rain_time = w.thunder_time = 0
        w.raining = w.thundering = False
    else:
        span = RAIN_DURATION if kind == "rain" else THUNDER_DURATION
        w.clear_time = 0
        w.rain_time = w.thunder_time = duration if duration is not None else between(rng, *span)
        w.raining, w.thundering = True, kind == "thunder"
    _show(game, w)


def advance(w: WeatherState, rng) -> None:
    """One tick of ServerLevel.advanceWeatherCycle's timers."""
    if w.clear_time > 0:
        w.clear_time -= 1
        w.thunder_time = 0 if w.thundering else 1
        w.rain_time = 0 if w.raining else 1
        w.thundering = w.raining = False
        return
    if w.thunder_time > 0:
        w.thunder_time -= 1
        if w.thunder_time == 0:
            w.thundering = not w.thundering
    else:
        w.thunder_time = between(rng, *(THUNDER_DURATION if w.thundering else THUNDER_DELAY))
    if w.rain_time > 0:
        w.rain_time -= 1
        if w.rain_time == 0:
            w.raining = not w.raining
    else:
        w.rain_time = between(rng, *(RAIN_DURATION if w.raining else RAIN_DELAY))


def clear_after_sleep(game) -> None:
    """ServerLevel.resetWeatherCycle after a night slept through (when the weather cycles and
    it rains): all timers 0, no rain or thunder."""
    w = state_of(game)
    if not game.survival.rules.get("advance_weather", False) or not w.raining:
        return
    w.rain_time = w.thunder_time = 0
    w.raining = w.thundering = False
    _show(game, w)


def _show(game, w: WeatherState) -> None:
    s = game.survival
    new = w.weather
    if new != s.weather:
        s.weather = new
        game.emit("weather_changed", 0.0, None, new)
    w.shown = new


@hooks.on_player_tick
def weather_tick(game, before) -> None:
    s = game.survival
    w = state_of(game)
    if s.weather != w.shown:  # changed by a command: /weather without a duration
        kind = s.weather
        s.weather = w.shown
        set_weather(game, kind)
    if s.rules.get("advance_weather", False):
        advance(w, s.rng)
        _show(game, w)
