"""The map as flat layers before any block is written: buildings, ground cover, streets,
bridges, doors, stairs, signs and trees, and which open ground joins the street network."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from odyssey.maps.built import BuildReport
from odyssey.maps.osm.bridges import RaisedBridge, at_street_level, plan_bridge
from odyssey.maps.osm.buildings import Building, plan_buildings, rasterise_footprints
from odyssey.maps.osm.doors import Candidates, door_candidates, plan_doors
from odyssey.maps.osm.features import PIER_HALF_WIDTH, Features
from odyssey.maps.osm.gridops import dilate4, distance_to, label4
from odyssey.maps.osm.ground import (
    GreenArea,
    coastline_sea,
    density,
    paint_cover,
    paint_waterways,
)
from odyssey.maps.osm.palette import Surface
from odyssey.maps.osm.raster import stroke
from odyssey.maps.osm.reader import OsmError
from odyssey.maps.osm.relief import flat_levels, ground_levels, stair_facings
from odyssey.maps.osm.roads import (
    P_SQUARE,
    Junction,
    Roads,
    compose_streets,
    empty_roads,
    find_junctions,
    paint_highway,
    paint_railway,
    road_widths,
)
from odyssey.maps.osm.settle import settle
from odyssey.maps.osm.signs import StreetSign, plan_signs
from odyssey.maps.osm.stairs import place_ladder, place_stairwell
from odyssey.maps.osm.trees import Tree, TreePlanter

SPOT_SURFACES = (Surface.GRASS, Surface.PARK, Surface.WOOD, Surface.SCRUB, Surface.CITY,
                 Surface.PARKING, Surface.SQUARE, Surface.SAND, Surface.GRAVEL, Surface.ROCK,
                 Surface.DIRT, Surface.FARMLAND, Surface.PITCH, Surface.PAVEMENT, Surface.KERB,
                 Surface.FOOTWAY, Surface.CYCLEWAY, Surface.RAILBED)  # fmt: skip
SPAWN_SURFACES = (Surface.PAVEMENT, Surface.FOOTWAY, Surface.SQUARE, Surface.CITY)
TREE_CLEARANCE = 2  # blocks kept free of trunks around buildings
MAX_STEP = 2  # half blocks: the highest step between columns a player climbs (with a jump)


@dataclass
class Site:
    """Everything the builder decided, as grid layers and lists."""

    f: Features
    report: BuildReport
    buildings: list[Building]
    owner: np.ndarray  # building index per block, -1 none
    cover: np.ndarray
    surface: np.ndarray
    wet: np.ndarray  # water under the surface
    roads: Roads
    raised: list[RaisedBridge] = field(default_factory=list)
    passage: np.ndarray | None = None  # blocks of buildings a street-level way runs through
    railing: np.ndarray | None = None
    candidates: dict[int, Candidates] = field(default_factory=dict)
    signs: list[StreetSign] = field(default_factory=list)
    trees: list[Tree] = field(default_factory=list)
    obstacle: np.ndarray | None = None
    main: np.ndarray | None = None  # open ground joined to the spawn
    spawn: tuple[int, int] = (0, 0)
    green: list[GreenArea] = field(default_factory=list)
    junctions: list[Junction] = field(default_factory=list)
    level: np.ndarray | None = None  # half blocks above GROUND_Y per column (relief.py)
    terrain: bool = False  # built from elevation data (else level ground)
    stairs: np.ndarray | None = None  # relief.stair_facings, once the levels are settled

    @property
    def grid(self):
        return self.f.grid


def lay_out_ground(
    f: Features, seed: int, report: BuildReport, elevation: np.ndarray | None = None
) -> Site:
    """Buildings' footprints and plans, ground cover, water, streets and bridges, and the
    ground's level (from ``elevation``, metres per column, else level ground)."""
    grid = f.grid
    drawn, raw_owner = rasterise_footprints(grid, f.areas, report.skipped)
    dense = density(raw_owner >= 0)
    buildings, owner = plan_buildings(drawn, raw_owner, dense, seed, report.skipped)
    sea = coastline_sea(grid, f.coast)
    cover, green = paint_cover(grid, f.areas, dense, sea)
    paint_waterways(grid, cover, f.waterways)
    roads = empty_roads(grid)
    for way in f.highways:
        paint_highway(grid, roads, way)
    for way in f.railways:
        paint_railway(grid, roads, way)
    for way in f.piers:
        for run in way.runs:
            patch = stroke(grid, run, PIER_HALF_WIDTH)
            if patch is not None:
                on = np.isfinite(patch.data)
                patch.of(roads.path)[on] = P_SQUARE
                patch.of(roads.deck)[on] = True
    wet = cover == Surface.WATER
    raised = _bridges(f, roads, wet, raise_decks=elevation is None)
    surface = compose_streets(cover, roads)
    site = Site(f, report, buildings, owner, cover, surface, wet, roads, raised, green=green)
    if elevation is None:
        site.level = flat_levels(surface)
    else:
        site.level = ground_levels(elevation, surface, wet, _centre_lines(f))
        site.terrain = True
        lo, hi = float(np.nanmin(elevation)), float(np.nanmax(elevation))
        report.note(f"terrain: {lo:.0f} to {hi:.0f} m, {int(site.level.max() // 2)} blocks of"
                    " relief; bridges follow the ground")  # fmt: skip
    site.passage = _passages(f, owner)
    deck = roads.deck & wet & (surface != Surface.WATER)
    site.railing = (surface == Surface.WATER) & _grow8(deck) & (owner < 0)
    report.note(
        f"{len(buildings)} buildings ({_sources(buildings)}), {len(f.highways)} streets and"
        f" paths, {len(f.bridges)} bridges ({len(raised)} raised), {len(f.railways)} railways"
    )
    return site


