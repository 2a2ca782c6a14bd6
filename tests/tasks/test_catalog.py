"""tasks.json schema v2: loading, writing, and checking catalogs against their maps."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import SHARED, shared_path
from odyssey.errors import OdysseyError
from odyssey.maps.waypoints import load_waypoints
from odyssey.tasks import (
    TASK_EVAL_DEFAULTS,
    Task,
    TaskCatalog,
    TaskCatalogError,
    check_catalog,
    eval_defaults,
    load_catalog,
    validate_catalog,
    write_catalog,
)

FORMATS = SHARED / "reference" / "mineodyssey-formats"
SAMPLE_MAPS = ("cape-town", "innopolis", "white-house")

# A small map in the package layout and the same places as a bare list with [x, y, z] positions.
PLACES = [
    ("TOW-WP-01", "Kauppatori", [10, 64, 10]),
    ("TOW-WP-02", "Rautatieasema", [40, 64, -5]),
    ("TOW-WP-03", "Tuomiokirkko", [25.5, 70, 30]),
    ("TOW-WP-04", "Ääninen kirjasto", [-12, 63, 8]),
] + [(f"TOW-WP-{n:02d}", f"Laituri {n}", [n * 10, 62, -n]) for n in range(5, 15)]


def write_package_layout(folder: Path, map_id: str = "town") -> Path:
    waypoints = [
        {"id": i, "name": n, "position": dict(zip("xyz", p, strict=True)), "route_ids": []}
        for i, n, p in PLACES
    ]
    doc = {
        "schema_version": 1,
        "map_id": map_id,
        "waypoint_count": len(waypoints),
        "waypoints": waypoints,
    }
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "waypoints.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return folder


def write_bare_list(path: Path) -> Path:
    rows = [{"id": i, "name": n, "position": p} for i, n, p in PLACES]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    return path


def row(task_id: str, stops: list[int], map_id: str = "town", **extra: Any) -> dict[str, Any]:
    """A task row visiting PLACES[i] for i in ``stops``."""
    waypoints = [
        {"id": PLACES[i][0], "name": PLACES[i][1], "caption": PLACES[i][1][0]} for i in stops
    ]
    data = {
        "task_id": task_id,
        "prompt": "Kulje paikasta toiseen.",
        "map_id": map_id,
        "waypoints": waypoints,
        "eval_setting": {},
        "metadata": {"prompt_language": "fi-FI", "prompt_en": "Walk from place to place."},
    }
    data.update(extra)
    return data


def catalog_of(*rows: dict[str, Any]) -> TaskCatalog:
    return TaskCatalog(tasks=[Task.model_validate(r) for r in rows])


@pytest.fixture()
def town(tmp_path: Path) -> Path:
    """A maps folder holding the map ``town``."""
    write_package_layout(tmp_path / "maps" / "town")
    return tmp_path / "maps"


# -- the real sample --------------------------------------------------------------------------


def test_sample_catalog_loads_and_validates_against_its_maps() -> None:
    path = shared_path(FORMATS / "tasks.sample.json")
    catalog = load_catalog(path)
    assert len(catalog.tasks) == 25
    assert catalog.map_ids() == list(SAMPLE_MAPS)
    assert catalog.tasks[0].task_id == "cape-town-001"
    assert catalog.by_id()["white-house-003"].metadata.difficulty in ("easy", "medium", "hard")
    maps_dir = FORMATS / "maps"
    present = [m for m in SAMPLE_MAPS if (maps_dir / m / "waypoints.json").exists()]
    assert present, "no sample map folders"
    mine = TaskCatalog(tasks=[t for t in catalog.tasks if t.map_id in present])
    assert validate_catalog(mine, maps_dir) == []
    loaded = {m: load_waypoints(maps_dir / m / "waypoints.json") for m in present}
    assert validate_catalog(mine, loaded) == []
    check_catalog(mine, {m: maps_dir / m for m in present})


def test_eval_defaults_match_the_reference_setting() -> None:
    settings = shared_path(FORMATS / "settings.final-navigation-v1.json")
    assert eval_defaults(settings) == TASK_EVAL_DEFAULTS
    configs = json.loads((FORMATS / "configs" / "eval_settings.default.json").read_text())
    assert set(configs) <= set(TASK_EVAL_DEFAULTS)


def test_sample_round_trips_unchanged(tmp_path: Path) -> None:
    path = shared_path(FORMATS / "tasks.sample.json")
    catalog = load_catalog(path)
    out = write_catalog(tmp_path / "out" / "tasks.json", catalog)
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(path.read_text("utf-8"))
    assert load_catalog(out) == catalog
    text = out.read_text(encoding="utf-8")
    assert "为一家新街区旅馆" in text  # non-ASCII kept, not \u-escaped
    first = json.loads(text)["tasks"][0]
    assert list(first) == ["task_id", "prompt", "map_id", "waypoints", "eval_setting", "metadata"]
    before = out.read_bytes()
    write_catalog(out, load_catalog(out))
    assert out.read_bytes() == before
    assert [p.name for p in out.parent.iterdir()] == ["tasks.json"]  # no temporary file left


# -- constructed catalogs ---------------------------------------------------------------------


def test_constructed_catalog_round_trips(tmp_path: Path, town: Path) -> None:
    catalog = catalog_of(
        row("town-001", [0, 1, 2, 3]),
        row("town-002", [3, 0], eval_setting={"time": "night", "start_view": {"yaw": 90}}),
        row("town-003", [0, 2, 0]),  # a loop back to the start
    )
    assert validate_catalog(catalog, town) == []
    out = write_catalog(tmp_path / "tasks.json", catalog)
    again = load_catalog(out)
    assert again == catalog
    assert again.tasks[0].metadata.model_extra == {"prompt_en": "Walk from place to place."}
    assert again.tasks[1].eval_setting == {"time": "night", "start_view": {"yaw": 90}}


def test_bare_list_waypoint_file_with_list_positions_validates(tmp_path: Path) -> None:
    bare = write_bare_list(tmp_path / "elsewhere" / "town-points.json")
    catalog = catalog_of(row("town-001", [0, 2, 3]), row("town-002", [1, 0]))
    assert validate_catalog(catalog, {"town": bare}) == []
    # the same layout as a map folder's waypoints.json
    write_bare_list(tmp_path / "maps" / "town" / "waypoints.json")
    assert validate_catalog(catalog, tmp_path / "maps") == []


def test_missing_map(town: Path) -> None:
    catalog = catalog_of(row("town-001", [0, 1]), row("harbour-001", [0, 1], map_id="harbour"))
    problems = validate_catalog(catalog, town)
    assert len(problems) == 1
    assert problems[0].startswith("tasks.json: tasks[1] (harbour-001): map_id: unknown map")
    assert "'harbour'" in problems[0]
    problems = validate_catalog(catalog, {"town": town / "town"})
    assert problems == [
        "tasks.json: tasks[1] (harbour-001): map_id: unknown map 'harbour' (maps given: town)"
    ]


def test_missing_waypoint_id_and_wrong_name(town: Path) -> None:
    bad = row("town-001", [0, 1, 2])
    bad["waypoints"][1]["id"] = "TOW-WP-99"
    bad["waypoints"][2]["name"] = "Tuomiokirkon portaat"
    problems = validate_catalog(catalog_of(bad), town, label="my/tasks.json")
    assert problems == [
        "my/tasks.json: tasks[0] (town-001): waypoints[1].id: map 'town' has no waypoint "
        "'TOW-WP-99'",
        "my/tasks.json: tasks[0] (town-001): waypoints[2].name: 'Tuomiokirkon portaat' is not "
        "the map's name for 'TOW-WP-03', which is 'Tuomiokirkko'",
    ]
    with pytest.raises(TaskCatalogError) as info:
        check_catalog(catalog_of(bad), town)
    assert isinstance(info.value, OdysseyError)
    assert len(info.value.problems) == 2
    assert "TOW-WP-99" in str(info.value)


@pytest.mark.parametrize(
    ("stops", "expected"),
    [
        ([0], "waypoints: a task needs 2 to 12 waypoints (start, checkpoints, target), got 1"),
        (list(range(13)), "got 13"),
        ([0, 1, 2, 1, 3], "waypoints[3].id: checkpoint 'TOW-WP-02' is already waypoints[1]"),
        ([0, 0, 1], "waypoints[1].id: 'TOW-WP-01' repeats the stop before it"),
        ([0, 1, 1], "waypoints[2].id: 'TOW-WP-02' repeats the stop before it"),
        ([2, 2], "waypoints[1].id: 'TOW-WP-03' repeats the stop before it"),
    ],
)
def test_bad_stops(town: Path, stops: list[int], expected: str) -> None:
    problems = validate_catalog(catalog_of(row("town-001", stops)), town)
    assert len(problems) == 1, problems
    assert problems[0].startswith("tasks.json: tasks[0] (town-001): ")
    assert expected in problems[0]


@pytest.mark.parametrize(
    ("eval_setting", "expected"),
    [
        ({"fog": True}, "eval_setting.fog: unknown field (known: time, weather,"),
        ({"hud_enabled": "yes"}, "eval_setting.hud_enabled: expected true or false"),
        ({"player_scale": True}, "eval_setting.player_scale: expected a finite number"),
        ({"time": 6000}, "eval_setting.time: expected a string"),
        ({"start_view": {"yaw": 0, "roll": 3}}, "eval_setting.start_view.roll: unknown field"),
        ({"start_view": {"pitch": 120}}, "eval_setting.start_view.pitch: must lie in -90..90"),
        ({"start_view": [0, 0]}, "eval_setting.start_view: expected an object {yaw, pitch}"),
    ],
)
def test_bad_eval_setting(town: Path, eval_setting: dict[str, Any], expected: str) -> None:
    catalog = catalog_of(row("town-001", [0, 1], eval_setting=eval_setting))
    problems = validate_catalog(catalog, town)
    assert len(problems) == 1, problems
    assert problems[0].startswith("tasks.json: tasks[0] (town-001): ")
    assert expected in problems[0]


def test_eval_setting_checked_against_given_defaults(town: Path) -> None:
    catalog = catalog_of(row("town-001", [0, 1], eval_setting={"fog": True}))
    assert validate_catalog(catalog, town, defaults={**TASK_EVAL_DEFAULTS, "fog": False}) == []
    custom = validate_catalog(catalog_of(row("town-001", [0, 1])), town, defaults={})
    assert custom == []


def test_task_ids(town: Path) -> None:
    catalog = catalog_of(
        row("town-1", [0, 1]),
        row("Town-001", [0, 1]),
        row("harbour-001", [0, 1]),
        row("town-002", [0, 1]),
        row("town-002", [1, 0]),
    )
    problems = validate_catalog(catalog, town)
    assert problems == [
        "tasks.json: tasks[0] (town-1): task_id: expected '<map-id>-NNN' (e.g. 'cape-town-005'), "
        "got 'town-1'",
        "tasks.json: tasks[1] (Town-001): task_id: expected '<map-id>-NNN' (e.g. "
        "'cape-town-005'), got 'Town-001'",
        "tasks.json: tasks[2] (harbour-001): task_id: 'harbour-001' does not start with its "
        "map_id 'town'",
        "tasks.json: tasks[4] (town-002): task_id: 'town-002' is also the id of tasks[3]",
    ]


def test_every_problem_is_reported_at_once(town: Path) -> None:
    catalog = catalog_of(
        row("town-001", [0]),
        row("town-002", [0, 1], eval_setting={"fog": True}),
        row("nowhere-001", [0, 1], map_id="nowhere"),
    )
    problems = validate_catalog(catalog, town)
    assert [p.split(":")[1].strip() for p in problems] == [
        "tasks[0] (town-001)",
        "tasks[1] (town-002)",
        "tasks[2] (nowhere-001)",
    ]


def test_unreadable_waypoint_file_is_one_problem(tmp_path: Path) -> None:
    (tmp_path / "maps" / "town").mkdir(parents=True)
    (tmp_path / "maps" / "town" / "waypoints.json").write_text("{not json", encoding="utf-8")
    catalog = catalog_of(row("town-001", [0, 1]), row("town-002", [1, 2]))
    problems = validate_catalog(catalog, tmp_path / "maps")
    assert len(problems) == 1
    assert problems[0].startswith("tasks.json: map 'town': ")
    assert "waypoints.json: line 1 column 2: not valid JSON" in problems[0]


# -- loading bad files ------------------------------------------------------------------------


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "tasks.json"
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return path


def load_problems(path: Path, check: bool = True) -> list[str]:
    with pytest.raises(TaskCatalogError) as info:
        load_catalog(path, check=check)
    return info.value.problems


def test_broken_json_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, '{"schema_version": 2,\n "tasks": [}')
    (problem,) = load_problems(path)
    assert problem.startswith(f"{path}: line 2 column 12: not valid JSON")
    (missing,) = load_problems(tmp_path / "absent.json")
    assert "absent.json: no such file" in missing


def test_schema_problems_name_file_task_and_field(tmp_path: Path) -> None:
    no_prompt = row("town-001", [0, 1])
    del no_prompt["prompt"]
    extra_key = row("town-002", [0, 1], notes="hi")
    bad_stop = row("town-003", [0, 1])
    bad_stop["waypoints"][1]["position"] = [1, 2, 3]
    bad_difficulty = row("town-004", [0, 1])
    bad_difficulty["metadata"]["difficulty"] = "extreme"
    path = write(
        tmp_path,
        {"schema_version": 1, "tasks": [no_prompt, extra_key, bad_stop, bad_difficulty, 7]},
    )
    problems = load_problems(path)
    assert problems == [
        f"{path}: schema_version: expected 2, got 1",
        f"{path}: tasks[0] (town-001): prompt: required field is missing",
        f"{path}: tasks[1] (town-002): notes: unknown field, got 'hi'",
        f"{path}: tasks[2] (town-003): waypoints[1].position: unknown field, got a list of 3",
        f"{path}: tasks[3] (town-004): metadata.difficulty: expected 'easy', 'medium' or "
        "'hard', got 'extreme'",
        f"{path}: tasks[4]: expected an object, got 7",
    ]


def test_top_level_shape(tmp_path: Path) -> None:
    assert load_problems(write(tmp_path, [1, 2])) == [
        f'{tmp_path / "tasks.json"}: expected an object {{"schema_version": 2, "tasks": [...]}}, '
        "got a list of 2"
    ]
    path = write(tmp_path, {"schema_version": 2, "tasks": {}, "extra": 1})
    assert load_problems(path) == [
        f"{path}: extra: unknown field",
        f"{path}: tasks: expected a list of tasks, got an object",
    ]


def test_load_checks_what_needs_no_map(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {"schema_version": 2, "tasks": [row("town-001", [0]), row("town-002", [0, 1])]},
    )
    (problem,) = load_problems(path)
    assert problem == (
        f"{path}: tasks[0] (town-001): waypoints: a task needs 2 to 12 waypoints "
        "(start, checkpoints, target), got 1"
    )
    assert len(load_catalog(path, check=False).tasks) == 2


def test_two_and_twelve_stops_are_accepted(town: Path) -> None:
    catalog = catalog_of(row("town-001", [3, 0]), row("town-002", list(range(12))))
    assert validate_catalog(catalog, town) == []
