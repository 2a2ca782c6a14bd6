"""Scripted piston runs: a lever beside a piston pushes a block one forward after the two
moving ticks, 12 blocks move and 13 do not, obsidian stops a push, a sticky piston pulls its
block back and a normal one leaves it, a torch in front breaks and drops, slime drags its
neighbours, the player is pushed along, a short pulse makes a sticky piston drop its block."""

from __future__ import annotations

import pytest

from odyssey.sim import playground
from odyssey.sim.game import Game
from odyssey.sim.mechanics import piston_moves
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
PISTON = (3, GROUND, 0)  # facing east: the head goes to x = 4, pushed blocks from x = 4 on
LEVER = (3, GROUND, 1)  # on the floor beside the piston (south)


def survival_game() -> Game:
    return playground.survival_game(seed=7)


def put(game: Game, pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def name(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def flip_lever(game: Game) -> list:
    """Right-click the lever as a player: look at it and hold use for one tick."""
    look_at(game, LEVER[0] + 0.5, LEVER[1] + 0.06, LEVER[2] + 0.5)  # its 2/16 plate
    game.hold(InputState(use=True))
    events = game.tick()
    game.hold(InputState())
    return events


def piston_setup(game: Game, block: str = "piston") -> None:
    put(game, PISTON, f"{block}[facing=east,extended=false]")
    put(game, LEVER, "lever[face=floor,facing=north,powered=false]")


def test_a_lever_pushes_a_block_one_forward_in_two_moving_ticks():
    game = survival_game()
    piston_setup(game)
    put(game, (4, GROUND, 0), "stone")
    events = flip_lever(game)  # the event runs at the end of this tick: progress 0.5
    assert any(e.detail == "block.piston.extend" for e in events)
    assert name(game, (4, GROUND, 0)) == "moving_piston"  # the head's place
    assert name(game, (5, GROUND, 0)) == "moving_piston"  # the stone's new place
    moving = game.survival.mechanics["pistons"].moving
    stone = moving[(5, GROUND, 0)]
    assert stone.start == (4, GROUND, 0) and stone.progress == 0.5
    assert name(game, PISTON) == "piston"
    assert game.world.registry.properties(game.world.get_block(*PISTON))["extended"] == "true"
    game.tick()
    assert stone.progress == 1.0 and name(game, (5, GROUND, 0)) == "moving_piston"
    game.tick()
    assert name(game, (5, GROUND, 0)) == "stone"
    assert name(game, (4, GROUND, 0)) == "piston_head"
    assert game.survival.mechanics["pistons"].moving == {}
    game.run(2)  # the use key's 4-tick delay
    # lever off: a normal piston retracts and leaves the stone where it is
    events = flip_lever(game)
    assert any(e.detail == "block.piston.contract" for e in events)
    game.run(3)
    assert name(game, (4, GROUND, 0)) == "air" and name(game, (5, GROUND, 0)) == "stone"
    assert game.world.registry.properties(game.world.get_block(*PISTON))["extended"] == "false"


def test_twelve_blocks_move_and_thirteen_do_not():
    game = survival_game()
    piston_setup(game)
    for x in range(4, 16):
        put(game, (x, GROUND, 0), "oak_planks")
    flip_lever(game)
    game.run(3)
    assert name(game, (4, GROUND, 0)) == "piston_head"
    assert all(name(game, (x, GROUND, 0)) == "oak_planks" for x in range(5, 17))
    flip_lever(game)
    game.run(3)
    game = survival_game()
    piston_setup(game)
    for x in range(4, 17):
        put(game, (x, GROUND, 0), "oak_planks")
    flip_lever(game)
    game.run(3)
    props = game.world.registry.properties(game.world.get_block(*PISTON))
    assert props["extended"] == "false" and name(game, (17, GROUND, 0)) == "air"
    assert all(name(game, (x, GROUND, 0)) == "oak_planks" for x in range(4, 17))


def test_obsidian_stops_a_push_and_a_chest_too():
    for blocker in ("obsidian", "chest[facing=north,type=single,waterlogged=false]", "bedrock"):
        game = survival_game()
        piston_setup(game)
        put(game, (4, GROUND, 0), "cobblestone")
        put(game, (5, GROUND, 0), blocker)
        flip_lever(game)
        game.run(3)
        assert name(game, (4, GROUND, 0)) == "cobblestone", blocker
        assert game.world.registry.properties(game.world.get_block(*PISTON))["extended"] == (
            "false"
        )


def test_a_sticky_piston_pulls_its_block_back():
    game = survival_game()
    piston_setup(game, "sticky_piston")
    put(game, (4, GROUND, 0), "stone")
    flip_lever(game)
    game.run(3)
    assert name(game, (5, GROUND, 0)) == "stone" and name(game, (4, GROUND, 0)) == "piston_head"
    events = flip_lever(game)
    assert any(e.detail == "block.piston.contract" for e in events)
    moving = game.survival.mechanics["pistons"].moving
    assert moving[(4, GROUND, 0)].state == game.world.registry.state("stone")
    assert moving[(4, GROUND, 0)].start == (5, GROUND, 0)
    game.run(3)
    assert name(game, (4, GROUND, 0)) == "stone" and name(game, (5, GROUND, 0)) == "air"
    assert name(game, PISTON) == "sticky_piston"


def test_a_torch_in_front_breaks_and_drops():
    game = survival_game()
    piston_setup(game)
    put(game, (4, GROUND, 0), "torch")
    flip_lever(game)
    game.run(3)
    assert name(game, (4, GROUND, 0)) == "piston_head"
    items = [e for e in game.survival.entities.entities.values() if e.type == "item"]
    assert [(e.item, e.count) for e in items] == [("torch", 1)]
    # a torch at the end of a line breaks too; the line moves
    game = survival_game()
    piston_setup(game)
    put(game, (4, GROUND, 0), "stone")
    put(game, (5, GROUND, 0), "torch")
    flip_lever(game)
    game.run(3)
    assert name(game, (5, GROUND, 0)) == "stone"
    assert [e.item for e in game.survival.entities.entities.values()] == ["torch"]


def test_slime_drags_its_neighbours_and_honey_does_not_stick_to_slime():
    game = survival_game()
    piston_setup(game, "sticky_piston")
    put(game, (4, GROUND, 0), "slime_block")
    put(game, (4, GROUND + 1, 0), "stone")  # rides on the slime
    put(game, (4, GROUND, -1), "honey_block")  # beside it: slime and honey do not stick
    for x in (4, 5):  # slime would drag the grass floor too (and fail on the 12-block limit)
        put(game, (x, GROUND - 1, 0), "obsidian")
    flip_lever(game)
    game.run(3)
    assert name(game, (5, GROUND, 0)) == "slime_block"
    assert name(game, (5, GROUND + 1, 0)) == "stone"
    assert name(game, (4, GROUND + 1, 0)) == "air"
    assert name(game, (4, GROUND, -1)) == "honey_block"
    flip_lever(game)
    game.run(3)
    assert name(game, (4, GROUND, 0)) == "slime_block" and name(game, (4, GROUND + 1, 0)) == (
        "stone"
    )


def test_slime_on_a_dirt_floor_drags_the_floor_and_so_cannot_move():
    game = survival_game()
    put(game, (4, GROUND, 0), "slime_block")
    assert piston_moves.resolve(game.world, PISTON, piston_moves.INDEX["east"], True) is None


def test_the_structure_resolver_orders_and_limits_like_vanilla():
    game = survival_game()
    w = game.world
    put(game, (4, GROUND, 0), "stone")
    put(game, (5, GROUND, 0), "white_glazed_terracotta")
    found = piston_moves.resolve(w, PISTON, piston_moves.INDEX["east"], True)
    assert found is not None and found.to_push == [(4, GROUND, 0), (5, GROUND, 0)]
    put(game, (5, GROUND, 0), "furnace[facing=north,lit=false]")
    assert piston_moves.resolve(w, PISTON, piston_moves.INDEX["east"], True) is None


def test_a_short_pulse_makes_a_sticky_piston_drop_its_block():
    game = survival_game()
    piston_setup(game, "sticky_piston")
    put(game, (4, GROUND, 0), "stone")
    flip_lever(game)
    # off again while the push is under half way: the stone stays pushed
    st = game.survival.mechanics["pistons"]
    assert st.moving[(5, GROUND, 0)].progress == 0.5
    game.use(LEVER)
    game.run(4)
    assert name(game, (5, GROUND, 0)) == "stone" and name(game, (4, GROUND, 0)) == "air"


def test_the_player_is_pushed_along():
    game = survival_game()
    put(game, (-2, GROUND, 0), "piston[facing=east,extended=false]")
    put(game, (-2, GROUND, 1), "lever[face=floor,facing=north,powered=false]")
    game.teleport((-0.5, GROUND, 0.5), -90.0, 0.0)  # standing in front of the head
    game.run(2)
    x0 = game.player.pos[0]
    game.use((-2, GROUND, 1))
    game.run(3)
    assert name(game, (-1, GROUND, 0)) == "piston_head"
    # two sweeps of the head (0.3 + 0.01, then 0.49 + 0.01): the box ends 0.01 past the head
    assert x0 == -0.5 and game.player.pos[0] == pytest.approx(0.31, abs=1e-5)


def extended(game: Game, pos=PISTON) -> bool:
    return game.world.registry.properties(game.world.get_block(*pos))["extended"] == "true"


def test_quasi_connectivity_powers_a_piston_through_the_block_above():
    game = survival_game()
    put(game, PISTON, "piston[facing=east,extended=false]")
    put(game, (3, GROUND + 1, 2), "stone")
    # a lever beside the space above the piston: the piston itself gets no signal
    put(game, (3, GROUND + 1, 1), "lever[face=wall,facing=north,powered=false]")
    game.use((3, GROUND + 1, 1))
    game.run(3)
    assert not extended(game)  # no update reached it (vanilla's "budded" piston)
    put(game, (2, GROUND, 0), "stone")  # any neighbour update: now it looks, and extends
    game.run(3)
    assert extended(game) and name(game, (4, GROUND, 0)) == "piston_head"


def test_power_from_the_front_does_not_count():
    game = survival_game()
    put(game, PISTON, "piston[facing=east,extended=false]")
    put(game, (4, GROUND, 0), "stone")
    put(game, (5, GROUND, 0), "lever[face=wall,facing=east,powered=true]")  # powers the stone
    put(game, (2, GROUND, 0), "stone")
    game.run(3)
    assert not extended(game) and name(game, (4, GROUND, 0)) == "stone"


def test_breaking_the_head_breaks_the_base_which_drops():
    game = survival_game()
    piston_setup(game)
    flip_lever(game)
    game.run(3)
    assert name(game, (4, GROUND, 0)) == "piston_head"
    game.set_block((4, GROUND, 0), 0)
    assert name(game, PISTON) == "air"
    assert [e.item for e in game.survival.entities.entities.values()] == ["piston"]


def test_a_piston_facing_up_lifts_the_player_standing_on_its_block():
    game = survival_game()
    put(game, (3, GROUND - 2, 0), "piston[facing=up,extended=false]")
    put(game, (3, GROUND - 1, 0), "stone")  # part of the floor, the player on it
    game.teleport((3.5, GROUND, 0.5), 0.0, 0.0)
    game.run(3)
    put(game, (3, GROUND - 2, 1), "redstone_block")  # powers the piston (beside it)
    game.run(6)
    assert name(game, (3, GROUND, 0)) == "stone" and name(game, (3, GROUND - 1, 0)) == (
        "piston_head"
    )
    assert game.player.pos[1] == pytest.approx(GROUND + 1) and game.player.on_ground
