"""``odyssey episode run``: play one task with an agent and write Mine Odyssey's result files.

Exit codes follow Mine Odyssey's monitor: 0 success, 2 a scored failure (or bad input), 3 an
infrastructure error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import fail, friendly_errors

episode_app = typer.Typer(help="Episodes: one task, one agent, result files.", no_args_is_help=True)
EXIT_INFRASTRUCTURE = 3
EXIT_FAILED = 2


def map_dir_for(maps: str, map_id: str) -> Path | str:
    """The map package for ``map_id`` from ``--maps``: a folder of packages (one per map id), a
    package folder itself, or comma-separated built-in map ids."""
    folder = Path(maps)
    if folder.is_dir():
        if (folder / map_id / "map.json").exists():
            return folder / map_id
        if (folder / "map.json").exists():
            return folder
        raise fail(f"--maps {maps}: no map package for {map_id!r} ({folder / map_id})")
    ids = [m.strip() for m in maps.split(",") if m.strip()]
    if map_id not in ids:
        raise fail(f"--maps {maps}: task's map {map_id!r} is not among {', '.join(ids)}")
    from odyssey.maps.catalog import resolve_map

    return resolve_map(map_id)


@episode_app.command("run")
@friendly_errors
def run(
    task_id: Annotated[str, typer.Option("--task", help="Task id in the catalog.")],
    catalog: Annotated[Path, typer.Option(help="tasks.json (schema v2).")],
    maps: Annotated[
        str, typer.Option(help="Folder of map packages (one per map id) or built-in map ids.")
    ],
    agent: Annotated[str, typer.Option(help="oracle or random.")] = "oracle",
    clock: Annotated[str, typer.Option(help="lockstep (paused, realtime: not yet).")] = "lockstep",
    setting: Annotated[Path | None, typer.Option(help="Settings file (§4.6).")] = None,
    out: Annotated[Path | None, typer.Option(help="Result folder.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random agent.")] = 0,
) -> None:
    """Run one episode; print its summary as JSON."""
    from odyssey.agents import make_agent
    from odyssey.episode.runner import run_episode
    from odyssey.episode.settings import Settings, load_settings
    from odyssey.tasks import load_catalog, resolve_task

    settings = load_settings(setting) if setting else Settings()
    defaults = settings.task_eval_defaults.model_dump(mode="json")
    tasks = {t.task_id: t for t in load_catalog(catalog, defaults=defaults).tasks}
    if task_id not in tasks:
        raise fail(f"{catalog}: no task {task_id!r}")
    task = tasks[task_id]
    map_dir = map_dir_for(maps, task.map_id)
    resolved = resolve_task(task, map_dir, defaults)
    out = out or Path("runs") / "episodes" / f"{task_id}-{agent}"
    summary = run_episode(resolved, map_dir, make_agent(agent, seed), out, settings, clock)
    print(json.dumps(summary, indent=2))
    if summary["infrastructure_error"]:
        raise typer.Exit(EXIT_INFRASTRUCTURE)
    if not summary["success"]:
        raise typer.Exit(EXIT_FAILED)
