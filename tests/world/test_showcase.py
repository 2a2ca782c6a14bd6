"""The showcase town: deterministic, holds every promised block, states as vanilla stores them."""

from __future__ import annotations

import math

import numpy as np
import pytest

from odyssey.world import BlockFlag
from odyssey.world.showcase import (
    DYES,
    FEET,
    HALF,
    SHOWCASE_VIEWS,
    SHOWCASE_WAYPOINTS,
    SIDES,
    WOODS,
    showcase_world,
    view_towards,
)
from odyssey.world.signs import sign_lines

LO, HI = (-HALF, 56, -HALF), (HALF, 80, HALF)
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


@pytest.fixture(scope="module")
def world():
    return showcase_world(seed=0)


@pytest.fixture(scope="module")
def states(world) -> list[tuple[str, dict[str, str]]]:
    """Every distinct block state in the town, as (name, properties)."""
    reg = world.registry
    ids = np.unique(world.get_box(LO, HI))
    return [(reg.block_of(int(s)).name, reg.properties(int(s))) for s in ids]


def positions(world, predicate) -> list[tuple[int, int, int, str, dict[str, str]]]:
    """(x, y, z, name, properties) of every block in the town whose state passes predicate."""
    reg = world.registry
    box = world.get_box(LO, HI)
    out = []
    for s in np.unique(box):
        name, props = reg.block_of(int(s)).name, reg.properties(int(s))
        if predicate(name, props):
            for y, z, x in np.argwhere(box == s):
                out.append((LO[0] + int(x), LO[1] + int(y), LO[2] + int(z), name, props))
    return out


def full_cube(world, x: int, y: int, z: int) -> bool:
    return world.registry.has_flag(world.get_block(x, y, z), BlockFlag.FULL_CUBE)


def test_same_seed_same_blocks_and_signs(world):
    again = showcase_world(seed=0)
    assert np.array_equal(world.get_box(LO, HI), again.get_box(LO, HI))
    assert world.chunk(0, 0).block_entities == again.chunk(0, 0).block_entities
    other = showcase_world(seed=1)  # the seed scatters plants only: the buildings stay put
    changed = world.get_box(LO, HI) != other.get_box(LO, HI)
    assert changed.any()
    assert world.get_block(-16, FEET + 1, -9) == other.get_block(-16, FEET + 1, -9)


def test_ground_is_at_64_in_the_generated_dimension(world):
    reg = world.registry
    assert world.dimension.min_y == -64 and world.dimension.height == 512
    assert reg.block_of(world.get_block(-30, 64, -30)).name == "grass_block"
    assert world.get_block(-30, 65, -30) == 0
    assert reg.block_of(world.get_block(-30, -64, -30)).name == "bedrock"


@pytest.mark.parametrize(
    "name",
    ["grass_block", "dirt", "dirt_path", "stone", "stone_bricks", "sand", "bricks",
     "brick_stairs", "brick_slab", "spruce_slab", "oak_stairs", "oak_door", "spruce_door",
     "spruce_trapdoor", "ladder", "oak_fence", "oak_fence_gate", "cobblestone_wall",
     "cobblestone", "glass_pane", "light_blue_stained_glass_pane", "yellow_stained_glass",
     "red_carpet", "white_carpet", "blue_carpet", "torch", "wall_torch", "lantern",
     "short_grass", "fern", "tall_grass", "lilac", "rose_bush", "poppy", "dandelion",
     "cornflower", "oak_leaves", "oak_log", "oak_sign", "oak_wall_sign", "spruce_wall_sign",
     "water", "lily_pad", "sugar_cane", "chiseled_stone_bricks"],
)  # fmt: skip
def test_promised_block_is_present(states, name):
    assert name in {n for n, _ in states}


def test_all_sixteen_colours_of_concrete_and_wool_and_eight_woods(states):
    names = {n for n, _ in states}
    assert len(DYES) == 16
    for dye in DYES:
        assert {f"{dye}_concrete", f"{dye}_wool"} <= names
    assert {f"{wood}_planks" for wood in WOODS} <= names
    assert len({n for n in names if n.endswith("_log")}) >= 6


