"""One tick of vanilla 1.21.11 player movement, compiled with numba.

This is the single implementation of player physics (``physics.step`` wraps it). It follows the
vanilla client's order (``LocalPlayer.tick``): fluid state and current push, void damage, sprint
and crouch decisions, negligible-velocity cut, jump, the 1.21.5 input vector, travel (air, water
or lava) with ``Entity.move`` (stuck multiplier, sneak edge guard, collision with per-axis order
and 1.21 candidate step-up heights, fall damage, landing bounce, block speed factor), then block
effects (slime step, cobweb, berry bush, powder snow, bubble columns, lava) and the pose.
Numbers that are ``float`` in vanilla are rounded through float32 where vanilla rounds them.

The world comes in as a window: a [y][z][x] array of state ids with its lowest corner at
``origin`` (x, y, z, and a fourth value: whether the window holds any fluid); cells outside
it read as air, so callers keep the player well inside (``physics``).
Player state is a float64 vector (layout in ``S_*``); events are written to a small int/float
buffer."""

from __future__ import annotations

import math

import numba
import numpy as np

from odyssey.sim.collision import (
    back_off_from_edge,
    check_support,
    collide,
    no_collision,
    on_pos,
)
from odyssey.sim.fluids import contains_liquid, fluid_height, fluid_pushing, update_water
from odyssey.sim.layout import (
    A_FALL_MULT,
    A_GRAVITY,
    A_JUMP,
    A_MIN_Y,
    A_SAFE_FALL,
    A_SNEAK_SPEED,
    A_SPEED,
    A_STEP,
    DEG_TO_RAD_F,
    E_DAMAGE_BERRY,
    E_DAMAGE_DROWN,
    E_DAMAGE_FALL,
    E_DAMAGE_FIRE,
    E_DAMAGE_LAVA,
    E_DAMAGE_VOID,
    E_DEATH,
    E_LANDED,
    FIRE_FROM_LAVA,
    K_BACK,
    K_FORWARD,
    K_JUMP,
    K_LEFT,
    K_RIGHT,
    K_SNEAK,
    K_SPRINT,
    K_USING_ITEM,
    MAX_AIR,
    MAX_EVENTS,
    POSE_CROUCHING,
    POSE_STANDING,
    POSE_SWIMMING,
    S_AIR,
    S_COLL_H,
    S_COLL_V,
    S_DEAD,
    S_EYE_IN_WATER,
    S_EYE_PREV,
    S_FALL,
    S_FIRE,
    S_HEALTH,
    S_IN_LAVA,
    S_IN_WATER,
    S_INVULNERABLE,
    S_JUMP_DELAY,
    S_LAST_HURT,
    S_LAVA_H,
    S_MINOR_H,
    S_ON_GROUND,
    S_PITCH,
    S_POSE,
    S_SPRINTING,
    S_STUCK_X,
    S_STUCK_Y,
    S_STUCK_Z,
    S_SWIMMING,
    S_VX,
    S_VY,
    S_VZ,
    S_WATER_H,
    S_X,
    S_Y,
    S_YAW,
    S_Z,
    T_BERRY,
    T_BOX_COUNT,
    T_BUBBLE,
    T_CLIMB,
    T_FACING,
    T_FLUID,
    T_FRICTION,
    T_JUMP,
    T_LADDER,
    T_LAND,
    T_OPEN,
    T_SHAPE_KIND,
    T_SPEED,
    T_STUCK,
    T_TRAPDOOR,
    block_at,
    context,
    eye_height,
    f32,
    ffloor,
    mth_cos,
    mth_sin,
    player_box,
    pose_of,
    relative_push,
    yaw_rad,
)


@numba.njit(cache=True)
def add_event(events, kind, value):
    n = np.int64(events[0, 0])
    if n < MAX_EVENTS:
        events[n + 1, 0] = kind
        events[n + 1, 1] = value
        events[0, 0] = n + 1


