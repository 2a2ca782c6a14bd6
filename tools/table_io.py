"""Writing a generated table as the committed gzipped JSON (shared by the generator scripts)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path


def write_table(out: Path, table: dict) -> None:
    """Compact, key-sorted JSON, gzipped with mtime 0: the same table gives the same bytes."""
    text = json.dumps(table, separators=(",", ":"), sort_keys=True).encode()
    out.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))
