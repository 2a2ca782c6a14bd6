"""Saddling, riding and steering a pig with a carrot on a stick, boosting it, getting off."""

from __future__ import annotations

from odyssey.sim.actions import give
from odyssey.sim.entities.kinds import kind
from odyssey.sim.mechanics.pigs import boosts
from odyssey.sim.mechanics.riding import riding_of
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def use_once(game) -> None:
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.run(1)


def test_a_pig_is_saddled_mounted_steered_boosted_and_left() -> None:
    game = survival_game(radius=40)
    s = game.survival
    pig = s.entities.add("pig", (0.5, GROUND, 2.5))
    give(game, "saddle")
    look_at(game, pig.x, pig.y + 0.5, pig.z)
    use_once(game)
    assert s.inventory.count("saddle") == 0
    assert any(e.detail == "entity.pig.saddle" for e in game.events if e.kind == "sound")
    s.inventory.set(0, None)
    give(game, "carrot_on_a_stick")
    look_at(game, pig.x, pig.y + 0.5, pig.z)
    use_once(game)  # an empty-hand-like right-click on the saddled pig: mount
    assert riding_of(game).type == "pig"
    game.look(0.0, 0.0)  # yaw 0: south, +z
    z0 = pig.z
    game.run(40)
    walked = pig.z - z0
    assert walked > 3.0 and abs(pig.yaw) < 1.0  # steered: facing the rider's way
    assert s.stats.get("custom", "pig_one_cm") > 300
    use_once(game)  # boost
    stick = s.inventory.mainhand
    assert stick.item == "carrot_on_a_stick" and stick.damage == 7
    assert s.stats.get("used", "carrot_on_a_stick") == 1
    z1 = pig.z
    game.run(40)
    boost = boosts(game)[pig.id]
    assert boost.on and 140 <= boost.total < 981 and boost.time == 42  # use_once ran 2
    assert pig.z - z1 > walked * 1.05  # faster while boosted (the factor rises from 1)
    game.hold(InputState(sneak=True))
    game.run(1)
    game.hold(InputState())
    assert riding_of(game).type == "" and pig.speed == kind("pig").speed
    assert "ridden" not in pig.tags


def test_without_a_carrot_on_a_stick_the_pig_is_not_steered() -> None:
    game = survival_game()
    s = game.survival
    pig = s.entities.add("pig", (0.5, GROUND, 2.5))
    give(game, "saddle")
    look_at(game, pig.x, pig.y + 0.5, pig.z)
    use_once(game)
    look_at(game, pig.x, pig.y + 0.5, pig.z)
    use_once(game)  # mounted with an empty hand
    assert riding_of(game).type == "pig"
    game.run(5)
    assert "ridden" not in pig.tags and pig.speed == kind("pig").speed
    baby = s.entities.add("pig", (3.5, GROUND, 0.5), baby=True)
    give(game, "saddle")
    game.hold(InputState(sneak=True))
    game.run(1)
    game.hold(InputState())
    look_at(game, baby.x, baby.y + 0.3, baby.z)
    use_once(game)
    assert s.inventory.count("saddle") == 1  # a piglet takes no saddle


def test_summoned_saddles_and_tame_horses() -> None:
    from odyssey.sim.game_commands import run
    from odyssey.sim.mechanics.creatures import animal

    game = survival_game()
    s = game.survival
    for line in ("/summon minecraft:pig ~ ~ ~2 {Saddle:1b}",
                 '/summon minecraft:pig ~3 ~ ~ {equipment:{saddle:{id:"minecraft:saddle"}}}',
                 '/summon minecraft:horse ~-3 ~ ~ {Tame:1b,SaddleItem:{id:"minecraft:saddle"}}',
                 "/summon minecraft:pig ~ ~ ~-3"):  # fmt: skip
        assert run(game, line).success, line
    pig, other, horse, bare = sorted(s.entities.entities.values(), key=lambda e: e.id)
    assert [animal(game, e).saddled for e in (pig, other, horse, bare)] == [True, True, True, False]
    assert animal(game, horse).tamed and not animal(game, pig).tamed
    look_at(game, pig.x, pig.y + 0.5, pig.z)
    use_once(game)
    assert riding_of(game).type == "pig"
