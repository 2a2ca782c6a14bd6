"""Collision queries of the compiled physics: block shapes around a box (vanilla
BlockCollisions), per-axis clipping with the 1.14+ axis order, 1.21 step-up candidate heights,
the supporting block under the player and the sneak edge guard."""

from __future__ import annotations

import math

import numba
import numpy as np

from odyssey.sim.layout import (
    A_STEP,
    EPS,
    S_FALL,
    S_NO_BLOCKS,
    S_ON_GROUND,
    S_SUPPORT,
    S_SUPPORT_X,
    S_SUPPORT_Y,
    S_SUPPORT_Z,
    S_X,
    S_Y,
    S_Z,
    T_BOX_COUNT,
    T_BOX_START,
    T_BOXES,
    T_FENCE,
    T_LARGE,
    T_SHAPE_KIND,
    block_at,
    f32,
    ffloor,
)


@numba.njit(cache=True)
def shape_for(tables, state, player, descending, block_y):
    """(first box, count) of the collision shape of ``state`` for this player: scaffolding is
    solid only from above and not while descending; powder snow only under a fall of > 2.5."""
    start, count = tables[T_BOX_START][state], tables[T_BOX_COUNT][state]
    kind = tables[T_SHAPE_KIND][state]
    if kind == 1 and (descending or not player[1] > block_y + 1.0 - 1.0e-5):
        return start, 0
    if kind == 2:
        return start, 1 if player[3] > 2.5 else 0
    return start, count


@numba.njit(cache=True)
def shape_hits(tables, state, x, y, z, q, player, descending):
    """(first box, count) of the block's shape at (x, y, z) if any of its boxes overlaps ``q``
    with positive volume (Shapes.joinIsNotEmpty), else (first box, 0)."""
    start, count = shape_for(tables, state, player, descending, np.float64(y))  # fmt: skip
    boxes = tables[T_BOXES]
    for b in range(start, start + count):
        if (boxes[b, 0] + x < q[3] and boxes[b, 3] + x > q[0]
                and boxes[b, 1] + y < q[4] and boxes[b, 4] + y > q[1]
                and boxes[b, 2] + z < q[5] and boxes[b, 5] + z > q[2]):  # fmt: skip
            return start, count
    return start, 0


@numba.njit(cache=True)
def collect_boxes(win, origin, tables, q, player, descending, out):
    """Boxes of blocks whose shape overlaps box ``q`` (vanilla BlockCollisions); returns count.

    Cells one beyond ``q`` count only for blocks with large shapes (fences, walls, gates).
    """
    x0, x1 = ffloor(q[0] - EPS) - 1, ffloor(q[3] + EPS) + 1
    y0, y1 = ffloor(q[1] - EPS) - 1, ffloor(q[4] + EPS) + 1
    z0, z1 = ffloor(q[2] - EPS) - 1, ffloor(q[5] + EPS) + 1
    boxes = tables[T_BOXES]
    n = 0
    for y in range(y0, y1 + 1):
        for z in range(z0, z1 + 1):
            for x in range(x0, x1 + 1):
                edges = (x in (x0, x1)) + (y in (y0, y1)) + (z in (z0, z1))
                if edges >= 2:
                    continue
                state = block_at(win, origin, x, y, z)
                if state == 0 or (edges == 1 and not tables[T_LARGE][state]):
                    continue
                start, count = shape_hits(tables, state, x, y, z, q, player, descending)
                for b in range(start, start + count):
                    if n < out.shape[0]:
                        out[n, 0] = boxes[b, 0] + x
                        out[n, 1] = boxes[b, 1] + y
                        out[n, 2] = boxes[b, 2] + z
                        out[n, 3] = boxes[b, 3] + x
                        out[n, 4] = boxes[b, 4] + y
                        out[n, 5] = boxes[b, 5] + z
                        n += 1
    return n


@numba.njit(cache=True)
def clip_axis(axis, box, shapes, n, d):
    """Shapes.collide along one axis: the furthest the box can move by ``d`` (1e-7 rules)."""
    if abs(d) < EPS:
        return 0.0
    a1, a2 = (axis + 1) % 3, (axis + 2) % 3
    for i in range(n):
        s = shapes[i]
        if not (box[a1] + EPS < s[a1 + 3] and box[a1 + 3] - EPS >= s[a1]):
            continue
        if not (box[a2] + EPS < s[a2 + 3] and box[a2 + 3] - EPS >= s[a2]):
            continue
        if d > 0.0:
            if box[axis + 3] - EPS < s[axis]:
                gap = s[axis] - box[axis + 3]
                if gap >= -EPS:
                    d = min(d, gap)
        elif box[axis] + EPS >= s[axis + 3]:
            gap = s[axis + 3] - box[axis]
            if gap <= EPS:
                d = max(d, gap)
        if abs(d) < EPS:
            return 0.0
    return d


