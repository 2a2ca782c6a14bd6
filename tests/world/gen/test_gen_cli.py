"""``odyssey world locate``: vanilla's /locate answer for a seeded overworld, and a clear error
for a name that is neither a structure nor a biome."""

from __future__ import annotations

from typer.testing import CliRunner

from odyssey.cli.main import app
from odyssey.world.gen import locate_structure


def test_locate_prints_vanillas_answer_and_refuses_unknown_names():
    runner = CliRunner()
    result = runner.invoke(app, ["world", "locate", "village", "--seed", "1"])
    x, _, z = locate_structure(1, "village", (0, 0))
    assert result.exit_code == 0, result.output
    assert f"The nearest village is at [{x}, ~, {z}]" in result.output
    bad = runner.invoke(app, ["world", "locate", "castle", "--seed", "1"])
    assert bad.exit_code == 2 and "castle" in bad.output