def test_doors_open_and_closed_with_both_halves(world, states):
    oak = {p["open"] for n, p in states if n == "oak_door"}
    assert oak == {"true", "false"}
    doors = positions(world, lambda n, p: n.endswith("_door") and p["half"] == "lower")
    assert len(doors) == 4
    for x, y, z, _, props in doors:
        upper = world.registry.properties(world.get_block(x, y + 1, z))
        assert upper == {**props, "half": "upper"}
        assert full_cube(world, x, y - 1, z)  # a door stands on a full block


def test_gates_open_and_closed_and_the_one_in_a_wall_is_lowered(world):
    gates = {(x, y, z): p for x, y, z, _, p in positions(world, lambda n, p: "gate" in n)}
    assert {p["open"] for p in gates.values()} == {"true", "false"}
    assert gates[(4, FEET, 15)]["in_wall"] == "true"
    assert gates[(13, FEET, 18)]["in_wall"] == "false"


def test_fences_panes_and_walls_connect_as_vanilla(world):
    reg = world.registry

    def props(x, y, z):
        return reg.properties(world.get_block(x, y, z))

    fence = props(12, FEET, 18)  # garden fence between a fence and the closed gate
    assert (fence["east"], fence["west"], fence["north"], fence["south"]) == (
        "true", "true", "false", "false")  # fmt: skip
    corner = props(8, FEET, 18)
    assert (corner["east"], corner["south"], corner["north"], corner["west"]) == (
        "true", "true", "false", "false")  # fmt: skip
    pane = props(-19, FEET + 2, -9)  # window pane beside a pane and a plank wall
    assert pane["east"] == pane["west"] == "true" and pane["north"] == "false"
    wall = props(4, FEET, 14)  # straight run beside the gate: no post
    assert (wall["north"], wall["south"], wall["up"]) == ("low", "low", "false")
    end = props(4, FEET, 8)  # the wall's end, with a torch on it: a post
    assert (end["north"], end["south"], end["up"]) == ("none", "low", "true")
    topped = props(4, FEET, 21)  # straight, but a torch on top needs a post
    assert topped["up"] == "true"


def test_attached_blocks_hang_on_full_blocks(world):
    def wall_mounted(n, p):
        return n in ("ladder", "wall_torch") or n.endswith("_wall_sign")

    mounted = positions(world, wall_mounted)
    assert len(mounted) >= 12
    for x, y, z, _, props in mounted:
        dx, dz = SIDES[OPPOSITE[props["facing"]]]  # facing points away from the wall
        assert full_cube(world, x + dx, y, z + dz), (x, y, z)


def test_ladder_reaches_the_roof_terrace(world):
    reg = world.registry
    column = [reg.block_of(world.get_block(-9, y, -8)).name for y in range(FEET, FEET + 8)]
    ys = [FEET + i for i, name in enumerate(column) if name == "ladder"]
    assert ys == list(range(FEET, FEET + 6))
    assert reg.block_of(world.get_block(-9, ys[-1], -9)).name == "spruce_planks"  # the roof
    assert world.get_block(-9, ys[-1] + 1, -9) == 0  # the railing's gap at the top
    assert reg.block_of(world.get_block(-10, ys[-1] + 1, -9)).name == "oak_fence"


def test_signs_carry_readable_text(world):
    signs = positions(world, lambda n, p: n.endswith("_sign"))
    lines = [sign_lines(world.block_entity(x, y, z)) for x, y, z, *_ in signs]
    texts = {" ".join(t for t in sign if t) for sign in lines}
    assert {"Bakery", "Town Hall", "Town Square"} <= texts
    assert "Town Hall open daily 9 - 17" in texts
    kinds = {n for *_, n, _ in signs}
    assert "oak_sign" in kinds and any(n.endswith("_wall_sign") for n in kinds)


