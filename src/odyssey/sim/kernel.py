"""One tick of vanilla 1.21.11 player movement, compiled with numba.

This is the single implementation of player physics (``physics.step`` wraps it). It follows the
vanilla client's order (``LocalPlayer.tick``): fluid state and current push, void damage, sprint
and crouch decisions, negligible-velocity cut, jump, the 1.21.5 input vector, travel (air, water
or lava) with ``Entity.move`` (stuck multiplier, sneak edge guard, collision with per-axis order
and 1.21 candidate step-up heights, fall damage, landing bounce, block speed factor), then block
effects (slime step, cobweb, berry bush, powder snow, bubble columns, lava) and the pose.
Numbers that are ``float`` in vanilla are rounded through float32 where vanilla rounds them.

The world comes in as a window: a [y][z][x] array of state ids with its lowest corner at
``origin``; cells outside it read as air, so callers keep the player well inside (``physics``).
Player state is a float64 vector (layout in ``S_*``); events are written to a small int/float
buffer.
"""

from __future__ import annotations

import math

import numba
import numpy as np

F32 = np.float32
EPS = 1.0e-7
# -- state vector layout --------------------------------------------------------------------
S_X, S_Y, S_Z, S_VX, S_VY, S_VZ, S_YAW, S_PITCH = 0, 1, 2, 3, 4, 5, 6, 7
S_ON_GROUND, S_COLL_H, S_COLL_V, S_MINOR_H = 8, 9, 10, 11
S_IN_WATER, S_IN_LAVA, S_FALL, S_HEALTH, S_JUMP_DELAY, S_SPRINTING = 12, 13, 14, 15, 16, 17
S_CROUCHING, S_SNEAK_PREV, S_STUCK_X, S_STUCK_Y, S_STUCK_Z = 18, 19, 20, 21, 22
S_SUPPORT, S_SUPPORT_X, S_SUPPORT_Y, S_SUPPORT_Z, S_NO_BLOCKS = 23, 24, 25, 26, 27
S_WATER_H, S_LAVA_H, S_INVULNERABLE, S_LAST_HURT, S_DEAD, S_EYE_IN_WATER = 28, 29, 30, 31, 32, 33
STATE_SIZE = 34
# -- inputs -----------------------------------------------------------------------------------
K_FORWARD, K_BACK, K_LEFT, K_RIGHT, K_JUMP, K_SNEAK, K_SPRINT, K_ATTACK, K_USE = range(9)
INPUT_SIZE = 9
# -- attributes (vanilla defaults in physics.PlayerAttributes) --------------------------------
A_SCALE, A_SPEED, A_JUMP, A_STEP, A_GRAVITY, A_SAFE_FALL, A_FALL_MULT, A_SNEAK_SPEED = range(8)
A_MIN_Y = 8  # world floor (void damage below min_y - 64)
ATTR_SIZE = 9
# -- events -----------------------------------------------------------------------------------
E_DAMAGE_FALL, E_DAMAGE_VOID, E_DAMAGE_LAVA, E_DEATH, E_LANDED = 1, 2, 3, 4, 5
MAX_EVENTS = 8
MAX_BOXES = 1024
# -- block table indices (tables tuple passed from physics) ----------------------------------
T_BOX_START, T_BOX_COUNT, T_BOXES, T_FRICTION, T_SPEED, T_JUMP = 0, 1, 2, 3, 4, 5
T_FLUID, T_AMOUNT, T_FALLING, T_CLIMB, T_TRAPDOOR, T_LADDER, T_FACING, T_OPEN = range(6, 14)
T_STUCK, T_LAND, T_BUBBLE, T_LARGE, T_MOTION, T_FENCE, T_SHAPE_KIND, T_AIR = range(14, 22)

SIN_TABLE = np.sin(np.arange(65536, dtype=np.float64) * math.pi * 2.0 / 65536.0).astype(np.float32)
DEG_TO_RAD_F = F32(math.pi / 180.0)
PLAYER_WIDTH, PLAYER_HEIGHT, CROUCH_HEIGHT = F32(0.6), F32(1.8), F32(1.5)
EYE_STANDING, EYE_CROUCHING = F32(1.62), F32(1.27)


