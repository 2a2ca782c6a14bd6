"""Clocks that decide when game time passes (DESIGN.md §2 sim, the CLI's ``--clock``).

- ``lockstep``: game time advances only when told (``advance``/``wait``); durations become tick
  counts, so reruns of the same inputs are identical.
- ``realtime``: a thread ticks the game 20 times per second of wall time, whatever the agent is
  doing (the world keeps moving while a model thinks, as in the Mine Odyssey paper).
- ``paused``: realtime while a command runs or an ``advance`` lasts, frozen between them (while
  the model thinks). An ``advance(n)`` runs exactly ``n`` ticks at wall-clock pace, so in-process
  agents get the same game as in lockstep, only slower.

Every clock calls ``on_tick()`` after each tick, on the ticking thread, while holding the game's
lock (the verifier samples there); when it returns False the clock halts for good (the episode
is over). Callers that change the game from another thread take ``game.lock``.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from odyssey.errors import OdysseyError
from odyssey.sim.game import TICKS_PER_SECOND, Game

TICK_S = 1.0 / TICKS_PER_SECOND
CLOCK_KINDS = ("realtime", "paused", "lockstep")
OnTick = Callable[[], bool]


def seconds_to_ticks(seconds: float) -> int:
    """A duration in game ticks (rounded to the nearest tick, never negative)."""
    if not math.isfinite(seconds) or seconds < 0:
        raise OdysseyError(f"duration must be a finite number of seconds >= 0, got {seconds}")
    return round(seconds * TICKS_PER_SECOND)


class Clock(Protocol):
    """What the episode and control layers need from a clock."""

    kind: str
    halted: bool

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def advance(self, ticks: int) -> None:
        """Let ``ticks`` game ticks pass (blocking until they have, or the clock halted)."""

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` of game time pass."""

    def command_started(self) -> None: ...

    def command_finished(self) -> None: ...

    def thinking(self, active: bool) -> None:
        """The agent's model is (not) thinking: a paused clock is frozen meanwhile."""

    def stats(self) -> dict[str, Any]: ...


class LockstepClock:
    """Game time passes only through ``advance``/``wait``: bit-identical reruns."""

    kind = "lockstep"

    def __init__(self, game: Game, on_tick: OnTick | None = None) -> None:
        self.game = game
        self.on_tick = on_tick
        self.halted = False

    def start(self) -> None:
        """Nothing runs by itself."""

    def stop(self) -> None:
        """Nothing to stop."""

    def advance(self, ticks: int) -> None:
        """Run exactly ``ticks`` game ticks now (fewer if ``on_tick`` halts the clock)."""
        for _ in range(ticks):
            if self.halted:
                return
            with self.game.lock:
                self.game.tick()
                if self.on_tick is not None and self.on_tick() is False:
                    self.halted = True

    def wait(self, seconds: float) -> None:
        self.advance(seconds_to_ticks(seconds))

    def command_started(self) -> None:
        """Commands do not move time in lockstep; only waits and key-press durations do."""

    def command_finished(self) -> None:
        """See command_started."""

    def thinking(self, active: bool) -> None:
        """Thinking never moves time in lockstep."""

    def stats(self) -> dict[str, Any]:
        return {"kind": self.kind, "ticks": self.game.tick_count}


class RealtimeClock:
    """A background thread ticks the game at 20 TPS of wall time. Falling behind by more than a
    second drops the backlog, as a vanilla server skips ticks after a long stall."""

    kind = "realtime"
    max_catch_up_ticks = TICKS_PER_SECOND

    def __init__(self, game: Game, on_tick: OnTick | None = None) -> None:
        self.game = game
        self.on_tick = on_tick
        self.halted = False
        self.skipped_ticks = 0
        self.max_behind_s = 0.0
        self._cond = threading.Condition()
        self._stop = False
        self._commands = 0  # commands running now (paused: time flows while > 0)
        self._until: int | None = None  # paused: tick to run up to for an advance
        self._thread: threading.Thread | None = None

    # -- thread ---------------------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="odyssey-clock", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _flowing(self) -> bool:
        """Whether time flows now (realtime: always)."""
        return True

    def _loop(self) -> None:
        next_tick = time.monotonic() + TICK_S
        while True:
            with self._cond:
                if self._stop or self.halted:
                    return
                if not self._flowing():
                    self._cond.wait(timeout=0.1)
                    next_tick = time.monotonic() + TICK_S  # a resumed tick lasts 50 ms too
                    continue
            now = time.monotonic()
            if now < next_tick:
                time.sleep(min(next_tick - now, TICK_S))
                continue
            behind = now - next_tick
            self.max_behind_s = max(self.max_behind_s, behind)
            if behind > self.max_catch_up_ticks * TICK_S:
                self.skipped_ticks += int(behind / TICK_S)
                next_tick = now
            with self.game.lock:
                self.game.tick()
                halt = self.on_tick is not None and self.on_tick() is False
            next_tick += TICK_S
            with self._cond:
                self.halted = self.halted or halt
                self._cond.notify_all()

    # -- waiting --------------------------------------------------------------------------------

    def advance(self, ticks: int) -> None:
        """Block until ``ticks`` more ticks have passed (or the clock halted or stopped)."""
        with self._cond:
            target = self.game.tick_count + ticks
            self._begin_advance(target)
            try:
                while self.game.tick_count < target and not (self._stop or self.halted):
                    self._cond.wait(timeout=1.0)
            finally:
                self._end_advance()

    def _begin_advance(self, target: int) -> None:
        """Realtime: nothing to start."""

    def _end_advance(self) -> None:
        """Realtime: nothing to end."""

    def wait(self, seconds: float) -> None:
        self.advance(seconds_to_ticks(seconds))

    def command_started(self) -> None:
        with self._cond:
            self._commands += 1
            self._cond.notify_all()

    def command_finished(self) -> None:
        with self._cond:
            self._commands = max(0, self._commands - 1)

    def thinking(self, active: bool) -> None:
        """Realtime: the world moves on while the model thinks (as in the paper)."""

    def stats(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "ticks": self.game.tick_count,
            "skipped_ticks": self.skipped_ticks,
            "max_behind_ms": round(self.max_behind_s * 1000, 3),
        }


class PausedClock(RealtimeClock):
    """Realtime while a command runs or an ``advance`` lasts; frozen while the model thinks."""

    kind = "paused"

    _thinking = False

    def _flowing(self) -> bool:
        if self._thinking:  # frozen while the model thinks, even if a command still runs
            return False
        if self._commands > 0:
            return True
        return self._until is not None and self.game.tick_count < self._until

    def thinking(self, active: bool) -> None:
        with self._cond:
            self._thinking = active
            self._cond.notify_all()

    def _begin_advance(self, target: int) -> None:
        self._until = target  # the loop stops exactly here unless a command is running
        self._cond.notify_all()

    def _end_advance(self) -> None:
        self._until = None


def make_clock(kind: str, game: Game, on_tick: OnTick | None = None) -> Clock:
    """A clock by CLI name: realtime, paused or lockstep."""
    classes = {"realtime": RealtimeClock, "paused": PausedClock, "lockstep": LockstepClock}
    if kind not in classes:
        raise OdysseyError(f"--clock {kind}: expected one of {', '.join(CLOCK_KINDS)}")
    return classes[kind](game, on_tick)
