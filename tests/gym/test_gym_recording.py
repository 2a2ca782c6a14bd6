"""Recording gym episodes: the step sidecar matches the run (its actions replayed in a fresh env
with the same seed give the same rewards and positions), the reader yields the frames with their
steps, the converter writes an MCU episode folder the report reads, and the WebM plays in
headless Chromium (skipped, with the reason, without Debian's chromium and chromedriver)."""

# ruff: noqa: F811 (the browser fixture is imported from browser_env and named as a parameter)

from __future__ import annotations

import shutil
import time

import numpy as np
import pytest

from browser_env import browser  # noqa: F401 (a fixture)
from odyssey.gym.recording import (
    RecordCallback,
    RecordingError,
    as_action,
    read_meta,
    read_recording,
    read_steps,
    to_episode_record,
)

TASK, SEED, STEPS, SIZE = "craft_to_stick", 3, 40, (32, 32)


def _still(action):
    """A sampled action with a small camera move (the view changes, the test stays cheap)."""
    if isinstance(action, dict):
        action["camera"] = np.clip(action["camera"], -5, 5).astype(np.float32)
    return action


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    from odyssey.gym.env import OdysseyEnv

    folder = tmp_path_factory.mktemp("rec")
    env = OdysseyEnv(TASK, size=SIZE, callbacks=[RecordCallback(folder)])
    env.action_space.seed(SEED)
    obs, _ = env.reset(seed=SEED)
    first = np.array(obs["image"])
    rewards, positions = [], []
    for _ in range(STEPS):
        _, reward, terminated, truncated, _ = env.step(_still(env.action_space.sample()))
        rewards.append(float(reward))
        positions.append(tuple(float(v) for v in env.game.player.pos))
        if terminated or truncated:
            break
    env.close()
    return {"folder": folder / "episode-0000", "rewards": rewards, "positions": positions,
            "first": first}  # fmt: skip


def test_sidecar_matches_the_run(recorded):
    steps = read_steps(recorded["folder"])
    assert steps[0]["step"] == 0 and steps[0]["action"] is None
    assert len(steps) == len(recorded["rewards"]) + 1
    assert [s["reward"] for s in steps[1:]] == recorded["rewards"]
    assert [tuple(s["state"]["pos"]) for s in steps[1:]] == recorded["positions"]
    assert [s["tick"] for s in steps] == sorted({s["tick"] for s in steps}), "a tick per step"
    meta = read_meta(recorded["folder"])
    assert meta["task_id"] == TASK and meta["seed"] == SEED and meta["steps"] == len(steps) - 1


def test_replaying_the_sidecar_gives_the_same_run(recorded):
    from odyssey.gym.env import OdysseyEnv

    steps = read_steps(recorded["folder"])
    env = OdysseyEnv(TASK, size=SIZE)
    env.reset(seed=read_meta(recorded["folder"])["seed"])
    rewards, positions = [], []
    for step in steps[1:]:
        _, reward, _, _, _ = env.step(as_action(step["action"]))
        rewards.append(float(reward))
        positions.append(tuple(float(v) for v in env.game.player.pos))
    env.close()
    assert rewards == recorded["rewards"]
    assert positions == recorded["positions"]


def test_reader_yields_frames_actions_and_infos(recorded):
    items = list(read_recording(recorded["folder"]))
    assert len(items) == len(recorded["rewards"]) + 1  # fps=None: a frame per step
    frame, action, info = items[0]
    assert frame.shape == (SIZE[1], SIZE[0], 3) and frame.dtype == np.uint8
    assert action is None and info["step"] == 0
    # VP9 is lossy: the decoded reset frame is close to the observation, not equal
    assert np.abs(frame.astype(int) - recorded["first"].astype(int)).mean() < 12
    _, action, info = items[5]
    assert info["step"] == 5 and info["reward"] == recorded["rewards"][4]
    assert action is not None


def test_converter_writes_an_episode_the_report_reads(recorded, tmp_path):
    from odyssey.mcu.config import load_config
    from odyssey.mcu.report import write_report
    from odyssey.mcu.run import episode_folder, load_results

    config = load_config(recorded["folder"] / "task.yaml")
    out = episode_folder(tmp_path, "gym", SEED, config)
    result = to_episode_record(recorded["folder"], out)
    for name in ("task.yaml", "setup.json", "actions.jsonl", "frames.webm", "frames.jsonl",
                 "result.json", "completion.json"):  # fmt: skip
        assert (out / name).is_file(), name
    assert result["task_id"] == TASK and result["decisions"] == len(recorded["rewards"])
    rows = load_results(tmp_path)
    assert [r["task_id"] for r in rows] == [TASK]
    assert write_report(tmp_path).is_file()
    assert "**gym · simple**" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert TASK in (tmp_path / "report.html").read_text(encoding="utf-8")
    # what the AutoEval judge is shown: frames sampled from the converted stream
    from odyssey.mcu.autoeval.sampling import Sampling, sample_stream

    sampled = sample_stream(out, Sampling(every=10))
    assert sampled.total == len(recorded["rewards"]) + 1 and sampled.indices[:2] == [0, 10]
    assert all(url.startswith("data:image/jpeg;base64,") for url in sampled.urls)


