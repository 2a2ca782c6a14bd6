"""Drops, tool wear, stats and exhaustion of a finished break (vanilla loot rules)."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.sim.loot import LootContext, finish_break, roll_drops, wear_tool
from odyssey.sim.mining import Miner
from odyssey.world.blocks import registry
from odyssey.world.storage import World

POS = (0, 64, 0)


def world_with(spec: str, below: str = "stone") -> World:
    w = World()
    w.set_block(0, 63, 0, registry().state(below))
    w.set_block(*POS, registry().state(spec))
    return w


def drops_of(result) -> dict[str, int]:
    out: dict[str, int] = {}
    for d in result.drops:
        out[d.item] = out.get(d.item, 0) + d.count
    return out


def test_iron_ore_needs_a_stone_pickaxe():
    for seed in range(30):
        r = finish_break(world_with("iron_ore"), POS, Miner(item="stone_pickaxe"),
                         np.random.default_rng(seed))  # fmt: skip
        assert drops_of(r) == {"raw_iron": 1}  # vanilla: exactly 1 without Fortune
        assert ("mined", "iron_ore", 1) in r.stats and r.exhaustion == 0.005
    r = finish_break(world_with("iron_ore"), POS, Miner(item="wooden_pickaxe"),
                     np.random.default_rng(0))  # fmt: skip
    assert r.drops == () and not r.harvested and r.exhaustion == 0
    assert r.stats == (("used", "wooden_pickaxe", 1),)  # mineBlock still counts the tool
    assert r.tool.damage == 1 and r.changes == ((POS, 0),)


def test_grass_block_gives_dirt_or_itself_with_silk_touch():
    rng = np.random.default_rng(1)
    assert drops_of(finish_break(world_with("grass_block"), POS, Miner(), rng)) == {"dirt": 1}
    silk = Miner(item="iron_shovel", enchantments={"silk_touch": 1})
    assert drops_of(finish_break(world_with("grass_block"), POS, silk, rng)) == {"grass_block": 1}


def test_leaves_by_hand_mostly_nothing_saplings_about_five_percent():
    rng = np.random.default_rng(7)
    ctx = LootContext(None, {}, {})
    counts = {"oak_sapling": 0, "stick": 0, "apple": 0, "nothing": 0}
    for _ in range(2000):
        got = roll_drops("oak_leaves", ctx, rng)
        for d in got:
            counts[d.item] += 1
        counts["nothing"] += not got
    assert 70 <= counts["oak_sapling"] <= 130  # 5 % of 2000 = 100, sd ~10
    assert 20 <= counts["stick"] <= 65  # 2 %
    assert counts["apple"] <= 30 and counts["nothing"] > 1700
    assert [d.item for d in roll_drops("oak_leaves", LootContext("shears"), rng)] == ["oak_leaves"]


def test_fortune_ore_multiplier_and_determinism():
    rng = np.random.default_rng(3)
    ctx = LootContext("diamond_pickaxe", {"fortune": 3})
    counts = [sum(d.count for d in roll_drops("diamond_ore", ctx, rng)) for _ in range(4000)]
    assert set(counts) == {1, 2, 3, 4}
    assert np.mean(counts) == pytest.approx(2.2, abs=0.08)  # (1 + 1 + 2 + 3 + 4) / 5
    a = [roll_drops("gravel", LootContext(None), np.random.default_rng(9)) for _ in range(3)]
    b = [roll_drops("gravel", LootContext(None), np.random.default_rng(9)) for _ in range(3)]
    assert a == b


def test_slabs_snow_and_crops_count_from_the_state():
    rng = np.random.default_rng(0)
    assert roll_drops("oak_slab", LootContext(None, {}, {"type": "double"}), rng)[0].count == 2
    assert roll_drops("oak_slab", LootContext(None, {}, {"type": "top"}), rng)[0].count == 1
    snow = roll_drops("snow", LootContext("wooden_shovel", {}, {"layers": "5"}), rng)
    assert [(d.item, d.count) for d in snow] == [("snowball", 5)]
    young = roll_drops("wheat", LootContext(None, {}, {"age": "3"}), rng)
    assert [(d.item, d.count) for d in young] == [("wheat_seeds", 1)]
    ripe = {d.item: d.count for d in roll_drops("wheat", LootContext(None, {}, {"age": "7"}), rng)}
    assert ripe["wheat"] == 1 and 1 <= ripe["wheat_seeds"] <= 4


def test_tool_durability_and_breaking():
    rng = np.random.default_rng(0)
    r = finish_break(world_with("stone"), POS, Miner(item="wooden_pickaxe"), rng, tool_damage=58)
    assert r.tool.damage == 59 and r.tool.broken
    assert ("broken", "wooden_pickaxe", 1) in r.stats and drops_of(r) == {"cobblestone": 1}
    assert wear_tool("iron_sword", 0, 1.5, {}, rng).damage == 2  # swords lose 2
    assert wear_tool("iron_pickaxe", 0, 0.0, {}, rng).damage == 0  # hardness 0: none
    assert wear_tool("shears", 0, 0.0, {}, rng).damage == 1  # shears: any block
    assert wear_tool("stick", 0, 1.5, {}, rng) is None
    worn = [wear_tool("iron_pickaxe", 0, 1.5, {"unbreaking": 3}, rng).damage for _ in range(2000)]
    assert np.mean(worn) == pytest.approx(0.25, abs=0.04)  # each point kept with 1/(3+1)


def test_stats_by_hand_and_creative_and_adventure():
    rng = np.random.default_rng(0)
    r = finish_break(world_with("dirt"), POS, Miner(), rng)
    assert r.stats == (("mined", "dirt", 1),) and r.tool is None
    r = finish_break(world_with("stone"), POS, Miner(), rng)  # cannot harvest: nothing at all
    assert r.stats == () and r.drops == () and r.changes == ((POS, 0),)
    creative = finish_break(world_with("bedrock"), POS, Miner(mode="creative"), rng)
    assert creative.changes == ((POS, 0),) and creative.drops == () and creative.stats == ()
    assert finish_break(world_with("dirt"), POS, Miner(item="iron_sword", mode="creative"),
                        rng) is None  # fmt: skip
    assert finish_break(world_with("dirt"), POS, Miner(mode="adventure"), rng) is None
    assert finish_break(world_with("bedrock"), POS, Miner(), rng) is None


def test_two_block_blocks_water_and_ice():
    blocks = registry()
    w = world_with("oak_door[half=lower,facing=north]")
    w.set_block(0, 65, 0, blocks.state("oak_door[half=upper,facing=north]"))
    r = finish_break(w, (0, 65, 0), Miner(), np.random.default_rng(0))
    assert r.changes == (((0, 65, 0), 0), (POS, 0)) and drops_of(r) == {"oak_door": 1}
    wet = world_with("oak_slab[type=bottom,waterlogged=true]")
    r = finish_break(wet, POS, Miner(item="wooden_axe"), np.random.default_rng(0))
    assert r.changes == ((POS, blocks.state("water[level=0]")),)
    r = finish_break(world_with("ice"), POS, Miner(), np.random.default_rng(0))
    assert r.changes == ((POS, blocks.state("water[level=0]")),) and r.drops == ()
    r = finish_break(world_with("ice", below="air"), POS, Miner(), np.random.default_rng(0))
    assert r.changes == ((POS, 0),)
