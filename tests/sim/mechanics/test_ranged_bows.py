"""Bows and crossbows: drawing, shooting skeletons and zombies, ammunition, pickup, wear."""

from __future__ import annotations

import math

from odyssey.sim.actions import give
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import bows, crossbows
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game

NIGHT = 18000  # skeletons and zombies do not burn


def draw_and_release(game, ticks: int) -> None:
    game.hold(InputState(use=True))
    game.run(ticks)
    game.hold(InputState())
    game.run(1)


def test_power_for_time_follows_vanilla() -> None:
    assert bows.power_for_time(0) == 0.0
    assert math.isclose(bows.power_for_time(10), (0.25 + 1.0) / 3.0)
    assert bows.power_for_time(20) == 1.0
    assert bows.power_for_time(40) == 1.0


def test_shooting_a_skeleton_until_it_dies() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "bow")
    give(game, "arrow", 6)
    skeleton = s.entities.add("skeleton", (0.5, GROUND, 10.5), no_ai=True)
    shots = 0
    while not skeleton.dead and shots < 6:
        look_at(game, skeleton.x, skeleton.y + 1.2, skeleton.z)
        before = skeleton.health
        draw_and_release(game, 20)
        shots += 1
        (arrow,) = s.entities.of_type("arrow")
        speed = math.sqrt(arrow.vx**2 + arrow.vy**2 + arrow.vz**2)
        assert arrow.crit and 2.9 < speed < 3.1  # full draw: 3 blocks per tick, critical
        assert arrow.components["pickup"] == 1
        for _ in range(10):
            game.run(1)
            if arrow.id not in s.entities:
                break
        dealt = before - skeleton.health
        # ceil(speed × 2) ≈ 6 after a few ticks of drag, plus random(6 / 2 + 2) for the crit
        assert skeleton.dead or 5.0 <= dealt <= 10.0
        game.run(25)  # the hurt frames pass
    assert skeleton.dead and shots == 3
    assert s.inventory.count("arrow") == 6 - shots
    assert s.inventory.mainhand.damage == shots  # one use of the bow per shot
    assert any(e.detail == "entity.arrow.shoot" for e in game.events if e.kind == "sound")


def test_infinity_keeps_its_arrow_and_needs_one() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "bow", enchantments={"infinity": 1})
    look_at(game, 0.5, GROUND + 1.6, 10.5)
    draw_and_release(game, 20)
    assert not s.entities.of_type("arrow")  # no arrow: the bow cannot be drawn
    give(game, "arrow", 1)
    draw_and_release(game, 20)
    (arrow,) = s.entities.of_type("arrow")
    assert s.inventory.count("arrow") == 1
    assert arrow.components["pickup"] == 2  # only creative players take it back


def test_short_draw_shoots_nothing_and_power_adds_damage() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "bow", enchantments={"power": 3, "punch": 1, "flame": 1})
    give(game, "arrow", 2)
    look_at(game, 0.5, GROUND + 1.6, 10.5)
    draw_and_release(game, 1)  # power 0.05 < 0.1
    assert not s.entities.of_type("arrow") and s.inventory.count("arrow") == 2
    game.run(4)  # Minecraft.rightClickDelay runs out
    draw_and_release(game, 10)
    (arrow,) = s.entities.of_type("arrow")
    assert arrow.base_damage == 2.0 + 0.5 * 3 + 0.5
    assert not arrow.crit and arrow.components["punch"] == 1 and arrow.fire_ticks > 0
    speed = math.sqrt(arrow.vx**2 + arrow.vy**2 + arrow.vz**2)
    assert abs(speed - 3.0 * bows.power_for_time(10)) < 0.1


def test_arrows_come_from_the_offhand_first_and_are_picked_up_again() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "bow")
    s.inventory.set(5, ItemStack.of("arrow", 3))
    s.inventory.set(40, ItemStack.of("arrow", 2))
    look_at(game, 0.5, GROUND, 4.5)  # into the ground, 4 blocks ahead
    draw_and_release(game, 20)
    assert s.inventory.get(40).count == 1 and s.inventory.get(5).count == 3
    game.run(20)
    (arrow,) = s.entities.of_type("arrow")
    assert arrow.in_ground
    game.teleport((arrow.x, GROUND, arrow.z), 0.0, 0.0)
    game.run(3)
    assert not s.entities.of_type("arrow")
    assert s.inventory.count("arrow") == 5


