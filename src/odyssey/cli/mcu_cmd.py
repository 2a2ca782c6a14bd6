"""``odyssey mcu``: MCU's task-centric evaluation — the task library, configuration generation,
runs, reports and AutoEval."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import friendly_errors

mcu_app = typer.Typer(help="MCU: atomic and composed tasks, runs, AutoEval.",
                      no_args_is_help=True)  # fmt: skip


@mcu_app.command("run")
@friendly_errors
def run(
    tasks: Annotated[
        str,
        typer.Option(
            "--tasks",
            help="builtin (the built-in suite), builtin:atomic, builtin:composed, a "
            "configuration file or folder (MineStudio/MCU YAML), or library ids/globs/"
            "category:<c>/verb:<v>, comma-separated",
        ),
    ] = "builtin",
    agent: Annotated[
        list[str],
        typer.Option("--agent", help="oracle, random, noop or llm:ALIAS; repeat for several"),
    ] = ["oracle"],  # noqa: B006
    models: Annotated[Path | None, typer.Option(help="Models file for llm:ALIAS agents")] = None,
    difficulty: Annotated[str, typer.Option(help="simple or hard")] = "simple",
    seeds: Annotated[str, typer.Option(help="Seeds, comma-separated")] = "0",
    out: Annotated[Path | None, typer.Option(help="Run folder (default runs/mcu-<time>)")] = None,
    workers: Annotated[int, typer.Option(help="Episodes in parallel (processes)")] = 1,
    record: Annotated[bool, typer.Option(help="Record frames (for AutoEval)")] = True,
    limit: Annotated[int | None, typer.Option(help="Only the first N tasks")] = None,
) -> None:
    """Play MCU tasks with agents; print the results table and write the report."""
    from rich.console import Console

    from odyssey.mcu.report import markdown, summarise, write_report
    from odyssey.mcu.run import load_results, run_mcu
    from odyssey.mcu.suite import resolve_tasks

    configs = resolve_tasks(tasks, difficulty)
    configs = configs[:limit] if limit is not None else configs
    seed_list = [int(s) for s in seeds.split(",") if s.strip()]
    run_dir = out or Path("runs") / f"mcu-{time.strftime('%Y%m%d-%H%M%S')}"
    console = Console(stderr=True)
    total = len(configs) * len(agent) * len(seed_list)
    done = [0]

    def progress(result: dict) -> None:
        done[0] += 1
        mark = "ok" if result["success"] else result["terminal_reason"]
        console.print(f"[{done[0]}/{total}] {result['agent']} {result['difficulty']}/"
                      f"{result['task_id']}: {mark}")  # fmt: skip

    run_mcu(configs, agent, run_dir, seed_list, difficulty, tasks, workers,
            options={"record": record}, models_file=models, progress=progress)  # fmt: skip
    page = write_report(run_dir)
    print(markdown(summarise(load_results(run_dir))))
    print(f"wrote {page}")


@mcu_app.command("report")
@friendly_errors
def report(run_dir: Annotated[Path, typer.Argument(help="An MCU run folder")]) -> None:
    """(Re)write an MCU run's summary, Markdown table and HTML report."""
    from odyssey.mcu.report import write_report

    print(f"wrote {write_report(run_dir)}")
