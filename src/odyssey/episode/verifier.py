"""The independent verifier's decisions (Mine Odyssey notes §5.1–5.3), on plain data.

The episode runner samples the true player state at 1 Hz of game time on its own path and feeds
each :class:`Sample` to :meth:`Verifier.observe`; claims go to :meth:`Verifier.claim`; whatever
the runner itself detects (step limit, crashes, startup failures) goes to
:meth:`Verifier.terminate`. Nothing here reads a clock or a file, so a trajectory always gives the
same decisions.

Arrival: only the next required stop is tested — feet within 3-D distance < radius_3d (3.5) and
|dy| <= radius_y (1.5). The target is armed once every intermediate is recorded; the first
sample inside it sets ``oracle_arrived`` for good (loop routes whose target is the start work
because the target is not armed at the start). Only a claim while arrived succeeds. The 6 h
watchdog is judged on the samples' game time; a runner with a wall clock may also call
``terminate("wall_clock_watchdog")``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from odyssey.episode.claims import (
    ALREADY_TERMINAL,
    CLAIM_ATTEMPT_LIMIT,
    ClaimResult,
    arbitrate,
)
from odyssey.episode.events import (
    CLAIM_ATTEMPTS_EXHAUSTED,
    CLAIM_DONE_ARRIVED,
    DEATH,
    FINAL_RECORDED,
    OUT_OF_BOUNDS,
    OUT_OF_BOUNDS_EVENT,
    PLAYER_LEFT_GAME,
    REQUIRED_RECORDED,
    STATE_UNAVAILABLE,
    WALL_CLOCK_WATCHDOG,
    Event,
    VerifierError,
    final_message,
    is_infrastructure,
    out_of_bounds_message,
    required_message,
)
from odyssey.episode.metrics import (
    Point,
    ReachedStop,
    TrajectoryMetrics,
    checkpoint_summary,
    distance_3d,
    position_record,
    rounded,
)

WATCHDOG_SEC = 21_600.0
STATE_ERROR_LIMIT = 10  # consecutive state errors before the bridge counts as gone


@dataclass(frozen=True)
class Stop:
    """A stop after the start: waypoint id, display name, arrival anchor (feet position)."""

    waypoint_id: str
    name: str
    position: Point


@dataclass(frozen=True)
class ArrivalPolicy:
    radius_3d: float = 3.5
    radius_y: float = 1.5
    sample_interval_sec: float = 1.0

    def inside(self, feet: Point, anchor: Point) -> bool:
        return (
            distance_3d(feet, anchor) < self.radius_3d and abs(feet[1] - anchor[1]) <= self.radius_y
        )


@dataclass(frozen=True)
class OutOfBoundsPolicy:
    """The map's floor (``map.json`` ``out_of_bounds``): at or below it for ``duration_sec``."""

    at_or_below_y: float
    duration_sec: float = 15.0

    def __post_init__(self) -> None:
        if self.duration_sec <= 0:
            raise VerifierError(f"out_of_bounds.duration_sec must be > 0, not {self.duration_sec}")


@dataclass(frozen=True)
class Sample:
    """One 1 Hz reading of the true state; ``time_s`` is game seconds since the episode began.

    ``in_game=False`` is the bridge's "Player or game mode not available"; ``state_error`` is any
    other failed read (position then ignored).
    """

    time_s: float
    position: Point | None = None
    health: float = 20.0
    in_game: bool = True
    state_error: str | None = None

    @property
    def alive(self) -> bool:
        return self.health > 0


@dataclass
class _Terminal:
    reason: str
    success: bool
    time_s: float | None


