"""MCU's hard mode as a seeded transform (mcu.difficulty): what it adds, what it never does, and
that every hard configuration's commands run in the engine with the target still to be made."""

from __future__ import annotations

import math

import pytest

from conftest import SHARED, shared_path
from odyssey.mcu import cmdinfo
from odyssey.mcu.compose import Constraints, compose
from odyssey.mcu.config import TaskConfig, load_folder
from odyssey.mcu.difficulty import LEVELS, allowed_effects, harden, lookalikes
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import BlockRule, Constrained, ItemRule, StatRule
from odyssey.mcu.setup import WORLD_SEED, SharedChunks, overworld_game, run_one


def task(id: str, commands: tuple[str, ...], rule=None, **kw) -> TaskConfig:
    kw.setdefault("category", "mine")
    kw.setdefault("subcategory", "ore")
    return TaskConfig(id=id, text=id.replace("_", " "), custom_init_commands=commands,
                      success=rule, judge=None if rule else "autoeval", **kw)  # fmt: skip


IRON = task("mine_iron_ore", ("/give @s minecraft:iron_pickaxe 1",
            "/setblock ~2 ~ ~ minecraft:iron_ore"), ItemRule(item="raw_iron"))  # fmt: skip
ANDESITE = task("mine_andesite", ("/give @s minecraft:wooden_pickaxe 1",
                "/setblock ~2 ~ ~ minecraft:andesite"),
                StatRule(category="mined", key="andesite"), subcategory="stone")  # fmt: skip
SHEEP = task("hunt_sheep", ("/give @s minecraft:iron_sword 1", "/summon minecraft:sheep ~3 ~ ~3"),
             StatRule(category="killed", key="sheep"), category="combat",
             subcategory="hunt_animals")  # fmt: skip
FIND = task("find_diamond_ore", (), BlockRule(blocks=("diamond_ore",), within=4),
            category="find", subcategory="find_resources")  # fmt: skip
SLEEP = task("sleep_in_bed", ("/time set night", "/weather clear",
             "/give @s minecraft:white_bed 1"), category="tool_use",
             subcategory="interact_with_tools")  # fmt: skip
STICKS = task("craft_sticks", ("/give @s minecraft:oak_planks 2",),
              ItemRule(item="stick", count=4), category="craft",
              subcategory="craft_items")  # fmt: skip
FAST = Constrained(rule=ItemRule(item="stick", count=4), within_seconds=30,
                   without=("diamond_axe",))  # fmt: skip
TIMED = STICKS.model_copy(update={"id": "craft_sticks_fast", "success": FAST})


def added(config: TaskConfig, hard: TaskConfig) -> tuple[str, ...]:
    assert hard.custom_init_commands[: len(config.custom_init_commands)] == (
        config.custom_init_commands)  # the task's own commands first, unchanged  # fmt: skip
    return hard.custom_init_commands[len(config.custom_init_commands) :]


def distractors(commands) -> list[str]:
    return [cmdinfo.item_name(c.split()[2]) for c in commands if c.startswith("/give @p ")]


@pytest.mark.parametrize("config", [IRON, ANDESITE, SHEEP, FIND, SLEEP, STICKS, TIMED])
def test_hard_keeps_the_task_and_is_a_function_of_the_seed(config) -> None:
    hard = harden(config, seed=4)
    assert hard.difficulty == "hard" and config.difficulty == "simple"
    same = ("id", "text", "success", "judge", "category", "time_limit_s")
    assert all(getattr(hard, f) == getattr(config, f) for f in same)
    assert hard.extra["hardened"] == {"seed": 4, "level": "hard"}
    assert added(config, hard)
    assert harden(config, seed=4) == hard
    assert harden(config, seed=5).custom_init_commands != hard.custom_init_commands


@pytest.mark.parametrize("level", list(LEVELS))
def test_distractor_counts_follow_minestudio_levels(level) -> None:
    lo, hi = LEVELS[level].distractors
    counts = {len(distractors(added(IRON, harden(IRON, s, level)))) for s in range(12)}
    assert all(lo <= n <= hi for n in counts) and len(counts) > 1
    night = [any(c == "/time set night" for c in added(IRON, harden(IRON, s, level)))
             for s in range(12)]  # fmt: skip
    assert all(night) if level == "hard" else not all(night)


NAMED = {  # what each rule names or forbids, and what makes it in one step
    "mine_iron_ore": {"raw_iron", "raw_iron_block", "iron_ore", "deepslate_iron_ore"},
    "mine_andesite": {"andesite", "cobblestone", "diorite"},
    "hunt_sheep": {"sheep", "sheep_spawn_egg"},
    "craft_sticks": {"stick", "oak_planks", "birch_planks", "bamboo"},
    "craft_sticks_fast": {"stick", "spruce_planks", "diamond_axe"},
}


@pytest.mark.parametrize("config", [IRON, ANDESITE, SHEEP, STICKS, TIMED])
def test_never_gives_what_the_rule_names_or_forbids(config) -> None:
    named = NAMED[config.id]
    given_before = {i for i, _ in cmdinfo.given_items(config.custom_init_commands)}
    for seed in range(25):
        extra = distractors(added(config, harden(config, seed)))
        assert not named & set(extra)
        assert not given_before & set(extra)  # distractors are other items
        assert len(set(extra)) == len(extra)


