"""MCU episodes as Ray tasks (``odyssey mcu run --backend ray``), on a private local cluster or
one at ``address``, as ``odyssey eval``'s Ray backend plays navigation episodes.

Each episode is one Ray task with ``max_calls=1`` (a fresh worker process per episode, as the
process pool gives) and ``max_retries=0``: an episode whose worker dies stays unfinished (no
``completion.json``) and is played again when the run is resumed. The tasks write into the run
folder, so on a multi-node cluster it must be on a file system every node mounts at the same
path. Ray is optional (``pip install 'odyssey[ray]'``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from odyssey.bench.ray_backend import connect, import_ray


def run_jobs_on_ray(
    jobs: Sequence[Any],
    play: Callable[..., dict[str, Any]],
    options: dict[str, Any],
    models_file: Path | None,
    workers: int,
    address: str | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> list[str]:
    """Plays ``play(job, options, models_file)`` for every job as a Ray task, at most
    ``workers`` at once; returns what went wrong with the jobs whose task was lost."""
    ray = import_ray()
    started_here = connect(ray, address, workers)
    remote = ray.remote(num_cpus=1, max_calls=1, max_retries=0)(play)
    queue = deque(jobs)
    flight: dict[Any, Any] = {}
    lost: list[str] = []
    try:
        while queue or flight:
            while queue and len(flight) < max(1, workers):
                job = queue.popleft()
                flight[remote.remote(job, options, models_file)] = job
            done, _ = ray.wait(list(flight), num_returns=1, timeout=1.0)
            for ref in done:
                job = flight.pop(ref)
                try:
                    result = ray.get(ref)
                except Exception as e:  # a crashed worker, a cancelled task: name the episode
                    lost.append(f"{job.folder}: {type(e).__name__}: {str(e)[:500]}")
                    continue
                if progress is not None:
                    progress(result)
    except KeyboardInterrupt:
        for ref in flight:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started_here:
            ray.shutdown()
    return lost
