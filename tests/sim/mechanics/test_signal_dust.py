"""Scripted redstone runs in a survival game: a lever powering a line of dust whose power falls
by one per block and a lamp at its end (off 4 ticks after the lever), a repeater refreshing a
16-dust line, doors opening from dust, dust shapes and climbing, and a placed dust network."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.mechanics.power import is_powered, received_power
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64


def survival_game() -> Game:
    return playground.survival_game(seed=7)


def right_click(game: Game, pos: tuple[int, int, int]) -> None:
    """Look at the top of a block and press use for one tick."""
    look_at(game, pos[0] + 0.5, pos[1] + 0.1, pos[2] + 0.5)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())


def put(game: Game, pos: tuple[int, int, int], spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def prop(game: Game, pos: tuple[int, int, int], key: str) -> str:
    return game.world.registry.properties(game.world.get_block(*pos))[key]


def power(game: Game, pos: tuple[int, int, int]) -> int:
    return int(prop(game, pos, "power"))


def test_lever_dust_line_falls_by_one_and_lights_a_lamp_that_goes_out_after_4_ticks():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 0), "lever[face=floor,facing=east]")
    for x in range(3, 13):
        put(game, (x, y, 0), "redstone_wire")
    put(game, (13, y, 0), "redstone_lamp")
    assert prop(game, (5, y, 0), "east") == "side" and prop(game, (5, y, 0), "north") == "none"
    assert prop(game, (13, y, 0), "lit") == "false"
    events = game.use((2, y, 0))
    assert any(e.kind == "lever_on" for e in events)
    clicks = [(e.detail, e.value) for e in events if e.kind == "sound"]
    assert clicks == [("block.lever.click", 0.6)]
    assert [power(game, (x, y, 0)) for x in range(3, 13)] == list(range(15, 5, -1))
    assert prop(game, (13, y, 0), "lit") == "true"  # a lamp lights at once
    assert received_power(game.world, (13, y, 0)) == 6
    game.use((2, y, 0))
    assert [power(game, (x, y, 0)) for x in range(3, 13)] == [0] * 10
    for _ in range(3):
        game.tick()
        assert prop(game, (13, y, 0), "lit") == "true"
    game.tick()
    assert prop(game, (13, y, 0), "lit") == "false"  # 4 game ticks after the signal went


def place(game: Game, item: str, ground: tuple[int, int]) -> None:
    """Hold ``item`` and right-click the top of the ground at (x, z)."""
    give(game, item)
    select_slot(game, next(i for i in range(9) if (st := game.survival.inventory.get(i))
                           is not None and st.item == item))  # fmt: skip
    look_at(game, ground[0] + 0.5, GROUND - 0.01, ground[1] + 0.5)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(5)


def test_a_lamp_circuit_placed_and_switched_by_hand():
    game = survival_game()
    place(game, "redstone_lamp", (3, 2))
    place(game, "redstone", (2, 2))
    place(game, "redstone", (1, 2))
    place(game, "lever", (0, 2))
    reg = game.world.registry
    assert reg.block_of(game.world.get_block(0, GROUND, 2)).name == "lever"
    assert prop(game, (2, GROUND, 2), "east") == "side" and prop(game, (3, GROUND, 2), "lit") == (
        "false"
    )
    look_at(game, 0.5, GROUND + 0.1, 2.5)
    game.hold(InputState(use=True))
    events = game.tick()
    game.hold(InputState())
    assert any(e.kind == "lever_on" for e in events)
    assert power(game, (1, GROUND, 2)) == 15 and power(game, (2, GROUND, 2)) == 14
    assert prop(game, (3, GROUND, 2), "lit") == "true"


def test_a_repeater_after_a_16_dust_line_refreshes_the_signal_after_its_delay():
    game = survival_game()
    y, z = GROUND, 1
    put(game, (2, y, z), "lever[face=floor,facing=east]")
    for x in range(3, 19):  # 16 dust: 15 down to 0
        put(game, (x, y, z), "redstone_wire")
    put(game, (19, y, z), "repeater[facing=west,delay=2]")  # input from the west
    for x in range(20, 24):
        put(game, (x, y, z), "redstone_wire")
    put(game, (24, y, z), "redstone_lamp")
    game.use((2, y, z))
    assert power(game, (17, y, z)) == 1 and power(game, (18, y, z)) == 0
    assert prop(game, (19, y, z), "powered") == "false"
    # the last dust has no power: the line must end one earlier to feed the repeater
    game.use((2, y, z))
    game.set_block((18, y, z), 0)
    put(game, (18, y, z), "repeater[facing=west,delay=2]")
    game.set_block((19, y, z), 0)
    put(game, (19, y, z), "redstone_wire")
    game.use((2, y, z))
    assert power(game, (17, y, z)) == 1
    ticks = 0
    while prop(game, (18, y, z), "powered") == "false":
        game.tick()
        ticks += 1
        assert ticks < 10
    assert ticks == 4  # delay 2 = 4 game ticks
    assert [power(game, (x, y, z)) for x in range(19, 24)] == [15, 14, 13, 12, 11]
    assert prop(game, (24, y, z), "lit") == "true"
    game.use((2, y, z))
    game.run(4)
    assert prop(game, (18, y, z), "powered") == "false"
    assert power(game, (19, y, z)) == 0
    game.run(4)
    assert prop(game, (24, y, z), "lit") == "false"


def test_right_click_cycles_the_repeater_delay():
    game = survival_game()
    pos = (2, GROUND, 0)
    put(game, pos, "repeater[facing=west,delay=1]")
    delays = []
    for _ in range(4):
        right_click(game, pos)
        delays.append(int(prop(game, pos, "delay")))
        game.run(5)
    assert delays == [2, 3, 4, 1]


def test_a_locked_repeater_keeps_its_output():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 3), "redstone_block")
    put(game, (4, y, 3), "repeater[facing=west,delay=1]")  # main: input from (3, y, 3)
    game.run(3)
    assert prop(game, (4, y, 3), "powered") == "true"
    put(game, (4, y, 1), "redstone_block")
    put(game, (4, y, 2), "repeater[facing=north,delay=1]")  # points into the main one's side
    game.run(3)
    assert prop(game, (4, y, 3), "locked") == "true"
    game.set_block((3, y, 3), 0)
    game.run(6)
    assert prop(game, (4, y, 3), "powered") == "true"  # locked: still on
    game.set_block((4, y, 1), 0)
    game.run(6)
    assert prop(game, (4, y, 3), "locked") == "false"
    assert prop(game, (4, y, 3), "powered") == "false"


def test_a_door_opens_from_a_line_of_dust_and_closes_again():
    game = survival_game()
    y = GROUND
    put(game, (1, y, 2), "lever[face=floor,facing=east]")
    put(game, (2, y, 2), "redstone_wire")
    put(game, (3, y, 2), "redstone_wire")
    put(game, (4, y, 2), "oak_door[half=lower,facing=west]")
    put(game, (4, y + 1, 2), "oak_door[half=upper,facing=west]")
    events = game.use((1, y, 2))
    assert prop(game, (4, y, 2), "open") == "true" and prop(game, (4, y + 1, 2), "open") == "true"
    assert prop(game, (4, y, 2), "powered") == "true"
    assert any(e.kind == "opened_door" for e in events)
    assert any(e.detail == "block.wooden_door.open" for e in events)
    events = game.use((1, y, 2))
    assert prop(game, (4, y, 2), "open") == "false" and prop(game, (4, y + 1, 2), "open") == "false"
    assert any(e.detail == "block.wooden_door.close" for e in events)


def test_dust_climbs_a_conductor_step_and_shapes_up_the_side():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 4), "redstone_block")  # source beside the first dust
    put(game, (3, y, 4), "redstone_wire")
    put(game, (4, y, 4), "stone")
    put(game, (5, y, 4), "stone")
    put(game, (4, y + 1, 4), "redstone_wire")
    put(game, (5, y + 1, 4), "redstone_wire")
    assert prop(game, (3, y, 4), "east") == "up"  # climbs the stone's sturdy side
    assert power(game, (3, y, 4)) == 15
    assert power(game, (4, y + 1, 4)) == 14 and power(game, (5, y + 1, 4)) == 13
    # a block on the lower dust cuts the climb (vanilla: no step up under a conductor)
    put(game, (3, y + 1, 4), "stone")
    assert power(game, (4, y + 1, 4)) == 0
    assert prop(game, (3, y, 4), "east") == "side"  # no longer up: a line from the block


def test_power_climbs_a_glass_staircase_but_does_not_come_down_it():
    game = survival_game()
    y = GROUND
    put(game, (4, y, 6), "glass")
    put(game, (4, y + 1, 6), "redstone_wire")  # on the glass
    put(game, (3, y, 6), "redstone_wire")  # beside the glass, on the ground
    put(game, (2, y, 6), "redstone_block")
    assert power(game, (3, y, 6)) == 15 and power(game, (4, y + 1, 6)) == 14  # up: yes
    game.set_block((2, y, 6), 0)
    put(game, (5, y + 1, 6), "redstone_block")  # now feed the upper dust
    assert power(game, (4, y + 1, 6)) == 15 and power(game, (3, y, 6)) == 0  # down: no


def test_dust_powers_the_block_it_points_into_and_not_its_sides():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 8), "redstone_block")
    put(game, (3, y, 8), "redstone_wire")
    put(game, (4, y, 8), "stone")  # pointed into: powered, and a lamp on it lights
    put(game, (5, y, 8), "redstone_lamp")
    put(game, (3, y, 9), "redstone_lamp")  # beside a straight line: not pointed at
    put(game, (3, y, 10), "redstone_lamp")
    assert is_powered(game.world, (4, y, 8)) and prop(game, (5, y, 8), "lit") == "true"
    assert prop(game, (3, y, 10), "lit") == "false"
    # a lamp beside the line is a non-conductor, the line still points east-west
    assert prop(game, (3, y, 8), "south") == "none"


def test_right_click_turns_a_lone_dust_cross_into_a_dot_and_back():
    game = survival_game()
    pos = (2, GROUND, 1)
    put(game, pos, "redstone_wire")
    sides = ("north", "east", "south", "west")
    assert [prop(game, pos, s) for s in sides] == ["side"] * 4
    right_click(game, pos)
    assert [prop(game, pos, s) for s in sides] == ["none"] * 4
    game.run(5)
    right_click(game, pos)
    assert [prop(game, pos, s) for s in sides] == ["side"] * 4


def test_dust_without_support_breaks():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 3), "stone")
    put(game, (3, y + 1, 3), "redstone_wire")
    game.set_block((3, y, 3), 0)
    assert game.world.get_block(3, y + 1, 3) == 0


def test_a_door_beside_dust_next_to_the_lever_stays_open():
    """The navigation model (levers and buttons only) would shut it; survival games use dust."""
    game = survival_game()
    y = GROUND
    put(game, (1, y, 3), "lever[face=floor,facing=east]")
    put(game, (2, y, 3), "redstone_wire")
    put(game, (3, y, 3), "iron_door[half=lower,facing=west]")
    put(game, (3, y + 1, 3), "iron_door[half=upper,facing=west]")
    events = game.use((1, y, 3))
    assert prop(game, (3, y, 3), "open") == "true"
    assert any(e.detail == "block.iron_door.open" for e in events)
    assert not any(e.kind == "closed_door" for e in events)


def test_trapdoor_and_gate_open_from_a_torch_and_a_repeater():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 5), "redstone_torch")
    put(game, (3, y, 5), "oak_trapdoor[facing=north,half=bottom]")
    game.run(1)
    assert prop(game, (3, y, 5), "open") == "true" and prop(game, (3, y, 5), "powered") == "true"
    put(game, (5, y, 5), "redstone_block")
    put(game, (6, y, 5), "repeater[facing=west,delay=1]")
    put(game, (7, y, 5), "oak_fence_gate[facing=north]")
    game.run(3)
    assert prop(game, (7, y, 5), "open") == "true"
    game.set_block((5, y, 5), 0)
    game.run(3)
    assert prop(game, (7, y, 5), "open") == "false"


def test_a_torch_and_a_repeater_break_without_their_block():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 7), "stone")
    put(game, (3, y + 1, 7), "redstone_torch")
    put(game, (2, y, 7), "redstone_wall_torch[facing=west]")  # on the stone's west side
    put(game, (4, y, 7), "stone")
    put(game, (4, y + 1, 7), "repeater")
    game.set_block((3, y, 7), 0)
    game.set_block((4, y, 7), 0)
    assert game.world.get_block(3, y + 1, 7) == 0 and game.world.get_block(2, y, 7) == 0
    assert game.world.get_block(4, y + 1, 7) == 0
    dropped = sorted(e.item for e in game.survival.entities.of_type("item"))
    assert dropped == ["redstone_torch", "redstone_torch", "repeater"]


def test_a_snapshot_restores_the_circuit():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 0), "lever[face=floor,facing=east]")
    for x in range(3, 8):
        put(game, (x, y, 0), "redstone_wire")
    put(game, (8, y, 0), "redstone_lamp")
    snap = game.snapshot()
    game.use((2, y, 0))
    assert prop(game, (8, y, 0), "lit") == "true"
    game.restore(snap)
    assert prop(game, (8, y, 0), "lit") == "false" and power(game, (3, y, 0)) == 0
    game.use((2, y, 0))
    assert [power(game, (x, y, 0)) for x in range(3, 8)] == [15, 14, 13, 12, 11]
    assert prop(game, (8, y, 0), "lit") == "true"
