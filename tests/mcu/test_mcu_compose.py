"""Composition of MCU task configurations (mcu.compose): texts, ids, rules, commands and
refusals; the seeded sampler; composite rules evaluated in real survival games."""

from __future__ import annotations

import random

import pytest

from odyssey.mcu.checker import RuleChecker
from odyssey.mcu.compose import (
    Constraints,
    commands_conflict,
    compose,
    sample_compositions,
    targets,
)
from odyssey.mcu.config import TaskConfig, load_config, write_config
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import AllRule, AnyRule, Constrained, ItemRule, StatRule, ThenRule
from odyssey.mcu.setup import WORLD_SEED, SharedChunks, overworld_game, run_one
from odyssey.sim.actions import craft_item
from odyssey.sim.game_commands import run as command
from odyssey.sim.playground import survival_game


def task(id: str, text: str, commands: tuple[str, ...], rule=None, **kw) -> TaskConfig:
    kw.setdefault("category", "craft")
    kw.setdefault("subcategory", "craft_items")
    judge = None if rule is not None else "autoeval"
    return TaskConfig(id=id, text=text, custom_init_commands=commands, success=rule,
                      judge=judge, **kw)  # fmt: skip


STICK = task("craft_stick", "Craft sticks.", ("/give @s minecraft:oak_planks 2",),
             ItemRule(item="stick", count=4))  # fmt: skip
APPLE = task("collect_apple", "Collect an apple", ("/give @s minecraft:oak_leaves 8",),
             ItemRule(item="apple"), time_limit_s=60)  # fmt: skip
IRON = task("mine_iron_ore", "Mine iron ore", ("/give @s minecraft:iron_pickaxe 1",
            "/setblock ~2 ~ ~ minecraft:iron_ore"), ItemRule(item="raw_iron"),
            category="mine", subcategory="ore")  # fmt: skip
HOUSE = task("build_a_house", "Build a house", ("/give @s minecraft:oak_planks 64",),
             category="build", subcategory="homes_shelters")  # fmt: skip
COW = task("hunt_cow", "Hunt a cow", ("/time set day", "/summon minecraft:cow ~3 ~ ~3"),
           StatRule(category="killed", key="cow"), category="combat",
           subcategory="hunt_animals")  # fmt: skip
PIG = task("hunt_pig", "Hunt a pig", ("/time set day", "/summon minecraft:pig ~-3 ~ ~3"),
           StatRule(category="killed", key="pig"), category="combat",
           subcategory="hunt_animals")  # fmt: skip
SLEEP = task("sleep_in_bed", "Sleep in a bed", ("/time set night",
             "/give @s minecraft:white_bed 1"), category="tool_use",
             subcategory="interact_with_tools")  # fmt: skip
FISH = task("fish_in_rain", "Catch a cod", ("/weather rain", "/give @s minecraft:fishing_rod 1"),
            ItemRule(item="cod"))  # fmt: skip
DRY = task("dry_sponge", "Dry a sponge", ("/weather clear", "/give @s minecraft:wet_sponge 1"),
           ItemRule(item="sponge"))  # fmt: skip
TABLE = task("use_table", "Use the crafting table", ("/setblock ~2 ~ ~ minecraft:crafting_table",
             "/give @s minecraft:oak_planks 8"), ItemRule(item="oak_pressure_plate"))  # fmt: skip


# -- texts, ids, rules, commands --------------------------------------------------------------


def test_and_or_then_texts_ids_rules_and_fields() -> None:
    both = compose("and", [STICK, APPLE])
    assert both.text == "Craft sticks and collect an apple"
    assert both.id == "craft_stick__and__collect_apple"
    assert both.success == AllRule(rules=(STICK.success, APPLE.success))
    assert both.parts == ("craft_stick", "collect_apple") and both.source == "composed"
    assert both.custom_init_commands == STICK.custom_init_commands + APPLE.custom_init_commands
    assert both.time_limit_s == STICK.time_limit_s + 60 and both.judge is None
    either = compose("or", [IRON, STICK])
    assert (
        either.text == "Mine iron ore or craft sticks"
        and either.id == "mine_iron_ore__or__craft_stick"
    )
    assert isinstance(either.success, AnyRule)
    assert (either.category, either.subcategory) == ("mine", "ore")  # the first part's
    ordered = compose("then", [IRON, STICK, APPLE])
    assert ordered.text == "Mine iron ore, then craft sticks, then collect an apple"
    assert ordered.id == "mine_iron_ore__then__craft_stick__then__collect_apple"
    assert ordered.success == ThenRule(rules=(IRON.success, STICK.success, APPLE.success))
    assert compose("and", [IRON, STICK, APPLE]).text == (
        "Mine iron ore, craft sticks and collect an apple"
    )


