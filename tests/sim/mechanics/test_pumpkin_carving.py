"""Shears on a pumpkin carve it: a carved pumpkin facing the clicked side, four seeds out of it
and one use of the shears (PumpkinBlock.useItemOn)."""

from __future__ import annotations

from odyssey.sim.actions import give, select_slot
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def test_shears_carve_a_pumpkin_towards_the_player():
    game = survival_game()
    reg = game.world.registry
    game.set_block((0, GROUND, 3), reg.default_state("pumpkin"))
    give(game, "shears")
    select_slot(game, 0)
    look_at(game, 0.5, GROUND + 0.5, 3.0)  # the north face, from the north
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    state = game.world.get_block(0, GROUND, 3)
    assert reg.block_of(state).name == "carved_pumpkin"
    assert reg.properties(state)["facing"] == "north"
    game.hold(InputState(forward=True))  # walk up to the seeds and pick them up
    game.run(15)
    game.hold(InputState())
    game.run(20)
    inv = game.survival.inventory
    assert sum(s.count for s in inv.slots if s is not None and s.item == "pumpkin_seeds") == 4
    assert inv.get(0).damage == 1
    assert any(e.detail == "block.pumpkin.carve" for e in game.events)
