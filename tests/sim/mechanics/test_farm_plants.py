"""Plants growing by random ticks and bone meal: sugar cane up to three blocks beside water,
cactus breaking beside a solid block, saplings into trees (dark oak only from a square),
melon stems setting fruit, bone meal on grass."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.mechanics import saplings
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64


def survival_game(seed: int = 11) -> Game:
    return playground.survival_game(seed=seed)


def use(game: Game) -> None:
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(4)


def name(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def props(game: Game, pos) -> dict[str, str]:
    return game.world.registry.properties(game.world.get_block(*pos))


def test_sugar_cane_grows_three_high_beside_water():
    game = survival_game()
    reg, world = game.world.registry, game.world
    game.survival.rules["random_tick_speed"] = 1000
    world.set_block(2, GROUND - 1, 2, reg.state("sand"))
    world.set_block(3, GROUND - 1, 2, reg.state("water[level=0]"))
    give(game, "sugar_cane", 2)
    select_slot(game, 0)
    look_at(game, 2.5, GROUND, 2.5)
    use(game)
    assert name(game, (2, GROUND, 2)) == "sugar_cane"
    look_at(game, -3.5, GROUND, 0.5)  # grass without water: not placed
    use(game)
    assert name(game, (-4, GROUND, 0)) == "air"
    # 16 random ticks a block: 1000/4096 a tick -> about 130 ticks per block of cane
    game.run(600)
    column = [name(game, (2, GROUND + i, 2)) for i in range(4)]
    assert column == ["sugar_cane", "sugar_cane", "sugar_cane", "air"]
    # without the water the cane breaks (when a neighbour update comes) and drops, bottom up
    game.set_block((3, GROUND - 1, 2), reg.state("stone"))
    game.run(2)
    assert name(game, (2, GROUND, 2)) == "sugar_cane"  # the water was only diagonal to it
    game.set_block((1, GROUND, 2), reg.state("dirt"))
    game.run(5)
    assert [name(game, (2, GROUND + i, 2)) for i in range(3)] == ["air"] * 3
    assert sum(e.count for e in game.survival.entities.of_type("item")
               if e.item == "sugar_cane") == 3  # fmt: skip


def test_cactus_grows_and_breaks_beside_a_solid_block():
    game = survival_game()
    reg, world = game.world.registry, game.world
    game.survival.rules["random_tick_speed"] = 1000
    world.set_block(-5, GROUND - 1, -5, reg.state("sand"))
    game.set_block((-5, GROUND, -5), reg.state("cactus[age=0]"))
    game.run(300)
    assert name(game, (-5, GROUND + 1, -5)) in ("cactus", "cactus_flower")
    game.set_block((-4, GROUND, -5), reg.state("stone"))
    game.run(3)
    assert name(game, (-5, GROUND, -5)) == "air"
    assert any(e.item == "cactus" for e in game.survival.entities.of_type("item"))


def test_sapling_grows_into_an_oak_by_random_ticks():
    game = survival_game()
    reg, world = game.world.registry, game.world
    game.survival.rules["random_tick_speed"] = 1000
    game.set_block((6, GROUND, -6), reg.state("oak_sapling[stage=0]"))
    game.run(300)  # 1/7 of random ticks in daylight advance it: stage 1, then the tree
    assert name(game, (6, GROUND, -6)) == "oak_log"
    assert name(game, (6, GROUND + 3, -6)) == "oak_log"
    assert name(game, (6, GROUND - 1, -6)) == "dirt"  # the grass under the trunk
    leaves = world.get_box((2, GROUND, -10), (11, GROUND + 9, -1))
    assert (leaves == reg.state("oak_leaves[distance=1,persistent=false,waterlogged=false]")).any()
    assert any(e.kind == "tree_grown" and e.detail == "oak" for e in game.events)


def test_saplings_stay_in_the_dark_or_under_a_block():
    game = survival_game()
    reg = game.world.registry
    rng = game.survival.rng
    game.time_of_day = 18000  # midnight: sky light darkened below 9
    game.set_block((6, GROUND, 6), reg.state("birch_sapling[stage=1]"))
    for _ in range(100):
        saplings.sapling_tick(game, (6, GROUND, 6), game.world.get_block(6, GROUND, 6), rng)
    assert name(game, (6, GROUND, 6)) == "birch_sapling"
    game.time_of_day = 6000
    game.world.set_block(6, GROUND + 2, 6, reg.state("stone"))  # no room for the trunk
    assert not saplings.grow_tree(game, (6, GROUND, 6), game.world.get_block(6, GROUND, 6), rng)
    assert name(game, (6, GROUND, 6)) == "birch_sapling"


def test_dark_oak_needs_four_saplings():
    game = survival_game()
    reg = game.world.registry
    rng = game.survival.rng
    one = reg.state("dark_oak_sapling[stage=1]")
    game.set_block((8, GROUND, 8), one)
    assert not saplings.grow_tree(game, (8, GROUND, 8), one, rng)
    for x, z in ((9, 8), (8, 9), (9, 9)):
        game.set_block((x, GROUND, z), one)
    assert saplings.grow_tree(game, (9, GROUND, 9), one, rng)  # from any of the four
    for x, z in ((8, 8), (9, 8), (8, 9), (9, 9)):
        assert name(game, (x, GROUND, z)) == "dark_oak_log"


def test_bone_meal_on_a_sapling_and_on_grass():
    game = survival_game()
    reg = game.world.registry
    give(game, "bone_meal", 64)
    select_slot(game, 0)
    game.set_block((2, GROUND, 0), reg.state("spruce_sapling[stage=0]"))
    look_at(game, 2.5, GROUND + 0.3, 0.5)
    uses = 0
    while name(game, (2, GROUND, 0)) == "spruce_sapling":
        use(game)
        uses += 1
        assert uses < 40
    assert name(game, (2, GROUND, 0)) == "spruce_log"
    assert game.survival.inventory.count("bone_meal") == 64 - uses  # failed rolls use one too
    look_at(game, -1.5, GROUND, 0.5)
    use(game)
    around = game.world.get_box((-9, GROUND, -8), (7, GROUND + 1, 9))
    grass = reg.state("short_grass")
    assert (around == grass).sum() >= 10
    assert game.survival.inventory.count("bone_meal") == 64 - uses - 1


def test_melon_stem_sets_fruit_and_reverts_without_it():
    game = survival_game()
    reg, world = game.world.registry, game.world
    game.survival.rules["random_tick_speed"] = 1000
    world.fill((9, GROUND - 1, -1), (12, GROUND, 2), "farmland[moisture=7]")
    world.set_block(10, GROUND - 1, 3, reg.state("water[level=0]"))
    game.set_block((10, GROUND, 0), reg.state("melon_stem[age=5]"))
    for _ in range(60):
        game.run(10)
        if name(game, (10, GROUND, 0)) == "attached_melon_stem":
            break
    assert name(game, (10, GROUND, 0)) == "attached_melon_stem"
    facing = props(game, (10, GROUND, 0))["facing"]
    dx, dz = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}[facing]
    fruit = (10 + dx, GROUND, dz)
    assert name(game, fruit) == "melon"
    game.set_block(fruit, reg.state("air"))
    assert name(game, (10, GROUND, 0)) == "melon_stem"
    assert props(game, (10, GROUND, 0))["age"] == "7"
