"""Named places as waypoints, each at a spot a player can stand on and walk to from the spawn.

A place inside a building is entered by a door near it (its own shop door where it has none)
and its waypoint is just inside, on the ground floor or on its ``level``; other places get the
nearest open ground that joins the street network. Where named places are few (a small town),
street corners ("Tikankatu / Karhulantie") and addressed buildings ("Tikankatu 11") are added.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from odyssey.maps.built import PlacedWaypoint
from odyssey.maps.osm.buildings import Building
from odyssey.maps.osm.construct import reachable_floors
from odyssey.maps.osm.doors import Candidates, Door, door_near
from odyssey.maps.osm.ground import ProjectedArea
from odyssey.maps.osm.raster import Grid, fill_rings
from odyssey.maps.osm.relief import stand_y
from odyssey.world.generate import GROUND_Y

DOOR_REUSE = 8.0  # blocks: a place this near an existing door is entered by it
NEAR_DOOR = 5.0  # blocks: how far inside from its door a place's spot may be
OUTDOOR_SEARCH = 40  # blocks searched around a place for open ground


@dataclass
class Place:
    """Something named that may become a waypoint."""

    name: str
    kind: str
    ref: str
    x: float
    z: float
    lonlat: tuple[float, float]
    level: int | None = None
    building: int | None = None
    door: Door | None = None
    area: ProjectedArea | None = None
    extra: dict = field(default_factory=dict)
    tier: int = 2  # 0 landmark, 1 everyday place, 2 other


def unique_by_name(places: list[Place]) -> list[Place]:
    """The first place of each name (case-insensitive)."""
    seen: set[str] = set()
    out = []
    for p in places:
        key = p.name.casefold()
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def building_at(owner: np.ndarray, grid: Grid, x: float, z: float) -> int | None:
    """The building a point lies in (or on the outline of, within a block)."""
    row, col = grid.cell(x, z)
    for dr, dc in ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0)):
        if grid.inside(row + dr, col + dc) and owner[row + dr, col + dc] >= 0:
            return int(owner[row + dr, col + dc])
    return None


def assign_doors(places: list[Place], buildings: list[Building],
                 cands: dict[int, Candidates], joined: np.ndarray, grid: Grid) -> None:  # fmt: skip
    """Give each place inside a building the door it is entered by (adding shop doors)."""
    for p in places:
        if p.building is None:
            continue
        b = buildings[p.building]
        c = cands.get(b.index)
        if b.canopy or c is None:
            p.building = None
            continue
        if p.area is not None:  # the building itself: its main door
            p.door = b.doors[0] if b.doors else None
        else:
            row, col = p.z - grid.z0, p.x - grid.x0
            p.door = door_near(b, c, row - 0.5, col - 0.5, joined, DOOR_REUSE)
        if p.door is None:
            p.building = None


class SpotFinder:
    """Chooses standing spots: open ground on the street network, or reachable floors."""

    def __init__(self, grid: Grid, buildings: list[Building], open_spot: np.ndarray,
                 main: np.ndarray, level: np.ndarray) -> None:  # fmt: skip
        self.grid = grid
        self.level = level  # relief.py: where an outdoor spot's ground is
        self.buildings = buildings
        self.open_spot = open_spot  # full-height ground joined to the spawn
        self.main = main
        self.used: set[tuple[int, int, int]] = set()
        self._reach: dict[int, dict[int, np.ndarray]] = {}

    def reach(self, b: Building) -> dict[int, np.ndarray]:
        if b.index not in self._reach:
            doors = [d for d in b.doors if self.main[d.outside]]
            self._reach[b.index] = reachable_floors(b, doors) if doors else {}
        return self._reach[b.index]

    def inside(self, p: Place) -> tuple[tuple[float, float, float], int] | None:
        """A spot inside p's building on its floor, near its door on the ground floor."""
        b = self.buildings[p.building]
        reach = self.reach(b)
        if 0 not in reach or p.door is None:
            return None
        floor = min(max(p.level or 0, 0), max(reach))
        cells = reach[floor].copy()
        rows = np.arange(cells.shape[0])[:, None] + b.patch.r0
        cols = np.arange(cells.shape[1])[None, :] + b.patch.c0
        if floor == 0:
            ir, ic = p.door.inside
            near = np.hypot(rows - ir, cols - ic) <= NEAR_DOOR
            cells = cells & near if (cells & near).any() else cells
        target = (p.z - self.grid.z0 - 0.5, p.x - self.grid.x0 - 0.5)
        d = np.hypot(rows - target[0], cols - target[1])
        spot = self._pick(cells, d, b.patch.r0, b.patch.c0, floor)
        if spot is None:
            return None
        y = GROUND_Y + b.base + b.floors[floor]
        return (self.grid.x0 + spot[1] + 0.5, float(y), self.grid.z0 + spot[0] + 0.5), floor

    def outside(self, x: float, z: float, search: int = OUTDOOR_SEARCH,
                within: np.ndarray | None = None) -> tuple[float, float, float] | None:  # fmt: skip
        """The nearest open spot to (x, z); inside ``within`` (a full-grid mask) if it can."""
        row, col = self.grid.cell(x, z)
        r0, r1 = max(0, row - search), min(self.grid.nz, row + search + 1)
        c0, c1 = max(0, col - search), min(self.grid.nx, col + search + 1)
        if r0 >= r1 or c0 >= c1:
            return None
        cells = self.open_spot[r0:r1, c0:c1]
        if within is not None and (cells & within[r0:r1, c0:c1]).any():
            cells = cells & within[r0:r1, c0:c1]
        rows = np.arange(r0, r1)[:, None] + 0.5
        cols = np.arange(c0, c1)[None, :] + 0.5
        d = np.hypot(rows - (z - self.grid.z0), cols - (x - self.grid.x0))
        spot = self._pick(cells, d, r0, c0, -1)
        if spot is None:
            return None
        y = float(stand_y(self.level[spot]))
        return (self.grid.x0 + spot[1] + 0.5, y, self.grid.z0 + spot[0] + 0.5)

    def _pick(self, cells, dist, r0, c0, floor) -> tuple[int, int] | None:
        """The nearest free cell, not already given to another waypoint."""
        rr, cc = np.nonzero(cells)
        if not len(rr):
            return None
        for i in np.argsort(dist[rr, cc], kind="stable")[:64]:
            key = (int(rr[i]) + r0, int(cc[i]) + c0, floor)
            if key not in self.used:
                self.used.add(key)
                return key[0], key[1]
        return None


