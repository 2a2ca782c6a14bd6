"""mcapi as a real subprocess against a started control server: outputs, exit codes, relative
look, look-at, and that it runs with nothing but the standard library."""

from __future__ import annotations

import ast
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_server import START, Served

import odyssey.bridge.clients
from odyssey.bridge import protocol
from odyssey.bridge.clients import _wire

CLIENTS = Path(odyssey.bridge.clients.__file__).parent
MCAPI = CLIENTS / "mcapi.py"


@pytest.fixture
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("m"))
    yield s
    s.close()


def mcapi(
    served: Served | None,
    *args: str,
    cwd: Path | None = None,
    lease: str | None = None,
    script: Path = MCAPI,
    python: tuple[str, ...] = (),
) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd or "/nonexistent")}
    if served is not None:
        env["ODYSSEY_CONTROL_SOCKET"] = str(served.path)
    if lease is not None:
        env["ODYSSEY_ACTION_LEASE"] = lease
    return subprocess.run([sys.executable, *python, str(script), *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def failure(result: subprocess.CompletedProcess) -> dict:
    assert result.returncode == 1 and result.stdout == "", result
    error = json.loads(result.stderr)
    assert error["success"] is False
    return error


def test_queries_print_indented_json(served):
    r = mcapi(served, "state")
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout.startswith('{\n  "success": true')
    assert json.loads(r.stdout)["data"]["position"] == {"x": 0.5, "y": 64.0, "z": 0.5}
    assert json.loads(mcapi(served, "health").stdout)["status"] == "healthy"
    r = mcapi(served, "endpoint")
    assert json.loads(r.stdout) == {"success": True, "endpoint": f"unix:{served.path}"}


def test_actions_are_silent_unless_verbose(served):
    r = mcapi(served, "press", "move_forward", "1")
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")
    assert served.game.tick_count == 20 and served.game.inputs.keys() == []
    r = mcapi(served, "--verbose", "press", "jump")
    body = json.loads(r.stdout)
    assert (
        body["message"] == "Input tapped" and body["duration"] == 0.05 and body["input"] == "JUMP"
    )
    for args in (["right-click-block", "2", "64", "2"], ["close-gui"], ["chat", "hi", "all"],
                 ["wait", "0.5"]):  # fmt: skip
        r = mcapi(served, *args)
        assert (r.returncode, r.stdout, r.stderr) == (0, "", ""), args
    assert served.server.chat_log[-1].text == "hi all"
    assert served.game.tick_count == 31


def test_failures_print_json_on_stderr_and_exit_1(served):
    error = failure(mcapi(served, "right-click-block", "40", "64", "40"))
    assert "out of reach" in error["error"]
    assert failure(mcapi(served, "window-click", "--slot", "1", "--button", "0"))["error"] == (
        "No container open"
    )
    served.server.begin_action("a1")
    served.server.end_action("a1")
    assert "ended" in failure(mcapi(served, "press", "JUMP", lease="a1"))["error"]
    gone = mcapi(served, "state")
    served.close()
    assert "cannot connect" in failure(mcapi(served, "state"))["error"]
    assert gone.returncode == 0


@pytest.mark.parametrize(
    "args",
    [["fly"], ["press", "MOVE_UP"], ["press", "JUMP", "soon"], ["press", "JUMP", "-1"],
     ["look", "--yaw", "nan"], ["look-at", "1", "2"], ["right-click-block", "1", "2", "3.5"],
     ["window-click", "--slot", "1"], ["chat"], ["wait", "-2"]],
)  # fmt: skip
def test_bad_arguments_exit_2(served, args):
    r = mcapi(served, *args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr
    assert served.game.tick_count == 0


def test_socket_from_runtime_config_or_exit_2(tmp_path, served):
    r = mcapi(None, "state", cwd=tmp_path)
    assert r.returncode == 2 and "ODYSSEY_CONTROL_SOCKET" in json.loads(r.stderr)["error"]
    (tmp_path / ".mcbots_runtime.json").write_text(
        json.dumps({"agentbridge": {"socket": str(served.path)}})
    )
    assert mcapi(None, "state", cwd=tmp_path).returncode == 0


def test_relative_look_adds_to_the_current_rotation(served):
    served.game.look(30.0, 10.0)
    r = mcapi(served, "--verbose", "look", "--yaw", "20", "--pitch", "100")
    p = served.game.player
    assert (p.yaw, p.pitch) == (50.0, 90.0)  # positive yaw turns right; pitch clamped
    resolved = json.loads(r.stdout)["resolved"]
    assert resolved["base_rotation"] == {"yaw": 30.0, "pitch": 10.0}
    assert resolved["pitch_clamped"] is True and resolved["target"] == {"yaw": 50.0, "pitch": 90.0}
    assert mcapi(served, "look", "--yaw", "-30").stdout == ""
    assert served.game.player.yaw == 20.0
    mcapi(served, "look", "--mode", "absolute", "--yaw", "-90", "--pitch", "-45")
    assert (served.game.player.yaw, served.game.player.pitch) == (-90.0, -45.0)


def test_look_at_uses_mine_odysseys_formula(served):
    r = mcapi(served, "--verbose", "look-at", "10", "70", "-3")
    dx, dy, dz = 10 - START[0], 70 - (START[1] + 1.62), -3 - START[2]
    yaw = (math.degrees(math.atan2(dz, dx)) - 90) % 360
    pitch = -math.degrees(math.atan2(dy, math.hypot(dx, dz)))
    p = served.game.player
    assert (p.yaw, p.pitch) == pytest.approx((yaw, pitch))
    assert json.loads(r.stdout)["resolved"]["eye_height"] == 1.62
    mcapi(served, "look-at", "0", "66", "40")  # straight ahead along +Z: vanilla yaw 0
    assert served.game.player.yaw == pytest.approx(0.0, abs=1.0)


def test_screenshot_writes_the_jpeg(served, tmp_path):
    out = tmp_path / "shot.jpg"
    r = mcapi(served, "screenshot", "--out", str(out))
    body = json.loads(r.stdout)
    assert "data" not in body and body["width"] == 854 and body["path"] == str(out)
    assert out.read_bytes()[:3] == b"\xff\xd8\xff" and body["bytes"] == out.stat().st_size


def test_sigterm_during_a_press_releases_the_key(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("t"), clock="realtime")
    try:
        env = {"PATH": os.environ["PATH"], "ODYSSEY_CONTROL_SOCKET": str(s.path)}
        proc = subprocess.Popen([sys.executable, str(MCAPI), "press", "MOVE_FORWARD", "60"],
                                env=env, stderr=subprocess.PIPE)  # fmt: skip
        for _ in range(3000):  # bounded: until the key is down
            if s.game.inputs.forward:
                break
            time.sleep(0.005)
        assert s.game.inputs.forward
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
        assert not s.game.inputs.forward
    finally:
        s.close()


def test_clients_need_only_the_standard_library(served, tmp_path):
    copy = tmp_path / "clients"
    shutil.copytree(CLIENTS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    r = mcapi(served, "state", script=copy / "mcapi.py", python=("-I", "-S"))
    assert r.returncode == 0, r.stderr
    for path in copy.glob("*.py"):
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        outside = {n.split(".")[0] for n in names} - set(sys.stdlib_module_names) - {"_wire"}
        assert outside <= {"__future__"}, (path.name, outside)
    assert MCAPI.read_text().startswith("#!/usr/bin/env python3\n")


def test_the_wire_copy_matches_the_protocol():
    for name in ("SOCKET_ENV", "LEASE_ENV", "MO_RELAY_ENV", "MAX_RESPONSE"):
        assert getattr(_wire, name) == getattr(protocol, name)
