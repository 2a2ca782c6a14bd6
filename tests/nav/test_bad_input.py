"""Bad input to the planner: a start or goal in a wall, in the void, outside the loaded chunks or
outside the world's height gives a NavError naming the position, at once, never a long search."""

from __future__ import annotations

import time

import pytest
import worlds

from odyssey.nav import UNREACHABLE, NavError, component, plan_route
from odyssey.nav.profile import ODYSSEY
from odyssey.world.storage import World

FLOOR_START = (0.5, 64, 0.5)  # on the floor in front of the ladder shaft
TOWER_TOP = (0.5, 74, 6.5)


def refused(world, stops, *fragments, prof="odyssey") -> str:
    """The NavError plan_route raises for ``stops``, checked for ``fragments``, raised quickly."""
    began = time.perf_counter()
    with pytest.raises(NavError) as info:
        plan_route(world, stops, prof)
    assert time.perf_counter() - began < 2.0
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


# the ladder shaft world: a floor x -6..6, z -4..13 around a stone tower x -3..3, z 4..8, y 64..73
CASES = {
    "start in a wall": (
        [(-1.5, 69, 6.5), FLOOR_START],
        ["start (-1.5, 69, 6.5)", "inside a solid block", "minecraft:stone"],
    ),
    "target in a wall": (
        [FLOOR_START, (-1.5, 69, 6.5)],
        ["target (-1.5, 69, 6.5)", "inside a solid block"],
    ),
    "middle stop in a wall": (
        [FLOOR_START, (-1.5, 69, 6.5), TOWER_TOP],
        ["stop 1 (-1.5, 69, 6.5)", "inside a solid block"],
    ),
    "start in the void": (
        [(-9.5, 64, -12.5), FLOOR_START],
        ["start (-9.5, 64, -12.5)", "void"],
    ),
    "target in the void": (
        [FLOOR_START, (0.5, 70, -8.5)],
        ["target (0.5, 70, -8.5)", "void"],
    ),
    "target in the void under the floor": (
        [FLOOR_START, (0.5, 40, 0.5)],
        ["target (0.5, 40, 0.5)", "void"],
    ),
    "start outside the loaded chunks": (
        [(500.5, 64, 0.5), FLOOR_START],
        ["start (500.5, 64, 0.5)", "outside the loaded world", "chunk (31, 0)"],
    ),
    "target outside the loaded chunks": (
        [FLOOR_START, (0.5, 64, -300.5)],
        ["target (0.5, 64, -300.5)", "outside the loaded world", "chunk (0, -19)"],
    ),
    "start above the world": (
        [(0.5, 400, 0.5), FLOOR_START],
        ["start (0.5, 400, 0.5)", "outside the world height -64..319"],
    ),
    "target below the world": (
        [FLOOR_START, (0.5, -100, 0.5)],
        ["target (0.5, -100, 0.5)", "outside the world height"],
    ),
    "start not finite": (
        [(float("nan"), 64, 0.5), FLOOR_START],
        ["start (nan, 64, 0.5)", "not a finite position"],
    ),
    "target not finite": (
        [FLOOR_START, (0.5, 64, float("inf"))],
        ["target (0.5, 64, inf)", "not a finite position"],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("prof", ["odyssey", "mineodyssey"])
def test_bad_position_is_refused_with_a_message_naming_it(case, prof):
    stops, fragments = CASES[case]
    refused(worlds.ladder_shaft(), stops, *fragments, prof=prof)


def test_start_in_a_thin_wall_is_refused_not_snapped():
    """A start buried in a one-block wall beside the corridor is an error, though the corridor
    floor is within the snap radius."""
    refused(
        worlds.l_corridor(), [(-1.5, 65, 0.5), (10.5, 64, 10.5)], "start (-1.5, 65, 0.5)", "solid"
    )


def test_start_in_the_air_near_the_floor_snaps_to_it():
    route = plan_route(worlds.open_field(), [(3.2, 66.5, 2.7), (10.5, 64, 5.5)])
    assert route.steps[0].pos == (3.0, 64.0, 2.5)


def test_goal_with_no_place_near_enough_to_arrive_is_refused():
    """A goal in mid-air 5 blocks over the floor: no standing place satisfies the arrival rule."""
    refused(
        worlds.open_field(),
        [(0.5, 64, 0.5), (5.5, 69, 5.5)],
        "target (5.5, 69, 5.5)",
        "near enough",
    )


def test_an_empty_world_is_outside_the_loaded_world():
    refused(World(), [(0.5, 64, 0.5), (5.5, 64, 5.5)], "start (0.5, 64, 0.5)", "outside")


def test_unknown_profile_is_refused():
    with pytest.raises(NavError, match="unknown movement profile 'walker'"):
        plan_route(worlds.open_field(), [(0.5, 64, 0.5), (1.5, 64, 0.5)], "walker")


def test_a_route_needs_a_start_and_a_stop():
    with pytest.raises(ValueError):
        plan_route(worlds.open_field(), [(0.5, 64, 0.5)])


def test_component_refuses_a_start_in_a_wall():
    with pytest.raises(NavError, match=r"start \(-1\.5, 69, 6\.5\) is inside a solid block"):
        component(worlds.ladder_shaft(), (-1.5, 69, 6.5))


def test_goal_in_a_sealed_room_is_a_quick_certified_verdict():
    """A well-formed goal that cannot be reached is no endless search either: the island is
    flooded once (about 40 x 40 blocks) and the verdict is certified."""
    world = worlds.island(-20, -20, 20, 20)
    worlds.wall(world, 5, 5, 12, 12)
    worlds.carve(world, 6, 6, 11, 11)
    world.fill((5, worlds.WALL_TOP, 5), (12, worlds.WALL_TOP + 1, 12), "stone")  # a roof
    began = time.perf_counter()
    route = plan_route(world, [(0.5, 64, 0.5), (8.5, 64, 8.5)])
    assert time.perf_counter() - began < 5.0
    assert route.status == UNREACHABLE
    assert route.expansions <= 81 * 81  # at most every lattice point of the island once


def test_drop_beyond_the_limit_with_a_start_on_the_edge_is_unreachable_not_refused():
    route = plan_route(worlds.cliff(ladder=False), [(0.5, 74, 9.5), (0.5, 64, 10.5)], radius=0.3)
    assert route.status == UNREACHABLE
    deeper = ODYSSEY.with_changes(max_drop=10.0)
    assert plan_route(
        worlds.cliff(ladder=False), [(0.5, 74, 9.5), (0.5, 64, 10.5)], deeper
    ).reachable