@numba.njit(cache=True)
def hurt(st, amount, kind, events):
    """LivingEntity.hurt with the 10-tick invulnerability window (no vanilla damage type is in
    #bypasses_cooldown, so the void, lava and fire all wait for it too)."""
    if st[S_DEAD] != 0.0 or amount <= 0.0:
        return
    dealt = amount
    if st[S_INVULNERABLE] > 10.0:
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


@numba.njit(cache=True)
def block_factor(win, origin, tables, st, table):
    """Speed or jump factor: the feet block's if not 1, else the block below's (0.500001)."""
    feet = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z]))
    f = tables[table][feet]
    in_water_block = tables[T_FLUID][feet] == 1 and tables[T_BOX_COUNT][feet] == 0
    if f != np.float32(1.0) or in_water_block:  # water and bubble columns count as they are
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
    if len(inp) > K_USING_ITEM and inp[K_USING_ITEM] != 0:  # an item in use: a fifth
        x, y = np.float32(x * np.float32(0.2)), np.float32(y * np.float32(0.2))
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
    """Entity.moveRelative on the player's state."""
    dx, dz = relative_push(st[S_YAW], amount, strafe, forward)
    st[S_VX] += dx
    st[S_VZ] += dz


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
def land(win, origin, tables, st, attr, sneak, events):
    """Block.fallOn for the block under the player: fall damage by landing rule."""
    x, y, z = on_pos(win, origin, tables, st, f32(0.2))
    rule = tables[T_LAND][block_at(win, origin, x, y, z)]
    distance, multiplier = st[S_FALL], 1.0
    if rule in (1, 4):  # slime blocks and powder snow never hurt (SlimeBlock.fallOn)
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
def crosses_fall_reset(win, origin, tables, st, moved):
    """Entity.move's clip for long moves: a ladder, vine, cobweb, berry bush or water on the way
    (sampled every 0.1 block along at most 8 blocks) resets the fall distance."""
    length = math.sqrt(moved[0] ** 2 + moved[1] ** 2 + moved[2] ** 2)
    reach = min(length, 8.0)
    steps = math.ceil(reach * 10.0)
    for i in range(steps + 1):
        t = reach * i / steps / length
        x = ffloor(st[S_X] + moved[0] * t)
        y = ffloor(st[S_Y] + moved[1] * t)
        z = ffloor(st[S_Z] + moved[2] * t)
        state = block_at(win, origin, x, y, z)
        resets = tables[T_CLIMB][state] or (tables[T_STUCK][state][0] != 0.0
                                            and tables[T_LAND][state] != 4)  # fmt: skip
        if resets or tables[T_FLUID][state] == 1:
            return True
    return False


@numba.njit(cache=True)
def move(win, origin, tables, st, attr, inp, mx, my, mz, xxa, zza, scratch, events):
    """Entity.move for the player's own movement."""
    sneak = inp[K_SNEAK] != 0
    if st[S_STUCK_X] ** 2 + st[S_STUCK_Y] ** 2 + st[S_STUCK_Z] ** 2 > 1.0e-7:
        mx, my, mz = mx * st[S_STUCK_X], my * st[S_STUCK_Y], mz * st[S_STUCK_Z]
        st[S_STUCK_X] = st[S_STUCK_Y] = st[S_STUCK_Z] = 0.0
        st[S_VX] = st[S_VY] = st[S_VZ] = 0.0
    box = player_box(st, attr, pose_of(st))
    player = context(st)
    mx, mz = back_off_from_edge(win, origin, tables, st, attr, box, mx, my, mz, sneak, player,
                                scratch)  # fmt: skip
    moved = collide(win, origin, tables, box, mx, my, mz, st[S_ON_GROUND] != 0.0,
                    attr[A_STEP], player, sneak, scratch)  # fmt: skip
    d = moved[0] ** 2 + moved[1] ** 2 + moved[2] ** 2
    if d > 1.0e-7 or (mx * mx + my * my + mz * mz) - d < 1.0e-7:
        if st[S_FALL] != 0.0 and d >= 1.0 and crosses_fall_reset(win, origin, tables, st, moved):
            st[S_FALL] = 0.0
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
    box = player_box(st, attr, pose_of(st))
    check_support(win, origin, tables, st, box, on_ground, moved[0], moved[2], player, sneak,
                  scratch)  # fmt: skip
    minor = st[S_COLL_H] != 0.0 and horizontal_collision_minor(st, xxa, zza, moved[0], moved[2])
    st[S_MINOR_H] = 1.0 if minor else 0.0
    # LivingEntity.checkFallDamage: water entered during the move cancels the fall first
    if st[S_IN_WATER] == 0.0:
        update_water(win, origin, tables, st, attr, False)
    # 1.21.5+: the landing tick's own drop counts too, so a fall from rest over n blocks has a
    # distance of n (hence the 1e-6 in the damage formula)
    if st[S_IN_WATER] == 0.0 and moved[1] < 0.0:
        st[S_FALL] -= f32(moved[1])
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
        accel = f32(0.025999999)  # Player.getFlyingSpeed
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
        box = player_box(st, attr, pose_of(st))
        q = box.copy()
        dy = st[S_VY] + f32(0.6) - st[S_Y] + y_before
        q[0] += st[S_VX]
        q[3] += st[S_VX]
        q[1] += dy
        q[4] += dy
        q[2] += st[S_VZ]
        q[5] += st[S_VZ]
        player = context(st)
        free = no_collision(win, origin, tables, q, player, False, scratch)
        if free and not contains_liquid(win, origin, tables, q):
            st[S_VY] = f32(0.3)


