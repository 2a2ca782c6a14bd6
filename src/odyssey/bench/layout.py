"""The run store's layout: one folder per evaluation run, one per episode inside it.

```
RUN/                                  a run folder (default runs/<run id>)
  run.json                            the run's manifest (RunManifest)
  episodes/<agent>/s<seed>/<task id>/  one episode: the runner's result files (run.json,
                                      completion.json, metrics.json, positions.jsonl, claims.jsonl,
                                      agent-record/, ...) plus attempt.json
```

The episode's files are the source of truth; everything else (tables, reports, the dashboard)
is derived from them. Files are written atomically, so a killed evaluation leaves finished
episodes complete and unfinished ones without ``completion.json``.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from odyssey.atomic import write_text_atomic
from odyssey.errors import OdysseyError

RUN_JSON = "run.json"
EPISODES = "episodes"
ATTEMPT_JSON = "attempt.json"
COMPLETION_JSON = "completion.json"
RUN_KIND = "odyssey-eval-run"
SCHEMA_VERSION = 1

# Episode states for resuming: kept as they are, or run (again).
DONE = "done"  # finished and scored (success or failure): kept
INFRA = "infrastructure_error"  # finished as an infrastructure failure: redone up to the limit
INCOMPLETE = "incomplete"  # started, never finished (killed): redone
PENDING = "pending"  # never started


class RunStoreError(OdysseyError):
    """A run folder that is not one, or one written by an incompatible version."""


def agent_slug(agent: str) -> str:
    """A folder name for an agent name: ``llm:gpt-x`` -> ``llm-gpt-x``; ``script:/a/b.json`` ->
    ``script-b``."""
    kind, _, arg = agent.partition(":")
    if kind == "script" and arg:
        arg = Path(arg).stem
    text = f"{kind}-{arg}" if arg else kind
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "agent"


@dataclass(frozen=True)
class EpisodeKey:
    """One episode of a run: which task, which agent, which seed."""

    task_id: str
    agent: str
    seed: int

    def folder(self, run_dir: Path) -> Path:
        return Path(run_dir) / EPISODES / agent_slug(self.agent) / f"s{self.seed}" / self.task_id


@dataclass
class RunManifest:
    """``run.json`` of a run folder."""

    run_id: str
    suite: dict[str, Any]  # {name, version, digest, task_count}
    agents: list[str]
    seeds: int
    clock: str
    settings: dict[str, Any]
    backend: str = "local"
    workers: int = 1
    retry_limit: int = 3
    status: str = "running"  # running | finished | interrupted
    created_at_utc: str = ""
    updated_at_utc: str = ""
    odyssey_version: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    schema_version: int = SCHEMA_VERSION
    kind: str = RUN_KIND

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def write_manifest(run_dir: Path, manifest: RunManifest) -> Path:
    text = json.dumps(manifest.to_json(), indent=2, ensure_ascii=False) + "\n"
    return write_text_atomic(Path(run_dir) / RUN_JSON, text)


def read_manifest(run_dir: Path) -> RunManifest:
    """The manifest of a run folder; RunStoreError naming the folder when it is not one."""
    path = Path(run_dir) / RUN_JSON
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RunStoreError(f"{run_dir}: not a run folder (no {RUN_JSON})") from None
    except (OSError, json.JSONDecodeError) as e:
        raise RunStoreError(f"{path}: cannot read the run manifest: {e}") from None
    if not isinstance(data, dict) or data.get("kind") != RUN_KIND:
        raise RunStoreError(f"{path}: not an odyssey evaluation run (kind {RUN_KIND!r} expected)")
    if data.get("schema_version") != SCHEMA_VERSION:
        raise RunStoreError(
            f"{path}: run written by another version (schema_version "
            f"{data.get('schema_version')!r}; this odyssey reads {SCHEMA_VERSION})"
        )
    known = set(RunManifest.__dataclass_fields__)
    return RunManifest(**{k: v for k, v in data.items() if k in known})


def episode_state(folder: Path) -> str:
    """DONE, INFRA, INCOMPLETE or PENDING for an episode folder."""
    folder = Path(folder)
    completion = folder / COMPLETION_JSON
    if completion.exists():
        try:
            data = json.loads(completion.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return INCOMPLETE
        return INFRA if data.get("infrastructure_error") else DONE
    return INCOMPLETE if folder.exists() else PENDING


def read_attempts(folder: Path) -> int:
    try:
        return int(json.loads((Path(folder) / ATTEMPT_JSON).read_text())["attempts"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def write_attempts(folder: Path, attempts: int, last_error: str | None = None) -> None:
    data = {"schema_version": 1, "attempts": attempts, "last_error": last_error}
    write_text_atomic(Path(folder) / ATTEMPT_JSON, json.dumps(data) + "\n")


def episode_folders(run_dir: Path) -> list[Path]:
    """Every episode folder of a run (sorted), finished or not."""
    root = Path(run_dir) / EPISODES
    return sorted(p for p in root.glob("*/s*/*") if p.is_dir())
