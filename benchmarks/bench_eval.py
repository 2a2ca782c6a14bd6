"""Evaluation benchmark: oracle episodes per minute on the ``demo`` suite, 2 workers, lockstep.

Run: ``python benchmarks/bench_eval.py`` (builds the demo suite into the cache on first use; that
build is not timed). Every episode runs in its own worker process, as ``odyssey eval`` does, so
the figure includes process start, imports and map loading, not only play. Prints one JSON line
per metric; the last line is ``eval_episodes_per_min``.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from odyssey.bench.evaluate import evaluate
from odyssey.bench.rows import load_run_rows
from odyssey.tasks.suites import build_suite

WORKERS = 2


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 4)}), flush=True)


def main() -> None:
    build_suite("demo")
    with tempfile.TemporaryDirectory(prefix="bench-eval-") as scratch:
        began = time.perf_counter()
        run_dir = evaluate("demo", ["oracle"], workers=WORKERS, out=Path(scratch) / "run")
        wall_s = time.perf_counter() - began
        rows = load_run_rows(run_dir)
    episodes = len(rows)
    emit("eval_episodes", episodes)
    emit("eval_successes", sum(r.success for r in rows))
    emit("eval_wall_s", wall_s)
    emit("eval_episodes_per_min", episodes / wall_s * 60.0)


if __name__ == "__main__":
    main()
