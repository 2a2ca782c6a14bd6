"""The built-in maps made from iD's walkthrough graph and the vector tiles of
``@mapbox/mvt-fixtures`` (``tools/extract_places.py``): Three Rivers, Bloemfontein, Astana,
Montevideo and San Francisco. Default tier: each compact extract is bundled, small, read by the
builder's reader with buildings, named streets and named places inside its box, in the place's
language.
Acceptance tier: each map builds and validates with its waypoint count, local names and real
street names on its signs."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from built_maps import assert_valid, build_and_check, sign_lines

from odyssey.maps.catalog import CATALOG, osm_source
from odyssey.maps.osm.projection import projection_for_box
from odyssey.maps.osm.sources import read_source
from odyssey.world.generate import GROUND_Y

# map id -> locale, least buildings, least named streets, least named places, names that must be
# there (streets or places)
SOURCES = {
    "three-rivers": ("en", 150, 20, 25, {"Main Street", "Scidmore Park", "Riviera Theatre"}),
    "bloemfontein": ("en", 5, 20, 2, {"Church Street", "Loch Logan Mall", "Free State Stadium"}),
    "astana": ("ru", 100, 10, 80, {"бульвар Нуржол", "Астана-Байтерек",
                                     "Национальная Академическая Библиотека РК"}),
    "montevideo": ("es", 150, 50, 300, {"Avenida 18 de Julio", "Plaza Independencia",
                                        "Teatro Solís", "Mercado del Puerto"}),
    "san-francisco": ("en", 2500, 40, 10, {"Haight St", "Ashbury St", "Kezar Stadium",
                                           "Buena Vista Park", "Mount Olympus"}),
}  # fmt: skip
BOXES = {  # as in tools/extract_places.py
    "three-rivers": (-85.6400, 41.9395, -85.6290, 41.9480),
    "bloemfontein": (26.2070, -29.1240, 26.2210, -29.1110),
    "astana": (71.4150, 51.1220, 71.4330, 51.1330),
    "montevideo": (-56.2130, -34.9100, -56.1960, -34.9010),
    "san-francisco": (-122.4575, 37.7625, -122.4405, 37.7725),
}
MAX_EXTRACT_BYTES = 256 * 1024  # compact extracts, not whole tile sets (Montevideo's: 21 MB)
LEAST_WAYPOINTS = {
    "three-rivers": 30,
    "bloemfontein": 15,
    "astana": 30,
    "montevideo": 30,
    "san-francisco": 30,
}
REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
# the trimmed test fixtures of tests/maps/data and boxes inside them
FIXTURES = {
    "three-rivers.id.json": (-85.6365, 41.9415, -85.6325, 41.9445),
    "osm-qa-astana": (71.4535, 51.1520, 71.4565, 51.1550),
}
CYRILLIC = re.compile("[а-яА-ЯёЁәғқңөұүһі]")


def street_names(data) -> set[str]:
    return {w.tags["name"] for w in data.ways if "highway" in w.tags and "name" in w.tags}


def place_names(data) -> set[str]:
    found = {n.tags["name"] for n in data.nodes if "name" in n.tags}
    return found | {a.tags["name"] for a in data.areas if "name" in a.tags}


@pytest.fixture(scope="module")
def extracts():
    return {m: read_source(osm_source(f"{m}.osm.pbf")) for m in SOURCES}


@pytest.mark.parametrize("map_id", list(SOURCES))
def test_extract_is_bundled_small_and_in_the_catalog(map_id, extracts):
    path = osm_source(f"{map_id}.osm.pbf")
    assert path.is_file() and 0 < path.stat().st_size <= MAX_EXTRACT_BYTES
    entry = CATALOG[map_id]
    assert (entry.kind, entry.environment) == ("osm", "outdoor")
    # the box is in the extract's header: what the reader covers when given none
    assert extracts[map_id].box == pytest.approx(BOXES[map_id])


@pytest.mark.parametrize("map_id", list(SOURCES))
def test_extract_holds_buildings_named_streets_and_places(map_id, extracts):
    _, least_buildings, least_streets, least_places, names = SOURCES[map_id]
    data = extracts[map_id]
    assert not data.problems
    assert sum("building" in a.tags for a in data.areas) >= least_buildings
    assert len(street_names(data)) >= least_streets
    assert len(place_names(data)) >= least_places
    assert names <= street_names(data) | place_names(data)
    lon0, lat0, lon1, lat1 = BOXES[map_id]
    inside = [n for n in data.nodes if "name" in n.tags]
    assert inside and all(lon0 <= n.lon <= lon1 and lat0 <= n.lat <= lat1 for n in inside)


def test_tile_metadata_is_dropped_and_ids_are_synthetic(extracts):
    data = extracts["astana"]
    assert not any(k.startswith("@") for a in data.areas for k in a.tags)
    assert min(w.id for w in data.ways) == 1  # numbered by tools/extract_places.py


def test_astana_streets_are_named_in_russian(extracts):
    streets = street_names(extracts["astana"])
    assert sum(bool(CYRILLIC.search(s)) for s in streets) >= len(streets) * 0.8


@pytest.mark.parametrize("map_id", list(BOXES))
def test_box_is_a_walkable_district(map_id):
    lon0, lat0, lon1, lat1 = BOXES[map_id]
    proj = projection_for_box((lon0, lat0, lon1, lat1))
    (x0, z0), (x1, z1) = proj.to_xz(np.array([[lon0, lat0], [lon1, lat1]]))
    assert 0.5 <= abs(x1 - x0) * abs(z1 - z0) / 1e6 <= 2.0


def _tool():
    spec = importlib.util.spec_from_file_location("extract_places", REPO / "tools" /
                                                  "extract_places.py")  # fmt: skip
    module = importlib.util.module_from_spec(spec)
    sys.modules["extract_places"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("fixture", list(FIXTURES))
def test_tool_writes_the_same_bytes_twice_and_keeps_what_the_builder_reads(fixture, tmp_path):
    tool, box = _tool(), FIXTURES[fixture]
    a, b = tmp_path / "a.osm.pbf", tmp_path / "b.osm.pbf"
    tool.write_extract(DATA / fixture, a, box)
    tool.write_extract(DATA / fixture, b, box)
    assert a.read_bytes() == b.read_bytes()
    src, out = read_source(DATA / fixture, box), read_source(a)
    assert out.box == pytest.approx(box)
    assert street_names(out) == street_names(src) and place_names(out) == place_names(src)
    buildings = [sorted(a.tags.items()) for a in src.areas if "building" in a.tags]
    assert buildings and sorted(buildings) == sorted(
        sorted((k, v) for k, v in a.tags.items()) for a in out.areas if "building" in a.tags
    )
    # streets that meet share a node, as in OSM: the road graph stays joined
    seen: dict[int, int] = {}
    for w in out.ways:
        for n in set(w.node_ids):
            seen[n] = seen.get(n, 0) + 1
    assert max(seen.values()) >= 2


# -- acceptance: the maps themselves ------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each map built once into a fresh cache, with the check's report."""
    return build_and_check(SOURCES, tmp_path_factory.mktemp("cache"))


