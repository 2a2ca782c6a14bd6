"""Each command's parse result, and vanilla's error texts with the <--[HERE] context."""

from __future__ import annotations

import pytest

from odyssey.sim.commands import CommandError, parse_command
from odyssey.sim.commands.cmd_blocks import Fill, SetBlock
from odyssey.sim.commands.cmd_entities import (
    INFINITE,
    EffectClear,
    EffectGive,
    Kill,
    SpawnPoint,
    Summon,
    Teleport,
)
from odyssey.sim.commands.cmd_execute import Anchored, As, At, Condition, Execute, Positioned
from odyssey.sim.commands.cmd_items import Clear, Give, ItemReplace
from odyssey.sim.commands.cmd_world import Difficulty, GameMode, GameRule, Say, Time, Weather
from odyssey.sim.commands.snbt import Byte


def error(line: str) -> CommandError:
    with pytest.raises(CommandError) as info:
        parse_command(line)
    return info.value


def test_give() -> None:
    cmd = parse_command("/give @p minecraft:stone 64")
    assert isinstance(cmd, Give) and cmd.item.name == "minecraft:stone" and cmd.count == 64
    assert parse_command("give @s torch").count == 1
    cmd = parse_command('give @s diamond_sword[enchantments={"minecraft:sharpness":5}]')
    assert cmd.item.components == (("minecraft:enchantments", {"minecraft:sharpness": 5}),)
    assert (
        str(cmd.item) == 'minecraft:diamond_sword[minecraft:enchantments={"minecraft:sharpness":5}]'
    )


def test_unknown_item_in_vanillas_words_with_context() -> None:
    e = error("/give @s minecraft:plank 3")
    assert e.message == "Unknown item 'minecraft:plank'"
    assert e.cursor == 8  # vanilla drops the slash before parsing
    assert str(e) == "Unknown item 'minecraft:plank'\ngive @s minecraft:plank 3<--[HERE]"
    e = error("execute as @p at @s run give @s minecraft:plank")
    assert e.context() == "...n give @s minecraft:plank<--[HERE]"
    assert (
        e.at_position() == "Unknown item 'minecraft:plank' at position 32: ...n give @s <--[HERE]"
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("give @s minecraft:stone 0", "Integer must not be less than 1, found 0"),
        ("give @s minecraft:stone abc", "Expected integer"),
        ("give @e minecraft:stone", "Only players may be affected by this command, "
         "but the provided selector includes entities"),
        ("give @s minecraft:stone{Count:3}", "Expected whitespace to end one argument, "
         "but found trailing data"),
        ("give @s #minecraft:logs", "Tags aren't allowed here, only actual items"),
        ("give @s minecraft:stone 1 extra", "Incorrect argument for command"),
        ("give @s", "Unknown or incomplete command, see below for error"),
        ("frobnicate @s", "Unknown or incomplete command, see below for error"),
        ("replaceitem entity @s weapon.mainhand minecraft:iron_sword",
         "Unknown or incomplete command, see below for error"),
    ],
)  # fmt: skip
def test_give_and_general_errors(line: str, message: str) -> None:
    assert error(line).message == message


