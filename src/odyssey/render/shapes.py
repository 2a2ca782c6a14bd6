"""Block-scale shapes in model pixels: stairs, slabs, doors, trapdoors, fence gates, fences,
walls, panes, ladders, cactus, fluids and portals (vanilla 1.21 model geometry).

Each builder takes the geometry key's arguments (see ``modelrules``) and returns a ``Mesh``. The
face indices (``DOWN`` .. ``EAST``) are re-exported from ``quads`` for callers of this module.
"""

from __future__ import annotations

from collections.abc import Iterable

from odyssey.render.quads import (
    DOWN,
    EAST,
    FRAME,
    NORTH,
    SOUTH,
    UP,
    WEST,
    Mesh,
    box,
    boxes,
    concat,
    edge_box,
    rotate_box_y,
    rotate_y,
    turn,
    turns_between,
    two_sided,
)

_HALF_XZ = {
    "north": (0, 0, 16, 8),
    "south": (0, 8, 16, 16),
    "west": (0, 0, 8, 16),
    "east": (8, 0, 16, 16),
}


def _quarter(d1: str, d2: str) -> tuple[float, float, float, float]:
    a, b = _HALF_XZ[d1], _HALF_XZ[d2]
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def stairs(facing: str, half: str, shape: str) -> Mesh:
    """A half slab plus the step's quarters (StairBlock's shapes; inner corners keep the back
    left/right quarter, outer corners only the front one)."""
    left, right, back = turn(facing, 3), turn(facing, 1), turn(facing, 2)
    steps = {
        "straight": [_HALF_XZ[facing]],
        "outer_left": [_quarter(facing, left)],
        "outer_right": [_quarter(facing, right)],
        "inner_left": [_HALF_XZ[facing], _quarter(back, left)],
        "inner_right": [_HALF_XZ[facing], _quarter(back, right)],
    }[shape]
    slab_y, step_y = ((0, 8), (8, 16)) if half == "bottom" else ((8, 16), (0, 8))
    parts = [[0, slab_y[0], 0, 16, slab_y[1], 16]]
    parts += [[x0, step_y[0], z0, x1, step_y[1], z1] for x0, z0, x1, z1 in steps]
    return boxes(parts)


def slab(kind: str) -> Mesh:
    """Bottom or top half slab (a double slab is a plain cube and never gets here)."""
    return box([0, 0, 0, 16, 8, 16] if kind == "bottom" else [0, 8, 0, 16, 16, 16])


def door(facing: str, hinge: str, is_open: bool) -> Mesh:
    """DoorBlock's 3-px slab: at the back when closed, along the hinge side when open.

    The two large faces read u = 0 at the hinge edge and u = 1 at the free (handle) edge on both
    sides, as vanilla mirrors the door texture between its faces.
    """
    hinge_side = turn(facing, 3 if hinge == "left" else 1)
    back = turn(facing, 2)
    b = edge_box(hinge_side if is_open else back, 3)
    thin = 0 if (hinge_side if is_open else back) in ("west", "east") else 2
    width = 2 - thin  # the other horizontal axis
    edge = {"north": (2, 0.0), "south": (2, 16.0), "west": (0, 0.0), "east": (0, 16.0)}
    hinge_at = dict([edge[back], edge[hinge_side]])[width]
    uv = {}
    for f in (NORTH, SOUTH) if thin == 2 else (WEST, EAST):
        _, _, r, sr, _, _ = FRAME[f]
        left_c, right_c = (b[r], b[r + 3]) if sr > 0 else (b[r + 3], b[r])
        uv[f] = (abs(left_c - hinge_at), 16 - b[4], abs(right_c - hinge_at), 16 - b[1])
    return box(b, uv=uv)


def trapdoor(facing: str, half: str, is_open: bool) -> Mesh:
    """TrapDoorBlock's 3-px slab: floor or ceiling when closed, against the back when open."""
    if is_open:
        return box(edge_box(turn(facing, 2), 3))
    return box([0, 0, 0, 16, 3, 16] if half == "bottom" else [0, 13, 0, 16, 16, 16])


_GATE_POSTS = [[0, 5, 7, 2, 16, 9], [14, 5, 7, 16, 16, 9]]
_GATE_CLOSED = [
    [6, 6, 7, 8, 15, 9],
    [8, 6, 7, 10, 15, 9],
    [2, 6, 7, 6, 9, 9],
    [2, 12, 7, 6, 15, 9],
    [10, 6, 7, 14, 9, 9],
    [10, 12, 7, 14, 15, 9],
]
_GATE_OPEN = [
    [0, 6, 13, 2, 15, 15],
    [14, 6, 13, 16, 15, 15],
    [0, 6, 9, 2, 9, 13],
    [0, 12, 9, 2, 15, 13],
    [14, 6, 9, 16, 9, 13],
    [14, 12, 9, 16, 15, 13],
]


