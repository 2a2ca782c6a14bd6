"""DuckDB queries over run folders agree with ``metrics.aggregate`` and with hand-worked figures."""

from __future__ import annotations

import json

import pytest
from runstore_env import ALPHA, EXPECTED, real_run, synthetic_episode, synthetic_run

from odyssey.bench import query
from odyssey.bench.layout import DONE, INCOMPLETE, RUN_JSON, RunStoreError
from odyssey.bench.rows import load_run_rows
from odyssey.episode.metrics import aggregate


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory):
    """Oracle and random on three demo tasks (one per map), real episodes, private cache."""
    root = tmp_path_factory.mktemp("bench-query")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(root / "cache"))
        yield real_run(root / "demo-run", ["oracle", "random"])


def aggregate_by(run_dirs, *keys):
    """aggregate() over the finished episodes of each group, in load order."""
    groups: dict[tuple, list] = {}
    for d in run_dirs:
        for row in load_run_rows(d):
            if row.outcome is not None:
                groups.setdefault(tuple(getattr(row, k) for k in keys), []).append(row.outcome)
    return {k: aggregate(v) for k, v in groups.items()}


def assert_agrees(summary_rows, expected_by_key, keys):
    assert {tuple(r[k] for k in keys) for r in summary_rows} >= set(expected_by_key)
    for row in summary_rows:
        key = tuple(row[k] for k in keys)
        if key not in expected_by_key:  # a group of unfinished episodes only
            assert row["task_runs"] == 0
            continue
        agg = expected_by_key[key]
        assert {k: row[k] for k in agg} == agg, key


def test_real_episodes_have_their_fields_and_agree_with_aggregate(demo_run):
    rows = query.episodes(demo_run)
    assert len(rows) == 6
    assert set(query.COLUMN_NAMES) <= set(rows[0])
    by = {(r["agent"], r["task_id"]): r for r in rows}
    oracle = by[("oracle", "palace-001")]
    assert oracle["state"] == DONE and oracle["success"] and oracle["scored"]
    assert oracle["map_id"] == "palace" and oracle["environment"] == "indoor"
    assert oracle["turns"] > 0 and oracle["path_length_3d"] > 0 and 0 < oracle["static_spl"] <= 1
    assert oracle["run_id"] == "demo-run" and oracle["seed"] == 0
    assert all(r["success"] for r in rows if r["agent"] == "oracle")
    summary = query.summary(demo_run)
    assert [r["agent"] for r in summary] == ["oracle", "random"]
    assert summary[0]["success_rate"] == 1.0 and summary[0]["success_rate_outdoor"] is None
    assert_agrees(summary, aggregate_by([demo_run], "agent"), ["agent"])
    per_map = query.summary(demo_run, by=("agent", "map_id"))
    assert len(per_map) == 6
    assert_agrees(per_map, aggregate_by([demo_run], "agent", "map_id"), ["agent", "map_id"])


def test_synthetic_run_gives_the_hand_worked_figures(tmp_path):
    run = synthetic_run(tmp_path / "syn")
    summary = {r["agent"]: r for r in query.summary(run)}
    for agent, expected in EXPECTED.items():
        assert {k: summary[agent][k] for k in expected} == expected, agent
    assert_agrees(list(summary.values()), aggregate_by([run], "agent"), ["agent"])


def test_incomplete_episodes_are_rows_without_figures(tmp_path):
    run = synthetic_run(tmp_path / "syn")
    rows = {(r["agent"], r["task_id"]): r for r in query.episodes(run)}
    killed = rows[(ALPHA, "house-003")]
    assert killed["state"] == INCOMPLETE and not killed["finished"] and not killed["scored"]
    assert killed["map_id"] is None and killed["failure_stage"] is None
    per_map = query.summary(run, by=("agent", "map_id"))
    unfinished = [r for r in per_map if r["map_id"] is None]
    assert [(r["agent"], r["incomplete"], r["task_runs"]) for r in unfinished] == [(ALPHA, 1, 0)]
    assert unfinished[0]["success_rate"] is None and unfinished[0]["static_spl_mean"] is None


