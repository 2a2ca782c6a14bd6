"""Metrics of one episode (metrics.json) and over episodes (SR, coverage, SPL, stages, stays)."""

from __future__ import annotations

import math

import pytest

from odyssey.episode import (
    EpisodeOutcome,
    ReachedStop,
    Sample,
    Stop,
    TrajectoryMetrics,
    Verifier,
    aggregate,
    checkpoint_summary,
    failure_stage,
    local_stays,
    static_spl,
)

START = (0.0, 64.0, 0.0)
TARGET = (30.0, 64.0, 40.0)


def run_episode(points, *, reference=None, claim=True, stops=None) -> dict:
    """A real verifier over a trajectory (1 Hz); claims at the end."""
    stops = stops or [Stop("WP-A", "A", (0.0, 64.0, 20.0)), Stop("WP-T", "T", TARGET)]
    v = Verifier(stops=stops, start=START, reference_length=reference, task_id="t-001")
    for i, p in enumerate(points):
        v.observe(Sample(time_s=float(i), position=p))
    if claim:
        v.claim(float(len(points)))
    else:
        v.terminate("step_limit")
    return v.completion()


# --- one episode -------------------------------------------------------------------------------


def test_path_length_is_the_sum_of_3d_steps_between_samples():
    m = TrajectoryMetrics(start=START, target=TARGET, reference_length=None)
    for i, p in enumerate([START, (3.0, 68.0, 0.0), (3.0, 68.0, 12.0), (8.0, 68.0, 0.0)]):
        m.observe(p, float(i))
    out = m.finalize(success=False)
    assert out["path_length_3d"] == 5.0 + 12.0 + 13.0
    assert out["path_length_xz"] == 3.0 + 12.0 + 13.0
    assert out["sample_count"] == 4 and out["duration_sec"] == 3.0
    assert out["net_displacement_xz"] == 8.0
    assert out["straightness_xz"] == round(8.0 / 28.0, 6)
    assert out["average_speed_xz"] == round(28.0 / 3.0, 6)
    assert out["static_spl"] is None and out["reference_length_blocks"] is None


def test_distances_and_progress_to_the_final_target():
    m = TrajectoryMetrics(start=START, target=TARGET)
    # 50 away, then 10 away at t=1 (the best), then 25 away at the end.
    for i, p in enumerate([START, (24.0, 64.0, 32.0), (15.0, 64.0, 20.0)]):
        m.observe(p, float(i))
    out = m.finalize(success=False, duration_sec=7.0)
    assert (out["initial_distance_xz"], out["final_distance_xz"]) == (50.0, 25.0)
    assert (out["min_distance_xz"], out["min_distance_xz_elapsed_sec"]) == (10.0, 1.0)
    assert out["min_distance_3d_elapsed_sec"] == 1.0
    assert (out["progress_xz"], out["progress_ratio_xz"]) == (25.0, 0.5)
    assert (out["best_progress_xz"], out["best_progress_ratio_xz"]) == (40.0, 0.8)
    assert out["duration_sec"] == 7.0
    assert out["final_position"] == {"x": 15.0, "y": 64.0, "z": 20.0}
    assert out["target_position"] == {"x": 30.0, "y": 64.0, "z": 40.0}


def test_no_samples_gives_nulls_not_zeros():
    out = TrajectoryMetrics(start=START, target=TARGET, reference_length=12.0).finalize(
        success=False
    )
    assert out["final_position"] is None and out["progress_xz"] is None
    assert out["path_length_3d"] == 0.0 and out["static_spl"] == 0.0


def test_numbers_are_rounded_to_6_decimals():
    m = TrajectoryMetrics(start=START, target=TARGET)
    m.observe(START, 0.0)
    m.observe((1.0 / 3.0, 64.0, 0.0), 1.0)
    out = m.finalize(success=False)
    assert out["path_length_3d"] == 0.333333
    assert out["initial_distance_3d"] == 50.0


@pytest.mark.parametrize(
    ("success", "reference", "path", "expected"),
    [
        (True, 10.0, 20.0, 0.5),
        (True, 10.0, 8.0, 1.0),  # shorter than the reference (its grid) is capped at 1
        (False, 10.0, 10.0, 0.0),
        (True, None, 10.0, None),  # a missing reference is not a zero-length route
        (True, 0.0, 10.0, 0.0),
    ],
)
def test_spl(success, reference, path, expected):
    assert static_spl(success, reference, path) == expected


def test_checkpoint_coverage():
    reached = [ReachedStop("B", "Bee", 4.0, (1.0, 2.0, 3.0)), ReachedStop("C", "Cee", 9.5, START)]
    out = checkpoint_summary(["B", "C", "D"], reached)
    assert out == {
        "ordered_total": 3,
        "ordered_reached": 2,
        "coverage": 0.666667,
        "complete": False,
        "reached": [
            {"waypoint_id": "B", "elapsed_sec": 4.0, "position": {"x": 1.0, "y": 2.0, "z": 3.0}},
            {"waypoint_id": "C", "elapsed_sec": 9.5, "position": {"x": 0.0, "y": 64.0, "z": 0.0}},
        ],
        "next_waypoint_id": "D",
    }
    assert checkpoint_summary([], [])["coverage"] == 1.0


