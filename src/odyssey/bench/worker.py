"""One episode of an evaluation, in its own process: ``python -m odyssey.bench.worker SPEC_FILE``.

The worker resolves the suite's task, its map and its reference length as ``odyssey episode run``
does, makes the agent and plays the episode into the episode's folder. A worker that raises or
is killed leaves no ``completion.json``: the episode stays *incomplete* and the parent records
the error in ``attempt.json`` (an infrastructure failure of that episode only).

The attempt bookkeeping both backends share lives here too: :func:`begin_attempt` (count the
attempt, clear a previous attempt's files) and :func:`end_attempt` (read the state back).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from odyssey.bench.layout import (
    ATTEMPT_JSON,
    COMPLETION_JSON,
    DONE,
    PENDING,
    episode_state,
    read_attempts,
    write_attempts,
)
from odyssey.bench.plan import EpisodeSpec, PlanError

SPEC_FILE = "episode-spec.json"
PARENT_ENV = "ODYSSEY_EVAL_PARENT_PID"  # set by the local backend: die with that process
PR_SET_PDEATHSIG = 1
WORKER_LOG = "worker.log"
KEEP = {ATTEMPT_JSON}  # survives a retry: the attempt count and the last error


@dataclass(frozen=True)
class EpisodeReport:
    """How one attempt at an episode ended, for progress and the backends' retry decisions."""

    spec: EpisodeSpec
    state: str  # layout.DONE | INFRA | INCOMPLETE
    attempts: int
    success: bool = False
    cost_usd: float | None = None
    error: str | None = None


def run_spec(spec: EpisodeSpec) -> dict[str, Any]:
    """Plays the episode of ``spec`` into its folder; returns the runner's summary."""
    from odyssey.agents import make_agent
    from odyssey.episode.runner import run_episode
    from odyssey.episode.settings import parse_settings
    from odyssey.maps.catalog import build_map
    from odyssey.tasks import resolve_task
    from odyssey.tasks.suites import load_suite

    settings = parse_settings(spec.settings, "run settings")
    catalog, references = load_suite(spec.suite)
    task = catalog.by_id().get(spec.task_id)
    if task is None:
        raise PlanError(f"suite {spec.suite!r}: no task {spec.task_id!r}")
    map_dir = build_map(task.map_id).path
    resolved = resolve_task(task, map_dir, settings.task_eval_defaults.model_dump(mode="json"))
    ref = references.get(task.task_id, {})
    # A reference computed for another version of the task would make SPL wrong: drop it.
    reference = ref.get("reference_length") if ref.get("task_digest") == resolved.digest else None
    models = Path(spec.models) if spec.models else None
    agent = make_agent(spec.agent, spec.seed, models, settings)
    extra = {"live": True} if spec.live else {}
    return run_episode(
        resolved,
        map_dir,
        agent,
        spec.folder,
        settings,
        spec.clock,
        max_decisions=spec.max_decisions,
        reference_length=reference,
        screenshots=spec.screenshots,
        unsafe_no_sandbox=spec.unsafe_no_sandbox,
        **extra,
    )


def runnable(folder: Path, retry_limit: int) -> bool:
    """Whether an episode folder is (re)run: never started, or incomplete / an infrastructure
    failure with attempts left. Finished scored episodes are never re-run."""
    state = episode_state(folder)
    if state == PENDING:
        return True
    return state != DONE and read_attempts(folder) < retry_limit


def begin_attempt(spec: EpisodeSpec) -> int:
    """Counts a new attempt (before it starts, so a killed one counts too), clears what an
    earlier attempt left and writes the spec file; returns the attempt number."""
    folder = spec.folder
    attempts = read_attempts(folder) + 1
    if folder.exists():
        for child in folder.iterdir():
            if child.name in KEEP:
                continue
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    write_attempts(folder, attempts, None)
    (folder / SPEC_FILE).write_text(spec.to_json() + "\n", encoding="utf-8")
    return attempts


def end_attempt(spec: EpisodeSpec, attempts: int, error: str | None = None) -> EpisodeReport:
    """The attempt's outcome read back from the folder; ``attempt.json`` records its error
    (``error``: what the backend saw, e.g. the worker's exit status and last output)."""
    folder = spec.folder
    state = episode_state(folder)
    completion = read_json_object(folder / COMPLETION_JSON)
    if state == DONE:
        error = None
    elif completion.get("infrastructure_error"):
        reason = completion.get("terminal_reason") or "infrastructure error"
        error = f"{reason}: {error}" if error else reason
    else:
        error = error or "the worker ended without writing completion.json"
    write_attempts(folder, attempts, error)
    status = read_json_object(folder / "agent-status.json")
    return EpisodeReport(
        spec,
        state,
        attempts,
        success=bool(completion.get("success")) and state == DONE,
        cost_usd=status.get("cost_usd"),
        error=error,
    )


def read_json_object(path: Path) -> dict[str, Any]:
    """A JSON object file's contents; {} when absent, unreadable or not an object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _stop_on_sigterm(signum: int, frame: Any) -> None:
    # SystemExit unwinds run_episode's finally blocks (control socket, clock) and, raised before
    # completion.json is written, leaves the episode incomplete, never half-scored.
    raise SystemExit(128 + signum)


def _die_with_parent(parent: str | None) -> bool:
    """Asks Linux to SIGKILL this worker when the evaluation process dies (a SIGKILLed
    evaluation must not leave orphans writing into folders the resumed one redoes); False when
    that process is already gone. Without ``parent`` (Ray, a manual run) nothing is asked."""
    if not parent or not sys.platform.startswith("linux"):
        return True
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    return os.getppid() == int(parent)  # the parent may have died before the prctl


def main(argv: list[str] | None = None) -> int:
    """Entry point: play the episode of the spec file given as the only argument."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m odyssey.bench.worker SPEC_JSON_FILE", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    if not _die_with_parent(os.environ.get(PARENT_ENV)):
        print("the evaluation that started this worker has already ended", file=sys.stderr)
        return 1
    try:
        spec = EpisodeSpec.from_json(Path(args[0]).read_text(encoding="utf-8"))
        summary = run_spec(spec)
    except Exception:
        traceback.print_exc()
        return 1
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
