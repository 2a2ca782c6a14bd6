"""The ground's height per column, in half blocks, from the elevation in metres.

One block is one metre vertically too, measured from the map's lowest point. Paved ground
(streets, pavements, squares) keeps half-block resolution: its top is a slab where the height
ends in a half, so a street on a slope is a ramp a player walks up without jumping (vanilla
steps up 0.6 of a block). Natural ground is whole blocks, as Minecraft's terrain is. Streets
are level across their width (each block takes the height of the nearest point of the street's
centre line), so a carriageway does not tilt sideways with the hill, and no street block stands
more than a block above the next. Where a paved column is a whole block below a paved
neighbour, a stair is set on it, facing uphill: steps, as players meet them on real hills.
Natural ground two blocks or more above the street beside it is held by a retaining wall.

``level`` is the top of each column's surface in half blocks above ``GROUND_Y``: 0 for the
flat maps' ground, -1 for their carriageways (a slab half a block down).
"""

from __future__ import annotations

import numpy as np

from odyssey.maps.osm.gridops import label4, shifted, spread_nearest
from odyssey.maps.osm.palette import HALF_HEIGHT, SLAB_OF, Surface
from odyssey.world.generate import GROUND_Y

MAX_RELIEF = 200  # metres above the lowest point; higher ground is clamped (the world ends at 320)
STREETS = (Surface.ROAD, Surface.MARKING, Surface.KERB, Surface.PAVEMENT, Surface.FOOTWAY,
           Surface.CYCLEWAY, Surface.SQUARE, Surface.RAILBED)  # fmt: skip
WALL_RISE = 4  # half blocks above the street beside it: a retaining wall
STEPS = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}


def flat_levels(surface: np.ndarray) -> np.ndarray:
    """The level ground of a map without elevation data."""
    return np.where(np.isin(surface, HALF_HEIGHT), -1, 0).astype(np.int32)


def ground_levels(
    elevation: np.ndarray, surface: np.ndarray, wet: np.ndarray, centre: np.ndarray
) -> np.ndarray:
    """Half-block levels per column from metres: streets level across at the height of their
    centre line (``centre``) and in half blocks, other ground in whole blocks, each body of
    water level at its lowest bank."""
    rise = np.clip(elevation - np.nanmin(elevation), 0.0, MAX_RELIEF)
    street = np.isin(surface, STREETS)
    across = spread_nearest(centre & street, rise, street)
    levelled = np.where(street & np.isfinite(across), across, rise)
    halves = np.isin(surface, tuple(SLAB_OF))
    level = np.where(halves, np.rint(levelled * 2.0), np.rint(rise) * 2.0).astype(np.int32)
    level = limit_steps(level, street)
    labels, count = label4(wet)
    if count:
        lowest = np.full(count, np.iinfo(np.int32).max, dtype=np.int64)
        np.minimum.at(lowest, labels[wet], level[wet])
        level[wet] = lowest[labels[wet]]
    return level - np.isin(surface, HALF_HEIGHT).astype(np.int32)


def limit_steps(level: np.ndarray, within: np.ndarray, step: int = 2) -> np.ndarray:
    """Lower columns of ``within`` until none stands more than ``step`` half blocks above a
    neighbour in it: a street may be steep (stairs climb a block) but never a wall. Where two
    streets meet on a steep hill the junction is level and the steep street steepens beside it;
    this cuts the step there into the hill instead of leaving a cliff."""
    big = np.iinfo(np.int32).max // 2
    out = level.copy()
    for _ in range(MAX_RELIEF * 2):
        capped = np.where(within, out, big)
        lowest = capped.copy()
        for dr, dc in STEPS.values():
            lowest = np.minimum(lowest, shifted(capped, dr, dc, fill=big))
        new = np.where(within, np.minimum(out, lowest + step), out)
        if np.array_equal(new, out):
            break
        out = new
    return out


def stand_y(level: int | np.ndarray) -> float | np.ndarray:
    """The height a player stands at on a column."""
    return GROUND_Y + np.asarray(level) / 2.0


def base_y(level: int | np.ndarray) -> int | np.ndarray:
    """The first block above the ground (where posts, trunks and rails stand)."""
    return GROUND_Y - (-np.asarray(level) // 2)


def stair_facings(level: np.ndarray, surface: np.ndarray) -> np.ndarray:
    """Per column, the direction (index into STEPS, -1 none) of a stair set on top of it: paved
    whole-block columns with a paved neighbour exactly one block higher and, behind, ground no
    lower than their own (so both steps, onto the stair and off it, are half a block)."""
    is_paved = np.isin(surface, tuple(SLAB_OF))
    paved = is_paved & (level % 2 == 0)
    low = np.iinfo(np.int32).min
    out = np.full(level.shape, -1, dtype=np.int8)
    for k, (dr, dc) in enumerate(STEPS.values()):
        ahead = shifted(np.where(is_paved, level, low), dr, dc, fill=low)
        behind = shifted(np.where(is_paved, level, low), -dr, -dc, fill=low)
        up = paved & (ahead - level == 2) & (behind >= level)
        out[up & (out < 0)] = k
    return out


def retaining_walls(level: np.ndarray, surface: np.ndarray) -> np.ndarray:
    """Natural ground that stands WALL_RISE half blocks or more above a street beside it."""
    street = np.isin(surface, STREETS)
    low = np.full(level.shape, np.iinfo(np.int32).max, dtype=np.int64)
    for dr, dc in STEPS.values():
        nb = shifted(np.where(street, level, np.iinfo(np.int32).max), dr, dc,
                    fill=np.iinfo(np.int32).max)  # fmt: skip
        low = np.minimum(low, nb)
    return ~street & (level - low >= WALL_RISE)
