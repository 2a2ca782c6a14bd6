"""Built-in task suites: ``demo`` and ``odyssey-v1``.

A suite is built deterministically the first time it is needed (its maps first) and cached under
``<cache root>/suites/<name>-v<version>/`` with ``tasks.json``, ``references.json`` (reference
lengths for SPL keyed by task id and task digest) and ``benchmark.<name>.json``, a roster in
Mine Odyssey's benchmark format. The folder is written beside the cache and renamed into place,
so an interrupted build leaves nothing half-written.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from odyssey.maps.catalog import CATALOG, build_map, cache_root
from odyssey.maps.manifest import read_json, write_json
from odyssey.tasks.catalog import load_catalog, write_catalog
from odyssey.tasks.generate import generate_tasks
from odyssey.tasks.schema import Task, TaskCatalog, TaskError

TASKS_JSON = "tasks.json"
REFERENCES_JSON = "references.json"
BUILD_JSON = "build.json"
PROFILE_ID = "minecraft-1.21.11"
SETTING_ID = "final-navigation-v1"


class SuiteError(TaskError):
    """An unknown suite, or one that could not be built in full."""


@dataclass(frozen=True)
class SuiteSpec:
    """How many tasks each map contributes, and the seed that draws them."""

    name: str
    description: str
    tasks_per_map: dict[str, int]
    seed: int
    max_length: float | None = None  # blocks; keeps a quick suite's episodes short
    version: str = "1"  # a new version builds afresh instead of reusing a stale copy

    @property
    def task_count(self) -> int:
        return sum(self.tasks_per_map.values())

    def fingerprint(self) -> dict[str, Any]:
        """What decides the suite's tasks; a cached copy built from another one is stale."""
        # pairs, not a mapping: the maps' order draws their seeds
        return {"tasks_per_map": [[m, n] for m, n in self.tasks_per_map.items()],
                "seed": self.seed, "max_length": self.max_length}  # fmt: skip


# A map's tasks are drawn with the seed ``seed * 1000 + its position``, so a new map goes at the
# END of a suite and the maps before it keep their tasks. odyssey-v1's description names no
# count (the spec holds it), so adding a real place to it is one more line at the end.
SUITES: dict[str, SuiteSpec] = {
    s.name: s
    for s in (
        SuiteSpec("demo", "12 short tasks on three indoor maps; builds in seconds",
                  {"palace": 4, "hotel": 4, "liner": 4}, seed=2026, max_length=150.0),
        SuiteSpec("odyssey-v1", "every real place (prompts in its language) and four indoor maps",
                  {"helsinki": 40, "karhula": 40, "palace": 10, "hotel": 10, "liner": 10,
                   "stadium": 10,
                   # version 2: the real places beyond Finland
                   "monaco": 8,
                   "manhattan-columbus-circle": 8,
                   "three-rivers": 8,
                   "bloemfontein": 8,
                   "astana": 8,
                   "montevideo": 8,
                   "san-francisco": 8},
                  seed=1, max_length=2500.0, version="2"),
    )
}  # fmt: skip


def suite_spec(name: str) -> SuiteSpec:
    try:
        return SUITES[name]
    except KeyError:
        raise SuiteError(f"no suite {name!r}: expected one of {', '.join(SUITES)}") from None


def suite_dir(name: str) -> Path:
    spec = suite_spec(name)
    return cache_root() / "suites" / f"{spec.name}-v{spec.version}"


def roster_name(name: str) -> str:
    return f"benchmark.{name}.json"


def is_built(name: str) -> bool:
    """The suite's files are cached, built from the spec as it is now (a map added without a
    version bump makes the cached copy stale, not silently short)."""
    folder = suite_dir(name)
    files = (TASKS_JSON, REFERENCES_JSON, roster_name(name), BUILD_JSON)
    if not all((folder / f).exists() for f in files):
        return False
    record = read_json(folder / BUILD_JSON, str(folder / BUILD_JSON))
    return record.get("spec") == suite_spec(name).fingerprint()


