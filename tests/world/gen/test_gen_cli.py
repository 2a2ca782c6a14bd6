"""``odyssey world generate --kind overworld`` writes a survival world Anvil reads back."""

from __future__ import annotations

import subprocess
import sys

from odyssey.world import open_world
from odyssey.world.gen import spawn_point


def test_cli_generates_an_overworld(tmp_path):
    out = tmp_path / "w"
    args = ["world", "generate", "--kind", "overworld", "--seed", "5", "--out", str(out)]
    done = subprocess.run(
        [sys.executable, "-m", "odyssey", *args, "--radius", "16"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    world = open_world(out)
    assert world.info.seed == 5
    assert world.info.spawn == spawn_point(5)
    assert len(world.chunk_positions()) == 9  # 3x3 chunks around the spawn's chunk
    assert world.info.game_type == 0


def test_cli_rejects_an_unknown_kind(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "odyssey", "world", "generate", str(tmp_path / "w"), "--kind", "x"],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "demo or overworld" in done.stdout + done.stderr
