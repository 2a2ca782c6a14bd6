"""The agent's screen in an episode: a task's eval setting (Mine Odyssey notes §4.6
``task_eval_defaults`` with the task's overrides) turned into render settings.

- ``time``: a name (noon, midnight, sunrise, …) or a tick of the day; ``weather``: clear, rain or
  thunder (drawn as rain: the renderer has no lightning);
- ``six_view_enabled`` → the six-view composite, else ``third_person`` → the F5 camera;
- ``hud_enabled`` → the position/facing HUD; ``guideline`` → the reference route drawn on the
  ground; ``player_scale`` acts through the player's attributes (eye height, body, physics);
- the in-world marker shows only the target (``target_waypoint_profile`` "xaero-target-only");
- ``navigation_hints_enabled`` changes the language-model agent's prompt, not the screen;
  ``resource_pack_and_shader`` is refused: Odyssey has neither.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from odyssey.episode.settings import Settings, SettingsError
from odyssey.render.view import TIME_TICKS, Hotbar, ViewSettings, Waypoint
from odyssey.tasks.resolve import ResolvedTask

WEATHER_RAIN = {"clear": False, "rain": True, "thunder": True}
TARGET_ONLY = "xaero-target-only"


class EvalSettingError(SettingsError):
    """An eval setting the episode cannot honour; the message names the task and the field."""


def tick_of_day(task_id: str, value: Any) -> int:
    """The eval setting ``time`` as a tick of the day."""
    if type(value) is int and 0 <= value < 24000:
        return value
    if isinstance(value, str) and value in TIME_TICKS:
        return TIME_TICKS[value]
    raise EvalSettingError(
        f"task {task_id}: eval_setting.time: {value!r} is not one of "
        f"{', '.join(TIME_TICKS)} or a tick 0..23999"
    )


def is_raining(task_id: str, value: Any) -> bool:
    if value not in WEATHER_RAIN:
        raise EvalSettingError(
            f"task {task_id}: eval_setting.weather: {value!r} is not one of "
            f"{', '.join(WEATHER_RAIN)}"
        )
    return WEATHER_RAIN[value]


def check_eval_setting(task_id: str, eval_setting: Mapping[str, Any], settings: Settings) -> None:
    """Raises EvalSettingError for anything the episode cannot honour."""
    tick_of_day(task_id, eval_setting.get("time", "noon"))
    is_raining(task_id, eval_setting.get("weather", "clear"))
    if eval_setting.get("resource_pack_and_shader"):
        raise EvalSettingError(
            f"task {task_id}: eval_setting.resource_pack_and_shader: true is not supported "
            "(Odyssey draws its own textures and has no shaders)"
        )
    known = set(type(settings.task_eval_defaults).model_fields)
    unknown = sorted(set(eval_setting) - known)
    if unknown:
        raise EvalSettingError(
            f"task {task_id}: eval_setting: unknown field(s) {', '.join(unknown)}; "
            f"expected among {', '.join(sorted(known))}"
        )
    profile = settings.runtime.target_waypoint_profile
    if profile != TARGET_ONLY:
        raise EvalSettingError(
            f"settings: runtime.target_waypoint_profile: {profile!r} is not supported "
            f"(expected {TARGET_ONLY!r})"
        )


def view_settings(
    task_id: str, eval_setting: Mapping[str, Any], width: int = 854, height: int = 480
) -> ViewSettings:
    """Mine Odyssey's view profile (FOV 100, markers within 32 blocks) under the eval setting."""
    if eval_setting.get("six_view_enabled"):
        view = "six"
    elif eval_setting.get("third_person"):
        view = "third"
    else:
        view = "first"
    return ViewSettings.benchmark(
        width=width,
        height=height,
        view=view,
        time=tick_of_day(task_id, eval_setting.get("time", "noon")),
        rain=is_raining(task_id, eval_setting.get("weather", "clear")),
        hud=bool(eval_setting.get("hud_enabled", False)),
    )


def target_waypoint(task: ResolvedTask) -> Waypoint:
    """The one marker the agent sees: the target (Xaero file with only the target)."""
    t = task.target
    return Waypoint(t.name, t.caption, t.position)


def make_view(
    world: Any,
    task: ResolvedTask,
    eval_setting: Mapping[str, Any],
    guide: Sequence[tuple[float, float, float]] = (),
    width: int = 854,
    height: int = 480,
) -> Any:
    """A ``GameView`` of ``world`` showing what this task's agent sees."""
    from odyssey.render.screen import GameView  # needs OpenGL: imported only when drawing

    view = GameView(
        world,
        view_settings(task.id, eval_setting, width, height),
        waypoints=[target_waypoint(task)],
        hotbar=Hotbar.benchmark(),
    )
    if guide and eval_setting.get("guideline"):
        view.guide = list(guide)
    return view


class EpisodeScreen:
    """The agent's screen over the episode's game, made on first use (meshing and OpenGL cost
    nothing until a frame is wanted). The guideline route is planned then, from the start
    through the task's stops, when the eval setting asks for it."""

    def __init__(self, game: Any, task: ResolvedTask, eval_setting: Mapping[str, Any]) -> None:
        self.game, self.task, self.eval_setting = game, task, dict(eval_setting)
        self._view: Any = None
        self.mouse: tuple[float, float] | None = None  # the pointer over an open screen

    def _guide(self) -> list[tuple[float, float, float]]:
        if not self.eval_setting.get("guideline"):
            return []
        from odyssey.nav.planner import plan_route

        stops = [self.task.start.position, *(s.position for s in self.task.stops)]
        route = plan_route(self.game.world, [tuple(s) for s in stops])
        return [step.pos for step in route.steps] if route.reachable else []

    @property
    def view(self) -> Any:
        if self._view is None:
            self._view = make_view(self.game.world, self.task, self.eval_setting, self._guide())
        return self._view

    def frame(self) -> Any:
        """The RGB frame (height, width, 3) of the game now."""
        with self.game.lock:  # a consistent player and world while a realtime clock ticks
            survival = self.game.survival
            moved = survival is not None and self.view.settings.time != self.game.time_of_day
            if self.game.time_runs() or moved:  # time runs, or /time set: the sky follows
                self.view.with_settings(time=self.game.time_of_day)
            if survival is not None and self.view.settings.rain != (survival.weather != "clear"):
                self.view.with_settings(rain=survival.weather != "clear")  # /weather shows
            return self.view.game_frame(self.game, self.mouse)

    def jpeg(self) -> bytes:
        from odyssey.render.screen import encode_jpeg

        return encode_jpeg(self.frame(), self.view.settings.jpeg_quality)

    def close(self) -> None:
        if self._view is not None:
            self._view.close()
            self._view = None
