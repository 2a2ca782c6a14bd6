"""Clocks that decide when game time passes (DESIGN.md §2 sim, the CLI's ``--clock``).

- ``lockstep``: game time advances only when told (``advance``); durations become tick counts,
  so reruns of the same inputs are identical.
- ``realtime``: a thread ticks the game 20 times per second of wall time, whatever the agent is
  doing (the world keeps moving while a model thinks, as in the Mine Odyssey paper).
- ``paused``: realtime while a command runs, frozen between commands (while the model thinks).
"""

from __future__ import annotations

import math
import threading
import time
from typing import Protocol

from odyssey.errors import OdysseyError
from odyssey.sim.game import TICKS_PER_SECOND, Game

TICK_S = 1.0 / TICKS_PER_SECOND
CLOCK_KINDS = ("realtime", "paused", "lockstep")


def seconds_to_ticks(seconds: float) -> int:
    """A duration in game ticks (rounded to the nearest tick, never negative)."""
    if not math.isfinite(seconds) or seconds < 0:
        raise OdysseyError(f"duration must be a finite number of seconds >= 0, got {seconds}")
    return round(seconds * TICKS_PER_SECOND)


class Clock(Protocol):
    """What the control layer needs from a clock."""

    kind: str

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` of game time pass (blocking until they have)."""

    def command_started(self) -> None: ...

    def command_finished(self) -> None: ...


class LockstepClock:
    """Game time passes only through ``wait``/``advance``: bit-identical reruns."""

    kind = "lockstep"

    def __init__(self, game: Game) -> None:
        self.game = game

    def start(self) -> None:
        """Nothing runs by itself."""

    def stop(self) -> None:
        """Nothing to stop."""

    def advance(self, ticks: int) -> None:
        """Run exactly ``ticks`` game ticks now."""
        self.game.run(ticks)

    def wait(self, seconds: float) -> None:
        self.advance(seconds_to_ticks(seconds))

    def command_started(self) -> None:
        """Commands do not move time in lockstep; only waits and key-press durations do."""

    def command_finished(self) -> None:
        """See command_started."""


class RealtimeClock:
    """A background thread ticks the game at 20 TPS of wall time (catching up if it falls behind
    by at most a second, as a vanilla server skips ticks after a long stall)."""

    kind = "realtime"
    max_catch_up_ticks = TICKS_PER_SECOND
    runs_at_start = True

    def __init__(self, game: Game) -> None:
        self.game = game
        self._running = threading.Event()  # set: time flows
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ticked = threading.Condition()

    def start(self) -> None:
        if self._thread is None:
            if self.runs_at_start:
                self._running.set()
            self._thread = threading.Thread(target=self._loop, name="odyssey-clock", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._running.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _loop(self) -> None:
        next_tick = time.monotonic()
        while not self._stop.is_set():
            if not self._running.is_set():
                self._running.wait()
                next_tick = time.monotonic()
                continue
            now = time.monotonic()
            if now < next_tick:
                time.sleep(min(next_tick - now, TICK_S))
                continue
            behind = int((now - next_tick) / TICK_S)
            if behind > self.max_catch_up_ticks:
                next_tick = now
            self.game.tick()
            next_tick += TICK_S
            with self._ticked:
                self._ticked.notify_all()

    def wait(self, seconds: float) -> None:
        """Block until ``seconds`` of game time have passed."""
        target = self.game.tick_count + seconds_to_ticks(seconds)
        with self._ticked:
            while self.game.tick_count < target and not self._stop.is_set():
                self._ticked.wait(timeout=1.0)

    def command_started(self) -> None:
        """Realtime never freezes."""

    def command_finished(self) -> None:
        """Realtime never freezes."""


class PausedClock(RealtimeClock):
    """Realtime while a command runs; frozen while the agent's model thinks."""

    kind = "paused"
    runs_at_start = False

    def command_started(self) -> None:
        self._running.set()

    def command_finished(self) -> None:
        self._running.clear()

    def wait(self, seconds: float) -> None:
        """Waiting is part of a command: time flows while it lasts."""
        was_running = self._running.is_set()
        self._running.set()
        try:
            super().wait(seconds)
        finally:
            if not was_running:
                self._running.clear()


def make_clock(kind: str, game: Game) -> Clock:
    """A clock by CLI name: realtime, paused or lockstep."""
    classes = {"realtime": RealtimeClock, "paused": PausedClock, "lockstep": LockstepClock}
    if kind not in classes:
        raise OdysseyError(f"--clock {kind}: expected one of {', '.join(CLOCK_KINDS)}")
    return classes[kind](game)
