"""Reading, checking and writing ``tasks.json`` catalogs (format in ``odyssey.tasks.schema``).

Every problem names the file, the task (``tasks[3] (cape-town-004)``) and the field, e.g.
``tasks.json: tasks[0] (cape-town-001): waypoints[2].id: map 'cape-town' has no waypoint
'CPT-WP-999'``. Checks report every problem at once; the strict variants raise
``TaskCatalogError`` carrying the list.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from odyssey.maps.manifest import (
    MapPackageError,
    describe,
    read_json,
    validation_problems,
    write_json,
)
from odyssey.maps.waypoints import Waypoint
from odyssey.tasks.resolve import WaypointSource, map_problems, waypoint_index
from odyssey.tasks.schema import (
    SCHEMA_VERSION,
    TASK_EVAL_DEFAULTS,
    Task,
    TaskCatalog,
    TaskCatalogError,
    catalog_problems,
    task_label,
)

# The maps a catalog is checked against: map id -> waypoint source, or a folder holding one
# folder per map id (each with ``waypoints.json``, as Mine Odyssey's eval/navigation/maps/).
Maps = Mapping[str, WaypointSource] | Path | str


# -- reading ------------------------------------------------------------------------------------


def parse_catalog(data: Any, label: str = "tasks.json") -> tuple[TaskCatalog | None, list[str]]:
    """``tasks.json`` data as a catalog (None if its shape is wrong) and every shape problem."""
    if not isinstance(data, dict):
        return None, [
            f'{label}: expected an object {{"schema_version": 2, "tasks": [...]}}, '
            f"got {describe(data)}"
        ]
    problems: list[str] = []
    if data.get("schema_version") != SCHEMA_VERSION:
        problems.append(
            f"{label}: schema_version: expected {SCHEMA_VERSION}, "
            f"got {describe(data.get('schema_version'))}"
        )
    problems += [
        f"{label}: {key}: unknown field" for key in data if key not in TaskCatalog.model_fields
    ]
    rows = data.get("tasks")
    if not isinstance(rows, list):
        return None, [*problems, f"{label}: tasks: expected a list of tasks, got {describe(rows)}"]
    tasks: list[Task] = []
    for i, row in enumerate(rows):
        try:
            tasks.append(Task.model_validate(row))
        except ValidationError as e:
            found = validation_problems(e, f"{label}: {task_label(i, row)}")
            # pydantic's wording for a key the format does not have
            problems += [
                p.replace("extra inputs are not permitted", "unknown field") for p in found
            ]
    if problems:
        return None, problems
    return TaskCatalog(schema_version=SCHEMA_VERSION, tasks=tasks), []


def load_catalog(
    path: Path | str,
    check: bool = True,
    defaults: Mapping[str, Any] | None = None,
) -> TaskCatalog:
    """The catalog in ``path``. TaskCatalogError lists broken JSON or every shape problem and,
    with ``check``, every problem found without the maps (ids, stop counts, repeats,
    eval_setting fields)."""
    path = Path(path)
    label = str(path)
    try:
        data = read_json(path, label)
    except MapPackageError as e:
        raise TaskCatalogError(getattr(e, "problems", [str(e)])) from None
    catalog, problems = parse_catalog(data, label)
    if catalog is not None and check:
        problems = catalog_problems(catalog, label, _defaults(defaults))
    if problems or catalog is None:
        raise TaskCatalogError(problems)
    return catalog


def eval_defaults(settings_path: Path | str) -> dict[str, Any]:
    """``task_eval_defaults`` of a settings file (such as settings.final-navigation-v1.json)."""
    path = Path(settings_path)
    try:
        data = read_json(path, str(path))
    except MapPackageError as e:
        raise TaskCatalogError(getattr(e, "problems", [str(e)])) from None
    defaults = data.get("task_eval_defaults") if isinstance(data, dict) else None
    if not isinstance(defaults, dict):
        raise TaskCatalogError(
            [f"{path}: task_eval_defaults: expected an object, got {describe(defaults)}"]
        )
    return defaults


def _defaults(defaults: Mapping[str, Any] | None) -> dict[str, Any]:
    return dict(TASK_EVAL_DEFAULTS if defaults is None else defaults)


# -- writing ------------------------------------------------------------------------------------


def catalog_data(catalog: TaskCatalog) -> dict[str, Any]:
    """The catalog as ``tasks.json`` data: row keys in the format's order, empty metadata
    fields left out."""
    return {
        "schema_version": SCHEMA_VERSION,
        "tasks": [
            {
                "task_id": t.task_id,
                "prompt": t.prompt,
                "map_id": t.map_id,
                "waypoints": [w.model_dump(mode="json") for w in t.waypoints],
                "eval_setting": dict(t.eval_setting),
                "metadata": t.metadata.model_dump(mode="json", exclude_none=True),
            }
            for t in catalog.tasks
        ],
    }


def write_catalog(path: Path | str, catalog: TaskCatalog) -> Path:
    """Write ``tasks.json`` atomically (UTF-8, non-ASCII kept, indent 2, stable key order)."""
    path = Path(path)
    write_json(path, catalog_data(catalog))
    return path


# -- checking against the maps ------------------------------------------------------------------


def validate_catalog(
    catalog: TaskCatalog,
    maps: Maps,
    defaults: Mapping[str, Any] | None = None,
    label: str = "tasks.json",
) -> list[str]:
    """Every problem of the catalog, its maps included (empty when it is sound): task ids,
    2-12 stops, unique checkpoints, eval_setting fields, unknown maps, and every stop's id and
    name in its map. Never raises for bad input."""
    problems = catalog_problems(catalog, label, _defaults(defaults))
    indexes: dict[str, dict[str, Waypoint] | None] = {}
    for map_id in filter(lambda m: _has_map(maps, m), catalog.map_ids()):
        indexes[map_id], found = _map_index(maps, map_id, label)
        problems += found
    for i, task in enumerate(catalog.tasks):
        where = f"{label}: {task_label(i, task)}"
        if task.map_id not in indexes:
            problems.append(
                f"{where}: map_id: unknown map {task.map_id!r}{_known(maps, task.map_id)}"
            )
        elif (index := indexes[task.map_id]) is not None:  # None: unreadable, reported once
            problems += map_problems(task, index, where)
    return problems


def check_catalog(
    catalog: TaskCatalog,
    maps: Maps,
    defaults: Mapping[str, Any] | None = None,
    label: str = "tasks.json",
) -> None:
    """``validate_catalog`` that raises TaskCatalogError when anything is wrong."""
    problems = validate_catalog(catalog, maps, defaults, label)
    if problems:
        raise TaskCatalogError(problems)


def _map_index(maps: Maps, map_id: str, label: str) -> tuple[dict[str, Waypoint] | None, list[str]]:
    """A known map's waypoints (None when its file cannot be read) and the problems reading
    them."""
    source = maps[map_id] if isinstance(maps, Mapping) else Path(maps) / map_id
    try:
        return waypoint_index(source, map_id), []
    except MapPackageError as e:
        found = getattr(e, "problems", [str(e)])
        return None, [f"{label}: map {map_id!r}: {p}" for p in found]


def _has_map(maps: Maps, map_id: str) -> bool:
    if isinstance(maps, Mapping):
        return map_id in maps
    return (Path(maps) / map_id).is_dir()


def _known(maps: Maps, map_id: str) -> str:
    if isinstance(maps, Mapping):
        return f" (maps given: {', '.join(sorted(maps)) or 'none'})"
    return f" (no folder {Path(maps) / map_id})"