def build_suite(name: str, force: bool = False) -> Path:
    """The folder of suite ``name``, building it (and its maps) on first use."""
    spec = suite_spec(name)
    target = suite_dir(name)
    if is_built(name) and not force:
        return target
    began = time.perf_counter()
    tasks: list[Task] = []
    references: dict[str, Any] = {}
    for i, (map_id, count) in enumerate(spec.tasks_per_map.items()):
        # A seed per map, so adding a map never changes another map's tasks.
        catalog, refs = generate_tasks(
            build_map(map_id).path, count, spec.seed * 1000 + i, max_length=spec.max_length
        )
        if len(catalog.tasks) < count:
            raise SuiteError(
                f"suite {name!r}: map {map_id!r} admitted {len(catalog.tasks)} of {count} tasks"
            )
        tasks += catalog.tasks
        references.update(refs)
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=target.parent))
    try:
        write_catalog(scratch / TASKS_JSON, TaskCatalog(tasks=tasks))
        write_json(scratch / REFERENCES_JSON, {"schema_version": 1, "suite": name,
                                               "references": references})  # fmt: skip
        write_json(scratch / roster_name(name), roster(spec))
        write_json(scratch / BUILD_JSON, {"seconds": round(time.perf_counter() - began, 2),
                                          "spec": spec.fingerprint()})  # fmt: skip
        if target.exists():
            shutil.rmtree(target)
        os.replace(scratch, target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target


def roster(spec: SuiteSpec) -> dict[str, Any]:
    """The benchmark roster (Mine Odyssey's format, notes 4.1): the maps and the task count."""
    return {
        "schema_version": 1,
        "benchmark_id": spec.name,
        "profile_id": PROFILE_ID,
        "setting_id": SETTING_ID,
        "task_admission": {
            "policy": "odyssey_generated_nav_verified",
            "reference_required": True,
            "validation_receipt_required": False,
        },
        "maps": list(spec.tasks_per_map),
        "task_count": spec.task_count,
    }


def load_suite(name: str) -> tuple[TaskCatalog, dict[str, Any]]:
    """The suite's catalog and its references (built on first use)."""
    folder = build_suite(name)
    catalog = load_catalog(folder / TASKS_JSON)
    refs = read_json(folder / REFERENCES_JSON, str(folder / REFERENCES_JSON))
    return catalog, refs["references"]


def find_task(task_id: str, suite: str | None = None) -> tuple[Task, dict[str, Any], str] | None:
    """``(task, its reference, suite name)`` for a task id: in ``suite``, else in ``demo`` and
    then in every other suite already built (looking never builds a large suite)."""
    names = [suite] if suite else ["demo", *(s for s in SUITES if s != "demo" and is_built(s))]
    for name in names:
        catalog, refs = load_suite(name)
        task = catalog.by_id().get(task_id)
        if task is not None:
            return task, refs.get(task_id, {}), name
    return None


def suite_maps(name: str) -> dict[str, Path]:
    """Map id -> package folder for every map of the suite (built on first use)."""
    return {m: build_map(m).path for m in suite_spec(name).tasks_per_map}


@dataclass(frozen=True)
class SuiteInfo:
    name: str
    description: str
    maps: list[str]
    task_count: int
    outdoor: int
    indoor: int
    built: bool
    path: Path


def list_suites() -> list[SuiteInfo]:
    """Every built-in suite, whether built or not (listing never builds)."""
    out = []
    for spec in SUITES.values():
        outdoor = sum(
            n for m, n in spec.tasks_per_map.items() if CATALOG[m].environment == "outdoor"
        )
        out.append(
            SuiteInfo(
                spec.name,
                spec.description,
                list(spec.tasks_per_map),
                spec.task_count,
                outdoor,
                spec.task_count - outdoor,
                is_built(spec.name),
                suite_dir(spec.name),
            )
        )
    return out
