"""``odyssey runs list|show``: the evaluation runs under a folder (navigation runs of ``odyssey
eval`` and MCU runs of ``odyssey mcu run``), and one run's results table.

A folder that is not a run, or a run written by another schema version, is a clear error with
exit code 2 (``show``); ``list`` shows such a folder with the reason instead of its figures.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from odyssey.bench.layout import (
    DONE,
    INFRA,
    RUN_JSON,
    RunStoreError,
    episode_folders,
    episode_state,
    read_manifest,
)
from odyssey.bench.tables import TABLE_WIDTH, planned_per_agent, results_json, results_tables
from odyssey.cli.errors import fail, friendly_errors
from odyssey.mcu.run import MANIFEST as MCU_MANIFEST
from odyssey.mcu.run import load_results, run_status

runs_app = typer.Typer(help="Evaluation runs: list them, show one's results.",
                       no_args_is_help=True)  # fmt: skip
DEFAULT_RUNS = Path("runs")
RunsOption = Annotated[Path, typer.Option("--runs", help="Folder holding the run folders.")]


def _console() -> Console:
    # a terminal gets its own width and colours; a pipe gets plain text wide enough for the table
    tty = sys.stdout.isatty()
    return Console(highlight=False, width=None if tty else TABLE_WIDTH)


@dataclass(frozen=True)
class RunListing:
    """One line of ``runs list``."""

    folder: Path
    run_id: str
    suite: str
    agents: str
    done: int
    infra: int
    total: int | None
    status: str
    created: str
    problem: str | None = None  # why the folder cannot be read (status "unreadable")


def list_run(folder: Path) -> RunListing:
    """What ``runs list`` says about one run folder (reads only the states, never the files)."""
    if (folder / MCU_MANIFEST).is_file():  # an MCU run (odyssey mcu run)
        try:
            status = run_status(folder)
        except (OSError, ValueError, KeyError, RunStoreError) as e:
            return RunListing(folder, folder.name, "mcu", "?", 0, 0, None, "unreadable", "",
                              str(e))  # fmt: skip
        return RunListing(folder, **status)
    try:
        m = read_manifest(folder)
    except RunStoreError as e:
        return RunListing(folder, folder.name, "?", "?", 0, 0, None, "unreadable", "", str(e))
    states = [episode_state(f) for f in episode_folders(folder)]
    planned = planned_per_agent(m)
    suite = m.suite or {}
    return RunListing(
        folder,
        m.run_id,
        f"{suite.get('name', '?')}" + (f" v{suite['version']}" if suite.get("version") else ""),
        ", ".join(m.agents),
        sum(s in (DONE, INFRA) for s in states),
        sum(s == INFRA for s in states),
        None if planned is None else planned * len(m.agents),
        m.status,
        m.created_at_utc,
    )


def run_folders(runs: Path) -> list[Path]:
    """Every folder directly under ``runs`` with a manifest (sorted by name)."""
    manifests = (RUN_JSON, MCU_MANIFEST)
    return sorted(p for p in runs.iterdir() if p.is_dir() and any((p / m).exists()
                                                                   for m in manifests))  # fmt: skip


@runs_app.command("list")
@friendly_errors
def list_runs(runs: RunsOption = DEFAULT_RUNS) -> None:
    """Every run folder under --runs: id, suite, agents, episodes done/total, status, created."""
    if not runs.is_dir():
        raise fail(f"--runs {runs}: no such folder")
    listings = [list_run(f) for f in run_folders(runs)]
    console = _console()
    if not listings:
        console.print(f"no runs under {runs}")
        return
    table = Table(header_style="bold")
    for head in ("Run", "Suite", "Agents", "Episodes", "Infra", "Status", "Created (UTC)"):
        table.add_column(head, justify="right" if head in ("Episodes", "Infra") else "left")
    for r in listings:
        total = "?" if r.total is None else str(r.total)
        table.add_row(r.run_id, r.suite, r.agents, f"{r.done}/{total}", str(r.infra), r.status,
                      r.created)  # fmt: skip
    console.print(table)
    for r in listings:
        if r.problem:
            console.print(f"{r.run_id}: {r.problem}")


def resolve_run(run: str, runs: Path) -> Path:
    """``run`` as a folder, else as a run id under ``runs``."""
    for candidate in (Path(run), runs / run):
        if candidate.is_dir():
            return candidate
    raise fail(f"no run {run!r}: neither a folder nor a run under {runs}")


@runs_app.command("show")
@friendly_errors
def show(
    run: Annotated[str, typer.Argument(help="A run folder, or a run id under --runs.")],
    runs: RunsOption = DEFAULT_RUNS,
    per_map: Annotated[bool, typer.Option("--per-map", help="Add a table per map.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """A run's results in the paper's Table 1 layout (SR all/outdoor/indoor, C, SPL, turns,
    PL, tokens, cost), per agent and, with --per-map, per map."""
    folder = resolve_run(run, runs)
    if (folder / MCU_MANIFEST).is_file():  # an MCU run: success per agent and category
        from odyssey.mcu.report import markdown, summarise

        summary = summarise(load_results(folder))
        print(json.dumps(summary, indent=2) if as_json else markdown(summary))
        return
    read_manifest(folder)  # a clear error before any work for a folder that is not a run
    if as_json:
        print(json.dumps(results_json(folder), indent=2, ensure_ascii=False))
        return
    console = _console()
    for part in results_tables(folder, per_map):
        console.print(part)
