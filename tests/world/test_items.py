"""The item table: real 1.21.11 data from the committed table and its generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from odyssey.errors import OdysseyError
from odyssey.world.items import ItemError, items

ROOT = Path(__file__).resolve().parents[2]
DATA_PC = ROOT / "tools" / "node_modules" / "minecraft-data" / "minecraft-data" / "data" / "pc"
PLANKS = "oak_planks"


def test_stack_sizes_and_durability() -> None:
    reg = items()
    assert reg.item("ender_pearl").stack_size == 16
    pick = reg.item("minecraft:iron_pickaxe")
    assert (pick.stack_size, pick.max_damage, pick.tool_kind, pick.tool_tier) == (
        1, 250, "pickaxe", "iron")  # fmt: skip
    assert reg.item("diamond_sword").max_damage == 1561
    assert reg.item("diamond_sword").attack_damage == 7.0
    assert reg.item("stone").max_damage == 0
    assert reg.by_id(reg.item("stone").id).name == "stone"


def test_block_item_links() -> None:
    reg = items()
    assert reg.block_for_item("redstone") == "redstone_wire"
    assert reg.block_for_item("wheat_seeds") == "wheat"
    assert reg.block_for_item("stone") == "stone"
    assert reg.block_for_item("stick") is None
    assert reg.item_for_block("wall_torch") == "torch"
    assert reg.item_for_block("carrots") == "carrot"
    assert reg.wall_block_for_item("torch") == "wall_torch"


def test_wooden_pickaxe_matches_shifted_mixed_and_mirrored() -> None:
    reg = items()
    grid = ["oak_planks", "birch_planks", "spruce_planks",
            None, "stick", None,
            None, "stick", None]  # fmt: skip
    assert reg.match_crafting(grid, 3).result == "wooden_pickaxe"
    # An axe head shifted right and mirrored.
    axe = [None, PLANKS, PLANKS,
           None, "stick", PLANKS,
           None, "stick", None]  # fmt: skip
    mirrored = [PLANKS, PLANKS, None,
                PLANKS, "stick", None,
                None, "stick", None]  # fmt: skip
    assert reg.match_crafting(axe, 3).result == "wooden_axe"
    assert reg.match_crafting(mirrored, 3).result == "wooden_axe"
    assert reg.match_crafting(["stick"] + [None] * 8, 3) is None


def test_planks_from_any_log_and_table_in_2x2() -> None:
    reg = items()
    for log in ("oak_log", "stripped_oak_wood"):
        recipe = reg.match_crafting([None, None, None, log], 2)
        assert (recipe.result, recipe.count) == ("oak_planks", 4)
    assert reg.match_crafting([None, None, "spruce_log", None], 2).result == "spruce_planks"
    assert reg.match_crafting([PLANKS] * 4, 2).result == "crafting_table"
    sticks = reg.match_crafting([PLANKS, None, "birch_planks", None], 2)
    assert (sticks.result, sticks.count) == ("stick", 4)


def test_iron_ore_needs_stone_pickaxe() -> None:
    reg = items()
    harvest = reg.harvest("iron_ore")
    assert harvest.requires_tool and harvest.min_tier == "stone"
    assert harvest.tool_kinds == ("pickaxe",)
    assert harvest.can_harvest("stone_pickaxe") and not harvest.can_harvest("wooden_pickaxe")
    assert not harvest.can_harvest(None)
    assert reg.harvest("obsidian").min_tier == "diamond"
    assert not reg.harvest("dirt").requires_tool
    assert reg.mining_speed("iron_pickaxe", "stone") == 6.0
    assert reg.mining_speed("iron_pickaxe", "dirt") == 1.0
    assert reg.mining_speed("shears", "oak_leaves") == 15.0


def test_smelting_and_fuel() -> None:
    reg = items()
    furnace = reg.cooking("furnace", "raw_iron")
    assert (furnace.result, furnace.ticks, furnace.experience) == ("iron_ingot", 200, 0.7)
    assert reg.cooking("blast_furnace", "raw_iron").ticks == 100
    assert reg.cooking("smoker", "raw_iron") is None
    assert reg.cooking("smoker", "beef").result == "cooked_beef"
    assert reg.cooking("furnace", "birch_log").result == "charcoal"
    assert reg.cooking("furnace", "crimson_stem") is None
    assert reg.fuel_ticks("coal") == 1600
    assert reg.fuel_ticks("lava_bucket") == 20000
    assert reg.fuel_ticks("oak_slab") == 150
    assert reg.fuel_ticks("crimson_planks") == 0
    assert reg.fuel_ticks("stone") == 0


def test_foods() -> None:
    reg = items()
    bread = reg.item("bread").food
    assert (bread.nutrition, bread.saturation, bread.eat_ticks) == (5, 6.0, 32)
    assert reg.item("golden_apple").food.always_edible
    assert reg.item("dried_kelp").food.eat_ticks == 16
    assert reg.item("stone").food is None


def test_block_drops() -> None:
    reg = items()
    leaves = {d.item: d for d in reg.block_drops("oak_leaves")}
    assert leaves["oak_leaves"].shears is True
    assert leaves["oak_sapling"].chance == 0.05 and leaves["oak_sapling"].shears is False
    assert leaves["apple"].chance == 0.005
    assert (leaves["stick"].min_count, leaves["stick"].max_count) == (1, 2)
    stone = reg.block_drops("stone")
    assert {(d.item, d.silk_touch, d.chance) for d in stone} == {
        ("stone", True, 1.0), ("cobblestone", False, 1.0)}  # fmt: skip
    assert [(d.item, d.chance) for d in reg.block_drops("gravel") if d.item == "flint"] == [
        ("flint", 0.1)]  # fmt: skip
    assert [d.item for d in reg.block_drops("dirt")] == ["dirt"]
    assert reg.block_drops("air") == []


def test_entity_drops_and_info() -> None:
    reg = items()
    cow = {d.item: (d.min_count, d.max_count) for d in reg.entity_drops("cow")}
    assert cow == {"leather": (0, 2), "beef": (1, 3)}
    assert reg.entity_info("cow").max_health == 10
    assert reg.entity_info("zombie").kind == "hostile"
    assert reg.entity_info("creeper").height == pytest.approx(1.7)


def test_unknown_names_are_clear_errors() -> None:
    reg = items()
    with pytest.raises(ItemError, match=r"unknown item 'iron_pickax'.*iron_pickaxe"):
        reg.item("iron_pickax")
    assert issubclass(ItemError, OdysseyError)
    assert not reg.has("iron_pickax") and reg.has("minecraft:iron_pickaxe")
    with pytest.raises(ItemError, match="unknown block"):
        reg.harvest("stoen")


@pytest.mark.skipif(not DATA_PC.is_dir(), reason="minecraft-data is not installed in tools/")
def test_generator_is_deterministic_and_matches_committed(tmp_path: Path) -> None:
    outs = [tmp_path / "a.json.gz", tmp_path / "b.json.gz"]
    for out in outs:
        subprocess.run([sys.executable, str(ROOT / "tools" / "gen_item_data.py"), str(DATA_PC),
                        str(out)], check=True, capture_output=True)  # fmt: skip
    committed = ROOT / "src" / "odyssey" / "data" / "items-1.21.11.json.gz"
    assert outs[0].read_bytes() == outs[1].read_bytes() == committed.read_bytes()
