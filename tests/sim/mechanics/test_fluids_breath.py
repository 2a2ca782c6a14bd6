"""The survival player's air under water as vanilla 1.21.11's: one a tick for 300 ticks, then 2
drowning damage each time it runs to -20; 4 a tick back on surfacing; water breathing and
respiration keep it."""

from __future__ import annotations

from itertools import pairwise

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics.breath import air_of
from odyssey.sim.player import InputState, PlayerState
from odyssey.sim.survival import Survival

GROUND = 64
FLOOR = GROUND - 4  # the pool's floor: four blocks of water over it


def underwater_game(seed: int = 7) -> Game:
    world = flat_arena(16)
    world.fill((-4, FLOOR, -4), (5, GROUND, 5), "water[level=0]")
    game = Game(world, PlayerState(pos=(0.5, FLOOR, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False))  # fmt: skip
    game.survival = Survival(seed=seed)
    game.survival.entities = EntityStore(seed)
    game.survival.rules["do_mob_spawning"] = False
    game.survival.rules["natural_regeneration"] = False
    return game


def test_drowning_and_breathing_again_on_surfacing():
    game = underwater_game()
    game.run(100)
    assert game.player.in_water and air_of(game) == 200
    assert game.survival.mechanics["breath"].air == 200
    game.run(200)
    assert air_of(game) == 0 and game.player.health == 20.0
    game.run(19)
    assert air_of(game) == -19 and game.player.health == 20.0
    game.tick()  # the air runs to -20: 2 damage, and back to 0
    assert air_of(game) == 0 and game.player.health == 18.0
    assert [e.value for e in game.events if e.kind == "damage_drown"] == [2.0]
    game.run(10)
    # swim up (hold jump): the air runs out once more on the way, then comes back 4 a tick
    game.hold(InputState(jump=True))
    airs = []
    for _ in range(120):
        game.tick()
        airs.append(air_of(game))
    assert game.player.health == 16.0
    assert [e.value for e in game.events if e.kind == "damage_drown"] == [2.0, 2.0]
    steps = [b - a for a, b in pairwise(airs)]
    assert steps.count(19) == 1  # -19 -> -20: drowned, and back to 0
    assert airs[-1] == 300 and steps.count(4) >= 70 and max(set(steps) - {19}) == 4


def test_drowning_runs_until_death():
    game = underwater_game()
    game.run(300 + 20 * 10)
    assert game.player.dead
    assert game.survival.stats.get("custom", "deaths") == 1


def test_water_breathing_keeps_the_air_and_respiration_slows_its_loss():
    game = underwater_game()
    game.survival.effects["water_breathing"] = (1000, 0)
    game.run(200)
    assert air_of(game) == 300
    game = underwater_game()
    helmet = ItemStack.of("iron_helmet", enchantments={"respiration": 3})
    game.survival.inventory.set(39, helmet)
    game.run(400)
    lost = 300 - air_of(game)
    assert 60 < lost < 150  # a 1 in 4 chance a tick to lose one: ~100 of 400
    game = underwater_game()
    game.survival.set_mode("creative")
    game.run(100)
    assert air_of(game) == 300


def test_a_turtle_shell_gives_water_breathing_above_water():
    game = underwater_game()
    game.survival.inventory.set(39, ItemStack("turtle_helmet"))
    game.teleport((8.5, GROUND, 0.5), 0.0, 0.0)
    game.run(5)
    assert game.survival.effects["water_breathing"][0] > 190
    game.teleport((0.5, FLOOR, 0.5), 0.0, 0.0)
    game.run(150)
    assert air_of(game) == 300  # the 10 s it gave keeps the air
    game.run(100)
    assert air_of(game) < 300
