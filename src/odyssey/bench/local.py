"""The local backend: each episode in its own worker process, at most ``workers`` at a time.

Every worker starts in a new session (its own process group), so the game, the control server
and any sandboxed commands of one episode are stopped together, and a SIGINT meant for the
evaluation never reaches the workers directly. Only the groups started here are ever signalled.

Retries: an attempt that ends incomplete (the worker crashed or was killed) or as an
infrastructure failure is queued again while its attempts are under ``retry_limit``; attempts
are counted in ``attempt.json`` before each start, so they survive a killed evaluation. Ctrl-C
stops starting episodes, terminates the running ones (SIGTERM to their groups, SIGKILL after
``grace_s``), gives their attempts back and raises :class:`EvaluationInterruptedError`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from odyssey.bench.layout import DONE, episode_state, write_attempts
from odyssey.bench.plan import EpisodeSpec
from odyssey.bench.progress import EvalProgress
from odyssey.bench.worker import (
    PARENT_ENV,
    SPEC_FILE,
    WORKER_LOG,
    EpisodeReport,
    begin_attempt,
    end_attempt,
    runnable,
)
from odyssey.errors import OdysseyError

LOG_TAIL_CHARS = 1500


class EvaluationInterruptedError(OdysseyError):
    """The evaluation was stopped (Ctrl-C); the run folder is left resumable."""


@dataclass
class _Worker:
    spec: EpisodeSpec
    attempts: int
    proc: subprocess.Popen[bytes]
    log: IO[bytes]


def is_final(report: EpisodeReport, retry_limit: int) -> bool:
    """Whether an attempt is the episode's last: scored, or out of attempts."""
    return report.state == DONE or report.attempts >= retry_limit


def run_local(
    specs: list[EpisodeSpec],
    workers: int = 2,
    retry_limit: int = 3,
    progress: EvalProgress | None = None,
    grace_s: float = 5.0,
    poll_s: float = 0.02,
) -> list[EpisodeReport]:
    """Runs the runnable episodes of ``specs``; returns each one's final report."""
    progress = progress or EvalProgress()
    queue = deque(s for s in specs if runnable(s.folder, retry_limit))
    running: list[_Worker] = []
    reports: list[EpisodeReport] = []
    try:
        while queue or running:
            while queue and len(running) < max(1, workers):
                running.append(_launch(queue.popleft()))
                progress.started(running[-1].spec)
            still = []
            for worker in running:
                code = _reap(worker)
                if code is None:
                    still.append(worker)
                    continue
                report = end_attempt(worker.spec, worker.attempts, _exit_error(worker, code))
                final = is_final(report, retry_limit)
                progress.finished(report, final)
                if final:
                    reports.append(report)
                else:
                    queue.append(report.spec)
            running = still
            if running:
                time.sleep(poll_s)
    except KeyboardInterrupt:
        _stop_all(running, grace_s)
        raise EvaluationInterruptedError("interrupted") from None
    return reports


def _launch(spec: EpisodeSpec) -> _Worker:
    attempts = begin_attempt(spec)
    log = open(spec.folder / WORKER_LOG, "ab")  # noqa: SIM115 (closed when the worker is reaped)
    proc = subprocess.Popen(
        [sys.executable, "-m", "odyssey.bench.worker", str(spec.folder / SPEC_FILE)],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: stopped as one, spared our SIGINT
        env={**os.environ, PARENT_ENV: str(os.getpid())},
    )
    return _Worker(spec, attempts, proc, log)


def _reap(worker: _Worker) -> int | None:
    """The worker's exit status once it has exited (None while it runs). Before reaping, any
    process it left in its group (a sandboxed command) is killed: the group id still belongs to
    the unreaped worker then, so the signal cannot reach anyone else's processes."""
    pid = worker.proc.pid
    if worker.proc.returncode is None:
        try:
            exited = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            exited = True
        if exited is None:
            return None
        _signal_group(worker, signal.SIGKILL)
    code = worker.proc.wait()
    worker.log.close()
    return code


def _signal_group(worker: _Worker, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(worker.proc.pid, sig)


def _exit_error(worker: _Worker, code: int) -> str | None:
    """What went wrong, from the exit status and the end of the worker's log."""
    if code == 0:
        return None
    what = f"killed by signal {-code}" if code < 0 else f"exited with status {code}"
    tail = _log_tail(worker.spec.folder / WORKER_LOG)
    return f"worker {what}" + (f": {tail}" if tail else "")


def _log_tail(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return text[-LOG_TAIL_CHARS:].strip()


def _stop_all(running: list[_Worker], grace_s: float) -> None:
    """SIGTERM every running worker's group, SIGKILL after ``grace_s``; an attempt stopped this
    way is given back (a Ctrl-C is not the episode's failure)."""
    main = threading.current_thread() is threading.main_thread()
    # a second Ctrl-C must not cut the cleanup short (signal handlers: main thread only)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        for worker in running:
            if worker.proc.returncode is None:
                _signal_group(worker, signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        pending = list(running)
        while pending and time.monotonic() < deadline:
            pending = [w for w in pending if _reap(w) is None]
            time.sleep(0.02)
        for worker in pending:
            _signal_group(worker, signal.SIGKILL)
            _reap_blocking(worker)
        for worker in running:
            if episode_state(worker.spec.folder) != DONE:
                write_attempts(worker.spec.folder, worker.attempts - 1, "interrupted")
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)


def _reap_blocking(worker: _Worker) -> None:
    worker.proc.wait()
    worker.log.close()
