"""What the built-in suites are made of: odyssey-v1 holds tasks on every real place, its first
maps keep the positions that draw their seeds, and (acceptance) the oracle solves the tasks of
the real places beyond Finland, whose prompts are in each place's language."""

from __future__ import annotations

import pytest

from odyssey.maps.catalog import CATALOG, build_map
from odyssey.tasks.generate import generate_tasks
from odyssey.tasks.suites import SUITES, suite_spec
from oracle_runs import run_tasks

# odyssey-v1 version 1, in order: a map's position draws its seed (seed * 1000 + position)
V1_MAPS = [("helsinki", 40), ("karhula", 40), ("palace", 10), ("hotel", 10), ("liner", 10),
           ("stadium", 10)]  # fmt: skip
LEAST_PER_PLACE = 6
# real place -> the prompt language its tasks get (BCP 47)
PROMPT_LANGUAGE = {"helsinki": "fi-FI", "karhula": "fi-FI", "monaco": "fr-FR",
                   "manhattan-columbus-circle": "en-GB", "three-rivers": "en-GB",
                   "bloemfontein": "en-GB", "astana": "ru-RU", "montevideo": "es-419",
                   "san-francisco": "en-GB"}  # fmt: skip
ROUTE_OPENING = {"fi-FI": "Lähtöpaikka: ", "en-GB": "You start at ",
                 "fr-FR": "Point de départ\u00a0: ", "ru-RU": "Начальная точка: ",
                 "es-419": "Punto de partida: "}  # fmt: skip


def real_places() -> list[str]:
    return [m for m, e in CATALOG.items() if e.kind == "osm" and e.environment == "outdoor"]


def test_odyssey_v1_has_tasks_on_every_real_place():
    spec = suite_spec("odyssey-v1")
    places = real_places()
    assert len(places) >= 8
    for map_id in places:
        assert spec.tasks_per_map.get(map_id, 0) >= LEAST_PER_PLACE, map_id
        assert map_id in PROMPT_LANGUAGE, f"{map_id}: say which language its prompts are in"


def test_every_suite_map_is_built_in():
    for spec in SUITES.values():
        assert set(spec.tasks_per_map) <= set(CATALOG), spec.name


def test_version_1_maps_keep_their_positions_and_counts():
    spec = suite_spec("odyssey-v1")
    assert list(spec.tasks_per_map.items())[: len(V1_MAPS)] == V1_MAPS
    assert spec.version != "1"  # more tasks: a cached version 1 is not reused
    assert spec.task_count >= 120 + LEAST_PER_PLACE * (len(real_places()) - 2)


def new_places() -> list[str]:
    return [m for m in suite_spec("odyssey-v1").tasks_per_map
            if m in real_places() and m not in dict(V1_MAPS)]  # fmt: skip


@pytest.mark.acceptance
def test_oracle_solves_95_percent_of_the_new_real_places_tasks(tmp_path, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(tmp_path / "cache"))
    spec = suite_spec("odyssey-v1")
    positions = {m: i for i, m in enumerate(spec.tasks_per_map)}
    tasks, references = [], {}
    for map_id in new_places():
        count = spec.tasks_per_map[map_id]
        seed = spec.seed * 1000 + positions[map_id]  # as build_suite draws them
        catalog, refs = generate_tasks(build_map(map_id).path, count, seed,
                                       max_length=spec.max_length)  # fmt: skip
        assert len(catalog.tasks) == count, map_id
        language = PROMPT_LANGUAGE[map_id]
        for task in catalog.tasks:
            assert task.metadata.prompt_language == language
            assert ROUTE_OPENING[language] in task.prompt, task.prompt
            assert ROUTE_OPENING["en-GB"] in task.metadata.prompt_en
        tasks += catalog.tasks
        references.update(refs)
    assert len(tasks) >= LEAST_PER_PLACE * 6
    results = run_tasks(tasks, references, "oracle", tmp_path / "oracle")
    wins = sum(r["success"] for r in results)
    print(f"odyssey-v1 new real places: oracle {wins}/{len(results)}")
    assert not any(r["infrastructure_error"] for r in results)
    assert wins / len(results) >= 0.95, [r["task_id"] for r in results if not r["success"]]
