"""Per-episode metrics from the verifier's 1 Hz samples (Mine Odyssey notes §5.4, ``metrics.json``).

Everything is geometry over the sampled feet positions: distances to the final target, progress,
path length (sum of distances between consecutive samples, so it depends on the 1 Hz rate as Mine
Odyssey's does), straightness, speed, and SPL against a stored reference length. Numbers are
rounded to 6 decimals on output only, never while accumulating.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Point = tuple[float, float, float]


def distance_3d(a: Point, b: Point) -> float:
    return math.dist(a, b)


def distance_xz(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[2] - b[2])


def rounded(value: float | None) -> float | None:
    return None if value is None else round(float(value), 6)


def position_record(p: Point) -> dict[str, float]:
    return {"x": float(p[0]), "y": float(p[1]), "z": float(p[2])}


def _ratio(num: float | None, den: float | None) -> float | None:
    return None if num is None or den is None or den <= 0 else num / den


def static_spl(success: bool, reference_length: float | None, path_length: float) -> float | None:
    """S·L / max(P, L); None without a reference (a missing reference is not a zero-length route).

    A non-positive reference scores 0 like a failure, as Mine Odyssey does.
    """
    if reference_length is None:
        return None
    if not success or reference_length <= 0:
        return 0.0
    return reference_length / max(reference_length, path_length)


@dataclass(frozen=True)
class ReachedStop:
    """A stop the verifier recorded: when (elapsed game seconds) and where the feet were."""

    waypoint_id: str
    name: str
    elapsed_sec: float
    position: Point

    def record(self) -> dict[str, Any]:
        return {
            "waypoint_id": self.waypoint_id,
            "elapsed_sec": round(self.elapsed_sec, 6),
            "position": position_record(self.position),
        }


def checkpoint_summary(
    required_ids: Sequence[str], reached: Sequence[ReachedStop]
) -> dict[str, Any]:
    """``metrics.checkpoints``: ordered intermediate stops (not the start, not the target)."""
    total, done = len(required_ids), len(reached)
    return {
        "ordered_total": total,
        "ordered_reached": done,
        "coverage": 1.0 if total == 0 else round(done / total, 6),
        "complete": done == total,
        "reached": [r.record() for r in reached],
        "next_waypoint_id": required_ids[done] if done < total else None,
    }


class TrajectoryMetrics:
    """Accumulates one episode's samples; ``finalize`` gives ``metrics.json`` minus checkpoints."""

    def __init__(self, *, start: Point, target: Point, reference_length: float | None = None):
        self.start = tuple(map(float, start))
        self.target = tuple(map(float, target))
        self.reference_length = None if reference_length is None else float(reference_length)
        self.sample_count = 0
        self.path_length_xz = 0.0
        self.path_length_3d = 0.0
        self.final_position: Point | None = None
        self.last_elapsed = 0.0
        self.initial_xz = self.initial_3d = self.final_xz = self.final_3d = None
        self.min_xz: tuple[float, float] | None = None  # (distance, elapsed)
        self.min_3d: tuple[float, float] | None = None

    def observe(self, position: Point, elapsed_sec: float) -> tuple[float, float]:
        """Adds one sample; returns its (xz, 3-D) distance to the target."""
        pos = (float(position[0]), float(position[1]), float(position[2]))
        elapsed = max(0.0, float(elapsed_sec))
        d_xz, d_3d = distance_xz(pos, self.target), distance_3d(pos, self.target)
        if self.final_position is None:
            self.initial_xz, self.initial_3d = d_xz, d_3d
        else:
            self.path_length_xz += distance_xz(self.final_position, pos)
            self.path_length_3d += distance_3d(self.final_position, pos)
        # Strict < keeps the first time the minimum was reached.
        if self.min_xz is None or d_xz < self.min_xz[0]:
            self.min_xz = (d_xz, elapsed)
        if self.min_3d is None or d_3d < self.min_3d[0]:
            self.min_3d = (d_3d, elapsed)
        self.final_position, self.final_xz, self.final_3d = pos, d_xz, d_3d
        self.last_elapsed = elapsed
        self.sample_count += 1
        return d_xz, d_3d

    def finalize(self, *, success: bool, duration_sec: float | None = None) -> dict[str, Any]:
        duration = self.last_elapsed if duration_sec is None else max(0.0, float(duration_sec))
        progress = None if self.final_xz is None else self.initial_xz - self.final_xz
        best = None if self.min_xz is None else self.initial_xz - self.min_xz[0]
        net = None if self.final_position is None else distance_xz(self.start, self.final_position)
        return {
            "schema_version": 1,
            "sample_count": self.sample_count,
            "duration_sec": rounded(duration),
            "success": bool(success),
            "start_position": position_record(self.start),
            "target_position": position_record(self.target),
            "final_position": None
            if self.final_position is None
            else position_record(self.final_position),
            "initial_distance_xz": rounded(self.initial_xz),
            "initial_distance_3d": rounded(self.initial_3d),
            "final_distance_xz": rounded(self.final_xz),
            "final_distance_3d": rounded(self.final_3d),
            "min_distance_xz": rounded(self.min_xz and self.min_xz[0]),
            "min_distance_xz_elapsed_sec": rounded(self.min_xz and self.min_xz[1]),
            "min_distance_3d": rounded(self.min_3d and self.min_3d[0]),
            "min_distance_3d_elapsed_sec": rounded(self.min_3d and self.min_3d[1]),
            "progress_xz": rounded(progress),
            "progress_ratio_xz": rounded(_ratio(progress, self.initial_xz)),
            "best_progress_xz": rounded(best),
            "best_progress_ratio_xz": rounded(_ratio(best, self.initial_xz)),
            "path_length_xz": rounded(self.path_length_xz),
            "path_length_3d": rounded(self.path_length_3d),
            "net_displacement_xz": rounded(net),
            "straightness_xz": rounded(_ratio(net, self.path_length_xz)),
            "average_speed_xz": rounded(_ratio(self.path_length_xz, duration)),
            "reference_length_blocks": rounded(self.reference_length),
            "static_spl": rounded(static_spl(success, self.reference_length, self.path_length_3d)),
        }