@numba.njit(cache=True)
def jump_threshold(attr, st):
    """LivingEntity.getFluidJumpThreshold."""
    return 0.0 if eye_height(st, attr) < 0.4 else 0.4


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
def moving_slowly(st):
    """isMovingSlowly: crouching, or crawling (the swimming pose out of water)."""
    pose = pose_of(st)
    return pose == POSE_CROUCHING or (pose == POSE_SWIMMING and st[S_IN_WATER] == 0.0)


@numba.njit(cache=True)
def update_sprint(st, inp):
    """LocalPlayer sprint rules: start with the key; stop without forward input, on a wall
    (not a minor one) or partly in water; swimmers stop when out of water or drifting."""
    under = st[S_EYE_PREV] != 0.0  # the client reads last tick's "submerged"
    forward = inp[K_FORWARD] != 0 and inp[K_BACK] == 0
    in_shallow = st[S_IN_WATER] != 0.0 and not under
    using = len(inp) > K_USING_ITEM and inp[K_USING_ITEM] != 0
    can_start = forward and (not moving_slowly(st) or under) and not in_shallow and not using
    if st[S_SPRINTING] == 0.0 and inp[K_SPRINT] != 0 and can_start:
        st[S_SPRINTING] = 1.0
    if st[S_SPRINTING] == 0.0:
        return
    if st[S_SWIMMING] != 0.0:
        drifting = not forward and st[S_ON_GROUND] == 0.0 and inp[K_SNEAK] == 0
        stop = st[S_IN_WATER] == 0.0 or drifting
    else:
        blocked = st[S_COLL_H] != 0.0 and st[S_MINOR_H] == 0.0
        stop = not forward or blocked or in_shallow or using  # a fifth of the impulse: too slow
    if stop:
        st[S_SPRINTING] = 0.0