def test_setblock_and_fill() -> None:
    cmd = parse_command(
        'setblock ~2 ~ ~ minecraft:chest{LootTable:"minecraft:chests/simple_dungeon"}'
    )
    assert isinstance(cmd, SetBlock) and cmd.block.nbt == {
        "LootTable": "minecraft:chests/simple_dungeon"
    }
    cmd = parse_command("setblock 1 2 3 minecraft:oak_stairs[facing=east,half=top] keep")
    assert cmd.block.properties == (("facing", "east"), ("half", "top")) and cmd.mode == "keep"
    cmd = parse_command("fill ~ ~ ~ ~3 ~ ~3 stone hollow")
    assert isinstance(cmd, Fill) and cmd.mode == "hollow" and cmd.filter is None
    cmd = parse_command("fill ~ ~ ~ ~3 ~ ~3 stone replace minecraft:dirt")
    assert cmd.filter.name == "minecraft:dirt"
    cmd = parse_command("fill ~ ~ ~ ~3 ~ ~3 stone replace #minecraft:logs destroy")
    assert cmd.filter.name == "#minecraft:logs" and cmd.filter_mode == "destroy"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("setblock ~ ~ ~ minecraft:oak_stairs[facing=up]",
         "Block minecraft:oak_stairs does not accept 'up' for facing property"),
        ("setblock ~ ~ ~ minecraft:stone[foo=bar]",
         "Block minecraft:stone does not have property 'foo'"),
        ("setblock ~ ~ ~ minecraft:oak_stairs[facing=east,facing=west]",
         "Property 'facing' can only be set once for block minecraft:oak_stairs"),
        ("setblock ~ ~ ~ minecraft:oak_stairs[facing=east",
         "Expected closing ] for block state properties"),
        ("setblock ~ ~ ~ minecraft:unobtainium", "Unknown block type 'minecraft:unobtainium'"),
        ("setblock ~ ~ ~ stone sideways", "Incorrect argument for command"),
        ("setblock ~ ~", "Incomplete (expected 3 coordinates)"),
        ("fill ~ ~ ~ ~1 ~1 ~1 stone sideways", "Incorrect argument for command"),
        ("setblock ~ ~ ~ #minecraft:logs", "Tags aren't allowed here, only actual blocks"),
    ],
)  # fmt: skip
def test_block_errors(line: str, message: str) -> None:
    assert error(line).message == message


def test_summon() -> None:
    cmd = parse_command("/summon minecraft:horse ~ ~ ~ {Tame:1b}")
    assert isinstance(cmd, Summon) and cmd.nbt == {"Tame": 1} and type(cmd.nbt["Tame"]) is Byte
    assert parse_command("summon sheep").pos is None
    e = error("summon minecraft:bee_nest ~ ~ ~")
    assert e.message == "Can't find element 'minecraft:bee_nest' of type 'minecraft:entity_type'"


def test_teleport_forms() -> None:
    assert parse_command("tp 1 2 3").targets is None
    cmd = parse_command("tp Bob")
    assert isinstance(cmd, Teleport) and cmd.targets is None and cmd.destination.player == "Bob"
    cmd = parse_command("teleport @s Bob")
    assert cmd.targets.kind == "s" and cmd.destination.player == "Bob"
    cmd = parse_command("tp @s ~ ~-10 ~")
    assert cmd.pos is not None and cmd.rotation is None
    assert parse_command("tp @s ~ ~ ~ 90 ~").rotation is not None
    assert parse_command("tp @s ~ ~ ~ facing 0 64 0").facing.pos is not None
    cmd = parse_command("tp @s ~ ~ ~ facing entity Bob eyes")
    assert cmd.facing.entity.player == "Bob" and cmd.facing.anchor == "eyes"
    assert error("tp @a @e").message.startswith("Only one entity is allowed")
    assert error("tp ^ ~ ^").message.startswith("Cannot mix world & local coordinates")


def test_time_and_weather() -> None:
    assert parse_command("time set night") == Time("set", 13000)
    assert parse_command("time set midnight") == Time("set", 18000)
    assert parse_command("time set 1d") == Time("set", 24000)
    assert parse_command("time add 10s") == Time("add", 200)
    assert parse_command("time set 600") == Time("set", 600)
    assert parse_command("time query daytime") == Time("query", query="daytime")
    assert parse_command("weather thunder") == Weather("thunder")
    assert parse_command("weather rain 30s") == Weather("rain", 600)
    assert error("time set 5x").message == "Invalid unit"
    assert error("time set dusk").message == "Expected float"
    assert error("weather storm").message == "Incorrect argument for command"


