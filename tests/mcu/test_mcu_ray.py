"""``odyssey mcu run --backend ray``: the same episodes as Ray tasks on a private local cluster
(127.0.0.1, no dashboard, no usage stats, started and stopped by the run itself) give the
process backend's results in lockstep."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mcu_small_tasks import JUMP, STICK
from odyssey.mcu.needs import McuError
from odyssey.mcu.run import load_results, run_mcu

KEPT = ("agent", "seed", "task_id", "success", "terminal_reason", "decisions", "ticks")


def outcomes(run_dir) -> dict[tuple, tuple]:
    return {(r["agent"], r["seed"], r["task_id"]): tuple(r.get(k) for k in KEPT)
            for r in load_results(run_dir)}  # fmt: skip


def test_ray_and_process_backends_play_the_same_episodes(tmp_path, monkeypatch) -> None:
    ray = pytest.importorskip("ray", reason="the ray backend needs Ray: pip install 'odyssey[ray]'")
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    args = ([STICK, JUMP], ["oracle", "noop"])
    local = run_mcu(*args, tmp_path / "local", options={"record": False})  # in this process
    seen: list[dict] = []
    on_ray = run_mcu(*args, tmp_path / "ray", workers=2, options={"record": False},
                     backend="ray", progress=seen.append)  # fmt: skip
    assert not ray.is_initialized()  # the private cluster it started is stopped again
    expected = outcomes(local)
    assert len(expected) == 4 and sum(v[3] for v in expected.values()) == 2  # oracle wins both
    assert outcomes(on_ray) == expected
    assert sorted((r["agent"], r["task_id"]) for r in seen) == sorted(
        (a, t) for a, _, t in expected
    )
    again: list[dict] = []
    run_mcu(*args, on_ray, workers=2, options={"record": False}, backend="ray",
            progress=again.append)  # fmt: skip
    assert again == []  # resumed: nothing finished is played twice


def test_an_unknown_backend_is_refused_before_anything_runs(tmp_path) -> None:
    with pytest.raises(McuError, match="backend: expected one of local, ray, got 'slurm'"):
        run_mcu([JUMP], ["noop"], tmp_path / "run", backend="slurm")
    assert not (tmp_path / "run").exists()
    cmd = [sys.executable, "-m", "odyssey", "mcu", "run", "--tasks", "builtin", "--agent", "noop",
           "--backend", "slurm", "--out", str(tmp_path / "cli")]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "backend: expected one of local, ray" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "cli").exists()