def test_constraints_text_id_rule_time_limit_and_commands() -> None:
    c = compose("and", [STICK, APPLE], Constraints(without=("minecraft:iron_axe",),
                within_seconds=45, at_night=True, in_rain=True))  # fmt: skip
    assert c.text == ("Craft sticks and collect an apple, without using an iron axe, "
                      "within 45 seconds, at night, in the rain")  # fmt: skip
    assert (
        c.id == "craft_stick__and__collect_apple__without_iron_axe__within_45s__at_night__in_rain"
    )
    assert c.success == Constrained(rule=AllRule(rules=(STICK.success, APPLE.success)),
                                    without=("iron_axe",), within_seconds=45, at_night=True,
                                    in_rain=True)  # fmt: skip
    assert c.time_limit_s == 45  # the constraint's, not the parts' sum
    assert c.custom_init_commands[-2:] == ("/time set night", "/weather rain")


def test_identical_time_and_weather_commands_run_once_and_constraints_reuse_them() -> None:
    c = compose("or", [COW, PIG])
    assert c.custom_init_commands.count("/time set day") == 1
    assert "/summon minecraft:pig ~-3 ~ ~3" in c.custom_init_commands
    rainy = compose("and", [FISH, STICK], Constraints(in_rain=True))
    assert rainy.custom_init_commands.count("/weather rain") == 1
    night = compose("and", [SLEEP, HOUSE])  # open-ended: AutoEval judges the whole
    assert night.success is None and night.judge == "autoeval"


def test_open_ended_parts_give_an_autoeval_composition_for_and_or() -> None:
    c = compose("or", [HOUSE, STICK])
    assert (
        c.success is None and c.judge == "autoeval" and c.parts == ("build_a_house", "craft_stick")
    )


@pytest.mark.parametrize(
    ("op", "parts", "constraints", "message"),
    [
        ("then", [HOUSE, STICK], Constraints(), "build_a_house is open-ended"),
        ("and", [HOUSE, STICK], Constraints(at_night=True), "constraints need a success rule"),
        ("and", [COW, SLEEP], Constraints(), "set the time differently"),
        ("and", [FISH, DRY], Constraints(), "set the weather differently"),
        ("and", [IRON, TABLE], Constraints(), "touch the same blocks"),
        ("and", [COW, STICK], Constraints(at_night=True), "sets the time to 1000"),
        ("and", [DRY, STICK], Constraints(in_rain=True), "sets the weather to clear"),
        ("and", [STICK], Constraints(), "at least two parts"),
        ("and", [STICK, STICK], Constraints(), "repeated"),
        ("xor", [STICK, APPLE], Constraints(), "unknown operator 'xor'"),
        ("and", [IRON, STICK], Constraints(without=("iron_pickaxe",)), "mine_iron_ore is given"),
    ],
)
def test_refusals_say_why(op, parts, constraints, message) -> None:
    with pytest.raises(McuError, match=message):
        compose(op, parts, constraints)


def test_without_a_given_tool_is_allowed_only_with_an_as_good_alternative() -> None:
    more = (*IRON.custom_init_commands, "/give @s minecraft:diamond_pickaxe 1")
    spare = IRON.model_copy(update={"custom_init_commands": more})
    c = compose("and", [spare, STICK], Constraints(without=("iron_pickaxe",)))
    assert c.success.without == ("iron_pickaxe",)
    wooden = "/item replace entity @s weapon.mainhand with minecraft:wooden_pickaxe 1"
    weaker = IRON.model_copy(update={"custom_init_commands": (*IRON.custom_init_commands, wooden)})
    with pytest.raises(McuError, match="no other pickaxe as good"):
        compose("and", [weaker, STICK], Constraints(without=("iron_pickaxe",)))
    # a tool no part is given may always be forbidden
    assert compose("and", [STICK, APPLE], Constraints(without=("diamond_pickaxe",))).success
    with pytest.raises(McuError, match="unknown item 'iron_pickaxee'"):
        Constraints(without=("iron_pickaxee",))


