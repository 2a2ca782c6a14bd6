"""Writing the ground: stone and three layers of dirt, the surface blocks at each column's level,
water three deep, rails, the stairs and retaining walls of slopes, and the stamped blocks of
trees, sign posts and railings, region by region."""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from odyssey.maps.osm.palette import (
    BEDROCK_LAYER,
    RETAINING_WALL,
    SLAB_OF,
    SUBSOIL,
    WATER,
    WATER_BED,
    Surface,
    stair_states,
    top_states,
)
from odyssey.maps.osm.raster import Grid
from odyssey.maps.osm.relief import STEPS, base_y
from odyssey.world.blocks import AIR
from odyssey.world.generate import GROUND_Y
from odyssey.world.storage import World

BOTTOM_Y = GROUND_Y - 6  # on level ground: two layers of stone, three of dirt, the surface
TOP_ROOM = 14  # blocks above the ground kept in the box: room for trees and posts
TOP_Y = GROUND_Y + TOP_ROOM
WATER_DEPTH = 3
REGION = 128  # blocks per side of the boxes written at once (8 x 8 chunks)
RAIL_SHAPES = ("", "north_south", "east_west")


@dataclass(frozen=True)
class Stamps:
    """Blocks to lay over the ground where it is air: x, y, z, state (earlier ones win)."""

    x: np.ndarray
    y: np.ndarray
    z: np.ndarray
    state: np.ndarray

    @staticmethod
    def join(parts: list[Stamps]) -> Stamps:
        cols = [np.concatenate([getattr(p, f) for p in parts] or [np.zeros(0, np.int64)])
                for f in ("x", "y", "z", "state")]  # fmt: skip
        return Stamps(*(c.astype(np.int64) for c in cols))


@dataclass(frozen=True)
class Ground:
    """The layers the terrain writer needs, per column of the grid."""

    surface: np.ndarray
    wet: np.ndarray  # water under the surface
    rail: np.ndarray
    level: np.ndarray  # half blocks above GROUND_Y (relief.py)
    stairs: np.ndarray  # relief.stair_facings of the whole grid (-1: no stair)
    walls: np.ndarray  # relief.retaining_walls of the whole grid

    def window(self, region) -> Ground:
        # taken from whole-grid layers, so a stair or a wall at a region's edge still sees
        # the column beyond it
        return Ground(*(getattr(self, f.name)[region] for f in fields(self)))


def column_blocks(world: World, g: Ground, y0: int, y1: int) -> np.ndarray:
    """The blocks y0..y1 of a region's columns as an array [y][z][x]: stone, three blocks of
    dirt (or water), the surface block (a slab where the level ends in a half) and the stairs
    and retaining walls of slopes."""
    reg = world.registry
    top = base_y(g.level) - 1 - y0  # index of each column's top block (a slab or a full block)
    ys = np.arange(y1 - y0, dtype=np.int64)[:, None, None]
    vol = np.where(ys <= top[None] - WATER_DEPTH - 1, reg.state(BEDROCK_LAYER),
                   np.where(ys < top[None], reg.state(SUBSOIL), AIR)).astype(np.uint16)  # fmt: skip
    vol[(ys < top[None]) & g.walls[None]] = reg.state(RETAINING_WALL)
    rows, cols = np.indices(g.surface.shape)
    half = g.level % 2 == 1
    vol[top, rows, cols] = np.where(half, top_states(reg, 1)[g.surface],
                                    top_states(reg, 0)[g.surface])  # fmt: skip
    # Under a slab on a slope, the paving's full block (its side shows where the street steps);
    # dirt under the level maps' carriageways, as before.
    under = half & (g.level > 0) & np.isin(g.surface, tuple(SLAB_OF))
    vol[top[under] - 1, rows[under], cols[under]] = top_states(reg, 0)[g.surface[under]]
    wet = g.wet
    vol[top[wet] - WATER_DEPTH - 1, rows[wet], cols[wet]] = reg.state(WATER_BED)
    for k in range(1, WATER_DEPTH + 1):
        vol[top[wet] - k, rows[wet], cols[wet]] = reg.state(WATER)
    open_water = g.surface == Surface.WATER
    vol[top[open_water], rows[open_water], cols[open_water]] = AIR
    on_track = (g.rail > 0) & (g.surface == Surface.RAILBED)
    for shape in (1, 2):
        at = on_track & (g.rail == shape)
        vol[top[at] + 1, rows[at], cols[at]] = reg.state(f"rail[shape={RAIL_SHAPES[shape]}]")
    facing = g.stairs
    steps = facing >= 0
    table = stair_states(reg, tuple(STEPS))
    vol[top[steps] + 1, rows[steps], cols[steps]] = table[g.surface[steps], facing[steps]]
    return vol


def write_terrain(world: World, grid: Grid, ground: Ground, stamps: Stamps) -> None:
    """Write every column of the grid, REGION x REGION blocks at a time."""
    order = np.lexsort((stamps.x, stamps.z))  # stamps sorted by z (then x): regions slice them
    sx, sy, sz, ss = stamps.x[order], stamps.y[order], stamps.z[order], stamps.state[order]
    rank = order  # original position: earlier stamps win
    y0 = bottom_y(ground.level)
    for r0 in range(0, grid.nz, REGION):
        r1 = min(grid.nz, r0 + REGION)
        za, zb = grid.z0 + r0, grid.z0 + r1
        lo, hi = np.searchsorted(sz, za), np.searchsorted(sz, zb)
        for c0 in range(0, grid.nx, REGION):
            c1 = min(grid.nx, c0 + REGION)
            g = ground.window((slice(r0, r1), slice(c0, c1)))
            y1 = int(base_y(g.level.max())) + TOP_ROOM
            vol = column_blocks(world, g, y0, y1)
            xa, xb = grid.x0 + c0, grid.x0 + c1
            sel = np.arange(lo, hi)
            sel = sel[(sx[sel] >= xa) & (sx[sel] < xb) & (sy[sel] >= y0) & (sy[sel] < y1)]
            if len(sel):
                _lay(vol, sx[sel] - xa, sy[sel] - y0, sz[sel] - za, ss[sel], rank[sel])
            world.set_box((xa, y0, za), vol)


def bottom_y(level: np.ndarray) -> int:
    """The lowest block written: BOTTOM_Y on level ground."""
    return int(base_y(level.min())) - 1 - WATER_DEPTH - 2


def _lay(vol, x, y, z, state, rank) -> None:
    """Stamp blocks into air only; where stamps overlap, the earliest wins."""
    flat = (y * vol.shape[1] + z) * vol.shape[2] + x
    first = np.lexsort((rank, flat))
    flat, state = flat[first], state[first]
    keep = np.ones(len(flat), dtype=bool)
    keep[1:] = flat[1:] != flat[:-1]
    flat, state = flat[keep], state[keep]
    view = vol.reshape(-1)
    empty = view[flat] == AIR
    view[flat[empty]] = state[empty]


def lowest_ground(wet: np.ndarray, level: np.ndarray) -> int:
    """The lowest top of solid ground: a water bed where there is water."""
    lowest = int(base_y(level.min()))
    return lowest - 1 - WATER_DEPTH if wet.any() else lowest
