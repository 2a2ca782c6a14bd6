"""Scripted redstone runs with torches, comparators, observers and note blocks in a survival
game, each ending in the state vanilla 1.21.11 shows."""

from __future__ import annotations

import itertools
import math

from odyssey.sim import playground
from odyssey.sim.game import Game
from odyssey.sim.mechanics.comparators import container_signal
from odyssey.sim.mechanics.power import comparator_output, received_power
from odyssey.sim.player import InputState

GROUND = 64


def survival_game() -> Game:
    return playground.survival_game(seed=7)


def right_click(game: Game, pos: tuple[int, int, int]) -> None:
    """Look at the top of a block and press use for one tick."""
    px, py, pz = game.player.pos
    dx, dy, dz = pos[0] + 0.5 - px, pos[1] + 0.1 - (py + game.player.eye_height), pos[2] + 0.5 - pz
    game.look(math.degrees(math.atan2(-dx, dz)), -math.degrees(math.atan2(dy, math.hypot(dx, dz))))
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())


def put(game: Game, pos: tuple[int, int, int], spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def prop(game: Game, pos: tuple[int, int, int], key: str) -> str:
    return game.world.registry.properties(game.world.get_block(*pos))[key]


def test_a_torch_on_a_powered_block_turns_off_after_2_ticks_and_back_on():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 0), "stone")
    put(game, (3, y + 1, 0), "redstone_torch")
    put(game, (3, y + 2, 0), "redstone_lamp")  # above the torch: lit by it
    put(game, (2, y, 0), "lever[face=wall,facing=west]")  # on the stone's west side
    game.run(1)
    assert prop(game, (3, y + 1, 0), "lit") == "true" and prop(game, (3, y + 2, 0), "lit") == "true"
    assert received_power(game.world, (3, y + 2, 0)) == 15
    game.use((2, y, 0))
    game.tick()
    assert prop(game, (3, y + 1, 0), "lit") == "true"
    game.tick()
    assert prop(game, (3, y + 1, 0), "lit") == "false"  # 2 game ticks
    game.run(4)
    assert prop(game, (3, y + 2, 0), "lit") == "false"
    game.use((2, y, 0))
    game.run(2)
    assert prop(game, (3, y + 1, 0), "lit") == "true"


def test_a_torch_strongly_powers_the_block_above_it():
    game = survival_game()
    y = GROUND
    put(game, (4, y, 2), "redstone_torch")
    put(game, (4, y + 1, 2), "stone")
    put(game, (5, y + 1, 2), "redstone_lamp")  # beside the strongly powered stone
    put(game, (5, y, 2), "redstone_lamp")  # beside the torch: its signal
    put(game, (4, y, 3), "stone")
    put(game, (4, y, 4), "redstone_lamp")  # beside a stone the torch only touches: dark
    assert prop(game, (5, y + 1, 2), "lit") == "true" and prop(game, (5, y, 2), "lit") == "true"
    assert prop(game, (4, y, 4), "lit") == "false"


def test_a_torch_toggled_8_times_in_60_ticks_burns_out_and_recovers():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 1), "stone")
    put(game, (3, y + 1, 1), "redstone_torch")
    put(game, (2, y, 1), "lever[face=wall,facing=west]")
    offs = 0
    sounds = []
    for _ in range(8):
        sounds += game.use((2, y, 1))  # on: the torch goes off after 2 ticks
        sounds += game.run(4)
        offs += prop(game, (3, y + 1, 1), "lit") == "false"
        sounds += game.use((2, y, 1))
        sounds += game.run(4)
    assert offs == 8
    assert any(e.detail == "block.redstone_torch.burnout" for e in sounds)
    assert prop(game, (3, y + 1, 1), "lit") == "false"  # burnt out although unpowered
    game.run(170)
    assert prop(game, (3, y + 1, 1), "lit") == "true"  # looked again after 160 ticks


