"""Streets, paths and railways on the block grid, and where named streets meet.

Carriageways are as wide as their highway type (or their ``width``/``lanes`` tags) and get
pavements on both sides unless the pavements are mapped separately; footways, cycleways and
squares are drawn flush with the pavements. Bridges are set aside: the bridges module decides
whether each is raised or drawn at street level.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from odyssey.maps.osm.palette import GREEN, Surface
from odyssey.maps.osm.raster import Grid, stroke, stroke_along
from odyssey.maps.osm.tags import (
    PATH_WIDTH,
    PAVEMENT_WIDTH,
    RAILWAYS,
    ROAD_WIDTH,
    parse_metres,
)

LANE_WIDTH = 3.25
SKIPPED_HIGHWAYS = ("corridor", "elevator", "proposed", "abandoned", "razed", "bus_guideway")
NO_PAVEMENT = ("no", "none", "separate")
MARKING_MIN_WIDTH = 8.0  # roads at least this wide get a dashed centre line
DASH, GAP = 3.0, 3.0
# path kinds per cell
P_PAVED, P_CYCLE, P_SQUARE, P_SOFT = 1, 2, 3, 4


@dataclass(frozen=True)
class Way2D:
    """A way's pieces in block coordinates, with what the builder needs of its tags."""

    id: int
    runs: tuple[np.ndarray, ...]
    tags: dict[str, str]
    node_runs: tuple[tuple[int, ...], ...]  # the node ids of each run


@dataclass(frozen=True)
class Junction:
    """A node where differently named streets meet."""

    node_id: int
    x: float
    z: float
    names: tuple[str, ...]


@dataclass
class Roads:
    """The road network as grid layers."""

    carriage: np.ndarray
    pavement: np.ndarray
    path: np.ndarray  # P_* kind of path per cell, 0 none
    marking: np.ndarray
    railbed: np.ndarray
    rail: np.ndarray  # 0 none, 1 north-south, 2 east-west
    deck: np.ndarray  # bridges and piers at street level (over water they stand on the water)
    bridges: list[Way2D] = field(default_factory=list)
    junctions: list[Junction] = field(default_factory=list)


def empty_roads(grid: Grid) -> Roads:
    z = np.zeros(grid.shape, dtype=bool)
    return Roads(z, z.copy(), np.zeros(grid.shape, np.uint8), z.copy(), z.copy(),
                 np.zeros(grid.shape, np.uint8), z.copy())  # fmt: skip


def drawn_highway(tags: dict[str, str]) -> bool:
    """Whether a highway is drawn at street level (not underground, on an upper floor or
    planned); passages through buildings are."""
    kind = tags.get("highway")
    if kind is None or kind in SKIPPED_HIGHWAYS:
        return False
    if kind not in ROAD_WIDTH and kind not in PATH_WIDTH:
        return False
    if tags.get("tunnel") == "culvert" or tags.get("location") == "underground":
        return False
    if tags.get("layer", "0").strip().startswith("-"):
        return False
    if tags.get("indoor") == "yes" or tags.get("level"):
        return tags.get("level", "0").strip() == "0"
    return True


def is_passage(tags: dict[str, str]) -> bool:
    """A way through a building at street level (a gateway, an arcade): kept open. Indoor
    walkways stay inside their building, which its doors open into."""
    return tags.get("tunnel") == "building_passage" or tags.get("covered") in ("yes", "arcade")


def road_widths(tags: dict[str, str]) -> tuple[float, float]:
    """Carriageway (or path) width and pavement width on each side, in metres."""
    kind = tags["highway"]
    width = parse_metres(tags.get("width") or tags.get("est_width"))
    if kind in ROAD_WIDTH:
        lanes = parse_metres(tags.get("lanes"))
        width = width or (lanes * LANE_WIDTH if lanes else ROAD_WIDTH[kind])
        side = tags.get("sidewalk:both", tags.get("sidewalk", ""))
        pavement = 0.0 if side in NO_PAVEMENT else PAVEMENT_WIDTH.get(kind, 0.0)
        return max(width, 3.0), pavement
    return max(width or PATH_WIDTH[kind], 1.5), 0.0


def is_bridge(tags: dict[str, str]) -> bool:
    return tags.get("bridge", "no") not in ("no", "abandoned")


