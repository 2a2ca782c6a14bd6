"""The compiled A* over the movement graph.

The search runs in numba over flat arrays. It cannot read the world, so when it is about to
expand a node whose neighbours lie in a tile that is not computed yet, it stops and names that
tile; the caller computes it and calls again, and the search goes on where it stopped.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from odyssey.nav.surfaces import F_CLIMB, F_DOOR, F_IRON

FOUND, EXHAUSTED, NEED_TILE, LIMIT, GROW = 0, 1, 2, 3, 4
DIRS = np.array([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)], np.int64)
SQRT2 = math.sqrt(2.0)
OCTILE_MAX = 1.0824  # octile distance over euclidean distance, at most (22.5 degrees)
JUMP_RISE = 0.6  # steps higher than this need a jump (vanilla step height)
REACH = 4.5  # blocks from the eye to a button the player can press
EYE = 1.27  # crouching eye height
EPS = 1.0e-5

# search parameters (a float64 array): lattice, body, moves, goal region, search box
P_STEP, P_OFF, P_BODY, P_RISE, P_DROP, P_TX, P_TY, P_TZ, P_R, P_RY = range(10)
P_X0, P_Z0, P_X1, P_Z1, P_YLO, P_YHI = range(10, 16)
N_PARAMS = 16


@numba.njit(cache=True, inline="always")
def _better(fa, ha, fb, hb):
    return fa < fb or (fa == fb and ha < hb)


@numba.njit(cache=True)
def heap_push(hf, hh, hid, size, f, h, node):
    i = size
    while i > 0:
        parent = (i - 1) >> 1
        if not _better(f, h, hf[parent], hh[parent]):
            break
        hf[i], hh[i], hid[i] = hf[parent], hh[parent], hid[parent]
        i = parent
    hf[i], hh[i], hid[i] = f, h, node
    return size + 1


@numba.njit(cache=True)
def heap_pop(hf, hh, hid, size):
    """Remove the top (read it before calling); returns the new size."""
    size -= 1
    f, h, node = hf[size], hh[size], hid[size]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= size:
            break
        if c + 1 < size and _better(hf[c + 1], hh[c + 1], hf[c], hh[c]):
            c += 1
        if not _better(hf[c], hh[c], f, h):
            break
        hf[i], hh[i], hid[i] = hf[c], hh[c], hid[c]
        i = c
    if size > 0:
        hf[i], hh[i], hid[i] = f, h, node
    return size


@numba.njit(cache=True, inline="always")
def heuristic(x, y, z, p):
    """Admissible and consistent: octile distance to the goal region's centre less its radius,
    with the height left after the vertical tolerance."""
    dx, dz = abs(x - p[P_TX]), abs(z - p[P_TZ])
    octile = max(dx, dz) + (SQRT2 - 1.0) * min(dx, dz)
    a = max(0.0, octile - OCTILE_MAX * p[P_R])
    b = max(0.0, abs(y - p[P_TY]) - p[P_RY])
    return math.sqrt(a * a + b * b)


@numba.njit(cache=True, inline="always")
def is_goal(x, y, z, p):
    dx, dy, dz = x - p[P_TX], y - p[P_TY], z - p[P_TZ]
    return math.sqrt(dx * dx + dy * dy + dz * dz) < p[P_R] and abs(dy) <= p[P_RY]


@numba.njit(cache=True, inline="always")
def tile_slot(gx, gz, points, tile_map, mx, mz):
    tx, tz = gx // points, gz // points
    i, j = tz - mz, tx - mx
    if i < 0 or j < 0 or i >= tile_map.shape[0] or j >= tile_map.shape[1]:
        return -1, tx, tz
    return tile_map[i, j], tx, tz


@numba.njit(cache=True)
def place_below(gx, gz, limit, points, tile_map, mx, mz, tile_off, node_h):
    """The highest place at point (gx, gz) no higher than ``limit`` (-1 if none)."""
    slot, tx, tz = tile_slot(gx, gz, points, tile_map, mx, mz)
    local = (gz - tz * points) * points + (gx - tx * points)
    best = -1
    for v in range(tile_off[slot, local], tile_off[slot, local + 1]):
        if node_h[v] <= limit + EPS:
            best = v
        else:
            break
    return best


@numba.njit(cache=True)
def can_press(ex, ey, ez, opener):
    """Whether an eye at (ex, ey, ez) can press the button or lever ``opener`` (its front
    x y z, facing nx ny nz): within reach, in front of the face it sits on."""
    dx, dy, dz = ex - opener[0], ey - opener[1], ez - opener[2]
    facing = dx * opener[3] + dy * opener[4] + dz * opener[5]
    return math.sqrt(dx * dx + dy * dy + dz * dz) <= REACH and facing > 0.0


@numba.njit(cache=True)
def _opener_near(u_x, u_y, u_z, v_x, v_y, v_z, openers):
    for k in range(openers.shape[0]):
        ox, oy, oz = openers[k, 0], openers[k, 1], openers[k, 2]
        door = math.sqrt((ox - v_x) ** 2 + (oy - v_y) ** 2 + (oz - v_z) ** 2)
        if door <= 3.0 and can_press(u_x, u_y + EYE, u_z, openers[k]):
            return True
    return False


@numba.njit(cache=True)
def neighbours(u, p, points, tile_map, mx, mz, tile_off, node_h, node_c, node_f, node_gx,
               node_gz, openers, out_v, out_cost, state):  # fmt: skip
    """Edges out of node u into out_v / out_cost; returns their count, or -1 when a tile they
    need is missing (its tx, tz in out_v[0:2]). Sets state[5] when the search box cut one."""
    step, body = p[P_STEP], p[P_BODY]
    gx, gz = np.int64(node_gx[u]), np.int64(node_gz[u])
    h, c, f = node_h[u], node_c[u], node_f[u]
    ux, uz = gx * step + p[P_OFF], gz * step + p[P_OFF]
    # every tile the edges can touch must be present first
    for d in range(8):
        qx, qz = gx + DIRS[d, 0], gz + DIRS[d, 1]
        slot, tx, tz = tile_slot(qx, qz, points, tile_map, mx, mz)
        if slot < 0:
            out_v[0], out_v[1] = tx, tz
            return -1
    n = 0
    # vertical moves at the same point: climbing, and dropping off a ladder
    slot, tx, tz = tile_slot(gx, gz, points, tile_map, mx, mz)
    local = (gz - tz * points) * points + (gx - tx * points)
    first, last = tile_off[slot, local], tile_off[slot, local + 1]
    if u + 1 < last and node_f[u + 1] & F_CLIMB:
        rise = node_h[u + 1] - h
        if rise <= 1.0 + EPS and (f & F_CLIMB or rise <= p[P_RISE] + EPS):
            out_v[n], out_cost[n] = u + 1, rise
            n += 1
    if u > first and f & F_CLIMB:
        fall = h - node_h[u - 1]
        if fall <= p[P_DROP] + EPS:
            out_v[n], out_cost[n] = u - 1, fall
            n += 1
    for d in range(8):
        dx, dz = DIRS[d, 0], DIRS[d, 1]
        qx, qz = gx + dx, gz + dz
        if qx < p[P_X0] or qx > p[P_X1] or qz < p[P_Z0] or qz > p[P_Z1]:
            state[5] = 1
            continue
        v = place_below(qx, qz, h + p[P_RISE], points, tile_map, mx, mz, tile_off, node_h)
        if v < 0:
            continue
        hv = node_h[v]
        if h - hv > p[P_DROP] + EPS:
            continue
        if hv < p[P_YLO] or hv > p[P_YHI]:
            state[5] = 1
            continue
        top = max(h, hv)
        if c < top + body - EPS or node_c[v] < top + body - EPS:
            continue
        diagonal = d >= 4
        if diagonal:
            if abs(hv - h) > EPS or (f | node_f[v]) & (F_DOOR | F_IRON):
                continue
            ok = True
            for side in range(2):
                a, b = (gx + dx, gz) if side == 0 else (gx, gz + dz)
                w = place_below(a, b, h, points, tile_map, mx, mz, tile_off, node_h)
                if (
                    w < 0
                    or abs(node_h[w] - h) > EPS
                    or node_c[w] < h + body - EPS
                    or node_f[w] & (F_DOOR | F_IRON)
                ):
                    ok = False
            if not ok:
                continue
        if node_f[v] & F_IRON and not f & F_IRON:
            vx, vz = qx * step + p[P_OFF], qz * step + p[P_OFF]
            if not _opener_near(ux, h, uz, vx, hv, vz, openers):
                continue
        run = step * (SQRT2 if diagonal else 1.0)
        dy = hv - h
        out_v[n], out_cost[n] = v, math.sqrt(run * run + dy * dy)
        n += 1
    return n


@numba.njit(cache=True)
def search(p, points, tile_map, mx, mz, tile_off, node_h, node_c, node_f, node_gx, node_gz,
           openers, g, parent, stamp, closed, gen, hf, hh, hid, state, limit):  # fmt: skip
    """Run A* until a goal is popped, the frontier is empty, a tile is missing, the heap is full
    or ``limit`` expansions are spent. ``state`` holds [heap size, expansions, result node,
    missing tx, missing tz, the search box cut an edge]; returns FOUND, EXHAUSTED, NEED_TILE,
    GROW or LIMIT."""
    out_v = np.empty(16, np.int64)
    out_cost = np.empty(16, np.float64)
    step, off = p[P_STEP], p[P_OFF]
    size = state[0]
    while size > 0:
        u = hid[0]
        if closed[u] == gen:
            size = heap_pop(hf, hh, hid, size)
            continue
        x, y, z = node_gx[u] * step + off, np.float64(node_h[u]), node_gz[u] * step + off
        if is_goal(x, y, z, p):
            state[0], state[2] = size, u
            return FOUND
        if state[1] >= limit:
            state[0] = size
            return LIMIT
        n = neighbours(u, p, points, tile_map, mx, mz, tile_off, node_h, node_c, node_f,
                       node_gx, node_gz, openers, out_v, out_cost, state)  # fmt: skip
        if n < 0:
            state[0], state[3], state[4] = size, out_v[0], out_v[1]
            return NEED_TILE
        if size + n > len(hid):
            state[0], state[3], state[4] = size, 0, 0
            return GROW
        size = heap_pop(hf, hh, hid, size)
        closed[u] = gen
        state[1] += 1
        for k in range(n):
            v = out_v[k]
            if closed[v] == gen:
                continue
            cost = g[u] + out_cost[k]
            if stamp[v] == gen and g[v] <= cost:
                continue
            stamp[v] = gen
            g[v] = cost
            parent[v] = u
            hv = heuristic(
                node_gx[v] * step + off, np.float64(node_h[v]), node_gz[v] * step + off, p
            )
            size = heap_push(hf, hh, hid, size, cost + hv, hv, v)
    state[0] = size
    return EXHAUSTED
