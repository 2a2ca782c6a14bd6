"""Reading an OpenStreetMap extract (.osm.pbf) into the few features the builder draws.

Two passes with osmium: relations first (which ways are members of a multipolygon), then nodes
and ways with node locations. Multipolygons are assembled here rather than by osmium so that a
ring that does not close is reported by name and skipped while the rest of the build goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import osmium

from odyssey.errors import OdysseyError

# Ways worth keeping: everything the builder draws or names.
WAY_KEYS = ("building", "highway", "railway", "waterway", "natural", "landuse", "leisure",
            "amenity", "place", "man_made", "area:highway", "tourism", "historic",
            "shop", "building:part")  # fmt: skip
NODE_KEYS = ("name", "entrance", "door", "natural", "addr:housenumber")
# Tags that make a closed way an area (a closed highway is a loop road unless area=yes).
AREA_KEYS = ("building", "landuse", "leisure", "amenity", "place", "man_made", "tourism",
             "historic", "shop", "area:highway", "building:part")  # fmt: skip
LINEAR_NATURAL = ("coastline", "tree_row", "cliff", "ridge", "arete")
LonLatBox = tuple[float, float, float, float]  # min lon, min lat, max lon, max lat


class OsmError(OdysseyError):
    """An OpenStreetMap extract that cannot be built (unreadable, or nothing in the box)."""


@dataclass(frozen=True)
class OsmNode:
    """A tagged node: a named place, an entrance, a tree."""

    id: int
    lon: float
    lat: float
    tags: dict[str, str]


@dataclass(frozen=True)
class OsmWay:
    """A way as a line: node ids and (n, 2) lon/lat (NaN where the extract lacks the node)."""

    id: int
    node_ids: tuple[int, ...]
    lonlat: np.ndarray
    tags: dict[str, str]

    @property
    def closed(self) -> bool:
        return len(self.node_ids) >= 4 and self.node_ids[0] == self.node_ids[-1]


@dataclass(frozen=True)
class OsmArea:
    """A polygon: closed rings of lon/lat (outer and inner alike, filled even-odd)."""

    ref: str  # "way/123" or "relation/45"
    rings: tuple[np.ndarray, ...]
    tags: dict[str, str]


@dataclass
class OsmData:
    """The features of one extract inside the box the build covers."""

    source: str
    box: LonLatBox
    nodes: list[OsmNode] = field(default_factory=list)
    ways: list[OsmWay] = field(default_factory=list)  # linear features
    areas: list[OsmArea] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # what was skipped, in words
    cut: int = 0  # areas cut by the extract's edge (closed along the nodes they have)

    def is_empty(self) -> bool:
        return not (self.nodes or self.ways or self.areas)


def is_area_way(tags: dict[str, str]) -> bool:
    """Whether a closed way with these tags is a polygon rather than a loop of line."""
    if tags.get("area") == "no":
        return False
    if tags.get("area") == "yes" or any(k in tags for k in AREA_KEYS):
        return True
    if tags.get("natural") and tags["natural"] not in LINEAR_NATURAL:
        return True
    return tags.get("waterway") in ("riverbank", "dock")


def is_contour(tags: dict[str, str]) -> bool:
    """A contour line (``contour=elevation`` with its ``ele``), kept for the ground's shape."""
    return tags.get("contour") == "elevation" and "ele" in tags


def read_osm(path: Path, bbox: LonLatBox | None = None) -> OsmData:
    """Features of ``path`` that touch ``bbox`` (the extract's own box when None)."""
    path = Path(path)
    if not path.is_file():
        raise OsmError(f"{path}: no such OpenStreetMap file")
    try:
        box = bbox or _header_box(path)
        members, relations = _read_relations(path)
        data = OsmData(source=path.name, box=box or (-180.0, -90.0, 180.0, 90.0))
        member_ways = _read_nodes_and_ways(path, data, members)
    except (RuntimeError, OSError) as e:  # osmium reports bad files as RuntimeError
        raise OsmError(f"{path}: cannot read OpenStreetMap data ({e})") from e
    if box is None:
        data.box = _extent(data)
    for rel_id, tags, parts in relations:
        _assemble(data, rel_id, tags, parts, member_ways)
    _clip_to_box(data)
    return data


