"""Placing block items: target cell, placement states per block kind, room and collision."""

from __future__ import annotations

import pytest

from odyssey.sim.placing import Click, place_block
from odyssey.world.blocks import registry
from odyssey.world.storage import World

S = registry().state


@pytest.fixture
def world() -> World:
    """Stone floor at y=63 (x, z in -4..4) and a stone pillar at (0, 64..65, 0)."""
    w = World()
    w.fill((-4, 63, -4), (5, 64, 5), S("stone"))
    w.set_block(0, 64, 0, S("stone"))
    w.set_block(0, 65, 0, S("stone"))
    return w


def top(x, z, yaw=0.0, dx=0.5, dz=0.5, pitch=60.0, sneak=False) -> Click:
    """Click the top face of the floor block at (x, 63, z)."""
    return Click((x, 63, z), "up", (x + dx, 64.0, z + dz), yaw, pitch, sneak)


def changes(result) -> dict:
    return {pos: registry().state_string(s) for pos, s in result.changes}


def placed(world, item, click, apply=False, **kw) -> dict:
    result = place_block(world, item, click, **kw)
    assert result is not None, f"{item} was not placed"
    if apply:
        for pos, s in result.changes:
            world.set_block(*pos, s)
    return changes(result)


def test_stairs_face_the_player_and_turn_upside_down(world):
    got = placed(world, "oak_stairs", top(2, 2, yaw=90))  # looking west
    assert got == {
        (2, 64, 2): "minecraft:oak_stairs[facing=west,half=bottom,shape=straight,waterlogged=false]"
    }
    side_high = Click((0, 64, 0), "east", (1.0, 64.7, 0.5), yaw=90)
    assert placed(world, "oak_stairs", side_high)[(1, 64, 0)].startswith(
        "minecraft:oak_stairs[facing=west,half=top"
    )


def test_stairs_corner_shape_and_the_neighbours_corner(world):
    world.set_block(2, 64, 2, S("oak_stairs[facing=north]"))
    got = placed(world, "oak_stairs", top(3, 2, yaw=90))  # facing west, stairs in front
    assert got == {(3, 64, 2): "minecraft:oak_stairs[facing=west,half=bottom,"
                               "shape=outer_right,waterlogged=false]"}  # fmt: skip
    got = placed(world, "oak_stairs", top(2, 1, yaw=270))  # facing east, in front of the old one
    assert got == {
        (2, 64, 1): "minecraft:oak_stairs[facing=east,half=bottom,shape=straight,"
                    "waterlogged=false]",
        (2, 64, 2): "minecraft:oak_stairs[facing=north,half=bottom,shape=outer_right,"
                    "waterlogged=false]",
    }  # fmt: skip


def test_slabs_top_bottom_and_double(world):
    assert placed(world, "oak_slab", top(2, 2))[(2, 64, 2)] == (
        "minecraft:oak_slab[type=bottom,waterlogged=false]"
    )
    high = Click((0, 64, 0), "east", (1.0, 64.7, 0.5), yaw=90)
    assert placed(world, "oak_slab", high)[(1, 64, 0)] == (
        "minecraft:oak_slab[type=top,waterlogged=false]"
    )
    world.set_block(2, 64, 2, S("oak_slab[type=bottom]"))
    onto = Click((2, 64, 2), "up", (2.5, 64.5, 2.5), 0, 60)
    assert placed(world, "oak_slab", onto) == {
        (2, 64, 2): "minecraft:oak_slab[type=double,waterlogged=false]"
    }
    other = place_block(world, "stone_slab", onto)
    assert changes(other) == {(2, 65, 2): "minecraft:stone_slab[type=bottom,waterlogged=false]"}


def test_log_axis_from_the_clicked_face(world):
    assert placed(world, "oak_log", top(2, 2)) == {(2, 64, 2): "minecraft:oak_log[axis=y]"}
    side = Click((0, 64, 0), "east", (1.0, 64.5, 0.5), yaw=90)
    assert placed(world, "oak_log", side) == {(1, 64, 0): "minecraft:oak_log[axis=x]"}
    north = Click((0, 64, 0), "north", (0.5, 64.5, 0.0), yaw=180)
    assert placed(world, "oak_log", north) == {(0, 64, -1): "minecraft:oak_log[axis=z]"}


