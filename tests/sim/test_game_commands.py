"""Slash commands on a real survival game: set-up commands as MCU writes them change the
inventory, the blocks, the entities and the world; every MineStudio task configuration runs."""

from __future__ import annotations

import pytest
from test_survival_runs import GROUND, inventory, survival_game

from conftest import SHARED, shared_path
from odyssey.sim.commands.coverage import config_commands
from odyssey.sim.game_commands import run

CONFIGS = SHARED / "reference" / "mcu-data" / "minestudio" / "benchmark" / "task_configs"
KNOWN_CONFIG_ERRORS = {  # the configs' own mistakes: 1.16.5 rejects them too
    "Unknown item 'minecraft:treasure_map'",
    "Can't find element 'minecraft:water' of type 'minecraft:entity_type'",
    "Can't find element 'minecraft:target' of type 'minecraft:entity_type'",
}
# vanilla's answer when a fill changes nothing (the flat test ground is grass already)
NOTHING_TO_DO = {"No blocks were filled"}


def test_give_replaceitem_and_clear_change_the_inventory():
    game = survival_game()
    assert run(game, "/give @s minecraft:oak_planks 70").success
    assert run(game, "/replaceitem entity @s weapon.mainhand minecraft:iron_sword",
               "minestudio-1.16").success  # fmt: skip
    assert run(game, "/item replace entity @s armor.head with minecraft:iron_helmet").success
    # mainhand (slot 0) took the sword over the first 64 planks: 6 are left
    assert inventory(game) == {"oak_planks": 6, "iron_sword": 1, "iron_helmet": 1}
    assert game.survival.inventory.get(39).item == "iron_helmet"
    result = run(game, "/clear @s minecraft:oak_planks")
    assert result.success and "oak_planks" not in inventory(game)
    bad = run(game, "/give @s minecraft:plank 1")
    assert not bad.success and "Unknown item 'minecraft:plank'" in bad.message


def test_setblock_fill_and_relative_coordinates():
    game = survival_game()
    reg = game.world.registry
    assert run(game, "/setblock ~2 ~ ~ minecraft:crafting_table").success
    assert reg.block_of(game.world.get_block(2, GROUND, 0)).name == "crafting_table"
    assert run(game, "/execute as @p at @s run fill ~2 ~-1 ~2 ~4 ~-1 ~4 minecraft:lava").success
    lava = [(x, z) for x in range(2, 5) for z in range(2, 5)
            if reg.block_of(game.world.get_block(x, GROUND - 1, z)).name == "lava"]  # fmt: skip
    assert len(lava) == 9
    keep = run(game, "/setblock ~2 ~ ~ minecraft:stone keep")
    assert not keep.success


def test_summon_time_weather_gamemode_difficulty_effect_and_kill():
    game = survival_game()
    s = game.survival
    assert run(game, "/summon minecraft:sheep ~3 ~ ~3 {Color:14,NoAI:1b}").success
    sheep = next(e for e in s.entities.entities.values() if e.type == "sheep")
    assert sheep.color == "red" and sheep.no_ai and sheep.x == pytest.approx(3.5)
    assert run(game, "/time set night").success and game.time_of_day == 13000
    assert run(game, "/weather thunder").success and s.weather == "thunder"
    assert run(game, "/gamemode creative").success and s.gamemode == "creative"
    assert run(game, "/difficulty hard").success and s.difficulty == "hard"
    assert run(game, "/effect give @a minecraft:night_vision 99999 1 true").success
    assert s.effects["night_vision"] == (99999 * 20, 1)
    assert run(game, "/kill @e[type=sheep]").success and not s.entities.of_type("sheep")
    assert run(game, "/tp @s ~5 ~ ~").success and game.player.pos[0] == pytest.approx(5.5)


def test_every_minestudio_configuration_runs_its_commands():
    """Each command of each configuration runs on a fresh game; failures are only the
    configurations' own known mistakes."""
    folder = shared_path(CONFIGS)
    files = sorted(folder.rglob("*.yaml"))
    assert len(files) >= 150
    failures, ran = [], 0
    for path in files:
        game = survival_game()
        for line in config_commands(path):
            result = run(game, line, "minestudio-1.16")
            ran += 1
            if not result.success:
                failures.append((path.name, line, result.message.splitlines()[0]))
    assert ran >= 650
    unexplained = [f for f in failures if f[2] not in KNOWN_CONFIG_ERRORS | NOTHING_TO_DO]
    assert unexplained == [] and len([f for f in failures if f[2] in KNOWN_CONFIG_ERRORS]) == 3