@numba.njit(cache=True, inline="always")
def f32(x):
    return np.float64(np.float32(x))


@numba.njit(cache=True, inline="always")
def mth_sin(rad):
    return np.float64(SIN_TABLE[np.int64(rad * 10430.378350470453) & 65535])


@numba.njit(cache=True, inline="always")
def mth_cos(rad):
    return np.float64(SIN_TABLE[np.int64(rad * 10430.378350470453 + 16384.0) & 65535])


@numba.njit(cache=True, inline="always")
def yaw_rad(yaw_deg):
    """``getYRot() * ((float)Math.PI / 180F)``: a float product, widened."""
    return np.float64(np.float32(yaw_deg) * DEG_TO_RAD_F)


# -- world window -------------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def block_at(win, origin, x, y, z):
    ix, iy, iz = x - origin[0], y - origin[1], z - origin[2]
    if ix < 0 or iy < 0 or iz < 0:
        return 0
    if iy >= win.shape[0] or iz >= win.shape[1] or ix >= win.shape[2]:
        return 0
    return np.int64(win[iy, iz, ix])


@numba.njit(cache=True, inline="always")
def ffloor(v):
    return np.int64(math.floor(v))


@numba.njit(cache=True)
def shape_for(tables, state, px, py, pz, descending, out_start):
    """(first box, count) of the collision shape of ``state`` for this player (scaffolding)."""
    start, count = tables[T_BOX_START][state], tables[T_BOX_COUNT][state]
    scaffolding = tables[T_SHAPE_KIND][state] == 1
    if scaffolding and (descending or not py > out_start + 1.0 - 1.0e-5):
        return start, 0  # scaffolding is solid only from above, and not while descending
    return start, count


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
                start, count = shape_for(tables, state, player[0], player[1], player[2],
                                         descending, np.float64(y))  # fmt: skip
                hit = False
                for b in range(start, start + count):
                    if (boxes[b, 0] + x < q[3] and boxes[b, 3] + x > q[0]
                            and boxes[b, 1] + y < q[4] and boxes[b, 4] + y > q[1]
                            and boxes[b, 2] + z < q[5] and boxes[b, 5] + z > q[2]):  # fmt: skip
                        hit = True
                        break
                if not hit:
                    continue
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


# -- fluids -------------------------------------------------------------------------------------


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
                top = y + h
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
def player_box(st, attr, crouching):
    """The player's AABB from the feet position (vanilla's float half-width and height)."""
    scale = attr[A_SCALE]
    half = f32(np.float32(PLAYER_WIDTH * np.float32(scale)) / np.float32(2.0))
    height = f32((CROUCH_HEIGHT if crouching else PLAYER_HEIGHT) * np.float32(scale))
    box = np.empty(6)
    box[0], box[1], box[2] = st[S_X] - half, st[S_Y], st[S_Z] - half
    box[3], box[4], box[5] = st[S_X] + half, st[S_Y] + height, st[S_Z] + half
    return box


@numba.njit(cache=True)
def update_water(win, origin, tables, st, attr):
    """Water state with current push; touching water resets the fall distance."""
    box = player_box(st, attr, st[S_CROUCHING] != 0.0)
    touching, height = fluid_pushing(win, origin, tables, box, 1, 0.014, st, True)
    st[S_IN_WATER] = 1.0 if touching else 0.0
    st[S_WATER_H] = height
    if touching:
        st[S_FALL] = 0.0
    eye = st[S_Y] + f32((EYE_CROUCHING if st[S_CROUCHING] != 0.0 else EYE_STANDING)
                        * np.float32(attr[A_SCALE]))  # fmt: skip
    ex, ey, ez = ffloor(st[S_X]), ffloor(eye), ffloor(st[S_Z])
    surface = ey + fluid_height(win, origin, tables, ex, ey, ez, 1)
    st[S_EYE_IN_WATER] = 1.0 if eye < surface and surface > ey else 0.0


