"""An evaluation's plan: (suite, agents, seeds) expanded into episodes, each with a small JSON-able
spec that tells a worker process everything it needs to play that one episode.

The order interleaves agents (seed, then task, then agent), so every agent's success so far is
visible early in a long run instead of one agent finishing before the next starts.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from odyssey.bench.layout import EpisodeKey
from odyssey.errors import OdysseyError

SPEC_VERSION = 1


class PlanError(OdysseyError):
    """The evaluation asked for cannot be planned (no agents, no seeds, unknown task ids)."""


@dataclass(frozen=True)
class EpisodeSpec:
    """Everything a worker needs to play one episode into its folder."""

    run_dir: str
    task_id: str
    agent: str
    seed: int
    suite: str
    clock: str = "lockstep"
    settings: dict[str, Any] = field(default_factory=dict)  # Settings as JSON
    models: str | None = None  # the models file for llm:ALIAS agents
    screenshots: bool = False
    unsafe_no_sandbox: bool = False
    max_decisions: int | None = None
    live: bool = False  # keep live.json / live-frame.jpg up to date (for `odyssey serve`)
    spec_version: int = SPEC_VERSION

    @property
    def key(self) -> EpisodeKey:
        return EpisodeKey(self.task_id, self.agent, self.seed)

    @property
    def folder(self) -> Path:
        return self.key.folder(Path(self.run_dir))

    def label(self) -> str:
        return f"{self.agent} s{self.seed} {self.task_id}"

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> EpisodeSpec:
        data = json.loads(text)
        if data.get("spec_version") != SPEC_VERSION:
            raise PlanError(f"episode spec version {data.get('spec_version')!r} unsupported")
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})


def suite_identity(name: str) -> dict[str, Any]:
    """The suite as the manifest records it: name, version, the sha256 of its ``tasks.json``
    bytes (so a resumed run can tell a rebuilt, different suite) and its task count."""
    from odyssey.tasks.suites import TASKS_JSON, build_suite, suite_spec

    folder = build_suite(name)
    data = (folder / TASKS_JSON).read_bytes()
    tasks = json.loads(data).get("tasks", [])
    return {
        "name": name,
        "version": suite_spec(name).version,
        "digest": hashlib.sha256(data).hexdigest(),
        "task_count": len(tasks),
    }


def suite_task_ids(name: str) -> list[str]:
    """The suite's task ids in catalog order (building the suite on first use)."""
    from odyssey.tasks.suites import load_suite

    catalog, _ = load_suite(name)
    return [t.task_id for t in catalog.tasks]


def select_tasks(task_ids: list[str], wanted: list[str] | None) -> list[str]:
    """``wanted`` (in suite order) or every task; PlanError naming unknown ids."""
    if wanted is None:
        return list(task_ids)
    unknown = [t for t in wanted if t not in task_ids]
    if unknown:
        raise PlanError(
            f"tasks {', '.join(unknown)} are not in the suite (it has {', '.join(task_ids[:5])}"
            f"{', ...' if len(task_ids) > 5 else ''})"
        )
    chosen = set(wanted)
    return [t for t in task_ids if t in chosen]


def plan_keys(task_ids: list[str], agents: list[str], seeds: int) -> list[EpisodeKey]:
    """Every (task, agent, seed) episode, interleaved: seed, then task, then agent."""
    if not agents:
        raise PlanError("no agents given")
    if len(set(agents)) != len(agents):
        raise PlanError(f"agents given twice: {', '.join(agents)}")
    if seeds < 1:
        raise PlanError(f"seeds must be at least 1 (got {seeds})")
    return [EpisodeKey(t, a, s) for s in range(seeds) for t in task_ids for a in agents]


def episode_specs(
    keys: list[EpisodeKey], run_dir: Path, suite: str, **common: Any
) -> list[EpisodeSpec]:
    """The specs of ``keys``; ``common`` holds the fields they share (clock, settings, ...)."""
    return [EpisodeSpec(str(run_dir), k.task_id, k.agent, k.seed, suite, **common) for k in keys]