def test_leaves_the_time_and_weather_a_task_sets_alone() -> None:
    for seed in range(10):
        extra = added(SLEEP, harden(SLEEP, seed))
        assert not any(c.startswith(("/time", "/weather")) for c in extra)
        weather = [c for c in added(IRON, harden(IRON, seed)) if c.startswith("/weather")]
        assert weather in (["/weather rain"], ["/weather thunder"])


def test_effects_never_blind_a_find_task_nor_slow_a_timed_one() -> None:
    assert "blindness" not in allowed_effects(FIND) and "blindness" in allowed_effects(IRON)
    assert set(allowed_effects(TIMED)) == {"blindness"}
    timed_find = FIND.model_copy(update={"success": Constrained(rule=FIND.success,
                                                                within_seconds=20)})  # fmt: skip
    assert allowed_effects(timed_find) == ("weakness",)
    for seed in range(20):
        assert not any("blindness" in c for c in added(FIND, harden(FIND, seed)))
        effects = [c for c in added(TIMED, harden(TIMED, seed)) if c.startswith("/effect")]
        assert effects == ["/effect give @s minecraft:blindness 600 0 true"]


def test_a_look_alike_block_stands_beside_the_placed_target() -> None:
    assert lookalikes("andesite") == ("stone", "diorite", "tuff")
    assert "spruce_log" in lookalikes("oak_log") and "oak_log" not in lookalikes("oak_log")
    seen = set()
    for seed in range(10):
        lines = [c for c in added(ANDESITE, harden(ANDESITE, seed)) if c.startswith("/setblock")]
        assert len(lines) == 1
        (pos, block), = cmdinfo.placed_blocks(lines)  # fmt: skip
        assert block in ("stone", "diorite", "tuff")
        assert math.dist(pos, (2, 0, 0)) == 1  # beside the andesite, never on it
        seen.add(pos)
    assert len(seen) > 1


def test_a_decoy_mob_is_never_the_target_type_and_keeps_off_the_task_positions() -> None:
    mobs = set()
    for seed in range(10):
        extra = added(SHEEP, harden(SHEEP, seed))
        for pos, line in cmdinfo.summon_points(extra):
            mobs.add(line.split()[1])
            assert 3 <= max(abs(pos[0]), abs(pos[2])) <= 4 and pos != (3, 0, 3)
    assert mobs == {"minecraft:goat"}  # the sheep's look-alike


def test_distractors_leave_room_in_a_full_inventory() -> None:
    names = ("stone", "dirt", "sand", "gravel", "oak_log", "birch_log", "spruce_log", "cobblestone")
    gives = tuple(f"/give @s minecraft:{n} 256" for n in names)
    full = task("full", (*gives, "/setblock ~2 ~ ~ minecraft:iron_ore"), ItemRule(item="raw_iron"))
    assert cmdinfo.slots_used(full.custom_init_commands) == 32
    for seed in range(5):
        assert distractors(added(full, harden(full, seed))) == []


def test_unknown_level_is_refused() -> None:
    with pytest.raises(McuError, match="unknown level 'brutal'"):
        harden(IRON, 1, "brutal")


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


CONFIGS = [IRON, ANDESITE, SHEEP, STICKS, TIMED, compose("and", [IRON, STICKS])]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_hard_commands_run_in_the_engine_and_the_target_is_still_to_be_made(chunks, config):
    for seed, level in ((1, "hard"), (2, "middle"), (3, "easy")):
        hard = harden(config, seed, level)
        game = overworld_game(chunks)
        x, y, z = (math.floor(v) for v in game.player.pos)
        outcomes = [run_one(game, line) for line in hard.custom_init_commands]
        assert all(o.ok for o in outcomes), [o for o in outcomes if not o.ok]
        inventory = {s.item for s in game.survival.inventory.slots if s is not None}
        assert not inventory & {"raw_iron", "iron_ore", "andesite", "stick"}
        assert {i for i, _ in cmdinfo.given_items(config.custom_init_commands)} <= inventory
        assert set(distractors(hard.custom_init_commands)) <= inventory
        for (dx, dy, dz), block in cmdinfo.placed_blocks(config.custom_init_commands):
            state = game.world.get_block(x + dx, y + dy, z + dz)
            assert game.world.registry.block_of(state).name == block  # no decoy on it
        assert game.survival.weather in ("rain", "thunder")
        effects = [c.split()[3].removeprefix("minecraft:") for c in hard.custom_init_commands
                   if c.startswith("/effect")]  # fmt: skip
        assert set(effects) <= set(game.survival.effects)


def test_minestudio_simple_configs_harden_and_run(chunks) -> None:
    folder = shared_path(SHARED / "reference/mcu-data/minestudio/benchmark/task_configs/simple")
    configs = load_folder(folder)
    assert len(configs) >= 70
    for config in configs:
        hard = harden(config, seed=1)
        game = overworld_game(chunks)
        outcomes = [run_one(game, line) for line in hard.custom_init_commands]
        n = len(config.custom_init_commands)
        own, extra = outcomes[:n], outcomes[n:]
        assert all(o.accepted for o in own), (config.id, [o for o in own if not o.accepted])
        assert extra and all(o.ok for o in extra), (config.id, [o for o in extra if not o.ok])


def test_constraints_survive_hardening_of_a_composition() -> None:
    both = compose("and", [IRON, STICKS], Constraints(without=("diamond_axe",), at_night=True))
    hard = harden(both, 9)
    assert hard.success == both.success and hard.parts == both.parts
    assert "diamond_axe" not in distractors(hard.custom_init_commands)
    assert hard.custom_init_commands.count("/time set night") == 1
