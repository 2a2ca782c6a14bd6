"""Task configurations: MineStudio's files load unchanged; ours round-trip; bad ones are named."""

from __future__ import annotations

import pytest

from conftest import SHARED, shared_path
from odyssey.mcu.config import (
    MINESTUDIO_DIALECT,
    TaskConfig,
    dump_config,
    load_config,
    load_folder,
    write_config,
)
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import parse_rule

CONFIGS = SHARED / "reference/mcu-data/minestudio/benchmark/task_configs"


def test_every_minestudio_config_loads_as_an_open_ended_task() -> None:
    configs = load_folder(shared_path(CONFIGS))
    assert len(configs) == 153  # 76 simple + 77 hard
    assert {c.difficulty for c in configs} == {"simple", "hard"}
    assert sum(c.difficulty == "simple" for c in configs) == 76
    assert all(c.judge == "autoeval" and c.success is None for c in configs)
    assert all(c.dialect == MINESTUDIO_DIALECT and c.source == "minestudio" for c in configs)
    bed = next(c for c in configs if c.id == "sleep_in_bed" and c.difficulty == "simple")
    assert bed.text == "Sleep in a bed to skip the night."
    assert bed.custom_init_commands[0] == "/time set night"
    assert bed.extra == {"defaults": ["base", "_self_"]}  # kept for the round trip


def test_minestudio_config_round_trips(tmp_path) -> None:
    source = shared_path(CONFIGS / "simple" / "sleep_in_bed.yaml")
    config = load_config(source)
    copy = write_config(config, tmp_path / "simple" / "sleep_in_bed.yaml")
    assert load_config(copy) == config


def test_our_config_round_trips_with_its_rule(tmp_path) -> None:
    config = TaskConfig(
        id="craft_to_stick", text="craft to stick ", category="craft",
        subcategory="craft_items", custom_init_commands=("/give @s minecraft:oak_planks 4",),
        success=parse_rule({"kind": "stat", "category": "crafted", "key": "stick"}),
    )  # fmt: skip
    assert config.text == "craft to stick"  # trailing spaces stripped, as in MineStudio's files
    text = dump_config(config)
    assert text.startswith("text: craft to stick\ncustom_init_commands:")
    back = load_config(write_config(config, tmp_path / "x.yaml"))
    assert back == config and back.programmatic


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "text: a\ncategory: cooking\nsuccess: {kind: stat, category: crafted, key: x}\n",
            "unknown category 'cooking'",
        ),
        ("text: a\nsuccess: {kind: stat, category: crafted}\n", "success.stat.key"),
        (
            "custom_init_commands: [/time set day]\nsuccess: {kind: stat, category: custom, "
            "key: jump}\n",
            "text",
        ),
        (
            "text: a\ncustom_init_commands: /give @s stone\njudge: autoeval\n",
            "custom_init_commands: expected a list",
        ),
        ("- just\n- a list\n", "mapping"),
    ],
)
def test_bad_configs_name_the_file_and_field(tmp_path, text, message) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(McuError, match=str(path).replace(".", r"\.")) as e:
        load_config(path)
    assert message in str(e.value)


def test_missing_file_and_folder(tmp_path) -> None:
    with pytest.raises(McuError, match="no such task configuration"):
        load_config(tmp_path / "nope.yaml")
    with pytest.raises(McuError, match="not a folder"):
        load_folder(tmp_path / "nope")