def _header_box(path: Path) -> LonLatBox | None:
    reader = osmium.io.Reader(str(path), osmium.osm.NOTHING)
    try:
        b = reader.header().box()
    finally:
        reader.close()
    if not b.valid():
        return None
    return (b.bottom_left.lon, b.bottom_left.lat, b.top_right.lon, b.top_right.lat)


def _read_relations(path: Path):
    """Multipolygon relations worth drawing: their member way ids with roles."""
    members: set[int] = set()
    relations = []
    for rel in osmium.FileProcessor(str(path), osmium.osm.RELATION):
        tags = {t.k: t.v for t in rel.tags}
        if tags.get("type") != "multipolygon" or not is_area_way(tags):
            continue
        parts = [(m.ref, m.role) for m in rel.members if m.type == "w"]
        members.update(ref for ref, _ in parts)
        relations.append((rel.id, tags, parts))
    relations.sort(key=lambda r: r[0])
    return members, relations


def _read_nodes_and_ways(path: Path, data: OsmData, members: set[int]) -> dict[int, OsmWay]:
    member_ways: dict[int, OsmWay] = {}
    kinds = osmium.osm.NODE | osmium.osm.WAY
    for obj in osmium.FileProcessor(str(path), kinds).with_locations():
        if obj.is_node():
            if obj.tags and any(k in obj.tags for k in NODE_KEYS) and obj.location.valid():
                tags = {t.k: t.v for t in obj.tags}
                data.nodes.append(OsmNode(obj.id, obj.location.lon, obj.location.lat, tags))
            continue
        tags = {t.k: t.v for t in obj.tags}
        wanted = any(k in tags for k in WAY_KEYS) or is_contour(tags)
        if not wanted and obj.id not in members:
            continue
        ids = tuple(n.ref for n in obj.nodes)
        lonlat = np.array(
            [(n.location.lon, n.location.lat) if n.location.valid() else (np.nan, np.nan)
             for n in obj.nodes],
            dtype=np.float64,
        ).reshape(-1, 2)  # fmt: skip
        way = OsmWay(obj.id, ids, lonlat, tags)
        if obj.id in members:
            member_ways[obj.id] = way
        if wanted:
            _add_way(data, way)
    return member_ways


def _add_way(data: OsmData, way: OsmWay) -> None:
    """A closed area-like way becomes an area; a broken polygon is reported; the rest are
    lines (highways, railways, waterways, coastline, piers, pipelines...)."""
    tags = way.tags
    area_like = (is_area_way(tags) and "highway" not in tags) or tags.get("area") == "yes"
    if area_like and way.closed:
        _add_closed(data, way)
        return
    if area_like and _polygon_only(tags):
        if not _touches(way.lonlat, data.box):
            return
        data.problems.append(
            f"{_describe(tags)} way {way.id}: polygon not closed ({len(way.node_ids)} nodes,"
            " first and last differ); skipped"
        )
        return
    data.ways.append(way)


def _polygon_only(tags: dict[str, str]) -> bool:
    """Tags that only make sense on a polygon (an unclosed one is broken, not a line)."""
    natural = tags.get("natural")
    return (
        "building" in tags
        or "building:part" in tags
        or "landuse" in tags
        or tags.get("area") == "yes"
        or (natural is not None and natural not in LINEAR_NATURAL)
    )


def _add_closed(data: OsmData, way: OsmWay) -> None:
    missing = int(np.isnan(way.lonlat[:, 0]).sum())
    ring = way.lonlat[~np.isnan(way.lonlat[:, 0])]
    if len(ring) < 3:
        if not _touches(way.lonlat, data.box):
            return
        data.problems.append(
            f"{_describe(way.tags)} way {way.id}: {missing} of its {len(way.node_ids)} nodes"
            " are missing from the extract; skipped"
        )
        return
    if missing:  # cut by the extract's edge: closed along the nodes it has
        data.cut += _touches(ring, data.box)
        ring = np.vstack([ring, ring[:1]]) if (ring[0] != ring[-1]).any() else ring
    data.areas.append(OsmArea(f"way/{way.id}", (ring,), way.tags))


