"""The gym callbacks on real games: the hook protocol (what RecordCallback relies on), fast
reset, set-up commands, summoned mobs, reward shaping, task text and judging."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from odyssey.gym.callbacks import (
    Callback,
    CommandsCallback,
    FastResetCallback,
    JudgeCallback,
    RewardShapingCallback,
    SummonMobsCallback,
    TaskCallback,
)
from odyssey.gym.env import OdysseyEnv
from odyssey.gym.spaces import noop_action
from odyssey.mcu.needs import McuError


class Log(Callback):
    """Writes down every hook call (and what it was given)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def before_reset(self, env, seed):
        self.calls.append(("before_reset", seed))
        return True

    def after_reset(self, env, obs, info):
        self.calls.append(("after_reset", info["tick"]))
        return obs, info

    def before_step(self, env, action):
        self.calls.append(("before_step", action))
        return action

    def after_step(self, env, obs, reward, terminated, truncated, info):
        self.calls.append(("after_step", (info["tick"], obs["image"].shape, info["events"])))
        return obs, reward, terminated, truncated, info

    def before_render(self, env, image):
        self.calls.append(("before_render", image.shape))
        return image

    def after_render(self, env, image):
        self.calls.append(("after_render", image.shape))
        return image

    def before_close(self, env):
        self.calls.append(("before_close", env.game is not None))

    def after_close(self, env):
        self.calls.append(("after_close", None))


def test_hooks_run_in_order_with_what_a_recorder_needs():
    log = Log()
    env = OdysseyEnv("drop_item", size=(16, 16), callbacks=[log], render_mode="rgb_array")
    env.reset(seed=4)
    action = noop_action() | {"drop": 1}
    env.step(action)
    env.render()
    env.close()
    names = [name for name, _ in log.calls]
    assert names == ["before_reset", "after_reset", "before_step", "after_step",
                     "before_render", "after_render", "before_close", "after_close"]  # fmt: skip
    assert log.calls[0][1] == 4 and log.calls[2][1] is action
    tick, shape, events = log.calls[3][1]
    assert tick == 1 and shape == (16, 16, 3)
    assert isinstance(events, list) and all({"tick", "kind"} <= e.keys() for e in events)


class Swap(Callback):
    """Changes the action and the reward: a later hook sees the earlier one's output."""

    def before_step(self, env, action):
        return noop_action() | {"jump": 1}

    def after_step(self, env, obs, reward, terminated, truncated, info):
        return obs, reward * 10, terminated, truncated, info


def test_hooks_may_replace_the_action_and_reward():
    env = OdysseyEnv("jump", size=(16, 16), callbacks=[Swap()])
    env.reset(seed=0)
    _, reward, terminated, _, _ = env.step(noop_action())  # replaced by a jump
    env.close()
    assert terminated and reward == pytest.approx(20.0)


def test_fast_reset_restores_the_game_instead_of_rebuilding_it():
    env = OdysseyEnv("drop_item", size=(16, 16), obs_dict=True, callbacks=[FastResetCallback()])
    first, _ = env.reset(seed=2)
    game = env.game
    walk = noop_action() | {"forward": 1, "drop": 1}
    run1 = [env.step(walk)[0] for _ in range(10)]
    assert not np.array_equal(run1[-1]["position"], first["position"])
    again, info = env.reset()  # no seed: restored from the snapshot
    assert env.game is game and info["tick"] == 0
    for key in ("position", "inventory", "health", "voxels"):
        assert np.array_equal(again[key], first[key]), key
    run2 = [env.step(walk)[0] for _ in range(10)]
    assert all(
        np.array_equal(a["position"], b["position"]) for a, b in zip(run1, run2, strict=True)
    )
    env.reset(seed=2)  # a seed asks for a fresh game
    assert env.game is not game
    env.close()


def test_commands_and_summoned_mobs_at_reset():
    env = OdysseyEnv("jump", size=(16, 16), obs_dict=True, callbacks=[
        CommandsCallback(["/give @s minecraft:dirt 3"]),
        SummonMobsCallback([{"name": "cow", "number": 2, "range_x": [-4, 4],
                             "range_z": [-4, 4]}]),
    ])  # fmt: skip
    obs, _ = env.reset(seed=1)
    from odyssey.gym.spaces import item_ids

    row = obs["inventory"][obs["inventory"][:, 0] == item_ids()["dirt"]]
    assert row[:, 1].sum() == 3
    cows = [e for e in env.game.survival.entities if e.type == "cow"]
    assert len(cows) == 2
    env.close()
    with pytest.raises(McuError, match="CommandsCallback"):
        bad = OdysseyEnv("jump", size=(16, 16), callbacks=[CommandsCallback(["/nosuchcmd"])])
        bad.reset(seed=0)
    with pytest.raises(McuError, match="name"):
        SummonMobsCallback([{"number": 1}])


def test_reward_shaping_counts_statistics_up_to_a_limit():
    shaping = RewardShapingCallback([{"event": "drop", "objects": ["dirt"], "reward": 0.5,
                                      "max_reward_times": 2}])  # fmt: skip
    env = OdysseyEnv(
        "jump", size=(16, 16), callbacks=[CommandsCallback(["/give @s minecraft:dirt 5"]), shaping]
    )
    env.reset(seed=0)
    drop = noop_action() | {"drop": 1}
    rewards = [env.step(drop)[1] for _ in range(3)]
    env.close()
    assert rewards == [0.5, 0.5, 0.0]
    with pytest.raises(McuError, match="rule 0"):
        RewardShapingCallback([{"event": "drop"}])


def test_task_text_and_judge_records():
    judge = JudgeCallback(every=2)
    env = OdysseyEnv("jump", size=(16, 16), callbacks=[TaskCallback(), judge])
    obs, _ = env.reset(seed=0)
    assert obs["task"] == env.config.text and "position" not in obs
    jump = noop_action() | {"jump": 1}
    for _ in range(20):
        obs, _, terminated, truncated, _ = env.step(jump)
        if terminated or truncated:
            break
    env.close()
    assert obs["task"] == env.config.text
    (record,) = judge.episodes
    assert record["task_id"] == "jump" and record["success"] and record["frames"]
    assert record["frames"][-1].shape == (16, 16, 3)