def test_nested_compositions_are_bracketed_and_round_trip_through_a_file(tmp_path) -> None:
    inner = compose("or", [STICK, APPLE])
    outer = compose("then", [IRON, inner], Constraints(within_seconds=200))
    assert outer.id == "mine_iron_ore__then__(craft_stick__or__collect_apple)__within_200s"
    assert (
        outer.text == "Mine iron ore, then (craft sticks or collect an apple), within 200 seconds"
    )
    again = load_config(write_config(outer, tmp_path / f"{outer.id}.yaml"))
    assert again == outer


# -- the sampler ------------------------------------------------------------------------------

ITEMS = ("stick", "bowl", "ladder", "chest", "barrel", "torch", "boat", "oak_door", "oak_fence",
         "oak_sign", "bread", "cake")  # fmt: skip
POOL = [task(f"craft_{i}", f"Craft {i.replace('_', ' ')}", (f"/give @s minecraft:oak_planks {n}",),
             ItemRule(item=i)) for n, i in enumerate(ITEMS, 1)]  # fmt: skip
POOL += [IRON, HOUSE, COW, PIG, SLEEP, FISH, DRY, TABLE]


def test_sampler_is_reproducible_and_independent_of_the_pool_order() -> None:
    first = sample_compositions(POOL, 30, seed=5)
    shuffled = POOL[:]
    random.Random(1).shuffle(shuffled)
    assert sample_compositions(shuffled, 30, seed=5) == first
    assert [c.id for c in sample_compositions(POOL, 30, seed=6)] != [c.id for c in first]


def test_sampled_compositions_are_distinct_compatible_and_valid() -> None:
    out = sample_compositions(POOL, 60, seed=11, constraint_rate=0.5)
    keys = {(c.id.split("__")[1], frozenset(c.parts)) for c in out}
    assert len(keys) == len(out) == 60
    by_id = {c.id: c for c in POOL}
    ops = set()
    for c in out:
        a, b = (by_id[p] for p in c.parts)
        op = c.id.split("__")[1]
        ops.add(op)
        assert not targets(a) & targets(b) and commands_conflict([a, b]) is None
        if op == "then":
            assert a.success is not None and b.success is not None
        assert compose(op, [a, b], _constraints_of(c)) == c  # rebuilt from its parts
    assert ops == {"and", "or", "then"}
    assert sum(isinstance(c.success, Constrained) for c in out) >= 10
    night_and_day = ({"hunt_cow", "sleep_in_bed"}, {"hunt_pig", "sleep_in_bed"})
    assert not any(set(c.parts) in night_and_day for c in out)  # the time set differently
    assert not any({"fish_in_rain", "dry_sponge"} == set(c.parts) for c in out)  # weather clash


def _constraints_of(c: TaskConfig) -> Constraints:
    r = c.success
    if not isinstance(r, Constrained):
        return Constraints()
    return Constraints(r.without, r.within_seconds, r.at_night, r.in_rain)


def test_sampler_refuses_what_it_cannot_give() -> None:
    with pytest.raises(McuError, match="found 1 of 5"):
        sample_compositions([STICK, APPLE], 5, seed=1, ops=("and",))
    with pytest.raises(McuError, match="unknown operator 'nand'"):
        sample_compositions(POOL, 3, seed=1, ops=("nand",))


# -- composite rules in a real game ------------------------------------------------------------


def _checked(config: TaskConfig, **game_kw):
    game = survival_game(**game_kw)
    return game, RuleChecker(config.success, game)


def test_then_is_not_done_when_the_second_part_comes_first() -> None:
    game, checker = _checked(compose("then", [STICK, APPLE]))
    command(game, "/give @s minecraft:apple 1")
    v = checker.check(game)
    assert not v.done and v.progress == 0.0 and v.detail.startswith("step 1")
    command(game, "/clear @s minecraft:apple")
    command(game, "/give @s minecraft:stick 4")
    v = checker.check(game)
    assert not v.done and v.progress == 0.5 and v.detail.startswith("step 2")
    command(game, "/give @s minecraft:apple 1")
    assert checker.check(game).done