def paint_highway(grid: Grid, roads: Roads, way: Way2D) -> None:
    """One highway's carriageway and pavements, or its path."""
    kind = way.tags["highway"]
    width, pavement = road_widths(way.tags)
    for run in way.runs:
        if kind in ROAD_WIDTH:
            _paint(grid, roads.carriage, run, width / 2.0)
            if pavement:
                _paint(grid, roads.pavement, run, width / 2.0 + pavement)
            if width >= MARKING_MIN_WIDTH and way.tags.get("oneway") != "yes":
                _paint_dashes(grid, roads.marking, run)
        else:
            code = {"pedestrian": P_SQUARE, "cycleway": P_CYCLE}.get(kind, P_PAVED)
            if kind in ("path", "track", "bridleway") and way.tags.get("surface") not in (
                "asphalt",
                "paved",
                "concrete",
                "paving_stones",
                "sett",
            ):
                code = P_SOFT
            patch = stroke(grid, run, width / 2.0)
            if patch is not None:
                view = patch.of(roads.path)
                view[np.isfinite(patch.data) & ((view == 0) | (view > code))] = code


def _paint(grid: Grid, target: np.ndarray, run: np.ndarray, half_width: float) -> None:
    patch = stroke(grid, run, half_width)
    if patch is not None:
        patch.of(target)[np.isfinite(patch.data)] = True


def _paint_dashes(grid: Grid, target: np.ndarray, run: np.ndarray) -> None:
    dist, along = stroke_along(grid, run, 0.5)
    if dist is not None:
        dash = np.isfinite(dist.data) & ((along.data % (DASH + GAP)) < DASH)
        dist.of(target)[dash] = True


def paint_railway(grid: Grid, roads: Roads, way: Way2D) -> None:
    """A track bed of gravel with a line of rails along its middle."""
    for run in way.runs:
        _paint(grid, roads.railbed, run, 2.0)
        for a, b in itertools.pairwise(run):
            patch = stroke(grid, np.vstack([a, b]), 0.5)
            if patch is not None:
                shape = 1 if abs(b[1] - a[1]) >= abs(b[0] - a[0]) else 2
                patch.of(roads.rail)[np.isfinite(patch.data)] = shape


def drawn_railway(tags: dict[str, str]) -> bool:
    if tags.get("railway") not in RAILWAYS:
        return False
    if tags.get("tunnel") == "yes" or tags.get("layer", "").strip().startswith("-"):
        return False
    return tags.get("location") != "underground"


def find_junctions(streets: list[Way2D], grid: Grid) -> list[Junction]:
    """Nodes shared by streets of two or more different names, inside the grid."""
    names: dict[int, set[str]] = {}
    where: dict[int, tuple[float, float]] = {}
    for way in streets:
        name = way.tags.get("name")
        if not name:
            continue
        for run, ids in zip(way.runs, way.node_runs, strict=True):
            for node, (x, z) in zip(ids, run.tolist(), strict=True):
                names.setdefault(node, set()).add(name)
                where[node] = (x, z)
    out = []
    for node in sorted(names):
        x, z = where[node]
        row, col = grid.cell(x, z)
        if len(names[node]) >= 2 and grid.inside(row, col):
            out.append(Junction(node, x, z, tuple(sorted(names[node]))))
    return out


def compose_streets(cover: np.ndarray, roads: Roads) -> np.ndarray:
    """The surface codes with tracks, paths, pavements, kerbs and carriageways on the cover."""
    surface = cover.copy()
    surface[roads.railbed] = Surface.RAILBED
    green = np.isin(cover, GREEN)
    path = roads.path
    surface[path == P_PAVED] = Surface.FOOTWAY
    surface[path == P_CYCLE] = Surface.CYCLEWAY
    surface[path == P_SQUARE] = Surface.SQUARE
    surface[(path == P_SOFT) & green] = Surface.PATH
    surface[(path == P_SOFT) & ~green] = Surface.FOOTWAY
    pavement = roads.pavement & ~roads.carriage
    surface[pavement] = Surface.PAVEMENT
    kerb = pavement & _next_to(roads.carriage)
    surface[kerb] = Surface.KERB
    surface[roads.carriage] = Surface.ROAD
    surface[roads.carriage & roads.marking] = Surface.MARKING
    return surface


def _next_to(mask: np.ndarray) -> np.ndarray:
    out = np.zeros_like(mask)
    out[1:] |= mask[:-1]
    out[:-1] |= mask[1:]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    return out
