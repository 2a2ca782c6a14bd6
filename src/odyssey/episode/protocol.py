"""The agent protocol the episode layer defines, and the actions an agent may take.

An agent gets ``start(observation)`` once, then ``act(observation)`` at each decision and returns
one :data:`Action`. The observation carries the true player state, the evaluator events since the
last decision and the answer to its last claim; only an agent marked ``privileged = True`` also
gets the resolved task's stop positions and the live world (to read, never to change). Agents
never see the verifier's state: arrival is announced only through evaluator events.

Actions (game time passes only in ``Hold`` and ``Wait``):

- ``Hold(keys, ticks, yaw, pitch, use)``: turn to yaw/pitch if given, use the listed blocks, then
  hold ``keys`` (``forward back left right jump sneak sprint attack use``) for ``ticks`` ticks;
- ``Look(yaw, pitch)``: turn at once;
- ``Use(pos)``: right-click a block (``None``: the one under the crosshair);
- ``Wait(ticks)``: release every key and let ``ticks`` ticks pass;
- ``ClaimDone()``: ask the verifier to end the episode as arrived (at most 3 counted claims).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from odyssey.episode.claims import ClaimResult
from odyssey.episode.events import Event
from odyssey.sim.player import KEYS, PlayerState

Pos = tuple[int, int, int]
Point = tuple[float, float, float]
MAX_ACTION_TICKS = 20 * 60  # one decision may not hold keys longer than a minute of game time


@dataclass(frozen=True)
class Hold:
    keys: tuple[str, ...] = ()
    ticks: int = 1
    yaw: float | None = None
    pitch: float | None = None
    use: tuple[Pos, ...] = ()


@dataclass(frozen=True)
class Look:
    yaw: float
    pitch: float = 0.0


@dataclass(frozen=True)
class Use:
    pos: Pos | None = None


@dataclass(frozen=True)
class Wait:
    ticks: int = 20


@dataclass(frozen=True)
class ClaimDone:
    pass


Action = Hold | Look | Use | Wait | ClaimDone


@dataclass(frozen=True)
class PrivilegedInfo:
    """What only privileged agents get: the ordered stops (start first) and the live world."""

    stops: tuple[Point, ...]
    stop_names: tuple[str, ...]
    world: Any  # odyssey.world.storage.World, read-only by contract


@dataclass(frozen=True)
class Observation:
    """What the agent is told at a decision (``tick``/``time_s`` are game time)."""

    task_id: str
    prompt: str
    tick: int
    time_s: float
    player: PlayerState
    events: tuple[Event, ...] = ()
    claim: ClaimResult | None = None
    privileged: PrivilegedInfo | None = None
    messages: tuple[str, ...] = field(default=())  # texts injected verbatim (events, feedback)
    # The agent's screen now as an RGB array (height, width, 3), drawn on call under the task's
    # eval setting (view, time, weather, HUD, guideline); None when the runner has no screen.
    screenshot: Callable[[], Any] | None = None


@runtime_checkable
class Agent(Protocol):
    """An agent the runner drives; ``name`` is recorded in the result files."""

    name: ClassVar[str]
    privileged: ClassVar[bool]

    def start(self, observation: Observation) -> None: ...

    def act(self, observation: Observation) -> Action: ...


class ActionError(ValueError):
    """An agent returned something that is not a valid action (counted as the agent's crash)."""


def check_action(action: Any) -> Action:
    """The action if it is valid; ActionError saying why otherwise."""
    if not isinstance(action, Hold | Look | Use | Wait | ClaimDone):
        raise ActionError(f"not an action: {action!r}")
    ticks = getattr(action, "ticks", 1)
    if isinstance(action, Hold | Wait) and not (
        isinstance(ticks, int) and 1 <= ticks <= MAX_ACTION_TICKS
    ):
        raise ActionError(f"ticks must be an integer 1..{MAX_ACTION_TICKS}, got {ticks!r}")
    if isinstance(action, Hold):
        unknown = sorted(set(action.keys) - set(KEYS))
        if unknown:
            raise ActionError(f"unknown key(s) {', '.join(map(str, unknown))}")
    for name in ("yaw", "pitch"):
        value = getattr(action, name, None)
        if value is not None and not (isinstance(value, int | float) and math.isfinite(value)):
            raise ActionError(f"{name} must be a finite number, got {value!r}")
    return action