def _describe(tags: dict[str, str]) -> str:
    for key in ("building", "landuse", "leisure", "natural", "amenity", "highway", "waterway"):
        if key in tags:
            return key if key == "building" else f"{key}={tags[key]}"
    return "area"


def _assemble(data: OsmData, rel_id, tags, parts, ways: dict[int, OsmWay]) -> None:
    """Join a relation's member ways into closed rings; broken rings are reported."""
    what = _describe(tags)
    pieces = []
    if not any(ref in ways and _touches(ways[ref].lonlat, data.box) for ref, _ in parts):
        return
    for ref, _role in parts:
        way = ways.get(ref)
        if way is None or len(way.node_ids) < 2:
            continue  # outside the extract: the ring it belonged to will not close
        pieces.append((list(way.node_ids), way.lonlat))
    rings, broken = join_rings(pieces)
    if broken:
        data.problems.append(
            f"{what} relation {rel_id}: {broken} ring(s) do not close; "
            + ("skipped" if not rings else "drawn without them")
        )
    if rings:
        data.areas.append(OsmArea(f"relation/{rel_id}", tuple(rings), tags))


def join_rings(pieces: list[tuple[list[int], np.ndarray]]) -> tuple[list[np.ndarray], int]:
    """Closed rings made of way pieces joined end to end, and how many rings did not close."""
    unused = list(pieces)
    rings: list[np.ndarray] = []
    broken = 0
    while unused:
        ids, coords = unused.pop(0)
        ids, parts = list(ids), [coords]
        while ids[0] != ids[-1]:
            for i, (other, c) in enumerate(unused):
                if other[0] == ids[-1]:
                    ids += other[1:]
                    parts.append(c[1:])
                elif other[-1] == ids[-1]:
                    ids += other[::-1][1:]
                    parts.append(c[::-1][1:])
                else:
                    continue
                unused.pop(i)
                break
            else:
                break
        ring = np.concatenate(parts)
        ring = ring[~np.isnan(ring[:, 0])]  # nodes cut off by the extract's edge
        if ids[0] == ids[-1] and len(ring) >= 4:
            rings.append(ring)
        else:
            broken += 1
    return rings, broken


def _extent(data: OsmData) -> LonLatBox:
    points = [np.array([[n.lon, n.lat] for n in data.nodes]).reshape(-1, 2)]
    points += [w.lonlat for w in data.ways] + [r for a in data.areas for r in a.rings]
    allp = np.concatenate(points) if points else np.zeros((0, 2))
    allp = allp[~np.isnan(allp[:, 0])]
    if not len(allp):
        raise OsmError(f"{data.source}: the extract has no located nodes or ways")
    lo, hi = allp.min(axis=0), allp.max(axis=0)
    return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))


def _touches(lonlat: np.ndarray, box: LonLatBox) -> bool:
    ok = lonlat[~np.isnan(lonlat[:, 0])]
    if not len(ok):
        return False
    lo, hi = ok.min(axis=0), ok.max(axis=0)
    return bool(lo[0] <= box[2] and hi[0] >= box[0] and lo[1] <= box[3] and hi[1] >= box[1])


def _clip_to_box(data: OsmData) -> None:
    """Keep what touches the box (shapes are cut to the block grid when drawn)."""
    b = data.box
    data.nodes = [n for n in data.nodes if b[0] <= n.lon <= b[2] and b[1] <= n.lat <= b[3]]
    data.ways = [w for w in data.ways if _touches(w.lonlat, b)]
    data.areas = [a for a in data.areas if any(_touches(r, b) for r in a.rings)]
    data.nodes.sort(key=lambda n: n.id)
    data.ways.sort(key=lambda w: w.id)
    data.areas.sort(key=lambda a: (a.ref.split("/")[0], int(a.ref.split("/")[1])))
