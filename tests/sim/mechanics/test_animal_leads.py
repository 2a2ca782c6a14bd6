"""Leads: a sheep led on a lead follows the player to a fence and is tied to a leash knot;
walking too far breaks a lead."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def click(game) -> None:
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.run(2)


def test_lead_a_sheep_to_a_fence_and_tie_it() -> None:
    game = survival_game(radius=30)
    game.world.set_block(-12, GROUND, 0, "oak_fence")
    sheep = game.survival.entities.add("sheep", (2.5, GROUND, 0.5))
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of("lead", 2))
    look_at(game, sheep.x, sheep.y + 0.6, sheep.z)
    click(game)
    assert creatures.state_of(game).animals[sheep.id].leash == "player"
    assert inv.mainhand.count == 1
    game.look(90.0, 0.0)  # walk west toward the fence
    game.hold(InputState(forward=True))
    game.run(50)
    game.hold(InputState())
    game.run(60)
    assert game.player.pos[0] < -7.0
    assert abs(sheep.x - game.player.pos[0]) < 6.5  # it came along
    look_at(game, -11.5, GROUND + 0.5, 0.5)
    click(game)
    st = creatures.state_of(game)
    assert st.animals[sheep.id].leash == (-12, GROUND, 0)
    (knot,) = game.survival.entities.of_type("leash_knot")
    assert (knot.x, knot.z) == (-11.5, 0.5) and st.knots[(-12, GROUND, 0)] == knot.id
    game.look(-90.0, 0.0)  # walk away east: the sheep stays by the fence
    game.hold(InputState(forward=True))
    game.run(100)
    game.hold(InputState())
    game.run(100)
    assert game.player.pos[0] > 5.0
    assert ((sheep.x + 11.5) ** 2 + (sheep.z - 0.5) ** 2) ** 0.5 < 7.0
    assert st.animals[sheep.id].leash == (-12, GROUND, 0)


def test_a_lead_pulled_beyond_ten_blocks_breaks() -> None:
    game = survival_game(radius=30)
    cow = game.survival.entities.add("cow", (2.5, GROUND, 0.5), no_ai=True)
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of("lead"))
    look_at(game, cow.x, cow.y + 0.7, cow.z)
    click(game)
    assert "leashed" in cow.tags
    game.teleport((-12.0, GROUND, 0.5), 0.0, 0.0)
    game.run(2)
    assert creatures.state_of(game).animals[cow.id].leash is None and "leashed" not in cow.tags
    assert [e.item for e in game.survival.entities.of_type("item")] == ["lead"]