def test_one_folder_per_episode_flushed_at_reset_and_close(tmp_path):
    from odyssey.gym.callbacks import FastResetCallback
    from odyssey.gym.env import OdysseyEnv

    record = RecordCallback(tmp_path, fps=4)
    env = OdysseyEnv(TASK, size=SIZE, max_steps=7, callbacks=[FastResetCallback(), record])
    env.reset(seed=1)
    noop = {k: 0 for k in env.action_space} | {"camera": np.zeros(2, np.float32)}
    for episode in range(2):
        truncated = False
        while not truncated:
            _, _, _, truncated, _ = env.step(noop)
        if episode == 0:
            env.reset()  # fast reset: the same game, restored
            assert read_meta(tmp_path / "episode-0000")["steps"] == 7, "flushed at reset"
    env.close()
    assert [p.name for p in record.episodes] == ["episode-0000", "episode-0001"]
    for folder in record.episodes:
        meta = read_meta(folder)
        assert meta["steps"] == 7 and meta["outcome"]["truncated"]
        assert meta["outcome"]["info"]["terminal_reason"] == "step_limit"
        # fps=4: a frame every 5 ticks, plus the reset frame and the last one
        assert [info["step"] for _, _, info in read_recording(folder)] == [0, 5, 7]


def test_navigation_episodes_record_and_replay(tmp_path):
    from odyssey.gym.nav import NavEnv

    env = NavEnv("hotel", size=SIZE, max_steps=12, callbacks=[RecordCallback(tmp_path)])
    env.action_space.seed(2)
    env.reset(seed=2)
    for _ in range(12):
        env.step(_still(env.action_space.sample()))
    env.close()
    folder = tmp_path / "episode-0000"
    steps = read_steps(folder)
    assert len(steps) == 13 and read_meta(folder)["env"]["map_id"] == "hotel"
    replay = NavEnv("hotel", size=SIZE, max_steps=12)
    replay.reset(seed=2)
    for step in steps[1:]:
        _, reward, _, _, _ = replay.step(as_action(step["action"]))
        assert reward == step["reward"]
        assert list(replay.game.player.pos) == step["state"]["pos"]
    replay.close()
    with pytest.raises(RecordingError, match="not an MCU recording"):
        to_episode_record(folder, tmp_path / "out")


def test_bad_folders_are_named(tmp_path):
    with pytest.raises(RecordingError, match=r"steps\.jsonl"):
        read_steps(tmp_path)
    with pytest.raises(RecordingError, match="fps"):
        RecordCallback(tmp_path, fps=0)


def test_recorded_webm_plays_in_chromium(recorded, browser, tmp_path):
    folder = tmp_path / "page"
    folder.mkdir()
    shutil.copyfile(recorded["folder"] / "frames.webm", folder / "frames.webm")
    (folder / "index.html").write_text(
        "<!doctype html><video id=v src='frames.webm' muted playsinline></video>",
        encoding="utf-8",
    )
    browser.get((folder / "index.html").as_uri())
    state = "return document.getElementById('v').readyState"
    for _ in range(600):  # an upper bound on a busy machine, not a speed requirement
        if browser.execute_script(state) >= 2:
            break
        time.sleep(0.05)
    assert browser.execute_script(state) >= 2, "the video never loaded a frame"
    frames = len(recorded["rewards"]) + 1
    duration = browser.execute_script("return document.getElementById('v').duration")
    assert abs(duration - frames / 20) <= 2 / 20, (duration, frames)
    browser.execute_script("document.getElementById('v').play()")
    advanced = 0.0
    for _ in range(600):
        advanced = browser.execute_script("return document.getElementById('v').currentTime")
        if advanced > 0.2:
            break
        time.sleep(0.05)
    assert advanced > 0.2, "currentTime did not advance: the video does not play"
    error = browser.execute_script("var e = document.getElementById('v').error; "
                                   "return e ? e.code : null")  # fmt: skip
    assert error is None
