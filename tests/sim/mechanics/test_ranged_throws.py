"""Tridents (throw, Loyalty, Riptide), snowballs and eggs."""

from __future__ import annotations

import math

from odyssey.sim.actions import give
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import tridents
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game

NIGHT = 18000


def draw_and_release(game, ticks: int) -> None:
    game.hold(InputState(use=True))
    game.run(ticks)
    game.hold(InputState())
    game.run(1)


def test_a_loyal_trident_kills_a_zombie_in_three_throws() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "trident", enchantments={"loyalty": 3})
    zombie = s.entities.add("zombie", (0.5, GROUND, 6.5), no_ai=True)
    throws = 0
    while not zombie.dead and throws < 5:
        look_at(game, zombie.x, zombie.y + 1.0, zombie.z)
        before = zombie.health
        draw_and_release(game, 12)
        throws += 1
        assert s.inventory.count("trident") == 0
        (thrown,) = s.entities.of_type("trident")
        speed = math.sqrt(thrown.vx**2 + thrown.vy**2 + thrown.vz**2)
        assert 2.4 < speed < 2.6
        for _ in range(80):
            game.run(1)
            if s.inventory.count("trident"):
                break
        assert s.inventory.count("trident") == 1  # Loyalty brought it back
        assert zombie.dead or before - zombie.health == 8.0
        game.run(10)
    assert zombie.dead and throws == 3
    trident = s.inventory.mainhand
    assert trident.item == "trident" and trident.damage == 3
    assert trident.enchantments == {"loyalty": 3}


def test_a_short_draw_does_not_throw_and_a_thrown_trident_sticks() -> None:
    game = survival_game()
    s = game.survival
    give(game, "trident")
    look_at(game, 0.5, GROUND, 5.5)
    draw_and_release(game, 9)
    assert s.inventory.count("trident") == 1 and not s.entities.of_type("trident")
    game.run(4)
    draw_and_release(game, 10)
    assert s.inventory.count("trident") == 0
    game.run(20)
    (thrown,) = s.entities.of_type("trident")
    assert thrown.in_ground
    game.teleport((thrown.x, GROUND, thrown.z), 0.0, 0.0)
    game.run(10)
    assert s.inventory.count("trident") == 1 and not s.entities.of_type("trident")


def test_riptide_only_in_water_or_rain() -> None:
    game = survival_game()
    s = game.survival
    give(game, "trident", enchantments={"riptide": 2})
    game.look(0.0, -30.0)
    draw_and_release(game, 12)
    assert game.player.vel[2] < 0.2 and s.inventory.mainhand.damage == 0  # dry: nothing
    s.weather = "rain"
    game.run(4)
    draw_and_release(game, 12)
    assert not s.entities.of_type("trident") and s.inventory.count("trident") == 1
    assert s.inventory.mainhand.damage == 1
    assert game.player.pos[1] > GROUND + 1.0  # lifted and launched along the look
    assert tridents.in_water_or_rain(game)


def test_a_snowball_knocks_a_mob_back_without_damage() -> None:
    game = survival_game()
    s = game.survival
    give(game, "snowball", 4)
    cow = s.entities.add("cow", (0.5, GROUND, 5.5), no_ai=True)
    look_at(game, cow.x, cow.y + 0.7, cow.z)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    assert s.inventory.count("snowball") == 3
    (ball,) = s.entities.of_type("snowball")
    assert abs(math.sqrt(ball.vx**2 + ball.vy**2 + ball.vz**2) - 1.5) < 0.1
    for _ in range(6):
        game.run(1)
        if not s.entities.of_type("snowball"):
            break
    assert not s.entities.of_type("snowball")
    assert cow.health == 10.0 and cow.vz > 0.3  # 0.4 away from the thrower
    game.run(10)
    assert cow.z > 6.0
    assert any(e.detail == "entity.snowball.throw" for e in game.events if e.kind == "sound")


def test_eggs_hatch_chickens_one_time_in_eight() -> None:
    game = survival_game(radius=40)
    s = game.survival
    s.inventory.set(0, ItemStack.of("egg", 16))
    s.inventory.set(1, ItemStack.of("egg", 16))
    s.inventory.set(2, ItemStack.of("egg", 16))
    look_at(game, 0.5, GROUND, 6.5)
    for slot in range(3):
        s.inventory.select(slot)
        game.hold(InputState(use=True))
        game.run(16 * 4)
        game.hold(InputState())
        game.run(20)
    assert s.inventory.count("egg") == 0 and not s.entities.of_type("egg")
    chicks = s.entities.of_type("chicken")
    assert all(c.baby for c in chicks)
    assert 1 <= len(chicks) <= 20  # 48 eggs: about 6 (1/8, a few 4s at 1/32)
