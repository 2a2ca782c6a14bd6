"""Compiled movement of mobs and item entities, line of sight and ray casts through blocks.

All entities move in one numba call per tick over a float64 row per entity (``M_*`` layout),
against a cached window of the world's block states (``EntityWindow``), with the player's
collision code (``collision.collide``: vanilla per-axis clipping and 1.21 step-up).

Mobs follow LivingEntity.travel (ground friction from the block 0.500001 below, acceleration
speed × 0.21600002 / friction³, air 0.02, gravity 0.08, drag 0.98, inertia friction × 0.91,
jump 0.42 with a 10-tick delay, spider climbing at 0.2, chicken slow fall × 0.6); items follow
ItemEntity.tick (gravity 0.04, drag 0.98, ground friction × 0.98, bounce −0.5, moving only every
4th tick when at rest). Simplified: water and lava are "any fluid block in the box" (no flow
push, no fluid height), with vanilla's drags (0.8 water, 0.5 lava) and a mob's float swim.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from odyssey.sim.block_physics import block_physics
from odyssey.sim.collision import collide
from odyssey.sim.layout import (
    T_BOX_COUNT,
    T_BOX_START,
    T_BOXES,
    T_FLUID,
    T_FRICTION,
    T_JUMP,
    T_SPEED,
    block_at,
    f32,
    ffloor,
    relative_push,
)
from odyssey.sim.physics import physics_tables
from odyssey.world.storage import World

M_X, M_Y, M_Z, M_VX, M_VY, M_VZ, M_YAW, M_W, M_H = range(9)
M_GROUND, M_COLL_H, M_FORWARD, M_STRAFE, M_SPEED, M_JUMP, M_JUMP_DELAY = range(9, 16)
M_MODE, M_STEP, M_FLAGS, M_WATER, M_LAVA, M_FALL, M_LANDED, M_AGE, M_GRAVITY = range(16, 25)
ROW = 25
MODE_LIVING, MODE_ITEM, MODE_FROZEN = 0.0, 1.0, 2.0
FLAG_SLOW_FALL, FLAG_CLIMBER = 1, 2
MAX_WINDOW_CELLS = 24_000_000  # 48 MB of uint16 states at most
UNION_CELLS = 8_000_000  # keep the old window's area while the union stays this small


@numba.njit(cache=True)
def box_of(row):
    half = f32(np.float32(row[M_W]) / np.float32(2.0))
    box = np.empty(6)
    box[0], box[1], box[2] = row[M_X] - half, row[M_Y], row[M_Z] - half
    box[3], box[4], box[5] = row[M_X] + half, row[M_Y] + f32(row[M_H]), row[M_Z] + half
    return box


@numba.njit(cache=True)
def fluid_in_box(win, origin, tables, box, kind):
    for y in range(ffloor(box[1] + 0.001), ffloor(box[4] - 0.001) + 1):
        for z in range(ffloor(box[2] + 0.001), ffloor(box[5] - 0.001) + 1):
            for x in range(ffloor(box[0] + 0.001), ffloor(box[3] - 0.001) + 1):
                if tables[T_FLUID][block_at(win, origin, x, y, z)] == kind:
                    return True
    return False


@numba.njit(cache=True)
def below(win, origin, row):
    """getBlockPosBelowThatAffectsMyMovement, simplified to the block under the centre."""
    return block_at(win, origin, ffloor(row[M_X]), ffloor(row[M_Y] - 0.500001), ffloor(row[M_Z]))


@numba.njit(cache=True)
def block_factor(win, origin, tables, row, table):
    """Speed or jump factor of the feet block if not 1, else of the block below."""
    feet = block_at(win, origin, ffloor(row[M_X]), ffloor(row[M_Y]), ffloor(row[M_Z]))
    f = tables[table][feet]
    if f != np.float32(1.0):
        return np.float64(f)
    return np.float64(tables[table][below(win, origin, row)])


@numba.njit(cache=True)
def move_relative(row, amount, strafe, forward):
    """Entity.moveRelative on a mob's row."""
    dx, dz = relative_push(row[M_YAW], amount, strafe, forward)
    row[M_VX] += dx
    row[M_VZ] += dz


