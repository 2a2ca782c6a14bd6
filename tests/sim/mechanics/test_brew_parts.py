"""The parts of brewing and effects one at a time: vanilla's potion table and brewing recipes,
the brewing stand's slots and shift-clicks, its fuel and brew timer, effects combining,
strength and weakness on melee damage, absorption, saturation, slow falling, levitation,
splash scaling, reading ``potion_contents`` as /give writes it."""

from __future__ import annotations

import pytest

from odyssey.sim import effects, playground
from odyssey.sim.actions import click_screen, give, hurt_player, select_slot
from odyssey.sim.entities import combat
from odyssey.sim.game import Game
from odyssey.sim.game_commands import run as run_command
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics.brewing import (
    POTION_MIXES,
    BrewingStand,
    is_ingredient,
    mix,
    stand_at,
    stands,
)
from odyssey.sim.mechanics.brewing_menu import open_brewing_stand
from odyssey.sim.mechanics.potion_table import (
    POTIONS,
    PotionError,
    effects_of,
    make,
    potion_id,
)
from odyssey.sim.mechanics.potions import absorb, absorption, combine, give_effect
from odyssey.sim.mechanics.splash import splash
from odyssey.sim.player import InputState
from odyssey.sim.windows import QUICK_MOVE

GROUND = 64
STAND = (0, GROUND, 2)


def survival_game() -> Game:
    return playground.survival_game(None, (0.5, GROUND, 0.5), seed=7)


def brewed(potion: str, ingredient: str) -> str | None:
    out = mix(ItemStack(ingredient), make("potion", potion))
    return None if out is None else potion_id(out)


def test_vanilla_brewing_recipes():
    assert brewed("water", "nether_wart") == "awkward"
    assert brewed("water", "redstone") == "mundane"
    assert brewed("water", "glowstone_dust") == "thick"
    assert brewed("water", "sugar") == "mundane"  # addStartMix: water + ingredient -> mundane
    assert brewed("water", "fermented_spider_eye") == "weakness"
    expected = {"sugar": "swiftness", "rabbit_foot": "leaping", "blaze_powder": "strength",
                "glistering_melon_slice": "healing", "spider_eye": "poison",
                "ghast_tear": "regeneration", "magma_cream": "fire_resistance",
                "pufferfish": "water_breathing", "golden_carrot": "night_vision",
                "phantom_membrane": "slow_falling", "turtle_helmet": "turtle_master"}  # fmt: skip
    for ingredient, potion in expected.items():
        assert brewed("awkward", ingredient) == potion
    assert brewed("swiftness", "fermented_spider_eye") == "slowness"
    assert brewed("healing", "fermented_spider_eye") == "harming"
    assert brewed("poison", "fermented_spider_eye") == "harming"
    assert brewed("night_vision", "fermented_spider_eye") == "invisibility"
    assert brewed("swiftness", "redstone") == "long_swiftness"
    assert brewed("swiftness", "glowstone_dust") == "strong_swiftness"
    assert brewed("long_swiftness", "glowstone_dust") is None
    assert brewed("awkward", "dirt") is None
    splash_ = mix(ItemStack("gunpowder"), make("potion", "healing"))
    assert splash_.item == "splash_potion" and potion_id(splash_) == "healing"
    lingering = mix(ItemStack("dragon_breath"), splash_)
    assert lingering.item == "lingering_potion"
    assert mix(ItemStack("dragon_breath"), make("potion", "healing")) is None
    assert all(result in POTIONS for result in POTION_MIXES.values())
    assert is_ingredient(ItemStack("gunpowder")) and not is_ingredient(ItemStack("dirt"))


def test_vanilla_potion_durations_and_amplifiers():
    assert effects_of(make("potion", "swiftness")) == [("speed", 3600, 0)]
    assert effects_of(make("potion", "long_swiftness")) == [("speed", 9600, 0)]
    assert effects_of(make("potion", "strong_swiftness")) == [("speed", 1800, 1)]
    assert effects_of(make("potion", "strong_poison")) == [("poison", 432, 1)]
    turtle = [("slowness", 400, 5), ("resistance", 400, 3)]
    assert effects_of(make("potion", "strong_turtle_master")) == turtle
    assert effects_of(make("lingering_potion", "poison")) == [("poison", 225, 0)]
    assert effects_of(make("potion", "water")) == []


