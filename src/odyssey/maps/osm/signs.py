"""Street-name signs at junctions: a post on the pavement corner with a sign naming the
streets that meet there, turned to face the junction."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.palette import Surface
from odyssey.maps.osm.raster import Grid
from odyssey.maps.osm.roads import Junction
from odyssey.world.generate import sign_entity

SEARCH = 7  # blocks around the junction searched for a spot
SAME_SIGN_WITHIN = 30.0  # one sign per pair of streets within this distance
POST = "spruce_fence"
SIGN = "spruce_sign"
SIGN_GROUND = (Surface.PAVEMENT, Surface.FOOTWAY, Surface.SQUARE, Surface.CITY,
               Surface.GRASS, Surface.PARK, Surface.CYCLEWAY, Surface.PARKING)  # fmt: skip


@dataclass(frozen=True)
class StreetSign:
    row: int
    col: int
    rotation: int  # 0..15, sixteenths of a turn from facing south, clockwise
    names: tuple[str, ...]
    junction: Junction


def plan_signs(grid: Grid, junctions: list[Junction], surface: np.ndarray,
               blocked: np.ndarray) -> list[StreetSign]:  # fmt: skip
    """A sign for each junction of differently named streets (one per name set nearby)."""
    signs: list[StreetSign] = []
    for j in junctions:
        if any(s.names == j.names and math.hypot(s.junction.x - j.x, s.junction.z - j.z)
               < SAME_SIGN_WITHIN for s in signs):  # fmt: skip
            continue
        spot = _spot(grid, j, surface, blocked)
        if spot is None:
            continue
        row, col = spot
        dx = j.x - (grid.x0 + col + 0.5)
        dz = j.z - (grid.z0 + row + 0.5)
        signs.append(StreetSign(row, col, facing_rotation(dx, dz), j.names[:4], j))
    return signs


def facing_rotation(dx: float, dz: float) -> int:
    """The standing-sign rotation whose front faces the direction (dx, dz)."""
    if dx == 0 and dz == 0:
        return 0
    return round(math.degrees(math.atan2(-dx, dz)) / 22.5) % 16


def _spot(grid: Grid, j: Junction, surface: np.ndarray, blocked: np.ndarray):
    row, col = grid.cell(j.x, j.z)
    r0, r1 = max(0, row - SEARCH), min(grid.nz, row + SEARCH + 1)
    c0, c1 = max(0, col - SEARCH), min(grid.nx, col + SEARCH + 1)
    if r0 >= r1 or c0 >= c1:
        return None
    ok = np.isin(surface[r0:r1, c0:c1], SIGN_GROUND) & ~blocked[r0:r1, c0:c1]
    if not ok.any():
        return None
    rr, cc = np.nonzero(ok)
    d = np.hypot(rr + r0 + 0.5 - (j.z - grid.z0), cc + c0 + 0.5 - (j.x - grid.x0))
    i = int(np.argmin(d))
    return int(rr[i] + r0), int(cc[i] + c0)


def sign_text_entity(lines: tuple[str, ...]) -> dict:
    """A sign block entity with up to four lines on its front."""
    entity = sign_entity(lines[0] if lines else "")
    messages = [*lines[:4], "", "", "", ""][:4]
    entity["front_text"] = {**entity["front_text"], "messages": messages}
    return entity
