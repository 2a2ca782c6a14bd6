"""Minecarts: placed on a rail, ridden, boosted by powered rails, round a curve."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures
from odyssey.sim.mechanics.riding import riding_of
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def click(game) -> None:
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.run(1)


def track(game) -> None:
    reg = game.world.registry
    for x in range(0, 10):
        name, props = ("powered_rail", {"shape": "east_west", "powered": "true"}) if x in (
            1, 2) else ("rail", {"shape": "east_west"})  # fmt: skip
        game.world.set_block(x, GROUND, 0, reg.state_of(name, props))
    game.world.set_block(10, GROUND, 0, reg.state_of("rail", {"shape": "south_west"}))
    for z in range(1, 12):
        game.world.set_block(10, GROUND, z, reg.state_of("rail", {"shape": "north_south"}))


def test_ride_a_minecart_along_rails_round_a_curve() -> None:
    game = survival_game(pos=(-2.5, GROUND, 0.5))
    track(game)
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of("minecart"))
    look_at(game, 0.5, GROUND + 0.05, 0.5)
    click(game)
    (cart,) = game.survival.entities.of_type("minecart")
    assert (cart.x, cart.y, cart.z) == (0.5, GROUND + 0.0625, 0.5) and inv.mainhand is None
    look_at(game, cart.x, cart.y + 0.4, cart.z)
    click(game)
    assert riding_of(game).vehicle == cart.id
    game.look(-90.0, 0.0)
    game.hold(InputState(forward=True))  # the rider nudges the cart onto the powered rails
    game.run(30)
    game.hold(InputState())
    speed = abs(creatures.state_of(game).motion[cart.id][0])
    assert cart.x > 3.0 and speed > 0.1  # boosted by 0.06 a tick on each powered rail
    game.run(80)
    assert abs(cart.x - 10.5) < 1e-6 and cart.z > 5.0  # turned south at the curve
    assert abs(game.player.pos[2] - cart.z) < 1e-6
