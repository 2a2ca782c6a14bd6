"""The committed block table is what tools/gen_block_registry.py makes from minecraft-data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tools" / "node_modules" / "minecraft-data" / "minecraft-data" / "data" / "pc"
COMMITTED = REPO / "src" / "odyssey" / "data" / "blocks-1.21.11.json.gz"


def test_committed_table_regenerates_byte_for_byte(tmp_path):
    source = DATA / "1.21.11"
    if not (source / "blocks.json").is_file():
        pytest.skip(
            "minecraft-data is not installed under tools/ "
            "(npm install --prefix tools minecraft-data@3.119.0; .ci/run does this)"
        )
    out = tmp_path / "blocks.json.gz"
    subprocess.run(
        [sys.executable, str(REPO / "tools" / "gen_block_registry.py"), str(source), str(out)],
        check=True,
        timeout=300,
    )
    assert out.read_bytes() == COMMITTED.read_bytes()