# -- damage -------------------------------------------------------------------------------------


@numba.njit(cache=True)
def add_event(events, kind, value):
    n = np.int64(events[0, 0])
    if n < MAX_EVENTS:
        events[n + 1, 0] = kind
        events[n + 1, 1] = value
        events[0, 0] = n + 1


@numba.njit(cache=True)
def hurt(st, amount, kind, events):
    """LivingEntity.hurt with the 10-tick invulnerability window (void bypasses it)."""
    if st[S_DEAD] != 0.0 or amount <= 0.0:
        return
    dealt = amount
    if kind != E_DAMAGE_VOID and st[S_INVULNERABLE] > 10.0:
        if amount <= st[S_LAST_HURT]:
            return
        dealt = amount - st[S_LAST_HURT]
        st[S_LAST_HURT] = amount
    else:
        st[S_LAST_HURT] = amount
        st[S_INVULNERABLE] = 20.0
    st[S_HEALTH] = f32(st[S_HEALTH] - dealt)
    add_event(events, kind, dealt)
    if st[S_HEALTH] <= 0.0:
        st[S_HEALTH] = 0.0
        st[S_DEAD] = 1.0
        add_event(events, E_DEATH, 0.0)


@numba.njit(cache=True)
def fall_damage(distance, multiplier, attr):
    """1.21.5+: floor((distance + 1e-6 - safe_fall_distance) * multiplier * attribute)."""
    power = distance + 1.0e-6 - attr[A_SAFE_FALL]
    return np.float64(math.floor(power * multiplier * attr[A_FALL_MULT]))


# -- support, friction, climbing ----------------------------------------------------------------


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
                start, count = shape_for(tables, state, player[0], player[1], player[2],
                                         descending, np.float64(y))  # fmt: skip
                boxes = tables[T_BOXES]
                hit = False
                for b in range(start, start + count):
                    if (boxes[b, 0] + x < q[3] and boxes[b, 3] + x > q[0]
                            and boxes[b, 1] + y < q[4] and boxes[b, 4] + y > q[1]
                            and boxes[b, 2] + z < q[5] and boxes[b, 5] + z > q[2]):  # fmt: skip
                        hit = True
                if not hit:
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
def block_factor(win, origin, tables, st, table):
    """Speed or jump factor: the feet block's if not 1, else the block below's (0.500001)."""
    feet = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z]))
    f = tables[table][feet]
    if f != np.float32(1.0):
        return np.float64(f)
    x, y, z = on_pos(win, origin, tables, st, f32(0.500001))
    return np.float64(tables[table][block_at(win, origin, x, y, z)])


@numba.njit(cache=True)
def on_climbable(win, origin, tables, st):
    """LivingEntity.onClimbable: climbable feet block, or an open trapdoor over a ladder."""
    x, y, z = ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z])
    state = block_at(win, origin, x, y, z)
    if tables[T_CLIMB][state]:
        return True
    if tables[T_TRAPDOOR][state] and tables[T_OPEN][state]:
        below = block_at(win, origin, x, y - 1, z)
        return tables[T_LADDER][below] and tables[T_FACING][below] == tables[T_FACING][state]
    return False


# -- movement -----------------------------------------------------------------------------------


