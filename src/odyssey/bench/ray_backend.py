"""The Ray backend: the same episodes as Ray tasks, on a local or a remote Ray cluster.

Each episode is one Ray task with ``max_calls=1``, so every episode gets a fresh worker process
as with the local backend, and ``max_retries=0``: retries are ours (the same ``attempt.json``
counts and limit), never Ray's. The task writes into the run folder, so on a multi-node cluster
the run folder must be on a file system every node mounts at the same path; the models file and
API-key variables must be there too.

Ray is optional (``pip install 'odyssey[ray]'``). Without ``address`` a private local cluster is
started on 127.0.0.1 without the dashboard or usage stats, and stopped at the end; with it, the
evaluation connects to that cluster and leaves it running.
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from typing import Any

from odyssey.bench.local import EvaluationInterruptedError, is_final
from odyssey.bench.plan import EpisodeSpec
from odyssey.bench.progress import EvalProgress
from odyssey.bench.worker import EpisodeReport, begin_attempt, end_attempt, runnable
from odyssey.errors import OdysseyError

INSTALL_HINT = "pip install 'odyssey[ray]'  (or: pip install 'ray[default]>=2.9')"


class RayUnavailableError(OdysseyError):
    """The ray backend was asked for without Ray installed, or the cluster cannot be reached."""


def import_ray() -> Any:
    """The ``ray`` module, or RayUnavailableError with the install hint."""
    try:
        import ray
    except ImportError as e:
        raise RayUnavailableError(f"--backend ray needs Ray: {INSTALL_HINT} ({e})") from None
    return ray


def _play(spec_json: str) -> str | None:
    """The Ray task: play one episode; None, or the error that ended it early."""
    import traceback

    from odyssey.bench.worker import run_spec

    try:
        run_spec(EpisodeSpec.from_json(spec_json))
    except Exception as e:  # reported to the driver, which records it in attempt.json
        return "".join(traceback.format_exception_only(type(e), e)).strip()
    return None


def connect(ray: Any, address: str | None, workers: int) -> bool:
    """Connects to ``address`` or starts a private local cluster; True when we started it."""
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # never phone home
    try:
        if address:
            ray.init(address=address, log_to_driver=False)
            return True
        ray.init(
            address="local",
            num_cpus=max(1, workers),
            include_dashboard=False,
            log_to_driver=False,
            _node_ip_address="127.0.0.1",
        )
    except Exception as e:  # ConnectionError, RuntimeError, ...: name the address
        where = address or "a local cluster"
        raise RayUnavailableError(f"cannot start or reach Ray at {where}: {e}") from e
    return True


def run_ray(
    specs: list[EpisodeSpec],
    workers: int = 2,
    retry_limit: int = 3,
    progress: EvalProgress | None = None,
    address: str | None = None,
) -> list[EpisodeReport]:
    """Runs the runnable episodes of ``specs`` as Ray tasks, at most ``workers`` in flight."""
    ray = import_ray()
    progress = progress or EvalProgress()
    started_here = connect(ray, address, workers)
    play = ray.remote(num_cpus=1, max_calls=1, max_retries=0)(_play)
    queue = deque(s for s in specs if runnable(s.folder, retry_limit))
    flight: dict[Any, tuple[EpisodeSpec, int]] = {}
    reports: list[EpisodeReport] = []
    try:
        while queue or flight:
            while queue and len(flight) < max(1, workers):
                spec = queue.popleft()
                flight[play.remote(spec.to_json())] = (spec, begin_attempt(spec))
                progress.started(spec)
            done, _ = ray.wait(list(flight), num_returns=1, timeout=1.0)
            for ref in done:
                spec, attempts = flight.pop(ref)
                report = end_attempt(spec, attempts, _result_error(ray, ref))
                final = is_final(report, retry_limit)
                progress.finished(report, final)
                if final:
                    reports.append(report)
                else:
                    queue.append(spec)
    except KeyboardInterrupt:
        _cancel(ray, flight)
        raise EvaluationInterruptedError("interrupted") from None
    finally:
        if started_here:
            ray.shutdown()
    return reports


def _result_error(ray: Any, ref: Any) -> str | None:
    """The task's error: what it returned, or why Ray lost it (a crashed worker process)."""
    try:
        return ray.get(ref)
    except Exception as e:  # WorkerCrashedError, RayTaskError, TaskCancelledError, ...
        return f"ray task failed: {type(e).__name__}: {str(e)[:1000]}"


def _cancel(ray: Any, flight: dict[Any, tuple[EpisodeSpec, int]]) -> None:
    """Cancels the running tasks (force: their worker processes end) and gives their attempts
    back, as the local backend does."""
    from odyssey.bench.layout import DONE, episode_state, write_attempts

    for ref in flight:
        ray.cancel(ref, force=True)
    for ref, (spec, attempts) in flight.items():
        with contextlib.suppress(Exception):  # cancelled: expected
            ray.get(ref, timeout=30)
        if episode_state(spec.folder) != DONE:
            write_attempts(spec.folder, attempts - 1, "interrupted")
