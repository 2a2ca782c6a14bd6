"""The game loop: doors by hand, iron doors by buttons, levers and plates, events, snapshots."""

from __future__ import annotations

import pytest

from odyssey.sim.game import Game
from odyssey.sim.player import InputState, PlayerState, SimError
from odyssey.world import World, registry

REG = registry()


def corridor() -> World:
    """A stone floor with a wall across z = 5 holding doors at x = 0 (oak) and x = 4 (iron)."""
    world = World()
    world.fill((-8, 60, -8), (12, 64, 16), "stone")
    world.fill((-8, 64, 5), (12, 67, 6), "stone")
    for x, name in ((0, "oak_door"), (4, "iron_door")):
        world.set_block(x, 64, 5, f"{name}[half=lower,facing=north]")
        world.set_block(x, 65, 5, f"{name}[half=upper,facing=north]")
    return world


def game_at(world: World, x: float, z: float, yaw: float = 0.0, pitch: float = 0.0) -> Game:
    start = PlayerState(pos=(x, 64.0, z), yaw=yaw, pitch=pitch, on_ground=True,
                        vel=(0.0, -0.0784000015258789, 0.0))  # fmt: skip
    return Game(world, start)


def is_open(world: World, x: int, y: int, z: int) -> bool:
    return REG.properties(world.get_block(x, y, z))["open"] == "true"


def test_a_closed_door_blocks_and_use_opens_both_halves():
    world = corridor()
    game = game_at(world, 0.5, 3.5, pitch=20.0)
    game.hold(InputState(forward=True))
    game.run(30)
    # stopped by the closed door: its 3/16 plate spans z 5.8125..6 (facing north)
    assert game.player.pos[2] == pytest.approx(5.8125 - 0.30000001192092896)
    events = game.use()
    assert [e.kind for e in events] == ["opened_door"]
    assert is_open(world, 0, 64, 5) and is_open(world, 0, 65, 5)
    game.run(10)
    assert game.player.pos[2] > 6.0  # walked through
    game.use((0, 64, 5))
    assert not is_open(world, 0, 64, 5) and not is_open(world, 0, 65, 5)


def test_iron_doors_ignore_hands_and_open_with_a_button_for_20_ticks():
    world = corridor()
    world.set_block(5, 65, 4, "stone_button[face=wall,facing=north]")  # on the wall, beside
    game = game_at(world, 4.5, 3.5, pitch=10.0)
    assert game.use((4, 64, 5)) == []
    assert not is_open(world, 4, 64, 5)
    events = game.use((5, 65, 4))
    assert [e.kind for e in events] == ["button_pressed", "opened_door"]
    assert is_open(world, 4, 64, 5) and is_open(world, 4, 65, 5)
    game.run(19)
    assert is_open(world, 4, 64, 5)
    kinds = [e.kind for e in game.run(1)]
    assert kinds == ["button_released", "closed_door"]
    assert not is_open(world, 4, 64, 5)


def test_wooden_buttons_stay_down_30_ticks_and_far_buttons_power_nothing():
    world = corridor()
    world.set_block(8, 64, 4, "oak_button[face=wall,facing=north]")  # on (8, 64, 5): far away
    game = game_at(world, 7.5, 2.5)
    assert [e.kind for e in game.use((8, 64, 4))] == ["button_pressed"]
    assert not is_open(world, 4, 64, 5)
    game.run(29)
    assert REG.properties(world.get_block(8, 64, 4))["powered"] == "true"
    assert [e.kind for e in game.run(1)] == ["button_released"]


def test_levers_toggle_and_power_a_door_through_the_wall_they_are_on():
    world = corridor()
    world.set_block(
        5, 65, 4, "lever[face=wall,facing=north]"
    )  # attached to (5, 65, 5), by the door
    game = game_at(world, 4.5, 3.5)
    game.use((5, 65, 4))
    assert is_open(world, 4, 64, 5)
    game.use((5, 65, 4))
    assert not is_open(world, 4, 64, 5)


