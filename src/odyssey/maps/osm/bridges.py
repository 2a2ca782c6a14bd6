"""Bridges: drawn level with the street over water (a deck over the water with railings), or
raised over the roads and railways they cross, with ramps that climb half a block per block.

OpenStreetMap's bridge way is the span itself, so the ramps are inside it: the deck rises from
both ends to its clearance and stays there across the middle, where the road below passes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.raster import Grid, Patch, polyline_length, stroke_along
from odyssey.maps.osm.roads import Roads, Way2D, road_widths
from odyssey.world.blocks import AIR
from odyssey.world.generate import GROUND_Y
from odyssey.world.storage import World

CLEARANCE = (5.0, 3.0)  # deck height above the ground: wanted, least worth raising
WATER_SHARE = 0.3  # more of the span than this over water: a deck at street level instead
SLOPE = 0.5  # blocks of rise per block along the ramp
EMBANKMENT = 2.0  # ramps up to this height are filled solid underneath
RAILING_MIN_WIDTH = 5.0
DECK, DECK_SLAB = "smooth_stone", "smooth_stone_slab[type=bottom]"
RAILING = "stone_brick_wall"


@dataclass(frozen=True)
class RaisedBridge:
    """A raised deck: per block of its window, the deck's top above the ground (NaN: none)
    and whether a railing stands there."""

    way_id: int
    top: Patch  # float32 heights above GROUND_Y
    railing: np.ndarray


def deck_heights(along: np.ndarray, length: float, clearance: float) -> np.ndarray:
    """The deck's top above the ground at each distance along the span (halves of a block)."""
    ramp = np.minimum(along, length - along)
    return np.minimum(np.floor(ramp * SLOPE * 2.0) / 2.0, clearance)


def plan_bridge(grid: Grid, roads: Roads, wet: np.ndarray, way: Way2D) -> RaisedBridge | None:
    """The raised deck of a bridge over roads or railways, or None when it stays at street
    level (over water, too short to climb over anything, or nothing under it)."""
    if len(way.runs) != 1 or "highway" not in way.tags:
        return None
    line = way.runs[0]
    width, pavement = road_widths(way.tags)
    half = width / 2.0 + pavement
    length = polyline_length(line)
    clearance = min(CLEARANCE[0], np.floor((length - 4.0) / 4.0))
    if clearance < CLEARANCE[1]:
        return None
    dist, along = stroke_along(grid, line, half)
    if dist is None:
        return None
    on = np.isfinite(dist.data)
    if dist.of(wet)[on].mean() > WATER_SHARE:
        return None
    top = deck_heights(along.data, length, clearance)
    below = dist.of(roads.carriage) | dist.of(roads.railbed)
    if int((below & on & (top >= CLEARANCE[1])).sum()) < 3:
        return None
    heights = np.where(on, top, np.nan).astype(np.float32)
    railing = on & (top >= clearance) & (dist.data >= half - 1.0)
    if 2 * half < RAILING_MIN_WIDTH:
        railing[:] = False
    return RaisedBridge(way.id, Patch(dist.r0, dist.c0, heights), railing)


def at_street_level(bridge: RaisedBridge) -> np.ndarray:
    """Blocks of the span that are at street level (its two ends)."""
    return np.isfinite(bridge.top.data) & (bridge.top.data <= 0.0)


def build_bridge(world: World, grid: Grid, bridge: RaisedBridge) -> None:
    """Write a raised deck: slabs for half heights, solid under the low ends of the ramps."""
    reg = world.registry
    top = bridge.top.data
    h, w = top.shape
    peak = int(np.nanmax(top)) + 2
    x0, z0 = grid.x0 + bridge.top.c0, grid.z0 + bridge.top.r0
    vol = world.get_box((x0, GROUND_Y, z0), (x0 + w, GROUND_Y + peak, z0 + h))
    deck, slab, wall = reg.state(DECK), reg.state(DECK_SLAB), reg.state(RAILING)
    raised = np.isfinite(top) & (top > 0)
    rows, cols = np.nonzero(raised)
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        t = float(top[r, c])
        whole = int(t)
        if t <= EMBANKMENT:
            vol[:whole, r, c] = deck
        elif whole >= 1:
            vol[whole - 1, r, c] = deck
        vol[whole:, r, c] = AIR
        if t - whole >= 0.5:
            vol[whole, r, c] = slab
        elif bridge.railing[r, c]:
            vol[whole, r, c] = wall
    world.set_box((x0, GROUND_Y, z0), vol)