def test_a_comparator_compares_and_subtracts_its_side_input():
    game = survival_game()
    y = GROUND
    put(game, (1, y, 3), "redstone_block")  # rear: 15
    put(game, (2, y, 3), "comparator[facing=west]")  # input from the west
    for z in (4, 5, 6):  # side line from the south: 13, 14, 15
        put(game, (2, y, z), "redstone_wire")
    put(game, (3, y, 3), "redstone_wire")
    put(game, (4, y, 3), "redstone_wire")
    game.run(3)
    assert comparator_output(game.world, (2, y, 3)) == 15
    assert prop(game, (3, y, 3), "power") == "15"
    put(game, (2, y, 7), "redstone_block")
    game.run(3)
    assert prop(game, (2, y, 4), "power") == "13"
    assert comparator_output(game.world, (2, y, 3)) == 15  # compare: 15 >= 13 passes the rear
    right_click(game, (2, y, 3))
    assert prop(game, (2, y, 3), "mode") == "subtract"
    assert any(e.detail == "block.comparator.click" and e.value == 0.55 for e in game.events)
    game.run(3)
    assert comparator_output(game.world, (2, y, 3)) == 2
    assert prop(game, (3, y, 3), "power") == "2" and prop(game, (4, y, 3), "power") == "1"
    assert prop(game, (2, y, 3), "powered") == "true"
    put(game, (2, y, 5), "redstone_block")  # side 15 = rear: subtract gives 0, turns off
    game.run(3)
    assert comparator_output(game.world, (2, y, 3)) == 0
    assert prop(game, (2, y, 3), "powered") == "false" and prop(game, (3, y, 3), "power") == "0"


def test_a_comparator_reads_a_chest_fill_level():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 5), "chest[facing=north]")
    stacks = [{"Slot": i, "id": "minecraft:cobblestone", "count": 64} for i in range(10)]
    stacks.append({"Slot": 10, "id": "minecraft:ender_pearl", "count": 16})  # a full 16-stack
    game.world.set_block_entity(2, y, 5, {"id": "minecraft:chest", "Items": stacks})
    put(game, (3, y, 5), "comparator[facing=west]")
    put(game, (4, y, 5), "redstone_lamp")
    game.run(3)
    assert container_signal(stacks, 27) == math.floor(11 / 27 * 14) + 1 == 6
    assert comparator_output(game.world, (3, y, 5)) == 6
    assert prop(game, (4, y, 5), "lit") == "true"


def test_an_observer_pulses_2_ticks_when_the_block_in_front_changes():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 2), "observer[facing=north]")  # watches (3, y, 1); back at (3, y, 3)
    put(game, (3, y, 3), "redstone_lamp")
    game.run(5)
    assert prop(game, (3, y, 2), "powered") == "false"
    put(game, (3, y, 1), "stone")
    game.tick()
    assert prop(game, (3, y, 2), "powered") == "false"
    game.tick()
    assert prop(game, (3, y, 2), "powered") == "true"
    assert prop(game, (3, y, 3), "lit") == "true"
    game.run(2)
    assert prop(game, (3, y, 2), "powered") == "false"
    game.run(4)
    assert prop(game, (3, y, 3), "lit") == "false"
    game.run(10)
    assert prop(game, (3, y, 2), "powered") == "false"  # one pulse only


def test_two_observers_facing_each_other_make_a_clock():
    game = survival_game()
    y = GROUND
    put(game, (3, y, 4), "observer[facing=east]")
    put(game, (4, y, 4), "observer[facing=west]")  # the first one sees it placed
    rises = []
    was = False
    for _ in range(40):
        game.tick()
        now = prop(game, (3, y, 4), "powered") == "true"
        if now and not was:
            rises.append(game.tick_count)
        was = now
    # 2 ticks on, then the other's pulse: a rising edge every 6 game ticks (vanilla's order:
    # the watcher's tick is scheduled during the change, before the observer's own off tick)
    assert len(rises) >= 6 and {b - a for a, b in itertools.pairwise(rises)} == {6}


def test_a_note_block_plays_when_powered_and_right_click_tunes_it():
    game = survival_game()
    y = GROUND
    put(game, (2, y, 2), "note_block")
    put(game, (3, y - 1, 2), "stone")
    game.set_block((3, y - 1, 2), game.world.registry.state("stone"))
    put(game, (3, y, 2), "note_block")  # on stone: bass drum
    assert prop(game, (2, y, 2), "instrument") == "harp"  # grass below
    assert prop(game, (3, y, 2), "instrument") == "basedrum"
    put(game, (2, y, 1), "lever[face=floor,facing=north]")
    events = game.use((2, y, 1))
    sounds = [e for e in events if e.kind == "sound"]
    assert [(s.detail, s.value) for s in sounds] == [
        ("block.lever.click", 0.6),
        ("block.note_block.harp", 0.5),
    ]
    assert prop(game, (2, y, 2), "powered") == "true"
    assert [e for e in game.run(5) if e.kind == "sound"] == []  # once, on the rising edge
    game.use((2, y, 1))
    right_click(game, (2, y, 2))
    assert prop(game, (2, y, 2), "note") == "1"
    sound = [e for e in game.events[-5:] if e.kind == "sound"][-1]
    assert sound.detail == "block.note_block.harp"
    assert abs(sound.value - 2 ** (-11 / 12)) < 1e-9
    assert game.survival.stats.get("custom", "tune_noteblock") == 1
