"""Every ``odyssey/`` environment registered on import passes Gymnasium's env_checker."""

from __future__ import annotations

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import odyssey.gym  # noqa: F401  (registers the environments)

ODYSSEY_IDS = sorted(k for k in gym.registry if k.startswith("odyssey/"))
FAST = ("odyssey/MCU-Discrete-v1", "odyssey/MCU-v1", "odyssey/Nav-hotel-v1")


def _check(env_id: str) -> None:
    env = gym.make(env_id, render_mode="rgb_array")
    try:
        check_env(env.unwrapped, skip_close_check=True)
        obs, info = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        assert {"tick", "progress", "success", "terminal_reason", "events"} <= info.keys()
        assert env.render().shape == obs["image"].shape
    finally:
        env.close()


def test_the_generic_and_named_environments_are_registered():
    named = {"odyssey/MCU-v1", "odyssey/MCU-Discrete-v1", "odyssey/MCU-CraftStick-v1",
             "odyssey/MCU-MineIronOre-v1", "odyssey/MCU-CombatZombie-v1",
             "odyssey/Nav-hotel-v1"}  # fmt: skip
    assert named <= set(ODYSSEY_IDS)
    env = gym.make("odyssey/MCU-v1", task="mine_iron_ore", size=(24, 16), obs_dict=True)
    assert env.unwrapped.config.id == "mine_iron_ore"
    assert env.observation_space["image"].shape == (16, 24, 3)
    env.close()
    assert gym.make("odyssey/MCU-CombatZombie-v1").unwrapped.config.id == "combat_a_zombie"


@pytest.mark.parametrize("env_id", FAST)
def test_env_checker_passes(env_id):
    _check(env_id)


@pytest.mark.acceptance
def test_env_checker_passes_for_every_registered_environment():
    assert ODYSSEY_IDS
    for env_id in ODYSSEY_IDS:
        _check(env_id)
