"""Nether portals as vanilla's PortalShape, NetherPortalBlock and PortalForcer make them: frames
that light or not, the portal breaking with its frame, and a trip to the Nether and back
through a linked pair of portals."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from odyssey.sim.actions import give
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.mechanics.portal_shape import find_any, find_empty
from odyssey.sim.mechanics.portal_travel import touched_portal
from odyssey.sim.player import InputState, PlayerState
from odyssey.sim.playground import look_at
from odyssey.sim.survival import Survival

GROUND = 64


def survival_game(mode: str = "survival") -> Game:
    world = flat_arena(24)
    world.info = replace(world.info, seed=11)
    game = Game(world, PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False))  # fmt: skip
    game.survival = Survival(seed=11, gamemode=mode)
    game.survival.entities = EntityStore(11)
    game.survival.rules["do_mob_spawning"] = False
    game.run(2)
    return game


def frame(game: Game, corner, width: int, height: int, axis: str = "x", corners=True) -> None:
    """An obsidian frame whose interior's lowest corner is ``corner`` (interior width x
    height, running +x or +z)."""
    obsidian = game.world.registry.default_state("obsidian")
    x, y, z = corner
    dx, dz = (1, 0) if axis == "x" else (0, 1)
    for i in range(-1, width + 1):
        for j in range(-1, height + 1):
            edge_i, edge_j = i in (-1, width), j in (-1, height)
            if (edge_i or edge_j) and (corners or not (edge_i and edge_j)):
                game.set_block((x + dx * i, y + j, z + dz * i), obsidian)


def name_at(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def walk_into_portal(game: Game, limit: int = 60) -> None:
    """Hold forward until the player is in a portal, then a few ticks more, and stop."""
    game.hold(InputState(forward=True))
    for _ in range(limit):
        game.tick()
        if touched_portal(game) is not None:
            break
    game.run(3)
    game.hold(InputState())
    assert touched_portal(game) is not None


def wait_for_dimension(game: Game, dimension: str, limit: int = 200) -> int:
    for t in range(1, limit + 1):
        game.tick()
        if game.survival.dimension == dimension:
            return t
    raise AssertionError(f"still in {game.survival.dimension} after {limit} ticks")


def test_frame_shapes_that_vanilla_accepts_and_refuses():
    game = survival_game()
    frame(game, (0, GROUND, 5), 2, 3, corners=False)  # the smallest, corners not needed
    shape = find_empty(game.world, (0, GROUND, 5), "z")  # the other axis is tried too
    assert shape is not None and (shape.axis, shape.width, shape.height) == ("x", 2, 3)
    frame(game, (-8, GROUND, -8), 21, 21, axis="z")  # the largest
    assert find_empty(game.world, (-8, GROUND + 10, 0), "x").height == 21
    frame(game, (6, GROUND, -6), 1, 3)  # too narrow
    assert find_empty(game.world, (6, GROUND, -6), "x") is None
    frame(game, (10, GROUND, 8), 3, 2)  # too low
    assert find_empty(game.world, (11, GROUND, 8), "x") is None
    frame(game, (-5, GROUND, 10), 22, 4)  # too wide
    assert find_empty(game.world, (-5, GROUND, 10), "x") is None


def test_fire_placed_in_a_frame_lights_it_and_breaking_the_frame_puts_it_out():
    game = survival_game()
    reg = game.world.registry
    frame(game, (3, GROUND, 5), 3, 4, axis="z")
    game.set_block((3, GROUND + 1, 6), reg.default_state("fire"))  # any fire inside will do
    cells = [(3, GROUND + j, 5 + i) for i in range(3) for j in range(4)]
    assert all(game.world.get_block(*p) == reg.state("nether_portal[axis=z]") for p in cells)
    assert find_any(game.world, (3, GROUND, 5), "z").complete
    game.set_block((3, GROUND - 1, 6), reg.default_state("air"))  # break one frame block
    assert all(name_at(game, p) == "air" for p in cells)


def test_a_blocked_frame_does_not_light():
    game = survival_game()
    reg = game.world.registry
    frame(game, (3, GROUND, 5), 2, 3)
    game.set_block((4, GROUND + 2, 5), reg.default_state("stone"))
    game.set_block((3, GROUND, 5), reg.default_state("fire"))
    assert name_at(game, (3, GROUND, 5)) == "fire"
    assert name_at(game, (3, GROUND + 1, 5)) == "air"


def test_through_the_portal_to_the_nether_and_back_by_the_same_portal():
    game = survival_game()
    frame(game, (0, GROUND, 3), 2, 3)
    give(game, "flint_and_steel")
    look_at(game, 0.5, GROUND, 3.5)  # the top of the frame's bottom
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    home = [(x, GROUND + j, 3) for x in (0, 1) for j in range(3)]
    assert all(name_at(game, p) == "nether_portal" for p in home)
    game.look(0.0, 0.0)
    walk_into_portal(game)
    entered = game.player.pos
    ticks = wait_for_dimension(game, "the_nether")
    assert 70 <= ticks <= 82  # 80 ticks in the portal (a few were spent walking in)
    assert game.world is game.dimension_worlds["the_nether"]
    assert game.world.dimension.name == "minecraft:the_nether"
    x, _, z = game.player.pos
    assert abs(x - entered[0] / 8) <= 17 and abs(z - entered[2] / 8) <= 17
    assert touched_portal(game) is not None  # stands in the new portal
    nether_portal = touched_portal(game)[1]
    assert name_at(game, (nether_portal[0], nether_portal[1] - 1, nether_portal[2])) in (
        "obsidian", "nether_portal")  # fmt: skip
    events = [e for e in game.events if e.kind in ("dimension_changed", "sound")]
    assert [e.detail for e in events][-3:] == ["block.portal.trigger", "the_nether",
                                               "block.portal.travel"]  # fmt: skip
    game.run(100)
    assert game.survival.dimension == "the_nether"  # no bouncing back while standing in it
    # step out, back in, and home
    game.look(game.player.yaw, 0.0)
    game.hold(InputState(back=True))
    game.run(12)
    game.hold(InputState())
    game.run(15)
    assert touched_portal(game) is None
    walk_into_portal(game)
    wait_for_dimension(game, "overworld")
    assert game.world is game.dimension_worlds["overworld"]
    px, py, pz = game.player.pos
    assert (math.floor(px), math.floor(py), math.floor(pz)) in home  # the linked portal
    assert game.player.health == 20.0


def test_creative_players_go_through_at_once_and_a_snapshot_brings_them_back():
    game = survival_game(mode="creative")
    reg = game.world.registry
    frame(game, (0, GROUND, 3), 2, 3)
    game.set_block((0, GROUND, 3), reg.default_state("fire"))
    snap = game.snapshot()
    game.look(0.0, 0.0)
    walk_into_portal(game)
    assert game.survival.dimension == "the_nether"
    game.restore(snap)
    assert game.survival.dimension == "overworld" and game.world.dimension.name.endswith(
        "overworld")  # fmt: skip
    assert name_at(game, (0, GROUND, 3)) == "nether_portal"


@pytest.mark.parametrize("axis", ["x", "z"])
def test_a_portal_is_built_in_the_nether_when_none_is_near(axis):
    game = survival_game(mode="creative")
    if axis == "x":
        frame(game, (0, GROUND, 3), 2, 3)
        game.look(0.0, 0.0)
    else:
        frame(game, (3, GROUND, 0), 2, 3, axis="z")
        game.look(-90.0, 0.0)
    game.set_block((0, GROUND, 3) if axis == "x" else (3, GROUND, 0),
                   game.world.registry.default_state("fire"))  # fmt: skip
    walk_into_portal(game)
    assert game.survival.dimension == "the_nether"
    _, (x, y, z) = touched_portal(game)
    props = game.world.registry.properties(game.world.get_block(x, y, z))
    assert props["axis"] == axis  # the new portal runs as the old one
    assert any(e.kind == "portal_created" for e in game.events)
