"""Scripted farming runs through the player's keys: till grass with a hoe, plant seeds, bone-meal
the wheat until it is ripe, harvest it; farmland hydration, drying and trampling; hoes on the
other dirt blocks; seeds refused off farmland."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.entities.arena import roof
from odyssey.sim.game import Game
from odyssey.sim.mechanics import crops, farming
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64


def survival_game(seed: int = 7) -> Game:
    return playground.survival_game(seed=seed)


def hold(game: Game, ticks: int, **keys: bool) -> None:
    """Hold keys, then let go for the 4-tick use delay."""
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.run(4)


def select(game: Game, item: str) -> None:
    inv = game.survival.inventory
    select_slot(game, next(i for i in range(9) if (st := inv.get(i)) and st.item == item))


def name(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def props(game: Game, pos) -> dict[str, str]:
    return game.world.registry.properties(game.world.get_block(*pos))


def inventory(game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for stack in game.survival.inventory.slots:
        if stack is not None:
            out[stack.item] = out.get(stack.item, 0) + stack.count
    return out


def sounds(game: Game) -> list[str]:
    return [e.detail for e in game.events if e.kind == "sound"]


def test_till_plant_bone_meal_and_harvest_wheat():
    game = survival_game()
    give(game, "iron_hoe")
    give(game, "wheat_seeds", 4)
    give(game, "bone_meal", 16)
    soil, crop = (2, GROUND - 1, 0), (2, GROUND, 0)
    select(game, "iron_hoe")
    look_at(game, 2.5, GROUND, 0.5)  # the grass block's top face
    hold(game, 1, use=True)
    assert name(game, soil) == "farmland" and props(game, soil)["moisture"] == "0"
    assert "item.hoe.till" in sounds(game)
    hoe = game.survival.inventory.get(next(i for i in range(9) if (
        st := game.survival.inventory.get(i)) and st.item == "iron_hoe"))  # fmt: skip
    assert hoe.damage == 1 and game.survival.stats.get("used", "iron_hoe") == 1
    select(game, "wheat_seeds")
    look_at(game, 2.5, GROUND - 1 / 16, 0.5)  # farmland's top is 15/16 high
    hold(game, 1, use=True)
    assert name(game, crop) == "wheat" and props(game, crop)["age"] == "0"
    assert inventory(game)["wheat_seeds"] == 3
    select(game, "bone_meal")
    look_at(game, 2.5, GROUND + 0.1, 0.5)
    used = 0
    while props(game, crop)["age"] != "7":
        hold(game, 1, use=True)
        used += 1
        assert used <= 4  # 2..5 stages a use: at most 4 uses from age 0
    assert inventory(game)["bone_meal"] == 16 - used
    assert sum(e.kind == "bone_meal" for e in game.events) == used
    assert "item.bone_meal.use" in sounds(game)
    hold(game, 1, use=True)  # a ripe crop takes no more bone meal
    assert inventory(game)["bone_meal"] == 16 - used
    # harvest: break the ripe wheat by hand and walk over its drops
    look_at(game, 2.5, GROUND + 0.3, 0.5)
    hold(game, 2, attack=True)
    assert name(game, crop) == "air" and name(game, soil) == "farmland"
    look_at(game, 2.5, GROUND + 1.6, 0.5)
    hold(game, 8, forward=True)
    game.run(20)
    got = inventory(game)
    assert got.get("wheat") == 1
    assert 3 + 1 <= got["wheat_seeds"] <= 3 + 4  # 1 + Binomial(3, 0.5714)


def test_seeds_only_go_on_farmland_and_carrots_are_eaten_instead():
    game = survival_game()
    give(game, "wheat_seeds", 2)
    select(game, "wheat_seeds")
    look_at(game, 2.5, GROUND, 0.5)
    hold(game, 1, use=True)
    assert name(game, (2, GROUND, 0)) == "air" and inventory(game)["wheat_seeds"] == 2
    game.survival.food = game.survival.food.__class__(food_level=10)
    give(game, "carrot", 1)
    select(game, "carrot")
    hold(game, 40, use=True)
    assert name(game, (2, GROUND, 0)) == "air"
    assert "carrot" not in inventory(game) and game.survival.food.food_level > 10


def test_hoe_on_other_blocks():
    game = survival_game()
    reg = game.world.registry
    give(game, "wooden_hoe")
    select(game, "wooden_hoe")
    game.world.set_block(2, GROUND - 1, 0, reg.state("coarse_dirt"))
    game.world.set_block(0, GROUND - 1, 2, reg.state("rooted_dirt"))
    game.world.set_block(-2, GROUND - 1, 0, reg.state("grass_block"))
    game.world.set_block(-2, GROUND, 0, reg.state("stone"))
    look_at(game, 2.5, GROUND, 0.5)
    hold(game, 1, use=True)
    assert name(game, (2, GROUND - 1, 0)) == "dirt"
    look_at(game, 0.5, GROUND, 2.5)
    hold(game, 1, use=True)
    assert name(game, (0, GROUND - 1, 2)) == "dirt"
    assert [e.item for e in game.survival.entities.of_type("item")] == ["hanging_roots"]
    look_at(game, -1.0, GROUND - 0.5, 0.5)  # the grass' side, under a stone block
    hold(game, 1, use=True)
    assert name(game, (-2, GROUND - 1, 0)) == "grass_block"


def test_farmland_near_water_stays_moist_far_farmland_dries_to_dirt():
    game = survival_game(seed=3)
    reg = game.world.registry
    game.survival.rules["random_tick_speed"] = 400
    game.world.set_block(5, GROUND - 1, 5, reg.state("water[level=0]"))
    near, far, planted = (9, GROUND - 1, 5), (-12, GROUND - 1, -12), (-12, GROUND - 1, 12)
    for pos, moisture in ((near, 0), (far, 7), (planted, 0)):
        game.world.set_block(*pos, reg.state(f"farmland[moisture={moisture}]"))
    game.world.set_block(-12, GROUND, 12, reg.state("wheat[age=0]"))
    game.run(300)
    assert name(game, near) == "farmland" and props(game, near)["moisture"] == "7"
    assert name(game, far) == "dirt"
    # dry farmland under a crop stays farmland
    assert name(game, planted) == "farmland" and props(game, planted)["moisture"] == "0"
    assert name(game, (-12, GROUND, 12)) == "wheat"


def test_rain_moistens_open_farmland():
    game = survival_game()
    reg = game.world.registry
    pos = (6, GROUND - 1, 6)
    game.world.set_block(*pos, reg.state("farmland[moisture=0]"))
    game.survival.weather = "rain"
    state = game.world.get_block(*pos)
    farming.farmland_tick(game, pos, state, game.survival.rng)
    assert props(game, pos)["moisture"] == "7"
    roof(game.world, (5, 5), (7, 7), y=GROUND + 3)
    game.world.set_block(*pos, reg.state("farmland[moisture=3]"))
    farming.farmland_tick(game, pos, game.world.get_block(*pos), game.survival.rng)
    assert props(game, pos)["moisture"] == "2"


def test_landing_on_farmland_tramples_it_and_pops_the_crop():
    game = survival_game()
    reg = game.world.registry
    game.world.set_block(0, GROUND - 1, 3, reg.state("farmland[moisture=7]"))
    game.world.set_block(0, GROUND, 3, reg.state("wheat[age=3]"))
    game.teleport((0.5, GROUND + 3.0, 3.5), 0.0, 0.0)  # a 3-block fall: chance 2.5 - always
    game.run(30)
    assert name(game, (0, GROUND - 1, 3)) == "dirt"
    assert any(e.kind == "farmland_trampled" for e in game.events)
    assert game.player.pos[1] == GROUND  # pushed up out of the block that grew to full
    assert name(game, (0, GROUND, 3)) == "air"  # the crop broke and dropped its seeds...
    assert inventory(game).get("wheat_seeds") == 1  # ...which the player standing there took


def test_block_on_farmland_turns_it_to_dirt():
    game = survival_game()
    reg = game.world.registry
    game.world.set_block(3, GROUND - 1, 0, reg.state("farmland[moisture=7]"))
    game.set_block((3, GROUND, 0), reg.state("oak_fence_gate"))
    game.run(2)
    assert name(game, (3, GROUND - 1, 0)) == "farmland"
    game.set_block((3, GROUND, 0), reg.state("stone"))
    game.tick()
    game.tick()
    assert name(game, (3, GROUND - 1, 0)) == "dirt"


def test_growth_speed_rows_and_moisture():
    game = survival_game()
    reg, world = game.world.registry, game.world
    for x in range(-1, 2):
        for z in range(9, 12):
            world.set_block(x, GROUND - 1, z, reg.state("farmland[moisture=7]"))
    world.set_block(0, GROUND, 10, reg.state("wheat"))
    assert crops.growth_speed(world, (0, GROUND, 10), "wheat") == 10.0  # 1 + 3 + 8 * 3/4
    world.set_block(1, GROUND, 10, reg.state("wheat"))
    assert crops.growth_speed(world, (0, GROUND, 10), "wheat") == 10.0  # one row: no penalty
    world.set_block(0, GROUND, 11, reg.state("wheat"))
    assert crops.growth_speed(world, (0, GROUND, 10), "wheat") == 5.0  # both axes: halved
    for x in range(-1, 2):
        for z in range(9, 12):
            world.set_block(x, GROUND - 1, z, reg.state("farmland[moisture=0]"))
    world.set_block(1, GROUND, 10, reg.state("air"))
    world.set_block(0, GROUND, 11, reg.state("air"))
    assert crops.growth_speed(world, (0, GROUND, 10), "wheat") == 4.0  # 1 + 1 + 8 * 1/4


def test_crops_grow_in_light_but_not_in_the_dark():
    game = survival_game(seed=5)
    reg, world = game.world.registry, game.world
    game.survival.rules["random_tick_speed"] = 1000
    lit, dark = (8, GROUND, -8), (-8, GROUND, -8)
    for x, y, z in (lit, dark):  # on a 3x3 of moist farmland: growth speed 10, chance 1/3
        world.fill((x - 1, y - 1, z - 1), (x + 2, y, z + 2), "farmland[moisture=7]")
        world.set_block(x, y, z, reg.state("carrots[age=0]"))
        world.set_block(x, y - 1, z + 2, reg.state("water[level=0]"))
    world.fill((-10, GROUND + 2, -10), (-5, GROUND + 3, -5), "stone")  # a roof: no sky light
    world.fill((-10, GROUND, -10), (-5, GROUND + 2, -9), "stone")  # walls don't matter here
    game.run(200)
    assert props(game, lit)["age"] == "7"
    assert props(game, dark)["age"] == "0"
