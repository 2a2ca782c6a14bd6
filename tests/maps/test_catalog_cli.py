"""The built-in map catalogue and the ``odyssey maps`` commands, run as real subprocesses with
the cache in a temporary folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from odyssey.maps.catalog import CATALOG, build_map, cached_dir
from odyssey.maps.check import check_map
from odyssey.maps.package import load_package


def odyssey(*args: str, cache) -> subprocess.CompletedProcess:
    env = {**os.environ, "ODYSSEY_CACHE": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "odyssey.cli.main", *args],
        capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


def test_a_built_in_map_is_built_once_then_taken_from_the_cache(cache, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(cache))
    first = build_map("hotel")
    assert first.built is not None and first.path == cached_dir(CATALOG["hotel"])
    assert first.path.name == "hotel-indoor-v1-s0" and (first.path / "world").is_dir()
    again = build_map("hotel")
    assert again.built is None and again.path == first.path
    package = load_package(first.path)
    assert package.manifest.map_id == "hotel" and len(package.waypoints.waypoints) >= 25
    assert not list(first.path.parent.glob(".hotel-*")), "no scratch folder is left behind"


def test_maps_list_build_info_and_validate(cache):
    listed = odyssey("maps", "list", cache=cache)
    assert listed.returncode == 0, listed.stderr
    for map_id in CATALOG:
        assert map_id in listed.stdout
    built = odyssey("maps", "build", "palace", cache=cache)
    assert built.returncode == 0, built.stderr
    assert "waypoints, built in" in built.stdout
    info = odyssey("maps", "info", "palace", cache=cache)
    assert info.returncode == 0 and "waypoints" in info.stdout and "PAL-WP-01" in info.stdout
    valid = odyssey("maps", "validate", "palace", cache=cache)
    assert valid.returncode == 0, valid.stdout + valid.stderr
    assert "palace: valid" in valid.stdout


def test_validate_names_a_waypoint_in_a_wall(cache, tmp_path):
    out = tmp_path / "hotel-7"
    built = odyssey("maps", "build-indoor", "hotel", "--seed", "7", "--out", str(out),
                    cache=cache)  # fmt: skip
    assert built.returncode == 0, built.stderr
    data = json.loads((out / "waypoints.json").read_text())
    spawn = json.loads((out / "map.json").read_text())["spawn"]
    buried = data["waypoints"][3]
    buried["position"] = {"x": spawn["x"], "y": -40.5, "z": spawn["z"]}  # under the map
    (out / "waypoints.json").write_text(json.dumps(data))
    report = check_map(out)
    assert [w.id for w in report.failures] == [buried["id"]]
    result = odyssey("maps", "validate", str(out), cache=cache)
    assert result.returncode == 1 and buried["id"] in result.stdout and "NOT valid" in result.stdout


def test_commands_taking_a_world_take_a_map_id(cache):
    assert odyssey("maps", "build", "palace", cache=cache).returncode == 0
    package = load_package(cache / "maps" / "palace-indoor-v1-s0")
    spawn = package.manifest.spawn.as_tuple()
    target = package.waypoints.waypoints[5].position.as_tuple()
    path = odyssey("nav", "path", "palace", "--from", *map(str, spawn), "--to", *map(str, target),
                   cache=cache)  # fmt: skip
    assert path.returncode == 0, path.stdout + path.stderr
    assert "status reachable" in path.stdout


def test_unknown_map_and_bad_kind_are_clear_errors(cache):
    unknown = odyssey("maps", "info", "atlantis", cache=cache)
    assert unknown.returncode == 2 and "not a built-in map" in unknown.stderr
    kind = odyssey("maps", "build-indoor", "castle", cache=cache)
    assert kind.returncode == 2 and "unknown indoor kind 'castle'" in kind.stderr
    bbox = odyssey("maps", "build-osm", "x.osm.pbf", "--name", "x", "--bbox", "1,2,3", cache=cache)
    assert bbox.returncode == 2


@pytest.mark.acceptance
@pytest.mark.parametrize("map_id", list(CATALOG))
def test_every_built_in_map_builds_and_validates(map_id, tmp_path, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(tmp_path))
    result = build_map(map_id)
    least = {"helsinki": 60, "karhula": 30, "bloemfontein": 15, "three-rivers": 15}.get(map_id, 25)
    assert len(result.built.waypoints) >= least
    report = check_map(result.path)
    assert report.ok, (report.format_problems, [(w.id, w.problem) for w in report.failures])
    print(
        f"{map_id}: {len(report.waypoints)} waypoints, built {result.seconds:.1f} s,"
        f" checked {report.seconds:.1f} s"
    )
