"""Whole-grid operations that need a sequential sweep: connected parts and distances.

Compiled with numba (cached on disk); everything else in the builder is plain numpy.
"""

from __future__ import annotations

import numba
import numpy as np

CHAMFER_STRAIGHT, CHAMFER_DIAGONAL = 3, 4  # the 3-4 chamfer metric, in thirds of a block


@numba.njit(cache=True)
def _label4(mask, level, max_step):
    nz, nx = mask.shape
    labels = np.full((nz, nx), -1, np.int32)
    stack = np.empty(nz * nx, np.int64)
    count = 0
    for start in range(nz * nx):
        r0, c0 = start // nx, start % nx
        if not mask[r0, c0] or labels[r0, c0] >= 0:
            continue
        labels[r0, c0] = count
        top = 0
        stack[0] = start
        top = 1
        while top > 0:
            top -= 1
            cell = stack[top]
            r, c = cell // nx, cell % nx
            for k in range(4):
                rr = r + (1 if k == 0 else -1 if k == 1 else 0)
                cc = c + (1 if k == 2 else -1 if k == 3 else 0)
                if not (0 <= rr < nz and 0 <= cc < nx) or not mask[rr, cc]:
                    continue
                if labels[rr, cc] < 0 and abs(level[rr, cc] - level[r, c]) <= max_step:
                    labels[rr, cc] = count
                    stack[top] = rr * nx + cc
                    top += 1
        count += 1
    return labels, count


def label4(
    mask: np.ndarray, level: np.ndarray | None = None, max_step: int = 0
) -> tuple[np.ndarray, int]:
    """Connected parts of ``mask`` (4-neighbours): labels (-1 outside the mask) and count.
    Labels are numbered in row-major order of each part's first cell (deterministic). With
    ``level``, neighbours join only where their levels differ by ``max_step`` or less."""
    if level is None:
        level = np.zeros(np.shape(mask), dtype=np.int32)
    return _label4(np.ascontiguousarray(mask, dtype=np.bool_),
                   np.ascontiguousarray(level, dtype=np.int32), int(max_step))  # fmt: skip


@numba.njit(cache=True)
def _chamfer(mask, cap):
    nz, nx = mask.shape
    d = np.full((nz, nx), cap, np.int32)
    for r in range(nz):
        for c in range(nx):
            if mask[r, c]:
                d[r, c] = 0
    for r in range(nz):
        for c in range(nx):
            v = d[r, c]
            if c > 0:
                v = min(v, d[r, c - 1] + 3)
            if r > 0:
                v = min(v, d[r - 1, c] + 3)
                if c > 0:
                    v = min(v, d[r - 1, c - 1] + 4)
                if c + 1 < nx:
                    v = min(v, d[r - 1, c + 1] + 4)
            d[r, c] = v
    for r in range(nz - 1, -1, -1):
        for c in range(nx - 1, -1, -1):
            v = d[r, c]
            if c + 1 < nx:
                v = min(v, d[r, c + 1] + 3)
            if r + 1 < nz:
                v = min(v, d[r + 1, c] + 3)
                if c + 1 < nx:
                    v = min(v, d[r + 1, c + 1] + 4)
                if c > 0:
                    v = min(v, d[r + 1, c - 1] + 4)
            d[r, c] = v
    return d


def distance_to(mask: np.ndarray, cap_blocks: float = 1.0e6) -> np.ndarray:
    """Approximate distance in blocks (3-4 chamfer, within 6 %) from every cell to the nearest
    cell of ``mask``; ``cap_blocks`` where there is none."""
    cap = int(min(cap_blocks * CHAMFER_STRAIGHT, 2**30))
    d = _chamfer(np.ascontiguousarray(mask, dtype=np.bool_), cap)
    return d.astype(np.float32) / CHAMFER_STRAIGHT


def dilate4(mask: np.ndarray, steps: int = 1) -> np.ndarray:
    """Cells within ``steps`` 4-neighbour moves of ``mask``."""
    out = mask.copy()
    for _ in range(steps):
        grown = out.copy()
        grown[1:] |= out[:-1]
        grown[:-1] |= out[1:]
        grown[:, 1:] |= out[:, :-1]
        grown[:, :-1] |= out[:, 1:]
        out = grown
    return out


def box_mean(values: np.ndarray, radius: int) -> np.ndarray:
    """Mean of ``values`` over the (2 radius + 1)² square around each cell (clipped at the
    edges), from a summed-area table."""
    v = np.pad(values.astype(np.float64), ((1, 0), (1, 0)))
    sat = v.cumsum(0).cumsum(1)
    nz, nx = values.shape
    r = np.arange(nz)
    c = np.arange(nx)
    r0, r1 = np.clip(r - radius, 0, nz), np.clip(r + radius + 1, 0, nz)
    c0, c1 = np.clip(c - radius, 0, nx), np.clip(c + radius + 1, 0, nx)
    total = sat[r1][:, c1] - sat[r0][:, c1] - sat[r1][:, c0] + sat[r0][:, c0]
    area = (r1 - r0)[:, None] * (c1 - c0)[None, :]
    return total / area


@numba.njit(cache=True)
def _spread(seed, values, within):
    nz, nx = seed.shape
    out = np.full((nz, nx), np.nan)
    queue = np.empty(nz * nx, np.int64)
    head, tail = 0, 0
    for r in range(nz):
        for c in range(nx):
            if seed[r, c]:
                out[r, c] = values[r, c]
                queue[tail] = r * nx + c
                tail += 1
    while head < tail:
        cell = queue[head]
        head += 1
        r, c = cell // nx, cell % nx
        for k in range(4):
            rr = r + (1 if k == 0 else -1 if k == 1 else 0)
            cc = c + (1 if k == 2 else -1 if k == 3 else 0)
            if 0 <= rr < nz and 0 <= cc < nx and within[rr, cc] and np.isnan(out[rr, cc]):
                out[rr, cc] = out[r, c]
                queue[tail] = rr * nx + cc
                tail += 1
    return out


def spread_nearest(seed: np.ndarray, values: np.ndarray, within: np.ndarray) -> np.ndarray:
    """Each cell of ``within`` takes the value of the nearest ``seed`` cell it is joined to
    through ``within`` (breadth first, 4-neighbours); NaN where no seed reaches."""
    return _spread(np.ascontiguousarray(seed, dtype=np.bool_),
                   np.ascontiguousarray(values, dtype=np.float64),
                   np.ascontiguousarray(within | seed, dtype=np.bool_))  # fmt: skip


def shifted(a: np.ndarray, dr: int, dc: int, fill=0) -> np.ndarray:
    """``out[r, c] = a[r + dr, c + dc]``, ``fill`` where that falls off the array."""
    out = np.full_like(a, fill)
    h, w = a.shape
    out[max(0, -dr) : h - max(0, dr), max(0, -dc) : w - max(0, dc)] = a[
        max(0, dr) : h - max(0, -dr), max(0, dc) : w - max(0, -dc)
    ]
    return out
