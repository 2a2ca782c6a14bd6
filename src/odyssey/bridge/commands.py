"""Running agent commands asynchronously, as Mine Odyssey's Remote Bash does (notes §2.3, §3.3).

``start`` returns at once with a task id; ``poll``/``wait`` report it; ``stop`` sends SIGTERM to
the command's process group, SIGKILL after a grace (status ``stopped``, exit ``-15``); a watchdog
stops commands that pass the time limit (status ``timed_out``, exit 124). Each command runs in a
new session (``start_new_session``), normally under bubblewrap (``odyssey.bridge.sandbox``), and
gets a fresh action lease in its environment. Only processes this runner started are signalled:
the group its own child leads and, inside a sandbox, the groups of that child's children.

Each command has a supervising thread that spawns it and lives until it ended: bwrap's
``--die-with-parent`` fires when the *thread* that forked it exits, so the thread calling
``start`` (perhaps short-lived) must not be its parent.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import IO

from odyssey.bridge.sandbox import BWRAP_ENV, SandboxSpec, direct_launch, sandbox_argv
from odyssey.errors import OdysseyError

log = logging.getLogger(__name__)
TIMEOUT_EXIT = 124
STOPPED_EXIT = -15  # Mine Odyssey reports -15 whether SIGTERM or the later SIGKILL ended it
REJECTED_EXIT = 2
READER_JOIN_S = 2.0  # output still held open by an escaped process is given up after this


class CommandError(OdysseyError):
    """An unknown task id, or a runner used after ``close``."""


@dataclass
class CommandStatus:
    """One command's state, as Remote Bash's ``GET /task/<id>`` (a snapshot; not updated)."""

    task_id: str
    command: str
    status: str  # running | completed | failed | stopped | timed_out | rejected
    exit_code: int | None
    stdout: str
    stderr: str
    elapsed: float  # seconds since it started (until it ended)
    lease: str


class OutputTail:
    """The last ``limit`` bytes of a stream; what was cut is counted and marked."""

    def __init__(self, limit: int) -> None:
        self._data = bytearray()
        self._limit = limit
        self._dropped = 0
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            self._data += chunk
            extra = len(self._data) - self._limit
            if extra > 0:
                del self._data[:extra]
                self._dropped += extra

    def text(self) -> str:
        with self._lock:
            text = self._data.decode("utf-8", errors="replace")
            return f"[... {self._dropped} bytes truncated ...]\n{text}" if self._dropped else text


def is_comment_only(command: str) -> bool:
    """True when every line is blank or a comment (Mine Odyssey rejects these with exit 2)."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in command.splitlines())


@dataclass(eq=False)
class _Task:
    status: CommandStatus
    argv: list[str]
    env: dict[str, str]
    cwd: str
    out: OutputTail
    err: OutputTail
    started: float = field(default_factory=time.monotonic)
    proc: subprocess.Popen[bytes] | None = None
    pidfd: int | None = None
    reaped: bool = False
    stop_reason: str | None = None  # "stopped" | "timed_out"
    lock: threading.Lock = field(default_factory=threading.Lock)
    spawned: threading.Event = field(default_factory=threading.Event)
    exited: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)


