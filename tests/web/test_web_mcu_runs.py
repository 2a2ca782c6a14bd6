"""MCU runs in the dashboard: a real ``odyssey mcu run`` folder (recorded frames included) listed
with the evaluations, its run page and episode pages through the routes, in headless Chromium
(the recorded video loads and plays) and through ``odyssey serve``."""

# ruff: noqa: F811 (the browser fixture is imported from browser_env and named as a parameter)

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from typing import ClassVar

import pytest
from fastapi.testclient import TestClient

from browser_env import browser, script_errors, serving, text, wait_for  # noqa: F401
from mcu_small_tasks import JUMP as SMALL_JUMP
from mcu_small_tasks import STICK as SMALL_STICK
from odyssey.episode.protocol import Wait
from odyssey.mcu.dashboard import McuRunKind
from odyssey.mcu.episode import run_mcu_episode
from odyssey.mcu.run import run_mcu
from odyssey.web import create_app

STICK = SMALL_STICK.model_copy(update={"time_limit_s": 3})  # shorter recordings
JUMP = SMALL_JUMP.model_copy(update={"time_limit_s": 2})
RUN = "mcu-web"
STICK_REF = "oracle/s0/simple/craft_to_stick"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("mcu-web") / "runs"
    run_mcu([STICK, JUMP], ["oracle", "noop"], root / RUN, selector="web-test",
            options={"record": True})  # fmt: skip
    broken = root / "mcu-broken"
    broken.mkdir()
    (broken / "mcu-run.json").write_text("{not json")
    return root


@pytest.fixture
def client(runs):
    return TestClient(create_app(runs, topdown_dir=runs.parent / "topdown", kinds=(McuRunKind(),)))


def test_the_runs_list_shows_mcu_runs_and_says_why_one_cannot_be_read(client):
    listed = {r["name"]: r for r in client.get("/api/runs").json()["runs"]}
    assert set(listed) == {RUN, "mcu-broken"}
    run = listed[RUN]
    assert run["kind"] == "mcu" and run["suite"] == "mcu web-test (simple)"
    assert run["status"] == "finished"
    agents = {a["agent"]: a for a in run["agents"]}
    assert (agents["oracle"]["finished"], agents["oracle"]["planned"]) == (2, 2)
    assert (agents["oracle"]["successes"], agents["oracle"]["scored"]) == (2, 2)
    assert agents["noop"]["successes"] == 0 and agents["noop"]["success_rate"] == 0.0
    error = listed["mcu-broken"]["error"]
    assert "mcu-broken/mcu-run.json: not a readable MCU run manifest" in error


def test_the_run_and_an_episode_through_the_routes(client):
    run = client.get(f"/api/runs/{RUN}").json()
    assert run["kind"] == "mcu" and len(run["episodes"]) == 4
    by_ref = {e["ref"]: e for e in run["episodes"]}
    stick = by_ref[STICK_REF]
    assert stick["success"] is True and stick["category"] == "craft" and stick["decisions"] >= 1
    assert by_ref["noop/s0/simple/jump"]["terminal_reason"] == "time_limit"
    episode = client.get(f"/api/run-episodes/{RUN}/{STICK_REF}").json()
    facts = dict(episode["facts"])
    assert facts["end"] == "success" and facts["agent"] == "oracle"
    assert episode["text"] == "craft to stick" and episode["video"] == "frames.webm"
    sections = {s["title"]: s["lines"] for s in episode["sections"]}
    assert sections["Set-up commands"][0].startswith("ok  /give @s minecraft:oak_planks 4")
    assert any("Craft" in line for line in sections["Actions"])
    video = client.get(episode["files_base"] + "frames.webm")
    assert video.status_code == 200 and video.content[:4] == b"\x1a\x45\xdf\xa3"  # EBML: WebM
    assert client.get(f"/api/run-episodes/{RUN}/oracle/s0/simple/nothing").status_code == 404
    assert client.get(f"/api/run-episodes/{RUN}/oracle/..%2F..").status_code == 404
    assert client.get("/api/run-episodes/no-such-run/x").status_code == 404
    assert client.get("/api/runs/mcu-broken").status_code == 422