@numba.njit(cache=True)
def collide_with_shapes(dx, dy, dz, box, shapes, n):
    """Entity.collideWithShapes: Y first, then the larger horizontal axis (1.14+ order)."""
    moved = np.zeros(3)
    b = box.copy()
    want = np.array([dx, dy, dz])
    order = (1, 2, 0) if abs(dx) < abs(dz) else (1, 0, 2)
    for axis in order:
        if want[axis] != 0.0:
            d = clip_axis(axis, b, shapes, n, want[axis])
            moved[axis] = d
            b[axis] += d
            b[axis + 3] += d
    return moved


@numba.njit(cache=True)
def expand_towards(box, dx, dy, dz):
    q = box.copy()
    for axis, d in ((0, dx), (1, dy), (2, dz)):
        if d < 0.0:
            q[axis] += d
        else:
            q[axis + 3] += d
    return q


@numba.njit(cache=True)
def step_heights(box, shapes, n, max_step, dy_collided, out):
    """collectCandidateStepUpHeights: shape Y edges within (0, step] above the box, sorted."""
    count = 0
    for i in range(n):
        for edge in (shapes[i, 1], shapes[i, 4]):
            h = f32(edge - box[1])
            if h < 0.0 or h == f32(dy_collided) or h > max_step:
                continue
            seen = False
            for j in range(count):
                if out[j] == h:
                    seen = True
            if not seen and count < out.shape[0]:
                out[count] = h
                count += 1
    out[:count] = np.sort(out[:count])
    return count


@numba.njit(cache=True)
def collide(win, origin, tables, box, dx, dy, dz, on_ground, max_step, player, descending, scratch):
    """Entity.collide: clip the move against blocks, then try the 1.21 step-up heights."""
    q = expand_towards(box, dx, dy, dz)
    n = collect_boxes(win, origin, tables, q, player, descending, scratch)
    if dx == 0.0 and dy == 0.0 and dz == 0.0:
        return np.zeros(3)
    moved = collide_with_shapes(dx, dy, dz, box, scratch, n)
    hit_x, hit_y, hit_z = dx != moved[0], dy != moved[1], dz != moved[2]
    landing = hit_y and dy < 0.0
    if max_step > 0.0 and (landing or on_ground) and (hit_x or hit_z):
        base = box.copy()
        if landing:
            base[1] += moved[1]
            base[4] += moved[1]
        q2 = expand_towards(base, dx, max_step, dz)
        if not landing:
            q2[1] -= f32(1.0e-5)
        n2 = collect_boxes(win, origin, tables, q2, player, descending, scratch)
        heights = np.empty(16)
        count = step_heights(base, scratch, n2, max_step, moved[1], heights)
        flat = moved[0] * moved[0] + moved[2] * moved[2]
        for k in range(count):
            trial = collide_with_shapes(dx, heights[k], dz, base, scratch, n2)
            if trial[0] * trial[0] + trial[2] * trial[2] > flat:
                trial[1] -= box[1] - base[1]
                return trial
    return moved


@numba.njit(cache=True)
def no_collision(win, origin, tables, q, player, descending, scratch):
    return collect_boxes(win, origin, tables, q, player, descending, scratch) == 0


@numba.njit(cache=True)
def find_support(win, origin, tables, st, box, player, descending, scratch):
    """Level.findSupportingBlock: the colliding block under the box nearest the player."""
    q = np.empty(6)
    q[:] = box
    q[1] = box[1] - 1.0e-6
    q[4] = box[1]
    best, found = 1.0e300, False
    bx, by, bz = 0, 0, 0
    for y in range(ffloor(q[1] - EPS), ffloor(q[4] + EPS) + 1):
        for z in range(ffloor(q[2] - EPS), ffloor(q[5] + EPS) + 1):
            for x in range(ffloor(q[0] - EPS), ffloor(q[3] + EPS) + 1):
                state = block_at(win, origin, x, y, z)
                if state == 0:
                    continue
                if shape_hits(tables, state, x, y, z, q, player, descending)[1] == 0:
                    continue
                d = ((x + 0.5 - st[S_X]) ** 2 + (y + 0.5 - st[S_Y]) ** 2
                     + (z + 0.5 - st[S_Z]) ** 2)  # fmt: skip
                better = d < best
                if d == best and found:  # BlockPos.compareTo: y, then z, then x
                    better = (y, z, x) < (by, bz, bx)
                if better:
                    best, found = d, True
                    bx, by, bz = x, y, z
    return found, bx, by, bz