@numba.njit(cache=True)
def input_vector(inp, crouching, attr):
    """The 1.21.5 keyboard vector: normalised, × 0.98, × sneaking speed, stretched to the square."""
    x = np.float32((1.0 if inp[K_LEFT] else 0.0) - (1.0 if inp[K_RIGHT] else 0.0))
    y = np.float32((1.0 if inp[K_FORWARD] else 0.0) - (1.0 if inp[K_BACK] else 0.0))
    length = np.float32(math.sqrt(np.float32(x * x + y * y)))
    if length < np.float32(1.0e-4):
        return 0.0, 0.0
    x, y = np.float32(x / length), np.float32(y / length)
    x, y = np.float32(x * np.float32(0.98)), np.float32(y * np.float32(0.98))
    if crouching:
        s = np.float32(attr[A_SNEAK_SPEED])
        x, y = np.float32(x * s), np.float32(y * s)
    length = np.float32(math.sqrt(np.float32(x * x + y * y)))
    if length <= 0.0:
        return np.float64(x), np.float64(y)
    inv = np.float32(np.float32(1.0) / length)
    ux, uy = np.float32(x * inv), np.float32(y * inv)
    ax, ay = abs(ux), abs(uy)
    ratio = np.float32(ax / ay) if ay > ax else np.float32(ay / ax)
    stretch = np.float32(math.sqrt(np.float32(np.float32(1.0) + np.float32(ratio * ratio))))
    scale = min(np.float32(length * stretch), np.float32(1.0))
    return np.float64(np.float32(ux * scale)), np.float64(np.float32(uy * scale))


@numba.njit(cache=True)
def move_relative(st, amount, strafe, forward):
    """Entity.moveRelative: add the input rotated by yaw (Mth sin table) and scaled."""
    d = strafe * strafe + forward * forward
    if d < 1.0e-7:
        return
    if d > 1.0:
        length = math.sqrt(d)
        strafe, forward = strafe / length, forward / length
    strafe, forward = strafe * amount, forward * amount
    rad = yaw_rad(st[S_YAW])
    s, c = mth_sin(rad), mth_cos(rad)
    st[S_VX] += strafe * c - forward * s
    st[S_VZ] += forward * c + strafe * s


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


@numba.njit(cache=True)
def horizontal_collision_minor(st, xxa, zza, mx, mz):
    """Player.isHorizontalCollisionMinor (1.19.4): a wall within 8° of the input direction."""
    rad = yaw_rad(st[S_YAW])
    s, c = mth_sin(rad), mth_cos(rad)
    g = xxa * c - zza * s
    h = zza * c + xxa * s
    i = g * g + h * h
    j = mx * mx + mz * mz
    if i < f32(1.0e-5) or j < f32(1.0e-5):
        return False
    k = (g * mx + h * mz) / math.sqrt(i * j)
    return math.acos(min(1.0, max(-1.0, k))) < f32(0.13962634)


@numba.njit(cache=True)
def contains_liquid(win, origin, tables, q):
    for x in range(ffloor(q[0]), math.ceil(q[3])):
        for y in range(ffloor(q[1]), math.ceil(q[4])):
            for z in range(ffloor(q[2]), math.ceil(q[5])):
                if tables[T_FLUID][block_at(win, origin, x, y, z)] != 0:
                    return True
    return False


@numba.njit(cache=True)
def land(win, origin, tables, st, attr, sneak, events):
    """Block.fallOn for the block under the player: fall damage by landing rule."""
    x, y, z = on_pos(win, origin, tables, st, f32(0.2))
    rule = tables[T_LAND][block_at(win, origin, x, y, z)]
    distance, multiplier = st[S_FALL], 1.0
    if rule == 4 or (rule == 1 and not sneak):  # powder snow; slime unless sneaking
        return
    if rule == 3:  # hay bale, honey block
        multiplier = f32(0.2)
    elif rule == 2:  # bed
        distance *= 0.5
    add_event(events, E_LANDED, distance)
    hurt(st, fall_damage(distance, multiplier, attr), E_DAMAGE_FALL, events)


@numba.njit(cache=True)
def after_fall_on(win, origin, tables, st, sneak):
    """Block.updateEntityMovementAfterFallOn: stop, or bounce on slime and beds."""
    x, y, z = on_pos(win, origin, tables, st, f32(0.2))
    rule = tables[T_LAND][block_at(win, origin, x, y, z)]
    if rule == 1 and not sneak:
        if st[S_VY] < 0.0:
            st[S_VY] = -st[S_VY]
    elif rule == 2 and not sneak:
        if st[S_VY] < 0.0:
            st[S_VY] = -st[S_VY] * f32(0.66)
    else:
        st[S_VY] = 0.0


