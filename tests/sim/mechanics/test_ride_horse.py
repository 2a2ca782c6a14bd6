"""Horses: riding an untamed horse raises its temper until it is tamed; a saddled horse carries
the player 20 blocks forward at its speed; the rider's jump charge makes it jump."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures
from odyssey.sim.mechanics.riding import riding_of
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def click(game) -> list:
    game.hold(InputState(use=True))
    events = game.run(1)
    game.hold(InputState())
    return events + game.run(2)


def test_tame_saddle_and_ride_a_horse_20_blocks() -> None:
    game = survival_game(seed=5, radius=40)
    horse = game.survival.entities.add("horse", (2.5, GROUND, 0.5))
    a = creatures.animal(game, horse)
    tries = 0
    while not a.tamed and tries < 40:
        game.teleport((horse.x - 2.5, GROUND, horse.z), 0.0, 0.0)  # walk up to it again
        look_at(game, horse.x, horse.y + 1.0, horse.z)
        assert "mounted" in [e.kind for e in click(game)]
        game.run(400)  # bucks the rider off sooner or later, or is tamed
        tries += 1
        if riding_of(game).vehicle is not None and a.tamed:
            break
        assert riding_of(game).vehicle is None and a.temper == min(100, 5 * tries)
    assert a.tamed and "tamed" in horse.tags
    if riding_of(game).vehicle is not None:
        game.hold(InputState(sneak=True))
        game.run(1)
        game.hold(InputState())
        game.run(2)
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of("saddle"))
    look_at(game, horse.x, horse.y + 1.0, horse.z)
    click(game)
    assert a.saddled and inv.mainhand is None
    look_at(game, horse.x, horse.y + 1.0, horse.z)
    click(game)
    assert riding_of(game).vehicle == horse.id
    assert abs(game.player.pos[1] - (horse.y + 0.84)) < 0.2  # sits high: the view rises
    game.look(-90.0, 0.0)
    start = horse.x
    game.hold(InputState(forward=True))
    game.run(60)
    assert horse.x - start > 20.0  # ~0.2–0.55 blocks a tick at its movement_speed
    assert abs(game.player.pos[0] - horse.x) < 0.5
    game.hold(InputState(forward=True, jump=True))
    game.run(10)
    game.hold(InputState(forward=True))
    top = horse.y
    for _ in range(12):
        game.run(1)
        top = max(top, horse.y)
    assert top > GROUND + 1.0  # a charged jump clears more than a block
