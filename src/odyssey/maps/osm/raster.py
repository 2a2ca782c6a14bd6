"""Drawing projected shapes onto the block grid, vectorised with numpy.

Block (x, z) covers [x, x + 1) x [z, z + 1); a shape covers a block when it covers the block's
centre. Polygons are filled even-odd (outer and inner rings alike) by counting edge crossings
on each row; lines are stroked by the distance from block centres to their segments. Both work
on the window of the grid under the shape's bounding box, never on the whole grid.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Grid:
    """The map's blocks: x0 <= x < x0 + nx, z0 <= z < z0 + nz; arrays are indexed [z][x]."""

    x0: int
    z0: int
    nx: int
    nz: int

    @property
    def shape(self) -> tuple[int, int]:
        return (self.nz, self.nx)

    def cell(self, x: float, z: float) -> tuple[int, int]:
        """Row and column of the block holding point (x, z) (may lie outside the grid)."""
        return math.floor(z) - self.z0, math.floor(x) - self.x0

    def inside(self, row: int, col: int) -> bool:
        return 0 <= row < self.nz and 0 <= col < self.nx

    def centre_x(self, cols: np.ndarray) -> np.ndarray:
        return self.x0 + np.asarray(cols) + 0.5

    def centre_z(self, rows: np.ndarray) -> np.ndarray:
        return self.z0 + np.asarray(rows) + 0.5


@dataclass(frozen=True)
class Patch:
    """Values over the window rows r0.., columns c0.. of a grid."""

    r0: int
    c0: int
    data: np.ndarray

    @property
    def rows(self) -> slice:
        return slice(self.r0, self.r0 + self.data.shape[0])

    @property
    def cols(self) -> slice:
        return slice(self.c0, self.c0 + self.data.shape[1])

    def of(self, full: np.ndarray) -> np.ndarray:
        """The same window of a full-grid array (a view)."""
        return full[self.rows, self.cols]


def window(grid: Grid, points: np.ndarray, margin: float = 0.0) -> tuple[int, int, int, int]:
    """Rows r0:r1 and columns c0:c1 of the blocks under the points' box (clipped)."""
    lo, hi = points.min(axis=0) - margin, points.max(axis=0) + margin
    c0 = max(0, math.floor(lo[0]) - grid.x0)
    c1 = min(grid.nx, math.floor(hi[0]) - grid.x0 + 1)
    r0 = max(0, math.floor(lo[1]) - grid.z0)
    r1 = min(grid.nz, math.floor(hi[1]) - grid.z0 + 1)
    return r0, r1, c0, c1


def fill_rings(grid: Grid, rings: list[np.ndarray] | tuple[np.ndarray, ...]) -> Patch | None:
    """Blocks whose centres lie inside the rings (even-odd), or None if none can."""
    closed = [r if (r[0] == r[-1]).all() else np.vstack([r, r[:1]]) for r in rings if len(r) >= 3]
    if not closed:
        return None
    r0, r1, c0, c1 = window(grid, np.concatenate(closed))
    if r0 >= r1 or c0 >= c1:
        return None
    p = np.concatenate([r[:-1] for r in closed])
    q = np.concatenate([r[1:] for r in closed])
    zlo, zhi = np.minimum(p[:, 1], q[:, 1]), np.maximum(p[:, 1], q[:, 1])
    # rows whose centre z satisfies zlo <= z < zhi (half-open: a vertex is counted once)
    first = np.clip(np.ceil(zlo - grid.z0 - 0.5).astype(np.int64), r0, r1)
    last = np.clip(np.ceil(zhi - grid.z0 - 0.5).astype(np.int64), r0, r1)
    n = last - first
    total = int(n.sum())
    h, w = r1 - r0, c1 - c0
    counts = np.zeros(h * (w + 1), dtype=np.int64)
    if total:
        edge = np.repeat(np.arange(len(p)), n)
        row = first[edge] + np.arange(total) - np.repeat(np.cumsum(n) - n, n)
        zc = grid.z0 + row + 0.5
        px, pz, qx, qz = p[edge, 0], p[edge, 1], q[edge, 0], q[edge, 1]
        xc = px + (zc - pz) * (qx - px) / (qz - pz)
        col = np.clip(np.ceil(xc - grid.x0 - 0.5).astype(np.int64) - c0, 0, w)
        counts += np.bincount((row - r0) * (w + 1) + col, minlength=h * (w + 1))
    parity = np.cumsum(counts.reshape(h, w + 1), axis=1)[:, :w] & 1
    return Patch(r0, c0, parity.astype(bool))


