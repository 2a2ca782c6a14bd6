"""Where buildings are entered: doors in straight stretches of wall, level with the ground.

A door goes where OpenStreetMap has an entrance node on the outline; a building without one gets
a door facing the nearest street; a named place inside a building gets a door near it (a shop's
own entrance). Every door opens onto open ground, and at least one onto ground that joins the
map's street network, so that the building can be walked into.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.buildings import Building
from odyssey.maps.osm.gridops import shifted

# facing (the side the door looks out to) -> (row step, column step)
FACINGS = {"north": (-1, 0), "south": (1, 0), "west": (0, -1), "east": (0, 1)}
ENTRANCE_REACH = 3.0  # blocks from an entrance node to the door made for it
SECOND_DOOR_WALL = 120  # buildings with more wall blocks than this get a second street door
SECOND_DOOR_APART = 25.0


@dataclass(frozen=True)
class Door:
    """A door in a wall block (grid row, column), the ground before it and the floor behind."""

    row: int
    col: int
    facing: str
    source: str  # "entrance", "street" or "place"

    @property
    def outside(self) -> tuple[int, int]:
        dr, dc = FACINGS[self.facing]
        return self.row + dr, self.col + dc

    @property
    def inside(self) -> tuple[int, int]:
        dr, dc = FACINGS[self.facing]
        return self.row - dr, self.col - dc


SLANTED_PENALTY = 4.0  # blocks of distance a door in a slanted (stepped) wall counts as


@dataclass(frozen=True)
class Candidates:
    """Wall blocks a door fits in: rows, columns, facings (grid coordinates), and whether the
    wall runs straight on both sides (preferred) or steps (a slanted wall)."""

    rows: np.ndarray
    cols: np.ndarray
    facings: tuple[str, ...]
    straight: np.ndarray

    def __len__(self) -> int:
        return len(self.rows)

    def door(self, i: int, source: str) -> Door:
        return Door(int(self.rows[i]), int(self.cols[i]), self.facings[i], source)


def padded(full: np.ndarray, r0: int, c0: int, h: int, w: int, pad: int = 2,
           fill=0) -> np.ndarray:  # fmt: skip
    """The window rows r0-pad..r0+h+pad of a full-grid array, ``fill`` beyond the grid."""
    out = np.full((h + 2 * pad, w + 2 * pad), fill, dtype=full.dtype)
    ra, rb = max(0, r0 - pad), min(full.shape[0], r0 + h + pad)
    ca, cb = max(0, c0 - pad), min(full.shape[1], c0 + w + pad)
    out[ra - r0 + pad : rb - r0 + pad, ca - c0 + pad : cb - c0 + pad] = full[ra:rb, ca:cb]
    return out


def wall_and_interior(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Blocks of the outline (a 4-neighbour outside the footprint) and those inside it."""
    interior = mask.copy()
    for dr, dc in FACINGS.values():
        interior &= shifted(mask, dr, dc)
    return mask & ~interior, interior


def door_candidates(b: Building, open_ground: np.ndarray) -> Candidates:
    """Wall blocks with open ground in front and floor behind (best with wall on both sides).
    In a slanted outline the walls step diagonally and still close, so a door fits there too."""
    h, w = b.patch.data.shape
    mask = np.pad(b.patch.data, 2)
    ground = padded(open_ground, b.patch.r0, b.patch.c0, h, w) & ~mask
    wall, interior = wall_and_interior(mask)
    rows, cols, facings, straight = [], [], [], []
    for facing, (dr, dc) in FACINGS.items():
        ok = wall & shifted(ground, dr, dc) & shifted(interior, -dr, -dc)
        r, c = np.nonzero(ok)
        rows.append(r + b.patch.r0 - 2)
        cols.append(c + b.patch.c0 - 2)
        facings += [facing] * len(r)
        flat = shifted(wall, dc, dr) & shifted(wall, -dc, -dr)  # straight wall on both sides
        straight.append(flat[r, c])
    return Candidates(np.concatenate(rows), np.concatenate(cols), tuple(facings),
                      np.concatenate(straight))  # fmt: skip


def plan_doors(
    b: Building,
    cands: Candidates,
    entrances: list[tuple[float, float]],
    road_distance: np.ndarray,
    joined: np.ndarray,
    grid_origin: tuple[int, int],
) -> list[Door]:
    """Doors at the building's entrance nodes (grid-relative x, z), else towards the street;
    one onto the joined street network at least, when any wall allows it."""
    if not len(cands):
        return []
    doors: list[Door] = []
    x0, z0 = grid_origin
    cx, cz = cands.cols + x0 + 0.5, cands.rows + z0 + 0.5
    for x, z in entrances:
        d = np.hypot(cx - x, cz - z)
        i = int(np.argmin(d))
        if d[i] <= ENTRANCE_REACH and all(
            (q.row, q.col) != (cands.rows[i], cands.cols[i]) for q in doors
        ):
            doors.append(cands.door(i, "entrance"))
    out_r, out_c = outside_cells(cands)
    on_network = joined[out_r, out_c]
    score = road_distance[out_r, out_c] + np.where(on_network, 0.0, 1.0e6)
    score = score + np.where(cands.straight, 0.0, SLANTED_PENALTY)
    if not doors or not any(joined[d.outside] for d in doors):
        doors.append(cands.door(int(np.argmin(score)), "street"))
    wall_blocks = int(wall_and_interior(b.patch.data)[0].sum())
    if wall_blocks > SECOND_DOOR_WALL and len(doors) == 1:
        far = np.hypot(cands.rows - doors[0].row, cands.cols - doors[0].col) >= SECOND_DOOR_APART
        if (far & on_network).any():
            doors.append(cands.door(int(np.argmin(np.where(far, score, np.inf))), "street"))
    return doors


def door_near(b: Building, cands: Candidates, row: float, col: float, joined: np.ndarray,
              reuse_within: float) -> Door | None:  # fmt: skip
    """The door a place at (row, col) inside the building is entered by: an existing one
    within ``reuse_within`` blocks, else a new one in the wall nearest to it."""
    best = min(b.doors, key=lambda d: np.hypot(d.row - row, d.col - col), default=None)
    if best is not None and np.hypot(best.row - row, best.col - col) <= reuse_within:
        return best
    if not len(cands):
        return best
    out_r, out_c = outside_cells(cands)
    d = np.hypot(cands.rows - row, cands.cols - col) + np.where(joined[out_r, out_c], 0, 1e6)
    d = d + np.where(cands.straight, 0.0, SLANTED_PENALTY)
    i = int(np.argmin(d))
    if d[i] >= 1e6:
        return best
    door = cands.door(i, "place")
    if best is not None and np.hypot(best.row - row, best.col - col) <= d[i]:
        return best
    b.doors.append(door)
    return door


def outside_cells(cands: Candidates) -> tuple[np.ndarray, np.ndarray]:
    step = np.array([FACINGS[f] for f in cands.facings], dtype=np.int64).reshape(-1, 2)
    return cands.rows + step[:, 0], cands.cols + step[:, 1]
