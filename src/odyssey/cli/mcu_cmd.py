"""``odyssey mcu``: MCU's task-centric evaluation — the task library, configuration generation,
runs, reports and AutoEval."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import friendly_errors
from odyssey.cli.mcu_generate_cmd import generate
from odyssey.cli.mcu_judge_cmd import (
    CriteriaDirOpt,
    ModelOpt,
    ModelsOpt,
    PromptsOpt,
    agreement,
    compare,
    judge,
)
from odyssey.cli.mcu_tasks_cmd import tasks_app

mcu_app = typer.Typer(help="MCU: atomic and composed tasks, runs, AutoEval.",
                      no_args_is_help=True)  # fmt: skip
mcu_app.add_typer(tasks_app, name="tasks")
mcu_app.command("generate")(generate)
mcu_app.command("judge")(judge)
mcu_app.command("compare")(compare)
mcu_app.command("agreement")(agreement)


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
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(help="Ray cluster to connect to (default: a private local one)."),
    ] = None,
    record: Annotated[bool, typer.Option(help="Record frames (for AutoEval)")] = True,
    live: Annotated[
        bool, typer.Option(help="Keep each running episode's live.json and frame for the dashboard")
    ] = False,
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
            options={"record": record, "live": live}, models_file=models, progress=progress,
            backend=backend, ray_address=ray_address)  # fmt: skip
    page = write_report(run_dir)
    print(markdown(summarise(load_results(run_dir))))
    print(f"wrote {page}")


@mcu_app.command("report")
@friendly_errors
def report(run_dir: Annotated[Path, typer.Argument(help="An MCU run folder")]) -> None:
    """(Re)write an MCU run's summary, Markdown table and HTML report."""
    from odyssey.mcu.report import write_report

    print(f"wrote {write_report(run_dir)}")


@mcu_app.command("judge-run")
@friendly_errors
def judge_run(
    run_dir: Annotated[Path, typer.Argument(help="An MCU run folder (episodes with frames)")],
    model: ModelOpt,
    models_file: ModelsOpt = None,
    criteria_dir: CriteriaDirOpt = None,
    prompts_dir: PromptsOpt = None,
    redo: Annotated[bool, typer.Option(help="Judge episodes judged before again")] = False,
) -> None:
    """AutoEval every recorded episode of a run (each gets its autoeval.json), then rewrite the
    report with the six dimensions."""
    from odyssey.mcu.report import write_report

    folders = sorted(p.parent for p in (run_dir / "episodes").glob("*/s*/*/*/frames.webm"))
    failed = 0
    for folder in folders:
        if (folder / "autoeval.json").is_file() and not redo:
            continue
        print(f"== {folder.relative_to(run_dir)}")
        try:
            judge(folder, model, models_file, criteria_dir=criteria_dir, prompts_dir=prompts_dir)
        except typer.Exit as e:  # one failed judgement is recorded; the others go on
            failed += int(e.exit_code != 0)
    print(f"judged {len(folders)} episode(s), {failed} without a valid answer")
    print(f"wrote {write_report(run_dir)}")
