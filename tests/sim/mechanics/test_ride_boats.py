"""Boats: placed on a lake, a cow gets in, the player rows across with it; a spider walks into
a boat and stays trapped; punches break a boat into its item."""

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures
from odyssey.sim.mechanics.riding import riding_of
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def lake_game():
    world = flat_arena(24)
    world.fill((3, 60, -4), (21, 64, 6), "water")  # water surface at 63 + 8/9
    return survival_game(world, pos=(1.5, GROUND, 0.5))


def click(game, hold: int = 1) -> None:
    game.hold(InputState(use=True))
    game.run(hold)
    game.hold(InputState())
    game.run(1)


def place_boat(game, x: float, y: float, z: float):
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of("oak_boat"))
    look_at(game, x, y, z)
    click(game)
    assert inv.mainhand is None
    (boat,) = game.survival.entities.of_type("oak_boat")
    return boat


def test_row_across_a_lake_with_a_cow_aboard() -> None:
    game = lake_game()
    boat = place_boat(game, 4.5, 63.9, 0.5)
    game.run(40)
    assert 63.4 < boat.y < 63.6  # floats: buoyancy balances gravity 0.366 under the surface
    cow = game.survival.entities.add("cow", (boat.x + 1.2, GROUND, boat.z))
    game.run(3)
    assert "seated" in cow.tags  # walked into the empty boat: it got in
    look_at(game, boat.x, boat.y + 0.3, boat.z)
    click(game)
    st = creatures.state_of(game)
    assert st.passengers[boat.id] == [creatures.PLAYER, cow.id]  # the player takes the front
    assert riding_of(game).vehicle == boat.id
    assert abs(game.player.pos[1] - (boat.y + 0.1875 - 0.6)) < 1e-3  # the view sinks
    game.look(-90.0, 0.0)  # east, along +x
    game.hold(InputState(forward=True))
    game.run(30)
    assert 0.36 < st.motion[boat.id][0] <= 0.4  # v = 0.9 v + 0.04 → 0.4 blocks a tick
    game.run(40)
    assert boat.x > 20.0  # across the 18-block lake, stopped by the far shore
    assert game.survival.stats.get("custom", "boat_one_cm") > 1500
    assert abs(cow.x - (boat.x - 0.6)) < 1e-6 and abs(cow.z - boat.z) < 1e-6  # still seated
    game.hold(InputState(sneak=True))
    game.run(1)
    game.hold(InputState())
    game.run(5)
    assert riding_of(game).vehicle is None and game.player.pos[0] > 20.5  # on the far shore
    assert "seated" in cow.tags


def test_trap_a_spider_in_a_boat() -> None:
    game = survival_game(time_of_day=6000)
    boat = place_boat(game, 4.5, GROUND, 0.5)
    spider = game.survival.entities.add("spider", (boat.x + 1.5, GROUND, boat.z))
    game.run(40)
    assert "seated" in spider.tags
    x, z = spider.x, spider.z
    game.run(200)  # the spider cannot walk away
    assert abs(spider.x - x) < 1e-6 and abs(spider.z - z) < 1e-6
    assert creatures.state_of(game).passengers[boat.id] == [spider.id]


def test_punching_a_boat_breaks_it_into_its_item() -> None:
    game = lake_game()
    boat = place_boat(game, 4.5, 63.9, 0.5)
    game.run(20)
    look_at(game, boat.x, boat.y + 0.3, boat.z)
    hits = 0
    while boat.id in game.survival.entities.entities and hits < 20:
        game.hold(InputState(attack=True))
        game.run(1)
        game.hold(InputState())
        game.run(5)
        hits += 1
    assert boat.id not in game.survival.entities.entities and 4 < hits < 20
    assert [e.item for e in game.survival.entities.of_type("item")] == ["oak_boat"]
