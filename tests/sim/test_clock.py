"""Clocks: lockstep advances only when told and reruns bit for bit; realtime ticks at 20 TPS."""

from __future__ import annotations

import time

import pytest

from odyssey.errors import OdysseyError
from odyssey.sim.clock import (
    LockstepClock,
    PausedClock,
    RealtimeClock,
    make_clock,
    seconds_to_ticks,
)
from odyssey.sim.game import Game
from odyssey.sim.player import InputState, PlayerState
from odyssey.world import World


def flat_game() -> Game:
    world = World()
    world.fill((-64, 60, -64), (64, 64, 64), "stone")
    world.fill((5, 64, -64), (6, 66, 64), "stone")  # a wall to run into
    return Game(world, PlayerState(pos=(0.5, 64.0, 0.5), on_ground=True))


def scripted_run(clock_game: Game) -> list[tuple]:
    clock = LockstepClock(clock_game)
    out = []
    for keys, yaw, seconds in [(["forward", "sprint"], -60.0, 1.5), (["jump", "left"], 30.0, 0.55),
                               (["back", "sneak"], 200.0, 2.0), ([], 0.0, 0.3)]:  # fmt: skip
        clock_game.look(yaw, 10.0)
        clock_game.hold(InputState.of(keys))
        clock.wait(seconds)
        out.append((clock_game.tick_count, clock_game.player.pos, clock_game.player.vel))
    return out


def test_lockstep_reruns_are_bit_identical():
    first, second = scripted_run(flat_game()), scripted_run(flat_game())
    assert first == second
    assert first[-1][0] == 30 + 11 + 40 + 6  # durations became tick counts


def test_lockstep_does_not_move_by_itself():
    game = flat_game()
    clock = LockstepClock(game)
    clock.start()
    game.hold(InputState(forward=True))
    time.sleep(0.2)
    assert game.tick_count == 0
    clock.command_started()
    clock.command_finished()
    assert game.tick_count == 0
    clock.advance(3)
    assert game.tick_count == 3


def test_realtime_ticks_20_per_second_of_wall_time():
    game = flat_game()
    clock = RealtimeClock(game)
    clock.start()
    try:
        begin = time.monotonic()
        clock.wait(0.5)
        elapsed = time.monotonic() - begin
        assert game.tick_count >= 10
        assert elapsed >= 0.4  # ten ticks cannot pass much faster than half a second
    finally:
        clock.stop()


def test_paused_clock_is_frozen_between_commands():
    game = flat_game()
    clock = PausedClock(game)
    clock.start()
    try:
        time.sleep(0.3)
        assert game.tick_count == 0  # the model is thinking: no game time
        clock.command_started()
        time.sleep(0.3)
        clock.command_finished()
        ran = game.tick_count
        assert ran >= 2
        time.sleep(0.3)
        assert game.tick_count <= ran + 1
        clock.wait(0.25)  # an explicit wait lets time flow for its duration
        assert game.tick_count >= ran + 5
    finally:
        clock.stop()


def test_clock_names_and_durations():
    assert seconds_to_ticks(1.0) == 20 and seconds_to_ticks(0.024) == 0
    with pytest.raises(OdysseyError, match="expected one of realtime, paused, lockstep"):
        make_clock("fast", flat_game())
    with pytest.raises(OdysseyError, match="finite"):
        seconds_to_ticks(float("nan"))


@pytest.mark.parametrize("kind", ["lockstep", "paused", "realtime"])
def test_on_tick_runs_after_every_tick_and_can_halt_the_clock(kind):
    game = flat_game()
    seen: list[int] = []

    def on_tick() -> bool:
        seen.append(game.tick_count)
        return game.tick_count < 7  # the episode ends at tick 7

    clock = make_clock(kind, game, on_tick)
    clock.start()
    try:
        clock.advance(5)
        clock.advance(10)  # returns once the clock halted, not after ten more ticks
        assert clock.halted
        assert seen == list(range(1, 8)) and game.tick_count == 7
        clock.advance(3)
        assert game.tick_count == 7
    finally:
        clock.stop()


def test_paused_advance_runs_exactly_its_ticks():
    game = flat_game()
    clock = PausedClock(game)
    clock.start()
    try:
        for n in (1, 3, 2):
            before = game.tick_count
            clock.advance(n)
            time.sleep(0.15)  # three ticks' worth of thinking: frozen
            assert game.tick_count == before + n
        assert clock.stats()["kind"] == "paused"
    finally:
        clock.stop()


def test_paused_clock_freezes_while_the_model_thinks_even_with_a_command_running():
    game = flat_game()
    clock = PausedClock(game)
    clock.start()
    try:
        clock.command_started()
        clock.thinking(True)
        frozen_at = game.tick_count
        time.sleep(0.25)
        assert game.tick_count == frozen_at
        clock.thinking(False)
        clock.wait(0.1)
        assert game.tick_count >= frozen_at + 2
        clock.command_finished()
    finally:
        clock.stop()