@numba.njit(cache=True)
def move(win, origin, tables, st, attr, inp, mx, my, mz, xxa, zza, scratch, events):
    """Entity.move for the player's own movement."""
    sneak = inp[K_SNEAK] != 0
    if st[S_STUCK_X] ** 2 + st[S_STUCK_Y] ** 2 + st[S_STUCK_Z] ** 2 > 1.0e-7:
        mx, my, mz = mx * st[S_STUCK_X], my * st[S_STUCK_Y], mz * st[S_STUCK_Z]
        st[S_STUCK_X] = st[S_STUCK_Y] = st[S_STUCK_Z] = 0.0
        st[S_VX] = st[S_VY] = st[S_VZ] = 0.0
    box = player_box(st, attr, st[S_CROUCHING] != 0.0)
    player = st[0:3].copy()
    mx, mz = back_off_from_edge(win, origin, tables, st, attr, box, mx, my, mz, sneak, player,
                                scratch)  # fmt: skip
    moved = collide(win, origin, tables, box, mx, my, mz, st[S_ON_GROUND] != 0.0,
                    attr[A_STEP], player, sneak, scratch)  # fmt: skip
    d = moved[0] ** 2 + moved[1] ** 2 + moved[2] ** 2
    if d > 1.0e-7 or (mx * mx + my * my + mz * mz) - d < 1.0e-7:
        st[S_X] += moved[0]
        st[S_Y] += moved[1]
        st[S_Z] += moved[2]
    hit_x = not abs(moved[0] - mx) < f32(1.0e-5)
    hit_z = not abs(moved[2] - mz) < f32(1.0e-5)
    st[S_COLL_H] = 1.0 if hit_x or hit_z else 0.0
    vertical = my != moved[1]
    st[S_COLL_V] = 1.0 if vertical else 0.0
    on_ground = vertical and my < 0.0
    st[S_ON_GROUND] = 1.0 if on_ground else 0.0
    box = player_box(st, attr, st[S_CROUCHING] != 0.0)
    check_support(win, origin, tables, st, box, on_ground, moved[0], moved[2], player, sneak,
                  scratch)  # fmt: skip
    minor = st[S_COLL_H] != 0.0 and horizontal_collision_minor(st, xxa, zza, moved[0], moved[2])
    st[S_MINOR_H] = 1.0 if minor else 0.0
    # LivingEntity.checkFallDamage: water entered during the move cancels the fall first
    if st[S_IN_WATER] == 0.0:
        update_water(win, origin, tables, st, attr)
    # 1.21.5+: the landing tick's own drop counts too, so a fall from rest over n blocks has a
    # distance of n (hence the 1e-6 in the damage formula)
    if st[S_IN_WATER] == 0.0 and moved[1] < 0.0:
        st[S_FALL] -= moved[1]
    if on_ground:
        if st[S_FALL] > 0.0:
            land(win, origin, tables, st, attr, sneak, events)
        st[S_FALL] = 0.0
    if hit_x:
        st[S_VX] = 0.0
    if hit_z:
        st[S_VZ] = 0.0
    if vertical:
        after_fall_on(win, origin, tables, st, sneak)
    factor = block_factor(win, origin, tables, st, T_SPEED)
    st[S_VX] *= factor
    st[S_VZ] *= factor