def test_effect_clear_kill() -> None:
    cmd = parse_command("/effect give @a minecraft:night_vision 99999 250 true")
    assert cmd == EffectGive(cmd.targets, "minecraft:night_vision", 99999, 250, True)
    assert parse_command("effect give @s speed infinite").seconds == INFINITE
    assert isinstance(parse_command("effect clear @s"), EffectClear)
    assert error("effect give @s minecraft:flying 10").message == (
        "Can't find element 'minecraft:flying' of type 'minecraft:mob_effect'"
    )
    assert (
        error("effect give @s speed 10 256").message
        == "Integer must not be more than 255, found 256"
    )
    assert parse_command("clear") == Clear()
    cmd = parse_command("clear @s minecraft:stone 3")
    assert cmd.item == "minecraft:stone" and cmd.max_count == 3
    assert isinstance(parse_command("kill @e[type=minecraft:zombie]"), Kill)
    assert parse_command("kill").targets is None


def test_item_replace_and_slots() -> None:
    cmd = parse_command("item replace entity @s armor.head with minecraft:iron_helmet")
    assert isinstance(cmd, ItemReplace) and cmd.slot.slot == "armor.head" and cmd.count == 1
    cmd = parse_command("item replace block ~ ~ ~ container.3 with minecraft:apple 5")
    assert cmd.slot.kind == "block" and cmd.count == 5
    cmd = parse_command("item replace entity @s hotbar.0 from entity @s weapon.offhand")
    assert cmd.source.slot == "weapon.offhand"
    for slot in ("weapon.mainhand", "hotbar.8", "inventory.26", "horse.saddle", "armor.feet"):
        parse_command(f"item replace entity @s {slot} with minecraft:stone")
    assert error("item replace entity @s armor.hat with minecraft:iron_helmet").message == (
        "Unknown slot 'armor.hat'"
    )
    legacy = parse_command(
        "replaceitem entity @s weapon.mainhand minecraft:iron_sword", legacy=True
    )
    assert legacy.item.name == "minecraft:iron_sword"


def test_execute() -> None:
    cmd = parse_command("/execute as @p at @s run fill ~2 ~ ~ ~ 1 ~ minecraft:stone")
    assert isinstance(cmd, Execute) and [type(m) for m in cmd.modifiers] == [As, At]
    assert isinstance(cmd.run, Fill) and not cmd.run.end.y.relative  # "~ 1 ~": y is absolute 1
    cmd = parse_command(
        "execute positioned 0 64 0 anchored eyes if block ~ ~-1 ~ grass_block run say hi"
    )
    assert [type(m) for m in cmd.modifiers] == [Positioned, Anchored, Condition]
    assert cmd.run == Say("hi")
    cmd = parse_command("execute unless entity @e[type=zombie]")
    assert cmd.run is None and cmd.modifiers[0].negated
    assert parse_command("execute rotated as @p facing entity @p eyes run kill @s")
    assert error("execute as @p at @s run").message.startswith("Unknown or incomplete command")
    assert error("execute sideways run say hi").message == "Incorrect argument for command"


def test_gamemode_difficulty_gamerule_spawn_chat() -> None:
    assert parse_command("gamemode creative @s") == GameMode(
        "creative", parse_command("kill @s").targets
    )
    assert error("gamemode creatif").message == "Unknown game mode: creatif"
    assert parse_command("difficulty peaceful") == Difficulty("peaceful")
    assert parse_command("difficulty") == Difficulty()
    assert error("difficulty impossible").message == "Unknown difficulty: impossible"
    assert parse_command("gamerule keep_inventory true") == GameRule("keep_inventory", True)
    assert parse_command("gamerule minecraft:random_tick_speed 0") == GameRule(
        "random_tick_speed", 0
    )
    assert parse_command("gamerule advance_time false") == GameRule("advance_time", False)
    assert error("gamerule keep_inventory maybe").message == (
        "Invalid boolean, expected 'true' or 'false' but found 'maybe'"
    )
    assert error("gamerule random_tick_speed yes").message == "Expected integer"
    cmd = parse_command("spawnpoint @s ~ ~ ~ 90")
    assert isinstance(cmd, SpawnPoint) and cmd.angle is not None
    assert parse_command("setworldspawn").world
    assert parse_command("say hello world") == Say("hello world")
    assert parse_command("tell Bob psst").message == "psst"
