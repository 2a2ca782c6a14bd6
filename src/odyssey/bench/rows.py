"""One row per episode of a run, read from the episode's own files (the source of truth).

Tables, reports and the dashboard start from these rows; :class:`EpisodeOutcome` (the episode
layer's aggregation input) is built from the same files, so every layer counts alike.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from odyssey.bench.layout import (
    DONE,
    INFRA,
    agent_slug,
    episode_folders,
    episode_state,
    read_manifest,
)
from odyssey.episode.metrics import EpisodeOutcome
from odyssey.episode.results import read_jsonl


@dataclass
class EpisodeRow:
    """What one episode folder says about its episode."""

    run_id: str
    folder: Path
    task_id: str
    agent: str
    seed: int
    state: str  # layout.DONE | INFRA | INCOMPLETE | PENDING
    map_id: str | None = None
    environment: str | None = None  # the map's: outdoor | indoor | mixed | None
    success: bool = False
    scored: bool = False
    infrastructure_error: bool = False
    terminal_reason: str | None = None
    ordered_total: int = 0
    ordered_reached: int = 0
    static_spl: float | None = None
    path_length_3d: float = 0.0
    path_length_xz: float = 0.0
    duration_sec: float = 0.0
    turns: int = 0  # decisions (a model's successful requests; a scripted agent's actions)
    tokens: int = 0
    cost_usd: float | None = None
    outcome: EpisodeOutcome | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.state in (DONE, INFRA)


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def load_row(folder: Path, run_id: str, agent: str, seed: int) -> EpisodeRow:
    """The row of one episode folder (a pending or incomplete one has only its identity)."""
    folder = Path(folder)
    row = EpisodeRow(run_id, folder, folder.name, agent, seed, episode_state(folder))
    if not row.finished:
        return row
    completion = _json(folder / "completion.json")
    run = _json(folder / "run.json")
    status = _json(folder / "agent-status.json")
    result = _json(folder / "agent-result.json")
    metrics = completion.get("metrics") or _json(folder / "metrics.json")
    checkpoints = metrics.get("checkpoints") or {}
    row.map_id = completion.get("map_id") or run.get("map_id")
    row.environment = (run.get("map") or {}).get("environment")
    row.success = bool(completion.get("success"))
    row.infrastructure_error = bool(completion.get("infrastructure_error"))
    row.scored = not row.infrastructure_error
    row.terminal_reason = completion.get("terminal_reason")
    row.ordered_total = int(checkpoints.get("ordered_total", 0))
    row.ordered_reached = int(checkpoints.get("ordered_reached", 0))
    row.static_spl = metrics.get("static_spl")
    row.path_length_3d = float(metrics.get("path_length_3d") or 0.0)
    row.path_length_xz = float(metrics.get("path_length_xz") or 0.0)
    row.duration_sec = float(metrics.get("duration_sec") or 0.0)
    row.turns = int(status.get("llm_request_success", result.get("decision_count", 0)) or 0)
    row.tokens = int((status.get("usage") or {}).get("total_tokens", 0))
    row.cost_usd = status.get("cost_usd")
    turns_file = folder / "turns.jsonl"
    positions = (
        [tuple(t["position"]) for t in read_jsonl(turns_file)] if turns_file.exists() else []
    )
    row.outcome = EpisodeOutcome.from_completion(
        completion, environment=row.environment, turns=row.turns, turn_positions=positions
    )
    return row


def load_run_rows(run_dir: Path) -> list[EpisodeRow]:
    """Every episode folder of a run found on disk (finished, or started and unfinished);
    episodes never started have no folder and no row (count them from the manifest)."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    slugs = {agent_slug(a): a for a in manifest.agents}
    rows = []
    for folder in episode_folders(run_dir):
        agent = slugs.get(folder.parent.parent.name, folder.parent.parent.name)
        seed = int(folder.parent.name.lstrip("s") or 0)
        rows.append(load_row(folder, manifest.run_id, agent, seed))
    return rows
