"""Ground elevation per block column, in metres: from contour lines (and spot heights of peaks),
or from an elevation grid the user supplies.

Between contour lines the ground is the smoothest surface that takes each line's height: a
harmonic (Laplace) fill, solved coarse to fine so that it converges in a few hundred sweeps
even on a map thousands of blocks wide. Harmonic fills have no bumps of their own: every hill
top is a peak or the inside of the highest contour (flat there, as the data says nothing more).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odyssey.maps.osm.projection import LocalProjection
from odyssey.maps.osm.raster import Grid

SWEEPS = 60  # Jacobi sweeps per pyramid level (the coarse level's guess does the rest)
COARSEST = 8  # cells: below this the pyramid stops and solves directly
PEAK_RADIUS = 2  # blocks: a spot height holds a small disc, not a single column


@dataclass(frozen=True)
class Contour:
    """A contour line in block coordinates and its height in metres."""

    points: np.ndarray  # (n, 2) x, z
    ele: float


def parse_ele(value: str | None) -> float | None:
    """An ``ele`` tag in metres (``"173"``, ``"173 m"``, ``"568 ft"``), or None."""
    if not value:
        return None
    text = value.strip().lower().replace(",", ".")
    scale = 1.0
    for unit, factor in (("ft", 0.3048), ("'", 0.3048), ("m", 1.0)):
        if text.endswith(unit):
            text, scale = text[: -len(unit)].strip(), factor
            break
    try:
        v = float(text) * scale
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def contour_elevation(
    grid: Grid, contours: list[Contour], peaks: list[tuple[float, float, float]]
) -> np.ndarray | None:
    """Metres per column (``grid.shape``) from contour lines and peaks (x, z, metres), or None
    when none of them falls on the map."""
    total = np.zeros(grid.shape, dtype=np.float64)
    count = np.zeros(grid.shape, dtype=np.int64)
    for c in contours:
        rows, cols = _trace(grid, c.points)
        np.add.at(total, (rows, cols), c.ele)
        np.add.at(count, (rows, cols), 1)
    for x, z, ele in peaks:
        r, c = math.floor(z) - grid.z0, math.floor(x) - grid.x0
        r0, r1 = max(0, r - PEAK_RADIUS), min(grid.nz, r + PEAK_RADIUS + 1)
        c0, c1 = max(0, c - PEAK_RADIUS), min(grid.nx, c + PEAK_RADIUS + 1)
        if r0 < r1 and c0 < c1:
            total[r0:r1, c0:c1] = ele
            count[r0:r1, c0:c1] = 1
    fixed = count > 0
    if not fixed.any():
        return None
    values = np.where(fixed, total / np.maximum(count, 1), 0.0)
    return harmonic_fill(values, fixed)


def _trace(grid: Grid, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The grid cells a polyline passes through (sampled every half block), inside the grid."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if len(pts) < 2:
        xs, zs = pts[:, 0], pts[:, 1]
    else:
        seg = np.diff(pts, axis=0)
        steps = np.maximum(1, np.ceil(np.hypot(seg[:, 0], seg[:, 1]) * 2).astype(np.int64))
        t = np.concatenate([np.arange(n) / n for n in steps])
        start = np.repeat(pts[:-1], steps, axis=0)
        along = np.repeat(seg, steps, axis=0)
        xs = np.append(start[:, 0] + along[:, 0] * t, pts[-1, 0])
        zs = np.append(start[:, 1] + along[:, 1] * t, pts[-1, 1])
    rows = np.floor(zs).astype(np.int64) - grid.z0
    cols = np.floor(xs).astype(np.int64) - grid.x0
    ok = (rows >= 0) & (rows < grid.nz) & (cols >= 0) & (cols < grid.nx)
    cells = np.unique(rows[ok] * grid.nx + cols[ok])
    return cells // grid.nx, cells % grid.nx


def harmonic_fill(values: np.ndarray, fixed: np.ndarray) -> np.ndarray:
    """The harmonic surface through ``values`` where ``fixed``, with level (zero-slope) edges."""
    h, w = values.shape
    if min(h, w) <= COARSEST:
        guess = np.full(values.shape, values[fixed].mean())
        return _relax(guess, values, fixed, SWEEPS * 20)
    ch, cw = (h + 1) // 2, (w + 1) // 2
    pad_v = np.zeros((ch * 2, cw * 2))
    pad_f = np.zeros((ch * 2, cw * 2), dtype=bool)
    pad_v[:h, :w], pad_f[:h, :w] = np.where(fixed, values, 0.0), fixed
    blocks_v = pad_v.reshape(ch, 2, cw, 2).sum(axis=(1, 3))
    blocks_n = pad_f.reshape(ch, 2, cw, 2).sum(axis=(1, 3))
    coarse_fixed = blocks_n > 0
    coarse = harmonic_fill(blocks_v / np.maximum(blocks_n, 1), coarse_fixed)
    guess = np.repeat(np.repeat(coarse, 2, axis=0), 2, axis=1)[:h, :w]
    return _relax(guess, values, fixed, SWEEPS)


def _relax(u: np.ndarray, values: np.ndarray, fixed: np.ndarray, sweeps: int) -> np.ndarray:
    u = np.where(fixed, values, u)
    for _ in range(sweeps):
        p = np.pad(u, 1, mode="edge")
        u = (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]) / 4.0
        u[fixed] = values[fixed]
    return u


def grid_elevation(grid: Grid, proj: LocalProjection, sample) -> np.ndarray:
    """Metres per column sampled from an elevation grid (``sample(lon, lat)`` -> metres, NaN
    where it has no data; gaps are filled from the data around them)."""
    rows, cols = np.mgrid[0 : grid.nz, 0 : grid.nx]
    xz = np.stack([(cols + grid.x0 + 0.5).ravel(), (rows + grid.z0 + 0.5).ravel()], 1)
    lonlat = proj.to_lonlat(xz)
    out = np.asarray(sample(lonlat[:, 0], lonlat[:, 1]), dtype=np.float64).reshape(grid.shape)
    have = np.isfinite(out)
    if have.all() or not have.any():
        return out
    return harmonic_fill(np.where(have, out, 0.0), have)
