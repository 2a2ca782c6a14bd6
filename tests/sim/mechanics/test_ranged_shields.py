"""Shields (raising, blocking from the front, wear, axes) and the armour's protection
enchantments."""

from __future__ import annotations

import pytest

from odyssey.sim import actions
from odyssey.sim.actions import give
from odyssey.sim.entities.state import EntityEvent
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import protection, ranged, shields
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game

NIGHT = 18000


def zombie_hit(zombie, amount: float = 3.0) -> EntityEvent:
    """The event a zombie's melee hit makes (entities.hostile)."""
    return EntityEvent("player_damage", zombie.id, 0, amount, "mob_attack", zombie.pos,
                       knockback=(0.4, zombie.x - 0.5, zombie.z - 0.5))  # fmt: skip


def raised_shield_game(hand: int = 40):
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    s.inventory.set(0, ItemStack.of("iron_sword"))
    s.inventory.set(hand, ItemStack.of("shield"))
    zombie = s.entities.add("zombie", (0.5, GROUND, 1.6), no_ai=True)
    look_at(game, zombie.x, zombie.y + 1.6, zombie.z)
    return game, zombie


def test_a_shield_blocks_after_five_ticks_from_the_front_only() -> None:
    game, zombie = raised_shield_game()
    game.hold(InputState(use=True))
    game.run(4)
    assert ranged.using(game, "shield") and not shields.blocking(game)
    assert not shields.player_damage(game, zombie_hit(zombie))  # not raised yet
    game.run(1)
    assert shields.blocking(game)
    assert shields.player_damage(game, zombie_hit(zombie, 4.0))
    shield = game.survival.inventory.get(40)
    assert shield.damage == 1 + 4  # 1 + floor(damage) for hits of 3 or more
    assert zombie.vz > 0.3  # pushed away by 0.5
    assert any(e.detail == "item.shield.block" for e in game.events if e.kind == "sound")
    behind = EntityEvent("player_damage", zombie.id, 0, 2.0, "mob_attack", (0.5, GROUND, -2.0))
    assert not shields.player_damage(game, behind)
    assert not shields.try_block(game, 5.0, "fall", zombie.pos)  # falls are never blocked
    game.hold(InputState())
    game.run(1)
    assert not ranged.using(game)


def test_an_axe_disables_the_shield_for_100_ticks() -> None:
    game, _ = raised_shield_game(hand=1)
    game.survival.inventory.select(1)
    game.hold(InputState(use=True))
    game.run(6)
    assert shields.blocking(game)
    assert shields.disable_shield(game)
    assert not shields.blocking(game)
    assert any(e.detail == "item.shield.break" for e in game.events if e.kind == "sound")
    game.run(98)
    assert not ranged.using(game, "shield")  # still held, but the shield cannot come up
    game.run(10)
    assert shields.blocking(game)


def test_blocking_a_zombie_with_a_shield() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "shield")
    zombie = s.entities.add("zombie", (0.5, GROUND, 3.5))
    look_at(game, zombie.x, zombie.y + 1.6, zombie.z)
    game.hold(InputState(use=True))
    for _ in range(60):
        look_at(game, zombie.x, zombie.y + 1.6, zombie.z)
        game.run(1)
    assert game.player.health == 20.0
    assert s.inventory.mainhand.damage > 0


def test_protection_points_follow_vanilla() -> None:
    assert protection.protection_points({"protection": 4}, "mob_attack") == 4
    assert protection.protection_points({"protection": 4}, "void") == 0
    assert protection.protection_points({"fire_protection": 3}, "lava") == 6
    assert protection.protection_points({"fire_protection": 3}, "mob_attack") == 0
    assert protection.protection_points({"blast_protection": 2}, "explosion") == 4
    assert protection.protection_points({"projectile_protection": 4}, "arrow") == 8
    assert protection.protection_points({"feather_falling": 4}, "fall") == 12
    assert protection.after_protection(10.0, 16) == pytest.approx(10.0 * (1 - 16 / 25))
    assert protection.after_protection(10.0, 30) == pytest.approx(10.0 * (1 - 20 / 25))


def test_worn_pieces_add_up_and_cap_at_twenty() -> None:
    game = survival_game()
    inv = game.survival.inventory
    inv.set(36, ItemStack.of("iron_boots", enchantments={"feather_falling": 4,
                                                         "protection": 2}))  # fmt: skip
    inv.set(38, ItemStack.of("iron_chestplate", enchantments={"protection": 4}))
    assert protection.worn_points(game, "fall") == 12 + 2 + 4
    assert protection.worn_points(game, "mob_attack") == 6
    assert protection.protected(game, 10.0, "fall") == pytest.approx(10.0 * (1 - 18 / 25))
    inv.set(39, ItemStack.of("iron_helmet", enchantments={"protection": 4}))
    assert protection.protected(game, 10.0, "fall") == pytest.approx(10.0 * (1 - 20 / 25))
    assert protection.protected(game, 10.0, "kill") == 10.0


def test_thorns_strike_back_at_a_zombie() -> None:
    game, zombie = raised_shield_game()
    inv = game.survival.inventory
    inv.set(38, ItemStack.of("iron_chestplate", enchantments={"thorns": 3}))
    dealt = 0.0
    for _ in range(5):  # 45 % a hit: 1-4 damage back
        zombie.invulnerable_time = 0
        dealt += protection.thorns(game, zombie_hit(zombie))
    assert 0.0 < dealt <= 5 * 4 and zombie.health == 20.0 - dealt
    assert inv.get(38).damage >= 2 and inv.get(38).damage % 2 == 0
    behind = EntityEvent("player_damage", zombie.id, 0, 3.0, "arrow", zombie.pos)
    assert protection.thorns(game, behind) == 0.0  # arrows: no thorns


def test_feather_falling_boots_soften_a_fall_through_hurt_player() -> None:
    game = survival_game()
    game.survival.inventory.set(36, ItemStack.of("leather_boots",
                                                 enchantments={"feather_falling": 4}))  # fmt: skip
    dealt = actions.hurt_player(game, 10.0, "fall")
    assert dealt == pytest.approx(10.0 * (1 - 12 / 25))
    assert game.player.health == pytest.approx(20.0 - dealt)
