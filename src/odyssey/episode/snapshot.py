"""The post-run snapshot check (Mine Odyssey notes §5.5 ``snapshot-after-run.json``): the map
package on disk is fingerprinted before the episode and again after it, proving the episode
changed nothing there (the game's block changes live only in memory).

The fingerprint follows the release manifest's ``sha256-relative-path-and-content-v1``: every
file under the folder in sorted relative-path order, its POSIX path and its bytes hashed in turn.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

ALGORITHM = "sha256-relative-path-and-content-v1"
ARTIFACT_KIND = "navigation-post-run-snapshot-check"
LEVEL = "full-content"  # every byte is hashed, not only sizes and times
CHUNK = 1 << 20


def fingerprint(folder: Path | str) -> dict[str, Any]:
    """``{algorithm, file_count, total_bytes, value}`` of every file under ``folder``."""
    root = Path(folder)
    digest = hashlib.sha256()
    count = total = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix().encode("utf-8")
        digest.update(rel + b"\0")
        with path.open("rb") as f:
            while block := f.read(CHUNK):
                digest.update(block)
                total += len(block)
        digest.update(b"\0")
        count += 1
    return {"algorithm": ALGORITHM, "file_count": count, "total_bytes": total,
            "value": digest.hexdigest()}  # fmt: skip


def snapshot_check(expected: dict[str, Any], folder: Path | str, checked_at_utc: str) -> dict:
    """The ``snapshot-after-run.json`` object: ``verified`` when the folder is unchanged."""
    actual = fingerprint(folder)
    return {
        "schema_version": 1,
        "artifact_kind": ARTIFACT_KIND,
        "map_dir": str(folder),
        "expected": expected,
        "actual": actual,
        "verified": actual == expected,
        "level": LEVEL,
        "checked_at_utc": checked_at_utc,
    }
