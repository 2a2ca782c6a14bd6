"""The result files of one episode (Mine Odyssey notes §5.5) from the finished episode's state."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from odyssey.sim.game import TICKS_PER_SECOND


@dataclass(frozen=True)
class RunFacts:
    """What the runner knew about the run besides the episode's own state."""

    map_dir: Path
    environment: str | None
    clock: dict[str, Any]
    eval_setting: dict[str, Any]
    tick_of_day: int
    started_utc: str
    ended_utc: str
    duration: float
    max_decisions: int
    screenshots: bool


def agent_details(agent: Any) -> dict[str, Any]:
    """What the agent says identifies its behaviour (``describe()``: a loop agent's model, never
    its key, and its system prompt's version and SHA-256)."""
    describe = getattr(agent, "describe", None)
    return dict(describe()) if callable(describe) else {}


def result_files(e: Any, facts: RunFacts) -> dict[str, Any]:
    """``{file name: content}`` for ``write_results``; ``e`` is the runner's finished episode."""
    v, task = e.verifier, e.task
    completion = v.completion(duration_sec=facts.duration, ended_at_utc=facts.ended_utc)
    agent_name = getattr(e.agent, "name", type(e.agent).__name__)
    runtime = e.settings.runtime
    eval_setting = facts.eval_setting
    run = {
        "schema_version": 1,
        "task_id": task.id,
        "map_id": task.map_id,
        "task_digest": task.digest,
        "task": task.to_json(),
        "agent": {
            "name": agent_name,
            "privileged": bool(getattr(e.agent, "privileged", False)),
            "seed": getattr(e.agent, "seed", None),
            **agent_details(e.agent),
        },
        "clock": facts.clock,
        "mode": v.mode,
        "map": {
            "dir": str(facts.map_dir),
            "environment": facts.environment,
            "world_copy": "in-memory (never written back)",
        },
        "settings": e.settings.to_json(),
        "eval_setting": eval_setting,
        "game": {
            "gamemode": runtime.gamemode,
            "difficulty": runtime.difficulty,
            "time_of_day": facts.tick_of_day,
            "time_frozen": runtime.time.freeze,
            "weather": eval_setting.get("weather", "clear"),
            "weather_frozen": runtime.weather.freeze,
            "player_scale": eval_setting.get("player_scale", 1.0),
            "hotbar": {"2": "minecraft:torch"},
            "ticks_per_second": TICKS_PER_SECOND,
        },
        "screen": {
            "recorded": facts.screenshots,
            "view": "six"
            if eval_setting.get("six_view_enabled")
            else "third"
            if eval_setting.get("third_person")
            else "first",
            "hud": bool(eval_setting.get("hud_enabled")),
            "guideline": bool(eval_setting.get("guideline")),
            "markers": "target only (xaero-target-only), within 32 blocks",
        },
        "limits": {
            "max_decisions": facts.max_decisions,
            "watchdog_timeout_sec": e.settings.limits.watchdog_timeout_sec,
        },
        "started_at_utc": facts.started_utc,
        "ended_at_utc": facts.ended_utc,
    }
    positions = [
        {"sampled_at_utc": stamp, **row} for stamp, row in zip(e.stamps, v.positions, strict=True)
    ]
    supervisor = {
        k: completion[k]
        for k in ("task_id", "terminal_reason", "infrastructure_error", "success", "ended_at_utc")
    }
    agent_result = {
        "schema_version": 1,
        "mode": v.mode,
        "agent": agent_name,
        "agent_started": e.agent_started,
        "decision_count": e.decisions,
        "ignored_uses": e.ignored_uses,
        "agent_status": e.agent_status,
        "error": e.error,
        "first_observation_s": e.first_observation_s,
        "recorded_at_utc": facts.ended_utc,
    }
    return {
        "run.json": run,
        "positions.jsonl": positions,
        "claims.jsonl": e.claim_rows,
        "evaluator-events.jsonl": e.event_rows,
        "completion.json": completion,
        "metrics.json": v.metrics_json(facts.duration),
        "supervisor.json": {"schema_version": 1, **supervisor},
        "agent-result.json": agent_result,
    }