@numba.njit(cache=True)
def travel_in_air(win, origin, tables, st, attr, inp, xxa, zza, scratch, events):
    """LivingEntity.travelInAir: ground friction or air control, climbing, gravity and drag."""
    x, y, z = on_pos(win, origin, tables, st, f32(0.500001))
    on_ground = st[S_ON_GROUND] != 0.0
    friction = tables[T_FRICTION][block_at(win, origin, x, y, z)] if on_ground else np.float32(1.0)
    inertia = f32(friction * np.float32(0.91))
    if on_ground:
        cube = np.float32(friction * friction * friction)
        accel = f32(np.float32(speed_of(st, attr)) * np.float32(np.float32(0.21600002) / cube))
    elif st[S_SPRINTING] != 0.0:
        accel = f32(np.float32(0.02) + np.float32(0.006))
    else:
        accel = f32(0.02)
    move_relative(st, accel, xxa, zza)
    if on_climbable(win, origin, tables, st):
        st[S_FALL] = 0.0
        limit = f32(0.15)
        st[S_VX] = min(max(st[S_VX], -limit), limit)
        st[S_VZ] = min(max(st[S_VZ], -limit), limit)
        st[S_VY] = max(st[S_VY], -limit)
        feet = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z]))
        if st[S_VY] < 0.0 and inp[K_SNEAK] != 0 and tables[T_SHAPE_KIND][feet] != 1:
            st[S_VY] = 0.0
    move(win, origin, tables, st, attr, inp, st[S_VX], st[S_VY], st[S_VZ], xxa, zza, scratch,
         events)  # fmt: skip
    if (st[S_COLL_H] != 0.0 or inp[K_JUMP] != 0) and on_climbable(win, origin, tables, st):
        st[S_VY] = 0.2
    st[S_VY] = (st[S_VY] - attr[A_GRAVITY]) * f32(0.98)
    st[S_VX] *= inertia
    st[S_VZ] *= inertia


@numba.njit(cache=True)
def falling_adjusted(st, gravity, was_falling):
    """LivingEntity.getFluidFallingAdjustedMovement."""
    if gravity != 0.0 and st[S_SPRINTING] == 0.0:
        vy = st[S_VY]
        if was_falling and abs(vy - 0.005) >= 0.003 and abs(vy - gravity / 16.0) < 0.003:
            st[S_VY] = -0.003
        else:
            st[S_VY] = vy - gravity / 16.0


@numba.njit(cache=True)
def travel_in_fluid(win, origin, tables, st, attr, inp, xxa, zza, scratch, events):
    """LivingEntity.travelInFluid: water or lava drag, sinking, and the hop out at an edge."""
    was_falling = st[S_VY] <= 0.0
    y_before = st[S_Y]
    gravity = attr[A_GRAVITY]
    if st[S_IN_WATER] != 0.0:
        inertia = f32(0.9) if st[S_SPRINTING] != 0.0 else f32(0.8)
        move_relative(st, f32(0.02), xxa, zza)
        move(win, origin, tables, st, attr, inp, st[S_VX], st[S_VY], st[S_VZ], xxa, zza,
             scratch, events)  # fmt: skip
        if st[S_COLL_H] != 0.0 and on_climbable(win, origin, tables, st):
            st[S_VY] = 0.2
        st[S_VX] *= inertia
        st[S_VY] *= f32(0.8)
        st[S_VZ] *= inertia
        falling_adjusted(st, gravity, was_falling)
    else:
        move_relative(st, f32(0.02), xxa, zza)
        move(win, origin, tables, st, attr, inp, st[S_VX], st[S_VY], st[S_VZ], xxa, zza,
             scratch, events)  # fmt: skip
        if st[S_LAVA_H] <= jump_threshold(attr, st):
            st[S_VX] *= 0.5
            st[S_VY] *= f32(0.8)
            st[S_VZ] *= 0.5
            falling_adjusted(st, gravity, was_falling)
        else:
            st[S_VX] *= 0.5
            st[S_VY] *= 0.5
            st[S_VZ] *= 0.5
        if gravity != 0.0:
            st[S_VY] += -gravity / 4.0
    if st[S_COLL_H] != 0.0:
        box = player_box(st, attr, st[S_CROUCHING] != 0.0)
        q = box.copy()
        dy = st[S_VY] + f32(0.6) - st[S_Y] + y_before
        q[0] += st[S_VX]
        q[3] += st[S_VX]
        q[1] += dy
        q[4] += dy
        q[2] += st[S_VZ]
        q[5] += st[S_VZ]
        player = st[0:3].copy()
        free = no_collision(win, origin, tables, q, player, False, scratch)
        if free and not contains_liquid(win, origin, tables, q):
            st[S_VY] = f32(0.3)


