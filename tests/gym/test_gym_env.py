"""OdysseyEnv over real MCU tasks in real engine games: spaces, determinism, rewards and the
separate terminated/truncated outcomes."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.gym.callbacks import CommandsCallback
from odyssey.gym.env import OdysseyEnv
from odyssey.gym.spaces import DISCRETE_ACTIONS, DISCRETE_NAMES, discrete_to_dict, noop_action
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import Constrained


def _run(env: OdysseyEnv, seed: int, n: int) -> list:
    """A rollout of ``n`` steps with actions drawn from a seeded action space."""
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    out = [obs]
    for _ in range(n):
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        out.append((obs, reward, terminated, truncated, info["tick"], info["progress"]))
        if terminated or truncated:
            break
    return out


def _same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


@pytest.fixture(scope="module")
def env():
    e = OdysseyEnv("mine_iron_ore", size=(32, 24), obs_dict=True, render_mode="rgb_array")
    yield e
    e.close()


def test_observations_fit_the_space(env):
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert obs["image"].shape == (24, 32, 3) and obs["image"].dtype == np.uint8
    assert obs["task"] == env.config.text
    assert info["tick"] == 0 and info["terminal_reason"] is None
    # the set-up gave a stone pickaxe: it is in the inventory array; ore stands near the feet
    from odyssey.gym.spaces import item_ids

    assert item_ids()["stone_pickaxe"] in obs["inventory"][:, 0]
    from odyssey.world.blocks import registry

    assert registry().block("iron_ore").index in obs["voxels"]
    assert np.array_equal(env.render(), obs["image"])


def test_same_seed_same_rollout_bit_for_bit(env):
    first, second = _run(env, 11, 40), _run(env, 11, 40)
    assert _same(first, second)
    other = _run(env, 12, 40)
    assert not _same(first, other)  # a different seed draws different actions


def test_success_terminates_with_progress_and_bonus():
    env = OdysseyEnv("jump")
    env.reset(seed=0)
    action = noop_action() | {"jump": 1}
    total, done = 0.0, False
    for _ in range(20):
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            done = terminated
            break
    env.close()
    assert done and not truncated
    assert info["success"] and info["terminal_reason"] == "success"
    assert total == pytest.approx(2.0)  # progress 0 -> 1, plus the success bonus


def test_rule_failure_and_death_terminate_without_truncation():
    env = OdysseyEnv("jump")
    rule = Constrained(rule=env.config.success.model_copy(update={"at_least": 100}),
                       within_seconds=0.5)  # fmt: skip
    env.close()
    failing = OdysseyEnv(env.config.model_copy(update={"success": rule}))
    failing.reset(seed=0)
    for _ in range(40):
        _, _, terminated, truncated, info = failing.step(noop_action())
        if terminated or truncated:
            break
    failing.close()
    assert terminated and not truncated and info["terminal_reason"] == "rule_failed"
    assert not info["success"]

    dying = OdysseyEnv("jump", callbacks=[CommandsCallback(["/kill @s"])])
    dying.reset(seed=0)
    _, _, terminated, truncated, info = dying.step(noop_action())
    dying.close()
    assert terminated and not truncated and info["terminal_reason"] == "died"


def test_time_limit_and_max_steps_truncate():
    base = OdysseyEnv("sneak")
    short = base.config.model_copy(update={"time_limit_s": 0.5})  # 10 ticks
    base.close()
    env = OdysseyEnv(short)
    env.reset(seed=0)
    steps = 0
    while True:
        _, _, terminated, truncated, info = env.step(noop_action())
        steps += 1
        if terminated or truncated:
            break
    assert truncated and not terminated and steps == 10
    assert info["terminal_reason"] == "time_limit"
    env.close()

    env = OdysseyEnv("sneak", max_steps=3)
    env.reset(seed=0)
    results = [env.step(noop_action())[2:4] for _ in range(3)]
    env.close()
    assert results == [(False, False), (False, False), (False, True)]


def test_discrete_table_and_actions():
    assert 20 <= len(DISCRETE_ACTIONS) <= 40 and len(set(DISCRETE_NAMES)) == len(DISCRETE_NAMES)
    assert discrete_to_dict(DISCRETE_NAMES.index("turn_right"))["camera"][1] > 0
    env = OdysseyEnv("drop_item", actions="discrete")
    env.reset(seed=0)
    yaw = env.game.player.yaw
    env.step(DISCRETE_NAMES.index("turn_right"))
    assert env.game.player.yaw == pytest.approx(yaw + 15.0)
    _, reward, terminated, _, info = env.step(DISCRETE_NAMES.index("drop"))  # drop is wired
    assert terminated and info["success"] and reward > 1.0
    env.close()


def test_inventory_key_toggles_the_screen_on_a_press():
    env = OdysseyEnv("jump")
    env.reset(seed=0)
    press = noop_action() | {"inventory": 1}
    env.step(press)
    assert env.game.survival.menu_kind == "inventory"
    env.step(press)  # still held: no new press
    assert env.game.survival.menu_kind == "inventory"
    env.step(noop_action())
    env.step(press)
    assert env.game.survival.menu is None
    env.close()


def test_bad_arguments_name_what_was_expected():
    with pytest.raises(McuError, match="actions="):
        OdysseyEnv("jump", actions="keys")
    with pytest.raises(McuError, match="size="):
        OdysseyEnv("jump", size=(3,))
    with pytest.raises(McuError, match=r"unknown MCU task|no task matches"):
        OdysseyEnv("no_such_task_anywhere")