def stroke(grid: Grid, line: np.ndarray, half_width: float) -> Patch | None:
    """Distance (float32) from each block centre within ``half_width`` of the polyline to it,
    inf elsewhere; None when the line misses the grid."""
    return _stroke(grid, line, half_width, along=False)[0]


def stroke_along(grid: Grid, line: np.ndarray, half_width: float):
    """As ``stroke``, plus the distance along the line (from its first point) of the nearest
    point, per block: (distance patch, along patch) or (None, None)."""
    return _stroke(grid, line, half_width, along=True)


def _stroke(grid: Grid, line: np.ndarray, half_width: float, along: bool):
    line = np.asarray(line, dtype=np.float64)
    if len(line) == 0:
        return None, None
    if len(line) == 1:
        line = np.vstack([line, line])
    r0, r1, c0, c1 = window(grid, line, half_width + 1.0)
    if r0 >= r1 or c0 >= c1:
        return None, None
    dist = np.full((r1 - r0, c1 - c0), np.inf, dtype=np.float32)
    pos = np.zeros_like(dist) if along else None
    start = 0.0
    for a, b in itertools.pairwise(line):
        seg = float(np.hypot(*(b - a)))
        sr0, sr1, sc0, sc1 = window(grid, np.vstack([a, b]), half_width + 1.0)
        if sr0 < sr1 and sc0 < sc1:
            xs = grid.centre_x(np.arange(sc0, sc1))[None, :]
            zs = grid.centre_z(np.arange(sr0, sr1))[:, None]
            t = np.zeros((1, 1))
            if seg > 0:
                t = np.clip(
                    ((xs - a[0]) * (b[0] - a[0]) + (zs - a[1]) * (b[1] - a[1])) / seg**2, 0, 1
                )
            d = np.hypot(xs - (a[0] + t * (b[0] - a[0])), zs - (a[1] + t * (b[1] - a[1])))
            view = dist[sr0 - r0 : sr1 - r0, sc0 - c0 : sc1 - c0]
            closer = d < view
            view[closer] = d[closer]
            if pos is not None:
                s = np.broadcast_to(start + t * seg, d.shape)
                pos[sr0 - r0 : sr1 - r0, sc0 - c0 : sc1 - c0][closer] = s[closer]
        start += seg
    dist[dist > half_width] = np.inf
    if not np.isfinite(dist).any():
        return None, None
    return Patch(r0, c0, dist), (Patch(r0, c0, pos) if pos is not None else None)


def polyline_length(line: np.ndarray) -> float:
    line = line[~np.isnan(line[:, 0])]
    return float(np.hypot(*np.diff(line, axis=0).T).sum()) if len(line) > 1 else 0.0


def ring_area(ring: np.ndarray) -> float:
    """Unsigned area (shoelace) of a ring of (x, z) points."""
    x, z = ring[:, 0], ring[:, 1]
    return abs(float(np.dot(x, np.roll(z, -1)) - np.dot(z, np.roll(x, -1)))) / 2.0


def split_runs(line: np.ndarray) -> list[np.ndarray]:
    """The pieces of a line between missing (NaN) points: an extract cut at its edge drops the
    nodes outside it, and joining across the gap would draw a road that is not there."""
    ok = ~np.isnan(line[:, 0])
    runs, start = [], None
    for i, good in enumerate([*ok.tolist(), False]):
        if good and start is None:
            start = i
        elif not good and start is not None:
            runs.append(line[start:i])
            start = None
    return runs
