"""``odyssey eval`` as a real process: SIGKILLed mid-run and started again it completes without
losing or re-running finished episodes; Ctrl-C (SIGINT) stops it cleanly and resumably."""

# ruff: noqa: F811 (the cache fixture is imported from eval_env and named as a parameter)
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from eval_env import cache, snapshot  # noqa: F401

from odyssey.bench.layout import DONE, episode_folders, episode_state, read_manifest

TASKS = "palace-001,palace-002,palace-003,hotel-001,hotel-002,liner-001"
WAIT_S = 180  # bounds every wait; a healthy run needs a few seconds


def eval_command(out: Path) -> list[str]:
    """``python -m odyssey eval ...`` once main.py registers it; until then the same command
    through its own module."""
    from odyssey.cli.main import app

    registered = any(g.name == "eval" for g in app.registered_groups) or any(
        c.name == "eval" for c in app.registered_commands
    )
    entry = ["-m", "odyssey", "eval"] if registered else ["-m", "odyssey.cli.eval_cmd"]
    return [sys.executable, *entry, "--suite", "demo", "--agent", "oracle", "--tasks", TASKS,
            "--workers", "2", "--out", str(out)]  # fmt: skip


def start(out: Path, log: Path) -> subprocess.Popen:
    with open(log, "ab") as stream:
        return subprocess.Popen(
            eval_command(out), stdout=stream, stderr=subprocess.STDOUT, start_new_session=True
        )


def wait_for_done(out: Path, count: int, proc: subprocess.Popen) -> list[Path]:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        done = [f for f in episode_folders(out) if episode_state(f) == DONE] if out.exists() else []
        if len(done) >= count:
            return done
        assert proc.poll() is None, "the evaluation ended before it could be interrupted"
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} episodes done after {WAIT_S} s")


def workers_of(out: Path) -> list[int]:
    """Pids of live processes whose command line names a spec file under ``out``."""
    pids = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if "odyssey.bench.worker" in cmdline and str(out) in cmdline:
            pids.append(int(proc.name))
    return pids


def wait_no_workers(out: Path) -> list[int]:
    deadline = time.monotonic() + 10
    while (left := workers_of(out)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def finish(out: Path, log: Path) -> subprocess.CompletedProcess:
    result = subprocess.run(eval_command(out), capture_output=True, text=True, timeout=WAIT_S)
    log.write_text(log.read_text() + result.stdout + result.stderr)
    return result


def test_a_sigkilled_evaluation_resumes_without_losing_or_rerunning_episodes(cache, tmp_path):
    out, log = tmp_path / "run", tmp_path / "eval.log"
    log.write_text("")
    proc = start(out, log)
    try:
        wait_for_done(out, 2, proc)
        os.killpg(proc.pid, signal.SIGKILL)  # its own group: the evaluation process only
    finally:
        proc.wait(timeout=WAIT_S)
    at_kill = snapshot(out)
    # its workers die with it (PR_SET_PDEATHSIG): none finishes an episode afterwards, or
    # writes on into a folder that the resumed evaluation redoes
    assert wait_no_workers(out) == []
    assert snapshot(out) == at_kill
    kept = {k: v for k, v in at_kill.items() if v[0]}
    assert len(kept) >= 2
    assert read_manifest(out).status == "running"  # killed: nobody closed it
    result = finish(out, log)
    assert result.returncode == 0, log.read_text()
    after = snapshot(out)
    assert len(after) == 6
    assert all(episode_state(out / k) == DONE for k in after)
    assert {k: after[k] for k in kept} == kept  # same completion.json, same mtime, 1 attempt
    assert read_manifest(out).status == "finished"
    assert "run folder:" in result.stdout


def test_ctrl_c_stops_the_evaluation_and_leaves_it_resumable(cache, tmp_path):
    out, log = tmp_path / "run", tmp_path / "eval.log"
    log.write_text("")
    proc = start(out, log)
    try:
        wait_for_done(out, 1, proc)
        os.kill(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the evaluation
        code = proc.wait(timeout=WAIT_S)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert code == 130, log.read_text()
    assert "run the same command again" in log.read_text()
    assert read_manifest(out).status == "interrupted"
    kept = {k: v for k, v in snapshot(out).items() if v[0]}
    # an attempt stopped by Ctrl-C is given back: nothing has used a retry
    assert all(v[1] <= 1 for v in snapshot(out).values())
    result = finish(out, log)
    assert result.returncode == 0, log.read_text()
    after = snapshot(out)
    assert len(after) == 6 and all(episode_state(out / k) == DONE for k in after)
    assert {k: after[k] for k in kept} == kept
