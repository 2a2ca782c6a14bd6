"""Trees: single trees and tree rows where OpenStreetMap has them, and seeded scatterings in
parks, woods and scrub. Each tree is a list of blocks (a "stamp") that the terrain writer lays
into air only, trunks before leaves."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.palette import Surface
from odyssey.maps.osm.raster import Grid, polyline_length
from odyssey.world.generate import GROUND_Y

SPECIES = (("birch_log", "birch_leaves"), ("oak_log", "oak_leaves"),
           ("spruce_log", "spruce_leaves"))  # fmt: skip
TRUNK = (4, 6)  # trunk heights (blocks); leaves start one below the top, 3 above the ground
SPACING = {Surface.PARK: 110.0, Surface.WOOD: 22.0, Surface.SCRUB: 160.0}  # m² per tree
MIN_APART = {Surface.PARK: 5, Surface.WOOD: 3, Surface.SCRUB: 5}
ROW_SPACING = 8.0
GREEN_GROUND = (Surface.GRASS, Surface.PARK, Surface.WOOD, Surface.SCRUB)
STREET_GROUND = (*GREEN_GROUND, Surface.PAVEMENT, Surface.FOOTWAY, Surface.SQUARE,
                 Surface.CITY, Surface.PARKING, Surface.PATH)  # fmt: skip


@dataclass(frozen=True)
class Tree:
    row: int
    col: int
    trunk: int
    species: int


class TreePlanter:
    """Keeps trunks apart and off roads, doors and buildings while trees are chosen."""

    def __init__(self, grid: Grid, surface: np.ndarray, blocked: np.ndarray) -> None:
        self.grid = grid
        self.surface = surface
        self.blocked = blocked.copy()  # no trunk here (buildings' surroundings, doors, ...)
        self.taken = np.zeros(grid.shape, dtype=bool)  # too close to another trunk
        self.trees: list[Tree] = []

    def plant(self, row: int, col: int, rng: np.random.Generator, ground, apart: int) -> bool:
        if not self.grid.inside(row, col) or self.blocked[row, col] or self.taken[row, col]:
            return False
        if self.surface[row, col] not in ground:
            return False
        self.trees.append(Tree(row, col, int(rng.integers(TRUNK[0], TRUNK[1] + 1)),
                               int(rng.integers(len(SPECIES)))))  # fmt: skip
        r0, c0 = max(0, row - apart + 1), max(0, col - apart + 1)
        self.taken[r0 : row + apart, c0 : col + apart] = True
        return True

    def plant_points(self, points: np.ndarray, rng: np.random.Generator) -> None:
        """Trees at given (x, z) points (OpenStreetMap trees), on streets too."""
        for x, z in points:
            row, col = self.grid.cell(x, z)
            self.plant(row, col, rng, STREET_GROUND, 3)

    def plant_row(self, line: np.ndarray, rng: np.random.Generator) -> None:
        """A tree row: a tree every ROW_SPACING metres along the line."""
        length = polyline_length(line)
        if length <= 0:
            return
        seg = np.hypot(*np.diff(line, axis=0).T)
        at = np.concatenate([[0.0], np.cumsum(seg)])
        for s in np.arange(ROW_SPACING / 2, length, ROW_SPACING):
            x = np.interp(s, at, line[:, 0])
            z = np.interp(s, at, line[:, 1])
            row, col = self.grid.cell(x, z)
            self.plant(row, col, rng, STREET_GROUND, 3)

    def scatter(self, mask_rows: np.ndarray, mask_cols: np.ndarray, cover: Surface,
                rng: np.random.Generator) -> None:  # fmt: skip
        """Seeded trees over an area's blocks, about one per SPACING[cover] m²."""
        count = int(len(mask_rows) / SPACING[cover])
        if count == 0 or not len(mask_rows):
            return
        picks = rng.choice(len(mask_rows), size=min(len(mask_rows), count * 2), replace=False)
        planted = 0
        for i in picks:
            if planted >= count:
                break
            planted += self.plant(int(mask_rows[i]), int(mask_cols[i]), rng, GREEN_GROUND,
                                  MIN_APART[cover])  # fmt: skip


def tree_blocks(trees: list[Tree], grid: Grid, names_to_state,
                ground: np.ndarray | None = None) -> tuple[np.ndarray, ...]:  # fmt: skip
    """All trees' blocks as arrays x, y, z, state: trunks first (they win over leaves).
    ``ground``: per column, the first block above the ground (GROUND_Y everywhere if None)."""
    logs, leaves = [], []
    for t in trees:
        x, z = grid.x0 + t.col, grid.z0 + t.row
        y0 = GROUND_Y if ground is None else int(ground[t.row, t.col])
        log, leaf = SPECIES[t.species]
        log_s = names_to_state(f"{log}[axis=y]")
        leaf_s = names_to_state(f"{leaf}[persistent=true]")
        for dy in range(t.trunk):
            logs.append((x, y0 + dy, z, log_s))
        for dx, dy, dz in _crown(t.trunk, t.species):
            leaves.append((x + dx, y0 + dy, z + dz, leaf_s))
    rows = np.array(logs + leaves, dtype=np.int64).reshape(-1, 4)
    return rows[:, 0], rows[:, 1], rows[:, 2], rows[:, 3]


def _crown(trunk: int, species: int) -> list[tuple[int, int, int]]:
    """Leaf offsets around a trunk's top: a rounded blob (a cone for spruce)."""
    out = []
    top = trunk
    layers = ((top - 1, 2), (top, 2), (top + 1, 1), (top + 2, 0))
    if SPECIES[species][0] == "spruce_log":
        layers = ((top - 2, 2), (top - 1, 1), (top, 1), (top + 1, 0), (top + 2, 0))
    for dy, r in layers:
        for dz in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if r == 2 and abs(dx) == 2 and abs(dz) == 2:
                    continue
                out.append((dx, dy, dz))
    return out
