"""``OdysseyEnv``: one MCU task as a Gymnasium environment (docs/gym.md).

One ``step`` is one game tick (MineStudio: one env step per tick). ``reset(seed=…)`` builds a
fresh survival game on the task's world (``mcu.episode.task_game``) and runs the task's set-up
commands; the same seed gives the same rollout bit for bit.

Reward: the change of the success rule's progress (``RuleChecker`` ``Verdict.progress``, 0..1)
plus 1.0 on the step the rule is met; open-ended tasks (no rule) give 0. ``terminated``: the rule
met (``success``), broken (``rule_failed``) or the player dead (``died``); ``truncated``: the
task's time limit (``time_limit``) or ``max_steps`` (``step_limit``), only when not terminated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from odyssey.gym.callbacks import Callback, after_reset, after_step, before_step, rendered
from odyssey.gym.controls import WINDOW, Controls, apply_action
from odyssey.gym.observe import event_dicts, state_obs
from odyssey.gym.spaces import (
    DISCRETE_ACTIONS,
    dict_action_space,
    discrete_to_dict,
    observation_space,
)
from odyssey.mcu.checker import RuleChecker, Verdict
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.needs import McuError
from odyssey.sim.game import TICKS_PER_SECOND

SUCCESS, RULE_FAILED, DIED = "success", "rule_failed", "died"
TIME_LIMIT, STEP_LIMIT = "time_limit", "step_limit"
SUCCESS_BONUS = 1.0
ACTION_KINDS = ("dict", "discrete")


def resolve_configs(task: str | TaskConfig | Sequence[TaskConfig], difficulty: str):
    """The task configurations an environment plays (one is drawn per reset when several)."""
    if isinstance(task, TaskConfig):
        return [task]
    if isinstance(task, str):
        from odyssey.mcu.suite import resolve_tasks

        configs = resolve_tasks(task, difficulty)
        if not configs:
            raise McuError(f"OdysseyEnv(task={task!r}): no task matches (expected a task id,"
                           f" a selector, a suite or a configuration file)")  # fmt: skip
        return configs
    configs = list(task)
    if not configs or not all(isinstance(c, TaskConfig) for c in configs):
        raise McuError(f"OdysseyEnv(task=...): expected a task id/selector or TaskConfig(s),"
                       f" got {task!r}")  # fmt: skip
    return configs


def check_options(
    actions: str, render_mode: str | None, max_steps: int | None, callbacks: Sequence[Any]
) -> None:
    """The constructor arguments every Odyssey environment shares, or a clear error."""
    if actions not in ACTION_KINDS:
        raise McuError(f"actions={actions!r}: expected 'dict' or 'discrete'")
    if render_mode not in (None, "rgb_array"):
        raise McuError(f"render_mode={render_mode!r}: expected None or 'rgb_array'")
    if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
        raise McuError(f"max_steps={max_steps!r}: expected a positive integer or None")
    if not all(isinstance(c, Callback) for c in callbacks):
        raise McuError("callbacks: expected odyssey.gym.callbacks.Callback instances")


def check_size(size: Any) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in size)
    except (TypeError, ValueError):
        raise McuError(f"size={size!r}: expected (width, height)") from None
    if not (8 <= width <= 4096 and 8 <= height <= 4096):
        raise McuError(f"size={size!r}: width and height must be within 8..4096 pixels")
    return width, height


class OdysseyEnv(gym.Env):
    """One MCU task (or a selector's tasks, one drawn per reset) in lockstep with the agent."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["rgb_array"],
        "render_fps": TICKS_PER_SECOND,
    }

    def __init__(
        self,
        task: str | TaskConfig | Sequence[TaskConfig] = "craft_to_stick",
        difficulty: str = "simple",
        size: tuple[int, int] = (64, 64),
        obs_dict: bool = False,
        actions: str = "dict",
        callbacks: Sequence[Callback] = (),
        max_steps: int | None = None,
        render_mode: str | None = None,
        window: tuple[int, int] | None = WINDOW,
    ) -> None:
        from odyssey.mcu.screen import McuScreen

        check_options(actions, render_mode, max_steps, callbacks)
        self.configs = resolve_configs(task, difficulty)
        self.config: TaskConfig = self.configs[0]
        self.width, self.height = check_size(size)
        self.obs_dict, self.actions = bool(obs_dict), actions
        self.callbacks = list(callbacks)
        self.max_steps, self.render_mode = max_steps, render_mode
        self.observation_space = observation_space(self.width, self.height, self.obs_dict)
        self.action_space = (spaces.Discrete(len(DISCRETE_ACTIONS)) if actions == "discrete"
                             else dict_action_space())  # fmt: skip
        self.game: Any = None
        self.window = None if window is None else check_size(window)
        self.screen = McuScreen(None, self.width, self.height, self.window)
        # the pointer moves over the window the GUI is laid out for
        self.controls = Controls(self.window or (self.width, self.height))
        self.checker: RuleChecker | None = None
        self.verdict = Verdict(False, 0.0)
        self.steps = 0
        self.start_tick = 0
        self.terminal_reason: str | None = None
        self._image: np.ndarray | None = None

    # -- gymnasium ------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        reload = [cb.before_reset(self, seed) for cb in self.callbacks]
        if self.game is None or all(reload):
            self._new_game(seed)
        self.start_tick = self.game.tick_count
        self.checker = (RuleChecker(self.config.success, self.game)
                        if self.config.success is not None else None)  # fmt: skip
        self.verdict = self.checker.check(self.game) if self.checker else Verdict(False, 0.0)
        self.steps, self.terminal_reason = 0, None
        self.controls.reset()
        self.controls.follow(self.game)
        return after_reset(self, self.observe(), self._info([]))

    def step(self, action: Any):
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        action = before_step(self, action)
        keys = discrete_to_dict(action) if self.actions == "discrete" else action
        game = self.game
        first_event = len(game.events)
        apply_action(game, keys, self.controls)
        game.tick()
        self.controls.follow(game)
        self.steps += 1
        before = self.verdict.progress
        if self.checker is not None:
            self.verdict = self.checker.check(game)
        reward = self.verdict.progress - before
        terminated = truncated = False
        reason = None
        if self.verdict.done:
            reason, reward = SUCCESS, reward + SUCCESS_BONUS
        elif self.verdict.failed:
            reason = RULE_FAILED
        elif game.player.dead:
            reason = DIED
        terminated = reason is not None
        if not terminated:
            if self.tick >= round(self.config.time_limit_s * TICKS_PER_SECOND):
                reason, truncated = TIME_LIMIT, True
            elif self.max_steps is not None and self.steps >= self.max_steps:
                reason, truncated = STEP_LIMIT, True
        self.terminal_reason = reason
        obs, info = self.observe(), self._info(game.events[first_event:])
        reward = float(reward)
        return after_step(self, obs, reward, terminated, truncated, info)

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        return rendered(self, self._image if self._image is not None else self._frame())

    def close(self) -> None:
        for cb in self.callbacks:
            cb.before_close(self)
        self.screen.close()
        for cb in self.callbacks:
            cb.after_close(self)
        super().close()

    # -- parts ----------------------------------------------------------------------------------

    @property
    def tick(self) -> int:
        """Game ticks since the reset."""
        return self.game.tick_count - self.start_tick if self.game is not None else 0

    def _new_game(self, seed: int | None) -> None:
        from odyssey.mcu.episode import run_setup, task_game

        if len(self.configs) > 1:
            self.config = self.configs[int(self.np_random.integers(len(self.configs)))]
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31 - 1))
        game = task_game(self.config, game_seed)
        failed = [o for o in run_setup(game, self.config) if not o.accepted]
        if failed:
            raise McuError(f"task {self.config.id}: set-up failed: "
                           + "; ".join(f"{o.command} -> {o.message}" for o in failed))  # fmt: skip
        self.game = self.screen.game = game

    def _frame(self) -> np.ndarray:
        self._image = np.array(self.screen.frame(self.controls.pointer), dtype=np.uint8, copy=True)
        return self._image

    def observe(self) -> dict[str, Any]:
        """The observation of the game now (draws a frame)."""
        obs: dict[str, Any] = {"image": self._frame()}
        if self.obs_dict:
            obs |= state_obs(self.game, self.config.text)
        return obs

    def _info(self, events: list[Any]) -> dict[str, Any]:
        return {"task_id": self.config.id, "tick": self.tick, "steps": self.steps,
                "progress": float(self.verdict.progress),
                "success": self.terminal_reason == SUCCESS,
                "terminal_reason": self.terminal_reason, "detail": self.verdict.detail,
                "events": event_dicts(events)}  # fmt: skip
