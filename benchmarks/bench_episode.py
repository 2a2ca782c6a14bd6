"""Episode benchmark: time from command start to the first observation, and oracle episodes/min.

Run: ``python benchmarks/bench_episode.py``. Maps ``palace`` and ``hotel`` are built into the map
cache first (``ODYSSEY_CACHE``), so the figures are for cached maps; the catalog is a fixed set of
palace and hotel tasks of 2-4 stops written to a temporary folder.

- ``episode_start_s``: ``episode run`` with the oracle in a fresh Python process, from just before
  the process is spawned to the first observation given to the agent: interpreter start, imports,
  catalog, map package and world, game set-up (the oracle's route planning comes after it).
- ``episode_peak_rss_mb``: that process's peak resident memory.
- ``episode_start_warm_s``: the same inside a process that already ran an episode.
- ``oracle_episodes_per_min``: the oracle in lockstep over every task, one process, wall clock
  (no screenshots); ``oracle_episodes_per_min_with_screenshots``: the same with the agent record's
  screenshots (start, each evaluator event, end) drawn at 854x480.
The fresh-process start uses ``episode run``'s defaults, so it includes drawing the first
screenshot (renderer start-up and meshing).
Prints one JSON line per metric; the last two are episode_start_s and oracle_episodes_per_min.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from odyssey.agents import OracleAgent
from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.tasks import load_catalog, resolve_task

TASKS = {
    "palace-001": ["PAL-WP-02", "PAL-WP-04", "PAL-WP-06"],
    "palace-002": ["PAL-WP-03", "PAL-WP-05", "PAL-WP-03"],
    "palace-003": ["PAL-WP-01", "PAL-WP-02"],
    "palace-004": ["PAL-WP-06", "PAL-WP-03", "PAL-WP-05", "PAL-WP-01"],
    "hotel-001": ["HOT-WP-01", "HOT-WP-03", "HOT-WP-06", "HOT-WP-05"],
    "hotel-002": ["HOT-WP-02", "HOT-WP-04"],
    "hotel-003": ["HOT-WP-05", "HOT-WP-01", "HOT-WP-06"],
    "hotel-004": ["HOT-WP-04", "HOT-WP-02", "HOT-WP-03"],
}


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 4)}), flush=True)


def write_catalog(folder: Path, maps: dict[str, Path]) -> Path:
    from odyssey.maps.package import load_package

    names = {
        m: {w.id: w.name for w in load_package(d).waypoints.waypoints} for m, d in maps.items()
    }
    tasks = []
    for task_id, ids in TASKS.items():
        map_id = task_id.rsplit("-", 1)[0]
        stops = [{"id": i, "name": names[map_id][i], "caption": "X"} for i in ids]
        task = {"task_id": task_id, "prompt": "Visit the places in order.", "map_id": map_id}
        tasks.append({**task, "waypoints": stops, "eval_setting": {}, "metadata": {}})
    path = folder / "tasks.json"
    path.write_text(json.dumps({"schema_version": 2, "tasks": tasks}), encoding="utf-8")
    return path


def fresh_process_start(catalog: Path, out: Path) -> tuple[float, float]:
    """(seconds to the first observation, peak RSS in MB) of ``episode run`` in a new process."""
    code = (
        "import resource, sys, typer\n"
        "from odyssey.cli.episode_cmd import episode_app\n"
        "app = typer.Typer(); app.add_typer(episode_app, name='episode')\n"
        "try:\n    app(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print('RSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    args = ["episode", "run", "--task", "palace-001", "--catalog", str(catalog),
            "--maps", "palace,hotel", "--agent", "oracle", "--out", str(out)]  # fmt: skip
    began = time.time()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    if done.returncode != 0 or not (out / "run.json").exists():
        raise SystemExit(f"episode run failed:\n{done.stdout}\n{done.stderr}")
    run = json.loads((out / "run.json").read_text())
    agent = json.loads((out / "agent-result.json").read_text())
    started = datetime.fromisoformat(run["started_at_utc"].replace("Z", "+00:00")).timestamp()
    rss = float(done.stdout.rsplit("RSS", 1)[1])
    return started + agent["first_observation_s"] - began, rss


def main() -> None:
    maps = {m: resolve_map(m) for m in ("palace", "hotel")}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        catalog_path = write_catalog(folder, maps)
        catalog = load_catalog(catalog_path)
        tasks = [resolve_task(t, maps[t.map_id]) for t in catalog.tasks]
        start_s, rss = fresh_process_start(catalog_path, folder / "cold")
        run_episode(tasks[0], maps[tasks[0].map_id], OracleAgent(), folder / "warmup")
        warm = run_episode(tasks[0], maps[tasks[0].map_id], OracleAgent(), folder / "warm")
        began = time.perf_counter()
        successes = 0
        for task in tasks:
            summary = run_episode(task, maps[task.map_id], OracleAgent(), folder / task.id)
            successes += summary["success"]
        elapsed = time.perf_counter() - began
        began = time.perf_counter()
        for task in tasks:
            run_episode(task, maps[task.map_id], OracleAgent(), folder / "shots" / task.id,
                        screenshots=True)  # fmt: skip
        elapsed_shots = time.perf_counter() - began
    emit("oracle_episodes_per_min_with_screenshots", len(tasks) / elapsed_shots * 60)
    emit("oracle_success_rate", successes / len(tasks))
    emit("episode_peak_rss_mb", rss)
    emit("episode_start_warm_s", warm["first_observation_s"])
    emit("episode_start_s", start_s)
    emit("oracle_episodes_per_min", len(tasks) / elapsed * 60)


if __name__ == "__main__":
    main()