def test_potion_contents_as_give_writes_them():
    game = survival_game()
    run_command(game, '/give @s minecraft:potion[potion_contents={potion:"minecraft:leaping"}]')
    run_command(game, '/give @s splash_potion[potion_contents={custom_effects:[{id:"minecraft:'
                      'speed",duration:100,amplifier:2}]}]')  # fmt: skip
    run_command(game, '/give @s minecraft:potion{Potion:"minecraft:harming"}', "minestudio-1.16")
    inv = game.survival.inventory
    assert effects_of(inv.get(0)) == [("jump_boost", 3600, 0)]
    assert effects_of(inv.get(1)) == [("speed", 100, 2)]
    assert potion_id(inv.get(2)) == "harming"
    with pytest.raises(PotionError, match="unknown potion 'fizzy'"):
        effects_of(ItemStack.of("potion", potion_contents={"potion": "minecraft:fizzy"}))


def test_drinking_harming_given_with_the_old_nbt_hurts():
    game = survival_game()
    run_command(game, '/give @s minecraft:potion{Potion:"minecraft:harming"} 1', "minestudio-1.16")
    select_slot(game, 0)
    game.hold(InputState(use=True))
    game.run(40)
    assert game.player.health == 14.0  # instant damage: 6, magic (no armour)
    assert game.survival.inventory.mainhand.item == "glass_bottle"


def test_effects_combine_as_vanilla():
    table: dict[str, tuple[int, int]] = {}
    combine(table, "speed", 100, 0)
    combine(table, "speed", 50, 0)  # shorter, same level: ignored
    assert table["speed"] == (100, 0)
    combine(table, "speed", 200, 0)
    assert table["speed"] == (200, 0)
    combine(table, "speed", 20, 1)  # stronger replaces even when shorter
    assert table["speed"] == (20, 1)
    combine(table, "speed", 9999, 0)
    assert table["speed"] == (20, 1)


def test_strength_and_weakness_change_melee_damage():
    assert effects.attack_bonus({"strength": (100, 1)}) == 6.0
    assert effects.attack_bonus({"weakness": (100, 0)}) == -4.0
    game = survival_game()
    store = game.survival.entities
    dealt = []
    for fx in ({}, {"strength": (100, 0)}):
        cow = store.add("cow", (0.5, GROUND, 2.0))
        base = max(0.0, 1.0 + effects.attack_bonus(fx))  # a bare hand with the effect
        result = combat.player_attack(store, cow.id, base, 1.0, False, False, (0.5, GROUND, 0.5),
                                      0.0)  # fmt: skip
        dealt.append(result.damage)
    assert dealt == [1.0, 4.0]


def test_view_and_visibility_effects():
    fx = {"night_vision": (100, 0), "blindness": (100, 0)}
    assert effects.has(fx, "night_vision") and effects.has(fx, "minecraft:blindness")
    assert not effects.can_sprint(fx) and effects.can_sprint({})
    assert effects.follow_scale({"invisibility": (100, 0)}) == 0.07
    assert effects.follow_scale({}) == 1.0
    assert effects.vertical({"slow_falling": (9, 0)}, -0.5) == pytest.approx(-0.51)
    assert effects.vertical({"slow_falling": (9, 0)}, 0.3) == pytest.approx(0.22)
    assert effects.vertical({"levitation": (9, 0)}, 0.0) == pytest.approx(0.01)


def test_absorption_takes_damage_first_and_saturation_feeds():
    game = survival_game()
    give_effect(game, "absorption", 2400, 1)
    assert absorption(game) == 8.0
    assert absorb(game, 5.0) == 0.0 and absorption(game) == 3.0
    assert absorb(game, 5.0) == 2.0 and absorption(game) == 0.0
    s = game.survival
    hurt_player(game, 4.0, "magic")
    s.food = s.food.add(-10, -20.0)
    give_effect(game, "saturation", 1, 0)
    assert s.food.food_level == 11 and s.food.saturation == 2.0
    s.effects["saturation"] = (10, 1)
    game.run(3)
    assert s.food.food_level == 17


