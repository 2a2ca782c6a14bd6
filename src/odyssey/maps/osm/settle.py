"""Setting a building on sloping ground: its ground floor at the level of the street before its
main door, and doors only where the ground outside is within half a block of that floor.

Real houses on hills do the same: the front door opens level with the pavement, the back or
the uphill side is dug into the slope, the downhill side stands on a plinth. The ground under
the footprint is set to the floor's level, so the terrain writer lays the plinth and the
building's box clears the hill inside it.
"""

from __future__ import annotations

import numpy as np

from odyssey.maps.osm.buildings import Building
from odyssey.maps.osm.doors import Candidates, outside_cells
from odyssey.world.generate import GROUND_Y

WORLD_TOP = 319  # the highest block y a building's roof may take
NOT_JOINED = 1.0e6  # added to the score of a door whose ground is off the street network


def settle(
    b: Building,
    cands: Candidates,
    level: np.ndarray,
    road_distance: np.ndarray,
    joined: np.ndarray,
) -> Candidates:
    """Choose ``b.base`` and set the level under its footprint; the door candidates that stay
    level with the ground outside."""
    mask = b.patch.data
    under = b.patch.of(level)
    if len(cands):
        rows, cols = outside_cells(cands)
        score = road_distance[rows, cols] + np.where(joined[rows, cols], 0.0, NOT_JOINED)
        best = int(np.argmin(score))
        b.base = -(-int(level[rows[best], cols[best]]) // 2)  # the step down is at most half
        keep = np.abs(level[rows, cols] - 2 * b.base) <= 1
        cands = _subset(cands, keep)
    else:
        b.base = int(np.rint(np.median(under[mask]) / 2.0))
    under[mask] = 2 * b.base
    _fit_under_sky(b)
    return cands


def _fit_under_sky(b: Building) -> None:
    """Lower a roof that would rise out of the world (a tower on a high hill)."""
    room = WORLD_TOP - (GROUND_Y + b.base)
    if b.height <= room:
        return
    b.height = max(room, 4)
    b.floors = tuple(f for f in b.floors if f + 3 <= b.height) or (0,)


def _subset(cands: Candidates, keep: np.ndarray) -> Candidates:
    idx = np.flatnonzero(keep)
    return Candidates(cands.rows[idx], cands.cols[idx],
                      tuple(cands.facings[i] for i in idx), cands.straight[idx])  # fmt: skip
