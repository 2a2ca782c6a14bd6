"""``evaluate``: a suite × agents × seeds evaluation into a run folder, new or resumed.

Phases: check the request (agents, models file, settings), plan the episodes, open the run folder
(a new one, or the same evaluation to resume: anything else is refused, naming the difference),
run the episodes that are not finished on the chosen backend, and close the manifest. Nothing is
printed here; the CLI prints.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from odyssey import __version__
from odyssey.bench.layout import (
    DONE,
    RUN_JSON,
    RunManifest,
    RunStoreError,
    episode_state,
    read_manifest,
    write_manifest,
)
from odyssey.bench.local import EvaluationInterruptedError, run_local
from odyssey.bench.plan import (
    EpisodeSpec,
    PlanError,
    episode_specs,
    plan_keys,
    select_tasks,
    suite_identity,
    suite_task_ids,
)
from odyssey.bench.progress import EvalProgress
from odyssey.bench.worker import runnable
from odyssey.episode.results import utc_now

BACKENDS = ("local", "ray")
CLOCKS = ("lockstep", "paused", "realtime")


class RunMismatchError(RunStoreError):
    """The output folder holds a different evaluation than the one asked to resume."""


def evaluate(
    suite: str,
    agents: Sequence[str],
    seeds: int = 1,
    workers: int = 2,
    backend: str = "local",
    clock: str = "lockstep",
    settings: Any = None,
    out: Path | str | None = None,
    models: Path | str | None = None,
    retry_limit: int = 3,
    screenshots: bool = False,
    ray_address: str | None = None,
    max_decisions: int | None = None,
    tasks: Sequence[str] | None = None,
    progress: EvalProgress | None = None,
    unsafe_no_sandbox: bool = False,
    live: bool = False,
) -> Path:
    """Runs (or resumes) the evaluation; returns the run folder.

    ``settings``: a settings file, a ``Settings`` or None (the defaults). ``out``: the run folder
    (default ``runs/<suite>-<timestamp>``); when it holds a run of the same suite, agents, seeds,
    clock, settings and tasks, finished episodes are kept and the rest are run. ``tasks``: only
    these task ids of the suite. Raises EvaluationInterruptedError after a Ctrl-C (the run folder
    stays resumable), OdysseyError subclasses for bad input.
    """
    agents = list(agents)
    settings_obj = _settings(settings)
    _check_request(backend, clock, workers, retry_limit)
    models_path = Path(models).resolve() if models else None
    agents = [_absolute_script(a) for a in agents]
    _check_agents(agents, models_path, settings_obj)
    identity = suite_identity(suite)
    task_ids = select_tasks(suite_task_ids(suite), list(tasks) if tasks else None)
    keys = plan_keys(task_ids, agents, seeds)
    run_dir = Path(out or default_out(suite)).resolve()
    settings_json = settings_obj.model_dump(mode="json")
    wanted = {"suite": identity, "agents": agents, "seeds": seeds, "clock": clock,
              "settings": settings_json, "tasks": task_ids if tasks else None}  # fmt: skip
    manifest = open_run(run_dir, wanted, backend, workers, retry_limit)
    specs = episode_specs(
        keys,
        run_dir,
        suite,
        clock=clock,
        settings=settings_json,
        models=str(models_path) if models_path else None,
        screenshots=screenshots,
        unsafe_no_sandbox=unsafe_no_sandbox,
        max_decisions=max_decisions,
        live=live,
    )
    progress = progress or EvalProgress()
    progress.begin(Counter(s.agent for s in specs), _kept(specs, retry_limit))
    try:
        _run(specs, backend, workers, retry_limit, progress, ray_address)
    except EvaluationInterruptedError:
        _close(run_dir, manifest, specs, "interrupted")
        raise EvaluationInterruptedError(f"{run_dir}: interrupted") from None
    finally:
        progress.close()
    _close(run_dir, manifest, specs, "finished")
    return run_dir


def default_out(suite: str) -> Path:
    return Path("runs") / f"{suite}-{time.strftime('%Y%m%d-%H%M%S')}"


def _settings(settings: Any) -> Any:
    from odyssey.episode.settings import Settings, load_settings

    if settings is None:
        return Settings()
    if isinstance(settings, Settings):
        return settings
    return load_settings(settings)


def _check_request(backend: str, clock: str, workers: int, retry_limit: int) -> None:
    if backend not in BACKENDS:
        raise PlanError(f"backend {backend!r} is not one of {', '.join(BACKENDS)}")
    if clock not in CLOCKS:
        raise PlanError(f"clock {clock!r} is not one of {', '.join(CLOCKS)}")
    if workers < 1:
        raise PlanError(f"workers must be at least 1 (got {workers})")
    if retry_limit < 1:
        raise PlanError(f"retry limit must be at least 1 (got {retry_limit})")
    if backend == "ray":  # before the run folder is touched: name the extra to install
        from odyssey.bench.ray_backend import import_ray

        import_ray()


def _absolute_script(agent: str) -> str:
    """``script:FILE`` with an absolute path, so workers find it whatever their folder."""
    kind, _, arg = agent.partition(":")
    return f"script:{Path(arg).resolve()}" if kind == "script" and arg else agent


def _check_agents(agents: list[str], models: Path | None, settings: Any) -> None:
    """Makes each agent once here, so an unknown name, a missing model alias or a missing API
    key fails before any episode starts rather than in every worker."""
    from odyssey.agents import make_agent

    for agent in agents:
        make_agent(agent, 0, models, settings)


def open_run(
    run_dir: Path, wanted: dict[str, Any], backend: str, workers: int, retry_limit: int
) -> RunManifest:
    """A new run's manifest, or the resumed run's (RunMismatchError when it differs)."""
    now = utc_now()
    if (run_dir / RUN_JSON).exists():
        manifest = read_manifest(run_dir)
        _check_same(run_dir, manifest, wanted)
    elif run_dir.exists() and any(run_dir.iterdir()):
        raise RunStoreError(f"{run_dir}: not empty and not a run folder; give another --out")
    else:
        manifest = RunManifest(
            run_id=run_dir.name,
            suite=wanted["suite"],
            agents=wanted["agents"],
            seeds=wanted["seeds"],
            clock=wanted["clock"],
            settings=wanted["settings"],
            created_at_utc=now,
            odyssey_version=__version__,
            extra={"tasks": wanted["tasks"]},
        )
    manifest.backend, manifest.workers, manifest.retry_limit = backend, workers, retry_limit
    manifest.status, manifest.updated_at_utc = "running", now
    write_manifest(run_dir, manifest)
    return manifest


def _check_same(run_dir: Path, manifest: RunManifest, wanted: dict[str, Any]) -> None:
    have = {
        "suite": manifest.suite.get("name"),
        "suite digest": manifest.suite.get("digest"),
        "agents": manifest.agents,
        "seeds": manifest.seeds,
        "clock": manifest.clock,
        "settings": manifest.settings,
        "tasks": manifest.extra.get("tasks"),
    }
    asked = {**wanted, "suite": wanted["suite"]["name"], "suite digest": wanted["suite"]["digest"]}
    differ = [k for k in have if have[k] != asked[k]]
    if differ:
        details = "; ".join(
            f"{k}: run has {_short(have[k])}, asked {_short(asked[k])}" for k in differ
        )
        raise RunMismatchError(
            f"{run_dir} holds a different evaluation ({details}); resume it with the same "
            "options, or give another --out"
        )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kept(specs: list[EpisodeSpec], retry_limit: int) -> list[dict[str, Any]]:
    """The episodes that will not run: finished before (for the progress tallies)."""
    from odyssey.bench.worker import read_json_object

    kept = []
    for spec in specs:
        if runnable(spec.folder, retry_limit):
            continue
        completion = read_json_object(spec.folder / "completion.json")
        status = read_json_object(spec.folder / "agent-status.json")
        kept.append(
            {
                "agent": spec.agent,
                "success": bool(completion.get("success")),
                "failed": episode_state(spec.folder) != DONE,
                "cost_usd": status.get("cost_usd"),
            }
        )
    return kept


def _run(
    specs: list[EpisodeSpec],
    backend: str,
    workers: int,
    retry_limit: int,
    progress: EvalProgress,
    ray_address: str | None,
) -> None:
    if backend == "ray":
        from odyssey.bench.ray_backend import run_ray

        run_ray(specs, workers, retry_limit, progress, address=ray_address)
    else:
        run_local(specs, workers, retry_limit, progress)


def _close(run_dir: Path, manifest: RunManifest, specs: list[EpisodeSpec], status: str) -> None:
    """The manifest's final status and the episode states' counts."""
    states = Counter(episode_state(s.folder) for s in specs)
    manifest.status, manifest.updated_at_utc = status, utc_now()
    manifest.extra = {**manifest.extra, "episodes": len(specs), "states": dict(states)}
    write_manifest(run_dir, manifest)
