"""``NavEnv``: Mine Odyssey navigation tasks on a built-in map as a Gymnasium environment
(docs/gym.md).

The map package is opened once (``maps.catalog.build_map``: cached under ODYSSEY_CACHE); a reset
puts the game back to its first state (``Game.snapshot``/``restore``) and the player at the
start of the task (``task=`` a task id of the ``demo`` suite on that map, or None: one of the
map's tasks drawn per reset). One step = one game tick; the same dict/discrete actions as
``OdysseyEnv`` (hotbar, drop and inventory do nothing: navigation runs in adventure mode).

Reward: 1.0 per stop the verifier records (``episode.verifier``, sampled every tick) plus the
shaping ``(d_before - d_after) / 10``, d = the feet's 3-D distance to the next stop.
``terminated``: every stop reached (``success``), or the verifier ended the episode (death, out of
bounds); ``truncated``: ``time_limit_s`` of game time (``time_limit``) or ``max_steps``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from odyssey.gym.callbacks import Callback, after_reset, after_step, before_step, rendered
from odyssey.gym.controls import MOVE_KEYS
from odyssey.gym.env import STEP_LIMIT, SUCCESS, TIME_LIMIT, check_options, check_size
from odyssey.gym.observe import task_text, voxels, wrap_yaw
from odyssey.gym.spaces import (
    CAMERA_MAX,
    DISCRETE_ACTIONS,
    HEALTH_MAX,
    dict_action_space,
    discrete_to_dict,
    image_space,
    player_spaces,
)
from odyssey.mcu.needs import McuError
from odyssey.sim.game import TICKS_PER_SECOND
from odyssey.sim.player import InputState

NAV_SUITE = "demo"
BENCHMARK_WINDOW = (854, 480)  # Mine Odyssey's screenshot size
NAV_MAPS = ("hotel", "palace", "liner")  # the demo suite's indoor maps: built in seconds
SHAPING_SCALE = 10.0  # reward per block of distance closed = 1 / SHAPING_SCALE


def nav_observation_space(width: int, height: int, obs_dict: bool) -> spaces.Dict:
    if not obs_dict:
        return spaces.Dict({"image": image_space(width, height)})
    return spaces.Dict(player_spaces(width, height) | {
        "next_stop": spaces.Box(-3.0e7, 3.0e7, (3,), np.float64),
        "stops_reached": spaces.Discrete(64),
    })  # fmt: skip


def map_tasks(map_id: str) -> list[Any]:
    """The demo suite's tasks on ``map_id``, resolved against the map."""
    from odyssey.maps.catalog import build_map
    from odyssey.tasks.resolve import resolve_task
    from odyssey.tasks.suites import load_suite

    catalog, _ = load_suite(NAV_SUITE)
    tasks = [t for t in catalog.tasks if t.map_id == map_id]
    if not tasks:
        raise McuError(f"NavEnv(map_id={map_id!r}): the {NAV_SUITE} suite has no task on it"
                       f" (expected one of {', '.join(NAV_MAPS)})")  # fmt: skip
    path = build_map(map_id).path
    return [resolve_task(t, path) for t in tasks]


