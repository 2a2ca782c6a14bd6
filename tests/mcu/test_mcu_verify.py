"""Verifying configurations in the engine: each kind of failure is caught on a hand-made bad
configuration, with a message that names the problem and says how to fix it."""

from __future__ import annotations

import json

import pytest
from confgen_tasks import craft, task

from conftest import SHARED
from odyssey.mcu.confgen.rulebased import generate_config
from odyssey.mcu.confgen.verify import Verification, verify_config
from odyssey.mcu.config import TaskConfig, load_config
from odyssey.mcu.rules import ItemRule, StatRule
from odyssey.mcu.setup import WORLD_SEED, SharedChunks

MINESTUDIO = SHARED / "reference/mcu-data/minestudio/benchmark/task_configs"


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


def config(*commands: str) -> TaskConfig:
    return TaskConfig(id="hand_made", text="hand made", custom_init_commands=commands,
                      success=StatRule(category="custom", key="jump"))  # fmt: skip


def failed(result: Verification, name: str) -> list[str]:
    return [c.message for c in result.failures if c.name == name]


def test_a_failed_command_is_named(chunks: SharedChunks) -> None:
    result = verify_config(config("/give @s minecraft:oak_planks 4",
                                  "/give @s minecraft:no_such_item 1"), None, chunks)  # fmt: skip
    (message,) = failed(result, "command")
    assert "command 2" in message and "no_such_item" in message
    assert [c["ok"] for c in result.commands] == [True, False]
    assert not result.ok and "[command]" in result.feedback()


def test_the_product_given_is_caught(chunks: SharedChunks) -> None:
    t = craft("stick")  # success: have a stick
    result = verify_config(config("/give @s minecraft:oak_planks 4", "/give @s minecraft:stick 1"),
                           t, chunks)  # fmt: skip
    messages = failed(result, "target_absent")
    assert any("stick itself was given" in m for m in messages)
    assert any("success rule already holds" in m for m in messages)


def test_a_brewed_potion_given_is_caught(chunks: SharedChunks) -> None:
    t = task("brew", "potion_of_swiftness")
    good = generate_config(t)
    potion = '/give @s minecraft:potion[potion_contents={potion:"minecraft:swiftness"}] 1'
    bad = good.model_copy(update={"custom_init_commands": (*good.custom_init_commands, potion)})
    assert verify_config(good, t, chunks).ok
    assert failed(verify_config(bad, t, chunks), "target_absent")


def test_a_missing_tool_and_station_are_caught(chunks: SharedChunks) -> None:
    result = verify_config(config("/setblock ~2 ~ ~ minecraft:iron_ore"), task("mine", "iron_ore"),
                           chunks)  # fmt: skip
    (message,) = failed(result, "item")
    assert "stone_pickaxe" in message and "a tool that harvests iron_ore" in message
    smelt = verify_config(config("/give @s minecraft:raw_iron 2", "/give @s minecraft:coal 2"),
                          task("smelt", "iron_ingot"), chunks)  # fmt: skip
    assert any("furnace" in m for m in failed(smelt, "station"))


def test_a_recipe_that_cannot_be_reached_is_caught(chunks: SharedChunks) -> None:
    result = verify_config(config("/give @s minecraft:stick 4",
                                  "/setblock ~2 ~ ~ minecraft:crafting_table"),
                           craft("iron_pickaxe"), chunks)  # fmt: skip
    (message,) = failed(result, "task_reachable")
    assert "iron_pickaxe cannot be made" in message and "stick" in message


def test_a_block_far_away_or_in_the_sky_is_caught(chunks: SharedChunks) -> None:
    result = verify_config(config("/setblock ~10 ~ ~ minecraft:furnace",
                                  "/setblock ~2 ~20 ~ minecraft:stone"), None, chunks)  # fmt: skip
    messages = failed(result, "nearby")
    assert any(m.startswith("furnace") and "10.0 blocks" in m for m in messages)
    assert any(m.startswith("stone") and "~20" in m for m in messages)