def test_mcu_pages_in_a_browser_play_the_recorded_video(runs, browser):
    from selenium.webdriver.common.by import By

    app = create_app(runs, topdown_dir=runs.parent / "topdown", kinds=(McuRunKind(),))
    with serving(app) as url:
        browser.get(url + "/")
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#runs .agent-row"), "runs")
        rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#runs .agent-row")]
        assert any("oracle" in r and "2/2 100%" in r for r in rows)
        browser.find_element(By.LINK_TEXT, RUN).click()
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#episodes .episode-row"),
                 "the episodes")  # fmt: skip
        assert "time_limit" in browser.find_element(By.ID, "episodes").text
        browser.find_element(By.LINK_TEXT, "oracle s0 simple/craft_to_stick").click()
        wait_for(browser, lambda d: "end: success" in text(d, "facts"), "the result")
        assert text(browser, "prompt") == "craft to stick"
        wait_for(browser, lambda d: d.execute_script(
            "const v = document.getElementById('video'); return v && v.readyState >= 1 && "
            "v.duration > 0 && v.videoWidth;") == 640, "the video's metadata")  # fmt: skip
        browser.execute_script("const v = document.getElementById('video'); v.muted = true; "
                               "v.play().catch(() => {});")  # fmt: skip
        wait_for(
            browser,
            lambda d: d.execute_script("return document.getElementById('video').currentTime") > 0,
            "the video playing",
        )
        assert script_errors(browser) == []


def test_odyssey_serve_shows_mcu_runs(runs):
    with socket.socket() as probe:  # a free loopback port for the server to take
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cmd = [sys.executable, "-m", "odyssey", "serve", "--runs", str(runs), "--port", str(port)]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        listed = None
        for _ in range(600):  # up to a minute for the server to start
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/runs", timeout=5) as r:
                    listed = json.loads(r.read())
                break
            except OSError:
                time.sleep(0.1)
        assert listed is not None, "odyssey serve never answered"
        assert RUN in {r["name"] for r in listed["runs"]}
    finally:
        server.terminate()
        server.wait(timeout=30)


class SlowWaiter:
    """Waits half a game second per decision, taking 0.4 s of wall time to decide."""

    name: ClassVar[str] = "slow"
    privileged: ClassVar[bool] = False

    def start(self, observation) -> None:
        pass

    def act(self, observation):
        time.sleep(0.4)  # 16 decisions: the episode outlasts several page polls
        return Wait(10)


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.loads(response.read())


def test_a_live_episode_is_followed_until_its_result(tmp_path, browser):
    """``run_mcu_episode(live=True)`` (``odyssey mcu run --live``) drives the pages."""
    root = tmp_path / "runs"
    manifest = {"kind": "odyssey-mcu-run", "selector": "live-test", "difficulty": "simple",
                "agents": ["slow"], "seeds": [0], "tasks": ["simple/jump"]}  # fmt: skip
    (root / "mcu-live").mkdir(parents=True)
    (root / "mcu-live" / "mcu-run.json").write_text(json.dumps(manifest))
    folder = root / "mcu-live" / "episodes" / "slow" / "s0" / "simple" / "jump"
    config = JUMP.model_copy(update={"time_limit_s": 8})
    episode = threading.Thread(target=run_mcu_episode, args=(config, SlowWaiter(), folder),
                               kwargs={"record": False, "live": True})  # fmt: skip
    app = create_app(root, topdown_dir=tmp_path / "topdown", kinds=(McuRunKind(),))
    with serving(app) as url:
        episode.start()
        try:
            for _ in range(1200):  # up to two minutes to set the game up
                if (folder / "live.json").exists():
                    break
                time.sleep(0.1)
            (run,) = get_json(url + "/api/runs")["runs"]
            assert run["agents"][0]["running"] == 1 and run["agents"][0]["finished"] == 0
            (entry,) = get_json(url + "/api/runs/mcu-live")["episodes"]
            assert entry["live"] and entry["ref"] == "slow/s0/simple/jump"
            browser.get(f"{url}/runs/mcu-live/episodes/slow/s0/simple/jump")
            seen: set[str] = set()  # ticks the page showed while the episode ran

            def watch(d) -> bool:
                if "● live" in text(d, "title"):
                    seen.add(text(d, "fact-tick"))
                return len(seen - {""}) >= 2

            wait_for(browser, watch, "the tick advancing while the episode runs")
            wait_for(browser, lambda d: d.execute_script(
                "const f = document.getElementById('frame'); return f && f.complete && "
                "f.naturalWidth;") == 640, "the live frame")  # fmt: skip
            wait_for(browser, lambda d: text(d, "fact-end") == "time_limit", "the result")
            assert "● live" not in text(browser, "title")
            assert text(browser, "fact-decisions") == "16"
            assert script_errors(browser) == []
        finally:
            episode.join(timeout=300)
    assert json.loads((folder / "live.json").read_text())["status"] == "finished"
