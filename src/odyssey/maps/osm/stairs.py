"""A staircase inside a building, joining every floor to the next (a ladder where none fits).

Two lanes side by side, as long as the tallest storey plus a landing at each end. Flights go up
in turn along lane 0 (towards +axis) and back along lane 1, so each flight starts where the last
one arrived. The floor above each flight is open over it and over its landing: a player walking
up has a storey (3 blocks or more) of headroom above every step, and steps rise half a block.
A building too narrow or too slanted for that gets a ladder against a wall, through every floor.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.buildings import Building
from odyssey.maps.osm.doors import FACINGS, wall_and_interior

LANES = 2


@dataclass(frozen=True)
class Stairwell:
    """A stairwell's place: its corner block (window row, column), axis and length."""

    row: int  # within the building's window
    col: int
    axis: str  # "x": flights run east-west, "z": north-south
    length: int  # tallest rise + 2 landings

    def cell(self, pos: int, lane: int) -> tuple[int, int]:
        """Window row and column of a position along the stairwell in a lane."""
        if self.axis == "x":
            return self.row + lane, self.col + pos
        return self.row + pos, self.col + lane

    def facing(self, lane: int) -> str:
        if self.axis == "x":
            return "east" if lane == 0 else "west"
        return "south" if lane == 0 else "north"


@dataclass(frozen=True)
class Flight:
    """One flight: from floor ``k`` up ``rise`` blocks, the cells and heights of its steps."""

    k: int
    lane: int
    steps: tuple[tuple[int, int, int], ...]  # (window row, window col, y offset of the block)
    holes: tuple[tuple[int, int], ...]  # openings in the floor above
    start: tuple[int, int]  # landing it starts from (on floor k)
    end: tuple[int, int]  # landing it arrives on (floor k + 1)


@dataclass(frozen=True)
class Ladder:
    """A ladder shaft: its block (window row, column) and the side it faces (away from the wall
    it hangs on); players get on and off from the block in front of it."""

    row: int
    col: int
    facing: str

    @property
    def front(self) -> tuple[int, int]:
        dr, dc = FACINGS[self.facing]
        return self.row + dr, self.col + dc


def flights(b: Building, well: Stairwell | Ladder) -> list[Flight]:
    """The flights between consecutive floors (y offsets relative to the ground floor block)."""
    if isinstance(well, Ladder):
        return [Flight(k, 0, (), (), well.front, well.front) for k in range(len(b.floors) - 1)]
    out = []
    last = well.length - 1
    for k in range(len(b.floors) - 1):
        rise = b.floors[k + 1] - b.floors[k]
        lane = k % LANES
        pos = [i if lane == 0 else last - i for i in range(1, rise + 1)]
        steps = tuple((*well.cell(p, lane), b.floors[k] + i) for i, p in enumerate(pos, 1))
        start = well.cell(0 if lane == 0 else last, lane)
        # open over the landing too: a player stepping off it is under both blocks at once
        holes = (start, *(well.cell(p, lane) for p in pos[:-1]))
        end = well.cell(rise + 1 if lane == 0 else last - rise - 1, lane)
        out.append(Flight(k, lane, steps, holes, start, end))
    return out


def place_stairwell(b: Building, reserved: np.ndarray) -> Stairwell | None:
    """Where the stairwell fits inside the walls, off the blocks kept clear behind doors; with
    a free lane beside it where there is room, nearest the first door."""
    if len(b.floors) < 2:
        return None
    rises = np.diff(b.floors)
    length = int(rises.max()) + 2
    _, interior = wall_and_interior(b.patch.data)
    free = interior & ~reserved
    door = b.doors[0].inside if b.doors else None
    target = (
        (door[0] - b.patch.r0, door[1] - b.patch.c0)
        if door
        else tuple(np.argwhere(free).mean(axis=0))
        if free.any()
        else (0, 0)
    )
    for lanes in (LANES + 1, LANES):
        best = None
        for axis, (h, w) in (("x", (lanes, length)), ("z", (length, lanes))):
            rows, cols = _fits(free, h, w)
            if not len(rows):
                continue
            d = np.hypot(rows + h / 2 - target[0], cols + w / 2 - target[1])
            i = int(np.argmin(d))
            if best is None or d[i] < best[0]:
                best = (float(d[i]), int(rows[i]), int(cols[i]), axis)
        if best is not None:
            return Stairwell(best[1], best[2], best[3], length)
    return None


LADDER_STOREY = 4  # a player jumps from the floor onto a ladder: 2.5 blocks of headroom


def ladder_floors(height: int, count: int) -> tuple[int, ...]:
    """Floors for a ladder shaft: LADDER_STOREY apart (a storey of 3 leaves too little room to
    jump onto the ladder), as many as fit under the roof with room to stand, at most ``count``."""
    fit = (height - 3) // LADDER_STOREY + 1
    return tuple(k * LADDER_STOREY for k in range(max(1, min(count, fit))))


def place_ladder(b: Building, reserved: np.ndarray) -> Ladder | None:
    """A ladder on the inside of a wall, nearest the first door, with floor in front of it.
    Sets the building's floors LADDER_STOREY apart first."""
    b.floors = ladder_floors(b.height, len(b.floors))
    if len(b.floors) < 2:
        return None
    wall, interior = wall_and_interior(b.patch.data)
    free = interior & ~reserved
    h, w = free.shape
    door = b.doors[0].inside if b.doors else (b.patch.r0, b.patch.c0)
    best = None
    for facing, (dr, dc) in FACINGS.items():
        rows, cols = np.nonzero(free)
        back_r, back_c = rows - dr, cols - dc
        front_r, front_c = rows + dr, cols + dc
        ok = (back_r >= 0) & (back_r < h) & (back_c >= 0) & (back_c < w)
        ok &= (front_r >= 0) & (front_r < h) & (front_c >= 0) & (front_c < w)
        rows, cols = rows[ok], cols[ok]
        back_r, back_c, front_r, front_c = back_r[ok], back_c[ok], front_r[ok], front_c[ok]
        ok = wall[back_r, back_c] & free[front_r, front_c]
        if not ok.any():
            continue
        d = np.hypot(rows[ok] + b.patch.r0 - door[0], cols[ok] + b.patch.c0 - door[1])
        i = int(np.argmin(d))
        if best is None or d[i] < best[0]:
            best = (float(d[i]), int(rows[ok][i]), int(cols[ok][i]), facing)
    return None if best is None else Ladder(best[1], best[2], best[3])


def _fits(free: np.ndarray, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Corners (row, col) of every h x w rectangle made only of free blocks."""
    rows, cols = free.shape
    if h > rows or w > cols:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    sat = np.pad(free.astype(np.int32), ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    total = sat[h:, w:] - sat[:-h, w:] - sat[h:, :-w] + sat[:-h, :-w]
    return np.nonzero(total == h * w)
