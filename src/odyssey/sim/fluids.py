"""Fluids in the compiled physics: fluid heights, flow and the current push, whether the player
touches water or lava, and whether a box holds any liquid."""

from __future__ import annotations

import math

import numba
import numpy as np

from odyssey.sim.layout import (
    S_EYE_IN_WATER,
    S_FALL,
    S_IN_WATER,
    S_VX,
    S_VY,
    S_VZ,
    S_WATER_H,
    S_X,
    S_Y,
    S_Z,
    T_AMOUNT,
    T_FALLING,
    T_FLUID,
    T_MOTION,
    block_at,
    eye_height,
    f32,
    ffloor,
    player_box,
    pose_of,
)


@numba.njit(cache=True)
def fluid_height(win, origin, tables, x, y, z, kind):
    """FlowingFluid.getHeight: 1 under the same fluid, else amount / 9 (0 if another fluid)."""
    state = block_at(win, origin, x, y, z)
    if tables[T_FLUID][state] != kind:
        return 0.0
    above = block_at(win, origin, x, y + 1, z)
    if tables[T_FLUID][above] == kind:
        return 1.0
    return f32(np.float32(tables[T_AMOUNT][state]) / np.float32(9.0))


@numba.njit(cache=True)
def own_height(tables, state, kind):
    if tables[T_FLUID][state] != kind:
        return 0.0
    return np.float32(tables[T_AMOUNT][state]) / np.float32(9.0)


@numba.njit(cache=True)
def fluid_flow(win, origin, tables, x, y, z, kind, out):
    """FlowingFluid.getFlow: the normalised push of the fluid in cell (x, y, z)."""
    state = block_at(win, origin, x, y, z)
    own = own_height(tables, state, kind)
    fx, fz = 0.0, 0.0
    for dx, dz in ((0, -1), (0, 1), (-1, 0), (1, 0)):  # north, south, west, east
        nb = block_at(win, origin, x + dx, y, z + dz)
        nkind = tables[T_FLUID][nb]
        if nkind != 0 and nkind != kind:
            continue
        h = own_height(tables, nb, kind)
        g = np.float32(0.0)
        if h == 0.0:
            if not tables[T_MOTION][nb]:
                below = block_at(win, origin, x + dx, y - 1, z + dz)
                bkind = tables[T_FLUID][below]
                if bkind == 0 or bkind == kind:
                    hb = own_height(tables, below, kind)
                    if hb > 0.0:
                        g = own - (hb - np.float32(0.8888889))
        elif h > 0.0:
            g = own - h
        if g != 0.0:
            fx += dx * np.float64(g)
            fz += dz * np.float64(g)
    fy = 0.0
    if tables[T_FALLING][state]:
        for dx, dz in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            side = block_at(win, origin, x + dx, y, z + dz)
            up = block_at(win, origin, x + dx, y + 1, z + dz)
            if tables[T_MOTION][side] or tables[T_MOTION][up]:
                length = math.sqrt(fx * fx + fz * fz)
                if length >= 1.0e-4:
                    fx, fz = fx / length, fz / length
                else:
                    fx, fz = 0.0, 0.0
                fy = -6.0
                break
    length = math.sqrt(fx * fx + fy * fy + fz * fz)
    if length < 1.0e-4:
        out[0], out[1], out[2] = 0.0, 0.0, 0.0
    else:
        out[0], out[1], out[2] = fx / length, fy / length, fz / length


@numba.njit(cache=True)
def fluid_pushing(win, origin, tables, box, kind, scale, st, push):
    """updateFluidHeightAndDoFluidPushing: returns (touching, height); adds the current push."""
    if origin[3] == 0:
        return False, 0.0  # no fluid anywhere in the window
    q0, q1, q2 = box[0] + 0.001, box[1] + 0.001, box[2] + 0.001
    q3, q4, q5 = box[3] - 0.001, box[4] - 0.001, box[5] - 0.001
    height = 0.0
    touching = False
    acc = np.zeros(3)
    flow = np.zeros(3)
    k = 0
    for x in range(ffloor(q0), math.ceil(q3)):
        for y in range(ffloor(q1), math.ceil(q4)):
            for z in range(ffloor(q2), math.ceil(q5)):
                h = fluid_height(win, origin, tables, x, y, z, kind)
                if h <= 0.0:
                    continue
                top = f32(y + h)  # vanilla adds the height to the cell's y as a float
                if top >= q1:
                    touching = True
                    height = max(top - q1, height)
                    if push:
                        fluid_flow(win, origin, tables, x, y, z, kind, flow)
                        if height < 0.4:
                            flow *= height
                        acc += flow
                        k += 1
    length = math.sqrt(acc[0] ** 2 + acc[1] ** 2 + acc[2] ** 2)
    if push and length > 0.0:
        if k > 0:
            acc /= k
        acc *= scale
        if abs(st[S_VX]) < 0.003 and abs(st[S_VZ]) < 0.003:
            length = math.sqrt(acc[0] ** 2 + acc[1] ** 2 + acc[2] ** 2)
            if length < 0.0045000000000000005:
                acc = acc / length * 0.0045000000000000005
        st[S_VX] += acc[0]
        st[S_VY] += acc[1]
        st[S_VZ] += acc[2]
    return touching, height


@numba.njit(cache=True)
def update_water(win, origin, tables, st, attr, eyes):
    """Water contact with current push (touching water resets the fall distance); with ``eyes``
    also whether the eyes are under water (Entity.updateFluidOnEyes, baseTick only)."""
    box = player_box(st, attr, pose_of(st))
    touching, height = fluid_pushing(win, origin, tables, box, 1, 0.014, st, True)
    st[S_IN_WATER] = 1.0 if touching else 0.0
    st[S_WATER_H] = height
    if touching:
        st[S_FALL] = 0.0
    if eyes:
        eye = st[S_Y] + eye_height(st, attr)
        ex, ey, ez = ffloor(st[S_X]), ffloor(eye), ffloor(st[S_Z])
        surface = f32(ey + fluid_height(win, origin, tables, ex, ey, ez, 1))  # a float sum
        st[S_EYE_IN_WATER] = 1.0 if surface > eye else 0.0


@numba.njit(cache=True)
def contains_liquid(win, origin, tables, q):
    if origin[3] == 0:
        return False
    for x in range(ffloor(q[0]), math.ceil(q[3])):
        for y in range(ffloor(q[1]), math.ceil(q[4])):
            for z in range(ffloor(q[2]), math.ceil(q[5])):
                if tables[T_FLUID][block_at(win, origin, x, y, z)] != 0:
                    return True
    return False