def test_metrics_json_from_a_verified_episode():
    path = [START, (0.0, 64.0, 10.0), (0.0, 64.0, 20.0), (15.0, 64.0, 40.0), TARGET]
    done = run_episode(path, reference=40.0)
    m = done["metrics"]
    assert done["success"] and m["success"]
    assert m["path_length_3d"] == 10.0 + 10.0 + 25.0 + 15.0
    assert m["static_spl"] == round(40.0 / 60.0, 6)
    assert m["checkpoints"]["ordered_total"] == 1 and m["checkpoints"]["complete"]
    assert m["checkpoints"]["reached"][0]["elapsed_sec"] == 2.0


# --- over episodes -----------------------------------------------------------------------------


def test_failure_stages():
    assert failure_stage(EpisodeOutcome("a", success=True, ordered_total=2, ordered_reached=2)) == (
        "success"
    )
    assert failure_stage(EpisodeOutcome("b", success=False, ordered_total=2)) == (
        "before_first_stop"
    )
    assert failure_stage(EpisodeOutcome("c", False, ordered_total=2, ordered_reached=1)) == (
        "after_first_stop"
    )
    # A two-stop task whose target was reached but never claimed failed after its first stop.
    assert failure_stage(EpisodeOutcome("d", False, oracle_arrived=True)) == "after_first_stop"


def test_local_stays_need_ten_turns_in_one_block_column():
    still = [(5.2, 64.0, 7.9)] * 10
    assert local_stays(still) == [(0, 10)]
    assert local_stays(still[:9]) == []
    # Jumping in place (y changes) and moving inside the block keep the stay.
    jitter = [(5.0 + 0.09 * i, 64.0 + (i % 2) * 1.2, 7.5) for i in range(11)]
    assert local_stays(jitter) == [(0, 11)]
    # One turn in the next block splits it into two short runs.
    split = [*still[:5], (6.01, 64.0, 7.9), *still[:5]]
    assert local_stays(split) == []
    walk = [*[(float(i), 64.0, 0.0) for i in range(3)], *[(-0.5, 64.0, -0.5)] * 12, (9.0, 64, 9)]
    assert local_stays(walk) == [(3, 12)]
    # Negative coordinates floor, not truncate: -0.5 and 0.5 are different blocks.
    assert local_stays([(-0.5, 64.0, 0.5)] * 5 + [(0.5, 64.0, 0.5)] * 5) == []


def test_aggregate_over_scored_episodes():
    reach_all = [START, (0.0, 64.0, 20.0), TARGET]
    wins = [
        EpisodeOutcome.from_completion(
            run_episode(reach_all, reference=50.0), environment="outdoor", turns=4
        ),
        EpisodeOutcome.from_completion(run_episode(reach_all), environment="indoor", turns=6),
    ]
    halfway = EpisodeOutcome.from_completion(
        run_episode([START, (0.0, 64.0, 20.0)], reference=50.0, claim=False),
        environment="outdoor",
        turns=20,
        turn_positions=[(0.5, 64.0, 0.5)] * 12,
    )
    stuck = EpisodeOutcome.from_completion(
        run_episode([START, START], claim=False), environment="indoor", turns=30
    )
    crashed = EpisodeOutcome(
        "t-crash", success=False, infrastructure_error=True, environment="indoor", turns=99
    )
    out = aggregate([*wins, halfway, stuck, crashed])
    assert (out["task_runs"], out["scored_task_runs"], out["infrastructure_errors"]) == (5, 4, 1)
    assert out["success_rate"] == 0.5
    assert out["attempt_success_rate_including_infrastructure"] == 0.4
    assert (out["success_rate_outdoor"], out["success_rate_indoor"]) == (0.5, 0.5)
    assert out["checkpoint_coverage"] == 0.75  # 3 of 4 intermediate stops, micro-averaged
    # SPL only where a reference exists (the outdoor win and the failure's 0.0), averaged from
    # the per-episode values as metrics.json stores them (6 decimals).
    path = 20.0 + math.hypot(30.0, 20.0)
    assert out["static_spl_mean"] == round((round(50.0 / path, 6) + 0.0) / 2, 6)
    assert out["turns_mean"] == 15.0 and out["turns_total"] == 60
    assert out["failure_stages"] == {"before_first_stop": 1, "after_first_stop": 1, "success": 2}
    assert out["local_stays"] == {
        "min_turns": 10,
        "count": 1,
        "episodes_with_stay": 1,
        "episode_rate": 0.25,
    }
    assert out["path_length_3d_mean"] == round((2 * path + 20.0 + 0.0) / 4, 6)


def test_aggregate_of_nothing_scored():
    out = aggregate([EpisodeOutcome("x", success=False, infrastructure_error=True)])
    assert out["success_rate"] is None and out["checkpoint_coverage"] is None
    assert out["success_rate_outdoor"] is None and out["static_spl_mean"] is None
    assert aggregate([])["task_runs"] == 0
