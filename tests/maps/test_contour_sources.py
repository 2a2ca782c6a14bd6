"""Contour lines and peaks come through every reader (an .osm.pbf written here, Mapbox Terrain
tiles, the bundled San Francisco extract), and Mapbox's joined road names are split."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import osmium
import pytest

from odyssey.maps.osm.mapbox_streets import split_joined, split_name, streets_tags
from odyssey.maps.osm.reader import OsmData, is_contour
from odyssey.maps.osm.sources import read_source

OSM_DATA = Path(__file__).resolve().parents[2] / "src" / "odyssey" / "data" / "osm"
SF_TILES = Path(__file__).parent / "data" / "sanfrancisco"
JOINED = "Zastron Street\u00a0— Nelson Mandela Drive"


def contours(d: OsmData) -> list:
    return [w for w in d.ways if is_contour(w.tags)]


def write_pbf(path: Path) -> Path:
    """A tiny extract: two contour lines (one a closed ring), a depth contour, a contour
    without height, a peak and an untagged node, with OSM's own tagging."""
    pts = {i: (7.0 + 0.001 * i, 45.0 + 0.0005 * (i % 3)) for i in range(1, 10)}
    header = osmium.io.Header()
    header.add_box(osmium.osm.Box(6.99, 44.99, 7.02, 45.01))
    with osmium.SimpleWriter(str(path), header=header) as w:
        for i, loc in pts.items():
            tags = {"natural": "peak", "ele": "1234", "name": "Testa"} if i == 9 else {}
            w.add_node(osmium.osm.mutable.Node(id=i, version=1, location=loc, tags=tags))
        ways = [
            ([1, 2, 3], {"contour": "elevation", "ele": "1200"}),
            ([4, 5, 6, 4], {"contour": "elevation", "ele": "1220", "contour_ext": "major"}),
            ([7, 8], {"contour": "depth", "ele": "-5"}),
            ([1, 8], {"contour": "elevation"}),
        ]
        for i, (nodes, tags) in enumerate(ways, 1):
            w.add_way(osmium.osm.mutable.Way(id=i, version=1, nodes=nodes, tags=tags))
    return path


def test_pbf_keeps_contour_lines_and_peaks(tmp_path: Path) -> None:
    d = read_source(write_pbf(tmp_path / "hill.osm.pbf"))
    lines = contours(d)
    assert [(w.id, w.tags["ele"]) for w in lines] == [(1, "1200"), (2, "1220")]
    assert lines[1].closed and not d.areas  # a closed contour is a ring of line, not an area
    assert lines[0].lonlat.shape == (3, 2) and not np.isnan(lines[0].lonlat).any()
    assert {w.id for w in d.ways} == {1, 2}  # depth contour and height-less line dropped
    assert [(n.id, n.tags["ele"]) for n in d.nodes] == [(9, "1234")]


def test_terrain_tiles_give_contour_lines() -> None:
    d = read_source(SF_TILES)
    lines = contours(d)
    assert len(lines) >= 5
    heights = {float(w.tags["ele"]) for w in lines}
    assert heights <= {10.0 * k for k in range(40)} and len(heights) >= 5
    assert all(len(w.lonlat) >= 2 for w in lines)


def test_san_francisco_extract_has_terrain_and_streets() -> None:
    d = read_source(OSM_DATA / "san-francisco.osm.pbf")
    assert d.box == pytest.approx((-122.4575, 37.7625, -122.4405, 37.7725))
    heights = sorted({float(w.tags["ele"]) for w in contours(d)})
    assert len(contours(d)) >= 15  # several lines per height on the hill's sides
    assert heights[0] == 70 and heights[-1] == 170 and len(heights) == 11
    peaks = {n.tags["name"]: n.tags["ele"] for n in d.nodes if n.tags.get("natural") == "peak"}
    assert peaks == {"Mount Olympus": "171", "Buena Vista Heights": "173"}
    names = {n.tags.get("name") for n in d.nodes}
    assert {"Haight-Ashbury", "Kezar Stadium", "Panhandle", "Cole Valley"} <= names
    streets = {w.tags["name"] for w in d.ways if "highway" in w.tags and "name" in w.tags}
    assert {"Haight St", "Ashbury St", "Stanyan St", "Buena Vista Ave W", "Fell St"} <= streets
    assert sum("building" in a.tags for a in d.areas) > 2000


def test_joined_mapbox_names_are_split() -> None:
    assert split_name(JOINED) == ("Zastron Street", "Nelson Mandela Drive")
    assert split_name("Monaco - Monte Carlo") == ("Monaco - Monte Carlo", None)
    assert split_name("A\u00a0— ") == ("A\u00a0— ", None)
    tags = streets_tags("place_label", {"name": JOINED, "name_en": JOINED, "type": "suburb"})
    assert tags == {"place": "suburb", "name": "Zastron Street",
                    "alt_name": "Nelson Mandela Drive"}  # fmt: skip
    plain = {"highway": "trunk", "name": "Nelson Mandela Drive"}
    assert split_joined(plain) is plain
    assert split_joined({"highway": "trunk", "name": JOINED})["alt_name"] == "Nelson Mandela Drive"


def test_bloemfontein_extract_has_split_names() -> None:
    d = read_source(OSM_DATA / "bloemfontein.osm.pbf")
    names = [t.get("name", "") for t in [w.tags for w in d.ways] + [a.tags for a in d.areas]]
    assert not [n for n in names if "\u2014" in n]
    roads = {(w.tags["name"], w.tags.get("alt_name")) for w in d.ways if "highway" in w.tags
             and "alt_name" in w.tags}  # fmt: skip
    assert roads == {("Zastron Street", "Nelson Mandela Drive"), ("Victoria Road", "Victoria")}
