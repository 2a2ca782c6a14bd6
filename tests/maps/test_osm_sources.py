"""The built-in maps cut from the PyPI package ``srai`` 0.10.2 (``tools/extract_srai_osm.py``):
Monaco and Columbus Circle, Manhattan. Default tier: the bundled extracts are there, small, and
hold buildings, named streets and named places inside their boxes. Acceptance tier: each map
builds and validates, with its waypoints, French or English names, real street names on its
signs and tagged tower heights."""

from __future__ import annotations

import numpy as np
import pytest
from built_maps import assert_valid, build_and_check, sign_lines

from odyssey.maps.catalog import CATALOG, osm_source
from odyssey.maps.osm.projection import projection_for_box
from odyssey.maps.osm.reader import read_osm
from odyssey.world.generate import GROUND_Y

# map id -> (extract, locale, least buildings, least named streets, names that must be there)
SOURCES = {
    "monaco": ("monaco.osm.pbf", "fr", 500, 80,
               {"Palais princier de Monaco", "Place du Casino", "Musée Océanographique"}),
    "manhattan-columbus-circle": ("manhattan-columbus-circle.osm.pbf", "en", 10, 6,
                                  {"Columbus Circle", "Trump International Hotel and Tower"}),
}  # fmt: skip
BOXES = {
    "monaco": (7.4170, 43.7285, 7.4320, 43.7415),
    "manhattan-columbus-circle": (-73.9845, 40.7664, -73.9795, 40.7706),
}
MAX_EXTRACT_BYTES = 256 * 1024  # compact extracts, not whole test files
LEAST_WAYPOINTS = {"monaco": 200, "manhattan-columbus-circle": 60}
LEAST_NAMED = 30  # waypoints named in OpenStreetMap (not street corners or addresses)


def street_names(data) -> set[str]:
    return {w.tags["name"] for w in data.ways if "highway" in w.tags and "name" in w.tags}


def place_names(data) -> set[str]:
    found = {n.tags["name"] for n in data.nodes if "name" in n.tags}
    return found | {a.tags["name"] for a in data.areas if "name" in a.tags}


@pytest.mark.parametrize("map_id", list(SOURCES))
def test_extract_is_bundled_small_and_in_the_catalog(map_id):
    path = osm_source(SOURCES[map_id][0])
    assert path.is_file() and 0 < path.stat().st_size <= MAX_EXTRACT_BYTES
    entry = CATALOG[map_id]
    assert (entry.kind, entry.environment) == ("osm", "outdoor")
    # the box is written in the extract's header: what read_osm covers when given none
    assert read_osm(path).box == pytest.approx(BOXES[map_id])


@pytest.mark.parametrize("map_id", list(SOURCES))
def test_extract_holds_buildings_named_streets_and_places(map_id):
    pbf, _, least_buildings, least_streets, names = SOURCES[map_id]
    data = read_osm(osm_source(pbf))
    buildings = [a for a in data.areas if "building" in a.tags]
    assert len(buildings) >= least_buildings
    assert len(street_names(data)) >= least_streets
    assert names <= place_names(data)


def test_monaco_box_is_a_walkable_district():
    lon0, lat0, lon1, lat1 = BOXES["monaco"]
    proj = projection_for_box((lon0, lat0, lon1, lat1))
    (x0, z0), (x1, z1) = proj.to_xz(np.array([[lon0, lat0], [lon1, lat1]]))
    km2 = abs(x1 - x0) * abs(z1 - z0) / 1e6
    assert 0.5 <= km2 <= 2.0


# -- acceptance: the maps themselves ------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each map built once into a fresh cache, with the check's report."""
    return build_and_check(SOURCES, tmp_path_factory.mktemp("cache"))


@pytest.mark.acceptance
@pytest.mark.parametrize("map_id", list(SOURCES))
def test_map_builds_and_validates(built, map_id):
    result, report = built[map_id]
    waypoints = assert_valid(result, report, LEAST_WAYPOINTS[map_id], SOURCES[map_id][1],
                             BOXES[map_id])  # fmt: skip
    named = {w.name for w in waypoints if w.kind not in ("corner", "address")}
    assert len(named) >= LEAST_NAMED
    assert SOURCES[map_id][4] <= named
    print(f"{map_id}: {len(waypoints)} waypoints ({len(named)} named), built"
          f" {result.seconds:.1f} s, checked {report.seconds:.1f} s")  # fmt: skip


@pytest.mark.acceptance
@pytest.mark.parametrize("map_id", list(SOURCES))
def test_signs_carry_real_street_names(built, map_id):
    result, _ = built[map_id]
    streets = street_names(read_osm(osm_source(SOURCES[map_id][0])))
    lines = sign_lines(result.built.world)
    assert len(lines) >= 4 and lines <= streets


@pytest.mark.acceptance
def test_trump_tower_reaches_its_tagged_height(built):
    world = built["manhattan-columbus-circle"][0].built.world
    # Trump International Hotel and Tower: height=171.0
    assert _top_near(world, (-73.98155, 40.76915)) - GROUND_Y + 1 == 171


@pytest.mark.acceptance
def test_central_park_tower_reaches_290_m(built):
    world = built["manhattan-columbus-circle"][0].built.world
    assert _top_near(world, (-73.98075, 40.7670)) - GROUND_Y + 1 == 290


def _top_near(world, lonlat: tuple[float, float], reach: int = 8) -> int:
    proj = projection_for_box(BOXES["manhattan-columbus-circle"])
    x, z = (int(v) for v in proj.to_xz(np.array([lonlat]))[0])
    return max(
        world.top_y(x + dx, z + dz)
        for dx in range(-reach, reach + 1)
        for dz in range(-reach, reach + 1)
    )