def test_a_mob_far_away_is_caught(chunks: SharedChunks) -> None:
    result = verify_config(config("/summon minecraft:zombie ~20 ~ ~"), task("combat", "zombie"),
                           chunks)  # fmt: skip
    assert any("zombie was summoned 20.0 blocks away" in m for m in failed(result, "nearby"))
    assert failed(result, "mob")  # and so the task has no zombie to fight


def test_an_unreachable_station_and_mob_are_caught(chunks: SharedChunks) -> None:
    high = verify_config(config("/give @s minecraft:raw_iron 2", "/give @s minecraft:coal 2",
                                "/setblock ~2 ~6 ~ minecraft:furnace"),
                         task("smelt", "iron_ingot"), chunks)  # fmt: skip
    assert not failed(high, "nearby")  # within the band, but out of reach from the ground
    assert any("furnace" in m and "cannot be reached" in m for m in failed(high, "reachable"))
    perched = verify_config(
        config("/fill ~3 ~ ~ ~3 ~3 ~ minecraft:stone", "/summon minecraft:cow ~3 ~4 ~ {NoAI:1b}"),
        None,
        chunks,
    )
    assert any("cow" in m for m in failed(perched, "reachable"))


def test_a_buried_player_is_caught(chunks: SharedChunks) -> None:
    buried = verify_config(config("/fill ~-1 ~-1 ~-1 ~1 ~2 ~1 minecraft:stone"), None, chunks)
    (message,) = failed(buried, "not_trapped")
    assert "feet are inside stone" in message and "head" in message
    boxed = verify_config(config("/fill ~-1 ~-1 ~-1 ~1 ~2 ~1 minecraft:glass hollow"), None,
                          chunks)  # fmt: skip
    (message,) = failed(boxed, "not_trapped")
    assert "shut in" in message


def test_levels_mobs_and_trades_are_checked(chunks: SharedChunks) -> None:
    enchant = verify_config(config("/give @s minecraft:diamond_sword 1",
                                   "/give @s minecraft:lapis_lazuli 20",
                                   "/setblock ~2 ~ ~ minecraft:enchanting_table"),
                            task("enchant", "diamond_sword"), chunks)  # fmt: skip
    assert [c.name for c in enchant.failures] == ["levels"]
    trade = verify_config(config("/give @s minecraft:emerald 20",
                                 '/summon minecraft:villager ~3 ~ ~ {VillagerData:{profession:'
                                 '"minecraft:farmer",level:1},NoAI:1b}'),
                          task("trade", "map"), chunks)  # fmt: skip
    assert any("no villager nearby sells map" in m for m in failed(trade, "trade"))
    find = verify_config(config("/time set day"), task("find", "diamond_ore"), chunks)
    assert any("no diamond_ore within 16 blocks" in m for m in failed(find, "findable"))


def test_a_clean_config_passes_and_serialises(chunks: SharedChunks) -> None:
    t = task("mine", "iron_ore", success=ItemRule(item="raw_iron"))
    result = verify_config(generate_config(t), t, chunks)
    assert result.ok and result.feedback() == "All checks passed."
    data = json.loads(result.to_json())
    assert data["ok"] and {c["name"] for c in data["checks"]} >= {"block", "item", "nearby"}


@pytest.mark.skipif(not MINESTUDIO.is_dir(), reason="MineStudio's configurations not present")
def test_a_minestudio_config_runs_in_its_dialect(chunks: SharedChunks) -> None:
    config = load_config(MINESTUDIO / "simple" / "sleep_in_bed.yaml")
    result = verify_config(config, None, chunks)
    assert all(c["ok"] for c in result.commands) and len(result.commands) == 3
    assert not failed(result, "not_trapped")


def test_a_block_already_in_place_is_not_a_failure(chunks: SharedChunks) -> None:
    result = verify_config(config("/setblock ~ ~-1 ~ minecraft:grass_block"), None, chunks)
    assert result.ok and "already so" in result.commands[0]["message"]
