"""The asynchronous command runner with real subprocesses, in the bubblewrap sandbox and without.

Tests that need to know when a command reached a point wait for its output or let it wait for a
file the test creates; loops are bounded.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from odyssey.bridge.commands import CommandError, CommandRunner, CommandStatus
from odyssey.bridge.sandbox import SandboxSpec, bwrap_available, prepare_sandbox

HAS_BWRAP = bwrap_available() is not None
MODES = [
    pytest.param(True, id="sandbox", marks=pytest.mark.skipif(not HAS_BWRAP, reason="no bwrap")),
    pytest.param(False, id="direct"),
]
WAIT_FOR_GO = "for i in $(seq 1000); do [ -e go ] && break; sleep 0.01; done"  # at most ~10 s


@pytest.fixture
def spec(tmp_path: Path) -> Iterator[SandboxSpec]:
    sock = socket.socket(socket.AF_UNIX)  # only bound: these commands never connect
    sock.bind(str(tmp_path / "control.sock"))
    yield prepare_sandbox(tmp_path / "agent", tmp_path / "control.sock")
    sock.close()


@pytest.fixture(params=MODES)
def runner(request: pytest.FixtureRequest, spec: SandboxSpec) -> Iterator[CommandRunner]:
    runner = CommandRunner(spec, sandbox=request.param, timeout_s=30, stop_grace_s=0.5)
    yield runner
    runner.close()


def wait_for_output(runner: CommandRunner, task_id: str, text: str) -> CommandStatus:
    for _ in range(1000):
        status = runner.poll(task_id)
        if text in status.stdout or status.status != "running":
            return status
        time.sleep(0.01)
    raise AssertionError(f"{text!r} never appeared")


def find_pids(marker: str) -> list[int]:
    """Host pids of the ``sleep <marker>`` processes (a read-only /proc scan)."""
    for _ in range(1000):
        found = [
            int(entry.name)
            for entry in os.scandir("/proc")
            if entry.name.isdigit() and read_cmdline(int(entry.name)) == ["sleep", marker]
        ]
        if found:
            return found
        time.sleep(0.01)
    raise AssertionError(f"no process `sleep {marker}` appeared")


def read_cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]
    except OSError:
        return []


def gone(pid: int, marker: str) -> bool:
    """True once ``pid`` no longer runs ``sleep marker`` (waits up to ~5 s for reaping)."""
    for _ in range(500):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if read_cmdline(pid) != ["sleep", marker]:  # reused, or a zombie (empty cmdline)
            return True
        time.sleep(0.01)
    return False


def unique_seconds() -> str:
    return f"{1000 + uuid.uuid4().int % 100000}.5"


def test_start_is_asynchronous_and_reports_output(runner: CommandRunner) -> None:
    started = runner.start(f"{WAIT_FOR_GO}; echo out; echo err >&2; exit 3")
    assert (started.status, started.exit_code) == ("running", None)
    assert runner.poll(started.task_id).status == "running"
    (runner.spec.workspace / "go").touch()
    done = runner.wait(started.task_id, 30)
    assert (done.status, done.exit_code, done.stdout, done.stderr) == (
        "failed",
        3,
        "out\n",
        "err\n",
    )
    ok = runner.wait(runner.start("echo fine").task_id, 30)
    assert (ok.status, ok.exit_code, ok.stdout) == ("completed", 0, "fine\n")


def test_wait_returns_at_its_timeout_while_the_command_runs(runner: CommandRunner) -> None:
    started = runner.start(WAIT_FOR_GO)
    assert runner.wait(started.task_id, 0.05).status == "running"
    (runner.spec.workspace / "go").touch()
    assert runner.wait(started.task_id, 30).status == "completed"


def test_stop_sends_sigterm_to_the_command(runner: CommandRunner) -> None:
    command = "trap 'echo got-term; exit 7' TERM; echo ready; while :; do sleep 0.05; done"
    started = runner.start(command)
    wait_for_output(runner, started.task_id, "ready")
    stopped = runner.stop(started.task_id)
    assert (stopped.status, stopped.exit_code) == ("stopped", -15)
    assert "got-term" in stopped.stdout  # it was asked first, not killed outright


def test_a_command_ignoring_sigterm_is_killed_after_the_grace(runner: CommandRunner) -> None:
    marker = unique_seconds()
    started = runner.start(f"trap '' TERM; echo ready; sleep {marker}")
    wait_for_output(runner, started.task_id, "ready")
    (pid,) = find_pids(marker)
    before = time.monotonic()
    stopped = runner.stop(started.task_id)
    assert time.monotonic() - before >= runner.stop_grace_s  # it outlived SIGTERM
    assert (stopped.status, stopped.exit_code) == ("stopped", -15)
    assert gone(pid, marker)


def test_timeout(spec: SandboxSpec) -> None:
    runner = CommandRunner(spec, sandbox=HAS_BWRAP, timeout_s=1, stop_grace_s=0.5)
    status = runner.wait(runner.start("echo partial; sleep 100").task_id, 30)
    runner.close()
    assert (status.status, status.exit_code, status.stdout) == ("timed_out", 124, "partial\n")
    assert status.stderr.endswith("Command timed out after 1 seconds.")


@pytest.mark.parametrize("command", ["", "  \n\t", "# look around", "# a\n\n   # b\n"])
def test_comment_only_commands_are_rejected(spec: SandboxSpec, command: str) -> None:
    calls: list[object] = []
    runner = CommandRunner(spec, sandbox=HAS_BWRAP, on_start=calls.append, on_end=calls.append)
    status = runner.start(command)
    assert (status.status, status.exit_code) == ("rejected", 2)
    assert "only comments" in status.stderr and calls == []
    assert runner.start("echo hi # not only a comment").status == "running"
    runner.close()


def test_callbacks_wrap_each_command_with_a_fresh_lease(spec: SandboxSpec) -> None:
    events: list[tuple[str, str, str]] = []

    def on_start(lease: str) -> None:  # the control server's begin_action: before the process
        (spec.workspace / f"began-{lease}").touch()
        events.append(("start", lease, ""))

    def on_end(status: CommandStatus) -> None:
        events.append(("end", status.lease, status.status))

    runner = CommandRunner(spec, sandbox=HAS_BWRAP, on_start=on_start, on_end=on_end)
    command = 'echo "$ODYSSEY_ACTION_LEASE"; ls "began-$ODYSSEY_ACTION_LEASE"'
    results = [runner.wait(runner.start(command).task_id, 30) for _ in range(3)]
    runner.close()
    leases = [r.lease for r in results]
    assert len(set(leases)) == 3
    assert [r.stdout.split()[0] for r in results] == leases
    assert all(r.status == "completed" for r in results)  # began-<lease> existed at start
    expected = [e for lease in leases for e in (("start", lease, ""), ("end", lease, "completed"))]
    assert events == expected  # wait() returned only after on_end


def test_a_background_child_does_not_outlive_its_command(runner: CommandRunner) -> None:
    marker = unique_seconds()
    started = runner.start(f"sleep {marker} & {WAIT_FOR_GO}; echo done")
    (pid,) = find_pids(marker)
    (runner.spec.workspace / "go").touch()
    assert runner.wait(started.task_id, 30).stdout == "done\n"
    assert gone(pid, marker)


def test_close_stops_everything(runner: CommandRunner) -> None:
    markers = [unique_seconds(), unique_seconds()]
    tasks = [runner.start(f"sleep {m} & sleep 100") for m in markers]
    pids = [find_pids(m)[0] for m in markers]
    runner.close()
    assert [runner.poll(t.task_id).status for t in tasks] == ["stopped", "stopped"]
    assert all(gone(pid, m) for pid, m in zip(pids, markers, strict=True))
    with pytest.raises(CommandError):
        runner.start("true")


def test_a_command_started_from_a_short_lived_thread_keeps_running(runner: CommandRunner) -> None:
    # bwrap --die-with-parent watches the thread that forked it, not the process.
    box: list[CommandStatus] = []
    thread = threading.Thread(target=lambda: box.append(runner.start(f"{WAIT_FOR_GO}; echo ok")))
    thread.start()
    thread.join(30)
    (runner.spec.workspace / "go").touch()
    status = runner.wait(box[0].task_id, 30)
    assert (status.status, status.stdout) == ("completed", "ok\n")


def test_output_keeps_the_tail(spec: SandboxSpec) -> None:
    runner = CommandRunner(spec, sandbox=HAS_BWRAP, max_output=1000)
    status = runner.wait(runner.start("head -c 4000 /dev/zero | tr '\\0' a; echo -n END").task_id)
    runner.close()
    assert status.stdout == "[... 3003 bytes truncated ...]\n" + "a" * 997 + "END"


def test_unknown_task_id(runner: CommandRunner) -> None:
    with pytest.raises(CommandError, match="no command with task id"):
        runner.poll("nope")
