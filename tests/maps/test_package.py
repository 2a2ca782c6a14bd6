"""Writing a built map as a package, loading it back, and checking packages."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from odyssey.maps.built import BuiltMap, PlacedWaypoint
from odyssey.maps.manifest import MapFormatError, MapPackageError
from odyssey.maps.package import (
    initials_of,
    load_package,
    validate_package,
    write_package,
)
from odyssey.maps.waypoints import waypoint_ids
from odyssey.world.generate import GENERATED_DIMENSION
from odyssey.world.storage import World

FORMATS = SHARED / "reference" / "mineodyssey-formats" / "maps"


def small_map(seed: int = 7) -> BuiltMap:
    """A 32 x 32 stone yard with a hall on it: enough world to save, with named places."""
    world = World(GENERATED_DIMENSION)
    world.fill((0, 60, 0), (32, 64, 32), "stone")
    world.fill((4, 64, 4), (12, 68, 12), "oak_planks")
    waypoints = [
        PlacedWaypoint("Town Hall", (8.5, 68.0, 8.5), kind="townhall", floor=1),
        PlacedWaypoint("Tikankatu / Karhulantie", (20.5, 64.0, 3.5), kind="corner"),
        PlacedWaypoint(
            "Kauppa Ääri",
            (-8520000.5, 64, 6020000.25),
            initials="K",
            extra={"osm": {"type": "node", "id": 42}},
        ),
        PlacedWaypoint("Deck C Purser's Office", (2.5, 64.0, 30.5), initials=None),
    ]
    return BuiltMap(
        map_id="karhula-test",
        display_name="Karhula (test)",
        environment="outdoor",
        world=world,
        waypoints=waypoints,
        spawn=(16.5, 64.0, 16.5),
        bounds=(0, 0, 31, 31),
        builder="osm",
        builder_version="1",
        seed=seed,
        out_of_bounds_y=54,
        origin={
            "lat": 60.5,
            "lon": 26.9,
            "projection": "local transverse mercator",
            "source": "karhula.osm.pbf",
            "attribution": "© OpenStreetMap contributors",
        },
        locale="fi",
    )


def a_route(map_id: str, count: int) -> dict:
    ids = waypoint_ids(map_id, count)
    return {
        "id": "kar-route-01",
        "title": "Kaupungintalolta kauppaan",
        "status": "generated",
        "points": [
            {"waypoint_id": ids[0], "role": "start"},
            {"waypoint_id": ids[1], "role": "via"},
            {"waypoint_id": ids[2], "role": "end"},
        ],
        "prompt_language": "fi-FI",
    }


def test_write_then_load_round_trip(tmp_path):
    built = small_map()
    root = write_package(built, tmp_path / "pkg", routes=[a_route(built.map_id, 4)])
    assert validate_package(root) == []
    package = load_package(root)

    m = package.manifest
    assert (m.map_id, m.display_name, m.environment, m.locale) == (
        "karhula-test",
        "Karhula (test)",
        "outdoor",
        "fi",
    )
    assert m.out_of_bounds is not None and m.out_of_bounds.at_or_below_y == 54
    assert m.out_of_bounds.duration_sec == 15
    assert (m.world.minecraft_version, m.world.version_name, m.world.data_version) == (
        "1.21.11",
        "1.21.11",
        4671,
    )
    assert m.origin is not None and m.origin.lat == 60.5
    assert m.builder is not None and (m.builder.name, m.builder.seed) == ("osm", 7)
    assert m.bounds is not None and (m.bounds.min_x, m.bounds.max_z) == (0, 31)
    assert m.spawn is not None and m.spawn.as_tuple() == built.spawn
    assert m.license is not None and m.license.redistribution

    waypoints = package.waypoints.waypoints
    assert [w.id for w in waypoints] == ["KAR-WP-01", "KAR-WP-02", "KAR-WP-03", "KAR-WP-04"]
    for placed, waypoint in zip(built.waypoints, waypoints, strict=True):
        assert waypoint.name == placed.name
        assert waypoint.position.as_tuple() == tuple(placed.position)
        assert waypoint.kind == (placed.kind or None)
        assert waypoint.floor_index == placed.floor
    assert [w.initials for w in waypoints] == ["TH", "TK", "K", "DC"]
    assert waypoints[2].model_extra["osm"] == {"type": "node", "id": 42}
    assert waypoints[0].route_ids == ["kar-route-01"]
    assert waypoints[3].route_ids == []
    assert len({w.color for w in waypoints}) == 4

    assert [r.id for r in package.routes.routes] == ["kar-route-01"]
    assert package.routes.routes[0].model_extra["prompt_language"] == "fi-FI"

    world = package.open_world()
    assert package.open_world() is world
    assert world.registry.block_of(world.get_block(5, 66, 5)).name == "oak_planks"
    assert world.registry.block_of(world.get_block(20, 62, 3)).name == "stone"


def test_json_files_are_plain_utf8_and_exact(tmp_path):
    root = write_package(small_map(), tmp_path / "pkg")
    text = (root / "waypoints.json").read_text(encoding="utf-8")
    assert "Kauppa Ääri" in text  # not \u-escaped
    assert '\n  "map_id": "karhula-test"' in text  # indent 2
    assert "-8520000.5" in text and "6020000.25" in text
    routes = json.loads((root / "routes.json").read_text(encoding="utf-8"))
    assert routes["route_count"] == 0 and routes["routes"] == []
    assert not list(root.glob(".*"))  # no temporary files left


def digests(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_same_map_writes_the_same_bytes(tmp_path):
    first = digests(write_package(small_map(), tmp_path / "a"))
    second = digests(write_package(small_map(), tmp_path / "b"))
    assert first == second
    assert any(name.startswith("world/region/") for name in first)


def test_rewriting_replaces_the_world(tmp_path):
    root = write_package(small_map(seed=1), tmp_path / "pkg")
    (root / "world" / "stale.txt").write_text("from an older build")
    write_package(small_map(seed=2), root)
    assert not (root / "world" / "stale.txt").exists()
    assert load_package(root).manifest.builder.seed == 2


def test_refuses_to_overwrite_a_folder_that_is_no_world(tmp_path):
    (tmp_path / "pkg" / "world").mkdir(parents=True)
    (tmp_path / "pkg" / "world" / "notes.txt").write_text("mine")
    with pytest.raises(MapPackageError, match="exists and is not a world"):
        write_package(small_map(), tmp_path / "pkg")
    assert (tmp_path / "pkg" / "world" / "notes.txt").exists()


def test_route_naming_an_unknown_waypoint_is_refused_before_writing(tmp_path):
    route = a_route("karhula-test", 4)
    route["points"][1]["waypoint_id"] = "KAR-WP-99"
    with pytest.raises(MapFormatError) as e:
        write_package(small_map(), tmp_path / "pkg", routes=[route])
    assert e.value.problems == [
        "routes.json: routes[0].points[1].waypoint_id: 'KAR-WP-99' names no waypoint in "
        "waypoints.json"
    ]
    assert not (tmp_path / "pkg").exists()


def test_non_finite_waypoint_is_refused(tmp_path):
    built = small_map()
    built.waypoints.append(PlacedWaypoint("Nowhere", (1.0, float("nan"), 2.0)))
    with pytest.raises(MapFormatError) as e:
        write_package(built, tmp_path / "pkg")
    assert str(e.value) == (
        "waypoints.json: waypoints[4].position.y: expected a finite number, got nan"
    )


def test_unknown_environment_is_refused(tmp_path):
    built = small_map()
    built.environment = "underground"
    with pytest.raises(MapFormatError, match=r"map\.json: environment: expected 'outdoor'"):
        write_package(built, tmp_path / "pkg")


def test_initials():
    assert initials_of("Blue Drawing Room") == "BD"
    assert initials_of("Tikankatu / Karhulantie") == "TK"
    assert initials_of("President's Bedroom") == "PB"
    assert initials_of("жк «Квартал Ю»") == "ЖК"
    assert initials_of("Lobby") == "L"


# -- the real Mine Odyssey packages and broken ones ---------------------------------------------


@pytest.mark.parametrize("map_id", ["white-house", "innopolis", "cape-town"])
def test_real_packages_load_without_a_world(map_id):
    package = load_package(shared_path(FORMATS / map_id))
    assert package.world_dir is None
    assert package.map_id == map_id
    assert len(package.routes.routes) == 9
    assert package.info()["waypoints"] == len(package.waypoints.waypoints) > 30
    with pytest.raises(MapPackageError, match="has no world/ folder"):
        package.open_world()


def copy_sample(tmp_path: Path, map_id: str) -> Path:
    return Path(shutil.copytree(shared_path(FORMATS / map_id), tmp_path / map_id))


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_validate_collects_problems_across_files(tmp_path):
    root = copy_sample(tmp_path, "white-house")
    edit(root / "map.json", lambda d: d.update(environment="space"))

    def break_waypoints(d):
        d["waypoints"][0]["route_ids"] = ["whi-route-77"]
        d["waypoints"][3]["position"]["x"] = "east"

    edit(root / "waypoints.json", break_waypoints)
    edit(root / "routes.json", lambda d: d["routes"][0]["points"][0].update(waypoint_id="NOPE"))
    problems = validate_package(root)
    assert problems == [
        "map.json: environment: expected 'outdoor', 'indoor' or 'mixed', got 'space'",
        "waypoints.json: waypoints[3].position.x: expected a finite number, got 'east'",
        "routes.json: routes[0].segments[0]: from 'WHI-WP-40' to 'WHI-WP-37', expected 'NOPE' "
        "to 'WHI-WP-37'",
    ]
    edit(root / "map.json", lambda d: d.update(environment="indoor"))
    edit(root / "waypoints.json", lambda d: d["waypoints"][3]["position"].update(x=1))
    assert validate_package(root)[1:] == [
        "waypoints.json: waypoints[0].route_ids: 'whi-route-77' names no route in routes.json",
        "routes.json: routes[0].points[0].waypoint_id: 'NOPE' names no waypoint in waypoints.json",
    ]
    with pytest.raises(MapFormatError, match="'NOPE' names no waypoint"):
        load_package(root)


def test_validate_broken_json_missing_file_and_other_map(tmp_path):
    root = copy_sample(tmp_path, "innopolis")
    text = (root / "routes.json").read_text(encoding="utf-8")
    (root / "routes.json").write_text(text.replace('"route_count": 9,', '"route_count": 9'))
    (root / "waypoints.json").unlink()
    problems = validate_package(root)
    assert len(problems) == 2
    assert problems[0].startswith("waypoints.json: no such file")
    assert problems[1].startswith("routes.json: line 13 column 3: not valid JSON")

    root = copy_sample(tmp_path, "cape-town")
    edit(root / "routes.json", lambda d: d.update(map_id="cape-town-old"))
    (root / "world").mkdir()
    assert validate_package(root) == [
        "world/: not a Minecraft world (no level.dat or region files)",
        "routes.json: map_id: 'cape-town-old' differs from map.json's 'cape-town'",
    ]


def test_not_a_package_folder(tmp_path):
    assert validate_package(tmp_path / "absent") == [
        f"{tmp_path / 'absent'}: no such folder, expected a map package folder with map.json"
    ]
    with pytest.raises(MapFormatError, match="no such folder"):
        load_package(tmp_path / "absent")