def test_door_two_halves_hinge_and_room(world):
    got = placed(world, "oak_door", top(2, 2, yaw=0, dx=0.3))  # facing south, clicked west half
    lower = "minecraft:oak_door[facing=south,half=lower,hinge=right,open=false,powered=false]"
    upper = "minecraft:oak_door[facing=south,half=upper,hinge=right,open=false,powered=false]"
    assert got == {(2, 64, 2): lower, (2, 65, 2): upper}
    assert "hinge=left" in placed(world, "oak_door", top(2, 2, yaw=0, dx=0.7))[(2, 64, 2)]
    # A full block on the player's right (west when facing south) wins over the click.
    got = placed(world, "oak_door", top(1, 0, yaw=0, dx=0.7))  # pillar at x=0 is to the west
    assert "hinge=right" in got[(1, 64, 0)]
    world.set_block(3, 65, 3, S("stone"))
    assert place_block(world, "oak_door", top(3, 3)) is None  # no room for the top half


def test_bed_head_ahead_and_room(world):
    got = placed(world, "red_bed", top(2, 2, yaw=180))  # facing north
    assert got == {
        (2, 64, 2): "minecraft:red_bed[facing=north,occupied=false,part=foot]",
        (2, 64, 1): "minecraft:red_bed[facing=north,occupied=false,part=head]",
    }
    world.set_block(3, 64, 1, S("stone"))
    assert place_block(world, "red_bed", top(3, 2, yaw=180)) is None


def test_torches_floor_wall_and_not_under_a_ceiling(world):
    assert placed(world, "torch", top(2, 2)) == {(2, 64, 2): "minecraft:torch"}
    side = Click((0, 64, 0), "east", (1.0, 64.5, 0.5), yaw=90, pitch=10)
    assert placed(world, "torch", side) == {(1, 64, 0): "minecraft:wall_torch[facing=east]"}
    world.set_block(3, 66, 3, S("stone"))
    ceiling = Click((3, 66, 3), "down", (3.5, 66.0, 3.5), yaw=0, pitch=-60)
    assert place_block(world, "torch", ceiling) is None


def test_buttons_and_levers_on_floor_wall_and_ceiling(world):
    assert placed(world, "stone_button", top(2, 2, yaw=90)) == {
        (2, 64, 2): "minecraft:stone_button[face=floor,facing=west,powered=false]"
    }
    side = Click((0, 64, 0), "south", (0.5, 64.5, 1.0), yaw=180, pitch=0)
    assert placed(world, "lever", side) == {
        (0, 64, 1): "minecraft:lever[face=wall,facing=south,powered=false]"
    }
    world.set_block(3, 66, 3, S("stone"))
    ceiling = Click((3, 66, 3), "down", (3.5, 66.0, 3.5), yaw=270, pitch=-60)
    assert placed(world, "oak_button", ceiling) == {
        (3, 65, 3): "minecraft:oak_button[face=ceiling,facing=east,powered=false]"
    }


def test_fences_panes_walls_connect_and_update_neighbours(world):
    got = placed(world, "oak_fence", top(1, 0), apply=True)  # next to the pillar at x=0
    assert got[(1, 64, 0)] == (
        "minecraft:oak_fence[east=false,north=false,south=false,waterlogged=false,west=true]"
    )
    got = placed(world, "oak_fence", top(2, 0))
    assert "west=true" in got[(2, 64, 0)] and "east=true" in got[(1, 64, 0)]
    got = placed(world, "glass_pane", top(0, 1), apply=True)
    assert got[(0, 64, 1)] == (
        "minecraft:glass_pane[east=false,north=true,south=false,waterlogged=false,west=false]"
    )
    got = placed(world, "iron_bars", top(0, 2))
    assert "north=true" in got[(0, 64, 2)] and "south=true" in got[(0, 64, 1)]
    got = placed(world, "cobblestone_wall", top(-1, 0))
    assert got[(-1, 64, 0)] == (
        "minecraft:cobblestone_wall[east=low,north=none,south=none,"
        "up=true,waterlogged=false,west=none]"
    )