def test_then_over_statistics_counts_the_second_step_only_after_the_first() -> None:
    planks = task("craft_planks", "Craft planks", ("/give @s minecraft:oak_log 2",),
                  StatRule(category="crafted", key="oak_planks"))  # fmt: skip
    sticks = task("craft_sticks", "Craft sticks", ("/give @s minecraft:oak_planks 4",),
                  StatRule(category="crafted", key="stick"))  # fmt: skip
    config = compose("then", [sticks, planks])
    game = survival_game()
    for line in config.custom_init_commands:
        assert command(game, line).success
    checker = RuleChecker(config.success, game)
    assert craft_item(game, "oak_planks") == 1  # the second step first
    assert checker.check(game).progress == 0.0
    assert craft_item(game, "stick") == 1
    v = checker.check(game)
    assert not v.done and v.progress == 0.5  # the planks came before the sticks: not counted
    assert craft_item(game, "oak_planks") == 1
    assert checker.check(game).done


@pytest.mark.parametrize("item", ["stick", "apple"])
def test_or_is_done_on_either_part_and_and_needs_both(item) -> None:
    count = 4 if item == "stick" else 1
    game, either = _checked(compose("or", [STICK, APPLE]))
    both = RuleChecker(compose("and", [STICK, APPLE]).success, game)
    command(game, f"/give @s minecraft:{item} {count}")
    assert either.check(game).done
    v = both.check(game)
    assert not v.done and v.progress == 0.5


def test_within_seconds_fails_once_the_time_has_passed() -> None:
    game, checker = _checked(compose("and", [STICK, APPLE], Constraints(within_seconds=2)))
    game.run(30)
    assert not checker.check(game).failed
    game.run(15)  # 45 ticks: past 2 s
    command(game, "/give @s minecraft:stick 4")
    command(game, "/give @s minecraft:apple 1")
    v = checker.check(game)
    assert v.failed and not v.done and "time limit" in v.detail


def test_without_fails_when_the_forbidden_tool_is_held() -> None:
    game, checker = _checked(compose("or", [STICK, APPLE], Constraints(without=("iron_axe",))))
    command(game, "/give @s minecraft:iron_axe 1")  # in the inventory, not yet in hand
    command(game, "/item replace entity @s weapon.mainhand with minecraft:stone_axe 1")
    assert not checker.check(game).failed
    command(game, "/item replace entity @s weapon.mainhand with minecraft:iron_axe 1")
    command(game, "/give @s minecraft:apple 1")
    v = checker.check(game)
    assert v.failed and not v.done and "iron_axe" in v.detail


def test_at_night_and_in_rain_wait_for_the_night_and_the_rain() -> None:
    game, night = _checked(compose("and", [STICK, APPLE], Constraints(at_night=True)),
                           time_of_day=6000)  # fmt: skip
    rain = RuleChecker(compose("and", [STICK, APPLE], Constraints(in_rain=True)).success, game)
    command(game, "/give @s minecraft:stick 4")
    command(game, "/give @s minecraft:apple 1")
    for checker in (night, rain):
        v = checker.check(game)
        assert not v.done and not v.failed and v.progress == 1.0 and "waiting" in v.detail
    command(game, "/time set night")
    assert night.check(game).done and not rain.check(game).done
    command(game, "/weather rain")
    assert rain.check(game).done


def test_composed_commands_run_in_the_engine() -> None:
    chunks = SharedChunks(WORLD_SEED)
    config = compose("then", [IRON, STICK, COW], Constraints(in_rain=True))
    game = overworld_game(chunks)
    outcomes = [run_one(game, line) for line in config.custom_init_commands]
    assert all(o.ok for o in outcomes), [o for o in outcomes if not o.ok]
    assert game.survival.weather == "rain" and game.time_of_day % 24000 == 1000
    names = {s.item for s in game.survival.inventory.slots if s is not None}
    assert {"iron_pickaxe", "oak_planks"} <= names
