"""Compact OpenStreetMap extracts for the built-in maps ``monaco`` and
``manhattan-columbus-circle``, cut from the test files of the PyPI package ``srai`` 0.10.2.

    pip download --no-deps --no-binary :all: srai==0.10.2 -d /tmp/srai
    python tools/extract_srai_osm.py /tmp/srai/srai-0.10.2.tar.gz [--out src/odyssey/data/osm]

Keeps only what the builder reads (``odyssey.maps.osm.reader``): ways with the tags it draws
that touch the chosen box (whole, so shapes stay closed; the builder cuts them to the box),
multipolygon relations it draws with all their member ways, the nodes of all of those, and
tagged nodes it reads inside the box. ``building:part`` ways are kept too: they carry the tower
heights at Columbus Circle, which a builder reading parts will need. Object metadata (user,
changeset, timestamps) is dropped. The box is written as the file's header box, which is what
the builder covers when it is given no other. The result is deterministic for a given sdist.
"""

from __future__ import annotations

import argparse
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import osmium

from odyssey.maps.osm.reader import NODE_KEYS, WAY_KEYS, is_area_way

LonLatBox = tuple[float, float, float, float]  # min lon, min lat, max lon, max lat
TEST_FILES = "tests/loaders/osm_loaders/test_files/"
EXTRA_WAY_KEYS = ("building:part",)  # not drawn yet, kept for the tower heights


@dataclass(frozen=True)
class Source:
    member: str  # file name inside TEST_FILES of the sdist
    out: str  # file name under src/odyssey/data/osm
    box: LonLatBox


SOURCES = (
    # Monaco-Ville (le Rocher), La Condamine and Monte-Carlo up to the Casino: about 1.2 x 1.45 km
    Source("monaco.osm.pbf", "monaco.osm.pbf", (7.4170, 43.7285, 7.4320, 43.7415)),
    # Columbus Circle: the srai file only holds the blocks around the circle (0.42 x 0.47 km)
    Source(
        "d17f922ed15e9609013a6b895e1e7af2d49158f03586f2c675d17b760af3452e.osm.pbf",
        "manhattan-columbus-circle.osm.pbf",
        (-73.9845, 40.7664, -73.9795, 40.7706),
    ),
)


def _inside(lon: float, lat: float, box: LonLatBox) -> bool:
    return box[0] <= lon <= box[2] and box[1] <= lat <= box[3]


def _touches(points: list[tuple[float, float]], box: LonLatBox) -> bool:
    if not points:
        return False
    lons, lats = [p[0] for p in points], [p[1] for p in points]
    return (
        min(lons) <= box[2] and max(lons) >= box[0] and min(lats) <= box[3] and max(lats) >= box[1]
    )


def _wanted_way(tags: dict[str, str]) -> bool:
    return any(k in tags for k in WAY_KEYS + EXTRA_WAY_KEYS)


def select(src: Path, box: LonLatBox) -> tuple[set[int], set[int], set[int]]:
    """Ids of the nodes, ways and relations to keep."""
    rel_members: dict[int, list[int]] = {}
    for rel in osmium.FileProcessor(str(src), osmium.osm.RELATION):
        tags = {t.k: t.v for t in rel.tags}
        if tags.get("type") == "multipolygon" and is_area_way(tags):
            rel_members[rel.id] = [m.ref for m in rel.members if m.type == "w"]
    candidates = {w for ws in rel_members.values() for w in ws}
    way_nodes: dict[int, list[int]] = {}
    touching: set[int] = set()
    ways: set[int] = set()
    for way in osmium.FileProcessor(str(src), osmium.osm.NODE | osmium.osm.WAY).with_locations():
        if not way.is_way():
            continue
        tags = {t.k: t.v for t in way.tags}
        wanted = _wanted_way(tags)
        if not wanted and way.id not in candidates:
            continue
        pts = [(n.location.lon, n.location.lat) for n in way.nodes if n.location.valid()]
        way_nodes[way.id] = [n.ref for n in way.nodes]
        if _touches(pts, box):
            touching.add(way.id)
            if wanted:
                ways.add(way.id)
    relations = {r for r, ms in rel_members.items() if any(m in touching for m in ms)}
    for r in relations:  # every member, so that rings crossing the box still close
        ways.update(m for m in rel_members[r] if m in way_nodes)
    nodes = {n for w in ways for n in way_nodes[w]}
    for node in osmium.FileProcessor(str(src), osmium.osm.NODE):
        if (
            node.tags
            and any(k in node.tags for k in NODE_KEYS)
            and node.location.valid()
            and _inside(node.location.lon, node.location.lat, box)
        ):
            nodes.add(node.id)
    return nodes, ways, relations


def write_extract(src: Path, out: Path, box: LonLatBox) -> dict[str, int]:
    """Write the compact extract of ``src`` for ``box`` to ``out``; counts of what it kept."""
    nodes, ways, relations = select(src, box)
    header = osmium.io.Header()
    header.add_box(osmium.osm.Box(*box))
    header.set("generator", "odyssey tools/extract_srai_osm.py")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    counts = {"nodes": 0, "ways": 0, "relations": 0, "buildings": 0, "named streets": 0,
              "named nodes": 0}  # fmt: skip
    with osmium.SimpleWriter(str(out), header=header) as writer:
        for obj in osmium.FileProcessor(str(src)):
            if obj.is_node() and obj.id in nodes:
                writer.add_node(_bare(obj, osmium.osm.mutable.Node, location=obj.location))
                counts["nodes"] += 1
                counts["named nodes"] += "name" in obj.tags
            elif obj.is_way() and obj.id in ways:
                writer.add_way(_bare(obj, osmium.osm.mutable.Way,
                                     nodes=[n.ref for n in obj.nodes]))  # fmt: skip
                counts["ways"] += 1
                counts["buildings"] += "building" in obj.tags
                counts["named streets"] += "highway" in obj.tags and "name" in obj.tags
            elif obj.is_relation() and obj.id in relations:
                members = [(m.type, m.ref, m.role) for m in obj.members]
                writer.add_relation(_bare(obj, osmium.osm.mutable.Relation, members=members))
                counts["relations"] += 1
    return counts


def _bare(obj, kind, **fields):
    """A copy with id, version and tags only (no user, changeset or timestamp)."""
    tags = sorted((t.k, t.v) for t in obj.tags)
    return kind(id=obj.id, version=obj.version or 1, tags=tags, **fields)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sdist", type=Path, help="srai-0.10.2.tar.gz")
    parser.add_argument("--out", type=Path, default=Path("src/odyssey/data/osm"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, tarfile.open(args.sdist) as tar:
        top = tar.getnames()[0].split("/")[0]
        for s in SOURCES:
            member = tar.getmember(f"{top}/{TEST_FILES}{s.member}")
            tar.extract(member, tmp, filter="data")
            out = args.out / s.out
            counts = write_extract(Path(tmp) / member.name, out, s.box)
            kept = ", ".join(f"{v} {k}" for k, v in counts.items())
            print(f"{out}: {out.stat().st_size / 1024:.0f} KiB, box {s.box}: {kept}")


if __name__ == "__main__":
    main()
