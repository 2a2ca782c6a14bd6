"""Tasks: Mine Odyssey's ``tasks.json`` catalog, its checks against the maps, and resolved
tasks with their digests."""

from odyssey.tasks.catalog import (
    Maps,
    catalog_data,
    check_catalog,
    eval_defaults,
    load_catalog,
    parse_catalog,
    validate_catalog,
    write_catalog,
)
from odyssey.tasks.resolve import (
    ResolvedStop,
    ResolvedTask,
    StartPose,
    WaypointSource,
    canonical_json,
    resolve_task,
    task_digest,
    waypoint_index,
)
from odyssey.tasks.schema import (
    TASK_EVAL_DEFAULTS,
    Task,
    TaskCatalog,
    TaskCatalogError,
    TaskError,
    TaskMetadata,
    TaskWaypoint,
)

__all__ = [
    "TASK_EVAL_DEFAULTS",
    "Maps",
    "ResolvedStop",
    "ResolvedTask",
    "StartPose",
    "Task",
    "TaskCatalog",
    "TaskCatalogError",
    "TaskError",
    "TaskMetadata",
    "TaskWaypoint",
    "WaypointSource",
    "canonical_json",
    "catalog_data",
    "check_catalog",
    "eval_defaults",
    "load_catalog",
    "parse_catalog",
    "resolve_task",
    "task_digest",
    "validate_catalog",
    "waypoint_index",
    "write_catalog",
]
