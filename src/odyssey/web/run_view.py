"""What the dashboard shows of the runs folder: the runs, each run's agents' progress and
success so far, and its episodes. Figures come from ``bench.rows`` and ``episode.metrics``
(never re-derived here), so the dashboard counts as the tables do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from odyssey.bench.layout import DONE, INFRA, RunManifest, RunStoreError, read_manifest
from odyssey.bench.rows import EpisodeRow, load_run_rows
from odyssey.episode.live import LIVE_JSON
from odyssey.episode.metrics import aggregate
from odyssey.web.episode_view import read_json


def run_folders(runs_dir: Path) -> list[Path]:
    """The folders directly under ``runs_dir`` that hold a ``run.json``."""
    if not runs_dir.is_dir():
        return []
    return sorted(p for p in runs_dir.iterdir() if p.is_dir() and (p / "run.json").is_file())


def is_live(folder: Path) -> bool:
    """An episode whose ``live.json`` says it is still running."""
    return read_json(folder / LIVE_JSON).get("status") == "running"


def episode_ref(row: EpisodeRow) -> str:
    """The episode's path under its run folder: ``<agent slug>/s<seed>/<task>``."""
    return "/".join(row.folder.parts[-3:])


def agent_progress(manifest_agents: list[str], planned: int, rows: list[EpisodeRow]) -> list[dict]:
    """Per agent: episodes planned, finished, running, and the success figures so far."""
    out = []
    for agent in manifest_agents + sorted({r.agent for r in rows} - set(manifest_agents)):
        mine = [r for r in rows if r.agent == agent]
        figures = aggregate([r.outcome for r in mine if r.outcome is not None])
        out.append(
            {
                "agent": agent,
                "planned": planned,
                "finished": sum(r.state in (DONE, INFRA) for r in mine),
                "running": sum(is_live(r.folder) for r in mine if not r.finished),
                "successes": figures["successes"],
                "scored": figures["scored_task_runs"],
                "infrastructure_errors": figures["infrastructure_errors"],
                "success_rate": figures["success_rate"],
            }
        )
    return out


def run_summary(folder: Path) -> dict[str, Any]:
    """One run for the runs list; a folder that is not a readable run says why."""
    try:
        manifest = read_manifest(folder)
        rows = load_run_rows(folder)
    except RunStoreError as e:
        return {"name": folder.name, "error": str(e)}
    return _summary(folder, manifest, rows)


def _summary(folder: Path, manifest: RunManifest, rows: list[EpisodeRow]) -> dict[str, Any]:
    planned = int(manifest.suite.get("task_count") or 0) * int(manifest.seeds or 1)
    return {
        "name": folder.name,
        "run_id": manifest.run_id,
        "suite": manifest.suite.get("name"),
        "status": manifest.status,
        "clock": manifest.clock,
        "seeds": manifest.seeds,
        "created_at_utc": manifest.created_at_utc,
        "updated_at_utc": manifest.updated_at_utc,
        "agents": agent_progress(list(manifest.agents), planned, rows),
    }


def episode_entry(row: EpisodeRow) -> dict[str, Any]:
    """One episode of a run for the run page."""
    return {
        "ref": episode_ref(row),
        "task_id": row.task_id,
        "agent": row.agent,
        "seed": row.seed,
        "state": row.state,
        "live": not row.finished and is_live(row.folder),
        "map_id": row.map_id,
        "success": row.success if row.finished else None,
        "infrastructure_error": row.infrastructure_error,
        "terminal_reason": row.terminal_reason,
        "stops": [row.ordered_reached, row.ordered_total],
        "turns": row.turns,
        "path_length_3d": row.path_length_3d,
        "duration_sec": row.duration_sec,
    }


def run_detail(folder: Path) -> dict[str, Any]:
    """A run: its summary, manifest and episodes (RunStoreError when it is not a run)."""
    manifest = read_manifest(folder)
    rows = load_run_rows(folder)
    summary = _summary(folder, manifest, rows)
    summary["manifest"] = json.loads(json.dumps(manifest.to_json(), default=str))
    summary["episodes"] = [episode_entry(r) for r in rows]
    return summary
