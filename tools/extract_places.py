"""Compact OpenStreetMap extracts for the built-in maps ``three-rivers``, ``bloemfontein``,
``astana``, ``montevideo`` and ``san-francisco``, made from the iD graph and vector tiles of two
npm packages.

    npm pack @openstreetmap/id@2.42.2 @mapbox/mvt-fixtures@4.0.0      # in a scratch folder
    mkdir id mvt; tar xzf openstreetmap-id-2.42.2.tgz -C id
    tar xzf mapbox-mvt-fixtures-4.0.0.tgz -C mvt
    python tools/extract_places.py --id id/package --mvt mvt/package [--out src/odyssey/data/osm]

Each source is read with the builder's own ``read_source`` for the map's box, and what it
returns (tagged nodes, lines, areas: exactly what the builder uses) is written back as a small
``.osm.pbf``, so that the built-in maps build from the same kind of file as the others and need
no tiles, JSON or tile decoder at run time. San Francisco's tiles are Mapbox Streets + Terrain:
its extract keeps the Terrain contour lines (``contour=elevation``, ``ele`` in metres) and the
peaks (``natural=peak``, ``ele``) for the ground's shape. Two names that Mapbox Streets joins
in one label ("Zastron Street — Nelson Mandela Drive") become ``name`` and ``alt_name``
(``mapbox_streets.split_joined``). Why not copy the sources: the tiles are 21 MB
(Montevideo) and hold whole cities; the extracts are well under 1 MB each.

Tiles carry no OSM nodes and the iD graph is renumbered, so ids here are synthetic and stable:
a vertex's node id comes from its position rounded to osmium's 1e-7 degree grid (ways that
share a vertex share a node, as in OSM), numbered in the order the sorted data meets them; ways
and relations are numbered in order too. A line split by a gap becomes one way per part; an
area with one ring becomes a closed way, one with several rings a multipolygon relation (a
ring inside an odd number of others is ``inner``). Tile metadata (``@id``, ``@type``…) is
dropped. The output is byte-for-byte the same on every run for the same packages.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import osmium
from shapely.geometry import Point, Polygon

from odyssey.maps.osm.mapbox_streets import split_joined
from odyssey.maps.osm.reader import LonLatBox, OsmData, is_area_way, is_contour
from odyssey.maps.osm.sources import read_source

GRID = 1e-7  # degrees: osmium's fixed-point precision, so positions survive the round trip


@dataclass(frozen=True)
class Place:
    map_id: str
    package: str  # "id" or "mvt": which unpacked package the source is in
    source: str  # path inside that package
    box: LonLatBox  # min lon, min lat, max lon, max lat
    mapbox_labels: bool = False  # Mapbox Streets tiles: split names joined in one label


PLACES = (
    # Downtown Three Rivers: Main Street between the rivers, Scidmore Park (1.1 x 0.95 km)
    Place("three-rivers", "id", "data/intro_graph.json", (-85.6400, 41.9395, -85.6290, 41.9480)),
    # Bloemfontein centre: Church Street to Loch Logan and the Free State Stadium (1.35 x 1.45 km)
    Place("bloemfontein", "mvt", "real-world/compressed",
          (26.2070, -29.1240, 26.2210, -29.1110), mapbox_labels=True),
    # Astana, left bank: Nurzhol boulevard around Baiterek (1.25 x 1.2 km)
    Place("astana", "mvt", "real-world/osm-qa-astana", (71.4150, 51.1220, 71.4330, 51.1330)),
    # Montevideo: Ciudad Vieja and the west of Centro up to Plaza Independencia (1.55 x 1.0 km)
    Place("montevideo", "mvt", "real-world/osm-qa-montevideo",
          (-56.2130, -34.9100, -56.1960, -34.9010)),
    # San Francisco: Haight-Ashbury, Buena Vista Park, the Panhandle and the east end of Golden
    # Gate Park with Kezar Stadium; contour lines every 10 m (1.5 x 1.1 km)
    Place("san-francisco", "mvt", "real-world/sanfrancisco",
          (-122.4575, 37.7625, -122.4405, 37.7725), mapbox_labels=True),
)  # fmt: skip


class _Nodes:
    """Node ids by rounded position; a tagged node keeps its tags on its vertex."""

    def __init__(self) -> None:
        self.by_pos: dict[tuple[int, int], int] = {}
        self.nodes: dict[int, tuple[int, int, dict[str, str]]] = {}

    def tagged(self, lon: float, lat: float, tags: dict[str, str]) -> None:
        key = (round(lon / GRID), round(lat / GRID))
        nid = self.by_pos.get(key)
        if nid is not None and not self.nodes[nid][2]:
            self.nodes[nid] = (*key, dict(tags))
            return
        nid = len(self.nodes) + 1  # two places on one spot: each its own node
        self.by_pos.setdefault(key, nid)
        self.nodes[nid] = (*key, dict(tags))

    def ids(self, lonlat: np.ndarray) -> list[int]:
        out: list[int] = []
        for lon, lat in lonlat:
            key = (round(float(lon) / GRID), round(float(lat) / GRID))
            nid = self.by_pos.get(key)
            if nid is None:
                nid = self.by_pos[key] = len(self.nodes) + 1
                self.nodes[nid] = (*key, {})
            if not out or out[-1] != nid:  # two vertices on one grid point: one node
                out.append(nid)
        return out


def _parts(lonlat: np.ndarray) -> list[np.ndarray]:
    """A line's runs of located vertices (NaN marks a gap between parts)."""
    ok = ~np.isnan(lonlat[:, 0])
    parts, start = [], None
    for i, good in enumerate([*ok, False]):
        if good and start is None:
            start = i
        elif not good and start is not None:
            parts.append(lonlat[start:i])
            start = None
    return [p for p in parts if len(p) >= 2]


