"""The Ray backend on a private local Ray cluster (127.0.0.1, no dashboard, no usage stats,
started and stopped by the evaluation itself) gives the local backend's results in lockstep."""

# ruff: noqa: F811 (the cache fixture is imported from eval_env and named as a parameter)
from __future__ import annotations

import pytest
from eval_env import cache, results, snapshot  # noqa: F401

from odyssey.bench.evaluate import evaluate
from odyssey.bench.layout import read_manifest

pytest.importorskip("ray", reason="the ray backend needs Ray: pip install 'odyssey[ray]'")

TASKS = ["palace-001", "palace-004", "hotel-003", "liner-002"]


def test_ray_and_local_backends_give_the_same_episode_results(cache, tmp_path, monkeypatch):
    import ray

    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    local = evaluate("demo", ["oracle"], workers=2, out=tmp_path / "local", tasks=TASKS)
    on_ray = evaluate(
        "demo", ["oracle"], workers=2, backend="ray", out=tmp_path / "ray", tasks=TASKS
    )
    assert not ray.is_initialized()  # the cluster it started is stopped again
    assert read_manifest(on_ray).backend == "ray"
    expected = results(local)
    assert len(expected) == len(TASKS)
    assert all(r[0] for r in expected.values())
    assert results(on_ray) == expected
    assert all(v[1] == 1 for v in snapshot(on_ray).values())  # one attempt each
    # Ray tasks play in Ray's workers, not in the local backend's logged subprocesses
    assert not list(on_ray.glob("episodes/*/*/*/worker.log"))
    assert len(list(local.glob("episodes/*/*/*/worker.log"))) == len(TASKS)
