"""Plays a catalog's tasks with one agent on their built maps (lockstep): the loop shared by the
acceptance tests that run the oracle over a suite or over part of one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from odyssey.agents import make_agent
from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.tasks import resolve_task
from odyssey.tasks.schema import Task


def run_tasks(tasks: list[Task], references: dict[str, Any], agent: str, out: Path) -> list[dict]:
    """One episode per task (agent seed 0) into ``out/<task id>``; the episodes' summaries."""
    results, packages = [], {}
    for task in tasks:
        if task.map_id not in packages:
            packages[task.map_id] = resolve_map(task.map_id)
        resolved = resolve_task(task, load_package(packages[task.map_id]))
        length = references.get(task.task_id, {}).get("reference_length")
        summary = run_episode(resolved, packages[task.map_id], make_agent(agent, 0),
                              out / task.task_id, reference_length=length)  # fmt: skip
        results.append(summary)
    return results
