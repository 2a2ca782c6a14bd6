"""Shared layout of the compiled physics: state, input, attribute, event and table indices,
vanilla's float constants and sin table, and the small helpers every kernel module uses."""

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
S_POSE, _S_FREE, S_STUCK_X, S_STUCK_Y, S_STUCK_Z = 18, 19, 20, 21, 22
S_SUPPORT, S_SUPPORT_X, S_SUPPORT_Y, S_SUPPORT_Z, S_NO_BLOCKS = 23, 24, 25, 26, 27
S_WATER_H, S_LAVA_H, S_INVULNERABLE, S_LAST_HURT, S_DEAD, S_EYE_IN_WATER = 28, 29, 30, 31, 32, 33
S_SWIMMING = 34  # the swimming flag (Entity.isSwimming); the pose follows at the tick's end
S_FIRE, S_AIR, S_EYE_PREV = 35, 36, 37  # remaining fire ticks, air supply, last tick's eyes
STATE_SIZE = 38
MAX_AIR, FIRE_FROM_LAVA = 300, 300
POSE_STANDING, POSE_CROUCHING, POSE_SWIMMING = 0, 1, 2
# -- inputs -----------------------------------------------------------------------------------
K_FORWARD, K_BACK, K_LEFT, K_RIGHT, K_JUMP, K_SNEAK, K_SPRINT, K_ATTACK, K_USE = range(9)
K_USING_ITEM = 9  # not a key: an item in use (eating, drawing a bow, a raised shield)
# -- attributes (vanilla defaults in physics.PlayerAttributes) --------------------------------
A_SCALE, A_SPEED, A_JUMP, A_STEP, A_GRAVITY, A_SAFE_FALL, A_FALL_MULT, A_SNEAK_SPEED = range(8)
A_MIN_Y = 8  # world floor (void damage below min_y - 64)
# -- events -----------------------------------------------------------------------------------
E_DAMAGE_FALL, E_DAMAGE_VOID, E_DAMAGE_LAVA, E_DEATH, E_LANDED = 1, 2, 3, 4, 5
E_DAMAGE_FIRE, E_DAMAGE_DROWN, E_DAMAGE_BERRY = 6, 7, 8
MAX_EVENTS = 8
MAX_BOXES = 1024
# -- block table indices (tables tuple passed from physics) ----------------------------------
T_BOX_START, T_BOX_COUNT, T_BOXES, T_FRICTION, T_SPEED, T_JUMP = 0, 1, 2, 3, 4, 5
T_FLUID, T_AMOUNT, T_FALLING, T_CLIMB, T_TRAPDOOR, T_LADDER, T_FACING, T_OPEN = range(6, 14)
T_STUCK, T_LAND, T_BUBBLE, T_LARGE, T_MOTION, T_FENCE, T_SHAPE_KIND, T_BERRY = range(14, 22)

SIN_TABLE = np.sin(np.arange(65536, dtype=np.float64) * math.pi * 2.0 / 65536.0).astype(np.float32)
DEG_TO_RAD_F = F32(math.pi / 180.0)
PLAYER_WIDTH, PLAYER_HEIGHT, CROUCH_HEIGHT, SWIM_HEIGHT = F32(0.6), F32(1.8), F32(1.5), F32(0.6)
EYE_STANDING, EYE_CROUCHING, EYE_SWIMMING = F32(1.62), F32(1.27), F32(0.4)


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
def player_box(st, attr, pose):
    """The player's AABB for a pose from the feet position (vanilla's float sizes)."""
    scale = attr[A_SCALE]
    half = f32(np.float32(PLAYER_WIDTH * np.float32(scale)) / np.float32(2.0))
    base = PLAYER_HEIGHT
    if pose == POSE_CROUCHING:
        base = CROUCH_HEIGHT
    elif pose == POSE_SWIMMING:
        base = SWIM_HEIGHT
    height = f32(base * np.float32(scale))
    box = np.empty(6)
    box[0], box[1], box[2] = st[S_X] - half, st[S_Y], st[S_Z] - half
    box[3], box[4], box[5] = st[S_X] + half, st[S_Y] + height, st[S_Z] + half
    return box


@numba.njit(cache=True, inline="always")
def pose_of(st):
    return np.int64(st[S_POSE])


@numba.njit(cache=True)
def eye_height(st, attr):
    """Eye height of the current pose (standing 1.62, crouching 1.27, swimming 0.4) × scale."""
    pose = pose_of(st)
    eye = EYE_STANDING
    if pose == POSE_CROUCHING:
        eye = EYE_CROUCHING
    elif pose == POSE_SWIMMING:
        eye = EYE_SWIMMING
    return f32(eye * np.float32(attr[A_SCALE]))


@numba.njit(cache=True)
def context(st):
    """What collision shapes depend on besides the block: feet position and fall distance."""
    out = np.empty(4)
    out[0], out[1], out[2], out[3] = st[S_X], st[S_Y], st[S_Z], st[S_FALL]
    return out


@numba.njit(cache=True)
def relative_push(yaw, amount, strafe, forward):
    """Entity.moveRelative's velocity change: the input rotated by yaw (Mth sin table), scaled
    (shared by the player and the mobs)."""
    d = strafe * strafe + forward * forward
    if d < 1.0e-7:
        return 0.0, 0.0
    if d > 1.0:
        length = math.sqrt(d)
        strafe, forward = strafe / length, forward / length
    strafe, forward = strafe * amount, forward * amount
    rad = yaw_rad(yaw)
    s, c = mth_sin(rad), mth_cos(rad)
    return strafe * c - forward * s, forward * c + strafe * s
