"""Mine Odyssey's task catalog, ``tasks.json`` schema v2, and the checks that need no map.

A catalog is ``{"schema_version": 2, "tasks": [...]}``; each row has exactly these keys::

    {"task_id": "cape-town-005", "prompt": "...", "map_id": "cape-town",
     "waypoints": [{"id": "CPT-WP-032", "name": "Victoria Junction", "caption": "V"}, ...],
     "eval_setting": {},
     "metadata": {"source_route_id": "...", "title_local": "...", "topic_local": "...",
                  "prompt_language": "en-ZA", "prompt_zh": "...", "prompt_style": "...",
                  "difficulty": "easy"}}

``waypoints[0]`` is where the player spawns, ``waypoints[-1]`` the target, the ones between are
ordered checkpoints. ``eval_setting`` overrides the setting's ``task_eval_defaults`` (the keys of
``TASK_EVAL_DEFAULTS``) and may add ``start_view: {yaw, pitch}``. ``metadata`` keeps any extra
field (Odyssey adds ``prompt_en``). The map-dependent checks live in ``odyssey.tasks.catalog``.
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from odyssey.errors import OdysseyError, problems_text
from odyssey.maps.manifest import NonEmptyStr, describe

SCHEMA_VERSION = 2
MIN_WAYPOINTS = 2  # a start and a target
MAX_WAYPOINTS = 12
MAX_LISTED_PROBLEMS = 8  # how many problems one error message spells out
# `<map-id>-NNN`: the map id (lower-case words joined by hyphens) and at least three digits.
TASK_ID_PATTERN = re.compile(r"^(?P<map>[a-z0-9]+(?:-[a-z0-9]+)*)-(?P<number>[0-9]{3,})$")

# settings.final-navigation-v1.json `task_eval_defaults`; a task's eval_setting may only override
# these (a test compares them with the reference file).
TASK_EVAL_DEFAULTS: dict[str, Any] = {
    "time": "noon",
    "weather": "clear",
    "six_view_enabled": False,
    "player_scale": 1.0,
    "third_person": False,
    "hud_enabled": False,
    "navigation_hints_enabled": False,
    "guideline": False,
    "resource_pack_and_shader": False,
    "coordinate_lock_enabled": True,
}
START_VIEW = "start_view"  # the one eval_setting key that is not a default: {yaw, pitch}


class TaskError(OdysseyError):
    """A task or task catalog could not be read, resolved or written."""


class TaskCatalogError(TaskError):
    """A catalog breaks its format or names what its maps lack; ``problems`` lists them all."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(problems_text(self.problems, MAX_LISTED_PROBLEMS))


