"""Writing the ground: a few layers of stone and dirt, the surface blocks, water three deep,
rails, and the stamped blocks of trees, sign posts and railings, region by region."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.palette import BEDROCK_LAYER, SUBSOIL, WATER, WATER_BED, Surface, top_states
from odyssey.maps.osm.raster import Grid
from odyssey.world.blocks import AIR
from odyssey.world.generate import GROUND_Y
from odyssey.world.storage import World

BOTTOM_Y = GROUND_Y - 6  # two layers of stone, three of dirt (or water), the surface
TOP_Y = GROUND_Y + 14  # room for trees and posts
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


def column_blocks(world: World, surface: np.ndarray, wet: np.ndarray, rail: np.ndarray):
    """The blocks BOTTOM_Y..TOP_Y of a region's columns as an array [y][z][x]."""
    reg = world.registry
    h, w = surface.shape
    vol = np.zeros((TOP_Y - BOTTOM_Y, h, w), dtype=np.uint16)
    ground = GROUND_Y - 1 - BOTTOM_Y  # index of the surface block
    vol[: ground - WATER_DEPTH] = reg.state(BEDROCK_LAYER)
    vol[ground - WATER_DEPTH : ground] = reg.state(SUBSOIL)
    vol[ground - WATER_DEPTH - 1][wet] = reg.state(WATER_BED)
    vol[ground - WATER_DEPTH : ground, wet] = reg.state(WATER)
    vol[ground] = top_states(reg)[surface]
    vol[ground][surface == Surface.WATER] = AIR
    on_track = (rail > 0) & (surface == Surface.RAILBED)
    for shape in (1, 2):
        vol[ground + 1][on_track & (rail == shape)] = reg.state(f"rail[shape={RAIL_SHAPES[shape]}]")
    return vol


def write_terrain(world: World, grid: Grid, surface: np.ndarray, wet: np.ndarray,
                  rail: np.ndarray, stamps: Stamps) -> None:  # fmt: skip
    """Write every column of the grid, REGION x REGION blocks at a time."""
    order = np.lexsort((stamps.x, stamps.z))  # stamps sorted by z (then x): regions slice them
    sx, sy, sz, ss = stamps.x[order], stamps.y[order], stamps.z[order], stamps.state[order]
    rank = order  # original position: earlier stamps win
    for r0 in range(0, grid.nz, REGION):
        r1 = min(grid.nz, r0 + REGION)
        za, zb = grid.z0 + r0, grid.z0 + r1
        lo, hi = np.searchsorted(sz, za), np.searchsorted(sz, zb)
        for c0 in range(0, grid.nx, REGION):
            c1 = min(grid.nx, c0 + REGION)
            region = (slice(r0, r1), slice(c0, c1))
            vol = column_blocks(world, surface[region], wet[region], rail[region])
            xa, xb = grid.x0 + c0, grid.x0 + c1
            sel = np.arange(lo, hi)
            sel = sel[(sx[sel] >= xa) & (sx[sel] < xb) & (sy[sel] >= BOTTOM_Y) & (sy[sel] < TOP_Y)]
            if len(sel):
                _lay(vol, sx[sel] - xa, sy[sel] - BOTTOM_Y, sz[sel] - za, ss[sel], rank[sel])
            world.set_box((xa, BOTTOM_Y, za), vol)


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


def lowest_ground(wet: np.ndarray) -> int:
    """The lowest top of solid ground: a water bed where there is water."""
    return GROUND_Y - 1 - WATER_DEPTH if wet.any() else GROUND_Y