def place_waypoint(p: Place, finder: SpotFinder, grid: Grid) -> PlacedWaypoint | None:
    """The waypoint of a place, or None when no spot on the network is near it."""
    floor = None
    spot = None
    if p.building is not None:
        found = finder.inside(p)
        if found is not None:
            spot, floor = found
    if spot is None:
        within, x, z = None, p.x, p.z
        if p.area is not None and p.building is None:
            patch = fill_rings(grid, p.area.rings)
            if patch is not None and patch.data.any():
                within = np.zeros(grid.shape, dtype=bool)
                patch.of(within)[patch.data] = True
                x, z = _nearest_cell(grid, within, p.x, p.z, patch)
        spot = finder.outside(x, z, within=within)
        if spot is None and p.door is not None:  # a building whose inside is cut off
            row, col = p.door.outside
            spot = finder.outside(grid.x0 + col + 0.5, grid.z0 + row + 0.5, search=4)
    if spot is None:
        return None
    lat, lon = round(float(p.lonlat[1]), 7), round(float(p.lonlat[0]), 7)
    extra = {"osm": p.ref, "lat": lat, "lon": lon, **p.extra}
    return PlacedWaypoint(p.name, spot, kind=p.kind, floor=floor, extra=extra)


def _nearest_cell(grid: Grid, mask: np.ndarray, x: float, z: float, patch) -> tuple[float, float]:
    """The centre of the block of ``mask`` (within ``patch``'s window) nearest to (x, z): a
    polygon's centroid may lie outside it, or outside the map."""
    rr, cc = np.nonzero(patch.of(mask))
    rows, cols = rr + patch.r0, cc + patch.c0
    i = int(np.argmin(np.hypot(rows + grid.z0 + 0.5 - z, cols + grid.x0 + 0.5 - x)))
    return grid.x0 + cols[i] + 0.5, grid.z0 + rows[i] + 0.5


def corner_name(names: tuple[str, ...]) -> str:
    return f"{names[0]} / {names[1]}"


def standable(world, pos: tuple[float, float, float]) -> bool:
    """Whether feet at ``pos`` rest on a block's top with 2 blocks of room above (no wall)."""
    reg = world.registry
    x, z = math.floor(pos[0]), math.floor(pos[2])
    y = pos[1]
    base = math.ceil(y - 1e-6) - 1
    boxes = reg.collision_boxes(world.get_block(x, base, z))
    if not len(boxes) or abs(float(boxes[:, 4].max()) + base - y) > 1e-6:
        return False
    return all(not len(reg.collision_boxes(world.get_block(x, base + k, z))) for k in (1, 2))
