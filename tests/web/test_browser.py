"""The dashboard in headless Chromium against a real uvicorn server on 127.0.0.1: a running
episode's page follows its live.json; a finished episode's replay steps through its turns;
no page logs a script error. Skipped (with the reason) without chromium and chromedriver."""

# ruff: noqa: F811 (the runs fixture is imported from web_env and named as a parameter)

from __future__ import annotations

import shutil
import threading
import time

import pytest
from web_env import RUN, TASK, FakeEpisode, runs  # noqa: F401

from browser_env import browser, script_errors, serving, text, wait_for  # noqa: F401


@pytest.fixture(scope="module")
def server(runs):
    """uvicorn serving the runs folder on a free loopback port, in a thread."""
    from odyssey.web import create_app

    with serving(create_app(runs["runs"], topdown_dir=runs["root"] / "topdown")) as url:
        yield url


def test_a_running_episode_page_follows_live_json(server, browser, runs):
    from selenium.webdriver.common.by import By

    fake = FakeEpisode(runs["live"], runs["stops"], period_s=3600)  # driven by hand below
    fake.start()
    try:
        browser.get(f"{server}/episodes/{RUN}/random/s0/{TASK}")
        wait_for(browser, lambda d: text(d, "tick") == "0", "tick 0")
        assert "● live" in text(browser, "title")
        for tick in (100, 220):
            fake.tick = tick
            fake.write()
            wait_for(browser, lambda d, t=tick: text(d, "tick") == str(t), f"tick {tick}")
        state = fake.state()
        wait_for(browser, lambda d: text(d, "position") == "53.0, 64.0, 13.5", "the position")
        reached = browser.find_elements(By.CSS_SELECTOR, "#stops li.reached")
        assert [r.text for r in reached] == [s["name"] for s in state["stops"] if s["reached"]]
        wait_for(browser, lambda d: "MOVE_FORWARD 220" in text(d, "messages"), "the command")
        wait_for(browser, lambda d: d.execute_script(
            "const f = document.getElementById('frame'); return f.complete && f.naturalWidth;"
        ) == 64, "the live frame")  # fmt: skip
        assert browser.execute_script("return document.getElementById('map').width") > 0
        fake.stop()
        final = fake.state() | {"status": "finished", "terminal_reason": "claim_done_arrived"}
        import json

        (runs["live"] / "live.json").write_text(json.dumps(final))
        wait_for(browser, lambda d: text(d, "status") == "finished", "the end")
        assert script_errors(browser) == []
    finally:
        fake.stop()
        shutil.rmtree(runs["live"])


def test_runs_and_run_pages_list_the_episodes(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#runs .agent-row"), "the runs")
    rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "#runs .agent-row")]
    assert any("oracle" in r and "1/1 100%" in r for r in rows)
    browser.find_element(By.LINK_TEXT, RUN).click()
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#episodes .episode-row"), "rows")
    assert "success" in browser.find_element(By.ID, "episodes").text
    assert script_errors(browser) == []


def test_the_replay_steps_through_the_turns(server, browser, runs):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/episodes/{RUN}/oracle/s0/{TASK}")
    wait_for(browser, lambda d: text(d, "step-index").startswith("step 1 of"), "step 1")
    total = int(text(browser, "step-index").rsplit(" ", 1)[1])
    assert "initial trajectory snapshot" in text(browser, "step-label")
    first = text(browser, "step-command")
    browser.find_element(By.ID, "next").click()
    wait_for(browser, lambda d: text(d, "step-index") == f"step 2 of {total}", "step 2")
    assert text(browser, "step-position").startswith("at ")
    browser.find_element(By.ID, "prev").click()
    wait_for(browser, lambda d: text(d, "step-command") == first, "step 1 again")
    slider = browser.find_element(By.ID, "slider")
    browser.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
        slider,
        total - 1,
    )
    wait_for(browser, lambda d: "claim_done" in text(d, "step-command"), "the claim")
    wait_for(browser, lambda d: d.execute_script(
        "const s = document.getElementById('step-shot'); return s.complete && s.naturalWidth;"
    ) > 0, "the step's screenshot")  # fmt: skip
    map_loaded = "const c = document.getElementById('map'); return c.width"
    assert browser.execute_script(map_loaded) > 0
    assert script_errors(browser) == []


def test_a_real_episode_is_watched_live(server, browser, runs):
    """The runner's own live files (``run_episode(live=True)``) drive the page."""
    from web_env import supports_live

    if not supports_live():
        pytest.skip("run_episode has no live argument yet")
    from odyssey.agents import OracleAgent
    from odyssey.bench.layout import EpisodeKey
    from odyssey.episode.runner import run_episode

    class Slow(OracleAgent):
        def act(self, observation):
            if observation.tick % 20 == 0:
                time.sleep(0.3)  # at least 6 s in all: the episode outlasts several page polls
            return super().act(observation)

    folder = EpisodeKey(TASK, "slow", 0).folder(runs["run"])
    thread = threading.Thread(
        target=run_episode, args=(runs["task"], runs["map"], Slow(), folder), kwargs={"live": True}
    )
    thread.start()
    try:
        for _ in range(200):
            if (folder / "live.json").exists():
                break
            time.sleep(0.05)
        browser.get(f"{server}/episodes/{RUN}/slow/s0/{TASK}?view=live")
        wait_for(browser, lambda d: text(d, "tick") not in ("", "–"), "a tick")
        running: set[str] = set()  # ticks the page showed while the episode ran

        def watch(d) -> bool:
            if text(d, "status") == "running":
                running.add(text(d, "tick"))
            return len(running) >= 2

        wait_for(browser, watch, "the tick change while running")
        wait_for(browser, lambda d: text(d, "status") == "finished", "the end")
        assert text(browser, "end") == "claim_done_arrived"
        assert script_errors(browser) == []
    finally:
        thread.join(timeout=120)