class CommandRunner:
    """Starts, reports and stops one agent's commands; ``close`` stops whatever still runs.

    ``sandbox=False`` (only for --unsafe-no-sandbox) runs ``bash -c`` directly in
    ``spec.workspace`` with the same environment and launchers, hiding nothing.
    """

    def __init__(
        self,
        spec: SandboxSpec,
        *,
        sandbox: bool = True,
        timeout_s: float = 300.0,
        stop_grace_s: float = 2.0,
        on_start: Callable[[str], None] | None = None,
        on_end: Callable[[CommandStatus], None] | None = None,
        max_output: int = 1 << 20,
    ) -> None:
        self.spec, self.sandbox = spec, sandbox
        self.timeout_s, self.stop_grace_s, self.max_output = timeout_s, stop_grace_s, max_output
        self._on_start, self._on_end = on_start, on_end
        self._tasks: dict[str, _Task] = {}
        self._lock = threading.Lock()
        self._closed = False

    def start(self, command: str) -> CommandStatus:
        """Start ``command`` and return at once (status running, or rejected with exit 2)."""
        if self._closed:
            raise CommandError("this command runner is closed")
        task_id, lease = str(uuid.uuid4()), uuid.uuid4().hex
        status = CommandStatus(task_id, command, "running", None, "", "", 0.0, lease)
        if is_comment_only(command):  # nothing runs: no lease use, no on_start/on_end
            status.status, status.exit_code = "rejected", REJECTED_EXIT
            status.stderr = "Command rejected: it is empty or only comments, so nothing was run."
            task = _Task(status, [], {}, "", *self._tails())
            task.done.set()
        else:
            argv, env = self._launch(command, lease)
            task = _Task(status, argv, env, str(self.spec.workspace), *self._tails())
        with self._lock:
            self._tasks[task_id] = task
        if task.done.is_set():
            return self.poll(task_id)
        if self._on_start is not None:
            self._on_start(lease)
        task.started = time.monotonic()
        name = f"command-{task_id[:8]}"
        threading.Thread(target=self._supervise, args=(task,), name=name, daemon=True).start()
        task.spawned.wait()
        return self.poll(task_id)

    def poll(self, task_id: str) -> CommandStatus:
        """The command's state now."""
        task = self._task(task_id)
        snapshot = replace(task.status)
        if not task.done.is_set():
            snapshot.stdout, snapshot.stderr = task.out.text(), task.err.text()
            snapshot.elapsed = time.monotonic() - task.started
        return snapshot

    def wait(self, task_id: str, timeout: float | None = None) -> CommandStatus:
        """Block until the command ended or ``timeout`` seconds (wall) passed; its state then."""
        self._task(task_id).done.wait(timeout)
        return self.poll(task_id)

    def stop(self, task_id: str) -> CommandStatus:
        """SIGTERM to its process group, SIGKILL after the grace; returns once it ended."""
        task = self._task(task_id)
        if self._begin_stop(task, "stopped"):
            self._end_stop(task, time.monotonic() + self.stop_grace_s)
        task.done.wait()
        return self.poll(task_id)

    def close(self) -> None:
        """Stop every command still running (all together, one grace) and refuse new ones."""
        self._closed = True
        with self._lock:
            tasks = [t for t in self._tasks.values() if not t.done.is_set()]
        stopping = [t for t in tasks if self._begin_stop(t, "stopped")]
        deadline = time.monotonic() + self.stop_grace_s
        for task in stopping:
            self._end_stop(task, deadline)
        for task in tasks:
            task.done.wait()

    # --- internals ---------------------------------------------------------------------------

    def _task(self, task_id: str) -> _Task:
        with self._lock:
            task = self._tasks.get(task_id)
        if task is None:
            raise CommandError(f"no command with task id {task_id!r}")
        return task

    def _tails(self) -> tuple[OutputTail, OutputTail]:
        return OutputTail(self.max_output), OutputTail(self.max_output)

    def _launch(self, command: str, lease: str) -> tuple[list[str], dict[str, str]]:
        if not self.sandbox:
            return direct_launch(self.spec, command, lease)
        return sandbox_argv(self.spec, command, lease), BWRAP_ENV

    def _supervise(self, task: _Task) -> None:
        """Spawn, watch the time limit, reap, clean the group up, report (the command's thread)."""
        try:
            task.proc = subprocess.Popen(
                task.argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=task.env,
                cwd=task.cwd,
                start_new_session=True,
            )
        except OSError as e:
            task.spawned.set()
            self._finish(task, 127, f"cannot start the command: {e}")
            return
        task.pidfd = _open_pidfd(task.proc.pid)
        readers = [_reader(task.proc.stdout, task.out), _reader(task.proc.stderr, task.err)]
        task.spawned.set()
        if not self._wait_exit(task, self.timeout_s) and self._begin_stop(task, "timed_out"):
            self._end_stop(task, time.monotonic() + self.stop_grace_s, own=True)
        self._wait_exit(task, None)
        with task.lock:  # the zombie still holds the group id, so this reaches only our group
            _signal_group(task.proc.pid, signal.SIGKILL)
            code = task.proc.wait()
            task.reaped = True
            if task.pidfd is not None:
                os.close(task.pidfd)
        for reader in readers:
            reader.join(READER_JOIN_S)
        self._finish(task, code, "")

    def _finish(self, task: _Task, code: int, error: str) -> None:
        status = task.status
        status.elapsed = time.monotonic() - task.started
        status.stdout, status.stderr = task.out.text(), task.err.text() + error
        if task.stop_reason == "timed_out":
            status.status, status.exit_code = "timed_out", TIMEOUT_EXIT
            note = f"Command timed out after {self.timeout_s:g} seconds."
            sep = "\n" if status.stderr and not status.stderr.endswith("\n") else ""
            status.stderr += sep + note
        elif task.stop_reason == "stopped":
            status.status, status.exit_code = "stopped", STOPPED_EXIT
        else:
            status.status, status.exit_code = ("completed" if code == 0 else "failed"), code
        if self._on_end is not None:
            try:
                self._on_end(replace(status))
            except Exception:  # a failing callback must not leave waiters hanging
                log.exception("on_end failed for command %s", status.task_id)
        task.done.set()

    def _begin_stop(self, task: _Task, reason: str) -> bool:
        """Mark the task stopping and send SIGTERM; False if it already ended or is stopping."""
        with task.lock:
            if task.proc is None or task.reaped or task.exited.is_set() or task.stop_reason:
                return False
            task.stop_reason = reason
            for group in self._inner_groups(task.proc.pid) if self.sandbox else [task.proc.pid]:
                _signal_group(group, signal.SIGTERM)
            return True

    def _end_stop(self, task: _Task, deadline: float, own: bool = False) -> None:
        """After the grace, SIGKILL whatever of it still runs; return once it has exited.

        Only the supervisor (``own``) watches the process itself; other threads wait for it to
        say the process exited (it closes the pidfd right after).
        """

        def wait(timeout: float | None) -> bool:
            return self._wait_exit(task, timeout) if own else task.exited.wait(timeout)

        if not wait(max(0.0, deadline - time.monotonic())):
            with task.lock:
                if task.proc is not None and not task.reaped:
                    for group in self._inner_groups(task.proc.pid) if self.sandbox else []:
                        _signal_group(group, signal.SIGKILL)
                    _signal_group(task.proc.pid, signal.SIGKILL)  # bwrap: the namespace goes too
        wait(None)

    @staticmethod
    def _inner_groups(bwrap_pid: int) -> list[int]:
        """Process groups of the sandbox's init (bwrap's child; --new-session gave it its own)."""
        groups = []
        for pid in _children(bwrap_pid):
            with contextlib.suppress(ProcessLookupError):
                groups.append(os.getpgid(pid))
        return [g for g in dict.fromkeys(groups) if g not in (bwrap_pid, os.getpgrp())]

    @staticmethod
    def _wait_exit(task: _Task, timeout: float | None) -> bool:
        """Wait until the process exited (without reaping it); False if ``timeout`` passed."""
        if task.exited.is_set():
            return True
        assert task.proc is not None
        if task.pidfd is not None:
            readable, _, _ = select.select([task.pidfd], [], [], timeout)
            exited = bool(readable)
        else:  # no pidfd (old kernel): poll without reaping
            deadline = None if timeout is None else time.monotonic() + timeout
            while not (exited := _has_exited(task.proc.pid)):
                if deadline is not None and time.monotonic() >= deadline:
                    break
                time.sleep(0.01)
        if exited:
            task.exited.set()
        return exited


def _open_pidfd(pid: int) -> int | None:
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _has_exited(pid: int) -> bool:
    info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    return info is not None


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _children(pid: int) -> list[int]:
    """Host pids whose parent is ``pid`` (a /proc scan: works without CONFIG_PROC_CHILDREN)."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _reader(stream: IO[bytes] | None, tail: OutputTail) -> threading.Thread:
    """A thread copying ``stream`` into ``tail`` until end of file."""

    def pump() -> None:
        assert stream is not None
        fd = stream.fileno()
        try:
            while chunk := os.read(fd, 65536):
                tail.feed(chunk)
        except OSError:
            pass
        finally:
            stream.close()

    thread = threading.Thread(target=pump, daemon=True, name="command-output")
    thread.start()
    return thread
