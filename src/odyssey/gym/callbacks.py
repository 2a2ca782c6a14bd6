"""MineStudio-style callbacks for the gym environments (docs/gym.md lists the hooks).

A callback overrides any of :class:`Callback`'s hooks; the environment calls every callback's
hook in order, each one's output feeding the next. Built-ins: set-up commands, summoning mobs,
fast reset from a snapshot, reward shaping over statistics, the task text in the observation and
storing episodes for judging. ``RecordCallback`` lives in ``gym.recording``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from odyssey.mcu.needs import McuError


class Callback:
    """The hooks; the defaults change nothing."""

    def before_reset(self, env: Any, seed: int | None) -> bool:
        """False: skip the world reload (a callback then puts the game back itself)."""
        return True

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        return obs, info

    def before_step(self, env: Any, action: Any) -> Any:
        return action

    def after_step(
        self, env: Any, obs: Any, reward: float, terminated: bool, truncated: bool,
        info: dict[str, Any],
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:  # fmt: skip
        return obs, reward, terminated, truncated, info

    def before_render(self, env: Any, image: Any) -> Any:
        return image

    def after_render(self, env: Any, image: Any) -> Any:
        return image

    def before_close(self, env: Any) -> None:
        return None

    def after_close(self, env: Any) -> None:
        return None


class CommandsCallback(Callback):
    """Runs commands (in the task's dialect) after the task's own set-up, at every reset (MCU
    environments: navigation games have no survival state to run commands in)."""

    def __init__(self, commands: Sequence[str]) -> None:
        if isinstance(commands, str) or not all(isinstance(c, str) for c in commands):
            raise McuError("CommandsCallback(commands): expected a list of command strings")
        self.commands = list(commands)

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        from odyssey.mcu.setup import run_one

        failed = [o for o in (run_one(env.game, c, env.config.dialect) for c in self.commands)
                  if not o.accepted]  # fmt: skip
        if failed:
            raise McuError("CommandsCallback: " + "; ".join(f"{o.command} -> {o.message}"
                                                            for o in failed))  # fmt: skip
        return env.observe(), info


class SummonMobsCallback(Callback):
    """Summons mobs around the player at every reset: ``[{name, number, range_x, range_z}]``
    (offsets drawn from the environment's seeded generator, so resets stay deterministic)."""

    def __init__(self, mobs: Sequence[Mapping[str, Any]]) -> None:
        self.mobs = []
        for i, mob in enumerate(mobs):
            if not isinstance(mob, Mapping) or not isinstance(mob.get("name"), str):
                raise McuError(f"SummonMobsCallback: mob {i} needs a 'name' (got {mob!r})")
            rx, rz = mob.get("range_x", (-5, 5)), mob.get("range_z", (-5, 5))
            if len(rx) != 2 or len(rz) != 2:
                raise McuError(f"SummonMobsCallback: mob {i}: range_x/range_z must be [lo, hi]")
            self.mobs.append((mob["name"], int(mob.get("number", 1)), tuple(rx), tuple(rz)))

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        from odyssey.mcu.setup import run_one

        x, y, z = env.game.player.pos
        for name, number, rx, rz in self.mobs:
            for _ in range(number):
                dx = float(env.np_random.uniform(rx[0], rx[1]))
                dz = float(env.np_random.uniform(rz[0], rz[1]))
                line = f"/summon minecraft:{name} {x + dx:.2f} {y:.2f} {z + dz:.2f}"
                outcome = run_one(env.game, line, None)
                if not outcome.accepted:
                    raise McuError(f"SummonMobsCallback: {line} -> {outcome.message}")
        return env.observe(), info


class FastResetCallback(Callback):
    """Resets by restoring the game to its state just after the first reset's set-up (blocks,
    player, inventory, mobs, clock) instead of rebuilding the world: MineStudio's fast reset
    (it teleports and kills mobs). Put it first so later callbacks' set-up runs again."""

    def __init__(self) -> None:
        self._snapshot: Any = None
        self._game: Any = None

    def before_reset(self, env: Any, seed: int | None) -> bool:
        if self._snapshot is None or env.game is not self._game or seed is not None:
            return True  # a new seed means a new game: reload
        env.game.restore(self._snapshot)
        return False

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        if env.game is not self._game:
            self._game, self._snapshot = env.game, env.game.snapshot()
        return obs, info


@dataclass(frozen=True)
class RewardRule:
    """MineStudio's RewardsCallback entry: ``reward`` each time a statistic in ``event``
    (``mine_block``, ``craft_item``, ``kill_entity``… or our categories) grows for one of
    ``objects``, at most ``max_reward_times`` times (0: unlimited)."""

    event: str
    objects: tuple[str, ...]
    reward: float
    max_reward_times: int = 0


# MineStudio's event names -> our statistics categories (mcu-notes.md §6.3; sim.stats)
EVENT_CATEGORIES = {"mine_block": "mined", "craft_item": "crafted", "use_item": "used",
                    "pickup": "picked_up", "kill_entity": "killed", "break_item": "broken",
                    "drop": "dropped"}  # fmt: skip


@dataclass
class RewardShapingCallback(Callback):
    """Adds rewards for statistics that grow during a step (see :class:`RewardRule`)."""

    rules: Sequence[RewardRule | Mapping[str, Any]]
    _rules: list[RewardRule] = field(default_factory=list, init=False)
    _counts: list[int] = field(default_factory=list, init=False)
    _last: dict[str, dict[str, int]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        for i, rule in enumerate(self.rules):
            if isinstance(rule, Mapping):
                try:
                    objects = rule["objects"]
                    rule = RewardRule(str(rule["event"]), tuple(
                        [objects] if isinstance(objects, str) else objects),
                        float(rule["reward"]), int(rule.get("max_reward_times", 0)))  # fmt: skip
                except (KeyError, TypeError, ValueError) as e:
                    raise McuError(f"RewardShapingCallback: rule {i}: expected {{event, objects,"
                                   f" reward, max_reward_times}}: {e}") from e  # fmt: skip
            self._rules.append(rule)

    def _stats(self, env: Any) -> dict[str, dict[str, int]]:
        return {c: dict(row) for c, row in env.game.survival.stats.values.items()}

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        self._counts = [0] * len(self._rules)
        self._last = self._stats(env)
        return obs, info

    def after_step(
        self, env: Any, obs: Any, reward: float, terminated: bool, truncated: bool,
        info: dict[str, Any],
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:  # fmt: skip
        now = self._stats(env)
        extra = 0.0
        for i, rule in enumerate(self._rules):
            category = EVENT_CATEGORIES.get(rule.event, rule.event)
            before, after = self._last.get(category, {}), now.get(category, {})
            for obj in rule.objects:
                grown = after.get(obj, 0) - before.get(obj, 0)
                while grown > 0 and (not rule.max_reward_times
                                     or self._counts[i] < rule.max_reward_times):  # fmt: skip
                    extra += rule.reward
                    self._counts[i] += 1
                    grown -= 1
        self._last = now
        if extra:
            info = {**info, "shaping_reward": extra}
        return obs, reward + extra, terminated, truncated, info


def config_text(env: Any) -> str:
    """The task's text: an MCU configuration's ``text`` or a navigation task's ``prompt``."""
    return getattr(env.config, "text", None) or getattr(env.config, "prompt", "")


class TaskCallback(Callback):
    """Puts the task text into the observation (``obs["task"]``) when it lacks one."""

    def _add(self, env: Any, obs: Any) -> Any:
        from odyssey.gym.observe import task_text

        if isinstance(obs, dict) and "task" not in obs:
            obs = {**obs, "task": task_text(config_text(env))}
        return obs

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        return self._add(env, obs), info

    def after_step(
        self, env: Any, obs: Any, reward: float, terminated: bool, truncated: bool,
        info: dict[str, Any],
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:  # fmt: skip
        return self._add(env, obs), reward, terminated, truncated, info


class JudgeCallback(Callback):
    """Stores each finished episode for judging afterwards (AutoEval): the task, the outcome
    and every ``every``-th frame, in ``episodes`` (a list of dicts), optionally handed to
    ``on_episode(record)`` as each episode ends."""

    def __init__(self, every: int = 20, on_episode: Any = None) -> None:
        if every < 1:
            raise McuError(f"JudgeCallback(every={every}): expected a positive number of steps")
        self.every, self.on_episode = every, on_episode
        self.episodes: list[dict[str, Any]] = []
        self._frames: list[Any] = []
        self._step = 0

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        self._frames, self._step = [], 0
        return obs, info

    def after_step(
        self, env: Any, obs: Any, reward: float, terminated: bool, truncated: bool,
        info: dict[str, Any],
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:  # fmt: skip
        self._step += 1
        if self._step % self.every == 0 or terminated or truncated:
            self._frames.append(obs["image"] if isinstance(obs, dict) else obs)
        if terminated or truncated:
            record = {"task_id": env.config.id, "text": config_text(env),
                      "judge": getattr(env.config, "judge", None), "steps": self._step,
                      "success": bool(info.get("success")),
                      "terminal_reason": info.get("terminal_reason"),
                      "progress": float(info.get("progress", math.nan)),
                      "frames": list(self._frames)}  # fmt: skip
            self.episodes.append(record)
            if self.on_episode is not None:
                self.on_episode(record)
        return obs, reward, terminated, truncated, info


def after_step(env, obs, reward, terminated, truncated, info):
    """Every callback's ``after_step`` in order, each one's output feeding the next."""
    for cb in env.callbacks:
        obs, reward, terminated, truncated, info = cb.after_step(
            env, obs, reward, terminated, truncated, info)  # fmt: skip
    return obs, reward, terminated, truncated, info


def rendered(env, image):
    """The image after every callback's ``before_render`` then every ``after_render``."""
    for cb in env.callbacks:
        image = cb.before_render(env, image)
    for cb in env.callbacks:
        image = cb.after_render(env, image)
    return image


def after_reset(env, obs, info):
    """Every callback's ``after_reset`` in order, each one's output feeding the next."""
    for cb in env.callbacks:
        obs, info = cb.after_reset(env, obs, info)
    return obs, info


def before_step(env, action):
    """The action after every callback's ``before_step``."""
    for cb in env.callbacks:
        action = cb.before_step(env, action)
    return action