def test_fountain_water_settles_as_vanilla(world):
    reg = world.registry

    def level(x, y, z):
        s = world.get_block(x, y, z)
        assert reg.block_of(s).name == "water"
        return int(reg.properties(s)["level"])

    assert level(-17, FEET + 1, 18) == 0  # source on the pillar
    assert reg.block_of(world.get_block(-17, FEET, 18)).name == "stone_bricks"
    for dx, dz in SIDES.values():
        assert level(-17 + dx, FEET + 1, 18 + dz) == 1  # flowing off the pillar's top
        assert level(-17 + dx, FEET, 18 + dz) == 8  # falling into the pool
        assert level(-17 + dx, FEET - 1, 18 + dz) == 0  # the pool's surface


def test_plants_stand_where_vanilla_lets_them(world):
    reg = world.registry
    grass_like = {"grass_block", "dirt", "sand"}
    plants = positions(world, lambda n, p: n in ("poppy", "dandelion", "short_grass", "fern"))
    assert len(plants) > 20
    for x, y, z, *_ in plants:
        assert reg.block_of(world.get_block(x, y - 1, z)).name in grass_like
    pads = positions(world, lambda n, p: n == "lily_pad")
    assert len(pads) == 3
    for x, y, z, *_ in pads:  # lily pads float on still water
        assert reg.state_string(world.get_block(x, y - 1, z)) == "minecraft:water[level=0]"
    for x, y, z, *_ in positions(world, lambda n, p: n == "sugar_cane"):
        base = y
        while reg.block_of(world.get_block(x, base - 1, z)).name == "sugar_cane":
            base -= 1
        beside = [world.get_block(x + dx, base - 1, z + dz) for dx, dz in SIDES.values()]
        assert "water" in [reg.block_of(s).name for s in beside]


def test_leaves_know_their_distance_to_the_trunk(world):
    leaves = positions(world, lambda n, p: n == "oak_leaves")
    assert len(leaves) > 30
    distance = {(x, y, z): int(p["distance"]) for x, y, z, _, p in leaves}
    assert set(distance.values()) == {1, 2, 3, 4}  # none decays (that takes 7)
    logs = positions(world, lambda n, p: n == "oak_log")
    trunk_top = max(y for x, y, z, *_ in logs if (x, z) == (24, 14))
    assert distance[(24, trunk_top + 1, 14)] == 1
    assert distance[(26, trunk_top - 1, 14)] == 2  # two steps sideways from the trunk


def test_waypoints_stand_on_solid_ground(world):
    reg = world.registry
    assert len(SHOWCASE_WAYPOINTS) >= 4
    for name, initials, (x, y, z), colour in SHOWCASE_WAYPOINTS:
        bx, by, bz = math.floor(x), math.floor(y), math.floor(z)
        ground = world.get_block(bx, by - 1, bz)
        assert reg.has_flag(ground, BlockFlag.SOLID), name
        assert reg.collision_boxes(ground)[:, 4].max() >= 15 / 16, name  # dirt path: 15/16
        for dy in (0, 1):  # the player's body fits
            assert not reg.has_flag(world.get_block(bx, by + dy, bz), BlockFlag.SOLID), name
        assert initials and 0 <= colour <= 15


def test_views_stand_in_the_open_inside_the_town(world):
    reg = world.registry
    for name, view in SHOWCASE_VIEWS.items():
        x, y, z = view.pos
        assert -HALF < x < HALF and -HALF < z < HALF, name
        ground = world.get_block(math.floor(x), math.floor(y) - 1, math.floor(z))
        assert reg.has_flag(ground, BlockFlag.SOLID), name
        eye = world.get_block(math.floor(x), math.floor(y + 1.62), math.floor(z))
        assert not reg.has_flag(eye, BlockFlag.SOLID), name
        assert -90 <= view.pitch <= 90 and view.caption


def test_view_towards_uses_minecraft_angles():
    south = view_towards((0.0, 64.0, 0.0), (0.0, 65.62, 10.0), "")
    assert (south.yaw, south.pitch) == (0.0, 0.0)
    west = view_towards((0.0, 64.0, 0.0), (-10.0, 65.62, 0.0), "")
    assert west.yaw == 90.0
    down = view_towards((0.0, 64.0, 0.0), (0.0, 55.62, 10.0), "")
    assert down.pitch == 45.0
