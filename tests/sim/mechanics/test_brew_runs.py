"""Scripted runs of brewing and potions as a player plays them: fill bottles at water, brew
awkward then swiftness potions at a brewing stand fuelled with blaze powder, drink one and
move faster until it wears off after 3:00; splash harming on a zombie heals it, healing hurts
it; milk clears effects; lingering clouds."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import click_screen, close_screen, give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.mechanics.potion_table import make, potion_id
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at
from odyssey.sim.windows import QUICK_MOVE

GROUND = 64
STAND = (0, GROUND, 2)


def survival_game(pos=(0.5, GROUND, 0.5), time_of_day: int = 6000) -> Game:
    return playground.survival_game(None, pos, seed=7, time_of_day=time_of_day)


def use_at(game: Game, x: float, y: float, z: float) -> None:
    look_at(game, x, y, z)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(4)


def hold_use(game: Game, ticks: int) -> None:
    game.hold(InputState(use=True))
    game.run(ticks)
    game.hold(InputState())
    game.tick()


def slot_of(game: Game, item: str) -> int:
    for i, stack in enumerate(game.survival.inventory.slots):
        if stack is not None and stack.item == item:
            return i
    raise AssertionError(f"no {item} in the inventory")


def menu_slot(inventory_index: int) -> int:
    """Brewing stand menu slot of an inventory index (main 9-35 -> 5-31, hotbar -> 32-40)."""
    return inventory_index - 4 if inventory_index >= 9 else inventory_index + 32


def shift_click(game: Game, item: str) -> None:
    click_screen(game, menu_slot(slot_of(game, item)), 0, QUICK_MOVE)


def brew_stand(game: Game) -> None:
    game.set_block(STAND, game.world.registry.default_state("brewing_stand"))


def test_brew_swiftness_from_water_and_drink_it():
    game = survival_game()
    s = game.survival
    water = (3, GROUND - 1, 0)
    game.set_block(water, game.world.registry.state("water[level=0]"))
    give(game, "glass_bottle", 3)
    select_slot(game, 0)
    for _ in range(3):  # a glass bottle used on a water source fills
        use_at(game, 3.5, GROUND - 0.2, 0.5)
    bottles = [st for st in s.inventory.slots if st is not None and st.item == "potion"]
    assert [potion_id(b) for b in bottles] == ["water"] * 3
    assert s.stats.get("used", "glass_bottle") == 3
    assert any(e.detail == "item.bottle.fill" for e in game.events)

    brew_stand(game)
    give(game, "nether_wart", 1)
    give(game, "blaze_powder", 1)
    give(game, "sugar", 1)
    use_at(game, 0.5, GROUND + 0.3, 2.5)  # right-click the stand opens it
    assert s.menu_kind == "brewing_stand" and s.menu_pos == STAND
    for _ in range(3):
        shift_click(game, "potion")  # bottles go to slots 0-2
    shift_click(game, "blaze_powder")  # to the fuel slot
    shift_click(game, "nether_wart")  # to the ingredient slot
    stand = s.menu.stand
    assert [st.item for st in stand.items[:3]] == ["potion"] * 3
    assert stand.items[3].item == "nether_wart" and stand.items[4].item == "blaze_powder"
    close_screen(game)  # the stand brews with no one watching

    game.run(2)
    assert stand.fuel == 19 and stand.items[4] is None  # one powder: 20 brews, one started
    assert 390 < stand.brew_time <= 400
    game.run(400)
    assert [potion_id(st) for st in stand.items[:3]] == ["awkward"] * 3
    assert stand.items[3] is None
    assert any(e.detail == "block.brewing_stand.brew" for e in game.events)
    props = game.world.registry.properties(game.world.get_block(*STAND))
    assert props["has_bottle_0"] == props["has_bottle_2"] == "true"

    use_at(game, 0.5, GROUND + 0.3, 2.5)
    shift_click(game, "sugar")
    close_screen(game)
    game.run(402)
    assert [potion_id(st) for st in stand.items[:3]] == ["swiftness"] * 3
    assert stand.fuel == 18

    use_at(game, 0.5, GROUND + 0.3, 2.5)
    click_screen(game, 0, 0, QUICK_MOVE)  # one swiftness potion into the inventory
    close_screen(game)
    select_slot(game, slot_of(game, "potion"))
    game.look(0.0, 0.0)
    hold_use(game, 20)  # drinking takes 32 ticks: not yet
    assert "speed" not in s.effects
    hold_use(game, 40)
    assert s.effects["speed"][1] == 0 and 3500 < s.effects["speed"][0] <= 3600
    assert s.inventory.mainhand.item == "glass_bottle"
    assert abs(game.player.attributes.movement_speed - 0.12) < 1e-6  # +20 %
    left = s.effects["speed"][0]
    game.run(left - 1)
    assert "speed" in s.effects
    game.run(2)
    assert "speed" not in s.effects  # 3:00 of swiftness is over
    assert abs(game.player.attributes.movement_speed - 0.1) < 1e-6


def test_swiftness_walks_further():
    def walked(potion: str | None) -> float:
        game = survival_game()
        if potion is not None:
            give(game, "potion", 1, potion_contents={"potion": f"minecraft:{potion}"})
            select_slot(game, 0)
            hold_use(game, 34)
        x0 = game.player.pos[2]
        game.look(0.0, 0.0)
        game.hold(InputState(forward=True))
        game.run(40)
        return game.player.pos[2] - x0

    plain, fast = walked(None), walked("swiftness")
    assert fast > plain * 1.15


def test_splash_harming_heals_a_zombie_and_healing_hurts_it():
    game = survival_game(time_of_day=18000)  # night: the zombie does not burn
    s = game.survival
    zombie = s.entities.add("zombie", (0.5, GROUND, 3.5))
    zombie.no_ai = True
    zombie.health = 10.0
    give(game, "splash_potion", 1, potion_contents={"potion": "minecraft:harming"})
    select_slot(game, 0)
    look_at(game, 0.5, GROUND + 0.2, 3.5)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(30)
    assert s.inventory.mainhand is None  # thrown
    assert any(e.detail == "entity.splash_potion.break" for e in game.events)
    assert zombie.health == 14.0  # a direct hit: harming heals the undead 4
    assert game.player.health < 20.0  # the thrower stood within 4 blocks: harmed too

    give(game, "splash_potion", 1, potion_contents={"potion": "minecraft:strong_healing"})
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(30)
    assert zombie.health < 13.0 or zombie.dead  # healing hurts the undead (12 × factor)


def test_milk_clears_a_potion_effect():
    game = survival_game()
    s = game.survival
    give(game, "potion", 1, potion_contents={"potion": "minecraft:long_strength"})
    select_slot(game, 0)
    hold_use(game, 34)
    assert s.effects["strength"][0] > 9000
    s.inventory.set(0, None)
    give(game, "milk_bucket", 1)
    hold_use(game, 34)
    assert s.effects == {}
    assert s.inventory.mainhand.item == "bucket"


def test_a_lingering_cloud_poisons_who_stands_in_it():
    game = survival_game()
    s = game.survival
    cow = s.entities.add("cow", (0.5, GROUND, 2.5))
    cow.no_ai = True
    give(game, "lingering_potion", 1, potion_contents={"potion": "minecraft:poison"})
    select_slot(game, 0)
    look_at(game, 0.5, GROUND, 2.0)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(40)
    cloud = s.mechanics["splash"].clouds[0]
    assert cloud.radius < 3.0
    assert s.effects["poison"][0] <= 900 // 4  # a quarter of the duration
    assert s.mechanics["potions"].mobs[cow.id]["poison"][0] <= 225
    game.run(100)
    assert cow.health < 10.0


def test_a_brewed_splash_potion_from_gunpowder():
    game = survival_game()
    brew_stand(game)
    give(game, "gunpowder", 1)
    game.survival.inventory.set(1, make("potion", "swiftness"))
    give(game, "blaze_powder", 2)
    use_at(game, 0.5, GROUND + 0.3, 2.5)
    shift_click(game, "potion")
    shift_click(game, "blaze_powder")
    shift_click(game, "gunpowder")
    stand = game.survival.menu.stand
    assert stand.items[4].count == 2  # blaze powder stops at the fuel slot
    game.run(405)
    assert stand.items[0].item == "splash_potion" and potion_id(stand.items[0]) == "swiftness"


def test_a_water_bottle_on_dirt_makes_mud():
    game = survival_game()
    dirt = (2, GROUND - 1, 0)
    game.set_block(dirt, game.world.registry.default_state("dirt"))
    game.survival.inventory.set(0, make("potion", "water"))
    select_slot(game, 0)
    use_at(game, 2.5, GROUND - 0.01, 0.5)
    assert game.world.registry.block_of(game.world.get_block(*dirt)).name == "mud"
    assert game.survival.inventory.mainhand.item == "glass_bottle"
