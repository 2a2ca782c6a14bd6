"""An in-process batch of Odyssey environments stepping together, as a Gymnasium ``VectorEnv``
(1.x API, next-step autoreset like ``SyncVectorEnv``, so it is a drop-in for it).

Every game runs in this process: no pickling, no pipes, no worker processes, observations
written straight into one preallocated batch. The games share the MCU world's generated chunks
(``mcu.episode.mcu_world`` makes them once per process) but each keeps its own renderer: a
``GameView``'s ``Renderer`` makes its own EGL context (``render.gl.create_context``) and draws
one world, so sharing one context across games would need a change in ``render/``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space, concatenate, create_empty_array, iterate

from odyssey.mcu.needs import McuError


class OdysseyBatchEnv(VectorEnv):
    """``num_envs`` copies of ``OdysseyEnv(**env_kwargs)`` (or of ``make_env()``), stepped in
    order in this process. ``reset(seed=s)`` seeds copy ``i`` with ``s + i`` (as
    ``SyncVectorEnv`` does), so copy ``i`` matches a single env reset with that seed."""

    def __init__(
        self,
        num_envs: int,
        make_env: Callable[[], gym.Env] | None = None,
        copy: bool = True,
        **env_kwargs: Any,
    ) -> None:
        if not (isinstance(num_envs, int) and num_envs >= 1):
            raise McuError(f"OdysseyBatchEnv: num_envs must be a positive integer, got "
                           f"{num_envs!r}")  # fmt: skip
        if make_env is not None and env_kwargs:
            raise McuError("OdysseyBatchEnv: give make_env or env keyword arguments, not both")
        if make_env is None:
            from odyssey.gym.env import OdysseyEnv

            def make_env() -> gym.Env:
                return OdysseyEnv(**env_kwargs)

        self.envs: list[gym.Env] = [make_env() for _ in range(num_envs)]
        self.num_envs = num_envs
        self.copy = copy
        first = self.envs[0]
        self.metadata = dict(first.metadata) | {"autoreset_mode": AutoresetMode.NEXT_STEP}
        self.autoreset_mode = AutoresetMode.NEXT_STEP
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        for i, env in enumerate(self.envs[1:], 1):
            if env.observation_space != self.single_observation_space:
                raise McuError(f"OdysseyBatchEnv: env {i} has another observation space")
            if env.action_space != self.single_action_space:
                raise McuError(f"OdysseyBatchEnv: env {i} has another action space")
        self._obs = create_empty_array(self.single_observation_space, n=num_envs, fn=np.zeros)
        self._env_obs: list[Any] = [None] * num_envs
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (int, np.integer)):
            return [int(seed) + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise McuError(f"OdysseyBatchEnv.reset: {len(seeds)} seeds for {self.num_envs} envs")
        return seeds

    def _batch(self) -> Any:
        self._obs = concatenate(self.single_observation_space, self._env_obs, self._obs)
        return deepcopy(self._obs) if self.copy else self._obs

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:  # fmt: skip
        seeds = self._seeds(seed)
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        mask = np.ones(self.num_envs, dtype=np.bool_) if mask is None else np.asarray(mask)
        infos: dict[str, Any] = {}
        for i, env in enumerate(self.envs):
            if not mask[i]:
                continue
            self._env_obs[i], info = env.reset(seed=seeds[i], options=options or None)
            self._terminations[i] = self._truncations[i] = self._autoreset[i] = False
            infos = self._add_info(infos, info, i)
        return self._batch(), infos

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        infos: dict[str, Any] = {}
        for i, action in enumerate(iterate(self.action_space, actions)):
            env = self.envs[i]
            if self._autoreset[i]:  # the previous step ended this env's episode
                self._env_obs[i], info = env.reset()
                self._rewards[i] = 0.0
                self._terminations[i] = self._truncations[i] = False
            else:
                (self._env_obs[i], self._rewards[i], self._terminations[i],
                 self._truncations[i], info) = env.step(action)  # fmt: skip
            infos = self._add_info(infos, info, i)
        self._autoreset = self._terminations | self._truncations
        return (self._batch(), self._rewards.copy(), self._terminations.copy(),
                self._truncations.copy(), infos)  # fmt: skip

    def render(self) -> tuple[Any, ...]:
        return tuple(env.render() for env in self.envs)

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        out = []
        for env in self.envs:
            attr = env.get_wrapper_attr(name)
            out.append(attr(*args, **kwargs) if callable(attr) else attr)
        return tuple(out)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        return tuple(env.get_wrapper_attr(name) for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()
