"""``maps import``: a real Anvil world plus a waypoint file of any layout -> a map package."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from conftest import PRISMARINE, SHARED, shared_path
from odyssey.maps.importer import import_world
from odyssey.maps.manifest import MapFormatError, MapPackageError
from odyssey.maps.package import load_package, validate_package

FORMATS = SHARED / "reference" / "mineodyssey-formats" / "maps"


@pytest.fixture
def fixture_world() -> Path:
    """Prismarine's 1.21.1 test world: region files only, no level.dat (read-only)."""
    return shared_path(PRISMARINE / "1.21.1")


def writable_copy(source: Path, target: Path) -> Path:
    shutil.copytree(source, target)
    for path in [target, *target.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)
    return target


def test_mine_odyssey_waypoints_with_their_routes(tmp_path, fixture_world):
    source = shared_path(FORMATS / "white-house" / "waypoints.json")
    root = import_world(
        fixture_world,
        source,
        tmp_path / "pkg",
        map_id="white-house",
        display_name="White House",
        environment="indoor",
    )
    assert validate_package(root) == []
    package = load_package(root)
    assert (package.map_id, package.manifest.display_name) == ("white-house", "White House")
    assert package.manifest.environment == "indoor"
    assert len(package.waypoints.waypoints) == 40
    assert len(package.routes.routes) == 9  # from the routes.json beside the waypoints
    original = json.loads(source.read_text(encoding="utf-8"))
    assert json.loads((root / "waypoints.json").read_text(encoding="utf-8")) == original

    world_info = package.manifest.world
    assert (world_info.minecraft_version, world_info.data_version) == ("unknown", 3955)
    assert package.manifest.bounds is not None
    assert package.manifest.source == {
        "kind": "import",
        "world_root": "1.21.1",
        "waypoints_file": "waypoints.json",
    }
    world = package.open_world()
    assert world.chunk_positions()
    assert sorted(os.listdir(root / "world" / "region")) == sorted(
        os.listdir(fixture_world / "region")
    )
    for path in [root / "world", *(root / "world").rglob("*")]:  # the source is read-only
        assert path.stat().st_mode & stat.S_IWUSR, path


def test_xaero_file_and_map_id_from_the_folder(tmp_path, fixture_world, monkeypatch):
    world_dir = writable_copy(fixture_world, tmp_path / "Harbor City")
    (world_dir / "session.lock").write_bytes(b"\xe2\x98\x83")
    xaero = tmp_path / "mw$default_1.txt"
    xaero.write_text(
        "#\n#waypoint:name:initials:x:y:z:color:disabled:type:set:rotate_on_tp:tp_yaw:"
        "visibility_type:destination\n#\n"
        "waypoint:Ferry Terminal:F:-8:70:12:9:false:0:gui.xaero_default:false:0:0:false\n"
        "waypoint:Fish Market:FM:20:64:-3:12:true:0:gui.xaero_default:false:0:0:false\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    root = import_world(world_dir, xaero, skip_disabled=True)
    assert root == Path("maps") / "harbor-city"
    package = load_package(root)
    assert package.map_id == "harbor-city"
    assert package.manifest.display_name == "Harbor City"
    assert package.manifest.environment is None
    assert [(w.id, w.name) for w in package.waypoints.waypoints] == [
        ("HAR-WP-01", "Ferry Terminal")
    ]
    assert package.waypoints.excluded_waypoints[0].name == "Fish Market"
    assert package.routes.routes == []
    assert not (root / "world" / "session.lock").exists()


def test_mine_odyssey_map_folder_keeps_its_manifest(tmp_path, fixture_world):
    root = import_world(fixture_world, shared_path(FORMATS / "innopolis"), tmp_path / "pkg")
    package = load_package(root)
    original = json.loads((FORMATS / "innopolis" / "map.json").read_text(encoding="utf-8"))
    manifest = json.loads((root / "map.json").read_text(encoding="utf-8"))
    assert package.map_id == "innopolis"
    assert manifest["license"] == original["license"]
    assert manifest["world"] == original["world"]
    assert manifest["source"]["archive_sha256"] == original["source"]["archive_sha256"]
    assert manifest["source"]["waypoints_file"] == "waypoints.json"
    assert len(package.routes.routes) == 9
    corrections = package.waypoints.local_position_corrections
    assert corrections is not None and "INN-WP-14" in corrections.original_positions


def test_waypoints_without_their_routes_drop_the_route_ids(tmp_path, fixture_world):
    alone = tmp_path / "cape.json"
    shutil.copy(shared_path(FORMATS / "cape-town" / "waypoints.json"), alone)
    root = import_world(fixture_world, alone, tmp_path / "pkg", map_id="cape-town")
    package = load_package(root)
    assert all(w.route_ids == [] for w in package.waypoints.waypoints)
    assert package.manifest.source["notes"][0].startswith("route ids without a routes.json")


def test_bad_input_is_refused_before_anything_is_copied(tmp_path, fixture_world):
    good = tmp_path / "marks.json"
    good.write_text('[{"name": "A", "position": [0, 64, 0]}]')
    out = tmp_path / "pkg"

    with pytest.raises(MapPackageError, match="not a Minecraft world"):
        import_world(tmp_path, good, out)
    with pytest.raises(MapPackageError, match="no such folder"):
        import_world(tmp_path / "nowhere", good, out)
    with pytest.raises(MapPackageError, match=r"is not a map id .*try 'my-map'"):
        import_world(fixture_world, good, out, map_id="My Map")
    with pytest.raises(MapFormatError, match=r"map\.json: environment: expected 'outdoor'"):
        import_world(fixture_world, good, out, environment="cave")

    routes = tmp_path / "routes.json"
    routes.write_text(
        json.dumps(
            {
                "schema_version": 1,
                "map_id": "x",
                "route_count": 1,
                "routes": [
                    {
                        "id": "r1",
                        "title": "T",
                        "status": "new",
                        "points": [
                            {"waypoint_id": "PKG-WP-01", "role": "start"},
                            {"waypoint_id": "PKG-WP-07", "role": "end"},
                        ],
                    }
                ],
            }
        )
    )
    with pytest.raises(MapFormatError) as e:
        import_world(fixture_world, good, out, map_id="pkg", routes_file=routes)
    assert str(e.value) == (
        "routes.json: routes[0].points[1].waypoint_id: 'PKG-WP-07' names no waypoint in "
        "waypoints.json"
    )

    broken = tmp_path / "broken.json"
    broken.write_text('[{"name": "A", "position": [0, 64, 0]}')
    with pytest.raises(MapFormatError, match=r"broken.json: line 1 column \d+: not valid JSON"):
        import_world(fixture_world, broken, out)
    assert not out.exists()


def test_refuses_an_existing_world_and_a_target_inside_the_source(tmp_path, fixture_world):
    good = tmp_path / "marks.json"
    good.write_text('[{"name": "A", "position": [0, 64, 0]}]')
    root = import_world(fixture_world, good, tmp_path / "pkg", map_id="once")
    with pytest.raises(MapPackageError, match="already exists"):
        import_world(fixture_world, good, root, map_id="twice")
    world_copy = writable_copy(fixture_world, tmp_path / "w")
    with pytest.raises(MapPackageError, match="inside the world folder"):
        import_world(world_copy, good, world_copy / "pkg")
