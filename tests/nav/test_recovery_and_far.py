"""The follower recovers when pushed off its path or blocked by a door closed after planning,
and paths keep their precision at Mine Odyssey's largest coordinates (x ~ -8.52 million)."""

from __future__ import annotations

import pytest

from odyssey.nav import PathFollower, follow, nearest_place, plan_route
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.world.generate import GENERATED_DIMENSION
from odyssey.world.storage import World

FAR_X = -8_520_000


def l_corridor(x0: int = 0) -> World:
    """A floor 30 x 30 with an L of open ground bounded by walls, and a doorway with a door."""
    world = World(GENERATED_DIMENSION)
    world.fill((x0, 63, 0), (x0 + 30, 64, 30), "stone")
    world.fill((x0 + 10, 64, 0), (x0 + 11, 67, 30), "bricks")  # a wall across, door at z = 15
    world.set_block(x0 + 10, 64, 15, "oak_door[facing=east,half=lower,open=true]")
    world.set_block(x0 + 10, 65, 15, "oak_door[facing=east,half=upper,open=true]")
    return world


def test_pushed_off_the_path_the_follower_plans_again_and_arrives():
    world = World(GENERATED_DIMENSION)
    world.fill((0, 63, 0), (40, 64, 40), "stone")
    route = plan_route(world, [(2.5, 64, 2.5), (35.5, 64, 35.5)], radius=0.6)
    game = Game(world, PlayerState(pos=route.steps[0].pos, on_ground=True))
    follower = PathFollower(game, route)
    for _ in range(40):
        follower.tick()
    x, y, z = game.player.pos
    game.teleport((x + 6.0, y, z - 5.0), 0.0, 0.0)  # a shove well off the path
    result = follower.run(20 * 60)
    assert result.replans >= 1 and any("drifted" in e for e in result.events)
    assert result.reached == [True] and result.completed


def test_a_door_closed_after_planning_is_opened_after_a_replan():
    world = l_corridor()
    route = plan_route(world, [(3.5, 64, 15.5), (20.5, 64, 15.5)], radius=0.6)
    assert route.reachable and not any(s.action == "open_door" for s in route.steps)
    world.set_block(10, 64, 15, "oak_door[facing=east,half=lower,open=false]")
    world.set_block(10, 65, 15, "oak_door[facing=east,half=upper,open=false]")
    game = Game(world, PlayerState(pos=route.steps[0].pos, on_ground=True))
    result = follow(game, route, max_ticks=20 * 60)
    assert result.replans >= 1
    assert any(e.startswith("open_door [10, 64, 15]") for e in result.events)
    assert result.reached == [True]


def test_paths_at_x_minus_8_52_million_keep_their_precision():
    world = l_corridor(FAR_X)
    start, target = (FAR_X + 2.5, 64.0, 2.5), (FAR_X + 25.5, 64.0, 2.5)
    near = plan_route(l_corridor(), [(2.5, 64.0, 2.5), (25.5, 64.0, 2.5)], radius=0.3)
    far = plan_route(world, [start, target], radius=0.3, radius_y=0.3)
    assert far.reachable and far.length == pytest.approx(near.length, abs=1e-9)
    assert [s.action for s in far.steps] == [s.action for s in near.steps]
    assert far.steps[-1].pos == pytest.approx(target)
    game = Game(world, PlayerState(pos=far.steps[0].pos, on_ground=True))
    result = follow(game, far, max_ticks=20 * 60)
    assert result.reached == [True] and result.final.pos[0] == pytest.approx(target[0], abs=0.6)
    assert nearest_place(world, (FAR_X + 7.2, 64.4, 9.9)) == (FAR_X + 7.0, 64.0, 10.0)
