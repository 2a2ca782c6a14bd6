"""The extract's features in block coordinates, sorted into what each builder step draws."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from odyssey.maps.osm.elevation import Contour, parse_ele
from odyssey.maps.osm.ground import ProjectedArea, area_of
from odyssey.maps.osm.projection import LocalProjection
from odyssey.maps.osm.raster import Grid
from odyssey.maps.osm.reader import OsmData, OsmNode
from odyssey.maps.osm.roads import Way2D, drawn_highway, drawn_railway, is_bridge, is_passage

PIER_HALF_WIDTH = 2.0
SPOT_HEIGHTS = ("peak", "volcano", "saddle", "hill")  # natural=* nodes whose ele is the ground


@dataclass
class Features:
    source: str
    grid: Grid
    projection: LocalProjection
    areas: list[ProjectedArea] = field(default_factory=list)
    highways: list[Way2D] = field(default_factory=list)
    passages: list[Way2D] = field(default_factory=list)  # highways through buildings
    bridges: list[Way2D] = field(default_factory=list)
    railways: list[Way2D] = field(default_factory=list)
    piers: list[Way2D] = field(default_factory=list)
    waterways: list[tuple[np.ndarray, str]] = field(default_factory=list)
    coast: list[tuple[np.ndarray, bool, bool]] = field(default_factory=list)
    tree_rows: list[np.ndarray] = field(default_factory=list)
    trees: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    entrances: list[tuple[float, float]] = field(default_factory=list)
    nodes: list[tuple[OsmNode, float, float]] = field(default_factory=list)  # node, x, z
    contours: list[Contour] = field(default_factory=list)
    spot_heights: list[tuple[float, float, float]] = field(default_factory=list)  # x, z, metres


def grid_for(box: tuple[float, float, float, float], proj: LocalProjection) -> Grid:
    """The blocks covering a lon/lat box."""
    corners = proj.to_xz(np.array([[box[0], box[3]], [box[2], box[1]]]))
    x0, z0 = math.floor(corners[0, 0]), math.floor(corners[0, 1])
    x1, z1 = math.ceil(corners[1, 0]), math.ceil(corners[1, 1])
    return Grid(x0, z0, max(1, x1 - x0), max(1, z1 - z0))


def way_runs(proj: LocalProjection, lonlat: np.ndarray, ids: tuple[int, ...]):
    """A way's pieces between missing nodes: (points, node ids, cut before, cut after)."""
    ok = ~np.isnan(lonlat[:, 0])
    xz = proj.to_xz(np.where(ok[:, None], lonlat, 0.0))
    out = []
    i, n = 0, len(ids)
    while i < n:
        if not ok[i]:
            i += 1
            continue
        j = i
        while j < n and ok[j]:
            j += 1
        if j - i >= 2:
            out.append((xz[i:j], tuple(ids[i:j]), i > 0, j < n))
        i = j
    return out


def project(data: OsmData, proj: LocalProjection, grid: Grid) -> Features:
    """Sort and project everything the builder draws."""
    f = Features(data.source, grid, proj)
    for a in data.areas:
        rings = tuple(proj.to_xz(r) for r in a.rings)
        f.areas.append(ProjectedArea(a.ref, rings, a.tags, area_of(rings)))
    for w in data.ways:
        runs = way_runs(proj, w.lonlat, w.node_ids)
        if not runs:
            continue
        way = Way2D(w.id, tuple(r[0] for r in runs), w.tags, tuple(r[1] for r in runs))
        t = w.tags
        ele = parse_ele(t.get("ele")) if t.get("contour") == "elevation" else None
        if ele is not None:
            f.contours += [Contour(r, ele) for r in way.runs]
        elif drawn_highway(t):
            (f.bridges if is_bridge(t) else f.highways).append(way)
            if is_passage(t):
                f.passages.append(way)
        elif drawn_railway(t):
            f.railways.append(way)
        elif t.get("man_made") == "pier":
            f.piers.append(way)
        elif t.get("natural") == "coastline":
            f.coast += [(pts, cut0, cut1) for pts, _, cut0, cut1 in runs]
        elif t.get("natural") == "tree_row":
            f.tree_rows += list(way.runs)
        elif "waterway" in t and t.get("tunnel") not in ("yes", "culvert"):
            f.waterways += [(r, t["waterway"]) for r in way.runs]
    trees = []
    for n in data.nodes:
        x, z = proj.to_xz(np.array([[n.lon, n.lat]]))[0]
        if n.tags.get("natural") == "tree":
            trees.append((x, z))
        ele = parse_ele(n.tags.get("ele"))
        if n.tags.get("natural") in SPOT_HEIGHTS and ele is not None:
            f.spot_heights.append((float(x), float(z), ele))
        if n.tags.get("entrance") or n.tags.get("door"):
            f.entrances.append((float(x), float(z)))
        f.nodes.append((n, float(x), float(z)))
    f.trees = np.array(trees, dtype=np.float64).reshape(-1, 2)
    return f
