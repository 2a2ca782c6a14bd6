"""Writing a generated table as the committed gzipped JSON (shared by the generator scripts)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path


def write_table(out: Path, table: dict) -> None:
    """Compact, key-sorted JSON, gzipped with mtime 0: the same table gives the same bytes."""
    text = json.dumps(table, separators=(",", ":"), sort_keys=True).encode()
    out.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))


def run(argv: list[str], usage: str, convert: Callable[[Path], dict], default_out: Path,
        counted: tuple[str, ...]) -> int:  # fmt: skip
    """A generator's command line: ``SCRIPT SOURCE [OUT]`` writes the table converted from
    SOURCE to OUT (default: the committed one) and says how many of each ``counted`` it holds."""
    if len(argv) not in (2, 3):
        print(usage)
        return 2
    out = Path(argv[2]) if len(argv) == 3 else default_out
    table = convert(Path(argv[1]))
    write_table(out, table)
    counts = ", ".join(f"{len(table[k])} {k}" for k in counted)
    print(f"wrote {out} ({out.stat().st_size} bytes; {counts})")
    return 0
