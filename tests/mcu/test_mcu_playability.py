"""Playability of MineStudio's real task configurations (../shared): every config gets a status,
every out-of-scope one says why, and capabilities come from the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from odyssey.mcu.capabilities import Capability, available_capabilities, check
from odyssey.mcu.needs import TASK_NEEDS, McuError
from odyssey.mcu.playability import (
    OUT_OF_SCOPE,
    PLAYABLE,
    classify,
    main,
    markdown,
    playable_after,
    report,
    totals,
)
from odyssey.mcu.setup import WORLD_SEED, CommandOutcome, SharedChunks, overworld_game, run_one

CONFIGS = SHARED / "reference/mcu-data/minestudio/benchmark/task_configs"


@pytest.fixture(scope="module")
def configs() -> Path:
    return shared_path(CONFIGS)


@pytest.fixture(scope="module")
def caps() -> dict[str, Capability]:
    return available_capabilities()


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


@pytest.fixture(scope="module")
def verdicts(configs: Path, caps: dict[str, Capability], chunks: SharedChunks):
    return report(configs, caps, chunks)


def test_every_config_gets_a_status_and_every_refusal_a_reason(verdicts) -> None:
    assert len(verdicts) == 153
    assert {v.difficulty for v in verdicts} == {"simple", "hard"}
    for v in verdicts:
        assert v.status in (PLAYABLE, OUT_OF_SCOPE), v
        assert (v.status == OUT_OF_SCOPE) == bool(v.reasons), v
        assert all(o.accepted for o in v.setup) or v.status == OUT_OF_SCOPE, v
    t = totals(verdicts)
    assert t["simple"][1] == 76 and t["hard"][1] == 77
    assert t["all"] == (t["simple"][0] + t["hard"][0], 153)
    assert t["all"][0] <= playable_after(verdicts, "#14") <= 153


def test_every_task_name_has_a_needs_entry(configs: Path) -> None:
    names = {p.stem for p in configs.rglob("*.yaml")}
    assert names == set(TASK_NEEDS)


def test_known_setup_failures_are_allowed_and_said(verdicts) -> None:
    by = {(v.task, v.difficulty): v for v in verdicts}
    treasure = by[("explore_the_treasure", "hard")]
    assert any("treasure_map" in r and "1.16.5" in r for r in treasure.remarks)
    assert not any(r.startswith("setup failed") for r in treasure.reasons)
    obsidian = by[("make_obsidian_by_wate", "hard")]
    assert sum("fails in 1.16.5 too" in r for r in obsidian.remarks) == 2
    for v in verdicts:
        if TASK_NEEDS[v.task].judge:
            assert any("judge (#15)" in r for r in v.remarks), v.task


def test_the_engine_decides_capabilities(caps: dict[str, Capability]) -> None:
    # available now: mining a block by hand; a recipe in the item registry; a mob with AI
    assert caps["mining"].available and "broken by hand" in caps["mining"].evidence
    assert caps["craft:ladder"].available and caps["mob:zombie"].available
    # missing for good: vanilla has no trident recipe
    assert not caps["craft:trident"].available
    assert caps["craft:trident"].evidence == "no crafting recipe makes trident"
    assert not check("no_such_capability").available
    assert not any("no check is known" in c.evidence for c in caps.values())


def test_a_missing_capability_or_a_failed_setup_makes_a_config_out_of_scope() -> None:
    caps = {"mining": Capability("mining", False, "holding attack broke nothing")}
    v = classify("collect_dirt", "simple", [], caps)
    assert v.status == OUT_OF_SCOPE
    assert v.reasons == ("missing mining (unplanned): holding attack broke nothing",)
    caps = {"mining": Capability("mining", True, "ok")}
    bad = CommandOutcome("/tp @s ~ ~-10 ~", "/tp @s ~ ~-10 ~", False, "engine raised SimError")
    v = classify("collect_dirt", "simple", [bad], caps)
    assert v.status == OUT_OF_SCOPE and v.reasons[0].startswith("setup failed: /tp")
    assert classify("collect_dirt", "simple", [], caps).status == PLAYABLE
    with pytest.raises(McuError, match="'unheard_of_task' has no entry"):
        classify("unheard_of_task", "simple", [], caps)


def test_setup_commands_change_a_generated_overworld(chunks: SharedChunks) -> None:
    game = overworld_game(chunks, settle=0)
    x, y, z = (int(v) for v in game.player.pos)
    assert run_one(game, "/setblock ~2 ~ ~ minecraft:crafting_table").ok
    reg = game.world.registry
    assert reg.block_of(game.world.get_block(x + 2, y, z)).name == "crafting_table"
    assert run_one(game, "/give @s minecraft:raw_beef 3").ok  # the dialect's rename: beef
    assert game.survival.inventory.get(0).item == "beef"
    fresh = overworld_game(chunks, settle=0)  # a fresh game's world is untouched
    assert reg.block_of(fresh.world.get_block(x + 2, y, z)).name != "crafting_table"
    out = run_one(fresh, "/summon minecraft:water ~2 ~ ~3")
    assert not out.ok and out.accepted and "a block, not an entity" in out.known


def test_markdown_and_main(verdicts, caps, configs: Path, tmp_path: Path, capsys) -> None:
    page = markdown(verdicts, caps)
    assert page.count("\n| ") >= 153 + len(caps)
    assert "| collect_dirt | simple |" in page
    out = tmp_path / "p.md"
    assert main([str(configs / "simple"), "--markdown", str(out)]) == 0
    assert "playable all:" in capsys.readouterr().out
    assert out.read_text().startswith("# MineStudio task configurations")
    assert main(["/no/such/dir"]) == 2
    odd = tmp_path / "configs" / "simple"
    odd.mkdir(parents=True)
    (odd / "juggle_creepers.yaml").write_text("custom_init_commands:\n- /time set day\n")
    assert main([str(odd.parent)]) == 1
    assert "juggle_creepers.yaml: task 'juggle_creepers' has no entry" in capsys.readouterr().err