def test_trapdoors_gates_ladders_and_signs(world):
    side = Click((0, 64, 0), "east", (1.0, 64.7, 0.5), yaw=90)
    assert placed(world, "oak_trapdoor", side)[(1, 64, 0)] == (
        "minecraft:oak_trapdoor[facing=east,half=top,open=false,powered=false,waterlogged=false]"
    )
    assert (
        "facing=south,half=bottom" in placed(world, "oak_trapdoor", top(2, 2, yaw=180))[(2, 64, 2)]
    )
    assert placed(world, "oak_fence_gate", top(2, 2, yaw=90))[(2, 64, 2)] == (
        "minecraft:oak_fence_gate[facing=west,in_wall=false,open=false,powered=false]"
    )
    assert placed(world, "ladder", side) == {
        (1, 64, 0): "minecraft:ladder[facing=east,waterlogged=false]"
    }
    assert place_block(world, "ladder", top(3, 3, pitch=80)) is None  # no wall anywhere near
    assert placed(world, "oak_sign", top(2, 2, yaw=30)) == {
        (2, 64, 2): "minecraft:oak_sign[rotation=9,waterlogged=false]"
    }  # (30 + 180) / 22.5 = 9.3
    assert placed(world, "oak_sign", side) == {
        (1, 64, 0): "minecraft:oak_wall_sign[facing=east,waterlogged=false]"
    }


def test_chests_furnaces_and_crafting_tables_face_the_player(world):
    assert placed(world, "furnace", top(2, 2, yaw=90)) == {
        (2, 64, 2): "minecraft:furnace[facing=east,lit=false]"
    }
    assert placed(world, "crafting_table", top(2, 2)) == {(2, 64, 2): "minecraft:crafting_table"}
    world.set_block(2, 64, 2, S("chest[facing=south,type=single]"))
    got = placed(world, "chest", top(3, 2, yaw=180))  # facing south like the chest to the west
    assert got == {
        (3, 64, 2): "minecraft:chest[facing=south,type=left,waterlogged=false]",
        (2, 64, 2): "minecraft:chest[facing=south,type=right,waterlogged=false]",
    }
    alone = placed(world, "chest", top(-2, -2, yaw=0, sneak=True))
    assert alone == {(-2, 64, -2): "minecraft:chest[facing=north,type=single,waterlogged=false]"}


def test_support_for_carpets_and_flowers(world):
    assert placed(world, "white_carpet", top(2, 2)) == {(2, 64, 2): "minecraft:white_carpet"}
    assert place_block(world, "poppy", top(2, 2)) is None  # stone is not dirt
    world.set_block(3, 63, 3, S("grass_block"))
    assert placed(world, "poppy", top(3, 3)) == {(3, 64, 3): "minecraft:poppy"}
    side = Click((0, 65, 0), "east", (1.0, 65.5, 0.5), yaw=90)
    assert place_block(world, "white_carpet", side) is None  # nothing under (1, 65, 0)


def test_replaceable_targets_and_water(world):
    world.set_block(2, 64, 2, S("short_grass"))
    onto_grass = Click((2, 64, 2), "up", (2.5, 64.5, 2.5), 0, 60)
    assert placed(world, "stone", onto_grass) == {(2, 64, 2): "minecraft:stone"}
    world.set_block(3, 64, 3, S("water[level=0]"))
    assert placed(world, "oak_slab", top(3, 3)) == {
        (3, 64, 3): "minecraft:oak_slab[type=bottom,waterlogged=true]"
    }


def test_collision_mode_consumption_and_stats(world):
    player = (1.7, 64.0, 1.7, 2.3, 65.8, 2.3)  # standing in (2, 64, 2)
    assert place_block(world, "stone", top(2, 2), boxes=[player]) is None
    assert place_block(world, "torch", top(2, 2), boxes=[player]) is not None  # no collision
    assert place_block(world, "stone", top(3, 3), boxes=[player]) is not None
    assert place_block(world, "stone", top(3, 3), mode="adventure") is None
    assert place_block(world, "stick", top(3, 3)) is None
    survival = place_block(world, "stone", top(3, 3))
    creative = place_block(world, "stone", top(3, 3), mode="creative")
    assert (survival.consumed, creative.consumed) == (1, 0)
    assert survival.stats == (("used", "stone", 1),) == creative.stats
