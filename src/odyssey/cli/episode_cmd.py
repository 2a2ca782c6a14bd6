"""``odyssey episode run``: play one task with an agent and write Mine Odyssey's result files.

Exit codes follow Mine Odyssey's monitor: 0 success, 2 a scored failure (or bad input), 3 an
infrastructure error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

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
    task_id: Annotated[str, typer.Option("--task", help="Task id, e.g. palace-001.")],
    suite: Annotated[
        str | None,
        typer.Option(help="Built-in suite holding the task (default: demo, then built suites)."),
    ] = None,
    catalog: Annotated[
        Path | None, typer.Option(help="A tasks.json (schema v2) instead of a built-in suite.")
    ] = None,
    maps: Annotated[
        str | None,
        typer.Option(help="With --catalog: folder of map packages or built-in map ids."),
    ] = None,
    references: Annotated[
        Path | None,
        typer.Option(help="With --catalog: references.json for SPL (default: beside it)."),
    ] = None,
    agent: Annotated[
        str, typer.Option(help="oracle, random, explorer, llm:ALIAS (see --models) or script:FILE.")
    ] = "oracle",
    models: Annotated[
        Path | None, typer.Option(help="Models file for llm:ALIAS (aliases, URLs, prices).")
    ] = None,
    unsafe_no_sandbox: Annotated[
        bool,
        typer.Option(
            "--unsafe-no-sandbox",
            help="Run an agent's commands without the bubblewrap sandbox (never for evaluations).",
        ),
    ] = False,
    clock: Annotated[str, typer.Option(help="lockstep, paused or realtime.")] = "lockstep",
    setting: Annotated[Path | None, typer.Option(help="Settings file (§4.6).")] = None,
    out: Annotated[Path | None, typer.Option(help="Result folder.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random agent.")] = 0,
    screenshots: Annotated[
        bool, typer.Option(help="Screenshots (start, evaluator events, end) in the record.")
    ] = True,
) -> None:
    """Run one episode; print its summary as JSON."""
    from odyssey.agents import make_agent
    from odyssey.episode.runner import run_episode
    from odyssey.episode.settings import Settings, load_settings
    from odyssey.tasks import resolve_task

    settings = load_settings(setting) if setting else Settings()
    defaults = settings.task_eval_defaults.model_dump(mode="json")
    if catalog is not None:
        task, ref = _catalog_task(task_id, catalog, maps, references, defaults)
        map_dir = map_dir_for(maps, task.map_id) if maps else _builtin_map(task.map_id)
    else:
        if maps or references:
            raise fail("--maps and --references go with --catalog")
        task, ref = _suite_task(task_id, suite)
        map_dir = _builtin_map(task.map_id)
    resolved = resolve_task(task, map_dir, defaults)
    reference = ref.get("reference_length") if ref.get("task_digest") == resolved.digest else None
    out = out or Path("runs") / "episodes" / f"{task_id}-{agent}"
    summary = run_episode(
        resolved,
        map_dir,
        make_agent(agent, seed, models, settings),
        out,
        settings,
        clock,
        reference_length=reference,
        screenshots=screenshots,
        unsafe_no_sandbox=unsafe_no_sandbox,
    )
    print(json.dumps(summary, indent=2))
    if summary["infrastructure_error"]:
        raise typer.Exit(EXIT_INFRASTRUCTURE)
    if not summary["success"]:
        raise typer.Exit(EXIT_FAILED)


def _suite_task(task_id: str, suite: str | None) -> tuple[Any, dict[str, Any]]:
    from odyssey.tasks.suites import find_task

    found = find_task(task_id, suite)
    if found is None:
        where = f"suite {suite!r}" if suite else "the demo suite or any built suite"
        raise fail(f"no task {task_id!r} in {where} (try --suite, or `odyssey tasks list`)")
    task, ref, _ = found
    return task, ref


def _catalog_task(
    task_id: str,
    catalog: Path,
    maps: str | None,
    references: Path | None,
    defaults: dict[str, Any],
) -> tuple[Any, dict[str, Any]]:
    from odyssey.maps.manifest import read_json
    from odyssey.tasks import load_catalog

    tasks = load_catalog(catalog, defaults=defaults).by_id()
    if task_id not in tasks:
        raise fail(f"{catalog}: no task {task_id!r}")
    if references is not None and not references.exists():
        raise fail(f"--references {references}: no such file")
    refs_path = references or catalog.parent / "references.json"
    refs = read_json(refs_path, str(refs_path)).get("references", {}) if refs_path.exists() else {}
    return tasks[task_id], refs.get(task_id, {})


def _builtin_map(map_id: str) -> Path:
    from odyssey.maps.catalog import CATALOG, build_map

    if map_id not in CATALOG:
        raise fail(f"map {map_id!r} is not built in; give --maps with its package")
    return build_map(map_id).path
