"""The ground cover of every block column: land use, water bodies, the sea, waterways.

Built-up areas without a land-use polygon are paved, open country is grass (told apart by how
much of the surroundings buildings cover). Polygons are painted largest first so that a pond in
a park or a playground in a square wins over what holds it. The sea comes from the coastline:
OpenStreetMap draws it with the water on the right, so each side of the line votes for the part
of the map it lies in.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.gridops import box_mean, dilate4, label4
from odyssey.maps.osm.palette import COVER_CODES, Surface
from odyssey.maps.osm.raster import Grid, Patch, fill_rings, ring_area, stroke
from odyssey.maps.osm.tags import WATERWAY_WIDTH, cover_of

DENSE_FRACTION = 0.3  # buildings cover more than this of the surroundings: a paved city
DENSITY_RADIUS = 30  # blocks
COAST_SEED_OFFSET = 2.5  # blocks either side of the coastline where its sides vote
CUT_EXTENSION = 400.0  # a coastline cut by the extract's edge is carried on this far


@dataclass(frozen=True)
class ProjectedArea:
    """An OpenStreetMap polygon in block coordinates."""

    ref: str
    rings: tuple[np.ndarray, ...]
    tags: dict[str, str]
    area_m2: float


@dataclass(frozen=True)
class GreenArea:
    """A park, wood or cemetery where trees grow: its blocks and how densely."""

    ref: str
    patch: Patch
    cover: Surface


def density(building_mask: np.ndarray) -> np.ndarray:
    """The fraction of the nearby ground that buildings cover, per column."""
    return box_mean(building_mask, DENSITY_RADIUS)


def paint_cover(
    grid: Grid, areas: list[ProjectedArea], dense: np.ndarray, sea: np.ndarray
) -> tuple[np.ndarray, list[GreenArea]]:
    """Surface codes from land-use polygons over the sea and a paved (dense) or grassy base."""
    cover = np.where(dense > DENSE_FRACTION, Surface.CITY, Surface.GRASS).astype(np.uint8)
    cover[sea] = Surface.WATER
    green: list[GreenArea] = []
    for area in sorted(areas, key=lambda a: (-a.area_m2, a.ref)):
        kind = cover_of(area.tags)
        if kind is None or "building" in area.tags:
            continue
        patch = fill_rings(grid, area.rings)
        if patch is None:
            continue
        code = COVER_CODES[kind]
        patch.of(cover)[patch.data] = code
        if code in (Surface.PARK, Surface.WOOD, Surface.SCRUB):
            green.append(GreenArea(area.ref, patch, code))
    return cover, green


def coastline_sea(grid: Grid, lines: list[tuple[np.ndarray, bool, bool]]) -> np.ndarray:
    """Columns of sea, from coastline pieces (x, z points; whether each end was cut by the
    extract's edge, in which case the piece is carried on past the map's edge)."""
    barrier = np.zeros(grid.shape, dtype=bool)
    seeds: list[tuple[np.ndarray, bool]] = []
    for points, cut_start, cut_end in lines:
        line = _extend(points, cut_start, cut_end)
        patch = stroke(grid, line, 0.75)
        if patch is not None:
            patch.of(barrier)[np.isfinite(patch.data)] = True
        d = np.diff(line, axis=0)
        length = np.hypot(d[:, 0], d[:, 1])
        ok = length > 1e-6
        mid = (line[:-1] + line[1:])[ok] / 2.0
        right = np.stack([-d[ok, 1], d[ok, 0]], 1) / length[ok, None]
        seeds.append((mid + COAST_SEED_OFFSET * right, True))
        seeds.append((mid - COAST_SEED_OFFSET * right, False))
    if not barrier.any():
        return barrier
    labels, count = label4(~barrier)
    votes = np.zeros((2, count + 1), dtype=np.int64)
    for points, is_sea in seeds:
        rows = np.floor(points[:, 1]).astype(np.int64) - grid.z0
        cols = np.floor(points[:, 0]).astype(np.int64) - grid.x0
        ok = (rows >= 0) & (rows < grid.nz) & (cols >= 0) & (cols < grid.nx)
        lab = labels[rows[ok], cols[ok]]
        votes[int(is_sea)] += np.bincount(lab[lab >= 0], minlength=count + 1)
    sea_labels = np.flatnonzero(votes[1, :count] > votes[0, :count])
    sea = np.isin(labels, sea_labels)
    return sea | (dilate4(sea) & barrier)


def _extend(points: np.ndarray, cut_start: bool, cut_end: bool) -> np.ndarray:
    out = points
    if len(points) >= 2 and cut_start:
        d = points[0] - points[1]
        out = np.vstack([points[0] + d / max(np.hypot(*d), 1e-9) * CUT_EXTENSION, out])
    if len(points) >= 2 and cut_end:
        d = points[-1] - points[-2]
        out = np.vstack([out, points[-1] + d / max(np.hypot(*d), 1e-9) * CUT_EXTENSION])
    return out


def paint_waterways(grid: Grid, cover: np.ndarray, lines: list[tuple[np.ndarray, str]]) -> None:
    """Rivers, streams and ditches as water of their usual width."""
    for points, kind in lines:
        patch = stroke(grid, points, WATERWAY_WIDTH.get(kind, 1.0) / 2.0)
        if patch is not None:
            patch.of(cover)[np.isfinite(patch.data)] = Surface.WATER


def area_of(rings: tuple[np.ndarray, ...]) -> float:
    """Area of a polygon's largest ring (good enough to order overlapping polygons)."""
    return max((ring_area(r) for r in rings), default=0.0)
