"""Small meshes made on the fly in the mesher's vertex format: the player model and rain.

Vertices are relative to a float64 corner the caller passes to the renderer with them, so they
stay exact wherever the player is.
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.render.mesher import FACE_NORMAL, NO_TINT, UV_UNITS, pack_positions

LOCAL_OFFSET = 16.0  # blocks: local coordinates are shifted so that vertices stay non-negative
RAIN_RADIUS = 10  # vanilla "fancy" weather: rain columns within 10 blocks
RAIN_HEIGHT = 10  # columns span the player's y ± 10
RAIN_REPEAT = 4  # rain tiles across a sheet's width and per block of its height

# Steve's boxes in model pixels (1/16 block), feet at the origin, facing +Z: (lo, hi, RGB).
SKIN, HAIR, SHIRT, PANTS, SHOES = (
    (199, 150, 120),
    (66, 44, 26),
    (0, 168, 168),
    (58, 58, 150),
    (
        70,
        70,
        70,
    ),
)
PLAYER_BOXES = (
    ((-4, 24, -4), (4, 32, 4), SKIN),  # head
    ((-4.2, 30, -4.2), (4.2, 32.2, 4.2), HAIR),  # hair on top
    ((-4.2, 25, -4.2), (4.2, 32.2, 0), HAIR),  # hair over the back of the head
    ((-4, 12, -2), (4, 24, 2), SHIRT),  # body
    ((-8, 12, -2), (-4, 18, 2), SKIN),  # right arm
    ((-8, 18, -2.1), (-4, 24, 2.1), SHIRT),  # its sleeve
    ((4, 12, -2), (8, 18, 2), SKIN),  # left arm
    ((4, 18, -2.1), (8, 24, 2.1), SHIRT),  # its sleeve
    ((-4, 2, -2), (0, 12, 2), PANTS),  # right leg
    ((0, 2, -2), (4, 12, 2), PANTS),  # left leg
    ((-4, 0, -2), (4, 2, 2), SHOES),  # shoes
)


def rgb565(rgb: tuple[int, int, int]) -> int:
    r, g, b = rgb
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


def box_faces(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The 6 faces of a box as (6, 4, 3) corners, counter-clockwise seen from outside, in face
    order down, up, north, south, west, east."""
    out = np.zeros((6, 4, 3))
    for f, n in enumerate(FACE_NORMAL):
        axis = int(np.flatnonzero(n)[0])
        a, b = [i for i in range(3) if i != axis]
        fixed = hi[axis] if n[axis] > 0 else lo[axis]
        square = [(0, 0), (1, 0), (1, 1), (0, 1)]
        for c, (i, j) in enumerate(square):
            p = np.zeros(3)
            p[axis] = fixed
            p[a] = hi[a] if i else lo[a]
            p[b] = hi[b] if j else lo[b]
            out[f, c] = p
        normal = np.cross(out[f, 1] - out[f, 0], out[f, 2] - out[f, 0])
        if np.dot(normal, n) < 0:
            out[f] = out[f, ::-1]
    return out


def player_vertices(yaw: float, scale: float, white_tile: int, light: int) -> np.ndarray:
    """The player model turned to ``yaw``; positions relative to the feet minus LOCAL_OFFSET."""
    angle = math.radians(-yaw)
    rot = np.array(
        [[math.cos(angle), 0, math.sin(angle)], [0, 1, 0], [-math.sin(angle), 0, math.cos(angle)]]
    )
    quads = []
    for lo, hi, color in PLAYER_BOXES:
        faces = box_faces(np.array(lo, float) / 16 * scale, np.array(hi, float) / 16 * scale)
        for f in range(6):
            quad = np.zeros((4, 8), np.uint16)
            corners = faces[f] @ rot.T + LOCAL_OFFSET
            quad[:, 0:3] = pack_positions(corners)
            quad[:, 3:5] = 16384
            quad[:, 5] = white_tile
            quad[:, 6] = light | (f << 8)
            quad[:, 7] = rgb565(color)
            quads.append(quad)
    return np.concatenate(quads)


def rain_vertices(
    eye: tuple[float, float, float], tops: np.ndarray, rain_tile: int, tick: int, light: int
) -> np.ndarray:
    """Rain quads around the eye as vanilla draws them: one camera-facing sheet per column
    within RAIN_RADIUS that is open to the sky above its lowest drawn block, scrolling down
    with time. ``tops`` holds the highest block per column of the square around the eye
    ([z][x], 2 * RAIN_RADIUS + 1 wide). Positions are relative to (floor(x) - LOCAL_OFFSET,
    floor(y) - LOCAL_OFFSET, floor(z) - LOCAL_OFFSET)."""
    ex, ey, ez = eye
    bx, by, bz = math.floor(ex), math.floor(ey), math.floor(ez)
    quads = []
    for dz in range(-RAIN_RADIUS, RAIN_RADIUS + 1):
        for dx in range(-RAIN_RADIUS, RAIN_RADIUS + 1):
            if dx * dx + dz * dz > RAIN_RADIUS * RAIN_RADIUS:
                continue
            top = int(tops[dz + RAIN_RADIUS, dx + RAIN_RADIUS])
            y0 = max(top + 1, by - RAIN_HEIGHT)
            y1 = by + RAIN_HEIGHT
            if y0 >= y1:
                continue
            cx, cz = bx + dx + 0.5, bz + dz + 0.5
            to_eye = np.array([ex - cx, ez - cz])
            length = float(np.hypot(*to_eye))
            if length < 1e-6:
                continue
            # a sheet across the column, perpendicular to the line to the eye
            side = np.array([to_eye[1], -to_eye[0]]) / length * 0.5
            # vanilla: each column falls at its own speed, (3 + r) / 32 of a 4-block texture
            # per tick, restarting every 32 ticks
            seed = (((bx + dx) * 3129871) ^ ((bz + dz) * 116129781)) & 0xFFFFFF
            speed = 3.0 + (seed % 1000) / 1000.0
            scroll = ((tick + seed) % 32) / 32.0 * speed * 4.0
            corners = np.array(
                [
                    [cx - side[0], y0, cz - side[1]],
                    [cx + side[0], y0, cz + side[1]],
                    [cx + side[0], y1, cz + side[1]],
                    [cx - side[0], y1, cz - side[1]],
                ]
            ) - np.array([bx, by, bz])
            quad = np.zeros((4, 8), np.uint16)
            quad[:, 0:3] = pack_positions(corners + LOCAL_OFFSET)
            # vanilla maps a 64-px-wide rain texture across one block and 64 px onto each block
            # of height: our 16-px tile repeats 4 times each way for the same fine drops
            v0, v1 = (y1 - y0 + scroll) * RAIN_REPEAT + 64, scroll * RAIN_REPEAT + 64
            uv = np.array([[0, v0], [RAIN_REPEAT, v0], [RAIN_REPEAT, v1], [0, v1]])
            quad[:, 3:5] = np.round(uv * UV_UNITS).astype(np.uint16)
            quad[:, 5] = rain_tile
            quad[:, 6] = light | (6 << 8)
            quad[:, 7] = NO_TINT
            quads.append(quad)
            # the back of the sheet, for when it is seen from behind (e.g. in the third person)
            back = quad[[1, 0, 3, 2]].copy()
            quads.append(back)
    return np.concatenate(quads) if quads else np.zeros((0, 8), np.uint16)
