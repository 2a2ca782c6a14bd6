"""``build_osm``: a map from an OpenStreetMap extract, one block per metre.

Phases: read the extract, project it, lay the map out as flat layers (ground, streets,
buildings with doors and stairs, signs, trees), write the blocks, then place the waypoints and
check each one: a spot to stand on, joined to the spawn.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from odyssey.maps.built import BuildReport, BuiltMap, PlacedWaypoint
from odyssey.maps.osm.bridges import build_bridge
from odyssey.maps.osm.construct import build as build_building
from odyssey.maps.osm.elevation import contour_elevation, grid_elevation
from odyssey.maps.osm.elevation_grid import read_elevation_grid
from odyssey.maps.osm.features import grid_for, project
from odyssey.maps.osm.layout import (
    Site,
    connect,
    lay_out_ground,
    plan_entrances,
    plan_furniture,
    plan_stairs,
)
from odyssey.maps.osm.places import address_places, corner_places, most_notable, named_places
from odyssey.maps.osm.projection import PROJECTION_NAME, projection_for_box
from odyssey.maps.osm.reader import OsmError
from odyssey.maps.osm.relief import base_y, retaining_walls, stand_y
from odyssey.maps.osm.signs import POST, SIGN, sign_text_entity
from odyssey.maps.osm.sources import read_source
from odyssey.maps.osm.tags import MAX_WAYPOINTS, MIN_NAMED_PLACES
from odyssey.maps.osm.terrain import Ground, Stamps, lowest_ground, write_terrain
from odyssey.maps.osm.trees import tree_blocks
from odyssey.maps.osm.waypoints import SpotFinder, assign_doors, place_waypoint, standable
from odyssey.world.connections import connect_blocks
from odyssey.world.generate import GENERATED_DIMENSION, GROUND_Y
from odyssey.world.leveldat import LevelInfo
from odyssey.world.storage import World

BUILDER, BUILDER_VERSION = "osm", "1"
ATTRIBUTION = "© OpenStreetMap contributors, ODbL 1.0"
LICENSE_NOTE = (
    "Built from OpenStreetMap data, © OpenStreetMap contributors, available under the Open"
    " Database License 1.0 (https://www.openstreetmap.org/copyright). The world is a Produced"
    " Work of that database; redistributing it must keep this attribution."
)
MAX_SIDE = 8000  # blocks: larger boxes would not fit in memory as one world
OUT_OF_BOUNDS_DEPTH = 10


def build_osm(
    pbf: Path,
    map_id: str,
    display_name: str | None = None,
    bbox: tuple[float, float, float, float] | None = None,
    locale: str = "fi",
    seed: int = 0,
    elevation: Path | None = None,
) -> BuiltMap:
    """Build a map from an .osm.pbf extract (``bbox``: min lon, min lat, max lon, max lat).
    The ground follows ``elevation`` (a grid: .npz or GeoTIFF) where given, else the extract's
    contour lines where it has any, else it is level."""
    pbf = Path(pbf)
    check_bbox(bbox)
    report = BuildReport()
    data = read_source(pbf, bbox)
    report.skipped.extend(data.problems)
    if data.is_empty():
        where = f"the box {bbox}" if bbox else "the extract"
        raise OsmError(f"{pbf}: nothing in {where}: no buildings, streets or places to build")
    if data.cut:
        report.note(f"{data.cut} polygons cut by the extract's edge were closed along the nodes"
                    " they have inside it")  # fmt: skip
    proj = projection_for_box(data.box)
    grid = grid_for(data.box, proj)
    if max(grid.nx, grid.nz) > MAX_SIDE:
        raise OsmError(f"{pbf}: the box is {grid.nx} x {grid.nz} m; at most {MAX_SIDE} m a side"
                       " can be built (pass a smaller --bbox)")  # fmt: skip
    f = project(data, proj, grid)
    site = lay_out_ground(f, seed, report, ground_elevation(f, proj, elevation, report))
    joined = plan_entrances(site)
    places = named_places(f, site.buildings, site.owner, locale)
    if len(places) > MAX_WAYPOINTS:
        report.note(f"{len(places)} named places: the {MAX_WAYPOINTS} most notable, spread over"
                    " the map, become waypoints")  # fmt: skip
        places = most_notable(places, MAX_WAYPOINTS)
    assign_doors(places, site.buildings, site.candidates, joined, grid)
    plan_stairs(site)
    plan_furniture(site, np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0]))
    spots = connect(site)
    name = display_name or map_id
    world = write_world(site, name, seed)
    waypoints = choose_waypoints(site, world, places, spots)
    spawn = spawn_position(site)
    world.info = LevelInfo(level_name=name, seed=seed, spawn=tuple(math.floor(v) for v in spawn))
    report.note(f"{len(waypoints)} waypoints")
    return BuiltMap(
        map_id=map_id,
        display_name=name,
        environment="outdoor",
        world=world,
        waypoints=waypoints,
        spawn=spawn,
        bounds=(grid.x0, grid.z0, grid.x0 + grid.nx - 1, grid.z0 + grid.nz - 1),
        builder=BUILDER,
        builder_version=BUILDER_VERSION,
        seed=seed,
        out_of_bounds_y=lowest_ground(site.wet, site.level) - OUT_OF_BOUNDS_DEPTH,
        origin={
            "lat": proj.lat0,
            "lon": proj.lon0,
            "projection": PROJECTION_NAME,
            "metres_per_block": 1.0,
            "axes": "x east, z south; block (0, 0) starts at lat, lon",
            "bbox": [round(v, 7) for v in data.box],
            "source": pbf.name,
            "attribution": ATTRIBUTION,
        },
        locale=locale,
        license={"scope": "map", "redistribution": "ODbL-1.0", "note": LICENSE_NOTE},
        report=report,
    )


def ground_elevation(f, proj, elevation: Path | None, report: BuildReport) -> np.ndarray | None:
    """Metres per column: from the user's grid, else from contours and spot heights."""
    if elevation is not None:
        grid = read_elevation_grid(elevation)
        metres = grid_elevation(f.grid, proj, grid.sample)
        if not np.isfinite(metres).any():
            raise OsmError(f"{elevation}: the elevation grid does not cover the map's box")
        report.note(f"elevation from {Path(elevation).name}")
        return metres
    metres = contour_elevation(f.grid, f.contours, f.spot_heights)
    if metres is not None:
        report.note(f"elevation from {len(f.contours)} contour lines and"
                    f" {len(f.spot_heights)} spot heights")  # fmt: skip
    return metres


