"""Run-store fixtures for the bench tests: real demo episodes and synthetic episode folders.

Real episodes (oracle/random on demo tasks, lockstep) give the files' true shape; synthetic ones
(hand-written ``completion.json``, ``metrics.json``, ``run.json``, ``agent-status.json``) give
exact expected figures: outdoor and indoor maps, tokens, cost, infrastructure failures,
incomplete and pending episodes, local stays. Neither needs the evaluation runner.
"""

from __future__ import annotations

import json
from pathlib import Path

from odyssey.agents import make_agent
from odyssey.bench.layout import EpisodeKey, RunManifest, write_attempts, write_manifest
from odyssey.episode.runner import run_episode
from odyssey.maps.package import load_package
from odyssey.tasks import resolve_task
from odyssey.tasks.suites import load_suite, suite_maps

DEMO_TASKS = ("palace-001", "hotel-001", "liner-001")


def manifest(run_id: str, agents: list[str], task_count: int, seeds: int = 1, **kw) -> RunManifest:
    suite = {"name": kw.pop("suite", "demo"), "version": "1", "digest": "d",
             "task_count": task_count}  # fmt: skip
    return RunManifest(run_id, suite, agents, seeds, "lockstep", {},
                       created_at_utc="2026-01-02T03:04:05Z", **kw)  # fmt: skip


def real_run(run_dir: Path, agents: list[str], task_ids=DEMO_TASKS) -> Path:
    """A run folder with real demo episodes (the cache must be private: ODYSSEY_CACHE)."""
    catalog, references = load_suite("demo")
    maps, tasks = suite_maps("demo"), catalog.by_id()
    write_manifest(run_dir, manifest(run_dir.name, agents, len(task_ids), status="finished"))
    for agent in agents:
        for task_id in task_ids:
            task = tasks[task_id]
            resolved = resolve_task(task, load_package(maps[task.map_id]))
            folder = EpisodeKey(task_id, agent, 0).folder(run_dir)
            length = references[task_id]["reference_length"]
            run_episode(resolved, maps[task.map_id], make_agent(agent, 0), folder,
                        reference_length=length)  # fmt: skip
            write_attempts(folder, 1)
    return run_dir