def fence_gate(facing: str, is_open: bool, in_wall: bool) -> Mesh:
    """template_fence_gate(_open): two posts and the bars, swung toward ``facing`` when open;
    3 px lower between walls (template_fence_gate_wall)."""
    drop = 3 if in_wall else 0
    parts = _GATE_POSTS + (_GATE_OPEN if is_open else _GATE_CLOSED)
    turns = turns_between("south", facing)
    return boxes(
        rotate_box_y([x0, y0 - drop, z0, x1, y1 - drop, z1], turns)
        for x0, y0, z0, x1, y1, z1 in parts
    )


def fence(sides: Iterable[str]) -> Mesh:
    """fence_post (6..10 px) and two fence_side rails (y 6..9 and 12..15) per connection."""
    parts = [[6, 0, 6, 10, 16, 10]]
    for side in sides:
        t = turns_between("north", side)
        parts += [rotate_box_y([7, 12, 0, 9, 15, 9], t), rotate_box_y([7, 6, 0, 9, 9, 9], t)]
    return boxes(parts)


def wall(post: bool, sides: dict[str, str]) -> Mesh:
    """template_wall_post (4..12 px) and a 6-px side per connection, 14 px low or 16 tall."""
    parts = [[4, 0, 4, 12, 16, 12]] if post else []
    for side, height in sides.items():
        if height != "none":
            top = 14 if height == "low" else 16
            parts.append(rotate_box_y([5, 0, 0, 11, top, 8], turns_between("north", side)))
    return boxes(parts)


def pane(sides: Iterable[str]) -> Mesh:
    """Glass pane / iron bars: the 2-px centre post and an arm to each connected side (a
    straight pane is one box: the same surfaces with fewer quads)."""
    sides = tuple(dict.fromkeys(sides))  # in the caller's order: a set's varies per process
    if set(sides) == {"east", "west"}:
        return boxes([[0, 0, 7, 16, 16, 9]])
    if set(sides) == {"north", "south"}:
        return boxes([[7, 0, 0, 9, 16, 16]])
    parts = [[7, 0, 7, 9, 16, 9]]
    parts += [rotate_box_y([7, 0, 0, 9, 16, 7], turns_between("north", s)) for s in sides]
    return boxes(parts)


def ladder(facing: str) -> Mesh:
    """vanilla ladder: one two-sided plane 0.8 px off the wall it hangs on (never culled)."""
    m = box([0, 0, 15.2, 16, 16, 15.2], (NORTH, SOUTH), cull=-1)
    return rotate_y(m, turns_between("north", facing))


def cactus() -> Mesh:
    """vanilla cactus: full top and bottom, sides inset 1 px."""
    return concat(
        [
            box([0, 0, 0, 16, 16, 16], (DOWN, UP)),
            box([0, 0, 1, 16, 16, 15], (NORTH, SOUTH)),
            box([1, 0, 0, 15, 16, 16], (WEST, EAST)),
        ]
    )


def fluid_height(level: int) -> float:
    """Surface height in pixels: FlowingFluid amount/9 of a block (source 8/9 = 14.2 px;
    level 1..7 flowing 7/9..1/9); level >= 8 is falling fluid, which vanilla raises to a full
    block because the same fluid is above it."""
    return 16.0 if level >= 8 else (8 - level) * 16.0 / 9.0


def fluid(level: int) -> Mesh:
    """A fluid box up to its surface height; the surface is drawn from above and below and is
    hidden only by the neighbour above (cull = up) even when it sits below the block top. The
    mesher moves the top corners to vanilla's averages with the neighbouring fluid."""
    h = fluid_height(level)
    body = box([0, 0, 0, 16, h, 16], (DOWN, NORTH, SOUTH, WEST, EAST))
    top = box([0, 0, 0, 16, h, 16], (UP,), cull=UP)
    return concat([body, two_sided(top)])


def portal(axis: str) -> Mesh:
    """nether_portal_ns / _ew: a 4-px thick sheet, two faces."""
    m = box([0, 0, 6, 16, 16, 10], (NORTH, SOUTH))
    return m if axis == "x" else rotate_y(m, 1)


def end_portal() -> Mesh:
    """TheEndPortalRenderer: top at 12/16, bottom at 6/16."""
    return box([0, 6, 0, 16, 12, 16], (UP, DOWN))