def test_slow_falling_and_levitation():
    def drop(fx: dict) -> float:
        game = playground.survival_game(None, (0.5, GROUND + 20, 0.5), seed=7)
        game.survival.effects.update(fx)
        y0 = game.player.pos[1]
        game.run(20)
        return y0 - game.player.pos[1]

    plain, slow, up = drop({}), drop({"slow_falling": (200, 0)}), drop({"levitation": (200, 1)})
    assert plain > 10.0  # gravity 0.08
    assert 3.0 < slow < 6.0  # gravity 0.01 from the tick after it was given
    assert up < 0.0  # it rose, from falling at 0.15 a tick, levitation II pulling to +0.1
    game = survival_game()
    game.survival.effects["slow_falling"] = (3, 0)
    game.run(6)
    assert game.player.attributes.gravity == 0.08  # restored when it ends


def test_the_stand_slots_and_shift_clicks():
    game = survival_game()
    game.set_block(STAND, game.world.registry.default_state("brewing_stand"))
    give(game, "glass_bottle", 5)
    give(game, "dirt", 3)
    give(game, "blaze_powder", 70)
    menu = open_brewing_stand(game, STAND)
    assert len(menu.slots) == 41 and menu.menu_type == "brewing_stand"
    click_screen(game, 32, 0, QUICK_MOVE)  # bottles: one in each bottle slot
    assert [st.count for st in menu.stand.items[:3]] == [1, 1, 1]
    assert game.survival.inventory.get(0).count == 2
    click_screen(game, 33, 0, QUICK_MOVE)  # dirt: hotbar -> main
    assert game.survival.inventory.get(1) is None
    click_screen(game, 34, 0, QUICK_MOVE)  # 64 blaze powder: fuel slot (64), not ingredient
    assert menu.stand.items[4].count == 64 and menu.stand.items[3] is None
    assert game.survival.inventory.get(3).count == 6
    click_screen(game, 35, 0, QUICK_MOVE)  # the fuel slot is full: blaze powder is an ingredient
    assert menu.stand.items[3] == ItemStack("blaze_powder", 6)
    click_screen(game, 0, 0, QUICK_MOVE)  # a bottle back into the inventory
    assert menu.stand.items[0] is None


def test_brewing_stops_when_the_ingredient_goes_and_a_broken_stand_drops_all():
    game = survival_game()
    game.set_block(STAND, game.world.registry.default_state("brewing_stand"))
    stand = stand_at(game, STAND)
    stand.items[:5] = [make("potion", "water"), None, None, ItemStack("nether_wart", 2),
                       ItemStack("blaze_powder")]  # fmt: skip
    game.run(100)
    assert 300 < stand.brew_time < 400
    stand.items[3] = None
    game.run(1)
    assert stand.brew_time == 0 and stand.fuel == 19
    stand.items[3] = ItemStack("redstone")
    game.run(402)
    assert potion_id(stand.items[0]) == "mundane" and stand.fuel == 18
    game.set_block(STAND, 0)
    assert (game.survival.dimension, *STAND) not in stands(game).by_pos
    dropped = sorted(e.item for e in game.survival.entities.entities.values() if e.type == "item")
    assert dropped == ["potion"]  # the redstone was used up; fuel powder too


def test_dragon_breath_leaves_its_bottle():
    stand = BrewingStand(items=[make("splash_potion", "poison"), None, None,
                                ItemStack("dragon_breath"), None], fuel=5)  # fmt: skip
    for _ in range(401):
        stand.tick()
    assert stand.items[0].item == "lingering_potion"
    assert stand.items[3] == ItemStack("glass_bottle")


def test_splash_scales_with_distance():
    game = survival_game()
    stack = make("splash_potion", "swiftness")
    splash(game, stack, (0.5, GROUND, 2.5))  # 2 blocks away: scale 0.5
    assert game.survival.effects["speed"] == (1800, 0)
    game.survival.effects.clear()
    splash(game, stack, (0.5, GROUND, 4.6))  # more than 4 blocks: nothing
    assert game.survival.effects == {}
    splash(game, make("splash_potion", "healing"), (0.5, GROUND, 1.5))  # 1 away: 0.75 × 4
    assert game.player.health == 20.0
    hurt_player(game, 10.0, "magic")
    splash(game, make("splash_potion", "healing"), (0.5, GROUND, 1.5))
    assert game.player.health == 13.0