@numba.njit(cache=True)
def move(win, origin, tables, row, dx, dy, dz, scratch):
    """Entity.move: collide, update position, flags, fall distance and velocity."""
    box = box_of(row)
    ctx = np.empty(4)
    ctx[0], ctx[1], ctx[2], ctx[3] = row[M_X], row[M_Y], row[M_Z], row[M_FALL]
    moved = collide(win, origin, tables, box, dx, dy, dz, row[M_GROUND] != 0.0, row[M_STEP],
                    ctx, False, scratch)  # fmt: skip
    row[M_X] += moved[0]
    row[M_Y] += moved[1]
    row[M_Z] += moved[2]
    hit_x = not abs(moved[0] - dx) < f32(1.0e-5)
    hit_z = not abs(moved[2] - dz) < f32(1.0e-5)
    row[M_COLL_H] = 1.0 if hit_x or hit_z else 0.0
    vertical = dy != moved[1]
    on_ground = vertical and dy < 0.0
    row[M_GROUND] = 1.0 if on_ground else 0.0
    if row[M_WATER] == 0.0 and moved[1] < 0.0:
        row[M_FALL] -= f32(moved[1])
    if on_ground:
        if row[M_FALL] > 0.0:
            row[M_LANDED] = row[M_FALL]
        row[M_FALL] = 0.0
    if hit_x:
        row[M_VX] = 0.0
    if hit_z:
        row[M_VZ] = 0.0
    if vertical:
        row[M_VY] = 0.0
    factor = block_factor(win, origin, tables, row, T_SPEED)
    row[M_VX] *= factor
    row[M_VZ] *= factor


@numba.njit(cache=True)
def living_step(win, origin, tables, row, scratch):
    """LivingEntity.aiStep's movement part for a mob whose AI set forward/strafe/speed/jump."""
    for i in (M_VX, M_VY, M_VZ):
        if abs(row[i]) < 0.003:
            row[i] = 0.0
    water, lava = row[M_WATER] != 0.0, row[M_LAVA] != 0.0
    if water or lava:
        row[M_FALL] = 0.0
    if row[M_JUMP_DELAY] > 0.0:
        row[M_JUMP_DELAY] -= 1.0
    if row[M_JUMP] != 0.0:
        if water or lava:
            row[M_VY] += f32(0.04)
        elif row[M_GROUND] != 0.0 and row[M_JUMP_DELAY] == 0.0:
            power = f32(0.42 * block_factor(win, origin, tables, row, T_JUMP))
            row[M_VY] = max(power, row[M_VY])
            row[M_JUMP_DELAY] = 10.0
    else:
        row[M_JUMP_DELAY] = 0.0
    xxa, zza = f32(row[M_STRAFE] * 0.98), f32(row[M_FORWARD] * 0.98)
    g = row[M_GRAVITY]
    if water or lava:
        move_relative(row, f32(0.02), xxa, zza)
        move(win, origin, tables, row, row[M_VX], row[M_VY], row[M_VZ], scratch)
        drag = f32(0.8) if water else 0.5
        row[M_VX] *= drag
        row[M_VY] *= drag
        row[M_VZ] *= drag
        row[M_VY] -= g / 16.0 if water else g / 4.0
        return
    on_ground = row[M_GROUND] != 0.0
    friction = tables[T_FRICTION][below(win, origin, row)] if on_ground else np.float32(1.0)
    inertia = f32(friction * np.float32(0.91))
    if on_ground:
        cube = np.float32(friction * friction * friction)
        accel = f32(np.float32(row[M_SPEED]) * np.float32(np.float32(0.21600002) / cube))
    else:
        accel = f32(0.02)
    move_relative(row, accel, xxa, zza)
    climber = (np.int64(row[M_FLAGS]) & FLAG_CLIMBER) != 0
    if climber and row[M_COLL_H] != 0.0:
        row[M_FALL] = 0.0
        row[M_VX] = min(max(row[M_VX], -0.15), 0.15)
        row[M_VZ] = min(max(row[M_VZ], -0.15), 0.15)
        row[M_VY] = max(row[M_VY], -0.15)
    move(win, origin, tables, row, row[M_VX], row[M_VY], row[M_VZ], scratch)
    if climber and row[M_COLL_H] != 0.0:
        row[M_VY] = 0.2
    row[M_VY] = (row[M_VY] - g) * f32(0.98)
    row[M_VX] *= inertia
    row[M_VZ] *= inertia
    if (np.int64(row[M_FLAGS]) & FLAG_SLOW_FALL) != 0 and row[M_GROUND] == 0.0 and row[M_VY] < 0:
        row[M_VY] *= 0.6


