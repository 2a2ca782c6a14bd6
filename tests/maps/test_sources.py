"""The iD graph and vector tile readers on small real extracts (tests/maps/data, ODbL)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from odyssey.maps.osm.build import build_osm
from odyssey.maps.osm.mapbox_streets import streets_tags
from odyssey.maps.osm.reader import OsmData, OsmError
from odyssey.maps.osm.sources import read_source, source_kind
from odyssey.maps.osm.vectortiles import TileId, read_tiles, tile_box, tile_id_of, to_lonlat

DATA = Path(__file__).parent / "data"
TREE = DATA / "three-rivers.id.json"
ASTANA, SF, BLOEM = DATA / "osm-qa-astana", DATA / "sanfrancisco", DATA / "bloemfontein"


def buildings(d: OsmData):
    return [a for a in d.areas if "building" in a.tags]


def streets(d: OsmData) -> set[str]:
    return {w.tags["name"] for w in d.ways if "highway" in w.tags and "name" in w.tags}


def all_lonlat(d: OsmData) -> np.ndarray:
    pts = [w.lonlat for w in d.ways] + [r for a in d.areas for r in a.rings]
    pts.append(np.array([[n.lon, n.lat] for n in d.nodes]).reshape(-1, 2))
    a = np.concatenate(pts)
    return a[~np.isnan(a[:, 0])]


def inside(d: OsmData, box) -> bool:
    p = all_lonlat(d)
    lon0, lat0, lon1, lat1 = box
    return bool(p[:, 0].min() > lon0 and p[:, 0].max() < lon1 and p[:, 1].min() > lat0
                and p[:, 1].max() < lat1)  # fmt: skip


def test_tile_names_and_mercator():
    assert tile_id_of(Path("a/14-9384-9577.mvt.gz")) == TileId(14, 9384, 9577)
    assert tile_id_of(Path("tiles/14/9384/9577.pbf")) == TileId(14, 9384, 9577)
    assert tile_id_of(Path("monaco.osm")) is None
    # tile 0/0/0: its centre is (0, 0); its top-left corner is the Mercator limit
    ll = to_lonlat(TileId(0, 0, 0), np.array([[2048.0, 2048.0], [0.0, 0.0]]), 4096)
    assert np.allclose(ll[0], [0.0, 0.0]) and np.allclose(ll[1], [-180.0, 85.0511287798])


def test_source_kinds(tmp_path):
    assert source_kind(TREE) == "id-graph"
    assert source_kind(ASTANA) == "tiles"
    assert source_kind(next(BLOEM.iterdir())) == "tiles"
    (tmp_path / "x.txt").write_text("no")
    with pytest.raises(OsmError, match="unknown source type"):
        source_kind(tmp_path / "x.txt")
    with pytest.raises(OsmError, match="without vector tiles"):
        source_kind(tmp_path)


def test_id_graph_three_rivers():
    d = read_source(TREE)
    assert len(buildings(d)) == 41
    assert {"Main Street", "Michigan Avenue"} <= streets(d)
    assert sum("name" in n.tags for n in d.nodes) >= 5
    assert inside(d, (-85.65, 41.93, -85.62, 41.97))  # Three Rivers, Michigan


def test_id_graph_bbox_and_errors(tmp_path):
    box = (-85.6345, 41.9425, -85.6330, 41.9440)
    small = read_source(TREE, box)
    assert 0 < len(buildings(small)) < len(buildings(read_source(TREE)))
    bad = tmp_path / "bad.json"
    bad.write_text('{"x1": {"id": "x"}}')
    with pytest.raises(OsmError, match="not an iD id"):
        read_source(bad)


def test_osm_qa_tiles_keep_every_tag_and_join_edges():
    d = read_source(ASTANA)
    assert inside(d, (71.36, 51.12, 71.55, 51.18))  # Astana
    assert "проспект Тауелсыздык" in streets(d)
    assert any("building:levels" in a.tags for a in buildings(d))
    assert all(not k.startswith("@") for a in d.areas for k in a.tags)
    left, right = sorted(ASTANA.iterdir())
    edge = tile_box(tile_id_of(left))[2]
    a, b = read_tiles(left), read_tiles(right)
    # features cut by the shared edge are in both tiles, and once when both are read
    ids = {x.ref for x in a.areas} & {x.ref for x in b.areas}
    assert ids and all(sum(x.ref == r for x in d.areas) == 1 for r in ids)
    assert len(d.areas) < len(a.areas) + len(b.areas)
    merged = next(x for x in d.areas if x.ref in ids)
    lon = merged.rings[0][:, 0]
    assert lon.min() < edge < lon.max()  # one polygon reaching across the edge
    way_ids = [w.id for w in d.ways]
    assert len(way_ids) == len(set(way_ids)) < len(a.ways) + len(b.ways)


def test_mapbox_streets_classes_heights_and_names():
    d = read_source(SF)
    assert inside(d, (-122.46, 37.76, -122.43, 37.78))  # San Francisco
    bs = buildings(d)
    assert bs and all("height" in b.tags for b in bs)
    assert max(float(b.tags["height"]) for b in bs) > 5
    assert "Buena Vista Ave E" in streets(d)  # names joined from the road_label layer
    highways = {w.tags["highway"] for w in d.ways if "highway" in w.tags}
    assert "residential" in highways and "street" not in highways
    contours = [w for w in d.ways if w.tags.get("contour") == "elevation"]
    assert contours and all(int(w.tags["ele"]) % 10 == 0 for w in contours)


def test_mapbox_compressed_tiles_places_and_dedup():
    d = read_source(BLOEM)
    assert inside(d, (26.19, -29.12, 26.24, -29.09))  # Bloemfontein
    names = [n.tags.get("name") for n in d.nodes]
    assert "Naval Hill Park" in names and len(names) == len(set(names))
    assert {"place": "suburb", "name": "Westdene"} in [n.tags for n in d.nodes]
    assert len(streets(d)) >= 20
    separate = [read_tiles(f) for f in sorted(BLOEM.iterdir())]
    assert len(d.ways) < sum(len(s.ways) for s in separate)  # roads joined across the edge


def test_build_from_id_graph():
    built = build_osm(TREE, "three-rivers-mini", bbox=(-85.6365, 41.9415, -85.6325, 41.9445),
                      locale="en")  # fmt: skip
    assert len(built.waypoints) >= 3
    assert built.origin["source"] == TREE.name


def test_streets_meet_at_shared_nodes():
    # tiles have no node ids: equal positions get equal ids, so junctions are found as in OSM
    for src in (ASTANA, BLOEM):
        seen: dict[int, int] = {}
        for w in read_source(src).ways:
            if "highway" in w.tags:
                for n in set(w.node_ids):
                    seen[n] = seen.get(n, 0) + 1
        assert sum(v > 1 for v in seen.values()) >= 3


@pytest.mark.parametrize(
    "layer, props, tags",
    [
        ("road", {"class": "street"}, {"highway": "residential"}),  # v8: no type
        ("road", {"class": "service", "type": "service:driveway"},
         {"highway": "service", "service": "driveway"}),
        ("road", {"class": "major_rail", "type": "rail", "structure": "bridge"},
         {"railway": "rail", "bridge": "yes"}),
        ("road", {"class": "turning_circle", "type": "turning_circle"}, None),
        ("building", {"height": 12.0, "type": "house"}, {"building": "house", "height": "12"}),
        ("building", {"underground": "true"}, None),
        ("landuse", {"class": "park"}, {"leisure": "park"}),
        ("place_label", {"name": "Westdene", "type": "suburb"},
         {"place": "suburb", "name": "Westdene"}),
        ("contour", {"ele": 40, "index": 2}, {"contour": "elevation", "ele": "40"}),
        ("hillshade", {"class": "shadow"}, None),
    ],
)  # fmt: skip
def test_mapbox_class_to_osm_tags(layer, props, tags):
    assert streets_tags(layer, props) == tags


def test_build_osm_command_takes_an_id_graph(tmp_path):
    """`odyssey maps build-osm` builds from an iD graph as from an extract (the tile readers,
    which the same ``read_source`` call reaches, are covered above)."""
    from typer.testing import CliRunner

    from odyssey.cli.main import app

    out = tmp_path / "three-rivers"
    args = ["maps", "build-osm", str(DATA / "three-rivers.id.json"), "--name", "three-rivers",
            "--locale", "en", "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "map.json").read_text())
    waypoints = json.loads((out / "waypoints.json").read_text())
    assert manifest["map_id"] == "three-rivers" and waypoints
    assert (out / "world" / "region").is_dir()