def check_bbox(bbox) -> None:
    if bbox is None:
        return
    try:
        ok = len(bbox) == 4 and all(math.isfinite(float(v)) for v in bbox)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise OsmError(f"bbox {bbox!r}: expected four numbers min_lon, min_lat, max_lon, max_lat")
    lon0, lat0, lon1, lat1 = bbox
    if not (-180 <= lon0 < lon1 <= 180 and -90 <= lat0 < lat1 <= 90):
        raise OsmError(f"bbox {bbox!r}: expected min_lon < max_lon and min_lat < max_lat,"
                       " in degrees")  # fmt: skip


def write_world(site: Site, name: str, seed: int) -> World:
    """Write the terrain with its stamps, raised bridges, buildings and sign texts."""
    world = World(GENERATED_DIMENSION, LevelInfo(level_name=name, seed=seed))
    grid = site.grid
    stamps = Stamps.join(
        [
            furniture_stamps(site, world),
            Stamps(*tree_blocks(site.trees, grid, world.registry.state, base_y(site.level))),
        ]
    )
    ground = Ground(site.surface, site.wet, site.roads.rail, site.level, site.stairs,
                    retaining_walls(site.level, site.surface))  # fmt: skip
    write_terrain(world, grid, ground, stamps)
    for bridge in site.raised:
        build_bridge(world, grid, bridge)
        h, w = bridge.top.data.shape
        x0, z0 = grid.x0 + bridge.top.c0, grid.z0 + bridge.top.r0
        peak = int(np.nanmax(bridge.top.data)) + 2
        connect_blocks(world, (x0, GROUND_Y, z0), (x0 + w, GROUND_Y + peak, z0 + h))
    for b in site.buildings:
        build_building(world, grid, b, site.owner, site.passage)
    for s in site.signs:
        world.set_block_entity(grid.x0 + s.col, int(base_y(site.level[s.row, s.col])) + 2,
                               grid.z0 + s.row,
                               sign_text_entity(s.names))  # fmt: skip
    return world


