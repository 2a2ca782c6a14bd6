"""A small A* over walkable cells for mob navigation (vanilla plans paths with A* too).

A cell is walkable for a mob ``height`` cells tall when the block under it has a collision box
and is not a fluid, and its own cells are free of collision boxes and lava. Moves go to the
four neighbours, level, one up (a jump, needing headroom) or up to three down. Simplified from
vanilla's WalkNodeEvaluator: no diagonals, no per-shape floor heights, no danger costs except
lava; the search stays within 16 blocks sideways and 8 up or down of the start, visits at most
``max_nodes`` cells and returns the path to the reachable cell nearest the goal when the goal
itself cannot be reached (vanilla's partial paths).
"""

from __future__ import annotations

import heapq
import math

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from odyssey.sim.layout import block_at

DIRS = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], dtype=np.int64)
DROPS = np.array([0, 1, -1, -2, -3], dtype=np.int64)
CELL = types.UniTuple(types.int64, 3)
REACH = 16  # blocks from the start a search may go (the window keeps 18 around every mob)


@numba.njit(cache=True)
def walkable(win, origin, solid, lava, fluid, x, y, z, height):
    below = block_at(win, origin, x, y - 1, z)
    if not solid[below] or fluid[below]:
        return False
    for dy in range(height):
        s = block_at(win, origin, x, y + dy, z)
        if solid[s] or lava[s]:
            return False
    return True


@numba.njit(cache=True)
def _key(x, y, z):
    return ((x + 33554432) * 67108864 + (z + 33554432)) * 4096 + (y + 2048)


@numba.njit(cache=True)
def find_path(win, origin, solid, lava, fluid, start, goal, height, max_nodes):
    """Cells from start to the goal (or the nearest reachable cell), as an (n, 3) array."""
    g = Dict.empty(key_type=types.int64, value_type=types.float64)
    parent = Dict.empty(key_type=types.int64, value_type=types.int64)
    cells = Dict.empty(key_type=types.int64, value_type=CELL)
    sx, sy, sz = start[0], start[1], start[2]
    k0 = _key(sx, sy, sz)
    g[k0] = 0.0
    parent[k0] = -1
    cells[k0] = (sx, sy, sz)
    h0 = math.sqrt((goal[0] - sx) ** 2 + (goal[1] - sy) ** 2 + (goal[2] - sz) ** 2)
    heap = [(h0, 0, k0)]
    best_key, best_h = k0, h0
    order, visited = 1, 0
    while len(heap) > 0 and visited < max_nodes:
        _, _, key = heapq.heappop(heap)
        x, y, z = cells[key]
        visited += 1
        h = math.sqrt((goal[0] - x) ** 2 + (goal[1] - y) ** 2 + (goal[2] - z) ** 2)
        if h < best_h:
            best_key, best_h = key, h
        if x == goal[0] and z == goal[2] and abs(y - goal[1]) <= 1:
            best_key = key
            break
        for d in range(4):
            nx, nz = x + DIRS[d, 0], z + DIRS[d, 1]
            if abs(nx - sx) > REACH or abs(nz - sz) > REACH:
                continue  # the search stays near the start (inside the block window)
            for j in range(5):
                ny = y + DROPS[j]
                if abs(ny - sy) > 8:
                    continue
                if DROPS[j] == 1 and solid[block_at(win, origin, x, y + height, z)]:
                    continue  # no headroom to jump
                if not walkable(win, origin, solid, lava, fluid, nx, ny, nz, height):
                    continue
                nk = _key(nx, ny, nz)
                cost = g[key] + 1.0 + (0.5 if DROPS[j] == 1 else 0.0)
                if nk not in g or cost < g[nk]:
                    g[nk] = cost
                    parent[nk] = key
                    cells[nk] = (nx, ny, nz)
                    hn = math.sqrt((goal[0] - nx) ** 2 + (goal[1] - ny) ** 2 + (goal[2] - nz) ** 2)
                    heapq.heappush(heap, (cost + hn, order, nk))
                    order += 1
                break  # the first level that works is the move (as a mob would step)
    n, key = 0, best_key
    while key != -1:
        n += 1
        key = parent[key]
    out = np.empty((n, 3), dtype=np.int64)
    key = best_key
    for i in range(n - 1, -1, -1):
        c = cells[key]
        out[i, 0], out[i, 1], out[i, 2] = c[0], c[1], c[2]
        key = parent[key]
    return out