def _write(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def synthetic_episode(
    run_dir: Path,
    agent: str,
    task_id: str,
    *,
    map_id: str,
    environment: str | None,
    success: bool,
    reached: int = 0,
    total: int = 0,
    spl: float | None = 0.0,
    pl3: float = 0.0,
    plxz: float = 0.0,
    turns: int = 0,
    tokens: int = 0,
    cost: float | None = None,
    infra: bool = False,
    oracle_arrived: bool = False,
    turn_positions: list[tuple[float, float, float]] | None = None,
    seed: int = 0,
) -> Path:
    """One finished episode folder with the files the run store reads, of known values."""
    folder = EpisodeKey(task_id, agent, seed).folder(run_dir)
    checkpoints = {"ordered_total": total, "ordered_reached": reached}
    metrics = {"static_spl": spl, "path_length_3d": pl3, "path_length_xz": plxz,
               "duration_sec": 10.0, "checkpoints": checkpoints}  # fmt: skip
    completion = {"task_id": task_id, "map_id": map_id, "success": success,
                  "infrastructure_error": infra, "scored": not infra,
                  "terminal_reason": "infrastructure" if infra else "done",
                  "oracle_arrived": oracle_arrived, "metrics": metrics}  # fmt: skip
    _write(folder / "metrics.json", metrics)
    _write(folder / "run.json", {"task_id": task_id, "map_id": map_id,
                                 "map": {"environment": environment}})  # fmt: skip
    status = {"llm_request_success": turns, "usage": {"total_tokens": tokens}, "cost_usd": cost}
    _write(folder / "agent-status.json", status)
    if turn_positions is not None:
        rows = [{"turn": i, "position": list(p)} for i, p in enumerate(turn_positions)]
        (folder / "turns.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    write_attempts(folder, 1)
    _write(folder / "completion.json", completion)  # last, as the runner's atomic write is
    return folder


def incomplete_episode(run_dir: Path, agent: str, task_id: str, seed: int = 0) -> Path:
    """An episode that was started and killed: its folder, no completion.json."""
    folder = EpisodeKey(task_id, agent, seed).folder(run_dir)
    folder.mkdir(parents=True)
    write_attempts(folder, 1, "killed")
    return folder


ALPHA = "llm:alpha"
CITY = {"map_id": "city", "environment": "outdoor"}
HOUSE = {"map_id": "house", "environment": "indoor"}
STAY = [(5.5, 64.0, 5.5)] * 12  # 12 turns in one block column: one local stay
SYNTHETIC = [
    (ALPHA, "city-001", {**CITY, "success": True, "reached": 2, "total": 2, "spl": 0.8,
                         "pl3": 100.0, "plxz": 90.0, "turns": 10, "tokens": 1000, "cost": 0.5}),
    (ALPHA, "city-002", {**CITY, "success": False, "reached": 1, "total": 2, "spl": 0.0,
                         "pl3": 50.0, "plxz": 45.0, "turns": 20, "tokens": 2000, "cost": 1.0}),
    (ALPHA, "house-001", {**HOUSE, "success": True, "spl": 0.5, "pl3": 30.0, "plxz": 30.0,
                          "turns": 5, "tokens": 500, "cost": 0.25}),
    (ALPHA, "house-002", {**HOUSE, "success": False, "infra": True, "reached": 1, "total": 2,
                          "pl3": 7.0, "turns": 3, "tokens": 300, "cost": 0.05}),
    ("random", "city-001", {**CITY, "success": False, "total": 2, "pl3": 20.0, "plxz": 20.0,
                            "turns": 12, "turn_positions": STAY}),
    ("random", "house-001", {**HOUSE, "success": False, "oracle_arrived": True, "pl3": 10.0,
                             "plxz": 8.0, "turns": 4}),
]  # fmt: skip


def synthetic_run(run_dir: Path, run_id: str | None = None) -> Path:
    """Two agents over 6 planned tasks (city: outdoor, house: indoor); expected figures in
    ``EXPECTED``."""
    write_manifest(run_dir, manifest(run_id or run_dir.name, [ALPHA, "random"], 6))
    for agent, task_id, figures in SYNTHETIC:
        synthetic_episode(run_dir, agent, task_id, **figures)
    incomplete_episode(run_dir, ALPHA, "house-003")
    return run_dir


# What the figures of ``synthetic_run`` must be (worked out by hand).
EXPECTED = {
    ALPHA: {
        "episodes": 5, "incomplete": 1, "task_runs": 4, "scored_task_runs": 3,
        "infrastructure_errors": 1, "successes": 2, "success_rate": 0.666667,
        "success_rate_outdoor": 0.5, "success_rate_indoor": 1.0, "checkpoint_coverage": 0.75,
        "static_spl_mean": 0.433333, "turns_mean": 11.666667, "turns_total": 35,
        "path_length_3d_mean": 60.0, "path_length_xz_mean": 55.0, "tokens_total": 3800,
        "tokens_mean": 950.0, "cost_usd_total": 1.8, "cost_usd_partial": False,
        "failure_stages": {"before_first_stop": 0, "after_first_stop": 1, "success": 2},
    },
    "random": {
        "episodes": 2, "incomplete": 0, "task_runs": 2, "scored_task_runs": 2,
        "infrastructure_errors": 0, "successes": 0, "success_rate": 0.0,
        "success_rate_outdoor": 0.0, "success_rate_indoor": 0.0, "checkpoint_coverage": 0.0,
        "static_spl_mean": 0.0, "turns_mean": 8.0, "path_length_3d_mean": 15.0,
        "tokens_total": 0, "cost_usd_total": None,
        "failure_stages": {"before_first_stop": 1, "after_first_stop": 1, "success": 0},
        "local_stays": {"min_turns": 10, "count": 1, "episodes_with_stay": 1,
                        "episode_rate": 0.5},
    },
}  # fmt: skip
