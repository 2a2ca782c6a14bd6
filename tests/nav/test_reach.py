"""Reachability: the places a player can get to from a start, counted by hand on the test
worlds, and in agreement with the planner's verdicts.

On the 0.5-block lattice a point has a place on a floor of blocks x0 <= x < x1 when its
footprint (0.6 wide) overlaps the floor: x0 - 0.3 < x < x1 + 0.3, i.e. 2 (x1 - x0) + 1 points.
"""

from __future__ import annotations

import numpy as np
import pytest
import worlds

from odyssey.nav import REACHABLE, UNREACHABLE, NavGraph, component, plan_route
from odyssey.nav.profile import ODYSSEY


def test_flat_floor_every_lattice_point_is_reachable():
    c = component(worlds.island(0, 0, 10, 10), (5.5, 64, 5.5), radius=64)
    assert c.complete
    assert len(c) == 21 * 21
    assert np.all(c.positions[:, 1] == 64.0)
    assert c.positions[:, 0].min() == 0.0 and c.positions[:, 0].max() == 10.0
    assert c.contains((5.5, 64, 5.5)) and c.contains((9.9, 64.5, 0.1))
    assert not c.contains((5.5, 66, 5.5))  # 2 above the floor: |dy| > 1.5
    assert not c.contains((20.5, 64, 5.5))


def test_search_box_cut_makes_the_component_incomplete():
    c = component(worlds.island(-20, -20, 20, 20), (0.5, 64, 0.5), radius=5)
    assert not c.complete
    assert len(c) == 21 * 21  # the box: 5 blocks either side of the start
    full = component(worlds.island(-20, -20, 20, 20), (0.5, 64, 0.5), radius=64)
    assert full.complete and len(full) == 81 * 81


def test_gap_splits_the_floor_and_the_bridge_joins_it():
    north = (0.5, 64, 15.5)
    cut = component(worlds.gap(bridge=False), (0.5, 64, 5.5), radius=64)
    # x -4..8 (27 points) by z rows 0..9 (z 0.0 .. 10.0, 21 points)
    assert cut.complete and len(cut) == 27 * 21
    assert not cut.contains(north)
    assert not any(worlds.in_gap(p, bridge=False) for p in cut.positions)
    joined = component(worlds.gap(bridge=True), (0.5, 64, 5.5), radius=64)
    # + rows 12..17 (z 12.0 .. 18.0, 13 points) + the bridge: x 5.0 .. 7.0 at z 10.5 .. 11.5
    assert joined.complete and len(joined) == 27 * 21 + 27 * 13 + 5 * 3
    assert joined.contains(north)
    assert not any(worlds.in_gap(p) for p in joined.positions)


def test_iron_door_hall_halves_are_joined_by_the_button():
    # the hall: x -0.5 .. 1.5 (5 points); south half z 0.5 .. 7.5 (15), north z 9.5 .. 15.5 (13)
    shut = component(worlds.iron_door_hall(button=False), (0.5, 64, 4.5), radius=64)
    assert shut.complete and len(shut) == 5 * 15
    opened = component(worlds.iron_door_hall(button=True), (0.5, 64, 4.5), radius=64)
    assert opened.complete and len(opened) == 5 * 15 + 5 * 13 + 3  # + the doorway x = 0.5
    assert opened.contains((0.5, 64, 12.5)) and not shut.contains((0.5, 64, 12.5))


def test_cliff_is_one_way_without_a_ladder_and_two_way_with_one():
    top, bottom = (0.5, 74, 5.5), (0.5, 64, 15.5)
    for ladder in (False, True):
        down = component(worlds.cliff(ladder), top, radius=64)
        up = component(worlds.cliff(ladder), bottom, radius=64)
        assert down.complete and up.complete
        assert down.contains(bottom) == ladder and up.contains(top) == ladder
    deeper = ODYSSEY.with_changes(max_drop=10.0)
    jump_down = component(worlds.cliff(False), top, radius=64, prof=deeper)
    assert jump_down.contains(bottom)
    assert not component(worlds.cliff(False), bottom, radius=64, prof=deeper).contains(top)


def test_tower_top_is_reached_by_its_ladder_only():
    assert component(worlds.ladder_shaft(True), (0.5, 64, 0.5), radius=64).contains((0.5, 74, 6.5))
    assert not component(worlds.ladder_shaft(False), (0.5, 64, 0.5), radius=64).contains(
        (0.5, 74, 6.5)
    )


def test_mineodyssey_lattice_is_block_centres():
    c = component(worlds.island(0, 0, 10, 10), (5.5, 64, 5.5), radius=64, prof="mineodyssey")
    assert c.complete and len(c) == 100
    assert set(np.round(c.positions[:, 0] % 1.0, 6)) == {0.5}


def test_component_from_a_graph_matches_one_from_the_world():
    world = worlds.fence()
    graph = NavGraph(world)
    a = component(world, (0.5, 64, 5.5), radius=64)
    b = component(graph, (0.5, 64, 5.5), radius=64)
    assert len(a) == len(b) and a.complete == b.complete
    key = np.lexsort(a.positions.T)
    assert np.array_equal(a.positions[key], b.positions[np.lexsort(b.positions.T)])


# world, start, profile, goals with whether each can be reached
REACH_CASES = {
    "gap": (lambda: worlds.gap(False), (0.5, 64, 5.5), "odyssey",
            [((0.5, 64, 15.5), False), ((7.5, 64, 2.5), True)]),
    "cliff": (lambda: worlds.cliff(False), (0.5, 74, 5.5), "odyssey",
              [((0.5, 64, 15.5), False), ((8.5, 74, 1.5), True)]),
    "iron_door": (lambda: worlds.iron_door_hall(False), (0.5, 64, 4.5), "odyssey",
                  [((0.5, 64, 12.5), False), ((-0.5, 64, 0.5), True)]),
    "tower": (lambda: worlds.ladder_shaft(False), (0.5, 64, 0.5), "odyssey",
              [((0.5, 74, 6.5), False), ((-5.5, 64, 12.5), True)]),
    "fence_mineodyssey": (worlds.fence, (0.5, 64, 5.5), "mineodyssey",
                          [((0.5, 64, 15.5), True), ((-3.5, 64, 19.5), True)]),
    "gate_mineodyssey": (lambda: worlds.fence(gate=True), (0.5, 64, 5.5), "mineodyssey",
                         [((0.5, 64, 15.5), False), ((8.5, 64, 0.5), True)]),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(REACH_CASES))
def test_planner_verdicts_agree_with_the_component(name):
    build, start, prof, goals = REACH_CASES[name]
    c = component(build(), start, radius=64, prof=prof)
    assert c.complete
    for goal, expected in goals:
        route = plan_route(build(), [start, goal], prof)
        assert route.status == (REACHABLE if expected else UNREACHABLE), (goal, route.message)
        assert c.contains(goal) == expected, goal
