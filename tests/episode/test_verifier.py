"""The verifier on constructed trajectories: arrival edges, order, loops, claims, every ending."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from odyssey.episode import (
    ArrivalPolicy,
    OutOfBoundsPolicy,
    Sample,
    Stop,
    Verifier,
    VerifierError,
    is_infrastructure,
)

START = (0.0, 64.0, 0.0)
A = Stop("WP-A", "Alpha Café", (10.0, 64.0, 0.0))
B = Stop("WP-B", "Bravo Hall", (20.0, 64.0, 0.0))
T = Stop("WP-T", "Target Tower", (30.0, 64.0, 0.0))
FORMATS = SHARED / "reference" / "mineodyssey-formats"


def make(stops=(A, B, T), **kw) -> Verifier:
    return Verifier(stops=list(stops), start=START, task_id="demo-001", map_id="demo", **kw)


def walk(v: Verifier, points, t0: float = 0.0, **sample) -> list:
    """Feeds one sample per second; returns every event produced."""
    events = []
    for i, p in enumerate(points):
        events += v.observe(Sample(time_s=t0 + i, position=p, **sample))
    return events


def kinds(events) -> list[tuple[str, str | None]]:
    return [(e.kind, e.waypoint_id) for e in events]


# --- arrival rule ------------------------------------------------------------------------------


def test_exactly_3_5_away_is_not_reached_and_3_4999_is():
    v = make()
    assert walk(v, [START, (13.5, 64.0, 0.0), (6.5, 64.0, 0.0)]) == []
    assert v.reached == []
    events = walk(v, [(13.4999, 64.0, 0.0)], t0=3)
    assert kinds(events) == [("required_waypoint_recorded", "WP-A")]
    assert events[0].message == (
        '[Navigation evaluator] Confirmed that required waypoint "Alpha Café" has been visited '
        "and recorded."
    )
    assert v.reached[0].elapsed_sec == 3.0
    assert v.reached[0].position == (13.4999, 64.0, 0.0)


def test_vertical_1_5_is_reached_and_1_5001_is_not():
    v = make()
    walk(v, [(10.0, 65.5001, 0.0), (10.0, 62.4999, 0.0)])
    assert v.reached == []
    assert kinds(walk(v, [(10.0, 65.5, 0.0)], t0=2)) == [("required_waypoint_recorded", "WP-A")]
    v = make()
    assert kinds(walk(v, [(10.0, 62.5, 0.0)])) == [("required_waypoint_recorded", "WP-A")]


def test_dy_1_5_at_a_3d_distance_of_exactly_3_5_is_not_reached():
    v = make()
    # (3, 1.5, 1) away: 9 + 2.25 + 1 = 12.25 = 3.5², exactly, in floating point too.
    walk(v, [(13.0, 65.5, 1.0)])
    assert v.reached == []
    walk(v, [(13.0, 65.5, 0.999)], t0=1)
    assert [r.waypoint_id for r in v.reached] == ["WP-A"]


def test_a_later_stop_passed_first_does_not_count_and_order_is_strict():
    v = make()
    # Straight to B and to the target, then back to A: only A counts.
    events = walk(v, [START, B.position, T.position, A.position])
    assert kinds(events) == [("required_waypoint_recorded", "WP-A")]
    assert not v.oracle_arrived
    events = walk(v, [T.position, B.position, T.position], t0=4)
    assert kinds(events) == [
        ("required_waypoint_recorded", "WP-B"),
        ("final_destination_recorded", "target"),
    ]
    assert [r.waypoint_id for r in v.reached] == ["WP-A", "WP-B", "WP-T"]
    assert [r.elapsed_sec for r in v.reached] == [3.0, 5.0, 6.0]


def test_final_stop_is_armed_only_after_all_intermediates():
    v = make()
    walk(v, [T.position, T.position, A.position, T.position])
    assert not v.oracle_arrived
    assert v.missing() == ["Bravo Hall", "Target Tower"]
    events = walk(v, [B.position, (31.0, 64.5, 1.0)], t0=4)
    assert kinds(events)[-1] == ("final_destination_recorded", "target")
    assert events[-1].message == (
        '[Navigation evaluator] Confirmed that final destination "Target Tower" has been reached '
        "and recorded. Submit claim_done to complete the task."
    )
    assert v.completion()["oracle_arrived_at_elapsed_sec"] == 5.0


def test_final_arrival_is_sticky_and_reported_once():
    v = make()
    walk(v, [A.position, B.position, T.position, T.position, (100.0, 64.0, 0.0)])
    assert sum(e.kind == "final_destination_recorded" for e in v.events) == 1
    assert v.oracle_arrived
    assert v.claim(9.0).reason == "arrived"
    assert v.success and v.terminal_reason == "claim_done_arrived"


def test_last_intermediate_and_target_in_one_sample():
    close = Stop("WP-C", "Corner", (29.0, 64.0, 0.0))
    v = make(stops=(close, T))
    assert kinds(walk(v, [(29.5, 64.0, 0.0)])) == [
        ("required_waypoint_recorded", "WP-C"),
        ("final_destination_recorded", "target"),
    ]


def test_loop_route_returning_to_the_start_as_target():
    home = Stop("WP-S", "Home Gate", START)
    v = make(stops=(A, home))
    # Standing at the start (= target) does not arrive: the target is not armed yet.
    assert walk(v, [START, START]) == []
    events = walk(v, [(5.0, 64.0, 0.0), A.position, (5.0, 64.0, 0.0), (0.5, 64.0, 0.5)], t0=2)
    assert kinds(events) == [
        ("required_waypoint_recorded", "WP-A"),
        ("final_destination_recorded", "target"),
    ]
    assert v.claim(7.0).accepted


def test_two_stop_task_arrives_at_once_in_the_target():
    v = make(stops=(T,))
    assert kinds(walk(v, [START, (28.0, 64.0, 0.0)])) == [("final_destination_recorded", "target")]


def test_custom_arrival_policy_is_used_and_reported():
    v = make(policy=ArrivalPolicy(radius_3d=1.0, radius_y=0.5))
    walk(v, [(11.0, 64.0, 0.0), (10.0, 64.6, 0.0)])
    assert v.reached == []
    assert v.completion()["arrival"] == {
        "radius_3d": 1.0,
        "radius_y": 0.5,
        "sample_interval_sec": 1.0,
    }


# --- claims ------------------------------------------------------------------------------------


def test_claims_not_arrived_then_exhausted_then_already_terminal():
    v = make()
    walk(v, [START, A.position])
    first = v.claim(2.0, "a" * 32)
    assert first.response() == {
        "schema_version": 1,
        "claim_id": "a" * 32,
        "accepted": False,
        "terminal": False,
        "success": False,
        "reason": "not_arrived",
        "attempt": 1,
        "attempt_limit": 3,
        "feedback": {
            "remaining_locations": ["Bravo Hall", "Target Tower"],
            "remaining_attempts": 2,
        },
    }
    assert first.message == (
        "[Navigation evaluator] claim_done rejected. The following locations have not yet been "
        'visited and recorded in the required order: "Bravo Hall" -> "Target Tower". '
        "Remaining attempts: 2."
    )
    walk(v, [B.position], t0=3)
    second = v.claim(4.0)
    assert second.feedback.remaining_locations == ("Target Tower",)
    assert second.message.endswith('"Target Tower". Remaining attempts: 1.')
    assert not v.terminal
    third = v.claim(5.0)
    assert (third.reason, third.terminal, third.feedback, third.message) == (
        "claim_attempts_exhausted",
        True,
        None,
        None,
    )
    assert third.response()["feedback"] is None
    assert v.terminal_reason == "claim_attempts_exhausted" and not v.success
    # Arriving afterwards changes nothing; a 4th claim is answered already_terminal.
    assert walk(v, [T.position], t0=6) == []
    fourth = v.claim(7.0, "b" * 32)
    assert fourth.response() == {
        "schema_version": 1,
        "claim_id": "b" * 32,
        "accepted": False,
        "terminal": True,
        "success": False,
        "reason": "already_terminal",
        "attempt": 3,
        "terminal_reason": "claim_attempts_exhausted",
    }
    done = v.completion()
    assert (done["claim_count"], done["success"], done["scored"]) == (3, False, True)


def test_claim_while_arrived_is_the_only_success():
    v = make()
    walk(v, [A.position, B.position])
    assert v.claim(2.0).reason == "not_arrived"
    walk(v, [T.position], t0=3)
    ok = v.claim(4.0, "c" * 32)
    assert ok.response() == {
        "schema_version": 1,
        "claim_id": "c" * 32,
        "accepted": True,
        "terminal": True,
        "success": True,
        "reason": "arrived",
        "attempt": 2,
    }
    after = v.claim(5.0)
    assert (after.reason, after.success, after.terminal_reason) == (
        "already_terminal",
        True,
        "claim_done_arrived",
    )
    assert v.completion()["claim_count"] == 2
    with pytest.raises(VerifierError, match="claim_done_arrived"):
        make().terminate("claim_done_arrived")


def test_claim_limit_of_one_exhausts_at_once():
    v = make(claim_attempt_limit=1)
    assert v.claim(0.0).reason == "claim_attempts_exhausted"


# --- termination reasons -----------------------------------------------------------------------


def test_death_ends_the_episode_after_recording_the_sample():
    v = make()
    events = v.observe(Sample(time_s=0.0, position=A.position, health=0.0))
    assert kinds(events) == [("required_waypoint_recorded", "WP-A")]
    assert v.terminal_reason == "death" and not v.infrastructure_error
    assert v.positions[-1]["health"] == 0.0
    assert v.observe(Sample(time_s=1.0, position=B.position)) == []
    assert len(v.positions) == 1
    assert v.claim(2.0).reason == "already_terminal"


def test_player_left_the_game():
    v = make()
    walk(v, [START])
    v.observe(Sample(time_s=1.0, in_game=False))
    done = v.completion()
    assert (done["terminal_reason"], done["infrastructure_error"], done["scored"]) == (
        "player_left_game",
        False,
        True,
    )
    assert v.positions[-1] == {
        "elapsed_sec": 1.0,
        "state_error": "Player or game mode not available",
    }


def test_out_of_bounds_14_s_then_back_does_not_end_but_15_s_does():
    floor = OutOfBoundsPolicy(at_or_below_y=-14.0, duration_sec=15.0)
    v = make(out_of_bounds=floor)
    low, high = (5.0, -14.0, 0.0), (5.0, -13.9, 0.0)
    walk(v, [low] * 15)  # t = 0..14: 14 s continuously at the floor
    assert not v.terminal
    assert v.positions[-1]["out_of_bounds"]["continuous_sec"] == 14.0
    walk(v, [high], t0=15)  # back above: the count resets
    walk(v, [low] * 15, t0=16)  # t = 16..30: 14 s again
    assert not v.terminal
    events = walk(v, [(5.0, -20.0, 0.0)], t0=31)  # 15 s
    assert kinds(events) == [("out_of_bounds", None)]
    assert "y=-14" in events[0].message
    done = v.completion()
    assert done["terminal_reason"] == "out_of_bounds" and not done["infrastructure_error"]
    assert done["out_of_bounds"] == {
        "at_or_below_y": -14.0,
        "duration_sec": 15.0,
        "triggered": True,
    }


def test_no_floor_means_no_out_of_bounds():
    v = make()
    walk(v, [(0.0, -500.0, 0.0)] * 40)
    assert not v.terminal and v.completion()["out_of_bounds"] is None
    with pytest.raises(VerifierError, match="duration_sec"):
        OutOfBoundsPolicy(at_or_below_y=0.0, duration_sec=0.0)


def test_watchdog_is_an_infrastructure_failure():
    v = make()
    walk(v, [START])
    v.observe(Sample(time_s=21_599.0, position=START))
    assert not v.terminal
    v.observe(Sample(time_s=21_600.0, position=A.position))
    done = v.completion()
    assert (done["terminal_reason"], done["infrastructure_error"], done["scored"]) == (
        "wall_clock_watchdog",
        True,
        False,
    )
    assert v.reached == []  # the watchdog sample is not judged


def test_state_errors_reset_and_ten_in_a_row_end_as_infrastructure():
    v = make()
    for t in range(9):
        v.observe(Sample(time_s=t, state_error="timeout"))
    walk(v, [START], t0=9)
    for t in range(10, 19):
        v.observe(Sample(time_s=t, state_error="timeout"))
    assert not v.terminal
    v.observe(Sample(time_s=19, state_error="timeout"))
    done = v.completion()
    assert done["terminal_reason"] == "agentbridge_state_unavailable"
    assert done["infrastructure_error"] and done["state_error_count"] == 19


@pytest.mark.parametrize(
    ("reason", "infrastructure"),
    [
        ("step_limit", False),
        ("agent_stopped_without_completion", False),
        ("client_exit", False),
        ("external_interrupt", False),
        ("llm_failure_limit", True),
        ("agent_crash", True),
        ("server_crash", True),
        ("wall_clock_watchdog", True),
        ("infrastructure_server_start_failed", True),
        ("infrastructure_start_readiness_failed", True),
        ("signal_15", True),
        ("external_stop", True),
    ],
)
def test_terminations_from_the_runner(reason, infrastructure):
    v = make()
    walk(v, [START, A.position])
    assert v.terminate(reason, time_s=2.0)
    assert not v.terminate("death")  # the first ending stands
    done = v.completion(duration_sec=2.5, ended_at_utc="2026-01-01T00:00:00Z")
    assert done["terminal_reason"] == reason
    assert done["infrastructure_error"] is infrastructure
    assert done["scored"] is not infrastructure
    assert done["success"] is False
    assert done["metrics"]["duration_sec"] == 2.5
    assert done["ended_at_utc"] == "2026-01-01T00:00:00Z"


def test_unknown_reasons_are_refused():
    with pytest.raises(VerifierError, match="not a Mine Odyssey reason"):
        make().terminate("tired")
    with pytest.raises(VerifierError):
        is_infrastructure("infrastructure__failed")


def test_bad_setup_names_the_task():
    with pytest.raises(VerifierError, match="demo-001"):
        make(stops=())


# --- result files ------------------------------------------------------------------------------


def test_completion_and_positions_fields():
    v = make(reference_length=30.0)
    walk(v, [START, A.position, B.position, T.position])
    v.claim(4.0)
    done = v.completion(ended_at_utc=None)
    assert set(done) == {
        "schema_version", "terminal", "success", "terminal_reason", "claim_count",
        "oracle_arrived", "oracle_arrived_at_elapsed_sec", "last_sample", "arrival", "metrics",
        "out_of_bounds", "task_id", "map_id", "mode", "state_error_count",
        "infrastructure_error", "ended_at_utc", "scored", "reached",
    }  # fmt: skip
    assert done["metrics"]["static_spl"] == 1.0
    assert done["metrics"]["checkpoints"]["ordered_reached"] == 2
    assert [r["name"] for r in done["reached"]] == ["Alpha Café", "Bravo Hall", "Target Tower"]
    row = v.positions[3]
    assert set(row) == {
        "elapsed_sec", "position", "block_position", "health", "distance_xz", "distance_3d",
        "vertical_distance", "inside_arrival_region", "oracle_arrived", "evaluator_events",
    }  # fmt: skip
    assert row["inside_arrival_region"] and row["oracle_arrived"]
    assert row["evaluator_events"][0]["kind"] == "final_destination_recorded"
    assert done["last_sample"] == row
    json.dumps(done)  # plain JSON all the way down


def test_same_trajectory_same_decisions():
    def run() -> dict:
        v = make(out_of_bounds=OutOfBoundsPolicy(-14.0))
        walk(v, [START, (3.3, 64.2, 0.1), A.position, (13.2, 63.0, 0.0), B.position])
        v.claim(5.0)
        return v.completion()

    assert run() == run()


def test_real_scale_task_from_the_released_catalog():
    from odyssey.tasks import load_catalog, resolve_task

    shared_path(FORMATS)
    catalog = load_catalog(FORMATS / "tasks.sample.json")
    task = next(t for t in catalog.tasks if t.map_id == "innopolis")
    resolved = resolve_task(task, Path(FORMATS / "maps" / "innopolis" / "waypoints.json"))
    v = Verifier.for_task(resolved, out_of_bounds=None, reference_length=None)
    assert v.task_id == task.task_id and v.target.waypoint_id == task.waypoints[-1].id
    # Coordinates near 6.3e6 must not lose the half-block precision of the rule.
    for i, stop in enumerate(v.stops):
        x, y, z = stop.position
        v.observe(Sample(time_s=3 * i, position=(x + 3.5, y, z)))
        v.observe(Sample(time_s=3 * i + 1, position=(x, y - 1.5001, z - 0.5)))
        assert len(v.reached) == i
        v.observe(Sample(time_s=3 * i + 2, position=(x + 3.4999, y, z)))
    assert [r.waypoint_id for r in v.reached] == [w.id for w in task.waypoints[1:]]
    assert v.claim(99.0).success
