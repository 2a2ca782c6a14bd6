"""Reading Mapbox vector tiles (.mvt, .mvt.gz, .pbf) into the same ``OsmData`` as an extract.

Two flavours are told apart by their layers: OSM QA tiles (one layer ``osm`` with every OSM
tag and ``@id``/``@type`` metadata) and Mapbox Streets/Terrain tiles (``building``, ``road``,
``place_label``… with Mapbox classes, mapped to OSM tags in ``mapbox_streets``).

Tiles overlap by a buffer, so every feature is first cut to its own tile's square (points on
the shared edge belong to one tile only); pieces of one feature split by tile edges are then
joined again: by OSM id for QA tiles, and for Mapbox Streets (whose ids are not unique) by
layer, id and properties among the pieces that touch a tile edge. Polygons are unioned,
lines merged end to end. Vertices get node ids made from their rounded position, so streets
that meet share a node as in OSM. Coordinates: Web Mercator, y down, extent from each layer.
"""

from __future__ import annotations

import gzip
import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import mapbox_vector_tile
import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box, shape

from odyssey.maps.osm.mapbox_streets import name_tags, qa_tags, streets_tags
from odyssey.maps.osm.reader import (
    NODE_KEYS,
    LonLatBox,
    OsmArea,
    OsmData,
    OsmError,
    OsmNode,
    OsmWay,
    _clip_to_box,
)

TILE_SUFFIXES = (".mvt", ".mvt.gz", ".pbf", ".pbf.gz")
_NAME = re.compile(r"(\d+)[-_/](\d+)[-_/](\d+)\.(?:mvt|pbf)(?:\.gz)?$")
LABEL = "mapbox:road_label"  # marks a v7 road name line until it is joined to its road
GRID = 1e-8  # degrees (~1 mm): snapping when pieces are joined across tile edges
EDGE = 0.5  # tile units: a piece this close to its tile's edge may continue in the next tile


@dataclass(frozen=True)
class TileId:
    z: int
    x: int
    y: int


@dataclass
class _Piece:
    key: tuple  # what joins pieces of one feature across tiles (None: never joined)
    geom: object  # shapely geometry in lon/lat
    tags: dict[str, str]
    ref: tuple[str, int]  # ("way", 123): the area/way reference it becomes


def tile_id_of(path: Path) -> TileId | None:
    """z/x/y from a file name like ``14-9384-9577.mvt.gz`` or a ``14/9384/9577.pbf`` path."""
    m = _NAME.search(Path(path).as_posix())
    return TileId(*(int(v) for v in m.groups())) if m else None


def tile_box(t: TileId) -> LonLatBox:
    lon0, lat1 = to_lonlat(t, np.array([[0.0, 0.0]]), 1)[0]
    lon1, lat0 = to_lonlat(t, np.array([[1.0, 1.0]]), 1)[0]
    return (float(lon0), float(lat0), float(lon1), float(lat1))


def to_lonlat(t: TileId, xy: np.ndarray, extent: int) -> np.ndarray:
    """Tile coordinates (y down, 0..extent) → (n, 2) lon/lat on Web Mercator."""
    n = 2.0**t.z
    gx = (t.x + xy[:, 0] / extent) / n
    gy = (t.y + xy[:, 1] / extent) / n
    lat = np.degrees(np.arctan(np.sinh(math.pi * (1.0 - 2.0 * gy))))
    return np.column_stack([gx * 360.0 - 180.0, lat])


def load_tile(path: Path) -> dict:
    """Decoded layers of one tile file (gzip detected by its magic bytes)."""
    raw = Path(path).read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    try:
        return mapbox_vector_tile.decode(raw, default_options={"y_coord_down": True})
    except Exception as e:  # the decoder raises protobuf's own error types
        raise OsmError(f"{path}: cannot decode vector tile ({e})") from e


def read_tiles(
    paths: Iterable[Path] | Path,
    bbox: LonLatBox | None = None,
    tile_ids: dict[Path, TileId] | None = None,
) -> OsmData:
    """Features of the tiles (files, or every tile file in a folder) touching ``bbox`` (the
    tiles' own square when None). ``tile_ids`` gives z/x/y for files whose names lack it."""
    files = tile_files(paths)
    if not files:
        raise OsmError(f"{paths}: no vector tiles (.mvt, .mvt.gz, .pbf)")
    given = {Path(k): v for k, v in (tile_ids or {}).items()}
    tiles = []
    for f in files:
        t = given.get(f) or tile_id_of(f)
        if t is None:
            raise OsmError(f"{f}: cannot tell the tile's z/x/y from its name; pass it")
        tiles.append((f, t))
    if bbox is not None:  # tiles wholly outside the box are not decoded at all
        tiles = [(f, t) for f, t in tiles if _overlaps(tile_box(t), bbox)] or tiles[:1]
    pieces: list[_Piece] = []
    for f, t in tiles:
        pieces += _tile_pieces(load_tile(f), t)
    boxes = [tile_box(t) for _, t in tiles]
    lo = np.min([b[:2] for b in boxes], axis=0)
    hi = np.max([b[2:] for b in boxes], axis=0)
    src = files[0].parent.name if len(files) > 1 else files[0].name
    data = OsmData(source=src, box=bbox or (float(lo[0]), float(lo[1]), float(hi[0]),
                                            float(hi[1])))  # fmt: skip
    cover = shapely.union_all([box(*b) for b in boxes], grid_size=GRID).boundary
    _emit(data, _node_crossings(_name_roads(_join(pieces))), cover)
    _clip_to_box(data)
    return data