def test_pressure_plates_open_and_close_iron_doors():
    world = corridor()
    world.set_block(4, 64, 4, "stone_pressure_plate")
    game = game_at(world, 4.5, 2.5)
    game.hold(InputState(forward=True))
    game.run(8)
    assert is_open(world, 4, 64, 5)
    game.hold(InputState(back=True))
    game.run(10)
    game.hold(InputState())
    game.run(25)
    assert not is_open(world, 4, 64, 5)


def test_fence_gates_swing_away_from_the_player():
    world = corridor()
    world.set_block(2, 64, 3, "oak_fence_gate[facing=south]")
    game = game_at(world, 2.5, 1.5, yaw=0.0)  # facing south, toward the gate's front
    game.use((2, 64, 3))
    props = REG.properties(world.get_block(2, 64, 3))
    assert props["open"] == "true" and props["facing"] == "south"
    world.set_block(2, 64, 3, "oak_fence_gate[facing=north]")
    game.use((2, 64, 3))
    assert REG.properties(world.get_block(2, 64, 3))["facing"] == "south"


def test_use_needs_reach():
    world = corridor()
    game = game_at(world, 0.5, -6.5, pitch=0.0)
    assert game.use() == []  # nothing under the crosshair within 4.5 blocks
    with pytest.raises(SimError, match="out of reach"):
        game.use((0, 64, 5))


def test_snapshot_and_restore_put_back_blocks_player_and_pending_ticks():
    world = corridor()
    world.set_block(5, 65, 4, "stone_button[face=wall,facing=north]")
    game = game_at(world, 4.5, 3.5)
    snap = game.snapshot()
    game.use((5, 65, 4))
    game.hold(InputState(forward=True, sprint=True))
    game.run(10)
    mid = game.snapshot()
    game.run(30)
    assert not is_open(world, 4, 64, 5)
    game.restore(mid)
    assert is_open(world, 4, 64, 5) and game.tick_count == 10
    game.run(10)
    assert not is_open(world, 4, 64, 5)  # the pending button release came back too
    game.restore(snap)
    assert game.player == snap.player and game.tick_count == 0
    assert REG.properties(world.get_block(5, 65, 4))["powered"] == "false"
    assert not is_open(world, 4, 64, 5)


def test_falls_hurt_and_peaceful_regenerates():
    world = World()
    world.fill((-4, 60, -4), (4, 64, 4), "stone")
    game = Game(world, PlayerState(pos=(0.5, 74.0, 0.5)))
    events = game.run(18)
    assert ("damage_fall", 7.0) in [(e.kind, e.value) for e in events]  # 10 blocks: 7 HP
    assert game.player.health == 13.0
    game.run(2)
    assert game.player.health == 14.0  # +1 on every 20th tick while hurt
    game.run(40)
    assert game.player.health == 16.0


def test_the_void_kills_and_leaving_bounds_is_an_event():
    world = World()
    world.fill((0, 60, 0), (2, 64, 2), "stone")
    game = Game(world, PlayerState(pos=(10.5, 64.0, 10.5)), bounds=(0, 0, 30, 30))
    kinds = [e.kind for e in game.run(200)]
    assert "damage_void" in kinds and "death" in kinds and "left_world" in kinds
    assert game.player.dead


def test_starting_inside_a_block_is_refused():
    world = World()
    world.fill((0, 60, 0), (2, 64, 2), "stone")
    with pytest.raises(SimError, match="inside a solid block"):
        Game(world, PlayerState(pos=(0.5, 63.5, 0.5)))


def test_iron_trapdoors_need_redstone():
    world = corridor()
    world.set_block(2, 64, 2, "iron_trapdoor[half=bottom]")
    world.set_block(3, 64, 2, "lever[face=floor,facing=north]")
    game = game_at(world, 1.5, 0.5)
    assert game.use((2, 64, 2)) == []
    assert [e.kind for e in game.use((3, 64, 2))] == ["lever_on", "opened_trapdoor"]
    assert [e.kind for e in game.use((3, 64, 2))] == ["lever_off", "closed_trapdoor"]