@numba.njit(cache=True)
def inside_blocks(win, origin, tables, st, attr, inp, dx, dz, events):
    """Effects of blocks after the move: slime step, cobweb/berry/powder snow, bubble columns,
    lava (4 HP and 15 s of fire) and grown berry bushes (1 HP when moving)."""
    if st[S_ON_GROUND] != 0.0:
        x, y, z = on_pos(win, origin, tables, st, f32(0.2))
        if tables[T_LAND][block_at(win, origin, x, y, z)] == 1 and inp[K_SNEAK] == 0:
            vy = abs(st[S_VY])
            if vy < 0.1:
                k = 0.4 + vy * 0.2
                st[S_VX] *= k
                st[S_VZ] *= k
    box = player_box(st, attr, pose_of(st))
    feet = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z]))
    for y in range(ffloor(box[1] + 1.0e-5), ffloor(box[4] - 1.0e-5) + 1):
        for z in range(ffloor(box[2] + 1.0e-5), ffloor(box[5] - 1.0e-5) + 1):
            for x in range(ffloor(box[0] + 1.0e-5), ffloor(box[3] - 1.0e-5) + 1):
                state = block_at(win, origin, x, y, z)
                stuck = tables[T_STUCK][state]
                if stuck[0] != 0.0 and (tables[T_LAND][state] != 4 or feet == state):
                    st[S_FALL] = 0.0
                    st[S_STUCK_X], st[S_STUCK_Y], st[S_STUCK_Z] = stuck[0], stuck[1], stuck[2]
                if tables[T_BERRY][state] and (abs(dx) >= f32(0.003) or abs(dz) >= f32(0.003)):
                    hurt(st, 1.0, E_DAMAGE_BERRY, events)
                if tables[T_FLUID][state] == 2:
                    top = f32(y + fluid_height(win, origin, tables, x, y, z, 2))
                    if top > box[1]:
                        hurt(st, 4.0, E_DAMAGE_LAVA, events)
                        st[S_FIRE] = max(st[S_FIRE], FIRE_FROM_LAVA)
                bubble = tables[T_BUBBLE][state]
                if bubble != 0:
                    above = block_at(win, origin, x, y + 1, z)
                    down = bubble == 2
                    if tables[T_BOX_COUNT][above] == 0 and tables[T_FLUID][above] == 0:
                        st[S_VY] = max(-0.9, st[S_VY] - 0.03) if down else min(1.8, st[S_VY] + 0.1)
                    else:
                        st[S_VY] = max(-0.3, st[S_VY] - 0.03) if down else min(0.7, st[S_VY] + 0.06)
                        st[S_FALL] = 0.0


@numba.njit(cache=True)
def update_pose(win, origin, tables, st, attr, inp, scratch):
    """Player.updatePlayerPose: swim, crouch with the sneak key, or whatever pose fits."""
    if st[S_SWIMMING] != 0.0:
        wanted = POSE_SWIMMING
    else:
        wanted = POSE_CROUCHING if inp[K_SNEAK] != 0 else POSE_STANDING
    # The swimming box is the smallest: when the wanted pose fits, so does it (one query).
    if fits(win, origin, tables, st, attr, wanted, scratch):
        st[S_POSE] = wanted
    elif fits(win, origin, tables, st, attr, POSE_SWIMMING, scratch):
        crouch_fits = fits(win, origin, tables, st, attr, POSE_CROUCHING, scratch)
        st[S_POSE] = POSE_CROUCHING if crouch_fits else POSE_SWIMMING


@numba.njit(cache=True)
def fits(win, origin, tables, st, attr, pose, scratch):
    """canPlayerFitWithinBlocksAndEntitiesWhen(pose): the pose's box deflated by 1e-7 is free."""
    q = player_box(st, attr, pose)
    for i in range(3):
        q[i] += 1.0e-7
        q[i + 3] -= 1.0e-7
    return no_collision(win, origin, tables, q, context(st), False, scratch)


@numba.njit(cache=True)
def update_swimming(win, origin, tables, st):
    """Entity.updateSwimming: sprinting under water starts swimming; leaving water stops it."""
    sprinting_in_water = st[S_SPRINTING] != 0.0 and st[S_IN_WATER] != 0.0
    if st[S_SWIMMING] != 0.0:
        swimming = sprinting_in_water
    else:
        feet = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y]), ffloor(st[S_Z]))
        in_water_block = tables[T_FLUID][feet] == 1
        swimming = sprinting_in_water and st[S_EYE_PREV] != 0.0 and in_water_block
    st[S_SWIMMING] = 1.0 if swimming else 0.0


@numba.njit(cache=True)
def swim_pitch_pull(win, origin, tables, st, inp):
    """Player.travel while swimming: pull vy toward the look direction's vertical part."""
    pitch_rad = np.float64(np.float32(st[S_PITCH]) * DEG_TO_RAD_F)
    look_y = -mth_sin(pitch_rad)
    pull = 0.085 if look_y < -0.2 else 0.06
    above = block_at(win, origin, ffloor(st[S_X]), ffloor(st[S_Y] + 1.0 - 0.1), ffloor(st[S_Z]))
    if look_y <= 0.0 or inp[K_JUMP] != 0 or tables[T_FLUID][above] != 0:
        st[S_VY] += (look_y - st[S_VY]) * pull


