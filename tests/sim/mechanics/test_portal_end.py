"""The End portal: twelve eyes of ender in a ring of frames open it, and it takes the player to
the obsidian platform in the End (vanilla's EnderEyeItem, EndPortalFrameBlock, EndPortalBlock)."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give
from odyssey.sim.game import Game
from odyssey.sim.mechanics.end_portal import ring_sides
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
INTERIOR = (-1, GROUND, -1)  # the ring's 3x3 inside: x, z from -1 to 1, the player in the middle


def survival_game() -> Game:
    return playground.survival_game(seed=5)


def ring(game: Game, skip_facing: tuple | None = None) -> list[tuple[int, int, int]]:
    """Twelve empty frames facing the middle (``skip_facing``: one frame turned the wrong way)."""
    reg = game.world.registry
    out = []
    for pos, facing in ring_sides(*INTERIOR):
        if pos == skip_facing:
            facing = {"north": "east", "south": "west", "east": "south", "west": "north"}[facing]
        game.set_block(pos, reg.state_of("end_portal_frame", {"facing": facing, "eye": "false"}))
        out.append(pos)
    return out


def fill(game: Game, pos) -> list:
    look_at(game, pos[0] + 0.5, pos[1] + 0.8125, pos[2] + 0.5)  # the frame's top
    game.hold(InputState(use=True))
    events = game.tick()
    game.hold(InputState())
    game.run(5)
    return events


def name_at(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def test_twelve_eyes_open_the_portal_and_it_leads_to_the_end_platform():
    game = survival_game()
    frames = ring(game)
    give(game, "ender_eye", 12)
    reg = game.world.registry
    for i, pos in enumerate(frames[:-1]):
        events = fill(game, pos)
        assert reg.properties(game.world.get_block(*pos))["eye"] == "true"
        assert any(e.detail == "block.end_portal_frame.fill" for e in events)
        assert game.survival.inventory.count("ender_eye") == 11 - i
    assert name_at(game, (0, GROUND, 0)) == "air"  # not yet: one frame is empty
    events = fill(game, frames[-1])  # the last eye: the portal opens under the player...
    assert any(e.detail == "block.end_portal.spawn" for e in events)
    assert game.survival.inventory.count("ender_eye") == 0
    for _ in range(5):  # the player stands in it: it takes the player to the End at once
        if game.survival.dimension == "the_end":
            break
        game.tick()
    assert game.survival.dimension == "the_end"
    assert game.world is game.dimension_worlds["the_end"]
    assert game.player.pos == (100.5, 49.0, 0.5) and game.player.yaw == 90.0
    for dx in range(-2, 3):
        for dz in range(-2, 3):
            assert name_at(game, (100 + dx, 48, dz)) == "obsidian"
            assert all(name_at(game, (100 + dx, 49 + dy, dz)) == "air" for dy in range(3))
    game.run(10)
    assert game.player.on_ground and game.player.pos[1] == 49.0  # standing on the platform
    overworld = game.dimension_worlds["overworld"]
    x0, y, z0 = INTERIOR
    for dx in range(3):
        for dz in range(3):
            state = overworld.get_block(x0 + dx, y, z0 + dz)
            assert overworld.registry.block_of(state).name == "end_portal"


def test_a_frame_turned_the_wrong_way_keeps_the_portal_shut():
    game = survival_game()
    frames = ring(game, skip_facing=(0, GROUND, -2))
    give(game, "ender_eye", 13)
    for pos in frames:
        fill(game, pos)
    assert name_at(game, (0, GROUND, 0)) == "air"
    assert game.survival.dimension == "overworld"
    events = fill(game, frames[0])  # a frame with an eye takes no other
    assert not any(e.detail == "block.end_portal_frame.fill" for e in events)
    assert game.survival.inventory.count("ender_eye") == 1


def test_an_end_portal_in_the_end_leads_back_to_the_spawn_in_the_overworld():
    game = survival_game()
    game.survival.spawn = (3.5, float(GROUND), 3.5)
    ring(game)
    give(game, "ender_eye", 12)
    for pos in ring_sides(*INTERIOR):
        fill(game, pos[0])
    game.run(3)
    assert game.survival.dimension == "the_end"
    game.set_block((99, 48, 0), game.world.registry.default_state("end_portal"))  # an exit
    game.look(90.0, 0.0)  # west, towards it
    game.hold(InputState(forward=True))
    for _ in range(40):
        game.tick()
        if game.survival.dimension == "overworld":
            break
    game.hold(InputState())
    assert game.survival.dimension == "overworld"
    assert game.world is game.dimension_worlds["overworld"]
    assert game.player.pos == (3.5, float(GROUND), 3.5)