def _overlaps(a: LonLatBox, b: LonLatBox) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def tile_files(paths: Iterable[Path] | Path) -> list[Path]:
    if isinstance(paths, (str, Path)):
        p = Path(paths)
        paths = sorted(p.rglob("*")) if p.is_dir() else [p]
    return sorted(Path(p) for p in paths if str(p).endswith(TILE_SUFFIXES) and Path(p).is_file())


def _tile_pieces(layers: dict, t: TileId) -> list[_Piece]:
    qa = "osm" in layers
    out = []
    for name, layer in layers.items():
        if qa and name != "osm":
            continue
        ext = int(layer.get("extent", 4096))
        square = box(0, 0, ext, ext)
        for feat in layer["features"]:
            props = feat.get("properties", {})
            tags = qa_tags(props) if qa else streets_tags(name, props)
            if name == "road_label" and props.get("name"):  # names for roads: see _name_roads
                tags = {LABEL: str(props["name"])}
            if not tags:
                continue
            geom = _cut(shape(feat["geometry"]), ext, square)
            if geom is None:
                continue
            edge = not square.buffer(-EDGE).contains(geom)
            fid = int(feat.get("id") or 0)
            if qa:
                kind, num = str(props.get("@type", "way")), int(props.get("@id", fid))
                key: tuple | None = (kind, num)
                ref = (kind, num)
            else:
                frozen = tuple(sorted(props.items()))
                # Mapbox ids are not stable across tiles (buildings are numbered per tile):
                # join edge pieces of one layer with equal properties (and ids for lines)
                same = (name, fid, frozen) if "Line" in geom.geom_type else (name, frozen)
                key = same if edge and geom.geom_type != "Point" else None
                ref = (name, fid)
            lonlat = shapely.transform(geom, lambda xy, t=t, e=ext: to_lonlat(t, xy, e))
            out.append(_Piece(key, lonlat, tags, ref))
    return out


def _cut(geom, ext: int, square):
    """The part of a feature inside its own tile (points on the right/bottom edge belong to
    the next tile, so a label in both tiles' buffers is kept once)."""
    if geom.geom_type in ("Point", "MultiPoint"):
        pts = [p for p in getattr(geom, "geoms", [geom]) if 0 <= p.x < ext and 0 <= p.y < ext]
        return pts[0] if pts else None
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    cut = shapely.clip_by_rect(geom, 0, 0, ext, ext) if geom.intersects(square) else None
    return None if cut is None or cut.is_empty else cut


def _join(pieces: list[_Piece]) -> list[_Piece]:
    """One piece per feature: pieces with the same key unioned (polygons) or merged (lines)."""
    groups: dict[tuple, list[_Piece]] = defaultdict(list)
    out = []
    for p in pieces:
        if p.key is None:
            out.append(p)
        else:
            groups[(p.key, _dim(p.geom))].append(p)
    for (_, dim), ps in groups.items():
        geoms = [p.geom for p in ps]
        if dim == 2:
            joined = shapely.union_all(geoms, grid_size=GRID)
        elif dim == 1:
            joined = shapely.line_merge(shapely.union_all(geoms, grid_size=GRID))
        else:
            joined = geoms[0]
        out.append(_Piece(ps[0].key, joined, ps[0].tags, ps[0].ref))
    return out


def _name_roads(pieces: list[_Piece]) -> list[_Piece]:
    """Mapbox Streets v7 keeps road names on ``road_label`` lines: a road takes the name of
    the label with its id, else of a label line lying along it (within ~1 m)."""
    labels = [p for p in pieces if LABEL in p.tags]
    if not labels:
        return pieces
    roads = [p for p in pieces if p.ref[0] == "road" and "highway" in p.tags]
    by_id = {p.ref[1]: p.tags[LABEL] for p in labels if p.ref[1]}
    for r in roads:
        if "name" not in r.tags and r.ref[1] in by_id:
            r.tags = {**r.tags, **name_tags(by_id[r.ref[1]])}
    tree = shapely.STRtree([r.geom for r in roads])
    for lab in labels:
        if lab.ref[1] in by_id and any(r.ref[1] == lab.ref[1] for r in roads):
            continue
        mid = lab.geom.interpolate(0.5, normalized=True)
        for i in tree.query(mid, predicate="dwithin", distance=1e-5):
            if "name" not in roads[i].tags:
                roads[i].tags = {**roads[i].tags, **name_tags(lab.tags[LABEL])}
    return [p for p in pieces if LABEL not in p.tags]


