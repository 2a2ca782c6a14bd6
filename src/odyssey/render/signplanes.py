"""Where a sign's text goes: the front and back text areas of every sign state, in block units.

Sizes and offsets are those of vanilla's SignRenderer and HangingSignRenderer; the board they
sit on is ``entityshapes.sign`` / ``hanging_sign``, turned by the same ``sign_angle``.
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.render.entityshapes import sign_angle
from odyssey.world.blocks import BlockFlag, BlockRegistry

# SignRenderer / HangingSignRenderer text placement, in blocks.
SIGN_TEXT_OFFSET = (0.0, 1.0 / 3.0, 0.046666667)  # blocks, from the sign's origin
SIGN_WALL_OFFSET = (0.0, -0.3125, -0.4375)
SIGN_TEXT_SIZE = (90 / 96, 40 / 96)  # 90 x 4*10 font px at 1/96 block per px
HANGING_ORIGIN_Y = 0.9375 - 0.3125
HANGING_TEXT_OFFSET = (0.0, -0.32, 0.073)
HANGING_TEXT_SIZE = (60 * 0.0140625, 36 * 0.0140625)  # 60 x 4*9 font px at 0.9/64 block


def _sign_kind(registry: BlockRegistry, state_id: int) -> tuple[str, str] | None:
    """(where, rotation-or-facing) of a sign state, where is standing|wall|ceiling|wall_hanging."""
    block = registry.block_of(state_id)
    if not block.flags & BlockFlag.SIGN:
        return None
    props = registry.properties(state_id)
    if block.name.endswith("_wall_hanging_sign"):
        return "wall_hanging", props["facing"]
    if block.name.endswith("_hanging_sign"):
        return "ceiling", props["rotation"]
    if block.name.endswith("_wall_sign"):
        return "wall", props["facing"]
    return "standing", props["rotation"]


def sign_text_planes(
    registry: BlockRegistry, state_id: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Text areas of a sign's front and back as (origin, right, up) in block units.

    A point of the text is origin + s*right + t*up with s, t in 0..1, seen from that side (s to
    the reader's right, t up). Sizes and offsets are the vanilla renderers' (4 lines of 10 font
    px, 90 px wide, 1/96 block per px for signs; 4 lines of 9 px, 60 px wide, 0.9/64 block per
    px for hanging signs). The back of a wall sign faces the wall, as in vanilla. [] otherwise.
    """
    kind = _sign_kind(registry, state_id)
    if kind is None:
        return []
    where, value = kind
    hanging = where in ("ceiling", "wall_hanging")
    base = np.array([0.5, HANGING_ORIGIN_Y if hanging else 0.5, 0.5])
    if where == "wall":
        base += SIGN_WALL_OFFSET
    offset = np.array(HANGING_TEXT_OFFSET if hanging else SIGN_TEXT_OFFSET)
    width, height = HANGING_TEXT_SIZE if hanging else SIGN_TEXT_SIZE
    angle = math.radians(sign_angle("wall" if where == "wall_hanging" else where, value))
    c, s = math.cos(angle), math.sin(angle)
    turn = np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])  # right-handed about +y
    planes = []
    for side in (1.0, -1.0):  # front, then the back (turned 180 degrees)
        centre = base + offset * np.array([1.0, 1.0, side])
        right = np.array([width * side, 0.0, 0.0])
        up = np.array([0.0, height, 0.0])
        origin = centre - right / 2 - up / 2
        world = turn @ (origin - [0.5, 0.0, 0.5]) + [0.5, 0.0, 0.5]
        planes.append(tuple(v.astype(np.float32) for v in (world, turn @ right, turn @ up)))
    return planes
