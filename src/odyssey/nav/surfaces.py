"""Where a player can stand: the standing places above every lattice point of a tile.

For a lattice point, the player's footprint (0.6 x 0.6 around it) meets one, two or four block
columns. Every collision box in them that overlaps the footprint is an interval of height; merged,
their tops are the places the feet can rest, each with the free height above it (its ceiling). A
place counts when the body fits under its ceiling and the body is in no fluid and touches nothing
harmful. Climbable blocks (ladders, vines) add places inside them, one per block, at block centres.

One tile is 16 x 16 blocks; places are computed for a tile the first time a search needs it.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from odyssey.nav.tables import K_CLIMB, K_DOOR, K_FLUID, K_HARM, K_IRON, K_NO_STAND, NavTables

F_CLIMB = 1  # the feet are in a climbable block
F_DOOR = 2  # a closed door or gate the player opens by hand is in the body's space
F_IRON = 4  # a closed iron door is in the body's space
TILE = 16  # blocks per tile side
CEILING_NONE = np.float32(1.0e9)
EPS = 1.0e-6
HALF_WIDTH = 0.3


@numba.njit(cache=True)
def _full_cube(box_start, box_count, boxes, kind, s):
    if box_count[s] != 1 or kind[s] != 0:
        return False
    b = boxes[box_start[s]]
    return (
        b[0] == 0.0 and b[1] == 0.0 and b[2] == 0.0 and b[3] == 1.0 and b[4] == 1.0 and b[5] == 1.0
    )


@numba.njit(cache=True)
def _sort3(a, b, c, n):
    """Insertion sort of a[:n], with b and c alongside (the lists are short, nearly sorted)."""
    for i in range(1, n):
        ka, kb, kc = a[i], b[i], c[i]
        j = i - 1
        while j >= 0 and a[j] > ka:
            a[j + 1], b[j + 1], c[j + 1] = a[j], b[j], c[j]
            j -= 1
        a[j + 1], b[j + 1], c[j + 1] = ka, kb, kc


@numba.njit(cache=True)
def _row_kinds(rowk, r0, r1):
    out = 0
    for r in range(max(r0, 0), min(r1, len(rowk) - 1) + 1):
        out |= rowk[r]
    return out


@numba.njit(cache=True)
def tile_places(states, y0, bx0, bz0, gx0, gz0, points, step, off, body, box_start, box_count,
                boxes, kind, out_h, out_c, out_f, offsets):  # fmt: skip
    """Fill the places of points (gx0 + i, gz0 + j), i, j < ``points`` (point x = gx * step +
    off), from ``states`` [y][z][x] whose corner block is (bx0, y0, bz0). Places go to out_*
    in point order (j major), sorted by height; ``offsets`` gets each point's first index.
    Returns the number of places, or -1 when the out arrays are too small."""
    rows = states.shape[0]
    nz, nx = states.shape[1], states.shape[2]
    base = np.zeros((nz, nx), np.int64)  # full cubes stacked from the bottom row up
    for zz in range(nz):
        for xx in range(nx):
            r = 0
            while r < rows and _full_cube(box_start, box_count, boxes, kind, states[r, zz, xx]):
                r += 1
            base[zz, xx] = r
    cap = rows * 4 * 8 + 8
    lo = np.empty(cap)
    hi = np.empty(cap)
    top_ok = np.empty(cap)  # 1 where the interval's top may be stood on
    rowk = np.zeros(rows, np.int64)
    ch = np.empty(cap)
    cf = np.empty(cap)
    n_out = 0
    for j in range(points):
        for i in range(points):
            offsets[j * points + i] = n_out
            x = (gx0 + i) * step + off
            z = (gz0 + j) * step + off
            xa = math.floor(x - HALF_WIDTH) - bx0
            xb = math.ceil(x + HALF_WIDTH) - 1 - bx0
            za = math.floor(z - HALF_WIDTH) - bz0
            zb = math.ceil(z + HALF_WIDTH) - 1 - bz0
            first = rows
            for zz in range(za, zb + 1):
                for xx in range(xa, xb + 1):
                    first = min(first, base[zz, xx])
            n = 0
            if first > 0:
                lo[0] = y0
                hi[0] = y0 + first
                top_ok[0] = 1.0
                n = 1
            for r in range(rows):
                rowk[r] = 0
            for r in range(max(first - 1, 0), rows):
                for zz in range(za, zb + 1):
                    for xx in range(xa, xb + 1):
                        s = states[r, zz, xx]
                        rowk[r] |= kind[s]
                        for b in range(box_start[s], box_start[s] + box_count[s]):
                            bx = boxes[b]
                            if (bx[0] + bx0 + xx < x + HALF_WIDTH
                                    and bx[3] + bx0 + xx > x - HALF_WIDTH
                                    and bx[2] + bz0 + zz < z + HALF_WIDTH
                                    and bx[5] + bz0 + zz > z - HALF_WIDTH
                                    and bx[4] > bx[1]):  # fmt: skip
                                lo[n] = y0 + r + bx[1]
                                hi[n] = y0 + r + bx[4]
                                top_ok[n] = 0.0 if kind[s] & K_NO_STAND else 1.0
                                n += 1
            _sort3(lo, hi, top_ok, n)
            # merge overlapping intervals; a merged top is standable if its highest box's is
            m = 0
            for k in range(n):
                if m > 0 and lo[k] <= hi[m - 1] + EPS:
                    if hi[k] > hi[m - 1] + EPS:
                        hi[m - 1], top_ok[m - 1] = hi[k], top_ok[k]
                    elif hi[k] > hi[m - 1] - EPS:
                        top_ok[m - 1] = max(top_ok[m - 1], top_ok[k])
                else:
                    lo[m], hi[m], top_ok[m] = lo[k], hi[k], top_ok[k]
                    m += 1
            # candidate places: interval tops, and climbable cells at block centres
            nc = 0
            for k in range(m):
                if top_ok[k] > 0.0:
                    ch[nc] = hi[k]
                    cf[nc] = 0.0
                    nc += 1
            centre = xa == xb and za == zb
            if centre:
                for r in range(rows):
                    if rowk[r] & K_CLIMB:
                        ch[nc] = y0 + r
                        cf[nc] = 1.0
                        nc += 1
            _sort3(ch, cf, cf, nc)
            k = 0  # first interval whose top is above the candidate
            last = -1.0e18
            for c in range(nc):
                h = ch[c]
                while k < m and hi[k] <= h + EPS:
                    k += 1
                if k < m and lo[k] < h - EPS:
                    continue  # inside a box (a climbable cell with a slab in it)
                ceil = lo[k] if k < m else CEILING_NONE
                if ceil - h < body - EPS:
                    continue
                r0 = math.floor(h - y0 + EPS)
                r1 = math.ceil(h + body - y0 - EPS) - 1
                body_kind = _row_kinds(rowk, r0, r1)
                below = _row_kinds(rowk, math.floor(h - y0 - EPS), math.floor(h - y0 - EPS))
                if body_kind & (K_FLUID | K_HARM) or below & K_HARM:
                    continue
                flags = 0
                if cf[c] > 0.0 or (centre and r0 < rows and rowk[r0] & K_CLIMB and h == y0 + r0):
                    flags |= F_CLIMB
                if body_kind & K_DOOR:
                    flags |= F_DOOR
                if body_kind & K_IRON:
                    flags |= F_IRON
                if abs(h - last) < EPS:  # the same height twice (a ladder on a floor)
                    out_f[n_out - 1] |= flags
                    continue
                if n_out >= len(out_h):
                    return -1
                out_h[n_out] = h
                out_c[n_out] = ceil
                out_f[n_out] = flags
                n_out += 1
                last = h
    offsets[points * points] = n_out
    return n_out


def points_per_tile(step: float) -> int:
    return round(TILE / step)


def lattice_offset(step: float) -> float:
    """Where lattice points sit: block centres on the whole-block lattice, else step multiples."""
    return 0.5 if step >= 1.0 else 0.0


def compute_tile(world, tables: NavTables, step: float, body: float, tx: int, tz: int):
    """Places of tile (tx, tz): (heights, ceilings, flags, offsets per point)."""
    points = points_per_tile(step)
    bx0, bz0 = tx * TILE - 1, tz * TILE - 1
    sections = []
    for cx in (tx - (1 if bx0 < tx * TILE else 0), tx, tx + 1):
        for cz in (tz - 1, tz, tz + 1):
            chunk = world.chunk(cx, cz)
            if chunk is not None:
                sections.extend(s for s, sec in chunk.sections.items() if sec.any())
    offsets = np.zeros(points * points + 1, np.int32)
    if not sections:
        empty = np.zeros(0, np.float32)
        return empty, empty, np.zeros(0, np.uint8), offsets
    y0 = max(min(sections) * 16, world.dimension.min_y)
    y1 = min(max(sections) * 16 + 16, world.dimension.max_y)
    states = world.get_box((bx0, y0, bz0), (bx0 + TILE + 2, y1, bz0 + TILE + 2))
    size = points * points * 4
    while True:
        out_h = np.empty(size, np.float32)
        out_c = np.empty(size, np.float32)
        out_f = np.empty(size, np.uint8)
        n = tile_places(states, y0, bx0, bz0, tx * points, tz * points, points, step,
                        lattice_offset(step), body, tables.box_start, tables.box_count,
                        tables.boxes, tables.kind, out_h, out_c, out_f, offsets)  # fmt: skip
        if n >= 0:
            return out_h[:n].copy(), out_c[:n].copy(), out_f[:n].copy(), offsets
        size *= 4