def furniture_stamps(site: Site, world: World) -> Stamps:
    """Sign posts with their signs, and railings beside bridges over water."""
    reg = world.registry
    grid = site.grid
    rows: list[tuple[int, int, int, int]] = []
    post = reg.state(POST)
    ground = base_y(site.level)
    for s in site.signs:
        x, y, z = grid.x0 + s.col, int(ground[s.row, s.col]), grid.z0 + s.row
        rows += [(x, y, z, post), (x, y + 1, z, post),
                 (x, y + 2, z, reg.state(f"{SIGN}[rotation={s.rotation}]"))]  # fmt: skip
    rail = site.railing
    bits = np.zeros(rail.shape, dtype=np.int64)
    bits[1:] |= rail[:-1] * 1  # north
    bits[:, :-1] |= rail[:, 1:] * 2  # east
    bits[:-1] |= rail[1:] * 4  # south
    bits[:, 1:] |= rail[:, :-1] * 8  # west
    states = [reg.state_of(POST, {side: str(bool(b & (1 << i))).lower()
                                  for i, side in enumerate(("north", "east", "south", "west"))}
                           | {"waterlogged": "false"}) for b in range(16)]  # fmt: skip
    rr, cc = np.nonzero(rail)
    for r, c in zip(rr.tolist(), cc.tolist(), strict=True):
        rows.append((grid.x0 + c, int(ground[r, c]), grid.z0 + r, states[bits[r, c]]))
    a = np.array(rows, dtype=np.int64).reshape(-1, 4)
    return Stamps(a[:, 0], a[:, 1], a[:, 2], a[:, 3])


def spawn_position(site: Site) -> tuple[float, float, float]:
    row, col = site.spawn
    y = float(stand_y(site.level[row, col]))
    return (site.grid.x0 + col + 0.5, y, site.grid.z0 + row + 0.5)


def choose_waypoints(site: Site, world: World, places, spots) -> list[PlacedWaypoint]:
    """Waypoints of the named places; corners and addresses too where those are few. Each is
    checked in the world: a place to stand, with headroom, not in a wall."""
    finder = SpotFinder(site.grid, site.buildings, spots, site.main, site.level)
    out = _placed(site, world, finder, places)
    if len(out) < MIN_NAMED_PLACES:
        taken = {w.name.casefold() for w in out}
        extra = corner_places(site.f, site.junctions) + address_places(
            site.f, site.buildings, site.owner
        )
        more = [p for p in extra if p.name.casefold() not in taken]
        out += _placed(site, world, finder, more)
        site.report.note(f"few named places ({len(places)}): added street corners and addresses")
    return out


def _placed(site: Site, world: World, finder: SpotFinder, places) -> list[PlacedWaypoint]:
    out = []
    for p in places:
        wp = place_waypoint(p, finder, site.grid)
        if wp is None:
            site.report.skip(f"waypoint {p.name!r} ({p.ref}): no spot joined to the streets"
                             " within reach; skipped")  # fmt: skip
        elif not standable(world, wp.position):
            site.report.skip(f"waypoint {p.name!r} ({p.ref}): its spot {wp.position} is not"
                             " standable; skipped")  # fmt: skip
        else:
            out.append(wp)
    return out


__all__ = ["ATTRIBUTION", "build_osm"]