# --- over episodes (notes §5.6 and the paper's analyses) ---------------------------------------

BEFORE_FIRST_STOP = "before_first_stop"
AFTER_FIRST_STOP = "after_first_stop"
SUCCESS = "success"
LOCAL_STAY_TURNS = 10


@dataclass(frozen=True)
class EpisodeOutcome:
    """What aggregation needs from one episode (``completion.json`` + the agent's record).

    ``turn_positions``: the feet position at each decision (turn), for local stays.
    ``environment``: the map's ``outdoor`` / ``indoor`` / ``mixed`` (None when the map has none).
    """

    task_id: str
    success: bool
    infrastructure_error: bool = False
    environment: str | None = None
    ordered_total: int = 0
    ordered_reached: int = 0
    oracle_arrived: bool = False
    path_length_3d: float = 0.0
    path_length_xz: float = 0.0
    static_spl: float | None = None
    turns: int = 0
    turn_positions: tuple[Point, ...] = ()

    @classmethod
    def from_completion(
        cls,
        completion: dict[str, Any],
        *,
        environment: str | None = None,
        turns: int = 0,
        turn_positions: Sequence[Point] = (),
    ) -> EpisodeOutcome:
        """From a ``completion.json`` object (its embedded ``metrics``)."""
        metrics = completion.get("metrics") or {}
        checkpoints = metrics.get("checkpoints") or {}
        return cls(
            task_id=str(completion.get("task_id")),
            success=bool(completion.get("success")),
            infrastructure_error=bool(completion.get("infrastructure_error")),
            environment=environment,
            ordered_total=int(checkpoints.get("ordered_total", 0)),
            ordered_reached=int(checkpoints.get("ordered_reached", 0)),
            oracle_arrived=bool(completion.get("oracle_arrived")),
            path_length_3d=float(metrics.get("path_length_3d") or 0.0),
            path_length_xz=float(metrics.get("path_length_xz") or 0.0),
            static_spl=metrics.get("static_spl"),
            turns=turns,
            turn_positions=tuple(tuple(map(float, p)) for p in turn_positions),
        )


