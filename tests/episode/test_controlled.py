"""Agents that play through commands: a scripted agent's commands run in the bubblewrap
sandbox and try to leave it — read the task, waypoint, world and result files, reach the
network, signal the runner, forge a claim, keep a key held after being stopped — and fail."""

# ruff: noqa: F811 (the env fixture is imported from episode_env and named as a parameter)

from __future__ import annotations

import json
import os
import socket
import threading

import pytest
from episode_env import env, run  # noqa: F401

from odyssey.agents import make_agent
from odyssey.bridge import sandbox
from odyssey.episode.controlled import SandboxUnavailableError, terminal_reason_for
from odyssey.episode.results import read_jsonl

pytestmark = pytest.mark.skipif(
    sandbox.bwrap_available() is None, reason="bubblewrap is not installed"
)


def command_results(out) -> list[str]:
    """The texts of every command result the agent was shown, in order."""
    texts = []
    for line in read_jsonl(out / "agent-record" / "messages.jsonl"):
        content = line["message"].get("content")
        if isinstance(content, list):
            texts += [p["text"] for p in content if "[Command Result" in p.get("text", "")]
    return texts


def test_commands_cannot_leave_the_sandbox(env, tmp_path):
    map_dir, out = env["maps"]["palace"], tmp_path / "episode"
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[object] = []
    listener.settimeout(0.2)

    def accept() -> None:
        for _ in range(300):  # bounded: at most a minute
            try:
                accepted.append(listener.accept())
            except TimeoutError:
                continue
            except OSError:
                return

    watcher = threading.Thread(target=accept, daemon=True)
    watcher.start()
    port = listener.getsockname()[1]
    files = [env["catalog"], map_dir / "waypoints.json", map_dir / "world" / "level.dat"]
    reads = "; ".join(f"cat {f} > /dev/null 2>&1 || echo CANNOT-READ {f.name}" for f in files)
    net = (
        'python3 -c \'import socket\ntry:\n socket.create_connection(("127.0.0.1", '
        f'{port}), timeout=2); print("CONNECTED")\nexcept OSError as e: print("NO-NET", e)\''
    )
    script = [
        {"type": "exec", "content": reads},
        {
            "type": "exec",
            "content": f"mkdir -p {out} 2>/dev/null; echo forged > {out}/claims.jsonl"
            " 2>/dev/null || echo CANNOT-WRITE-RESULTS",
        },
        {"type": "exec", "content": net},
        {
            "type": "exec",
            "content": f"kill -0 {os.getpid()} 2>/dev/null && echo SIGNALLED || echo CANNOT-SIGNAL",
        },
        {
            "type": "exec",
            "content": "echo $ODYSSEY_ACTION_LEASE > lease; mcapi state > before; "
            "xdo keydown w; sleep 100",
            "observe_after_sec": 1,
        },
        {"type": "stop_execute"},
        {
            "type": "exec",
            "content": "mcapi wait 2; mcapi state > after; "
            "ODYSSEY_ACTION_LEASE=$(cat lease) xdo keydown w "
            "&& echo HELD-AGAIN || echo OLD-LEASE-REFUSED; mcapi wait 2; "
            "mcapi state > later; python3 -c 'import json\n"
            'p = [json.load(open(f))["data"]["position"] for f in '
            '("before", "after", "later")]\n'
            'print("MOVED" if p[0] != p[1] or p[1] != p[2] else '
            '"STAYED")\'',
            "observe_after_sec": 30,  # past its own game-time waits: it ends first
        },
    ]
    script_path = tmp_path / "escape.json"
    script_path.write_text(json.dumps(script))
    summary = run(env, "palace-001", make_agent(f"script:{script_path}"), out)
    listener.close()
    watcher.join(timeout=5)

    results = command_results(out)
    assert len(results) == 6, results
    assert all(f"CANNOT-READ {f.name}" in results[0] for f in files), results[0]
    # /tmp inside is the sandbox's own: a write there never reaches the episode's folder
    assert "forged" not in (out / "claims.jsonl").read_text()
    assert "NO-NET" in results[2] and "CONNECTED" not in results[2] and not accepted
    assert "CANNOT-SIGNAL" in results[3]
    assert "OLD-LEASE-REFUSED" in results[5] and "STAYED" in results[5], results[5]
    texts = [
        p.get("text", "")
        for line in read_jsonl(out / "agent-record" / "messages.jsonl")
        for p in (line["message"].get("content") or [])
        if isinstance(p, dict)
    ]
    stopped = [t for t in texts if "Exit code: -15" in t]
    assert stopped, "the stopped command's result (exit -15) is in the record"
    # the episode's own files are the runner's: no forged claim, the map untouched
    assert read_jsonl(out / "claims.jsonl") == []
    assert json.loads((out / "snapshot-after-run.json").read_text())["verified"]
    assert summary["terminal_reason"] == "agent_stopped_without_completion"
    assert not summary["success"] and summary["scored"]
    checks = json.loads((out / "agent-status.json").read_text())["sandbox_check"]["probes"]
    assert all(c["passed"] for c in checks)
    assert {c["name"] for c in checks} >= {"workspace_empty", f"hidden {map_dir.resolve()}"}


def test_no_sandbox_without_bubblewrap_unless_told(env, tmp_path, monkeypatch):
    script = tmp_path / "s.json"
    script.write_text(json.dumps([{"type": "exec", "content": "mcapi press MOVE_FORWARD 1"}]))
    monkeypatch.setattr(sandbox, "bwrap_available", lambda: None)
    with pytest.raises(SandboxUnavailableError, match="--unsafe-no-sandbox"):
        run(env, "palace-001", make_agent(f"script:{script}"), tmp_path / "a")
    summary = run(env, "palace-001", make_agent(f"script:{script}"), tmp_path / "b",
                  unsafe_no_sandbox=True)  # fmt: skip
    assert summary["terminal_reason"] == "agent_stopped_without_completion"
    assert summary["game_seconds"] == pytest.approx(1.0)  # the press moved time in lockstep
    assert "sandbox_check" not in json.loads((tmp_path / "b" / "agent-status.json").read_text())


def test_stop_reasons_map_to_terminal_reasons():
    assert terminal_reason_for("claim_done_accepted") is None
    assert terminal_reason_for("max_llm_request_successes") == "step_limit"
    assert terminal_reason_for("max_consecutive_llm_failures") == "llm_failure_limit"
    assert terminal_reason_for("exception:RuntimeError") == "agent_crash"
    assert terminal_reason_for("provider_exhausted") == "agent_stopped_without_completion"
    assert terminal_reason_for("watchdog") == "wall_clock_watchdog"


def test_clocks_for_command_driven_agents(env, tmp_path):
    """A press of 1 s, then a skip (2 s): lockstep and paused pass exactly that game time
    (paused freezes while the 'model' answers); realtime keeps the world moving throughout."""
    script = tmp_path / "s.json"
    script.write_text(json.dumps([
        {"type": "exec", "content": "mcapi press MOVE_FORWARD 1", "observe_after_sec": 5},
        {"type": "skip"},
    ]))  # fmt: skip
    seconds = {}
    for clock in ("lockstep", "paused", "realtime"):
        summary = run(env, "palace-001", make_agent(f"script:{script}"), tmp_path / clock,
                      clock=clock)  # fmt: skip
        assert summary["terminal_reason"] == "agent_stopped_without_completion", summary
        seconds[clock] = summary["game_seconds"]
    assert seconds["lockstep"] == pytest.approx(3.0)
    assert seconds["paused"] == pytest.approx(3.0, abs=0.1)
    assert seconds["realtime"] > 3.0  # drawing the first screenshot took wall time too
