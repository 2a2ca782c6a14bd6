"""The 1.21.11 block registry: numbering, properties, shapes, flags, fallback resolution."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.errors import BlockStateError
from odyssey.world.blocks import (
    AIR,
    BlockFlag,
    ResolveStats,
    parse_state_string,
    registry,
)

REG = registry()


def test_registry_is_1_21_11_from_minecraft_data():
    assert REG.version == "1.21.11"
    assert REG.data_version == 4671
    assert len(REG.blocks) == 1166
    assert REG.state_count == 29671  # max state id 29670 (physics-notes §8.1)
    assert REG.state_block.dtype == np.int32 and len(REG.state_block) == REG.state_count


def test_known_state_ids_follow_minecraft_data_numbering():
    assert REG.state("air") == AIR
    assert REG.state("minecraft:stone") == 1
    # oak_stairs: 80 states from 3706; default is facing=north, half=bottom, straight, dry.
    assert REG.block("oak_stairs").min_state == 3706
    assert REG.default_state("oak_stairs") == 3717
    assert REG.state("oak_stairs[facing=north,half=top,shape=straight,waterlogged=true]") == 3706
    # booleans are ordered true, false: waterlogged=false is the +1 neighbour.
    assert REG.state("oak_stairs[facing=north,half=top,shape=straight,waterlogged=false]") == 3707
    assert REG.default_state("oak_door") == 5465


def test_every_state_round_trips_through_its_properties():
    for block in REG.blocks:
        for state in range(block.min_state, block.max_state + 1):
            assert REG.state_of(block.name, REG.properties(state)) == state
            assert REG.state(REG.state_string(state)) == state


def test_state_string_syntax():
    parsed = parse_state_string(" minecraft:oak_door[ half = upper , open=true ] ")
    assert parsed.name == "oak_door"
    assert dict(parsed.properties) == {"half": "upper", "open": "true"}
    state = REG.state("oak_door[open=true,half=upper]")
    props = REG.properties(state)
    assert props["open"] == "true" and props["half"] == "upper"
    assert props["facing"] == "north"  # unspecified: from the default state
    assert REG.state_string(state).startswith("minecraft:oak_door[facing=north,half=upper,")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("oak_door[open=maybe]", "invalid property open='maybe'"),
        ("oak_door[colour=red]", "invalid property colour"),
        ("not_a_block", "unknown block 'not_a_block'"),
        ("oak_door[open=true", "expected ']'"),
        ("oak_door[open]", "expected 'property=value'"),
        ("", "missing block name"),
    ],
)
def test_bad_state_strings_say_what_is_wrong(text, message):
    with pytest.raises(BlockStateError, match=message.replace("[", r"\[")):
        REG.state(text)


def test_state_id_out_of_range_is_an_error():
    with pytest.raises(BlockStateError, match="out of range"):
        REG.properties(REG.state_count)


def test_collision_boxes_are_real_shapes():
    assert REG.collision_boxes(REG.state("stone")).tolist() == [[0, 0, 0, 1, 1, 1]]
    assert REG.collision_boxes(AIR).shape == (0, 6)
    assert REG.collision_boxes(REG.state("oak_slab[type=top]")).tolist() == [[0, 0.5, 0, 1, 1, 1]]
    assert REG.collision_boxes(REG.state("oak_slab[type=bottom]")).tolist() == [
        [0, 0, 0, 1, 0.5, 1]
    ]
    fence = REG.collision_boxes(REG.state("oak_fence"))
    assert fence[:, 4].max() == pytest.approx(1.5)  # fences are 1.5 high
    assert len(REG.collision_boxes(REG.state("oak_fence_gate[open=true]"))) == 0
    assert len(REG.collision_boxes(REG.state("oak_fence_gate[open=false]"))) > 0
    stairs = REG.collision_boxes(REG.state("oak_stairs[half=bottom,facing=north]"))
    assert len(stairs) == 2
    assert REG.boxes.dtype == np.float32


def test_flags_later_layers_need():
    def has(spec: str, flag: BlockFlag) -> bool:
        return REG.has_flag(REG.state(spec), flag)

    assert has("ladder", BlockFlag.CLIMBABLE) and has("vine", BlockFlag.CLIMBABLE)
    assert has("scaffolding", BlockFlag.CLIMBABLE)
    assert has("water", BlockFlag.LIQUID) and has("lava", BlockFlag.LIQUID)
    assert has("oak_door", BlockFlag.DOOR) and has("oak_door", BlockFlag.OPENABLE)
    assert has("iron_door", BlockFlag.DOOR) and not has("iron_door", BlockFlag.OPENABLE)
    assert has("oak_trapdoor", BlockFlag.TRAPDOOR) and not has("iron_trapdoor", BlockFlag.OPENABLE)
    assert has("birch_fence_gate", BlockFlag.FENCE_GATE) and has(
        "birch_fence_gate", BlockFlag.OPENABLE
    )
    assert has("stone_button", BlockFlag.BUTTON) and has("lever", BlockFlag.LEVER)
    assert has("oak_pressure_plate", BlockFlag.PRESSURE_PLATE)
    assert has("glass", BlockFlag.TRANSPARENT) and not has("stone", BlockFlag.TRANSPARENT)
    assert has("short_grass", BlockFlag.REPLACEABLE) and not has("stone", BlockFlag.REPLACEABLE)
    assert has("stone", BlockFlag.SOLID) and has("stone", BlockFlag.FULL_CUBE)
    assert not has("short_grass", BlockFlag.SOLID)
    assert has("oak_door[open=true]", BlockFlag.OPEN) and not has("oak_door", BlockFlag.OPEN)
    assert has("oak_slab[waterlogged=true]", BlockFlag.WATERLOGGED)
    assert has("oak_fence", BlockFlag.FENCE) and has("cobblestone_wall", BlockFlag.WALL)
    assert has("oak_sign", BlockFlag.SIGN) and has("oak_wall_sign", BlockFlag.SIGN)


def test_hardness_and_map_colours():
    assert REG.block("stone").hardness == pytest.approx(1.5)
    assert REG.block("bedrock").hardness is None  # unbreakable
    assert REG.map_color(REG.state("grass_block")) == (0x7F, 0xB2, 0x38)
    assert REG.map_color(REG.state("water")) == (0x40, 0x40, 0xFF)
    assert REG.map_color(REG.state("stone")) == (0x70, 0x70, 0x70)
    assert REG.map_color(REG.state("glass")) == (0, 0, 0)  # maps see through glass
    assert REG.map_color(REG.state("red_wool")) == (0x99, 0x33, 0x33)


def test_resolve_counts_fallbacks_from_other_versions():
    stats = ResolveStats()
    assert REG.resolve("minecraft:grass", {}, stats) == REG.state("short_grass")
    assert stats.renamed_blocks["minecraft:grass"] == 1
    assert REG.resolve("minecraft:chain", {"axis": "x"}, stats) == REG.state("iron_chain[axis=x]")
    assert REG.resolve("minecraft:made_up_block", None, stats) == AIR
    assert stats.unknown_blocks["minecraft:made_up_block"] == 1
    door = REG.resolve("minecraft:oak_door", {"open": "true", "legacy": "1"}, stats)
    assert door == REG.state("oak_door[open=true]")
    assert stats.unknown_properties["oak_door[legacy=1]"] == 1
    assert stats.fallback_count == 2
    assert REG.resolve("othermod:stone", None, stats) == AIR  # other namespaces are unknown
