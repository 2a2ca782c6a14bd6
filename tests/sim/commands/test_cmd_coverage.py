"""The coverage tool over MineStudio's real task configurations (../shared), and its YAML reader."""

from __future__ import annotations

from pathlib import Path

import pytest
from cmd_fake_world import FakeCommandWorld, player

from conftest import SHARED, shared_path
from odyssey.sim.commands import run_command
from odyssey.sim.commands.coverage import config_commands, main, run_coverage
from odyssey.sim.commands.taskyaml import TaskConfigError, parse_simple_yaml

CONFIGS = SHARED / "reference/mcu-data/minestudio/benchmark/task_configs"


@pytest.fixture(scope="module")
def configs() -> Path:
    return shared_path(CONFIGS)


def test_every_shared_command_parses_or_is_a_known_config_error(configs: Path) -> None:
    cov = run_coverage(configs)
    assert (cov.files, cov.commands) == (153, 672)
    assert cov.unexplained == []
    assert sorted(f.command for f in cov.failures) == [
        "/give @s minecraft:treasure_map",
        "/summon minecraft:target ~5 ~ ~",
        "/summon minecraft:water ~2 ~ ~3",
    ]
    assert cov.translated > 0


def test_cli_prints_totals_and_exits_zero(configs: Path, capsys) -> None:
    assert main([str(configs)]) == 0
    out = capsys.readouterr().out
    assert "OK    simple/sleep_in_bed.yaml (3 commands)" in out
    assert "153 files, 672 commands: 669 parse" in out and "0 unexplained" in out
    assert main(["/nonexistent-dir"]) == 2


def test_every_shared_command_dispatches(configs: Path) -> None:
    """Each parsed config command reaches the game interface and succeeds there."""
    ok = failed = 0
    for path in sorted(configs.rglob("*.yaml")):
        steve = player("Steve", (0.5, 64.0, 0.5))
        world = FakeCommandWorld(entities_list=[steve], me=steve)
        for line in config_commands(path):
            result = run_command(world, line, dialect="minestudio-1.16")
            ok += result.success
            failed += not result.success
    assert (ok, failed) == (669, 3)


def test_simple_yaml_reader_agrees_with_pyyaml(configs: Path) -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed; nothing to compare with")
    for path in sorted(configs.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert parse_simple_yaml(text, str(path)) == yaml.safe_load(text), path


def test_simple_yaml_reader_shapes_and_errors() -> None:
    text = "custom_init_commands:\n- /give @s stone\n  64\n- '/say a: b'\ntext: 'long\n  line  '\n"
    assert parse_simple_yaml(text) == {
        "custom_init_commands": ["/give @s stone 64", "/say a: b"],
        "text": "long line  ",
    }
    with pytest.raises(TaskConfigError, match="line 1: list item outside a list"):
        parse_simple_yaml("- x\n")
