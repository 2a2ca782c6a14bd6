"""A task resolved against its map: where the player starts, the ordered stops with positions,
the target, the merged eval settings; and its digest.

The resolved task follows the shape of Mine Odyssey's loader output (its notes §4.2), with the
positions added so a run depends on nothing else::

    {"id", "name", "prompt", "map_id", "category": ["navigation"],
     "start": {"waypoint_id", "name", "position": [x, y, z], "yaw", "pitch"},
     "stops": [{"waypoint_id", "name", "caption", "position"}, ...],  # after the start; target last
     "target": {...the last stop...}, "required_waypoints": [checkpoint ids, in order],
     "source": {"kind": "route", "route_id"} | {"kind": "catalog"},
     "eval_setting": {defaults merged with the task's overrides}, "metadata": {...}}

**Digest.** ``task_digest`` is the SHA-256 (hex) of the canonical JSON of that object: keys
sorted, separators ``,`` and ``:`` with no spaces, UTF-8 with non-ASCII characters kept (not
escaped), no NaN or infinity, floats written as Python's ``repr`` (the shortest text that reads
back to the same float) except that integral floats are written as integers — so a position
written ``200`` or ``200.0`` gives one digest. Anything that reaches the agent, the verifier or
the settings (prompt, any stop, any position, the start view, an eval setting, metadata) changes
it.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from odyssey.maps.package import MapPackage
from odyssey.maps.waypoints import Waypoint, WaypointsFile, load_waypoints
from odyssey.tasks.schema import (
    START_VIEW,
    TASK_EVAL_DEFAULTS,
    Task,
    TaskCatalogError,
    task_problems,
)

# What names a map's waypoints: a package or waypoint file (any layout ``load_waypoints`` reads),
# a folder holding ``waypoints.json``, a loaded package or file, or the waypoints themselves.
WaypointSource = (
    Path | str | MapPackage | WaypointsFile | Mapping[str, Waypoint] | Iterable[Waypoint]
)
Point = tuple[float, float, float]


class ResolvedStop(BaseModel):
    """A stop the player must reach, with the map's arrival anchor (a player's feet)."""

    model_config = ConfigDict(frozen=True)

    waypoint_id: str
    name: str
    caption: str
    position: Point


class StartPose(BaseModel):
    """Where and facing which way the player appears; yaw/pitch from ``start_view`` or 0/0."""

    model_config = ConfigDict(frozen=True)

    waypoint_id: str
    name: str
    position: Point
    yaw: float = 0.0
    pitch: float = 0.0


class ResolvedTask(BaseModel):
    """Everything a run of the task needs from the catalog and the map (module docstring)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    prompt: str
    map_id: str
    category: tuple[str, ...] = ("navigation",)
    start: StartPose
    stops: tuple[ResolvedStop, ...]
    target: ResolvedStop
    required_waypoints: tuple[str, ...]
    source: dict[str, Any]
    eval_setting: dict[str, Any]
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def checkpoints(self) -> tuple[ResolvedStop, ...]:
        """The stops before the target, in the order they must be reached."""
        return self.stops[:-1]

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @property
    def digest(self) -> str:
        return task_digest(self)


# -- waypoints of a map -------------------------------------------------------------------------


def waypoint_index(source: WaypointSource, map_id: str | None = None) -> dict[str, Waypoint]:
    """A map's waypoints by id from any ``WaypointSource``; a file that cannot be read raises
    ``odyssey.maps.manifest.MapFormatError`` naming it."""
    if isinstance(source, str | Path):
        path = Path(source)
        if path.is_dir():
            path = path / "waypoints.json"
        source = load_waypoints(path, map_id=map_id, label=str(path))
    if isinstance(source, MapPackage):
        source = source.waypoints
    if isinstance(source, WaypointsFile):
        return source.by_id()
    if isinstance(source, Mapping):
        return dict(source)
    return {w.id: w for w in source}


def map_problems(task: Task, waypoints: Mapping[str, Waypoint], where: str) -> list[str]:
    """Every stop names a waypoint of the map, by its id and its exact catalog name."""
    problems: list[str] = []
    for i, stop in enumerate(task.waypoints):
        known = waypoints.get(stop.id)
        if known is None:
            problems.append(
                f"{where}: waypoints[{i}].id: map {task.map_id!r} has no waypoint {stop.id!r}"
            )
        elif known.name != stop.name:
            problems.append(
                f"{where}: waypoints[{i}].name: {stop.name!r} is not the map's name for "
                f"{stop.id!r}, which is {known.name!r}"
            )
    return problems


# -- resolving ----------------------------------------------------------------------------------


def resolve_task(
    task: Task,
    waypoints: WaypointSource,
    defaults: Mapping[str, Any] | None = None,
) -> ResolvedTask:
    """``task`` with its map's positions and the eval settings merged over ``defaults`` (the
    setting's ``task_eval_defaults``); TaskCatalogError lists every problem found."""
    defaults = dict(TASK_EVAL_DEFAULTS if defaults is None else defaults)
    index = waypoint_index(waypoints, task.map_id)
    where = f"task {task.task_id}"
    problems = task_problems(task, where, defaults) + map_problems(task, index, where)
    if problems:
        raise TaskCatalogError(problems)
    stops = tuple(
        ResolvedStop(
            waypoint_id=s.id,
            name=s.name,
            caption=s.caption,
            position=index[s.id].position.as_tuple(),
        )
        for s in task.waypoints[1:]
    )
    view = task.eval_setting.get(START_VIEW) or {}
    first = task.waypoints[0]
    start = StartPose(
        waypoint_id=first.id,
        name=first.name,
        position=index[first.id].position.as_tuple(),
        yaw=view.get("yaw", 0.0),
        pitch=view.get("pitch", 0.0),
    )
    metadata = task.metadata.model_dump(mode="json", exclude_none=True)
    route_id = task.metadata.source_route_id
    source = {"kind": "route", "route_id": route_id} if route_id else {"kind": "catalog"}
    overrides = {k: v for k, v in task.eval_setting.items() if k != START_VIEW}
    return ResolvedTask(
        id=task.task_id,
        name=task.metadata.title_local or task.task_id,
        prompt=task.prompt,
        map_id=task.map_id,
        start=start,
        stops=stops,
        target=stops[-1],
        required_waypoints=tuple(s.waypoint_id for s in stops[:-1]),
        source=source,
        eval_setting={**defaults, **overrides},
        metadata=metadata,
    )


# -- digest -------------------------------------------------------------------------------------


def canonical_json(data: Any) -> bytes:
    """The canonical JSON bytes described in the module docstring."""
    text = json.dumps(
        _plain_numbers(data),
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    )
    return text.encode("utf-8")


def _plain_numbers(value: Any) -> Any:
    """Integral floats as ints (one spelling per number); containers walked, tuples as lists."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot digest a non-finite number ({value!r})")
        return int(value) if value.is_integer() else value
    if isinstance(value, dict):
        return {str(k): _plain_numbers(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_numbers(v) for v in value]
    return value


def task_digest(task: ResolvedTask | Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the resolved task's canonical JSON."""
    data = task.to_json() if isinstance(task, ResolvedTask) else dict(task)
    return hashlib.sha256(canonical_json(data)).hexdigest()
