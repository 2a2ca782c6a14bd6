"""/summon item with its Item compound (1.20.5+ and older spellings), PickupDelay, and the
errors for a missing or unknown item."""

from __future__ import annotations

from odyssey.sim.game_commands import run
from odyssey.sim.playground import GROUND, survival_game


def test_summoned_items_carry_their_stack_and_are_picked_up() -> None:
    game = survival_game()
    s = game.survival
    gems = '/summon minecraft:item ~ ~ ~2 {Item:{id:"minecraft:diamond",count:3}}'
    assert run(game, gems).success
    assert run(game, '/summon minecraft:item ~ ~ ~2 {Item:{id:"minecraft:diamond_sword",Count:1b,'
                     'components:{"minecraft:damage":5}},PickupDelay:30}').success  # fmt: skip
    gem, sword = sorted(s.entities.of_type("item"), key=lambda e: e.id)
    assert (gem.item, gem.count, gem.pickup_delay) == ("diamond", 3, 0)
    assert (sword.item, sword.components, sword.pickup_delay) == (
        "diamond_sword",
        {"damage": 5},
        30,
    )
    game.teleport((0.5, GROUND, 2.5), 0.0, 0.0)
    game.run(5)
    assert s.inventory.count("diamond") == 3 and s.inventory.count("diamond_sword") == 0
    game.run(40)
    (picked,) = [st for st in s.inventory.slots if st is not None and st.item == "diamond_sword"]
    assert picked.damage == 5


def test_an_item_entity_without_an_item_vanishes_and_a_bad_id_is_an_error() -> None:
    game = survival_game()
    s = game.survival
    assert run(game, "/summon minecraft:item ~ ~ ~1").success
    assert not s.entities.of_type("item")
    bad = run(game, '/summon minecraft:item ~ ~ ~1 {Item:{id:"minecraft:nothing"}}')
    assert not bad.success and "nothing" in bad.message and "Item" in bad.message
    assert not s.entities.of_type("item")