@numba.njit(cache=True)
def check_support(win, origin, tables, st, box, on_ground, mx, mz, player, descending, scratch):
    """Entity.checkSupportingBlock after a move (1.20+)."""
    if not on_ground:
        st[S_NO_BLOCKS] = 0.0
        st[S_SUPPORT] = 0.0
        return
    found, x, y, z = find_support(win, origin, tables, st, box, player, descending, scratch)
    if not found and st[S_NO_BLOCKS] == 0.0:
        moved_back = box.copy()
        moved_back[0] -= mx
        moved_back[3] -= mx
        moved_back[2] -= mz
        moved_back[5] -= mz
        found, x, y, z = find_support(win, origin, tables, st, moved_back, player, descending,
                                      scratch)  # fmt: skip
        st[S_SUPPORT] = 1.0 if found else 0.0
    elif found or st[S_NO_BLOCKS] != 0.0:
        st[S_SUPPORT] = 1.0 if found else 0.0
    if found:
        st[S_SUPPORT_X], st[S_SUPPORT_Y], st[S_SUPPORT_Z] = x, y, z
    st[S_NO_BLOCKS] = 0.0 if found else 1.0


@numba.njit(cache=True)
def on_pos(win, origin, tables, st, offset):
    """Entity.getOnPos(offset): the block that counts as under the player."""
    if st[S_SUPPORT] != 0.0:
        x, y, z = np.int64(st[S_SUPPORT_X]), np.int64(st[S_SUPPORT_Y]), np.int64(st[S_SUPPORT_Z])
        if offset <= 1.0e-5:
            return x, y, z
        state = block_at(win, origin, x, y, z)
        wall_or_gate = tables[T_LARGE][state] and not tables[T_FENCE][state]
        if (offset <= 0.5 and tables[T_FENCE][state]) or wall_or_gate:
            return x, y, z
        return x, ffloor(st[S_Y] - offset), z
    return ffloor(st[S_X]), ffloor(st[S_Y] - offset), ffloor(st[S_Z])


@numba.njit(cache=True)
def can_fall(w, ox, oz, depth):
    """Player.canFallAtLeast: no block under the box moved by (ox, oz), ``depth`` deep."""
    win, origin, tables, box, player, scratch = w
    q = np.empty(6)
    q[0], q[1], q[2] = box[0] + 1.0e-7 + ox, box[1] - depth - 1.0e-7, box[2] + 1.0e-7 + oz
    q[3], q[4], q[5] = box[3] - 1.0e-7 + ox, box[1], box[5] - 1.0e-7 + oz
    return no_collision(win, origin, tables, q, player, True, scratch)


@numba.njit(cache=True)
def back_off_from_edge(win, origin, tables, st, attr, box, dx, dy, dz, sneak, player, scratch):
    """Player.maybeBackOffFromEdge: sneaking keeps the player from falling more than a step."""
    step = attr[A_STEP]
    if dy > 0.0 or not sneak:
        return dx, dz
    w = (win, origin, tables, box, player, scratch)
    above = st[S_ON_GROUND] != 0.0 or (
        st[S_FALL] < step and not can_fall(w, 0.0, 0.0, step - st[S_FALL])
    )
    if not above:
        return dx, dz
    sx = math.copysign(0.05, dx) if dx != 0.0 else 0.0
    sz = math.copysign(0.05, dz) if dz != 0.0 else 0.0
    while dx != 0.0 and can_fall(w, dx, 0.0, step):
        if abs(dx) <= 0.05:
            dx = 0.0
            break
        dx -= sx
    while dz != 0.0 and can_fall(w, 0.0, dz, step):
        if abs(dz) <= 0.05:
            dz = 0.0
            break
        dz -= sz
    while dx != 0.0 and dz != 0.0 and can_fall(w, dx, dz, step):
        dx = 0.0 if abs(dx) <= 0.05 else dx - sx
        dz = 0.0 if abs(dz) <= 0.05 else dz - sz
    return dx, dz
