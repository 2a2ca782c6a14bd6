"""NavEnv on the smallest built-in map: the verifier's stops as reward, shaping, success,
truncation and determinism."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.gym.nav import SHAPING_SCALE, NavEnv
from odyssey.gym.spaces import noop_action
from odyssey.mcu.needs import McuError


@pytest.fixture(scope="module")
def env():
    e = NavEnv("hotel", task="hotel-001", size=(32, 32), obs_dict=True, render_mode="rgb_array")
    yield e
    e.close()


def test_reaching_every_stop_pays_one_each_and_terminates(env):
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs) and obs["task"] == env.task.prompt
    assert info["progress"] == 0.0 and np.allclose(obs["next_stop"], env.task.stops[0].position)
    total = 0.0
    for i, stop in enumerate(env.task.stops):
        env.game.teleport(tuple(stop.position), 0.0, 0.0)
        obs, reward, terminated, truncated, info = env.step(noop_action())
        total += reward
        assert reward == pytest.approx(1.0) and info["stops_reached"] == i + 1
        assert terminated == (i == len(env.task.stops) - 1) and not truncated
    assert info["success"] and info["terminal_reason"] == "success" and info["progress"] == 1.0
    assert any(e["kind"] for e in info["events"])


def test_shaping_is_the_distance_closed_over_ten(env):
    _, info = env.reset(seed=0)
    before = info["distance_to_next"]
    _, reward, _, _, info = env.step(noop_action() | {"forward": 1})
    after = info["distance_to_next"]
    assert after != before  # the player moved
    assert reward == pytest.approx((before - after) / SHAPING_SCALE)


def test_same_seed_same_rollout(env):
    def rollout():
        obs, _ = env.reset(seed=5)
        env.action_space.seed(5)
        images = [obs["image"]]
        for _ in range(30):
            obs, reward, *_ = env.step(env.action_space.sample())
            images.append(obs["image"])
            images.append(np.array([reward]))
        return images

    a, b = rollout(), rollout()
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_time_limit_truncates():
    short = NavEnv("hotel", task="hotel-001", size=(16, 16), time_limit_s=0.5)
    short.reset(seed=0)
    outcomes = [short.step(noop_action())[2:4] for _ in range(10)]
    info = short._info([])
    short.close()
    assert outcomes[-1] == (False, True) and all(o == (False, False) for o in outcomes[:-1])
    assert info["terminal_reason"] == "time_limit"
    with pytest.raises(McuError, match="not a task on hotel"):
        NavEnv("hotel", task="palace-001")
    with pytest.raises(McuError, match="no task on it"):
        NavEnv("nowhere")


def test_task_and_judge_callbacks_work_on_navigation():
    from odyssey.gym.callbacks import JudgeCallback, TaskCallback

    judge = JudgeCallback(every=1)
    env = NavEnv("hotel", task="hotel-002", size=(16, 16), max_steps=2,
                 callbacks=[TaskCallback(), judge])  # fmt: skip
    obs, _ = env.reset(seed=0)
    assert obs["task"] == env.task.prompt
    env.step(noop_action())
    _, _, _, truncated, _ = env.step(noop_action())
    env.close()
    assert truncated
    (record,) = judge.episodes
    assert record["task_id"] == "hotel-002" and record["text"] == env.task.prompt
    assert len(record["frames"]) == 2 and record["terminal_reason"] == "step_limit"
