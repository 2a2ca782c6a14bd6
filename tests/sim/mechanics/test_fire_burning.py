"""Burning bodies: the player and mobs standing in fire catch fire and take damage through the
hurt cooldown; water and rain put them out; fire resistance keeps off fire and lava damage."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.game import Game
from odyssey.sim.player import InputState

GROUND = 64
FIRE_AT = (0, GROUND, 2)


def survival_game(time_of_day: int = 6000) -> Game:
    return playground.survival_game(seed=7, time_of_day=time_of_day)


def lasting_fire(game: Game, pos=FIRE_AT) -> None:
    """Fire on netherrack (it never goes out)."""
    reg = game.world.registry
    game.set_block((pos[0], pos[1] - 1, pos[2]), reg.default_state("netherrack"))
    game.set_block(pos, reg.default_state("fire"))


def fire_ticks(game: Game) -> int:
    return game.survival.mechanics["burning"].fire_ticks


def test_standing_in_fire_sets_the_player_alight_and_water_puts_it_out():
    game = survival_game()
    lasting_fire(game)
    game.world.fill((-1, GROUND - 1, 4), (2, GROUND, 8), "water")  # a pool beyond the fire
    game.teleport((0.5, GROUND, 2.5), 0.0, 0.0)
    events = game.run(40)
    hits = [e for e in events if e.kind == "damage_in_fire"]
    assert len(hits) == 4 and all(e.value == 1.0 for e in hits)  # 1 every 10 ticks (cooldown)
    assert fire_ticks(game) > 160  # 8 s and more: a player's grows while in fire
    assert game.survival.stats.get("custom", "damage_taken") == 40  # (food heals some back)
    game.hold(InputState(forward=True))  # walk into the water
    for _ in range(40):
        game.tick()
        if game.player.in_water:
            break
    game.hold(InputState())
    game.run(2)
    assert game.player.in_water and fire_ticks(game) <= 0
    health = game.player.health
    game.run(60)
    assert game.player.health >= health  # no more burning


def test_burning_goes_on_after_leaving_the_fire():
    game = survival_game()
    lasting_fire(game)
    game.teleport((0.5, GROUND, 2.5), 0.0, 0.0)
    game.run(25)
    game.teleport((5.5, GROUND, 5.5), 0.0, 0.0)  # teleporting keeps no fire: light it again
    lasting_fire(game, (5, GROUND, 5))
    game.run(25)
    game.set_block((5, GROUND, 5), game.world.registry.default_state("air"))
    before = game.player.health
    events = game.run(100)
    assert [e.kind for e in events].count("damage_fire") >= 4  # 1 a second while burning
    assert game.player.health < before and fire_ticks(game) > 0


def test_rain_keeps_a_player_in_fire_from_burning():
    game = survival_game()
    game.survival.weather = "rain"
    lasting_fire(game)
    game.teleport((0.5, GROUND, 2.5), 0.0, 0.0)
    events = game.run(40)
    assert fire_ticks(game) <= 0  # put out every tick
    assert any(e.detail == "entity.generic.extinguish_fire" for e in events)
    assert any(e.kind == "damage_in_fire" for e in events)  # the flames still hurt


def test_fire_resistance_keeps_off_fire_and_lava_damage():
    game = survival_game()
    reg = game.world.registry
    lasting_fire(game)
    game.set_block((4, GROUND, 4), reg.state("lava[level=0]"))
    game.survival.effects["fire_resistance"] = (2000, 0)
    game.teleport((0.5, GROUND, 2.5), 0.0, 0.0)
    game.run(40)
    game.teleport((4.5, GROUND, 4.5), 0.0, 0.0)
    events = game.run(40)
    assert game.player.health == 20.0 and not game.player.dead
    assert not [e for e in events if e.kind.startswith("damage_")]
    assert fire_ticks(game) > 0  # alight all the same
    game.survival.effects.clear()
    events = game.run(20)
    assert any(e.kind == "damage_lava" for e in events) and game.player.health < 20.0


def test_a_mob_standing_in_fire_burns():
    game = survival_game(time_of_day=18000)  # night: no sunburn
    lasting_fire(game, (6, GROUND, 6))
    store = game.survival.entities
    cow = store.add("cow", (6.5, float(GROUND), 6.5), no_ai=True)
    zombie = store.add("zombie", (-6.5, float(GROUND), -6.5), no_ai=True)
    game.run(30)
    assert cow.fire_ticks > 100 and cow.health < cow.max_health
    assert zombie.fire_ticks <= 0 and zombie.health == zombie.max_health  # not in fire