def test_per_map_figures_agree_with_aggregate_and_count_infrastructure_apart(tmp_path):
    run = synthetic_run(tmp_path / "syn")
    per_map = query.summary(run, by=("agent", "map_id"))
    assert_agrees(per_map, aggregate_by([run], "agent", "map_id"), ["agent", "map_id"])
    house = next(r for r in per_map if (r["agent"], r["map_id"]) == (ALPHA, "house"))
    assert (house["scored_task_runs"], house["infrastructure_errors"]) == (1, 1)
    assert house["success_rate"] == 1.0  # the infrastructure failure is not a failure
    assert house["attempt_success_rate_including_infrastructure"] == 0.5
    assert house["tokens_total"] == 800 and house["cost_usd_total"] == 0.3  # spend counts it


def test_several_runs_and_no_grouping(tmp_path):
    a, b = synthetic_run(tmp_path / "a"), synthetic_run(tmp_path / "b")
    rows = query.episodes([a, b])
    assert {r["run_id"] for r in rows} == {"a", "b"} and len(rows) == 14
    by_run = query.summary([a, b], by=("run_id", "agent"))
    assert len(by_run) == 4
    assert_agrees(by_run, aggregate_by([a, b], "run_id", "agent"), ["run_id", "agent"])
    (overall,) = query.summary([a, b], by=())
    expected = aggregate_by([a, b])[()]
    assert {k: overall[k] for k in expected} == expected
    assert overall["task_runs"] == 12 and overall["incomplete"] == 2


def test_means_tie_on_the_rounding_boundary_exactly_as_aggregate(tmp_path):
    # means of values ending in ...5 at the 7th decimal are where a different summation could
    # round the other way; the query must give aggregate()'s digits
    from runstore_env import manifest

    from odyssey.bench.layout import write_manifest

    run = tmp_path / "tie"
    write_manifest(run, manifest("tie", ["x"], 2))
    for i, (pl, spl) in enumerate([(0.000001, 0.1000001), (0.000002, 0.1000002)]):
        synthetic_episode(run, "x", f"m-{i}", map_id="m", environment="mixed", success=True,
                          spl=spl, pl3=pl, plxz=pl * 3)  # fmt: skip
    (row,) = query.summary(run)
    assert_agrees([row], aggregate_by([run], "agent"), ["agent"])
    assert row["path_length_3d_mean"] == round((0.000001 + 0.000002) / 2, 6)
    assert row["success_rate_outdoor"] is None and row["success_rate_indoor"] is None


def test_unknown_partial_cost_and_bad_input(tmp_path):
    run = synthetic_run(tmp_path / "syn")
    synthetic_episode(run, "random", "house-002", map_id="house", environment="indoor",
                      success=False, cost=0.125)  # fmt: skip
    random = next(r for r in query.summary(run) if r["agent"] == "random")
    assert random["cost_usd_total"] == 0.125 and random["cost_usd_partial"]
    with pytest.raises(query.QueryError, match="cannot group by"):
        query.summary(run, by=("agent; DROP TABLE episodes",))
    with pytest.raises(RunStoreError, match="not a run folder"):
        query.episodes(tmp_path)
    data = json.loads((run / RUN_JSON).read_text())
    (run / RUN_JSON).write_text(json.dumps({**data, "schema_version": 0}))
    with pytest.raises(RunStoreError, match="another version"):
        query.summary(run)


def test_connect_answers_ad_hoc_sql(tmp_path):
    run = synthetic_run(tmp_path / "syn")
    con = query.connect(run)
    try:
        ((n, tokens),) = con.execute(
            "SELECT count(*), sum(tokens) FROM episodes WHERE agent = ? AND finished", [ALPHA]
        ).fetchall()
    finally:
        con.close()
    assert (n, tokens) == (4, 3800)