@dataclass
class Verifier:
    """Decides one episode; see the module docstring. ``stops``: after the start, target last."""

    stops: Sequence[Stop]
    start: Point
    policy: ArrivalPolicy = field(default_factory=ArrivalPolicy)
    out_of_bounds: OutOfBoundsPolicy | None = None
    claim_attempt_limit: int = CLAIM_ATTEMPT_LIMIT
    watchdog_sec: float = WATCHDOG_SEC
    reference_length: float | None = None
    task_id: str | None = None
    map_id: str | None = None
    mode: str = "formal"

    def __post_init__(self) -> None:
        if not self.stops:
            raise VerifierError(f"task {self.task_id}: stops is empty; the target must be last")
        if self.claim_attempt_limit < 1:
            raise VerifierError(f"claim_attempt_limit must be >= 1, not {self.claim_attempt_limit}")
        self.stops = tuple(self.stops)
        self.target = self.stops[-1]
        self.required = self.stops[:-1]
        self.metrics = TrajectoryMetrics(
            start=self.start, target=self.target.position, reference_length=self.reference_length
        )
        self.checkpoints: list[ReachedStop] = []
        self.arrived_at: ReachedStop | None = None
        self.claim_count = 0
        self.claims: list[ClaimResult] = []
        self.events: list[Event] = []
        self.positions: list[dict[str, Any]] = []  # positions.jsonl rows, minus wall-clock stamps
        self.state_error_count = 0
        self._consecutive_state_errors = 0
        self._below_since: float | None = None
        self._oob_triggered = False
        self._terminal: _Terminal | None = None
        self.last_sample: dict[str, Any] | None = None

    @classmethod
    def for_task(
        cls,
        task: Any,
        *,
        out_of_bounds: OutOfBoundsPolicy | None = None,
        reference_length: float | None = None,
        **options: Any,
    ) -> Verifier:
        """For a resolved task (``odyssey.tasks.ResolvedTask``: ``start``, ``stops``, ``id``,
        ``map_id``) and the map's floor (``map.json`` ``out_of_bounds``, None when it has none)."""
        stops = [Stop(s.waypoint_id, s.name, tuple(s.position)) for s in task.stops]
        return cls(
            stops=stops,
            start=tuple(task.start.position),
            out_of_bounds=out_of_bounds,
            reference_length=reference_length,
            task_id=task.id,
            map_id=task.map_id,
            **options,
        )

    # --- state -------------------------------------------------------------------------------

    @property
    def terminal(self) -> bool:
        return self._terminal is not None

    @property
    def terminal_reason(self) -> str | None:
        return None if self._terminal is None else self._terminal.reason

    @property
    def success(self) -> bool:
        return self._terminal is not None and self._terminal.success

    @property
    def infrastructure_error(self) -> bool:
        return self._terminal is not None and is_infrastructure(self._terminal.reason)

    @property
    def oracle_arrived(self) -> bool:
        return self.arrived_at is not None

    @property
    def reached(self) -> list[ReachedStop]:
        """Recorded stops in order: the intermediates, then the target once arrived."""
        return self.checkpoints + ([self.arrived_at] if self.arrived_at else [])

    def missing(self) -> list[str]:
        """Names still to record, in order (claim feedback: names only)."""
        names = [s.name for s in self.required[len(self.checkpoints) :]]
        return names if self.oracle_arrived else [*names, self.target.name]

    # --- inputs ------------------------------------------------------------------------------

    def observe(self, sample: Sample) -> list[Event]:
        """Takes one 1 Hz sample; returns the evaluator events it produced (maybe none)."""
        if self._terminal is not None:
            return []
        t = float(sample.time_s)
        if t >= self.watchdog_sec:
            self.terminate(WALL_CLOCK_WATCHDOG, time_s=t)
            return []
        if not sample.in_game:
            self._state_error(t, sample.state_error or "Player or game mode not available")
            self.terminate(PLAYER_LEFT_GAME, time_s=t)
            return []
        if sample.state_error is not None or sample.position is None:
            self._state_error(t, sample.state_error or "no position")
            if self._consecutive_state_errors >= STATE_ERROR_LIMIT:
                self.terminate(STATE_UNAVAILABLE, time_s=t)
            return []
        self._consecutive_state_errors = 0
        return self._observe_position(t, sample)

    def claim(self, time_s: float, claim_id: str = "") -> ClaimResult:
        """Answers one ``claim_done``; a claim after the end is answered ``already_terminal``."""
        if self._terminal is not None:
            result = ClaimResult(
                claim_id,
                False,
                True,
                self._terminal.success,
                ALREADY_TERMINAL,
                self.claim_count,
                terminal_reason=self._terminal.reason,
                time_s=float(time_s),
            )
        else:
            self.claim_count += 1
            result = arbitrate(
                claim_id=claim_id,
                attempt=self.claim_count,
                attempt_limit=self.claim_attempt_limit,
                arrived=self.oracle_arrived,
                missing=self.missing(),
            )
            result = dataclasses.replace(result, time_s=float(time_s))
            if result.terminal:
                reason = CLAIM_DONE_ARRIVED if result.success else CLAIM_ATTEMPTS_EXHAUSTED
                self._end(reason, result.success, time_s)
        self.claims.append(result)
        return result

    def terminate(self, reason: str, *, time_s: float | None = None) -> bool:
        """Ends the episode for ``reason`` (notes §5.2); False if it had already ended.

        Success comes only from a claim while arrived, never from here.
        """
        is_infrastructure(reason)  # rejects unknown reasons early
        if reason == CLAIM_DONE_ARRIVED:
            raise VerifierError("claim_done_arrived comes only from an accepted claim")
        if self._terminal is not None:
            return False
        self._end(reason, False, time_s)
        return True

    # --- outputs -----------------------------------------------------------------------------

    def metrics_json(self, duration_sec: float | None = None) -> dict[str, Any]:
        """``metrics.json`` (notes §5.4)."""
        out = self.metrics.finalize(success=self.success, duration_sec=duration_sec)
        out["checkpoints"] = checkpoint_summary(
            [s.waypoint_id for s in self.required], self.checkpoints
        )
        return out

    def completion(
        self, *, duration_sec: float | None = None, ended_at_utc: str | None = None
    ) -> dict[str, Any]:
        """``completion.json`` (notes §5.5), plus our ``scored`` and ``reached``."""
        infra = self.infrastructure_error
        oob = None
        if self.out_of_bounds is not None:
            oob = {
                "at_or_below_y": self.out_of_bounds.at_or_below_y,
                "duration_sec": self.out_of_bounds.duration_sec,
                "triggered": self._oob_triggered,
            }
        return {
            "schema_version": 1,
            "terminal": self.terminal,
            "success": self.success,
            "terminal_reason": self.terminal_reason,
            "claim_count": self.claim_count,
            "oracle_arrived": self.oracle_arrived,
            "oracle_arrived_at_elapsed_sec": None
            if self.arrived_at is None
            else round(self.arrived_at.elapsed_sec, 6),
            "last_sample": self.last_sample,
            "arrival": {
                "radius_3d": self.policy.radius_3d,
                "radius_y": self.policy.radius_y,
                "sample_interval_sec": self.policy.sample_interval_sec,
            },
            "metrics": self.metrics_json(duration_sec),
            "out_of_bounds": oob,
            "task_id": self.task_id,
            "map_id": self.map_id,
            "mode": self.mode,
            "state_error_count": self.state_error_count,
            "infrastructure_error": infra,
            "ended_at_utc": ended_at_utc,
            "scored": self.terminal and not infra,
            "reached": [dict(r.record(), name=r.name) for r in self.reached],
        }

    # --- internals ---------------------------------------------------------------------------

    def _end(self, reason: str, success: bool, time_s: float | None) -> None:
        self._terminal = _Terminal(reason, success, None if time_s is None else float(time_s))

    def _state_error(self, t: float, message: str) -> None:
        self.state_error_count += 1
        self._consecutive_state_errors += 1
        self.positions.append({"elapsed_sec": round(t, 6), "state_error": message})

    def _observe_position(self, t: float, sample: Sample) -> list[Event]:
        feet = tuple(float(v) for v in sample.position)
        d_xz, d_3d = self.metrics.observe(feet, t)
        events: list[Event] = []
        done = len(self.checkpoints)
        if done < len(self.required) and self.policy.inside(feet, self.required[done].position):
            stop = self.required[done]
            self.checkpoints.append(ReachedStop(stop.waypoint_id, stop.name, t, feet))
            events.append(
                Event(REQUIRED_RECORDED, stop.waypoint_id, required_message(stop.name), t)
            )
        # The target is tested in the same sample that recorded the last intermediate.
        inside_target = self.policy.inside(feet, self.target.position)
        if len(self.checkpoints) == len(self.required) and inside_target and not self.arrived_at:
            self.arrived_at = ReachedStop(self.target.waypoint_id, self.target.name, t, feet)
            # Mine Odyssey writes the pseudo id "target" for the final event.
            events.append(Event(FINAL_RECORDED, "target", final_message(self.target.name), t))
        oob = self._observe_floor(t, feet[1])
        if oob is not None and oob["newly_triggered"]:
            events.append(
                Event(
                    OUT_OF_BOUNDS_EVENT,
                    None,
                    out_of_bounds_message(
                        self.out_of_bounds.at_or_below_y, self.out_of_bounds.duration_sec
                    ),
                    t,
                )
            )
        row: dict[str, Any] = {
            "elapsed_sec": round(t, 6),
            "position": position_record(feet),
            "block_position": {k: int(v // 1) for k, v in zip("xyz", feet, strict=True)},
            "health": float(sample.health),
            "distance_xz": rounded(d_xz),
            "distance_3d": rounded(d_3d),
            "vertical_distance": rounded(abs(feet[1] - self.target.position[1])),
            "inside_arrival_region": inside_target,
            "oracle_arrived": self.oracle_arrived,
            "evaluator_events": [e.record() for e in events],
        }
        if oob is not None:
            row["out_of_bounds"] = {k: v for k, v in oob.items() if k != "newly_triggered"}
        self.positions.append(row)
        self.last_sample = row
        self.events.extend(events)
        # Death is decided after arrival, as Mine Odyssey orders it: the sample still counts.
        if not sample.alive:
            self.terminate(DEATH, time_s=t)
        elif oob is not None and oob["newly_triggered"]:
            self.terminate(OUT_OF_BOUNDS, time_s=t)
        return events

    def _observe_floor(self, t: float, y: float) -> dict[str, Any] | None:
        policy = self.out_of_bounds
        if policy is None:
            return None
        below = y <= policy.at_or_below_y
        if not below:
            self._below_since = None
        elif self._below_since is None:
            self._below_since = t
        continuous = 0.0 if self._below_since is None else max(0.0, t - self._below_since)
        newly = below and not self._oob_triggered and continuous >= policy.duration_sec
        self._oob_triggered = self._oob_triggered or newly
        return {
            "at_or_below_y": policy.at_or_below_y,
            "duration_sec": policy.duration_sec,
            "currently_at_or_below": below,
            "continuous_sec": round(continuous, 6),
            "triggered": self._oob_triggered,
            "newly_triggered": newly,
        }
