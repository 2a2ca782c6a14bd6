"""xdo as a real subprocess against a started control server: keys, the world map, mouse,
chained commands, xdotool's output formats and exit codes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_server import START, Served

import odyssey.bridge.clients

CLIENTS = Path(odyssey.bridge.clients.__file__).parent
XDO = CLIENTS / "xdo.py"


@pytest.fixture
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("x"))
    yield s
    s.close()


def xdo(served: Served | None, *args: str, script: Path = XDO,
        python: tuple[str, ...] = ()) -> subprocess.CompletedProcess:  # fmt: skip
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/nonexistent"}
    if served is not None:
        env["ODYSSEY_CONTROL_SOCKET"] = str(served.path)
    return subprocess.run([sys.executable, *python, str(script), *args], env=env, cwd="/",
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def ok(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0 and result.stderr == "", result
    return result.stdout


def test_key_m_opens_the_map_and_escape_closes_it(served):
    assert ok(xdo(served, "key", "m")) == ""
    assert served("state")["data"]["gui_open"] is True
    ok(xdo(served, "key", "--delay", "50", "Escape"))
    assert served("state")["data"]["gui_open"] is False


def test_keydown_holds_until_keyup(served):
    ok(xdo(served, "keydown", "w"))
    assert served.game.inputs.keys() == ["forward"]
    ok(xdo(served, "keyup", "w"))
    assert served.game.inputs.keys() == []
    ok(xdo(served, "key", "space", "F5"))
    assert served.game.tick_count == 1 and served.screen.view.settings.view == "third"


def test_getmouselocation_formats(served):
    assert ok(xdo(served, "getmouselocation")) == "x:427 y:240 screen:0 window:odyssey\n"
    assert ok(xdo(served, "getmouselocation", "--shell")) == (
        "X=427\nY=240\nSCREEN=0\nWINDOW=odyssey\n"
    )


def test_chained_mouse_commands_drag_and_zoom_the_map(served):
    ok(xdo(served, "key", "m", "mousemove", "--sync", "400", "300", "getmouselocation"))
    ms = served.screen.view.map_screen
    assert served("mouse_location")["x"] == 400
    out = ok(xdo(served, "mousedown", "1", "mousemove_relative", "--sync", "--", "-30", "15",
                 "mouseup", "1", "getmouselocation", "--shell"))  # fmt: skip
    assert out.startswith("X=370\nY=315\n")
    assert ms.camera() == pytest.approx((START[0] + 30 / 3.0, START[2] - 15 / 3.0))
    ok(xdo(served, "click", "--repeat", "2", "4"))
    assert ms.zoom == pytest.approx(3.0 * 1.2**2)


def test_type_goes_to_the_map_search(served):
    ok(xdo(served, "key", "m", "key", "ctrl+f", "type", "--delay", "10", "Tow", "er"))
    assert served.screen.view.map_screen.search == "Tower"


def test_mouse_look_with_no_screen_open(served):
    ok(xdo(served, "mousemove_relative", "--", "-100", "40"))
    p = served.game.player
    assert (p.yaw, p.pitch) == pytest.approx((-15.0, 6.0))


def test_errors_and_exit_codes(served, tmp_path):
    r = xdo(served, "frobnicate", "1")
    assert r.returncode == 1 and "Unknown command: frobnicate" in r.stderr and r.stdout == ""
    r = xdo(served, "mousemove", "10")
    assert r.returncode == 1 and "mousemove" in r.stderr
    r = xdo(served, "click", "9")
    assert r.returncode == 1 and "button" in r.stderr
    assert xdo(served).returncode == 2
    assert xdo(None, "key", "m").returncode == 2
    copy = tmp_path / "clients"
    shutil.copytree(CLIENTS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    isolated = xdo(served, "key", "m", script=copy / "xdo.py", python=("-I", "-S"))
    assert ok(isolated) == "" and served("state")["data"]["gui_open"] is True
    assert XDO.read_text().startswith("#!/usr/bin/env python3\n")
