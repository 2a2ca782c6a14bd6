"""Vector environments: Gymnasium's AsyncVectorEnv over OdysseyEnv (2 worker processes) steps
with batched shapes; the in-process OdysseyBatchEnv gives, copy for copy, the observations and
rewards of single envs reset with the same seeds, and autoresets on the next step."""

from __future__ import annotations

import functools

import gymnasium as gym
import numpy as np
import pytest

TASK, SIZE, SEED = "craft_to_stick", (32, 32), 11


def _actions(space: gym.Space, n: int, seed: int) -> list:
    space.seed(seed)
    return [space.sample() for _ in range(n)]


def _make():
    from odyssey.gym.env import OdysseyEnv

    return OdysseyEnv(TASK, size=SIZE)


def test_async_vector_env_steps_two_envs():
    from odyssey.gym.env import OdysseyEnv

    # spawn, not fork: a forked child inherits this process's EGL contexts and llvmpipe threads
    # (made by other tests) and can hang in its first frame
    make = functools.partial(OdysseyEnv, TASK, size=SIZE)
    envs = gym.vector.AsyncVectorEnv([make, make], context="spawn")
    try:
        obs, _ = envs.reset(seed=SEED)
        assert obs["image"].shape == (2, SIZE[1], SIZE[0], 3)
        assert obs["image"].dtype == np.uint8
        for action in _actions(envs.action_space, 3, SEED):
            obs, rewards, terminated, truncated, infos = envs.step(action)
            assert obs["image"].shape == (2, SIZE[1], SIZE[0], 3)
            assert rewards.shape == terminated.shape == truncated.shape == (2,)
        assert list(infos["tick"]) == [3, 3]
    finally:
        envs.close()


def test_batch_matches_single_envs():
    from odyssey.gym.batch import OdysseyBatchEnv

    batch = OdysseyBatchEnv(2, task=TASK, size=SIZE)
    singles = [_make(), _make()]
    try:
        obs, _ = batch.reset(seed=SEED)
        single_obs = [env.reset(seed=SEED + i)[0] for i, env in enumerate(singles)]
        for i in range(2):
            assert np.array_equal(obs["image"][i], single_obs[i]["image"])
        for action in _actions(batch.action_space, 8, SEED):
            obs, rewards, _, _, _ = batch.step(action)
            parts = list(gym.vector.utils.iterate(batch.action_space, action))
            for i, env in enumerate(singles):
                o, r, _, _, _ = env.step(parts[i])
                assert np.array_equal(obs["image"][i], o["image"]), f"env {i} image"
                assert rewards[i] == r
                assert tuple(batch.envs[i].game.player.pos) == tuple(env.game.player.pos)
    finally:
        batch.close()
        for env in singles:
            env.close()


def test_batch_autoresets_on_the_next_step():
    from odyssey.gym.batch import OdysseyBatchEnv

    batch = OdysseyBatchEnv(2, task=TASK, size=SIZE, max_steps=2)
    try:
        batch.reset(seed=SEED)
        noop = _actions(batch.action_space, 1, 0)[0]
        batch.step(noop)
        _, _, terminated, truncated, _ = batch.step(noop)
        assert list(truncated) == [True, True] and not terminated.any()
        _, rewards, _, truncated, infos = batch.step(noop)  # the autoreset step
        assert not truncated.any() and list(rewards) == [0.0, 0.0]
        assert list(infos["tick"]) == [0, 0]
    finally:
        batch.close()


def test_bad_batch_arguments_are_named():
    from odyssey.gym.batch import OdysseyBatchEnv
    from odyssey.mcu.needs import McuError

    with pytest.raises(McuError, match="num_envs"):
        OdysseyBatchEnv(0, task=TASK)
