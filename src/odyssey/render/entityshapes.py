"""Block entities as static boxes in model pixels: chests, bells, signs, hanging signs and
banners (vanilla draws these with block-entity renderers; their sizes are those renderers').

Deliberate difference: nothing here animates (chest lids, bell swings, banner waves).
"""

from __future__ import annotations

from odyssey.render.fixtureshapes import chain_links
from odyssey.render.quads import (
    Mesh,
    box,
    boxes,
    concat,
    rotate,
    rotate_box_y,
    rotate_y,
    textured,
    translate,
    turns_between,
    two_sided,
    vquad,
)

# Sign renderers (SignRenderer, HangingSignRenderer): model pixels scaled by 2/3 for signs.
SIGN_SCALE = 2.0 / 3.0


def turn_about_centre(m: Mesh, degrees: float) -> Mesh:
    """Right-handed turn about the vertical centre line, exact for multiples of 90 degrees."""
    if degrees % 90 == 0:
        return rotate_y(m, int(-degrees // 90))
    return rotate(m, 1, degrees)


def sign_angle(where: str, value: str) -> float:
    """Vanilla's -yRot of a sign: rotation*22.5 for free-standing, facing.toYRot() on walls."""
    if where in ("standing", "ceiling"):
        return -22.5 * int(value)
    return -90.0 * turns_between("south", value)


def sign(where: str, value: str) -> Mesh:
    """The sign board (24x12x2 model px) and post (2x14x2) at 2/3 scale; wall signs hang
    0.3125 lower and 0.4375 toward the wall without the post."""
    k = SIGN_SCALE
    if where == "standing":
        parts = [
            [0, 8 + 2 * k, 8 - k, 16, 8 + 14 * k, 8 + k],
            [8 - k, 0, 8 - k, 8 + k, 8 + 2 * k, 8 + k],
        ]
    else:
        y, z = 8 - 5, 8 - 7  # pixels: origin after the wall offset
        parts = [[0, y + 2 * k, z - k, 16, y + 14 * k, z + k]]
    return turn_about_centre(boxes(parts), sign_angle(where, value))


def hanging_sign(where: str, value: str, attached: bool) -> Mesh:
    """Hanging sign: 14x10x2 board under two V chains (or one straight pair when attached to a
    block's middle); wall ones add a 16x2x4 plank on top."""
    board = [box([1, 0, 7, 15, 10, 9])]
    if where == "wall":
        board.append(box([0, 14, 6, 16, 16, 10]))
    if attached:
        chains = [two_sided(vquad((2, 8), (14, 8), 10, 16))]
    else:
        chains = [translate(chain_links(10, 16), dx) for dx in (-5, 5)]
    return turn_about_centre(concat(board + chains), sign_angle(where, value))


def banner(where: str, value: str) -> Mesh:
    """BannerRenderer's pole (2x42x2), bar (20x2x2) and flag (20x40x1) at 2/3 scale; a wall
    banner hangs its flag from the wall into the block below."""
    k = SIGN_SCALE
    lo, hi = 8 - 10 * k, 8 + 10 * k
    if where == "standing":
        parts = [[8 - k, 0, 8 - k, 8 + k, 28, 8 + k], [lo, 28, 8 - k, hi, 28 + 2 * k, 8 + k]]
        parts.append([lo, 8 - 8 * k, 8 + k, hi, 28 + 2 * k, 8 + 2 * k])
    else:
        y, z = -8 / 3 - 5, 8 - 7  # origin: 0.5 - 1/6 - 0.3125 blocks, 0.4375 toward the wall
        parts = [[lo, y + 30 * k, z - k, hi, y + 32 * k, z + k]]
        parts.append([lo, y - 8 * k, z + k, hi, y + 32 * k, z + 2 * k])
    return turn_about_centre(boxes(parts), sign_angle(where, value))


def chest(facing: str, kind: str) -> Mesh:
    """Chest body 14x14x14 (reaching the partner's side when double) and its 2x4x1 latch."""
    body = [1.0, 0.0, 1.0, 15.0, 14.0, 15.0]
    latch = [7.0, 7.0, 0.0, 9.0, 11.0, 1.0]
    if kind == "left":  # partner clockwise of facing: the seam is at x = 16 in the north frame
        body[3], latch[0], latch[3] = 16.0, 15.0, 16.0
    elif kind == "right":
        body[0], latch[0], latch[3] = 0.0, 0.0, 1.0
    t = turns_between("north", facing)
    latch_mesh = textured(box(rotate_box_y(latch, t)), "chest_latch")
    return concat([boxes([rotate_box_y(body, t)]), latch_mesh])


_BELL_SUPPORT = {
    "floor": [[2, 0, 6, 4, 16, 10], [12, 0, 6, 14, 16, 10], [4, 13, 7, 12, 15, 9]],
    "ceiling": [[7, 13, 7, 9, 16, 9]],
    "single_wall": [[7, 13, 0, 9, 15, 13]],
    "double_wall": [[7, 13, 0, 9, 15, 16]],
}


def bell(attachment: str, facing: str) -> Mesh:
    """BellRenderer's body and lip under bell_floor/_ceiling/_wall supports."""
    turns = turns_between("north", facing)
    parts = [[5, 6, 5, 11, 13, 11], [4, 4, 4, 12, 6, 12]]
    return boxes(parts + [rotate_box_y(b, turns) for b in _BELL_SUPPORT[attachment]])
