"""Buckets and cauldrons as vanilla 1.21.11's: picking up sources (not flowing water), pouring
into the block beside the clicked face, waterlogging, a stack of buckets, fish buckets, milk,
cauldrons filled and emptied with buckets and bottles, rain filling a cauldron."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.mechanics.buckets import empty_into
from odyssey.sim.mechanics.cauldrons import _rain as rain
from odyssey.sim.mechanics.cauldrons import is_water_bottle, use_cauldron
from odyssey.sim.mechanics.fluidstate import WATER
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at
from odyssey.sim.reach import BlockHit

GROUND = 64


def survival_game(pos=(0.5, GROUND, 0.5), world=None) -> Game:
    return playground.survival_game(world, pos, seed=7)


def use_at(game: Game, x: float, y: float, z: float) -> None:
    look_at(game, x, y, z)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(4)


def block(game: Game, x: int, y: int, z: int) -> str:
    return game.world.registry.state_string(game.world.get_block(x, y, z)).removeprefix(
        "minecraft:"
    )


def set_block(game: Game, pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def items(game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for stack in game.survival.inventory.slots:
        if stack is not None:
            out[stack.item] = out.get(stack.item, 0) + stack.count
    return out


def test_a_bucket_takes_sources_but_looks_through_flowing_water():
    game = survival_game(pos=(2.5, GROUND, 0.5))
    world, reg = game.world, game.world.registry
    world.set_block(3, GROUND - 1, 0, reg.state("water[level=3]"))  # flowing water in a hole
    world.set_block(3, GROUND - 2, 0, reg.state("lava[level=0]"))  # over a lava source
    give(game, "bucket", 3)
    use_at(game, 3.5, GROUND - 1.1, 0.5)  # through the flowing water to the lava's surface
    assert items(game) == {"bucket": 2, "lava_bucket": 1}  # a stack gives one bucket up
    assert block(game, 3, GROUND - 2, 0) == "air"
    assert game.survival.stats.get("used", "bucket") == 1
    assert any(e.detail == "item.bucket.fill_lava" for e in game.events)


def test_a_stack_of_buckets_fills_one_and_looks_at_the_surface():
    game = survival_game()
    pool = [(x, GROUND - 1, 0) for x in (2, 3)]
    for pos in pool:
        game.world.set_block(*pos, game.world.registry.state("water[level=0]"))
    give(game, "bucket", 16)
    use_at(game, 2.5, GROUND - 0.2, 0.5)  # the surface is at 63 + 8/9
    assert block(game, 2, GROUND - 1, 0) == "air"
    assert items(game) == {"bucket": 15, "water_bucket": 1}
    use_at(game, 2.5, GROUND - 0.5, 0.2)  # the other source is not under the crosshair now
    assert items(game) == {"bucket": 15, "water_bucket": 1}


def test_pouring_goes_beside_the_clicked_face_and_replaces_what_is_not_solid():
    game = survival_game()
    set_block(game, (2, GROUND, 0), "stone")
    set_block(game, (1, GROUND, 1), "short_grass")
    give(game, "lava_bucket")
    use_at(game, 2.0, GROUND + 0.5, 0.5)  # the stone's west face: lava goes to (1, 64, 0)
    assert block(game, 1, GROUND, 0) == "lava[level=0]"
    assert items(game) == {"bucket": 1}
    assert game.survival.stats.get("used", "lava_bucket") == 1
    assert any(e.detail == "item.bucket.empty_lava" for e in game.events)
    # a flower is not solid: poured into, it is washed away with its drop
    set_block(game, (1, GROUND, 3), "poppy")
    assert empty_into(game, WATER, (1, GROUND, 3), None, "water_bucket")
    assert block(game, 1, GROUND, 3) == "water[level=0]"
    assert [e.item for e in game.survival.entities.of_type("item")] == ["poppy"]
    assert not empty_into(game, WATER, (2, GROUND, 0), None, "water_bucket")  # stone: no


def test_water_bucket_waterlogs_a_slab_and_a_bucket_takes_it_back():
    game = survival_game()
    set_block(game, (2, GROUND, 0), "oak_slab[type=bottom,waterlogged=false]")
    give(game, "water_bucket")
    use_at(game, 2.5, GROUND + 0.5, 0.5)  # the slab's top
    assert block(game, 2, GROUND, 0) == "oak_slab[type=bottom,waterlogged=true]"
    game.run(10)
    assert block(game, 3, GROUND, 0) == "water[level=1]"  # it spreads as a source
    use_at(game, 2.5, GROUND + 0.5, 0.5)  # the bucket left: take the water back
    assert block(game, 2, GROUND, 0) == "oak_slab[type=bottom,waterlogged=false]"
    assert items(game) == {"water_bucket": 1}
    game.run(30)
    assert block(game, 3, GROUND, 0) == "air"  # the flow dried up


def test_water_evaporates_in_the_nether():
    game = survival_game()
    game.survival.dimension = "the_nether"
    give(game, "water_bucket")
    use_at(game, 2.5, GROUND, 0.5)
    assert block(game, 2, GROUND, 0) == "air"
    assert items(game) == {"bucket": 1}
    assert any(e.detail == "block.fire.extinguish" for e in game.events)


def test_a_fish_bucket_pours_water_and_its_fish_and_a_water_bucket_scoops_it():
    game = survival_game()
    give(game, "cod_bucket")
    use_at(game, 2.5, GROUND, 0.5)
    assert block(game, 2, GROUND, 0) == "water[level=0]"
    cod = game.survival.entities.of_type("cod")
    assert len(cod) == 1 and (cod[0].x, cod[0].y, cod[0].z) == (2.5, GROUND, 0.5)
    assert items(game) == {"bucket": 1}
    assert any(e.detail == "item.bucket.empty_fish" for e in game.events)
    use_at(game, 2.5, GROUND + 0.5, 0.5)  # take the water back
    assert items(game) == {"water_bucket": 1}
    cod[0].no_ai = True
    use_at(game, cod[0].x, cod[0].y + 0.15, cod[0].z)  # the water bucket on the fish
    assert items(game) == {"cod_bucket": 1} and not game.survival.entities.of_type("cod")


def test_milk_clears_the_effects_after_32_ticks():
    game = survival_game()
    s = game.survival
    s.effects = {"speed": (600, 1), "poison": (200, 0)}
    give(game, "milk_bucket")
    look_at(game, 0.5, GROUND + 10, 5.5)  # at the sky
    game.hold(InputState(use=True))
    game.run(30)
    assert items(game) == {"milk_bucket": 1} and "speed" in s.effects
    game.run(2)
    game.hold(InputState())
    game.tick()
    assert s.effects == {} and items(game) == {"bucket": 1}
    assert s.stats.get("used", "milk_bucket") == 1


def test_cauldron_with_buckets_and_bottles():
    game = survival_game()
    pos = (2, GROUND, 0)
    set_block(game, pos, "cauldron")
    give(game, "water_bucket")
    use_at(game, 2.5, GROUND + 1.0, 0.5)
    assert block(game, *pos) == "water_cauldron[level=3]" and items(game) == {"bucket": 1}
    s = game.survival
    assert s.stats.get("custom", "fill_cauldron") == 1
    give(game, "glass_bottle", 2)
    select_slot(game, 1)
    use_at(game, 2.5, GROUND + 1.0, 0.5)
    assert block(game, *pos) == "water_cauldron[level=2]"
    bottles = [st for st in s.inventory.slots if st is not None and st.item == "potion"]
    assert len(bottles) == 1 and is_water_bottle(bottles[0])
    select_slot(game, 0)
    use_at(game, 2.5, GROUND + 1.0, 0.5)  # a bucket takes only a full cauldron
    assert block(game, *pos) == "water_cauldron[level=2]" and s.inventory.get(0).item == "bucket"
    select_slot(game, next(i for i in range(9) if (st := s.inventory.get(i)) is not None
                           and st.item == "potion"))  # fmt: skip
    use_at(game, 2.5, GROUND + 1.0, 0.5)  # the bottle poured back
    assert block(game, *pos) == "water_cauldron[level=3]"
    select_slot(game, 0)
    use_at(game, 2.5, GROUND + 1.0, 0.5)
    assert block(game, *pos) == "cauldron" and s.inventory.get(0).item == "water_bucket"
    assert s.stats.get("custom", "use_cauldron") == 3
    give(game, "lava_bucket")
    select_slot(game, next(i for i in range(9) if (st := s.inventory.get(i)) is not None
                           and st.item == "lava_bucket"))  # fmt: skip
    use_at(game, 2.5, GROUND + 1.0, 0.5)
    assert block(game, *pos) == "lava_cauldron"


def test_a_glass_bottle_empties_a_level_one_cauldron():
    game = survival_game()
    pos = (2, GROUND, 0)
    set_block(game, pos, "water_cauldron[level=1]")
    give(game, "glass_bottle")
    hit = BlockHit(pos, "up", 1.0)
    assert use_cauldron(game, hit, game.survival.inventory.mainhand)
    assert block(game, *pos) == "cauldron" and is_water_bottle(game.survival.inventory.mainhand)


def test_rain_fills_a_cauldron_under_the_sky():
    game = survival_game()
    set_block(game, (2, GROUND, 0), "cauldron")
    set_block(game, (4, GROUND, 0), "cauldron")
    set_block(game, (4, GROUND + 3, 0), "stone")  # a roof over the second
    game.run(1000)
    assert block(game, 2, GROUND, 0) == "cauldron"  # no rain, no water
    game.survival.weather = "rain"
    for _ in range(300_000):  # the rain's tick alone: a level every ~82,000 ticks on average
        rain(game, None)
    assert block(game, 2, GROUND, 0).startswith("water_cauldron[level=")
    assert block(game, 4, GROUND, 0) == "cauldron"