@numba.njit(cache=True)
def jump_threshold(attr, st):
    eye = f32(
        (EYE_CROUCHING if st[S_CROUCHING] != 0.0 else EYE_STANDING) * np.float32(attr[A_SCALE])
    )
    return 0.0 if eye < 0.4 else 0.4


@numba.njit(cache=True)
def speed_of(st, attr):
    """getSpeed(): the movement_speed attribute with the sprint modifier, as a float."""
    speed = attr[A_SPEED]
    if st[S_SPRINTING] != 0.0:
        speed = speed * (1.0 + f32(0.3))
    return f32(speed)


@numba.njit(cache=True)
def jump(win, origin, tables, st, attr):
    """LivingEntity.jumpFromGround (1.21.2+: keeps a higher upward speed)."""
    factor = block_factor(win, origin, tables, st, T_JUMP)
    power = f32(np.float32(attr[A_JUMP]) * np.float32(factor))
    if power <= f32(1.0e-5):
        return
    st[S_VY] = max(power, st[S_VY])
    if st[S_SPRINTING] != 0.0:
        rad = yaw_rad(st[S_YAW])
        st[S_VX] += -mth_sin(rad) * 0.2
        st[S_VZ] += mth_cos(rad) * 0.2


@numba.njit(cache=True)
def handle_jump_key(win, origin, tables, st, attr, inp):
    """The jump branch of LivingEntity.aiStep: swim up, or jump from the ground."""
    if inp[K_JUMP] == 0:
        st[S_JUMP_DELAY] = 0.0
        return
    in_lava = st[S_IN_LAVA] != 0.0
    height = st[S_LAVA_H] if in_lava else st[S_WATER_H]
    in_water = st[S_IN_WATER] != 0.0 and height > 0.0
    threshold = jump_threshold(attr, st)
    on_ground = st[S_ON_GROUND] != 0.0
    if not in_water or (on_ground and not height > threshold):
        if not in_lava or (on_ground and not height > threshold):
            if (on_ground or (in_water and height <= threshold)) and st[S_JUMP_DELAY] == 0.0:
                jump(win, origin, tables, st, attr)
                st[S_JUMP_DELAY] = 10.0
        else:
            st[S_VY] += f32(0.04)
    else:
        st[S_VY] += f32(0.04)


@numba.njit(cache=True)
def update_sprint(st, inp, xxa, zza):
    """LocalPlayer sprint rules: start with the key, stop on walls, stopping or sneaking."""
    slow = st[S_CROUCHING] != 0.0
    under = st[S_EYE_IN_WATER] != 0.0
    forward = inp[K_FORWARD] != 0 and inp[K_BACK] == 0
    in_shallow = st[S_IN_WATER] != 0.0 and not under
    can_start = forward and (not slow or under) and not in_shallow
    if st[S_SPRINTING] == 0.0 and inp[K_SPRINT] != 0 and can_start:
        st[S_SPRINTING] = 1.0
    if st[S_SPRINTING] != 0.0:
        blocked = st[S_COLL_H] != 0.0 and st[S_MINOR_H] == 0.0
        if not forward or blocked or (slow and not under) or in_shallow:
            st[S_SPRINTING] = 0.0