@pytest.mark.acceptance
@pytest.mark.parametrize("map_id", list(SOURCES))
def test_map_builds_and_validates(built, map_id):
    result, report = built[map_id]
    waypoints = assert_valid(result, report, LEAST_WAYPOINTS[map_id], SOURCES[map_id][0],
                             BOXES[map_id])  # fmt: skip
    print(f"{map_id}: {len(waypoints)} waypoints, built {result.seconds:.1f} s,"
          f" checked {report.seconds:.1f} s")  # fmt: skip


@pytest.mark.acceptance
@pytest.mark.parametrize("map_id", list(SOURCES))
def test_waypoints_carry_the_local_names(built, map_id, extracts):
    waypoints = built[map_id][0].built.waypoints
    data = extracts[map_id]
    known = place_names(data) | street_names(data)
    for w in waypoints:  # a corner is "street / street"; an address "street number"
        if w.kind == "corner":
            assert set(w.name.split(" / ")) <= street_names(data), w.name
        elif w.kind != "address":
            assert w.name in known, w.name
    if map_id == "astana":
        assert sum(bool(CYRILLIC.search(w.name)) for w in waypoints) >= len(waypoints) * 0.7


@pytest.mark.acceptance
@pytest.mark.parametrize("map_id", list(SOURCES))
def test_signs_carry_real_street_names(built, map_id, extracts):
    result, _ = built[map_id]
    lines = sign_lines(result.built.world)
    assert len(lines) >= 4 and lines <= street_names(extracts[map_id])


@pytest.mark.acceptance
def test_san_francisco_stands_on_its_hills(built, extracts):
    """The ground follows the contours: Mount Olympus (171 m) stands 101 blocks above the
    lowest ground (the 70 m contour, at GROUND_Y), and the waypoints climb with it."""
    result, _ = built["san-francisco"]
    world, origin = result.built.world, result.built.origin
    proj = projection_for_box(tuple(origin["bbox"]))
    peak = next(n for n in extracts["san-francisco"].nodes
                if n.tags.get("name") == "Mount Olympus")  # fmt: skip
    ((x, z),) = proj.to_xz(np.array([[peak.lon, peak.lat]]))
    x, z = int(np.floor(x)), int(np.floor(z))
    ground = int(world.surface_heights(x - 2, z - 2, x + 3, z + 3).min()) + 1  # under any tree
    assert abs(ground - (GROUND_Y + 171 - 70)) <= 3
    heights = [w.position[1] for w in result.built.waypoints]
    assert max(heights) - min(heights) >= 50