class NavEnv(gym.Env):
    """Navigation on one built-in map (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["rgb_array"],
        "render_fps": TICKS_PER_SECOND,
    }

    def __init__(
        self,
        map_id: str = "hotel",
        task: str | None = None,
        size: tuple[int, int] = (64, 64),
        obs_dict: bool = False,
        actions: str = "dict",
        callbacks: Sequence[Callback] = (),
        max_steps: int | None = None,
        time_limit_s: float = 120.0,
        render_mode: str | None = None,
        window: tuple[int, int] | None = BENCHMARK_WINDOW,
    ) -> None:
        check_options(actions, render_mode, max_steps, callbacks)
        if not time_limit_s > 0:
            raise McuError(f"time_limit_s={time_limit_s!r}: expected a positive number")
        self.map_id = map_id
        self.tasks = map_tasks(map_id)
        if task is not None:
            self.tasks = [t for t in self.tasks if t.id == task]
            if not self.tasks:
                known = ", ".join(t.id for t in map_tasks(map_id))
                raise McuError(f"NavEnv(task={task!r}): not a task on {map_id} (known: {known})")
        self.task = self.tasks[0]
        self.width, self.height = check_size(size)
        # drawn for Mine Odyssey's 854 × 480 screenshots and resized (render.resized)
        self.window = (
            None
            if window is None or tuple(window) == (self.width, self.height)
            else check_size(window)
        )
        self.obs_dict, self.actions = bool(obs_dict), actions
        self.callbacks = list(callbacks)
        self.max_steps, self.time_limit_s, self.render_mode = max_steps, time_limit_s, render_mode
        self.observation_space = nav_observation_space(self.width, self.height, self.obs_dict)
        self.action_space = (spaces.Discrete(len(DISCRETE_ACTIONS)) if actions == "discrete"
                             else dict_action_space())  # fmt: skip
        self.game: Any = None
        self.verifier: Any = None
        self._first: Any = None  # the game's state before any episode
        self._views: dict[str, Any] = {}
        self.steps, self.start_tick, self.terminal_reason = 0, 0, None
        self._distance = 0.0
        self._image: np.ndarray | None = None

    @property
    def config(self) -> Any:
        """The resolved navigation task (``id``, ``prompt``...): callbacks read ``config``."""
        return self.task

    # -- gymnasium ------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        for cb in self.callbacks:
            cb.before_reset(self, seed)  # the map is never reloaded: restoring is as fast
        if len(self.tasks) > 1:
            self.task = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        self._start()
        return after_reset(self, self.observe(), self._info([]))

    def step(self, action: Any):
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        action = before_step(self, action)
        keys = discrete_to_dict(action) if self.actions == "discrete" else action
        game = self.game
        camera = np.clip(np.asarray(keys.get("camera", (0.0, 0.0)), np.float64), -CAMERA_MAX,
                         CAMERA_MAX)  # fmt: skip
        if camera[0] or camera[1]:
            p = game.player
            game.look(p.yaw + float(camera[1]), min(max(p.pitch + float(camera[0]), -90.0), 90.0))
        game.hold(InputState(**{k: bool(keys.get(k)) for k in MOVE_KEYS}))
        game.tick()
        self.steps += 1
        reached_before = len(self.verifier.reached)
        events = self._sample()
        reached = len(self.verifier.reached) - reached_before
        distance = self._next_distance()
        # shaping only while the same stop is next: reaching one resets the distance
        shaping = (self._distance - distance) / SHAPING_SCALE if not reached else 0.0
        self._distance = distance
        reward = float(reached + shaping)
        terminated = truncated = False
        reason = None
        if self.verifier.oracle_arrived:
            reason, terminated = SUCCESS, True
        elif self.verifier.terminal:
            reason, terminated = self.verifier.terminal_reason, True
        elif self.tick >= round(self.time_limit_s * TICKS_PER_SECOND):
            reason, truncated = TIME_LIMIT, True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            reason, truncated = STEP_LIMIT, True
        self.terminal_reason = reason
        obs, info = self.observe(), self._info(events)
        return after_step(self, obs, reward, terminated, truncated, info)

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        return rendered(self, self._image if self._image is not None else self._frame())

    def close(self) -> None:
        for cb in self.callbacks:
            cb.before_close(self)
        for view in self._views.values():
            view.close()
        self._views.clear()
        for cb in self.callbacks:
            cb.after_close(self)
        super().close()

    # -- parts ----------------------------------------------------------------------------------

    @property
    def tick(self) -> int:
        return self.game.tick_count - self.start_tick if self.game is not None else 0

    def _start(self) -> None:
        from odyssey.episode.runner import game_rules
        from odyssey.episode.settings import Settings, eval_setting_for
        from odyssey.episode.verifier import ArrivalPolicy, OutOfBoundsPolicy, Verifier
        from odyssey.episode.view import tick_of_day
        from odyssey.maps.catalog import build_map
        from odyssey.maps.package import load_package
        from odyssey.sim.game import Game
        from odyssey.sim.player import PlayerState

        task, settings = self.task, Settings()
        setting = eval_setting_for(settings, dict(task.eval_setting))
        if self.game is None:
            self._package = load_package(build_map(self.map_id).path)
            rules = game_rules(settings, tick_of_day(task.id, setting.get("time", "noon")))
            player = PlayerState(pos=task.start.position)
            self.game = Game(self._package.open_world(), player, rules)
            self._first = self.game.snapshot()
        self.game.restore(self._first)
        self.game.time_of_day = tick_of_day(task.id, setting.get("time", "noon"))
        self.game.teleport(tuple(task.start.position), task.start.yaw, task.start.pitch)
        self.game.hold(InputState())
        floor = self._package.manifest.out_of_bounds
        self.verifier = Verifier.for_task(
            task,
            out_of_bounds=None if floor is None else OutOfBoundsPolicy(floor.at_or_below_y,
                                                                       floor.duration_sec),
            policy=ArrivalPolicy(settings.arrival.radius_3d, settings.arrival.radius_y,
                                 settings.arrival.sample_interval_sec),
        )  # fmt: skip
        self.start_tick, self.steps, self.terminal_reason = self.game.tick_count, 0, None
        self._sample()
        self._distance = self._next_distance()

    def _sample(self) -> list[dict[str, Any]]:
        from odyssey.episode.verifier import Sample

        p = self.game.player
        events = self.verifier.observe(Sample(time_s=self.tick / TICKS_PER_SECOND,
                                              position=p.pos,
                                              health=0.0 if p.dead else p.health))  # fmt: skip
        return [{"tick": self.tick, "kind": e.kind, "waypoint_id": e.waypoint_id,
                 "detail": e.message} for e in events]  # fmt: skip

    def _next_stop(self) -> tuple[float, float, float]:
        v = self.verifier
        done = len(v.checkpoints)
        stop = v.required[done] if done < len(v.required) else v.target
        return tuple(float(c) for c in stop.position)

    def _next_distance(self) -> float:
        return math.dist(self.game.player.pos, self._next_stop())

    def _view(self) -> Any:
        view = self._views.get(self.task.id)
        if view is None:
            from odyssey.episode.settings import Settings, eval_setting_for
            from odyssey.episode.view import make_view

            setting = eval_setting_for(Settings(), dict(self.task.eval_setting))
            view = make_view(self.game.world, self.task, setting, (), self.width, self.height)
            if self.window is not None:
                from odyssey.render.resized import ResizedView

                view = ResizedView(view, self.window)
            self._views[self.task.id] = view
        return view

    def _frame(self) -> np.ndarray:
        with self.game.lock:
            frame = self._view().game_frame(self.game)
        self._image = np.array(frame, dtype=np.uint8, copy=True)
        return self._image

    def observe(self) -> dict[str, Any]:
        obs: dict[str, Any] = {"image": self._frame()}
        if self.obs_dict:
            p = self.game.player
            obs |= {
                "position": np.array(p.pos, np.float64),
                "facing": np.array([p.pitch, wrap_yaw(p.yaw)], np.float32),
                "health": np.array([min(max(p.health, 0.0), HEALTH_MAX)], np.float32),
                "next_stop": np.array(self._next_stop(), np.float64),
                "stops_reached": min(len(self.verifier.reached), 63),
                "voxels": voxels(self.game),
                "task": task_text(self.task.prompt),
            }
        return obs

    def _info(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        v = self.verifier
        return {"task_id": self.task.id, "tick": self.tick, "steps": self.steps,
                "progress": len(v.reached) / len(v.stops), "stops_reached": len(v.reached),
                "success": self.terminal_reason == SUCCESS,
                "terminal_reason": self.terminal_reason,
                "distance_to_next": self._distance, "events": events}  # fmt: skip
