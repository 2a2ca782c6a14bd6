"""The results table of a run in the paper's Table 1 layout, as text (rich) and as JSON.

Per agent: SR over all / outdoor / indoor tasks, C (checkpoint coverage, micro over stops), SPL
(mean), turns (mean), PL (3-D path length, mean, blocks), then what the paper leaves out and we
add: tokens (total and per finished episode), cost (USD), scored / planned episodes and
infrastructure failures. Rates are percentages with one decimal, as the paper prints them
(``41.7``); ``—`` marks a figure with nothing to average (no outdoor task in ``demo``, no price).
Every figure comes from :func:`odyssey.bench.query.summary`, which agrees with
:func:`odyssey.episode.metrics.aggregate`.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from odyssey.bench.layout import RunManifest, read_manifest
from odyssey.bench.query import connect, summarize

DASH = "—"
TABLE_WIDTH = 160


def percent(value: float | None) -> str:
    """``0.41666`` -> ``41.7``; None -> ``—``."""
    return DASH if value is None else f"{100 * value:.1f}"


def number(value: float | None, digits: int = 1) -> str:
    return DASH if value is None else f"{value:,.{digits}f}"


def usd(value: float | None, partial: bool = False) -> str:
    """Dollars with cents (more digits below a cent); ``≥`` when some episodes had no price."""
    if value is None:
        return DASH
    text = f"{value:,.2f}" if value == 0 or abs(value) >= 0.01 else f"{value:.4f}"
    return ("≥" if partial else "") + text


def planned_per_agent(manifest: RunManifest) -> int | None:
    """Episodes each agent should run: the run's tasks (the suite's, or the ``--tasks`` subset)
    times the seeds (None if unknown)."""
    chosen = (manifest.extra or {}).get("tasks")
    tasks = len(chosen) if isinstance(chosen, list) else (manifest.suite or {}).get("task_count")
    return int(tasks) * int(manifest.seeds) if isinstance(tasks, int) else None


def _agent_order(manifest: RunManifest, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows in the manifest's agent order (the order the user asked for), others after."""
    rank = {a: i for i, a in enumerate(manifest.agents)}
    return sorted(rows, key=lambda r: (rank.get(r["agent"], len(rank)), r["agent"]))


def results_json(run_dir: Path | str) -> dict[str, Any]:
    """The run's figures for machines: the manifest's identity, per agent and per agent and map.

    Per-agent rows carry ``planned`` (tasks × seeds, None if the manifest does not say) and
    ``pending`` (planned episodes with no folder yet).
    """
    manifest = read_manifest(Path(run_dir))
    con = connect(run_dir)
    try:
        agents = _agent_order(manifest, summarize(con, ("agent",)))
        maps = _agent_order(manifest, summarize(con, ("agent", "map_id")))
    finally:
        con.close()
    planned = planned_per_agent(manifest)
    present = {r["agent"] for r in agents}
    # an agent of the manifest with no episode folder yet still gets its (empty) row
    agents += [_empty_row(a) for a in manifest.agents if a not in present]
    for row in agents:
        row["planned"] = planned
        row["pending"] = None if planned is None else max(0, planned - row["episodes"])
    return {
        "schema_version": 1,
        "run": {
            "run_id": manifest.run_id,
            "suite": manifest.suite,
            "agents": manifest.agents,
            "seeds": manifest.seeds,
            "clock": manifest.clock,
            "status": manifest.status,
            "created_at_utc": manifest.created_at_utc,
            "updated_at_utc": manifest.updated_at_utc,
        },
        "agents": agents,
        "maps": maps,
    }


def _empty_row(agent: str) -> dict[str, Any]:
    zero = ("episodes", "incomplete", "task_runs", "scored_task_runs", "infrastructure_errors")
    rates = ("success_rate", "success_rate_outdoor", "success_rate_indoor", "checkpoint_coverage",
             "static_spl_mean", "turns_mean", "path_length_3d_mean", "tokens_mean",
             "cost_usd_total")  # fmt: skip
    return {
        "agent": agent,
        **dict.fromkeys(zero, 0),
        **dict.fromkeys(rates),
        "successes": 0,
        "tokens_total": 0,
        "cost_usd_partial": False,
    }


