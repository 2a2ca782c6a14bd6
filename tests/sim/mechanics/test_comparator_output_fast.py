"""``comparators.output_changed`` finds comparators with a per-state table (``_comparators``):
the table is the registry's own answer for every state, and a container change still reaches
a comparator beside it and one behind a conductor."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import comparators
from odyssey.sim.mechanics.containers import box_at, set_item
from odyssey.sim.mechanics.power import comparator_output
from odyssey.world.blocks import registry

GROUND = 64


def test_the_table_is_block_of_for_every_state():
    reg = registry()
    table = comparators._comparators(reg)
    assert len(table) == reg.state_count
    assert table == [reg.block_of(s).name == "comparator" for s in range(reg.state_count)]


def test_a_chest_change_reaches_comparators_beside_and_behind_a_conductor():
    game = playground.survival_game(seed=7)
    reg = game.world.registry
    y = GROUND
    chest = (2, y, 5)
    game.set_block(chest, reg.state("chest[facing=north]"))
    game.set_block((3, y, 5), reg.state("comparator[facing=west]"))  # beside
    game.set_block((2, y, 6), reg.state("stone"))  # a conductor south of the chest
    game.set_block((2, y, 7), reg.state("comparator[facing=north]"))  # behind it
    game.run(3)
    assert comparator_output(game.world, (3, y, 5)) == 0
    assert comparator_output(game.world, (2, y, 7)) == 0
    box = box_at(game, chest)
    set_item(game, chest, box, 0, ItemStack.of("cobblestone", 64))  # calls output_changed
    game.run(3)
    assert comparator_output(game.world, (3, y, 5)) == 1
    assert comparator_output(game.world, (2, y, 7)) == 1
