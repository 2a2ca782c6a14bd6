"""Iron and snow golems built from blocks and a carved pumpkin, and what they do."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def block(game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def put(game, pos, name: str) -> None:
    game.set_block(pos, game.world.registry.default_state(name))


def place_pumpkin_on(game, top: tuple[int, int, int], item: str = "carved_pumpkin") -> None:
    """The player climbs a pillar south of ``top`` (to see its top face) and places the
    pumpkin on it by looking at it and using the item."""
    x, y, z = top
    for dy in range(GROUND, y + 1):
        put(game, (x, dy, z - 3), "stone")
    game.teleport((x + 0.5, y + 1.0, z - 2.5), 0.0, 0.0)
    game.run(2)
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of(item, 1))
    look_at(game, top[0] + 0.5, top[1] + 1.0, top[2] + 0.5)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())


def iron_t(game, x: int, z: int, along_x: bool = True) -> list[tuple[int, int, int]]:
    ax, az = (1, 0) if along_x else (0, 1)
    blocks = [(x, GROUND, z), (x, GROUND + 1, z), (x + ax, GROUND + 1, z + az),
              (x - ax, GROUND + 1, z - az)]  # fmt: skip
    for pos in blocks:
        put(game, pos, "iron_block")
    return blocks


def test_iron_golem_from_four_iron_blocks_and_a_pumpkin() -> None:
    game = survival_game(pos=(0.5, GROUND, -3.5))
    blocks = iron_t(game, 0, 0)
    place_pumpkin_on(game, (0, GROUND + 1, 0))
    golems = game.survival.entities.of_type("iron_golem")
    assert len(golems) == 1
    g = golems[0]
    assert (g.x, g.z) == (0.5, 0.5) and abs(g.y - (GROUND + 0.05)) < 0.1
    assert g.health == g.max_health == 100.0
    assert g.components.get("player_created") is True
    assert all(block(game, p) == "air" for p in [*blocks, (0, GROUND + 2, 0)])
    assert game.survival.inventory.mainhand is None


def test_iron_golem_along_z_with_a_jack_o_lantern() -> None:
    game = survival_game(pos=(-3.5, GROUND, 0.5))
    iron_t(game, 0, 0, along_x=False)
    put(game, (0, GROUND + 2, 0), "jack_o_lantern")
    assert len(game.survival.entities.of_type("iron_golem")) == 1


def test_blocked_corner_or_wrong_block_makes_no_golem() -> None:
    game = survival_game(pos=(0.5, GROUND, -3.5))
    iron_t(game, 0, 0)
    put(game, (1, GROUND, 0), "dirt")  # beside the legs: must be air
    put(game, (0, GROUND + 2, 0), "carved_pumpkin")
    assert game.survival.entities.of_type("iron_golem") == []
    assert block(game, (0, GROUND + 1, 0)) == "iron_block"
    put(game, (5, GROUND, 0), "snow_block")
    put(game, (5, GROUND + 1, 0), "dirt")
    put(game, (5, GROUND + 2, 0), "carved_pumpkin")
    assert game.survival.entities.of_type("snow_golem") == []


def test_iron_golem_kills_a_zombie() -> None:
    game = survival_game(pos=(0.5, GROUND, -12.5), time_of_day=18000)  # night: no sunburn
    game.survival.set_mode("creative")  # the zombie has no player to chase
    iron_t(game, 0, 0)
    put(game, (0, GROUND + 2, 0), "carved_pumpkin")
    zombie = game.survival.entities.add("zombie", (6.5, GROUND, 0.5), no_ai=True, persistent=True)
    for _ in range(20):
        game.run(10)
        if zombie.dead:
            break
    assert zombie.dead and zombie.id not in game.survival.entities
    golem = game.survival.entities.of_type("iron_golem")[0]
    assert golem.health == 100.0
    assert (golem.x - 6.5) ** 2 + (golem.z - 0.5) ** 2 < 3.0**2  # it walked over to hit


def test_snow_golem_from_snow_blocks_lays_snow_and_throws_at_a_zombie() -> None:
    game = survival_game(pos=(0.5, GROUND, -8.5), time_of_day=18000)
    game.survival.set_mode("creative")
    put(game, (0, GROUND, 0), "snow_block")
    put(game, (0, GROUND + 1, 0), "snow_block")
    place_pumpkin_on(game, (0, GROUND + 1, 0))
    store = game.survival.entities
    golems = store.of_type("snow_golem")
    assert len(golems) == 1 and golems[0].health == 4.0
    assert block(game, (0, GROUND, 0)) == "snow" or block(game, (0, GROUND, 0)) == "air"
    game.run(5)
    assert block(game, (0, GROUND, 0)) == "snow"  # its trail
    zombie = store.add("zombie", (6.5, GROUND, 0.5), no_ai=True, persistent=True)
    start = (zombie.x, zombie.z)
    thrown = 0
    for _ in range(60):
        game.run(1)
        thrown += len(store.of_type("snowball"))
    assert thrown > 0
    assert zombie.health == 20.0  # snowballs do no damage to a zombie...
    assert (zombie.x, zombie.z) != start  # ...but knock it back


def test_snow_golem_melts_in_the_rain() -> None:
    game = survival_game(pos=(0.5, GROUND, -8.5))
    put(game, (0, GROUND, 0), "snow_block")
    put(game, (0, GROUND + 1, 0), "snow_block")
    put(game, (0, GROUND + 2, 0), "carved_pumpkin")
    golem = game.survival.entities.of_type("snow_golem")[0]
    game.survival.weather = "rain"
    game.run(100)
    assert golem.dead and golem.id not in game.survival.entities
