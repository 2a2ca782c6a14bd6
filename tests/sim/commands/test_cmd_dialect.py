"""The minestudio-1.16 dialect: each rewrite, its report, and that the result parses as 1.21.11."""

from __future__ import annotations

import pytest

from odyssey.sim.commands import CommandError, parse_command, translate
from odyssey.sim.commands.dialect import known_config_error, split_arguments
from odyssey.sim.commands.names import RegistryNames


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("planks", "oak_planks"), ("wool", "white_wool"), ("carpet", "white_carpet"),
        ("bed", "red_bed"), ("boat", "oak_boat"), ("log", "oak_log"), ("sapling", "oak_sapling"),
        ("raw_beef", "beef"), ("raw_chicken", "chicken"), ("seeds", "wheat_seeds"),
        ("shovel", "iron_shovel"), ("hoe", "iron_hoe"), ("grass", "short_grass"),
        ("scute", "turtle_scute"),
    ],
)  # fmt: skip
def test_old_item_ids(old: str, new: str) -> None:
    t = translate(f"/give @s minecraft:{old} 20")
    assert t.translated == f"/give @s minecraft:{new} 20"
    assert t.changes == (f"item minecraft:{old} → minecraft:{new}",)
    assert parse_command(t.translated).item.name == f"minecraft:{new}"


def test_water_bottle_is_a_water_potion() -> None:
    t = translate("/give @s minecraft:water_bottle 3")
    assert t.translated == '/give @s minecraft:potion[potion_contents={potion:"minecraft:water"}] 3'
    cmd = parse_command(t.translated)
    assert cmd.item.components == (("minecraft:potion_contents", {"potion": "minecraft:water"}),)


def test_enchantments_potion_and_name_become_components() -> None:
    t = translate('/give @s minecraft:shovel{Enchantments:[{id:"minecraft:efficiency",lvl:1}]} 1')
    assert (
        t.translated == '/give @s minecraft:iron_shovel[enchantments={"minecraft:efficiency":1}] 1'
    )
    assert "NBT Enchantments → enchantments component" in t.changes
    t = translate('/give @p minecraft:potion{Potion:"minecraft:harming"} 1')
    assert (
        t.translated == '/give @p minecraft:potion[potion_contents={potion:"minecraft:harming"}] 1'
    )
    old_name = """display:{Name:'{"text":"Wand","italic":false}',Lore:['"old"']}"""
    t = translate(f"give @s stick{{{old_name},Damage:3,Foo:1b}}")
    assert t.translated == (
        'give @s stick[custom_name={text:"Wand",italic:0b},lore=["old"],damage=3,'
        "custom_data={Foo:1b}]"
    )
    assert parse_command(t.translated).item.name == "minecraft:stick"


def test_replaceitem_becomes_item_replace() -> None:
    t = translate("/replaceitem entity @s armor.head minecraft:iron_helmet")
    assert t.translated == "/item replace entity @s armor.head with minecraft:iron_helmet"
    t = translate("replaceitem block 1 2 3 container.0 minecraft:planks 4")
    assert t.translated == "item replace block 1 2 3 container.0 with minecraft:oak_planks 4"
    assert len(t.changes) == 3  # id, command, and the missing slash noted
    assert parse_command(t.translated).count == 4


def test_blocks_entities_data_values_weather_rules() -> None:
    t = translate("/fill ~2 ~-1 ~2 ~2 ~-1 ~2 lava 0 replace air")
    assert t.translated == "/fill ~2 ~-1 ~2 ~2 ~-1 ~2 lava replace air"
    assert t.changes == ("1.12 data value 0 after lava dropped",)
    t = translate("/execute as @p at @s run fill ~-5 ~ ~-5 ~5 ~ ~5 dirt 0")
    assert t.translated == "/execute as @p at @s run fill ~-5 ~ ~-5 ~5 ~ ~5 dirt"
    assert translate("/summon boat").translated == "/summon minecraft:oak_boat"
    t = translate('/summon minecraft:villager ~3 ~ ~ {Profession:"minecraft:cleric"}')
    assert 'VillagerData:{profession:"minecraft:cleric"' in t.translated
    assert parse_command(t.translated).nbt["VillagerData"]["profession"] == "minecraft:cleric"
    assert translate("/weather rain 300").translated == "/weather rain 300s"
    assert translate("/gamerule doDaylightCycle false").translated == "/gamerule advance_time false"
    assert translate("/gamerule keepInventory true").translated == "/gamerule keep_inventory true"


def test_unchanged_lines_and_noted_ones() -> None:
    t = translate("/give @s minecraft:oak_planks 4")
    assert not t.changed and t.changes == ()
    t = translate('/setblock ~2 ~ ~ minecraft:chest{LootTable:"minecraft:chests/buried_treasure"}')
    assert not t.changed and "LootTable kept" in t.changes[0]
    assert translate("summon minecraft:boat").changes[0].startswith("no leading '/'")


def test_unknown_dialect_is_an_error() -> None:
    with pytest.raises(CommandError, match="Unknown command dialect 'bedrock'"):
        translate("/give @s stone", "bedrock")


def test_split_arguments_keeps_snbt_whole() -> None:
    line = """give @s stick{display:{Name:'{"text":"a b"}'}} 2"""
    assert split_arguments(line) == [
        "give",
        "@s",
        """stick{display:{Name:'{"text":"a b"}'}}""",
        "2",
    ]


def test_known_config_errors_are_explained() -> None:
    names = RegistryNames()
    for line in ("/summon minecraft:water ~2 ~ ~3", "/give @s minecraft:treasure_map"):
        with pytest.raises(CommandError) as info:
            parse_command(translate(line).translated)
        assert known_config_error(line, info.value, names.is_block)
    with pytest.raises(CommandError) as info:
        parse_command("/give @s minecraft:unobtainium")
    assert known_config_error("/give @s minecraft:unobtainium", info.value, names.is_block) is None