def test_flame_arrow_sets_a_zombie_on_fire_and_punch_pushes_it() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "bow", enchantments={"flame": 1, "punch": 2})
    give(game, "arrow", 1)
    zombie = s.entities.add("zombie", (0.5, GROUND, 8.5), no_ai=True)
    look_at(game, zombie.x, zombie.y + 1.2, zombie.z)
    draw_and_release(game, 20)
    for _ in range(6):
        game.run(1)
        if zombie.health < 20.0:
            break
    assert zombie.health < 20.0 and zombie.fire_ticks > 0
    assert zombie.vz > 1.4  # the hit's 0.4, then Punch's 0.6 × 2 along the flight
    assert zombie.target == 0  # the hit is the player's: the zombie turns on it


def test_crossbow_loads_keeps_its_arrow_and_fires() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "crossbow")
    give(game, "arrow", 2)
    zombie = s.entities.add("zombie", (0.5, GROUND, 8.5), no_ai=True)
    look_at(game, zombie.x, zombie.y + 1.2, zombie.z)
    draw_and_release(game, 20)  # under the 25 ticks of a charge: nothing loaded
    assert crossbows.charged(s.inventory.mainhand) == ()
    game.run(4)
    draw_and_release(game, 26)
    assert crossbows.charged(s.inventory.mainhand) == ("arrow",)
    assert s.inventory.count("arrow") == 1 and not s.entities.of_type("arrow")
    game.run(4)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    (arrow,) = s.entities.of_type("arrow")
    assert arrow.crit and abs(math.sqrt(arrow.vx**2 + arrow.vy**2 + arrow.vz**2) - 3.15) < 0.1
    assert crossbows.charged(s.inventory.mainhand) == ()
    game.run(4)
    assert 7.0 <= 20.0 - zombie.health <= 13.0  # ceil(~3.1 × 2) + random(6 / 2 + 2)
    assert s.inventory.mainhand.damage == 1
    sounds = [e.detail for e in game.events if e.kind == "sound"]
    assert "item.crossbow.loading_end" in sounds and "item.crossbow.shoot" in sounds


def test_quick_charge_and_multishot() -> None:
    game = survival_game(time_of_day=NIGHT)
    s = game.survival
    give(game, "crossbow", enchantments={"quick_charge": 2, "multishot": 1})
    give(game, "arrow", 1)
    assert crossbows.charge_ticks(s.inventory.mainhand) == 15
    look_at(game, 0.5, GROUND + 1.6, 10.5)
    draw_and_release(game, 15)
    assert crossbows.charged(s.inventory.mainhand) == ("arrow",) * 3
    assert s.inventory.count("arrow") == 0
    game.run(4)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    arrows = s.entities.of_type("arrow")
    assert len(arrows) == 3
    yaws = sorted(round(math.degrees(math.atan2(-a.vx, a.vz))) for a in arrows)
    assert yaws[0] < -5 and abs(yaws[1]) <= 2 and yaws[2] > 5  # 10° apart
    assert sorted(a.components["pickup"] for a in arrows) == [1, 2, 2]
    assert s.inventory.mainhand.damage == 3


def test_a_drawn_bow_and_a_flying_arrow_survive_a_snapshot() -> None:
    game = survival_game(time_of_day=NIGHT)
    give(game, "bow")
    give(game, "arrow", 2)
    look_at(game, 0.5, GROUND + 1.6, 10.5)
    game.hold(InputState(use=True))
    game.run(10)
    snap = game.snapshot()
    game.run(10)
    game.hold(InputState())
    game.run(3)
    first = [(round(a.x, 6), round(a.z, 6)) for a in game.survival.entities.of_type("arrow")]
    game.restore(snap)
    game.hold(InputState(use=True))
    game.run(10)
    game.hold(InputState())
    game.run(3)
    again = [(round(a.x, 6), round(a.z, 6)) for a in game.survival.entities.of_type("arrow")]
    assert len(first) == 1 and again == first
    assert game.survival.inventory.count("arrow") == 1