@numba.njit(cache=True)
def item_step(win, origin, tables, row, scratch):
    """ItemEntity.tick's movement: fluids float it, else gravity 0.04; drag and friction."""
    if row[M_WATER] != 0.0 or row[M_LAVA] != 0.0:
        drag = 0.99 if row[M_WATER] != 0.0 else 0.95
        row[M_VX] *= drag
        row[M_VZ] *= drag
        if row[M_VY] < 0.06:
            row[M_VY] += 5.0e-4
    else:
        row[M_VY] -= row[M_GRAVITY]
    moving = row[M_VX] * row[M_VX] + row[M_VZ] * row[M_VZ] > 1.0e-5
    if row[M_GROUND] == 0.0 or moving or np.int64(row[M_AGE]) % 4 == 0:
        move(win, origin, tables, row, row[M_VX], row[M_VY], row[M_VZ], scratch)
        f = f32(0.98)
        if row[M_GROUND] != 0.0:
            f = f32(tables[T_FRICTION][below(win, origin, row)] * np.float32(0.98))
        row[M_VX] *= f
        row[M_VY] *= f32(0.98)
        row[M_VZ] *= f
        if row[M_GROUND] != 0.0 and row[M_VY] < 0.0:
            row[M_VY] *= -0.5


@numba.njit(cache=True)
def step_all(win, origin, tables, rows, scratch):
    """Move every row one tick (fluid flags first, as baseTick does)."""
    for i in range(rows.shape[0]):
        row = rows[i]
        if row[M_MODE] == MODE_FROZEN:
            continue
        row[M_LANDED] = -1.0
        box = box_of(row)
        row[M_WATER] = 1.0 if fluid_in_box(win, origin, tables, box, 1) else 0.0
        row[M_LAVA] = 1.0 if fluid_in_box(win, origin, tables, box, 2) else 0.0
        if row[M_MODE] == MODE_LIVING:
            living_step(win, origin, tables, row, scratch)
        else:
            item_step(win, origin, tables, row, scratch)


@numba.njit(cache=True)
def push_apart(rows, living):
    """Entity.push between overlapping living entities (each side pushes, as vanilla)."""
    n = rows.shape[0]
    for a in range(n):
        if not living[a]:
            continue
        ba = box_of(rows[a])
        for b in range(a + 1, n):
            if not living[b]:
                continue
            bb = box_of(rows[b])
            if not (ba[0] < bb[3] and ba[3] > bb[0] and ba[1] < bb[4] and ba[4] > bb[1]
                    and ba[2] < bb[5] and ba[5] > bb[2]):  # fmt: skip
                continue
            dx, dz = rows[b, M_X] - rows[a, M_X], rows[b, M_Z] - rows[a, M_Z]
            d = max(abs(dx), abs(dz))
            if d < 0.01:
                continue
            d = math.sqrt(d)
            dx, dz = dx / d, dz / d
            e = min(1.0, 1.0 / d)
            dx, dz = dx * e * 0.05 * 2.0, dz * e * 0.05 * 2.0
            rows[a, M_VX] -= dx
            rows[a, M_VZ] -= dz
            rows[b, M_VX] += dx
            rows[b, M_VZ] += dz


@numba.njit(cache=True)
def _segment_box(x0, y0, z0, dx, dy, dz, lo0, lo1, lo2, hi0, hi1, hi2):
    """Entry t of the segment p0 + t·d (t in 0..1) into a box, or 2 if it misses."""
    t0, t1 = 0.0, 1.0
    for p, d, lo, hi in ((x0, dx, lo0, hi0), (y0, dy, lo1, hi1), (z0, dz, lo2, hi2)):
        if abs(d) < 1e-12:
            if p < lo or p > hi:
                return 2.0
            continue
        a, b = (lo - p) / d, (hi - p) / d
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return 2.0
    return t0