@numba.njit(cache=True)
def base_tick(win, origin, tables, st, attr, events):
    """Entity/LivingEntity.baseTick: fluids, eyes and air, fire, swimming, the void."""
    st[S_EYE_PREV] = st[S_EYE_IN_WATER]
    update_water(win, origin, tables, st, attr, True)
    box = player_box(st, attr, pose_of(st))
    _, lava_h = fluid_pushing(win, origin, tables, box, 2, 0.0023333333333333335, st, True)
    st[S_LAVA_H] = lava_h
    st[S_IN_LAVA] = 1.0 if lava_h > 0.0 else 0.0
    if st[S_IN_LAVA] != 0.0:
        st[S_FALL] *= 0.5
    if st[S_IN_WATER] != 0.0 and st[S_FIRE] > 0.0:
        st[S_FIRE] = 0.0  # water puts the fire out
    if st[S_FIRE] > 0.0:
        if st[S_FIRE] % 20.0 == 0.0 and st[S_IN_LAVA] == 0.0:
            hurt(st, 1.0, E_DAMAGE_FIRE, events)
        st[S_FIRE] -= 1.0
    if st[S_EYE_IN_WATER] != 0.0:  # drowning: 2 HP each time the air supply runs to -20
        st[S_AIR] -= 1.0
        if st[S_AIR] <= -20.0:
            st[S_AIR] = 0.0
            hurt(st, 2.0, E_DAMAGE_DROWN, events)
    elif st[S_AIR] < MAX_AIR:
        st[S_AIR] = min(float(MAX_AIR), st[S_AIR] + 4.0)
    update_swimming(win, origin, tables, st)
    if st[S_Y] < attr[A_MIN_Y] - 64.0:
        hurt(st, 4.0, E_DAMAGE_VOID, events)


@numba.njit(cache=True)
def tick(win, origin, tables, st, attr, inp, scratch, events):
    """One 50 ms tick of the player. ``events`` row 0 holds the count; rows 1.. (kind, value)."""
    events[0, 0] = 0.0
    if st[S_DEAD] != 0.0:
        return
    if st[S_INVULNERABLE] > 0.0:
        st[S_INVULNERABLE] -= 1.0
    base_tick(win, origin, tables, st, attr, events)
    if st[S_DEAD] != 0.0:
        return
    # LocalPlayer.aiStep: input, sprint, sinking; LivingEntity.aiStep: jump and travel
    xxa, zza = input_vector(inp, moving_slowly(st), attr)
    update_sprint(st, inp)
    if st[S_IN_WATER] != 0.0 and inp[K_SNEAK] != 0:
        st[S_VY] -= f32(0.04)  # LocalPlayer.goDownInWater
    if st[S_JUMP_DELAY] > 0.0:
        st[S_JUMP_DELAY] -= 1.0
    if st[S_VX] * st[S_VX] + st[S_VZ] * st[S_VZ] < 9.0e-6:
        st[S_VX] = 0.0
        st[S_VZ] = 0.0
    if abs(st[S_VY]) < 0.003:
        st[S_VY] = 0.0
    handle_jump_key(win, origin, tables, st, attr, inp)
    if st[S_SWIMMING] != 0.0:
        swim_pitch_pull(win, origin, tables, st, inp)
    x0, z0 = st[S_X], st[S_Z]
    if st[S_IN_WATER] != 0.0 or st[S_IN_LAVA] != 0.0:
        travel_in_fluid(win, origin, tables, st, attr, inp, xxa, zza, scratch, events)
    else:
        travel_in_air(win, origin, tables, st, attr, inp, xxa, zza, scratch, events)
    inside_blocks(win, origin, tables, st, attr, inp, st[S_X] - x0, st[S_Z] - z0, events)
    update_pose(win, origin, tables, st, attr, inp, scratch)
