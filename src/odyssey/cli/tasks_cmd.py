"""``odyssey tasks ...``: generating task catalogs, the built-in suites, showing and validating.

``validate`` exits 0 when the catalog is sound, 1 when it has problems (each printed on its own
line naming the file, task and field), and 2 when it cannot be checked at all (no such file,
unknown map source).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from odyssey.cli.errors import fail, friendly_errors
from odyssey.maps.catalog import CATALOG, build_map, resolve_map
from odyssey.maps.manifest import MapPackageError, write_json
from odyssey.maps.waypoints import load_waypoints
from odyssey.tasks import TaskCatalogError, load_catalog, validate_catalog, write_catalog
from odyssey.tasks.generate import generate_tasks
from odyssey.tasks.resolve import resolve_task
from odyssey.tasks.suites import find_task, list_suites, load_suite

tasks_app = typer.Typer(help="Tasks: generation, built-in suites, checking catalogs.",
                        no_args_is_help=True)  # fmt: skip
console = Console(highlight=False, soft_wrap=True, width=160)
EXIT_PROBLEMS = 1


@tasks_app.command("generate")
@friendly_errors
def generate(
    map_spec: Annotated[str, typer.Option("--map", help="Built-in map id or map package folder.")],
    count: Annotated[int, typer.Option(help="How many tasks to generate.")],
    out: Annotated[Path, typer.Option(help="Where to write tasks.json.")],
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same tasks.")] = 0,
    references: Annotated[
        Path | None,
        typer.Option(help="Reference lengths file (default: references.json beside --out)."),
    ] = None,
) -> None:
    """Generate tasks on one map; each is admitted only after its reference path was planned and
    walked in the physics."""
    if count < 1:
        raise fail(f"--count must be at least 1, got {count}")
    catalog, refs = generate_tasks(resolve_map(map_spec), count, seed)
    write_catalog(out, catalog)
    ref_path = references or out.parent / "references.json"
    write_json(ref_path, {"schema_version": 1, "references": refs})
    console.print(f"wrote {len(catalog.tasks)} tasks to {out}, references to {ref_path}")
    if len(catalog.tasks) < count:
        console.print(f"only {len(catalog.tasks)} of {count} candidate routes were admitted")


@tasks_app.command("list")
@friendly_errors
def list_cmd(
    suite: Annotated[str | None, typer.Option(help="List this suite's tasks (builds it).")] = None,
) -> None:
    """The built-in suites, or the tasks of one."""
    if suite is None:
        table = Table("suite", "tasks", "outdoor", "indoor", "maps", "built", "about")
        for info in list_suites():
            table.add_row(info.name, str(info.task_count), str(info.outdoor), str(info.indoor),
                          ", ".join(info.maps), "yes" if info.built else "no (built on first use)",
                          info.description)  # fmt: skip
        console.print(table)
        return
    catalog, refs = load_suite(suite)
    table = Table("task", "map", "stops", "length", "difficulty", "title")
    for task in catalog.tasks:
        length = refs.get(task.task_id, {}).get("reference_length", "-")
        table.add_row(task.task_id, task.map_id, str(len(task.waypoints)), str(length),
                      task.metadata.difficulty or "-", task.metadata.title_local or "")  # fmt: skip
    console.print(table)
    console.print(f"{len(catalog.tasks)} tasks in suite {suite}")


@tasks_app.command("show")
@friendly_errors
def show(
    task_id: Annotated[str, typer.Argument(help="A task id, e.g. palace-003.")],
    suite: Annotated[
        str | None, typer.Option(help="The suite holding it (default: demo and built suites).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the resolved task as JSON.")
    ] = False,
) -> None:
    """One task: prompt, English prompt, stops with positions, reference length and digest."""
    found = find_task(task_id, suite)
    if found is None:
        where = f"suite {suite!r}" if suite else "the demo suite or any built suite"
        raise fail(f"no task {task_id!r} in {where} (try --suite, or `odyssey tasks list`)")
    task, ref, name = found
    resolved = resolve_task(task, build_map(task.map_id).path)
    if as_json:
        print(json.dumps({"suite": name, "task": resolved.to_json(), "reference": ref},
                         ensure_ascii=False, indent=2))  # fmt: skip
        return
    console.print(f"{task.task_id}  (suite {name}, map {task.map_id})")
    console.print(f"prompt: {task.prompt}")
    if task.metadata.prompt_en and task.metadata.prompt_en != task.prompt:
        console.print(f"prompt (en): {task.metadata.prompt_en}")
    stops = [resolved.start, *resolved.stops]
    for i, stop in enumerate(stops):
        role = "start" if i == 0 else "target" if i == len(stops) - 1 else f"stop {i}"
        x, y, z = stop.position
        console.print(f"  {role:>7}: {stop.name} ({stop.waypoint_id}) at {x:g} {y:g} {z:g}")
    extra = task.metadata.model_extra or {}
    keys = ("reference_length", "elevation_change", "doors", "stairs", "ladders", "buttons")
    console.print("  " + "  ".join(f"{k} {extra[k]}" for k in keys if k in extra))
    console.print(f"  difficulty {task.metadata.difficulty}  digest {resolved.digest}")


@tasks_app.command("validate")
def validate(
    catalog_path: Annotated[Path, typer.Argument(help="A tasks.json catalog.")],
    maps: Annotated[
        list[str] | None,
        typer.Option(
            "--maps",
            help="A folder with one map folder per map id, a map folder, or a built-in map id; "
            "repeat for more (default: the built-in maps).",
        ),
    ] = None,
) -> None:
    """Check a catalog against its maps: exit 0 sound, 1 problems, 2 cannot check."""
    if not catalog_path.is_file():
        raise fail(f"{catalog_path}: no such file")
    try:
        sources = _map_sources(maps or [])
    except (MapPackageError, ValueError) as e:
        raise fail(str(e)) from None
    try:
        catalog = load_catalog(catalog_path, check=False)
    except TaskCatalogError as e:
        _report(e.problems)
    if not maps:  # built-in maps: build only the ones the catalog names
        for map_id in catalog.map_ids():
            if map_id in CATALOG:
                sources[map_id] = build_map(map_id).path
    problems = validate_catalog(catalog, sources, label=str(catalog_path))
    if problems:
        _report(problems)
    console.print(f"{catalog_path}: {len(catalog.tasks)} tasks, all valid")


def _report(problems: list[str]) -> NoReturn:
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(problems)} problems", file=sys.stderr)
    raise typer.Exit(EXIT_PROBLEMS)


def _map_sources(specs: list[str]) -> dict[str, Path]:
    """Map id -> folder holding ``waypoints.json``, from every --maps value."""
    out: dict[str, Path] = {}
    for spec in specs:
        path = Path(spec)
        if path.is_dir() and (path / "waypoints.json").is_file():
            out[_map_id(path)] = path
        elif path.is_dir():
            for sub in sorted(path.iterdir()):
                if (sub / "waypoints.json").is_file():
                    out[_map_id(sub)] = sub
        elif spec in CATALOG:
            out[spec] = build_map(spec).path
        else:
            raise ValueError(
                f"--maps {spec}: neither a folder nor a built-in map ({', '.join(CATALOG)})"
            )
    return out


def _map_id(folder: Path) -> str:
    return load_waypoints(folder / "waypoints.json", map_id=folder.name).map_id