def _clean(tags: dict[str, str]) -> list[tuple[str, str]]:
    return sorted((k, v) for k, v in tags.items() if not k.startswith("@"))


def _roles(rings: list[np.ndarray]) -> list[str]:
    """``inner`` for a ring inside an odd number of the others (even-odd, as drawn)."""
    polys = [Polygon(r) if len(r) >= 4 else None for r in rings]
    roles = []
    for i, r in enumerate(rings):
        pt = Point(r[0])
        depth = sum(1 for j, p in enumerate(polys) if j != i and p is not None and p.is_valid
                    and p.contains(pt))  # fmt: skip
        roles.append("inner" if depth % 2 else "outer")
    return roles


@dataclass
class Extract:
    nodes: list[osmium.osm.mutable.Node]
    ways: list[osmium.osm.mutable.Way]
    relations: list[osmium.osm.mutable.Relation]


def to_osm(data: OsmData) -> Extract:
    """``data`` as OSM objects with stable synthetic ids."""
    nodes = _Nodes()
    for n in data.nodes:
        nodes.tagged(n.lon, n.lat, n.tags)
    ways: list[tuple[list[int], list[tuple[str, str]]]] = []
    rels: list[tuple[list[tuple[str, int, str]], list[tuple[str, str]]]] = []
    for w in data.ways:
        for part in _parts(w.lonlat):
            ids = nodes.ids(part)
            if len(ids) >= 2:
                ways.append((ids, _clean(w.tags)))
    for a in data.areas:
        tags = dict(a.tags)
        if not (is_area_way(tags) and "highway" not in tags):
            tags["area"] = "yes"  # so that the reader takes it as the area it was
        rings = [r[~np.isnan(r[:, 0])] for r in a.rings]
        rings = [np.vstack([r, r[:1]]) if len(r) and (r[0] != r[-1]).any() else r for r in rings]
        ring_ids = [nodes.ids(r) for r in rings]
        good = [(ids, r) for ids, r in zip(ring_ids, rings, strict=True) if len(ids) >= 4]
        if len(good) == 1:
            ways.append((good[0][0], _clean(tags)))
        elif good:
            members = []
            for (ids, _), role in zip(good, _roles([r for _, r in good]), strict=True):
                ways.append((ids, []))
                members.append(("w", len(ways), role))
            rels.append((members, _clean({**tags, "type": "multipolygon"})))
    node_objs = [
        osmium.osm.mutable.Node(
            id=nid, version=1, location=(x * GRID, y * GRID), tags=sorted(t.items())
        )
        for nid, (x, y, t) in sorted(nodes.nodes.items())
    ]
    way_objs = [osmium.osm.mutable.Way(id=i, version=1, nodes=ids, tags=t)
                for i, (ids, t) in enumerate(ways, 1)]  # fmt: skip
    rel_objs = [osmium.osm.mutable.Relation(id=i, version=1, members=m, tags=t)
                for i, (m, t) in enumerate(rels, 1)]  # fmt: skip
    return Extract(node_objs, way_objs, rel_objs)