def _node_crossings(pieces: list[_Piece]) -> list[_Piece]:
    """A vertex where two streets at the same grade cross, in both: OpenStreetMap joins them
    by a shared node there, but a tile may keep only the vertices its simplification needed,
    so the builder would not see the junction (nor name the corner)."""
    roads = [p for p in pieces if "highway" in p.tags and _dim(p.geom) == 1
             and "bridge" not in p.tags and "tunnel" not in p.tags]  # fmt: skip
    if len(roads) < 2:
        return pieces
    geoms = [r.geom for r in roads]
    left, right = shapely.STRtree(geoms).query(geoms, predicate="intersects")
    points: list[list] = [[] for _ in roads]
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i < j:
            cross = shapely.get_parts(shapely.intersection(geoms[i], geoms[j]))
            found = [g for g in cross if isinstance(g, Point)]
            points[i] += found
            points[j] += found
    for r, pts in zip(roads, points, strict=True):
        if pts:
            r.geom = shapely.snap(r.geom, shapely.MultiPoint(pts), GRID)
    return pieces


def _dim(geom) -> int:
    return 2 if "Polygon" in geom.geom_type else 1 if "Line" in geom.geom_type else 0


class _NodeIds:
    """Node ids from rounded positions: the same vertex in two ways gets the same id."""

    def __init__(self) -> None:
        self.ids: dict[tuple[int, int], int] = {}

    def __call__(self, lonlat: np.ndarray) -> tuple[int, ...]:
        out = []
        for lon, lat in lonlat:
            if math.isnan(lon):
                out.append(-(len(self.ids) + 1))
                self.ids[(len(self.ids), -1)] = out[-1]  # a gap: a fresh id nobody shares
                continue
            k = (round(lon / GRID), round(lat / GRID))
            out.append(self.ids.setdefault(k, -(len(self.ids) + 1)))
        return tuple(out)


def _emit(data: OsmData, pieces: list[_Piece], cover) -> None:
    """Pieces as OSM nodes, ways and areas. Mapbox features without an id get fresh ones."""
    node_ids = _NodeIds()
    fresh = iter(range(10**12, 10**13))
    for p in sorted(pieces, key=lambda p: (p.ref, str(p.key))):
        kind, num = p.ref
        num = num or next(fresh)
        dim = _dim(p.geom)
        if dim == 0:
            pt = p.geom if isinstance(p.geom, Point) else p.geom.geoms[0]
            qa_untagged = not any(k in p.tags for k in NODE_KEYS)  # as reader.py keeps them
            if kind in ("node", "way", "relation") and qa_untagged:
                continue
            data.nodes.append(OsmNode(num, pt.x, pt.y, p.tags))
            continue
        if "contour" in p.tags and dim == 2:  # a contour polygon's outline less the cut edges
            lines = shapely.line_merge(p.geom.boundary.difference(cover.buffer(GRID * 10)))
            _add_lines(data, num, lines, p.tags, node_ids)
            continue
        if dim == 1:
            _add_lines(data, num, p.geom, p.tags, node_ids)
            continue
        polys = [g for g in getattr(p.geom, "geoms", [p.geom]) if isinstance(g, Polygon)]
        # A QA feature is one OSM object, all its parts one area; a Mapbox group may hold
        # several buildings with equal properties, each its own area.
        groups = [polys] if kind in ("way", "relation") else [[g] for g in polys]
        for i, group in enumerate(groups):
            rings = tuple(np.asarray(r.coords)[:, :2] for g in group
                          for r in (g.exterior, *g.interiors))  # fmt: skip
            if rings:
                ref = f"{kind}/{num}" if i == 0 else f"{kind}/{next(fresh)}"
                data.areas.append(OsmArea(ref, rings, p.tags))


def _add_lines(data: OsmData, num: int, geom, tags, node_ids: _NodeIds) -> None:
    """A (multi)line as one way; its parts separated by a NaN (a gap the builder skips)."""
    parts = [g for g in getattr(geom, "geoms", [geom]) if isinstance(g, LineString) and
             len(g.coords) >= 2]  # fmt: skip
    if not parts:
        return
    gap = np.full((1, 2), np.nan)
    chunks = []
    for i, g in enumerate(parts):
        chunks += [gap] if i else []
        chunks.append(np.asarray(g.coords)[:, :2])
    lonlat = np.concatenate(chunks)
    data.ways.append(OsmWay(num, node_ids(lonlat), lonlat, tags))


__all__ = ["TileId", "load_tile", "read_tiles", "tile_box", "tile_id_of", "to_lonlat"]