class TaskWaypoint(BaseModel):
    """One stop of a task, as the catalog names it (the position comes from the map)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: NonEmptyStr
    name: NonEmptyStr
    caption: str


class TaskMetadata(BaseModel):
    """Where the task came from and its prompt in other forms; unknown fields are kept."""

    model_config = ConfigDict(extra="allow")

    source_route_id: str | None = None
    title_local: str | None = None
    topic_local: str | None = None
    prompt_language: str | None = None
    prompt_zh: str | None = None
    prompt_style: str | None = None
    difficulty: Literal["easy", "medium", "hard"] | None = None


class Task(BaseModel):
    """One row of ``tasks.json``; only the shape is checked here (see ``task_problems``)."""

    model_config = ConfigDict(extra="forbid")

    task_id: NonEmptyStr
    prompt: NonEmptyStr
    map_id: NonEmptyStr
    waypoints: list[TaskWaypoint]
    eval_setting: dict[str, Any] = Field(default_factory=dict)
    metadata: TaskMetadata = Field(default_factory=TaskMetadata)

    @property
    def start(self) -> TaskWaypoint:
        return self.waypoints[0]

    @property
    def target(self) -> TaskWaypoint:
        return self.waypoints[-1]

    @property
    def checkpoints(self) -> list[TaskWaypoint]:
        """The ordered stops between the start and the target."""
        return self.waypoints[1:-1]


class TaskCatalog(BaseModel):
    """``tasks.json``."""

    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[2] = SCHEMA_VERSION
    tasks: list[Task] = Field(default_factory=list)

    def by_id(self) -> dict[str, Task]:
        """The tasks by id (the first of repeated ids wins; validation reports repeats)."""
        out: dict[str, Task] = {}
        for task in self.tasks:
            out.setdefault(task.task_id, task)
        return out

    def map_ids(self) -> list[str]:
        """The maps the catalog uses, in first-use order."""
        return list(dict.fromkeys(task.map_id for task in self.tasks))


# -- checks that need no map --------------------------------------------------------------------


def task_label(index: int, task: Task | Any) -> str:
    """``tasks[3] (cape-town-004)``: where a task sits and which it is, for messages."""
    task_id = task.task_id if isinstance(task, Task) else _raw_task_id(task)
    return f"tasks[{index}] ({task_id})" if task_id else f"tasks[{index}]"


def _raw_task_id(row: Any) -> str | None:
    if isinstance(row, dict) and isinstance(row.get("task_id"), str) and row["task_id"]:
        return row["task_id"]
    return None


def task_problems(task: Task, where: str, defaults: dict[str, Any] | None = None) -> list[str]:
    """What one task's shape cannot catch: its id, its number of stops, repeated stops and its
    eval_setting. ``where`` prefixes every message (file and task)."""
    problems: list[str] = []
    match = TASK_ID_PATTERN.match(task.task_id)
    if match is None:
        problems.append(
            f"{where}: task_id: expected '<map-id>-NNN' (e.g. 'cape-town-005'), "
            f"got {task.task_id!r}"
        )
    elif match["map"] != task.map_id:
        problems.append(
            f"{where}: task_id: {task.task_id!r} does not start with its map_id {task.map_id!r}"
        )
    count = len(task.waypoints)
    if not MIN_WAYPOINTS <= count <= MAX_WAYPOINTS:
        problems.append(
            f"{where}: waypoints: a task needs {MIN_WAYPOINTS} to {MAX_WAYPOINTS} waypoints "
            f"(start, checkpoints, target), got {count}"
        )
    problems += _repeat_problems(task.waypoints, where)
    problems += eval_setting_problems(task.eval_setting, where, defaults)
    return problems


def _repeat_problems(stops: list[TaskWaypoint], where: str) -> list[str]:
    """Checkpoints are unique; a stop never repeats the one before it (it would be reached the
    moment it is armed). Start and target may be one place: a loop route."""
    problems: list[str] = []
    first: dict[str, int] = {}
    for i in range(1, len(stops) - 1):
        stop_id = stops[i].id
        if stop_id in first:
            problems.append(
                f"{where}: waypoints[{i}].id: checkpoint {stop_id!r} is already "
                f"waypoints[{first[stop_id]}]; checkpoints must be unique"
            )
        first.setdefault(stop_id, i)
    for i in range(1, len(stops)):
        # Two checkpoints in a row are already reported above.
        ends = i == 1 or i == len(stops) - 1
        if ends and stops[i].id == stops[i - 1].id:
            problems.append(
                f"{where}: waypoints[{i}].id: {stops[i].id!r} repeats the stop before it"
            )
    return problems


def eval_setting_problems(
    overrides: dict[str, Any], where: str, defaults: dict[str, Any] | None = None
) -> list[str]:
    """Every override names a default and has its type; ``start_view`` is ``{yaw, pitch}``."""
    defaults = TASK_EVAL_DEFAULTS if defaults is None else defaults
    problems: list[str] = []
    for key, value in overrides.items():
        field = f"{where}: eval_setting.{key}"
        if key == START_VIEW:
            problems += _start_view_problems(value, field)
        elif key not in defaults:
            known = ", ".join([*defaults, START_VIEW])
            problems.append(f"{field}: unknown field (known: {known})")
        elif not _same_kind(value, defaults[key]):
            problems.append(
                f"{field}: expected {_kind_name(defaults[key])} like the default "
                f"{defaults[key]!r}, got {describe(value)}"
            )
    return problems


def _start_view_problems(value: Any, field: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{field}: expected an object {{yaw, pitch}}, got {describe(value)}"]
    problems = [
        f"{field}.{key}: unknown field (known: yaw, pitch)"
        for key in value
        if key not in ("yaw", "pitch")
    ]
    for key in ("yaw", "pitch"):
        if key in value and not _is_number(value[key]):
            problems.append(f"{field}.{key}: expected a finite number, got {describe(value[key])}")
    pitch = value.get("pitch")
    if _is_number(pitch) and not -90 <= pitch <= 90:
        problems.append(f"{field}.pitch: must lie in -90..90, got {pitch!r}")
    return problems


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _same_kind(value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int | float):
        return _is_number(value)
    return isinstance(value, type(default))


def _kind_name(default: Any) -> str:
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int | float):
        return "a finite number"
    return "a string" if isinstance(default, str) else f"a {type(default).__name__}"


def catalog_problems(
    catalog: TaskCatalog, label: str, defaults: dict[str, Any] | None = None
) -> list[str]:
    """Every map-independent problem of a catalog: each task's, and repeated task ids."""
    problems: list[str] = []
    first: dict[str, int] = {}
    for i, task in enumerate(catalog.tasks):
        where = f"{label}: {task_label(i, task)}"
        problems += task_problems(task, where, defaults)
        if task.task_id in first:
            problems.append(
                f"{where}: task_id: {task.task_id!r} is also the id of tasks[{first[task.task_id]}]"
            )
        first.setdefault(task.task_id, i)
    return problems