def _bridges(f: Features, roads: Roads, wet: np.ndarray, raise_decks: bool) -> list[RaisedBridge]:
    # Raised decks are planned on level ground only: over terrain a bridge follows the ground.
    raised = []
    for way in f.bridges:
        bridge = plan_bridge(f.grid, roads, wet, way) if raise_decks else None
        if bridge is None:
            paint_highway(f.grid, roads, way)
            width, pavement = road_widths(way.tags)
            for run in way.runs:
                patch = stroke(f.grid, run, width / 2.0 + pavement)
                if patch is not None:
                    patch.of(roads.deck)[np.isfinite(patch.data)] = True
            continue
        own = empty_roads(f.grid)
        paint_highway(f.grid, own, way)
        ends = np.zeros(f.grid.shape, dtype=bool)
        bridge.top.of(ends)[at_street_level(bridge)] = True
        for name in ("carriage", "pavement", "marking"):
            getattr(roads, name)[ends] |= getattr(own, name)[ends]
        raised.append(bridge)
    return raised


def _centre_lines(f: Features) -> np.ndarray:
    """The blocks the centre lines of streets and paths run through."""
    out = np.zeros(f.grid.shape, dtype=bool)
    for way in f.highways + f.bridges:
        for run in way.runs:
            patch = stroke(f.grid, run, 0.5)
            if patch is not None:
                patch.of(out)[np.isfinite(patch.data)] = True
    return out


def _passages(f: Features, owner: np.ndarray) -> np.ndarray:
    """Blocks of buildings that ways at street level run through (kept open to walk)."""
    out = np.zeros(f.grid.shape, dtype=bool)
    for way in f.passages:
        half = max(1.0, road_widths(way.tags)[0] / 2.0)
        for run in way.runs:
            patch = stroke(f.grid, run, half)
            if patch is not None:
                patch.of(out)[np.isfinite(patch.data)] = True
    return out & (owner >= 0)


def _grow8(mask: np.ndarray) -> np.ndarray:
    out = dilate4(mask)
    out[1:, 1:] |= mask[:-1, :-1]
    out[1:, :-1] |= mask[:-1, 1:]
    out[:-1, 1:] |= mask[1:, :-1]
    out[:-1, :-1] |= mask[1:, 1:]
    return out


def _sources(buildings: list[Building]) -> str:
    counts = {s: sum(b.height_source == s for b in buildings) for s in ("height", "levels")}
    default = len(buildings) - sum(counts.values())
    return (
        f"heights from tags: {counts['height']} height, {counts['levels']} levels,"
        f" {default} default"
    )


def open_ground(site: Site) -> np.ndarray:
    """Columns a player can walk on outside (before trees and posts)."""
    walk = ((site.owner < 0) | site.passage) & (site.surface != Surface.WATER) & ~site.railing
    for bridge in site.raised:
        on = np.isfinite(bridge.top.data)
        bridge.top.of(walk)[on] = True
    return walk


def plan_entrances(site: Site) -> np.ndarray:
    """Doors of every building (entrances, else towards the street) and the joined ground."""
    walk = open_ground(site)
    joined = _largest(walk, site.level)
    roads = site.roads
    street = roads.carriage | roads.pavement | (roads.path > 0)
    road_distance = distance_to(street if street.any() else walk)
    entrances: dict[int, list[tuple[float, float]]] = {}
    for x, z in site.f.entrances:
        row, col = site.grid.cell(x, z)
        for dr, dc in ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0)):
            r, c = row + dr, col + dc
            if site.grid.inside(r, c) and site.owner[r, c] >= 0:
                entrances.setdefault(int(site.owner[r, c]), []).append((x, z))
                break
    for b in site.buildings:
        if b.canopy:
            continue
        cands = door_candidates(b, walk)
        if site.terrain:
            cands = settle(b, cands, site.level, road_distance, joined)
        site.candidates[b.index] = cands
        b.doors = plan_doors(b, cands, entrances.get(b.index, []), road_distance, joined,
                             (site.grid.x0, site.grid.z0))  # fmt: skip
    return joined


