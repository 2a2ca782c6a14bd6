"""Success rules (mcu.rules) and their evaluation in real survival games (mcu.checker)."""

from __future__ import annotations

import pytest

from odyssey.mcu.checker import RuleChecker
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import describe, leaves, parse_rule, rule_json
from odyssey.sim.actions import craft_item, give, select_slot
from odyssey.sim.game_commands import run as command
from odyssey.sim.playground import GROUND, survival_game


def rule(data):
    return parse_rule(data, "test")


def test_rules_round_trip_through_json_with_nested_kinds() -> None:
    data = {"kind": "then", "rules": [
        {"kind": "stat", "category": "mined", "key": "oak_log", "at_least": 2},
        {"kind": "constrained", "rule": {"kind": "item", "item": "oak_planks", "count": 4},
         "within_seconds": 60, "without": ["iron_axe"]}]}  # fmt: skip
    r = rule(data)
    assert parse_rule(rule_json(r)) == r
    assert rule_json(r)["rules"][1]["rule"]["kind"] == "item"
    assert describe(r) == ("(mined oak_log ×2 THEN have 4 oak_planks [without iron_axe, "
                           "within 60 s])")  # fmt: skip
    assert [x.kind for x in leaves(r)] == ["stat", "item"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "stat", "category": "mind", "key": "x"}, "task.success.stat.category"),
        ({"kind": "item"}, "task.success.item.item"),
        ({"kind": "teleport"}, "task.success"),
        ({"kind": "all", "rules": []}, "task.success.all.rules"),
        ({"kind": "block", "blocks": ["stone"], "within": 99}, "within"),
    ],
)
def test_bad_rules_name_the_field(data, message) -> None:
    with pytest.raises(McuError, match=message.replace(".", r"\.")):
        parse_rule(data, "task.success")


def test_statistics_count_from_the_start_not_from_what_was_given() -> None:
    game = survival_game()
    give(game, "oak_planks", 8)
    craft_item(game, "stick")  # before the checker: does not count
    checker = RuleChecker(rule({"kind": "stat", "category": "crafted", "key": "stick",
                                "at_least": 8}), game)  # fmt: skip
    first = checker.check(game)
    assert not first.done and first.progress == 0.0
    craft_item(game, "stick")
    v = checker.check(game)
    assert not v.done and v.progress == 0.5  # four sticks of eight
    craft_item(game, "stick")
    assert checker.check(game).done


def test_item_rule_counts_named_stacks_only_when_asked() -> None:
    game = survival_game()
    give(game, "diamond_sword", 1, custom_name="Excalibur")
    give(game, "diamond_sword", 1)
    assert RuleChecker(rule({"kind": "item", "item": "diamond_sword", "count": 2}),
                       game).check(game).done  # fmt: skip
    named = rule({"kind": "item", "item": "diamond_sword", "count": 2, "named": "Excalibur"})
    assert not RuleChecker(named, game).check(game).done
    assert RuleChecker(rule({"kind": "item", "item": "diamond_sword", "named": "Excalibur"}),
                       game).check(game).done  # fmt: skip


def test_block_rule_placed_counts_only_changes_since_the_start() -> None:
    game = survival_game()
    x, z = 2, 0
    game.set_block((x, GROUND, z), game.world.state_id("stone"))  # ground level before start
    near = rule({"kind": "block", "blocks": ["stone"], "within": 4})
    placed = rule({"kind": "block", "blocks": ["stone"], "within": 4, "placed": True})
    near_c, placed_c = RuleChecker(near, game), RuleChecker(placed, game)
    assert near_c.check(game).done
    assert not placed_c.check(game).done
    game.set_block((x, GROUND + 1, z), game.world.state_id("stone"))
    game.tick()
    assert placed_c.check(game).done


def test_entity_rule_needs_the_tags() -> None:
    game = survival_game()
    wolf = game.survival.entities.add("wolf", (3.5, GROUND, 0.5))
    tamed = RuleChecker(rule({"kind": "entity", "entity": "wolf", "tags": ["tamed"]}), game)
    assert RuleChecker(rule({"kind": "entity", "entity": "wolf", "within": 5}),
                       game).check(game).done  # fmt: skip
    assert not tamed.check(game).done
    wolf.tags.add("tamed")
    assert tamed.check(game).done


def test_position_rise_and_effects() -> None:
    game = survival_game()
    checker = RuleChecker(rule({"kind": "position", "rise": 2}), game)
    assert not checker.check(game).done
    command(game, "/tp @s ~ ~3 ~")
    assert checker.check(game).done
    effect = RuleChecker(rule({"kind": "effect", "effect": "speed"}), game)
    assert not effect.check(game).done
    assert command(game, "/effect give @s minecraft:speed 30 1").success
    assert effect.check(game).done


def test_then_needs_its_parts_in_order() -> None:
    game = survival_game()
    give(game, "oak_planks", 8)
    then = RuleChecker(rule({"kind": "then", "rules": [
        {"kind": "stat", "category": "custom", "key": "jump"},
        {"kind": "stat", "category": "crafted", "key": "stick"}]}), game)  # fmt: skip
    craft_item(game, "stick")  # the second part first: not in order
    assert not then.check(game).done
    game.survival.stats.add("custom", "jump")  # what a jump adds
    v = then.check(game)
    assert not v.done and v.progress == 0.5  # the stick before the jump does not count
    craft_item(game, "stick")
    assert then.check(game).done


def test_any_and_all() -> None:
    game = survival_game()
    give(game, "oak_planks", 4)
    parts = [{"kind": "stat", "category": "crafted", "key": "stick"},
             {"kind": "stat", "category": "custom", "key": "jump"}]  # fmt: skip
    either = RuleChecker(rule({"kind": "any", "rules": parts}), game)
    both = RuleChecker(rule({"kind": "all", "rules": parts}), game)
    craft_item(game, "stick")
    assert either.check(game).done
    v = both.check(game)
    assert not v.done and v.progress == 0.5


def test_constraints_fail_for_good_or_wait() -> None:
    game = survival_game(time_of_day=6000)
    inner = {"kind": "stat", "category": "custom", "key": "jump"}
    timed = RuleChecker(rule({"kind": "constrained", "rule": inner, "within_seconds": 1}), game)
    game.run(25)
    v = timed.check(game)
    assert v.failed and "time limit" in v.detail
    give(game, "iron_pickaxe")
    select_slot(game, 0)
    without = RuleChecker(rule({"kind": "constrained", "rule": inner,
                                "without": ["iron_pickaxe"]}), game)  # fmt: skip
    assert without.check(game).failed
    night = RuleChecker(rule({"kind": "constrained", "rule": inner, "at_night": True}), game)
    game.survival.stats.add("custom", "jump")
    v = night.check(game)
    assert not v.done and not v.failed and "night" in v.detail
    assert command(game, "/time set midnight").success
    assert night.check(game).done
    assert v.progress == 1.0


def test_all_keeps_a_part_done_once_it_was_done() -> None:
    game = survival_game()
    near_stone = {"kind": "block", "blocks": ["stone"], "within": 2}
    jump = {"kind": "stat", "category": "custom", "key": "jump"}
    both = RuleChecker(rule({"kind": "all", "rules": [near_stone, jump]}), game)
    game.set_block((1, GROUND, 0), game.world.state_id("stone"))
    assert not both.check(game).done  # the stone is near, no jump yet
    command(game, "/tp @s ~10 ~ ~")  # away from the stone: that part stays done
    game.survival.stats.add("custom", "jump")
    assert both.check(game).done
