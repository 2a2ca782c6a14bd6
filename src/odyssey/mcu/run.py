"""``odyssey mcu run``: task configurations × agents × seeds → a run folder, new or resumed.

```
RUN/
  mcu-run.json                                 the run's manifest (what was asked)
  episodes/<agent>/s<seed>/<difficulty>/<id>/  one episode (mcu.episode's files)
  summary.json, report.md, report.html         derived (mcu.report)
```

Episode folders are the source of truth. A finished episode (``completion.json``) is kept when
the run is resumed; one that ended in an infrastructure failure is played again up to
``retries`` times; a killed run leaves unfinished episodes without ``completion.json``.
Episodes run in this process (``workers=1``), in a pool of processes, or as Ray tasks
(``backend="ray"``: ``mcu.ray_run``).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from odyssey import __version__
from odyssey.atomic import write_text_atomic
from odyssey.episode.results import utc_now
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.episode import read_result, run_mcu_episode
from odyssey.mcu.needs import McuError

MANIFEST = "mcu-run.json"
BACKENDS = ("local", "ray")
RUN_KIND = "odyssey-mcu-run"


@dataclass(frozen=True)
class EpisodeJob:
    config: TaskConfig
    agent: str
    seed: int
    folder: Path


def episode_folder(run_dir: Path, agent: str, seed: int, config: TaskConfig) -> Path:
    return run_dir / "episodes" / agent / f"s{seed}" / config.difficulty / config.id


def plan_jobs(run_dir: Path, configs: Sequence[TaskConfig], agents: Sequence[str],
              seeds: Sequence[int]) -> list[EpisodeJob]:  # fmt: skip
    keys = [(c.difficulty, c.id) for c in configs]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise McuError(f"tasks: duplicate task ids {', '.join('/'.join(k) for k in dupes)}")
    return [EpisodeJob(c, a, s, episode_folder(run_dir, a, s, c))
            for a in agents for s in seeds for c in configs]  # fmt: skip


def _check_manifest(run_dir: Path, manifest: dict[str, Any]) -> None:
    path = run_dir / MANIFEST
    if not path.is_file():
        if run_dir.exists() and any(run_dir.iterdir()):
            raise McuError(f"{run_dir}: exists and is not an MCU run folder (no {MANIFEST})")
        return
    old = json.loads(path.read_text(encoding="utf-8"))
    for key in ("tasks", "agents", "seeds", "difficulty"):
        if old.get(key) != manifest.get(key):
            raise McuError(f"{run_dir}: holds a different run ({key}: {old.get(key)!r} there, "
                           f"{manifest.get(key)!r} asked); choose another --out")  # fmt: skip


def _state(job: EpisodeJob, retries: int) -> str:
    result = read_result(job.folder)
    if result is None:
        return "todo"
    if result.get("infrastructure_error") and _attempts(job.folder) <= retries:
        return "todo"
    return "done"


def _attempts(folder: Path) -> int:
    path = folder / "attempts.json"
    return json.loads(path.read_text())["attempts"] if path.is_file() else 0


def run_job(job: EpisodeJob, options: dict[str, Any], models_file: Path | None = None
            ) -> dict[str, Any]:  # fmt: skip
    """Plays one episode into its folder (in this process or a worker)."""
    from odyssey.mcu.baselines import make_mcu_agent

    attempts = _attempts(job.folder) + 1
    if job.folder.exists():
        shutil.rmtree(job.folder)
    job.folder.mkdir(parents=True)
    write_text_atomic(job.folder / "attempts.json", json.dumps({"attempts": attempts}))
    agent = make_mcu_agent(job.agent, job.seed, models_file)
    return run_mcu_episode(job.config, agent, job.folder, seed=job.seed, **options)


def run_mcu(
    configs: Sequence[TaskConfig],
    agents: Sequence[str],
    out: Path | str,
    seeds: Sequence[int] = (0,),
    difficulty: str = "simple",
    selector: str = "",
    workers: int = 1,
    retries: int = 1,
    options: dict[str, Any] | None = None,
    models_file: Path | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    backend: str = "local",
    ray_address: str | None = None,
) -> Path:
    """Plays every (agent, seed, task) not finished yet; returns the run folder. With
    ``backend="ray"`` episodes whose Ray worker was lost stay unfinished (the others are kept)
    and McuError names them at the end: resuming the run plays them again."""
    if backend not in BACKENDS:
        raise McuError(f"backend: expected one of {', '.join(BACKENDS)}, got {backend!r}")
    if not configs:
        raise McuError(f"tasks {selector!r}: no task configuration selected")
    run_dir = Path(out)
    manifest = {
        "kind": RUN_KIND, "odyssey_version": __version__, "selector": selector,
        "difficulty": difficulty, "agents": list(agents), "seeds": list(seeds),
        "tasks": [f"{c.difficulty}/{c.id}" for c in configs], "options": options or {},
    }  # fmt: skip
    _check_manifest(run_dir, manifest)
    jobs = plan_jobs(run_dir, configs, agents, seeds)
    from odyssey.mcu.baselines import make_mcu_agent

    for name in agents:
        make_mcu_agent(name, 0, models_file)  # an unknown agent or model fails before any runs
    run_dir.mkdir(parents=True, exist_ok=True)
    manifest["created_utc"] = utc_now()
    if not (run_dir / MANIFEST).is_file():
        write_text_atomic(run_dir / MANIFEST, json.dumps(manifest, indent=2))
    todo = [j for j in jobs if _state(j, retries) == "todo"]
    options = options or {}
    if backend == "ray" and todo:
        from odyssey.mcu.ray_run import run_jobs_on_ray

        lost = run_jobs_on_ray(todo, run_job, options, models_file, workers, ray_address,
                               progress)  # fmt: skip
        if lost:
            raise McuError(f"{len(lost)} episode(s) lost with their Ray worker (resume the run "
                           "to play them again): " + "; ".join(lost))  # fmt: skip
    elif workers <= 1 or len(todo) <= 1:
        for job in todo:
            result = run_job(job, options, models_file)
            if progress is not None:
                progress(result)
    else:
        with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(run_job, job, options, models_file) for job in todo]
            for future in as_completed(futures):
                result = future.result()
                if progress is not None:
                    progress(result)
    return run_dir


def load_results(run_dir: Path | str) -> list[dict[str, Any]]:
    """The results of every finished episode of a run, in folder order."""
    root = Path(run_dir) / "episodes"
    if not root.is_dir():
        raise McuError(f"{run_dir}: not an MCU run folder (no episodes/)")
    out = []
    for path in sorted(root.glob("*/s*/*/*/completion.json")):
        result = json.loads(path.read_text(encoding="utf-8"))
        result["folder"] = str(path.parent)
        autoeval = path.parent / "autoeval.json"
        if autoeval.is_file():
            result["autoeval"] = json.loads(autoeval.read_text(encoding="utf-8"))
        out.append(result)
    return out


def run_status(run_dir: Path | str) -> dict[str, Any]:
    """What ``odyssey runs list`` shows of an MCU run: its selector, agents, episodes finished
    (and of those, infrastructure failures) of the total planned, and when it was made."""
    run_dir = Path(run_dir)
    manifest = json.loads((run_dir / MANIFEST).read_text(encoding="utf-8"))
    results = load_results(run_dir) if (run_dir / "episodes").is_dir() else []
    total = len(manifest["tasks"]) * len(manifest["agents"]) * len(manifest["seeds"])
    return {
        "run_id": run_dir.name,
        "suite": f"mcu {manifest.get('selector') or '?'} ({manifest.get('difficulty')})",
        "agents": ", ".join(manifest["agents"]),
        "done": len(results),
        "infra": sum(bool(r.get("infrastructure_error")) for r in results),
        "total": total,
        "status": "finished" if len(results) >= total else "incomplete",
        "created": manifest.get("created_utc", ""),
    }