def plan_stairs(site: Site) -> None:
    """A stairwell in every building of several floors that has room for one."""
    no_room = 0
    for b in site.buildings:
        if b.canopy or len(b.floors) < 2:
            continue
        reserved = b.patch.of(site.passage).copy()
        for d in b.doors:
            r, c = d.inside[0] - b.patch.r0, d.inside[1] - b.patch.c0
            reserved[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2] = True
        b.stairs = place_stairwell(b, reserved) or place_ladder(b, reserved)
        no_room += b.stairs is None
    if no_room:
        site.report.note(f"{no_room} buildings of several floors have no room for stairs:"
                         " only their ground floor is reachable")  # fmt: skip


def plan_furniture(site: Site, rng: np.random.Generator) -> None:
    """Street-name signs at junctions and trees, kept off doors, roads and each other."""
    grid, surface = site.grid, site.surface
    blocked = site.owner >= 0
    for _ in range(TREE_CLEARANCE):  # square, as crowns are: no leaves over a roof
        blocked = _grow8(blocked)
    blocked |= site.railing
    site.stairs = stair_facings(site.level, surface)
    blocked |= site.stairs >= 0
    blocked |= np.isin(surface, (Surface.ROAD, Surface.MARKING, Surface.KERB, Surface.WATER,
                                 Surface.RAILBED))  # fmt: skip
    for bridge in site.raised:
        bridge.top.of(blocked)[np.isfinite(bridge.top.data)] = True
    for b in site.buildings:
        for d in b.doors:
            (r, c), (dr, dc) = d.outside, (d.outside[0] - d.row, d.outside[1] - d.col)
            for k in range(3):
                if grid.inside(r + k * dr, c + k * dc):
                    blocked[r + k * dr, c + k * dc] = True
    junctions = find_junctions(site.f.highways + site.f.bridges, grid)
    site.junctions = junctions
    site.signs = plan_signs(grid, junctions, surface, blocked | dilate4(site.owner >= 0, 1))
    obstacle = site.railing.copy()
    for s in site.signs:
        obstacle[s.row, s.col] = True
    planter = TreePlanter(grid, surface, blocked | obstacle)
    planter.plant_points(site.f.trees, rng)
    for line in site.f.tree_rows:
        planter.plant_row(line, rng)
    for area in site.green:
        rows, cols = np.nonzero(area.patch.data)
        planter.scatter(rows + area.patch.r0, cols + area.patch.c0, area.cover, rng)
    site.trees = planter.trees
    for t in site.trees:
        obstacle[t.row, t.col] = True
    site.obstacle = obstacle
    site.report.note(f"{len(site.signs)} street-name signs, {len(site.trees)} trees")


def connect(site: Site) -> np.ndarray:
    """The open ground joined to the spawn (the largest walkable part near the centre), and
    the spawn's block: paved ground nearest the map's centre."""
    walk = open_ground(site) & ~site.obstacle
    site.main = _largest(walk, site.level)
    if not site.main.any():
        raise OsmError(f"{site.f.source}: the map has no open ground to stand on")
    street = site.main & (site.owner < 0) & ~_raised(site)  # not in a passage or on a bridge
    rows, cols = np.nonzero(street & np.isin(site.surface, SPAWN_SURFACES))
    if not len(rows):
        rows, cols = np.nonzero(site.main)
    d = np.hypot(rows - site.grid.nz / 2, cols - site.grid.nx / 2)
    i = int(np.argmin(d))
    site.spawn = (int(rows[i]), int(cols[i]))
    spots = site.main & np.isin(site.surface, SPOT_SURFACES) & ~_raised(site)
    return spots & (site.stairs < 0)


def _raised(site: Site) -> np.ndarray:
    out = np.zeros(site.grid.shape, dtype=bool)
    for bridge in site.raised:
        bridge.top.of(out)[np.isfinite(bridge.top.data)] = True
    return out


def _largest(mask: np.ndarray, level: np.ndarray) -> np.ndarray:
    """The largest part of ``mask`` a player walks through: steps of a block at most."""
    labels, count = label4(mask, level, MAX_STEP)
    if count == 0:
        return np.zeros_like(mask)
    sizes = np.bincount(labels[labels >= 0], minlength=count)
    return labels == int(np.argmax(sizes))
