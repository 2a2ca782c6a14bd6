"""Writing an episode's result files (Mine Odyssey notes §5.5) atomically.

Each file is written beside its final name and renamed into place, so a reader never sees half a
file and a crashed run leaves either the old file or none.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from odyssey.atomic import write_text_atomic

RESULT_FILES = (
    "run.json",
    "positions.jsonl",
    "claims.jsonl",
    "evaluator-events.jsonl",
    "completion.json",
    "metrics.json",
    "supervisor.json",
    "agent-result.json",
)


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def write_json(path: Path, data: Any) -> Path:
    return write_text_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def write_jsonl(path: Path, rows: Iterable[Any]) -> Path:
    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in rows)
    return write_text_atomic(path, text)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text("utf-8").splitlines() if line]


def write_results(out_dir: Path, files: dict[str, Any]) -> dict[str, Path]:
    """Writes ``{name: data}``: ``.jsonl`` names take a list of rows, the rest one object."""
    written = {}
    for name, data in files.items():
        path = Path(out_dir) / name
        written[name] = (
            write_jsonl(path, data) if name.endswith(".jsonl") else write_json(path, data)
        )
    return written