def failure_stage(outcome: EpisodeOutcome) -> str:
    """``success``, or where a failure happened: before the first stop after the start was
    recorded, or after it (for a two-stop task the first stop is the target)."""
    if outcome.success:
        return SUCCESS
    if outcome.ordered_reached > 0 or outcome.oracle_arrived:
        return AFTER_FIRST_STOP
    return BEFORE_FIRST_STOP


def local_stays(
    turn_positions: Sequence[Point], min_turns: int = LOCAL_STAY_TURNS
) -> list[tuple[int, int]]:
    """Runs of at least ``min_turns`` consecutive turns with the feet in one block column.

    Returns (first turn index, length) per maximal run. The column (floor x, floor z) ignores y so
    that a turn caught mid-jump does not break a stay in place.
    """
    stays: list[tuple[int, int]] = []
    run_start, run_block = 0, None
    for i, p in enumerate([*turn_positions, None]):
        block = None if p is None else (math.floor(p[0]), math.floor(p[2]))
        if block != run_block or p is None:
            if run_block is not None and i - run_start >= min_turns:
                stays.append((run_start, i - run_start))
            run_start, run_block = i, block
    return stays


def _mean(values: Sequence[float]) -> float | None:
    return rounded(sum(values) / len(values)) if values else None


def _rate(hits: int, total: int) -> float | None:
    return rounded(hits / total) if total else None


def aggregate(outcomes: Sequence[EpisodeOutcome]) -> dict[str, Any]:
    """Benchmark figures over episodes; every rate and mean is over **scored** episodes
    (infrastructure failures are counted apart, never as agent failures)."""
    scored = [o for o in outcomes if not o.infrastructure_error]
    successes = sum(o.success for o in scored)
    by_env: dict[str, float | None] = {}
    for env in ("outdoor", "indoor"):
        group = [o for o in scored if o.environment == env]
        by_env[env] = _rate(sum(o.success for o in group), len(group))
    stages = {BEFORE_FIRST_STOP: 0, AFTER_FIRST_STOP: 0, SUCCESS: 0}
    for o in scored:
        stages[failure_stage(o)] += 1
    stays = [local_stays(o.turn_positions) for o in scored]
    total_cp = sum(o.ordered_total for o in scored)
    spl = [o.static_spl for o in scored if o.static_spl is not None]
    return {
        "task_runs": len(outcomes),
        "scored_task_runs": len(scored),
        "infrastructure_errors": len(outcomes) - len(scored),
        "successes": successes,
        "success_rate": _rate(successes, len(scored)),
        "success_rate_outdoor": by_env["outdoor"],
        "success_rate_indoor": by_env["indoor"],
        "attempt_success_rate_including_infrastructure": _rate(successes, len(outcomes)),
        # Micro average over stops, as Mine Odyssey's aggregate does.
        "checkpoint_coverage": _rate(sum(o.ordered_reached for o in scored), total_cp),
        "static_spl_mean": _mean(spl),
        "path_length_3d_mean": _mean([o.path_length_3d for o in scored]),
        "path_length_xz_mean": _mean([o.path_length_xz for o in scored]),
        "turns_mean": _mean([o.turns for o in scored]),
        "turns_total": sum(o.turns for o in scored),
        "failure_stages": stages,
        "local_stays": {
            "min_turns": LOCAL_STAY_TURNS,
            "count": sum(len(s) for s in stays),
            "episodes_with_stay": sum(bool(s) for s in stays),
            "episode_rate": _rate(sum(bool(s) for s in stays), len(scored)),
        },
    }