# (header, value from a summary row) shared by both tables after their identifying columns
FIGURES: tuple[tuple[str, Callable[[dict[str, Any]], str]], ...] = (
    ("C", lambda r: percent(r["checkpoint_coverage"])),
    ("SPL", lambda r: percent(r["static_spl_mean"])),
    ("Turns", lambda r: number(r["turns_mean"])),
    ("PL", lambda r: number(r["path_length_3d_mean"])),
    ("Tokens", lambda r: f"{r['tokens_total']:,}"),
    ("Tokens/ep", lambda r: number(r["tokens_mean"], 0)),
    ("Cost $", lambda r: usd(r["cost_usd_total"], r["cost_usd_partial"])),
)


def _table(title: str, heads: Sequence[str], labels: int) -> Table:
    """A table whose first ``labels`` columns name the row and the rest are figures."""
    table = Table(title=title, title_justify="left", header_style="bold")
    for i, head in enumerate(heads):
        table.add_column(head, justify="left" if i < labels else "right", no_wrap=True)
    return table


def agents_table(data: dict[str, Any]) -> Table:
    """Table 1: one line per agent."""
    heads = ["Agent", "SR", "SR out", "SR in", *(h for h, _ in FIGURES), "Scored/Total", "Infra"]
    table = _table(_title(data["run"]), heads, 1)
    for r in data["agents"]:
        total = r["planned"] if r["planned"] is not None else r["episodes"]
        table.add_row(
            r["agent"],
            percent(r["success_rate"]),
            percent(r["success_rate_outdoor"]),
            percent(r["success_rate_indoor"]),
            *(cell(r) for _, cell in FIGURES),
            f"{r['scored_task_runs']}/{total}",
            str(r["infrastructure_errors"]),
        )
    return table


def maps_table(data: dict[str, Any]) -> Table:
    """Per agent and map: SR on that map and the same figures (unfinished episodes, whose map
    is not known yet, are left out)."""
    heads = ["Agent", "Map", "SR", *(h for h, _ in FIGURES), "Scored/Total", "Infra"]
    table = _table("per map", heads, 2)
    for r in data["maps"]:
        if r["map_id"] is None:
            continue
        table.add_row(
            r["agent"],
            r["map_id"],
            percent(r["success_rate"]),
            *(cell(r) for _, cell in FIGURES),
            f"{r['scored_task_runs']}/{r['episodes']}",
            str(r["infrastructure_errors"]),
        )
    return table


def _title(run: dict[str, Any]) -> str:
    suite = run["suite"] or {}
    name = suite.get("name", "?")
    version = f" v{suite['version']}" if suite.get("version") else ""
    return f"run {run['run_id']} · suite {name}{version} · {run['status']}"


def _notes(data: dict[str, Any]) -> list[str]:
    notes = []
    for r in data["agents"]:
        waiting = r["incomplete"] + (r["pending"] or 0)
        if waiting:
            notes.append(f"{r['agent']}: {r['incomplete']} incomplete, {r['pending'] or 0} pending")
    return notes


def results_tables(run_dir: Path | str, per_map: bool = False) -> list[Any]:
    """The renderables of :func:`results_table`, for a caller printing to its own console."""
    data = results_json(run_dir)
    parts: list[Any] = [agents_table(data)]
    if per_map:
        parts.append(maps_table(data))
    parts += _notes(data)
    parts.append(
        "SR, C, SPL in %; C = stops reached / stops (micro); PL = 3-D path length (blocks); "
        "rates over scored episodes, infrastructure failures counted apart."
    )
    return parts


def results_table(run_dir: Path | str, per_map: bool = False) -> str:
    """The run's results table (Table 1 layout) as plain text; ``per_map`` adds a per-map one."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=TABLE_WIDTH, color_system=None, force_terminal=False, highlight=False
    )
    for part in results_tables(run_dir, per_map):
        console.print(part)
    return buffer.getvalue()