@numba.njit(cache=True)
def raycast(win, origin, box_start, box_count, boxes, x0, y0, z0, x1, y1, z1):
    """First t in [0, 1] where the segment meets a block collision box (voxel DDA), else 2."""
    dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
    ix, iy, iz = ffloor(x0), ffloor(y0), ffloor(z0)
    ex, ey, ez = ffloor(x1), ffloor(y1), ffloor(z1)
    steps = np.zeros(3, np.int64)
    tmax = np.full(3, np.inf)
    tdelta = np.full(3, np.inf)
    for a, (p, d, i) in enumerate(((x0, dx, ix), (y0, dy, iy), (z0, dz, iz))):
        if d > 0:
            steps[a], tdelta[a], tmax[a] = 1, 1.0 / d, (i + 1 - p) / d
        elif d < 0:
            steps[a], tdelta[a], tmax[a] = -1, -1.0 / d, (p - i) / -d
    limit = abs(ex - ix) + abs(ey - iy) + abs(ez - iz) + 1
    for _ in range(limit + 1):
        state = block_at(win, origin, ix, iy, iz)
        if state != 0:
            start = box_start[state]
            best = 2.0
            for b in range(start, start + box_count[state]):
                t = _segment_box(x0, y0, z0, dx, dy, dz, boxes[b, 0] + ix, boxes[b, 1] + iy,
                                 boxes[b, 2] + iz, boxes[b, 3] + ix, boxes[b, 4] + iy,
                                 boxes[b, 5] + iz)  # fmt: skip
                best = min(best, t)
            if best <= 1.0:
                return best
        if ix == ex and iy == ey and iz == ez:
            break
        a = np.argmin(tmax)
        if tmax[a] > 1.0:
            break
        tmax[a] += tdelta[a]
        if a == 0:
            ix += steps[0]
        elif a == 1:
            iy += steps[1]
        else:
            iz += steps[2]
    return 2.0