def street_names(data: OsmData) -> set[str]:
    return {w.tags["name"] for w in data.ways if "highway" in w.tags and "name" in w.tags}


def split_labels(data: OsmData) -> None:
    """Names that Mapbox Streets joined in one label, split into ``name`` and ``alt_name``."""
    for group in (data.nodes, data.ways, data.areas):
        for i, f in enumerate(group):
            tags = split_joined(f.tags)
            if tags is not f.tags:
                group[i] = replace(f, tags=tags)


def write_extract(src: Path, out: Path, box: LonLatBox, mapbox_labels: bool = False
                  ) -> dict[str, object]:  # fmt: skip
    """Read ``src`` for ``box`` with the builder's reader and write the extract to ``out``."""
    data = read_source(src, box)
    if mapbox_labels:
        split_labels(data)
    ex = to_osm(data)
    header = osmium.io.Header()
    header.add_box(osmium.osm.Box(*box))  # what the builder covers when given no other box
    header.set("generator", "odyssey tools/extract_places.py")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    with osmium.SimpleWriter(str(out), header=header) as writer:
        for n in ex.nodes:
            writer.add_node(n)
        for w in ex.ways:
            writer.add_way(w)
        for r in ex.relations:
            writer.add_relation(r)
    return {
        "nodes": len(ex.nodes),
        "ways": len(ex.ways),
        "relations": len(ex.relations),
        "buildings": sum("building" in a.tags for a in data.areas),
        "named streets": len(street_names(data)),
        "named nodes": sum("name" in n.tags for n in data.nodes),
        **contour_counts(read_source(out)),  # as read back: the parts inside the box
    }


def contour_counts(data: OsmData) -> dict[str, object]:
    """Contour lines, their heights and the peaks (empty without contours or peaks)."""
    ele = sorted({float(w.tags["ele"]) for w in data.ways if is_contour(w.tags)})
    peaks = [n.tags.get("ele", "?") for n in data.nodes if n.tags.get("natural") == "peak"]
    out: dict[str, object] = {}
    if ele:
        out["contour lines"] = sum(is_contour(w.tags) for w in data.ways)
        out["contour ele (m)"] = f"{ele[0]:g}..{ele[-1]:g}"
    if peaks:
        out["peaks (ele m)"] = "/".join(peaks)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--id", type=Path, required=True, help="unpacked @openstreetmap/id")
    parser.add_argument("--mvt", type=Path, required=True, help="unpacked @mapbox/mvt-fixtures")
    parser.add_argument("--out", type=Path, default=Path("src/odyssey/data/osm"))
    parser.add_argument("--only", nargs="*", help="map ids to extract (default: all)")
    args = parser.parse_args(argv)
    for p in PLACES:
        if args.only and p.map_id not in args.only:
            continue
        src = (args.id if p.package == "id" else args.mvt) / p.source
        out = args.out / f"{p.map_id}.osm.pbf"
        counts = write_extract(src, out, p.box, p.mapbox_labels)
        kept = ", ".join(f"{v} {k}" for k, v in counts.items())
        print(f"{out}: {out.stat().st_size / 1024:.0f} KiB, box {p.box}: {kept}")


if __name__ == "__main__":
    main()
