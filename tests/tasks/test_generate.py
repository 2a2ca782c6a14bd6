"""Task generation on real built maps, the built-in suites and the ``odyssey tasks`` commands."""

from __future__ import annotations

import dataclasses
import itertools
import json
import time

import pytest
from typer.testing import CliRunner

from conftest import SHARED
from odyssey.cli.tasks_cmd import tasks_app
from odyssey.maps.catalog import CATALOG, build_map
from odyssey.maps.package import load_package
from odyssey.nav import NavGraph, follow, plan_route
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.tasks import catalog_data, load_catalog, resolve_task, validate_catalog, write_catalog
from odyssey.tasks.generate import TaskGenerationError, generate_tasks
from odyssey.tasks.prompts import render_prompt, themes_for
from odyssey.tasks.suites import (
    SUITES,
    SuiteError,
    build_suite,
    is_built,
    list_suites,
    load_suite,
    suite_dir,
    suite_spec,
)

COUNT = 8


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A private cache root for the whole module (maps are built once)."""
    root = tmp_path_factory.mktemp("odyssey-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(root))
        yield root


@pytest.fixture(scope="module")
def generated(cache):
    """palace and hotel: their package folders and the tasks generated on them (seed 5)."""
    out = {}
    for map_id in ("palace", "hotel"):
        folder = build_map(map_id).path
        out[map_id] = (folder, *generate_tasks(folder, COUNT, seed=5))
    return out


def test_counts_ids_and_stop_counts(generated):
    for map_id, (_folder, catalog, _refs) in generated.items():
        assert len(catalog.tasks) == COUNT
        assert [t.task_id for t in catalog.tasks] == [f"{map_id}-{i:03d}" for i in range(1, 9)]
        for task in catalog.tasks:
            assert task.map_id == map_id
            assert 2 <= len(task.waypoints) <= 12
            assert task.metadata.stops == len(task.waypoints)
            assert task.metadata.prompt_language == "en-GB"


def test_no_ordered_pair_of_stops_repeats_within_a_map(generated):
    for _folder, catalog, _refs in generated.values():
        pairs = [(a.id, b.id) for t in catalog.tasks for a, b in itertools.pairwise(t.waypoints)]
        assert len(pairs) == len(set(pairs))


def test_same_seed_same_catalog_bytes_other_seed_differs(generated, tmp_path):
    folder, catalog, refs = generated["palace"]
    again, refs_again = generate_tasks(folder, COUNT, seed=5)
    write_catalog(tmp_path / "a.json", catalog)
    write_catalog(tmp_path / "b.json", again)
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert refs == refs_again
    other, _ = generate_tasks(folder, COUNT, seed=6)
    assert catalog_data(other) != catalog_data(catalog)


def test_catalog_validates_against_the_maps_and_round_trips(generated, tmp_path):
    maps = {m: folder for m, (folder, _c, _r) in generated.items()}
    for map_id, (_folder, catalog, _refs) in generated.items():
        assert validate_catalog(catalog, maps) == []
        path = write_catalog(tmp_path / f"{map_id}.json", catalog)
        assert catalog_data(load_catalog(path)) == catalog_data(catalog)


def test_waypoint_names_and_captions_are_the_maps(generated):
    for folder, catalog, _refs in generated.values():
        index = load_package(folder).waypoints.by_id()
        for task in catalog.tasks:
            for stop in task.waypoints:
                assert stop.name == index[stop.id].name
                assert stop.caption == (index[stop.id].caption or stop.name[0])


def _in_order(text: str, names: list[str]) -> bool:
    at = 0
    for name in names:
        at = text.find(name, at)
        if at < 0:
            return False
        at += len(name)
    return True


def test_prompts_name_every_stop_in_order(generated):
    for _folder, catalog, _refs in generated.values():
        for task in catalog.tasks:
            names = [w.name for w in task.waypoints]
            assert _in_order(task.prompt, names), task.prompt
            assert _in_order(task.metadata.prompt_en, names)
            assert task.metadata.persona_en in task.metadata.prompt_en


def test_finnish_prompts_keep_names_in_the_nominative():
    theme = themes_for("helsinki", "outdoor")[0]
    names = ["Kauppatori", "Tuomiokirkko", "Ateneum", "Rautatieasema"]
    prompt = render_prompt(theme, names, "fi")
    assert prompt.endswith(
        "Lähtöpaikka: Kauppatori. Kohteet järjestyksessä: Tuomiokirkko, sitten Ateneum, "
        "lopuksi Rautatieasema."
    )
    assert theme.text("fi").persona in prompt and theme.text("en").persona not in prompt
    assert render_prompt(theme, names[:2], "fi").endswith("Kohde: Tuomiokirkko.")


def test_references_match_digests_and_route_metadata(generated):
    for folder, catalog, refs in generated.values():
        package = load_package(folder)
        assert set(refs) == {t.task_id for t in catalog.tasks}
        for task in catalog.tasks:
            ref = refs[task.task_id]
            assert ref["task_digest"] == resolve_task(task, package.waypoints).digest
            assert ref["reference_length"] == task.metadata.reference_length > 0
            for key in ("elevation_change", "doors", "stairs", "ladders", "buttons"):
                assert getattr(task.metadata, key) >= 0
            assert task.metadata.difficulty in ("easy", "medium", "hard")


def test_an_admitted_route_is_walked_again_in_the_physics(generated):
    folder, catalog, refs = generated["hotel"]
    task = max(catalog.tasks, key=lambda t: len(t.waypoints))
    package = load_package(folder)
    index = package.waypoints.by_id()
    graph = NavGraph(package.open_world())
    route = plan_route(graph, [index[w.id].position.as_tuple() for w in task.waypoints])
    assert route.reachable
    assert route.length == pytest.approx(refs[task.task_id]["reference_length"], abs=1e-3)
    game = Game(graph.world, PlayerState(pos=route.steps[0].pos, on_ground=True))
    result = follow(game, route, max_ticks=int(20 * (60 + 2 * route.length)))
    assert result.reached == [True] * (len(task.waypoints) - 1)


def test_variety_across_two_maps(generated):
    tasks = [t for _f, c, _r in generated.values() for t in c.tasks]
    assert len({len(t.waypoints) for t in tasks}) >= 3
    assert max(t.metadata.height_range for t in tasks) >= 4  # some route changes floor
    assert any(t.metadata.doors or t.metadata.stairs for t in tasks)
    assert len({t.metadata.topic_local for t in tasks}) >= 3


def test_max_length_turns_away_long_routes(generated):
    folder = generated["palace"][0]
    catalog, refs = generate_tasks(folder, 4, seed=5, max_length=90.0)
    assert catalog.tasks and all(r["reference_length"] <= 90.0 for r in refs.values())


def test_bad_input_is_a_clear_error(generated, tmp_path):
    folder = generated["palace"][0]
    with pytest.raises(TaskGenerationError, match="count"):
        generate_tasks(folder, -1)
    bare = tmp_path / "palace"
    bare.mkdir()
    for name in ("map.json", "waypoints.json", "routes.json"):
        (bare / name).write_bytes((folder / name).read_bytes())
    with pytest.raises(TaskGenerationError, match="no world/"):
        generate_tasks(bare, 2)
    with pytest.raises(SuiteError, match="no suite 'nope'"):
        build_suite("nope")


def test_demo_suite_builds_validates_and_is_cached(cache):
    began = time.perf_counter()
    folder = build_suite("demo")
    assert folder == suite_dir("demo") and folder.is_relative_to(cache / "suites")
    assert time.perf_counter() - began < 60
    catalog, refs = load_suite("demo")
    assert len(catalog.tasks) == 12 and len(catalog.map_ids()) == 3
    maps = {m: build_map(m).path for m in catalog.map_ids()}
    assert validate_catalog(catalog, maps) == []
    assert set(refs) == {t.task_id for t in catalog.tasks}
    assert all(r["reference_length"] <= 150.0 for r in refs.values())  # short demo episodes
    roster = json.loads((folder / "benchmark.demo.json").read_text())
    formats = SHARED / "reference" / "mineodyssey-formats"
    reference = formats / "benchmark.finalpool-navigation-v1.json"
    if reference.exists():  # same fields as Mine Odyssey's roster
        assert set(roster) == set(json.loads(reference.read_text()))
        assert set(roster["task_admission"]) == set(
            json.loads(reference.read_text())["task_admission"]
        )
    assert roster["task_count"] == 12 and roster["maps"] == catalog.map_ids()
    stamp = (folder / "tasks.json").stat().st_mtime_ns
    assert build_suite("demo") == folder and (folder / "tasks.json").stat().st_mtime_ns == stamp
    with pytest.MonkeyPatch.context() as mp:  # a map added without a version bump: stale
        grown = {**SUITES["demo"].tasks_per_map, "stadium": 1}
        mp.setitem(SUITES, "demo", dataclasses.replace(SUITES["demo"], tasks_per_map=grown))
        assert not is_built("demo")
    assert is_built("demo")
    demo = next(s for s in list_suites() if s.name == "demo")
    assert demo.built and demo.task_count == 12 and demo.indoor == 12


def test_cli_generate_list_show_validate(generated, cache, tmp_path):
    runner = CliRunner()
    out = tmp_path / "t" / "tasks.json"
    r = runner.invoke(tasks_app, ["generate", "--map", "palace", "--count", "3", "--seed", "2",
                                  "--out", str(out)])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert len(load_catalog(out).tasks) == 3 and (out.parent / "references.json").exists()
    assert runner.invoke(tasks_app, ["validate", str(out), "--maps", "palace"]).exit_code == 0
    # A maps folder with one package per map id.
    maps_dir = tmp_path / "maps"
    maps_dir.mkdir()
    (maps_dir / "palace").symlink_to(generated["palace"][0])
    assert runner.invoke(tasks_app, ["validate", str(out), "--maps", str(maps_dir)]).exit_code == 0
    data = json.loads(out.read_text())
    data["tasks"][1]["waypoints"][0]["name"] = "Nowhere Hall"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = runner.invoke(tasks_app, ["validate", str(bad), "--maps", str(maps_dir)])
    assert r.exit_code == 1
    assert "tasks[1] (palace-002): waypoints[0].name" in r.output
    r = runner.invoke(tasks_app, ["validate", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "no such file" in r.output
    r = runner.invoke(tasks_app, ["validate", str(out), "--maps", "atlantis"])
    assert r.exit_code == 2 and "atlantis" in r.output
    r = runner.invoke(tasks_app, ["list"])
    assert r.exit_code == 0 and "odyssey-v1" in r.output
    r = runner.invoke(tasks_app, ["list", "--suite", "demo"])
    assert r.exit_code == 0 and "12 tasks in suite demo" in r.output
    first = load_suite("demo")[0].tasks[0]
    r = runner.invoke(tasks_app, ["show", first.task_id])
    assert r.exit_code == 0 and first.prompt in r.output
    r = runner.invoke(tasks_app, ["show", "palace-999", "--suite", "demo"])
    assert r.exit_code == 2 and "palace-999" in r.output


@pytest.mark.acceptance
def test_odyssey_v1_has_tasks_on_every_real_place_split_outdoor_indoor(cache):
    began = time.perf_counter()
    build_suite("odyssey-v1")
    print(f"odyssey-v1 built in {time.perf_counter() - began:.1f} s")
    catalog, refs = load_suite("odyssey-v1")
    env = {t.task_id: CATALOG[t.map_id].environment for t in catalog.tasks}
    assert len(catalog.tasks) == suite_spec("odyssey-v1").task_count >= 176
    assert len(refs) == len(catalog.tasks)
    assert sum(e == "outdoor" for e in env.values()) >= 136
    assert sum(e == "indoor" for e in env.values()) >= 40
    assert catalog.map_ids() == list(suite_spec("odyssey-v1").tasks_per_map)
    maps = {m: build_map(m).path for m in catalog.map_ids()}
    assert validate_catalog(catalog, maps) == []
    assert all(r["reference_length"] <= 2500.0 for r in refs.values())
    assert {t.metadata.difficulty for t in catalog.tasks} == {"easy", "medium", "hard"}
    sizes = [len(t.waypoints) for t in catalog.tasks]
    assert all(2 <= n <= 12 for n in sizes) and 4.0 <= sum(sizes) / len(sizes) <= 5.5
    finnish = [t for t in catalog.tasks if t.map_id in ("helsinki", "karhula")]
    assert all(
        t.metadata.prompt_language == "fi-FI" and "Lähtöpaikka:" in t.prompt for t in finnish
    )
