"""The MCU atomic task library: size and coverage, rules that name real registry ids, rejected
candidates with their reasons, selectors, the CLI, determinism, and craft rules that flip from
not done to done when a real survival player crafts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from odyssey.cli.mcu_tasks_cmd import tasks_app
from odyssey.mcu import taxonomy
from odyssey.mcu.checker import RuleChecker
from odyssey.mcu.library import Library, LibraryError, build_library
from odyssey.mcu.library.library import FAMILIES, assemble
from odyssey.mcu.rules import (
    BlockRule,
    EffectRule,
    EntityRule,
    ItemRule,
    RidingRule,
    StatRule,
    leaves,
    parse_rule,
    rule_json,
)
from odyssey.sim.actions import click_screen, close_screen, craft_item, give, open_screen
from odyssey.sim.mechanics.potion_table import POTIONS
from odyssey.sim.playground import survival_game
from odyssey.sim.stats import CUSTOM
from odyssey.world.blocks import registry as blocks
from odyssey.world.items import items

ID = re.compile(r"^[a-z0-9_]+$")


@pytest.fixture(scope="module")
def lib() -> Library:
    return build_library()


def test_thousands_of_tasks_in_the_taxonomy(lib: Library) -> None:
    s = lib.stats()
    assert s["tasks"] == len(lib.tasks) >= 3000
    non_empty = [c for c, v in s["categories"].items() if v["tasks"] > 0]
    assert len(non_empty) >= 9
    assert sum(v["tasks"] for v in s["categories"].values()) == s["tasks"]
    for cat, v in s["categories"].items():
        assert set(v["subcategories"]) == set(taxonomy.CATEGORIES[cat].subcategories)
        assert sum(v["subcategories"].values()) == v["tasks"]
    assert s["programmatic"] + sum(1 for t in lib.tasks if not t.programmatic) == s["tasks"]
    assert sum(s["rejected_by_reason"].values()) == s["rejected"] == len(lib.rejected)
    assert s["hand_written"] > 100
    # the big families are there, each in the thousands or hundreds
    verbs = {v: sum(t.verb == v for t in lib.tasks) for v in ("craft", "mine", "find")}
    assert all(n > 500 for n in verbs.values()), verbs


def test_ids_unique_snake_case_and_stable(lib: Library) -> None:
    ids = [t.id for t in lib.tasks]
    assert len(ids) == len(set(ids))
    assert all(ID.match(i) for i in ids)
    for known in ("craft_to_stick", "mine_iron_ore", "find_diamond_ore", "combat_a_zombie",
                  "hunt_a_cow", "find_a_sheep", "eat_bread", "smelt_raw_iron", "enchant_book",
                  "drink_potion_of_swiftness", "brew_potion_of_swiftness", "trade_for_bread",
                  "sell_wheat", "rename_iron_sword", "tame_wolf", "lead_cow", "sleep_in_bed",
                  "build_nether_portal", "find_village", "find_plains"):  # fmt: skip
        assert lib.get(known).id == known


def _known(leaf) -> bool:
    reg, names = items(), {b.name for b in blocks().blocks}
    match leaf:
        case StatRule(category="mined", key=k):
            return k in names
        case StatRule(category="killed", key=k):
            return k in reg.entity_names
        case StatRule(category="custom", key=k):
            return k in CUSTOM
        case StatRule(key=k):
            return reg.has(k)
        case ItemRule(item=i):
            return reg.has(i)
        case BlockRule(blocks=bs):
            return all(b in names for b in bs)
        case EntityRule(entity=e) | RidingRule(vehicle=e):
            return e in reg.entity_names
        case EffectRule(effect=e):
            return any(e == name for effects in POTIONS.values() for name, _, _ in effects)
    return True  # position rules name no ids


def test_every_rule_names_real_registry_ids(lib: Library) -> None:
    bad = [(t.id, leaf) for t in lib.tasks if t.success for leaf in leaves(t.success)
           if not _known(leaf)]  # fmt: skip
    assert bad == []
    # rules survive their JSON form (what task configurations store)
    for t in lib.tasks[::37]:
        if t.success is not None:
            assert parse_rule(rule_json(t.success)) == t.success


def test_programmatic_or_judged_and_family_rules(lib: Library) -> None:
    assert all(t.programmatic or t.judge for t in lib.tasks)
    assert lib.get("craft_to_stick").success == StatRule(category="crafted", key="stick")
    mine = lib.get("mine_iron_ore")
    assert mine.success == StatRule(category="mined", key="iron_ore")
    assert "stone pickaxe" in mine.note
    assert lib.get("find_diamond_ore").success == BlockRule(blocks=("diamond_ore",), within=4)
    assert lib.get("combat_a_zombie").success == StatRule(category="killed", key="zombie")
    assert lib.get("rename_iron_sword").success == ItemRule(item="iron_sword", named="Odyssey")
    assert lib.get("tame_wolf").success == EntityRule(entity="wolf", tags=("tamed",))
    assert lib.get("lead_cow").success == EntityRule(entity="cow", tags=("leashed",))
    assert lib.get("find_plains").judge and lib.get("find_plains").success is None
    assert lib.get("build_house").judge


def _reason(lib: Library, verb: str, target: str) -> str:
    found = [r.reason for r in lib.rejected if r.verb == verb and r.target == target]
    assert found, f"{verb} {target} not rejected"
    return found[0]


def test_rejected_with_reasons(lib: Library) -> None:
    assert _reason(lib, "mine", "bedrock") == "unbreakable in survival"
    assert "air" in _reason(lib, "mine", "air")
    assert "air" in _reason(lib, "find", "air")
    assert "creative-only" in _reason(lib, "craft", "air")
    assert _reason(lib, "craft", "iron_ore") == "no crafting recipe"
    assert "creative-only" in _reason(lib, "craft", "pig_spawn_egg")
    assert "itself" in _reason(lib, "craft", "netherite_upgrade_smithing_template")
    assert "technical" in _reason(lib, "mine", "barrier")
    assert "fluid" in _reason(lib, "mine", "water")
    assert "drops nothing" in _reason(lib, "mine", "spawner")
    assert "not simulate" in _reason(lib, "combat", "warden")
    assert "never makes this biome" in _reason(lib, "find", "mushroom_fields")
    assert "never makes this structure" in _reason(lib, "find", "stronghold")
    assert "brewing" in _reason(lib, "drink", "luck")
    rejected_ids = {f"{r.verb}_{r.target}" for r in lib.rejected}
    assert not {"mine_bedrock", "craft_to_air"} & {t.id for t in lib.tasks}
    assert "mine_bedrock" in rejected_ids


def test_selectors(lib: Library) -> None:
    assert [t.id for t in lib.select("craft_to_stick")] == ["craft_to_stick"]
    crafts = lib.select("craft_to_*")
    assert len(crafts) > 500 and all(t.id.startswith("craft_to_") for t in crafts)
    combat = lib.select("category:combat")
    assert combat and all(t.category == "combat" for t in combat)
    hunts = lib.select("subcategory:hunt_animals")
    assert hunts and all(t.subcategory == "hunt_animals" for t in hunts)
    assert {t.verb for t in lib.select("verb:smelt")} == {"smelt"}
    union = lib.select("mine_stone, craft_to_stick ,verb:combat")
    order = [t.id for t in lib.tasks]
    assert [t.id for t in union] == sorted((t.id for t in union), key=order.index)
    assert {"mine_stone", "craft_to_stick"} <= {t.id for t in union}
    assert len(lib.select("craft_to_stick,craft_to_stick")) == 1


def test_selector_and_lookup_errors(lib: Library) -> None:
    with pytest.raises(LibraryError, match="craft_to_stick"):
        lib.get("craft_to_stik")
    with pytest.raises(LibraryError, match="matches no task"):
        lib.select("nothing_like_this_*")
    with pytest.raises(LibraryError, match="unknown kind"):
        lib.select("colour:red")
    with pytest.raises(Exception, match="unknown category"):
        lib.select("category:cooking")
    with pytest.raises(LibraryError, match="empty"):
        lib.select(" , ")


def test_deterministic_and_cached(lib: Library) -> None:
    again = assemble(FAMILIES)
    assert again == lib
    assert [t.id for t in again.tasks] == [t.id for t in lib.tasks]
    assert build_library() is lib


def test_cli_list_show_stats(tmp_path: Path) -> None:
    run = CliRunner().invoke
    out = run(tasks_app, ["list", "--select", "verb:combat,craft_to_stick"])
    assert out.exit_code == 0, out.output
    assert "combat_a_zombie" in out.output and "craft_to_stick" in out.output
    assert "mine_stone" not in out.output
    out = run(tasks_app, ["list", "--category", "art", "--json"])
    data = json.loads(out.output)
    assert data and {d["category"] for d in data} == {"art"}
    out = run(tasks_app, ["show", "mine_iron_ore"])
    assert out.exit_code == 0 and "mined iron_ore" in out.output and "Mine Blocks" in out.output
    shown = json.loads(run(tasks_app, ["show", "craft_to_stick", "--json"]).output)
    assert shown["success"] == {"kind": "stat", "category": "crafted", "key": "stick"}
    md = tmp_path / "counts.md"
    out = run(tasks_app, ["stats", "--json", "--markdown", str(md)])
    counts = json.loads(out.output)
    assert counts["tasks"] == len(build_library().tasks)
    text = md.read_text()
    assert "| **Craft Tools** (`craft`) |" in text and "no crafting recipe" in text


def test_cli_errors_exit_2() -> None:
    run = CliRunner().invoke
    out = run(tasks_app, ["show", "craft_to_stik"])
    assert out.exit_code == 2 and "craft_to_stick" in out.output
    assert run(tasks_app, ["list", "--select", "zzz_*"]).exit_code == 2
    assert run(tasks_app, ["list", "--category", "cooking"]).exit_code == 2


# (task id, items to give, needs a crafting table)
CRAFTS = (
    ("craft_to_oak_planks", {"oak_log": 1}, False),
    ("craft_to_stick", {"oak_planks": 2}, False),
    ("craft_to_crafting_table", {"oak_planks": 4}, False),
    ("craft_to_torch", {"coal": 1, "stick": 1}, False),
    ("craft_to_wooden_pickaxe", {"oak_planks": 3, "stick": 2}, True),
    ("craft_to_furnace", {"cobblestone": 8}, True),
)


@pytest.mark.parametrize(("task_id", "given", "table"), CRAFTS)
def test_craft_rules_flip_when_crafted(lib: Library, task_id, given, table) -> None:
    task = lib.get(task_id)
    game = survival_game()
    for item, n in given.items():
        give(game, item, n)
    checker = RuleChecker(task.success, game)
    assert not checker.check(game).done  # giving the ingredients is not crafting
    if table:
        open_screen(game, "crafting_table")
    assert craft_item(game, task.target) == 1
    game.run(1)
    assert checker.check(game).done


def test_smelt_rule_flips_when_the_result_is_taken(lib: Library) -> None:
    task = lib.get("smelt_beef")
    game = survival_game()
    reg, s = game.world.registry, game.survival
    pos = (2, int(game.player.pos[1]), 0)
    game.world.set_block(*pos, reg.state("furnace[facing=west,lit=false]"))
    give(game, "beef", 1)
    give(game, "coal", 1)
    checker = RuleChecker(task.success, game)
    open_screen(game, "furnace", pos)
    click_screen(game, 30, 0, 1)  # shift-click hotbar 0 (beef) into the input
    click_screen(game, 31, 0, 1)  # and hotbar 1 (coal) into the fuel slot
    close_screen(game)
    game.run(2 + 200)
    assert not checker.check(game).done  # cooked, but still in the furnace
    open_screen(game, "furnace", pos)
    click_screen(game, 2, 0, 1)  # take the result
    close_screen(game)
    assert s.inventory.count("cooked_beef") == 1
    assert checker.check(game).done
