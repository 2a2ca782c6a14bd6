"""Ender pearls (throw, land, teleport, 5 damage, cooldown), bottles o' enchanting (orbs worth
3-11) and spawn eggs (the mob on the clicked face, one egg used)."""

from __future__ import annotations

import math

from odyssey.sim.actions import give
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def use_once(game) -> None:
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())


def until_gone(game, kind: str, ticks: int) -> bool:
    """Run until no entity of ``kind`` is left (at most ``ticks``); whether none is."""
    for _ in range(ticks):
        game.run(1)
        if not game.survival.entities.of_type(kind):
            return True
    return False


def test_a_pearl_carries_the_player_where_it_lands_for_five_damage() -> None:
    game = survival_game()
    s = game.survival
    give(game, "ender_pearl", 2)
    look_at(game, 0.5, GROUND, 8.5)
    use_once(game)
    assert s.inventory.count("ender_pearl") == 1 and s.stats.get("used", "ender_pearl") == 1
    (pearl,) = s.entities.of_type("ender_pearl")
    assert math.isclose(math.sqrt(pearl.vx**2 + pearl.vy**2 + pearl.vz**2), 1.5, rel_tol=0.05)
    use_once(game)  # within the 20-tick cooldown: nothing
    assert s.inventory.count("ender_pearl") == 1
    assert until_gone(game, "ender_pearl", 40)
    x, y, z = game.player.pos
    assert 6.0 < z < 10.0 and abs(x - 0.5) < 1.0 and abs(y - GROUND) < 0.5
    assert game.player.health == 15.0
    assert any(e.kind == "sound" and e.detail == "entity.player.teleport" for e in game.events)
    game.run(20)
    use_once(game)  # cooled down: the second pearl flies
    assert s.inventory.count("ender_pearl") == 0


def test_a_bottle_o_enchanting_breaks_into_three_to_eleven_experience() -> None:
    game = survival_game()
    s = game.survival
    give(game, "experience_bottle", 1)
    look_at(game, 0.5, GROUND, 4.5)
    use_once(game)
    assert s.inventory.count("experience_bottle") == 0
    (bottle,) = s.entities.of_type("experience_bottle")
    # thrown 20° above the look at 0.7 a tick, then one tick of drag and 0.07 gravity
    launched = -math.sin(math.radians(game.player.pitch - 20.0)) * 0.7
    assert abs(bottle.vy - (launched * 0.99 - 0.07)) < 0.02
    assert until_gone(game, "experience_bottle", 60)
    orbs = s.entities.of_type("experience_orb")
    assert orbs and 3 <= sum(o.count for o in orbs) <= 11
    worth = sum(o.count for o in orbs)
    game.teleport(orbs[0].pos, 0.0, 0.0)
    game.run(60)
    assert s.experience == worth  # all collected
    assert s.stats.get("used", "experience_bottle") == 1


def test_a_spawn_egg_puts_its_mob_on_the_clicked_face() -> None:
    game = survival_game()
    s = game.survival
    give(game, "cow_spawn_egg", 2)
    look_at(game, 0.5, GROUND - 0.01, 3.5)  # the top of the ground block at z 3
    use_once(game)
    (cow,) = s.entities.of_type("cow")
    assert (cow.x, cow.y, cow.z) == (0.5, float(GROUND), 3.5)
    assert s.inventory.count("cow_spawn_egg") == 1 and s.stats.get("used", "cow_spawn_egg") == 1
    look_at(game, 0.5, GROUND + 4.0, 40.0)  # nothing within reach: the egg does nothing
    use_once(game)
    assert len(s.entities.of_type("cow")) == 1 and s.inventory.count("cow_spawn_egg") == 1