class EntityWindow:
    """A cached [y][z][x] copy of the world around all simulated entities.

    Rebuilt when an entity nears its edge; block changes since the last tick are copied in
    through the world's change log instead of rebuilding.
    """

    # Every entity (and player) stays EDGE blocks inside the window: A* (16 blocks out), the
    # explosion rays (< 6) and one tick of movement all read inside it, so results do not
    # depend on where an earlier tick happened to put the window.
    MARGIN, EDGE = 24, 18

    def __init__(self, world: World) -> None:
        self.world = world
        self.tables = physics_tables(block_physics(world.registry))
        self.states = np.zeros((0, 0, 0), dtype=np.uint16)
        self.origin = np.zeros(4, dtype=np.int64)
        self.revision = -1
        self.scratch = np.zeros((1024, 6), dtype=np.float64)
        # the origin as Python ints and the span lo..hi may take without a rebuild (EDGE inside
        # every side: x0 <= lo, hi < x1, ...), kept with origin and states; None: no window yet
        self._o = (0, 0, 0)
        self._inner: tuple[int, int, int, int, int, int] | None = None

    def cover(self, lo: tuple[float, float, float], hi: tuple[float, float, float]) -> None:
        """Make sure the window holds lo..hi with a margin; patch in changed blocks."""
        o, s, e = self.origin, self.states.shape, self.EDGE
        dim = self.world.dimension  # heights beyond the world's read as air anyway
        lo = (lo[0], min(max(lo[1], dim.min_y + e), dim.max_y - e - 1), lo[2])
        hi = (hi[0], max(min(hi[1], dim.max_y - e - 1), lo[1]), hi[2])
        inner = self._inner
        inside = inner is not None and (
            inner[0] <= lo[0] and hi[0] < inner[1] and inner[2] <= lo[1] and hi[1] < inner[3]
            and inner[4] <= lo[2] and hi[2] < inner[5]
        )  # fmt: skip
        if inside:
            self._patch()
            return
        m, dim = self.MARGIN, self.world.dimension
        x0, z0 = math.floor(lo[0]) - m, math.floor(lo[2]) - m
        x1, z1 = math.floor(hi[0]) + m + 1, math.floor(hi[2]) + m + 1
        y0 = max(dim.min_y, math.floor(lo[1]) - m)
        y1 = max(min(dim.max_y, math.floor(hi[1]) + m + 1), y0 + 1)
        if s[0] > 0:  # grow over the old window too while small, so wanderers don't thrash it
            u = (min(x0, o[0]), min(y0, o[1]), min(z0, o[2]),
                 max(x1, o[0] + s[2]), max(y1, o[1] + s[0]), max(z1, o[2] + s[1]))  # fmt: skip
            if (u[3] - u[0]) * (u[4] - u[1]) * (u[5] - u[2]) <= UNION_CELLS:
                x0, y0, z0, x1, y1, z1 = (int(v) for v in u)
        if (x1 - x0) * (z1 - z0) * (y1 - y0) > MAX_WINDOW_CELLS:
            raise ValueError("entities spread too far apart for one block window")
        self.states = self.world.get_box((x0, y0, z0), (x1, y1, z1))
        self.origin = np.array([x0, y0, z0, 0], dtype=np.int64)
        self.revision = self.world.revision
        self._bounds()

    def _bounds(self) -> None:
        """Refresh ``_o`` and ``_inner`` from ``origin`` and the shape of ``states``."""
        ox, oy, oz = self._o = tuple(self.origin[:3].tolist())
        sy, sz, sx = self.states.shape
        e = self.EDGE
        self._inner = (ox + e, ox + sx - e, oy + e, oy + sy - e, oz + e, oz + sz - e)

    def _patch(self) -> None:
        if self.revision == self.world.revision:
            return
        changes = self.world.changes_since(self.revision)
        if changes is None or len(changes) > 64:
            o, s = self.origin, self.states.shape
            self.states = self.world.get_box((o[0], o[1], o[2]),
                                             (o[0] + s[2], o[1] + s[0], o[2] + s[1]))  # fmt: skip
        else:
            # ``_copy`` of each box, its one-block case (most changes) inline with Python ints
            states, peek = self.states, self.world.peek_block
            sy, sz, sx = states.shape
            ox, oy, oz = self._o
            for box in changes:
                x0, y0, z0, x1, y1, z1 = box
                if x1 - x0 == y1 - y0 == z1 - z0 == 1:
                    x, y, z = x0 - ox, y0 - oy, z0 - oz
                    if 0 <= x < sx and 0 <= y < sy and 0 <= z < sz:
                        states[y, z, x] = peek(x0, y0, z0)
                else:
                    self._copy(box)
        self.revision = self.world.revision

    def _copy(self, box: tuple[int, int, int, int, int, int]) -> None:
        o, s = self.origin, self.states.shape
        x, y, z = box[0] - o[0], box[1] - o[1], box[2] - o[2]
        if box[3] - box[0] == box[4] - box[1] == box[5] - box[2] == 1:  # one block: most changes
            if 0 <= x < s[2] and 0 <= y < s[0] and 0 <= z < s[1]:
                self.states[y, z, x] = self.world.peek_block(box[0], box[1], box[2])
            return
        lo = (max(box[0], o[0]), max(box[1], o[1]), max(box[2], o[2]))
        hi = (min(box[3], o[0] + s[2]), min(box[4], o[1] + s[0]), min(box[5], o[2] + s[1]))
        if any(a >= b for a, b in zip(lo, hi, strict=True)):
            return
        part = self.world.get_box(lo, hi)
        self.states[lo[1] - o[1] : hi[1] - o[1], lo[2] - o[2] : hi[2] - o[2],
                    lo[0] - o[0] : hi[0] - o[0]] = part  # fmt: skip

    def block(self, x: int, y: int, z: int) -> int:
        """State id at a block position (from the window if inside, else the world)."""
        o, s = self.origin, self.states.shape
        ix, iy, iz = x - o[0], y - o[1], z - o[2]
        if 0 <= ix < s[2] and 0 <= iy < s[0] and 0 <= iz < s[1]:
            return int(self.states[iy, iz, ix])
        return self.world.get_block(x, y, z)

    def line_clear(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
        """Nothing with a collision box between the two points (LivingEntity.hasLineOfSight)."""
        return self.ray(*a, *b) > 1.0

    def ray(self, x0: float, y0: float, z0: float, x1: float, y1: float, z1: float) -> float:
        """First t in 0..1 where the segment meets a block's collision box, else 2."""
        t = self.tables
        return raycast(self.states, self.origin, t[T_BOX_START], t[T_BOX_COUNT], t[T_BOXES],
                       x0, y0, z0, x1, y1, z1)  # fmt: skip