@numba.njit(cache=True)
def inside_blocks(win, origin, tables, st, attr, inp):
    """Effects of blocks after the move: slime step, cobweb/berry/powder snow, bubble columns."""
    if st[S_ON_GROUND] != 0.0:
        x, y, z = on_pos(win, origin, tables, st, f32(0.2))
        if tables[T_LAND][block_at(win, origin, x, y, z)] == 1 and inp[K_SNEAK] == 0:
            vy = abs(st[S_VY])
            if vy < 0.1:
                k = 0.4 + vy * 0.2
                st[S_VX] *= k
                st[S_VZ] *= k
    box = player_box(st, attr, st[S_CROUCHING] != 0.0)
    feet = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z]))
    for y in range(ffloor(box[1] + 1.0e-5), ffloor(box[4] - 1.0e-5) + 1):
        for z in range(ffloor(box[2] + 1.0e-5), ffloor(box[5] - 1.0e-5) + 1):
            for x in range(ffloor(box[0] + 1.0e-5), ffloor(box[3] - 1.0e-5) + 1):
                state = block_at(win, origin, x, y, z)
                stuck = tables[T_STUCK][state]
                if stuck[0] != 0.0 and (tables[T_LAND][state] != 4 or feet == state):
                    st[S_FALL] = 0.0
                    st[S_STUCK_X], st[S_STUCK_Y], st[S_STUCK_Z] = stuck[0], stuck[1], stuck[2]
                bubble = tables[T_BUBBLE][state]
                if bubble != 0:
                    above = block_at(win, origin, x, y + 1, z)
                    down = bubble == 2
                    if tables[T_AIR][above]:
                        st[S_VY] = max(-0.9, st[S_VY] - 0.03) if down else min(1.8, st[S_VY] + 0.1)
                    else:
                        st[S_VY] = max(-0.3, st[S_VY] - 0.03) if down else min(0.7, st[S_VY] + 0.06)
                        st[S_FALL] = 0.0


@numba.njit(cache=True)
def update_pose(win, origin, tables, st, attr, inp, scratch):
    """Player.updatePlayerPose: crouch with the sneak key, or when standing does not fit."""
    player = st[0:3].copy()
    crouch = inp[K_SNEAK] != 0
    if not crouch:
        q = player_box(st, attr, False)
        for i in range(3):
            q[i] += 1.0e-7
            q[i + 3] -= 1.0e-7
        if not no_collision(win, origin, tables, q, player, False, scratch):
            crouch = True
    st[S_CROUCHING] = 1.0 if crouch else 0.0
    st[S_SNEAK_PREV] = 1.0 if inp[K_SNEAK] != 0 else 0.0


@numba.njit(cache=True)
def tick(win, origin, tables, st, attr, inp, scratch, events):
    """One 50 ms tick of the player. ``events`` row 0 holds the count; rows 1.. (kind, value)."""
    events[0, 0] = 0.0
    if st[S_DEAD] != 0.0:
        return
    if st[S_INVULNERABLE] > 0.0:
        st[S_INVULNERABLE] -= 1.0
    # Entity.baseTick: fluids, lava, the void
    update_water(win, origin, tables, st, attr)
    box = player_box(st, attr, st[S_CROUCHING] != 0.0)
    _, lava_h = fluid_pushing(win, origin, tables, box, 2, 0.0023333333333333335, st, True)
    st[S_LAVA_H] = lava_h
    st[S_IN_LAVA] = 1.0 if lava_h > 0.0 else 0.0
    if st[S_IN_LAVA] != 0.0:
        hurt(st, 4.0, E_DAMAGE_LAVA, events)
        st[S_FALL] *= 0.5
    if st[S_Y] < attr[A_MIN_Y] - 64.0:
        hurt(st, 4.0, E_DAMAGE_VOID, events)
    if st[S_DEAD] != 0.0:
        return
    # LocalPlayer.aiStep: input and sprint; LivingEntity.aiStep: jump and travel
    xxa, zza = input_vector(inp, st[S_CROUCHING] != 0.0, attr)
    update_sprint(st, inp, xxa, zza)
    if st[S_JUMP_DELAY] > 0.0:
        st[S_JUMP_DELAY] -= 1.0
    if st[S_VX] * st[S_VX] + st[S_VZ] * st[S_VZ] < 9.0e-6:
        st[S_VX] = 0.0
        st[S_VZ] = 0.0
    if abs(st[S_VY]) < 0.003:
        st[S_VY] = 0.0
    handle_jump_key(win, origin, tables, st, attr, inp)
    if st[S_IN_WATER] != 0.0 or st[S_IN_LAVA] != 0.0:
        travel_in_fluid(win, origin, tables, st, attr, inp, xxa, zza, scratch, events)
    else:
        travel_in_air(win, origin, tables, st, attr, inp, xxa, zza, scratch, events)
    inside_blocks(win, origin, tables, st, attr, inp)
    update_pose(win, origin, tables, st, attr, inp, scratch)
