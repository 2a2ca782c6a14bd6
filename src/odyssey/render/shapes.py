"""Block geometry in model pixels (0..16 across a block): boxes, planes and their rotations.

Vanilla block models are lists of boxes ("elements") whose faces get default texture coordinates
from their extent, then rotated by the block state. This module does the same with numpy: a
``Mesh`` holds quads whose corners run top-left, bottom-left, bottom-right, top-right as seen from
the side the quad faces (counter-clockwise), with per-corner uv in pixels (v down). ``bake``
turns a mesh into block units and derives each quad's facing, shading and cull face.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

DOWN, UP, NORTH, SOUTH, WEST, EAST = range(6)
NO_SHADE = 6  # shade index meaning "no directional shading" (crossed plants)
AUTO = -2  # cull/shade decided from the baked geometry
HORIZONTAL = ("north", "east", "south", "west")  # clockwise seen from above
FACE_OF = {"down": DOWN, "up": UP, "north": NORTH, "south": SOUTH, "west": WEST, "east": EAST}
ALL_FACES = (DOWN, UP, NORTH, SOUTH, WEST, EAST)

# Per face, as a viewer outside sees it: (normal axis, sign, right axis, sign, up axis, sign).
# These reproduce vanilla's default element uvs (BlockElement): north u = 16 - x, south u = x,
# west u = z, east u = 16 - z, sides v = 16 - y; up u = x, v = z; down u = x, v = 16 - z.
_FRAME = (
    (1, -1, 0, 1, 2, 1),
    (1, 1, 0, 1, 2, -1),
    (2, -1, 0, -1, 1, 1),
    (2, 1, 0, 1, 1, 1),
    (0, -1, 2, 1, 1, 1),
    (0, 1, 2, -1, 1, 1),
)
_AXIS_FACE = ((WEST, EAST), (DOWN, UP), (NORTH, SOUTH))


def _corner_table() -> np.ndarray:
    """(6 faces, 4 corners, 3 axes) -> 0 for the box minimum, 1 for the maximum."""
    sel = np.zeros((6, 4, 3), dtype=np.intp)
    for f, (n, sn, r, sr, u, su) in enumerate(_FRAME):
        for c, (right, top) in enumerate(((0, 1), (0, 0), (1, 0), (1, 1))):  # TL BL BR TR
            sel[f, c, n] = sn > 0
            sel[f, c, r] = right == (sr > 0)
            sel[f, c, u] = top == (su > 0)
    return sel


_CORNERS = _corner_table()


@dataclass(frozen=True)
class Mesh:
    """Quads in model pixels: corners (n,4,3), uv (n,4,2) in pixels, shade and cull overrides."""

    pos: np.ndarray
    uv: np.ndarray
    shade: np.ndarray  # (n,) int8: AUTO, a face index 0..5, or NO_SHADE
    cull: np.ndarray  # (n,) int8: AUTO, -1 (never) or a face index 0..5

    def __len__(self) -> int:
        return len(self.pos)


EMPTY = Mesh(np.zeros((0, 4, 3)), np.zeros((0, 4, 2)), np.zeros(0, np.int8), np.zeros(0, np.int8))


def concat(meshes: Iterable[Mesh]) -> Mesh:
    """All quads of several meshes in one."""
    parts = [m for m in meshes if len(m)]
    if not parts:
        return EMPTY
    return Mesh(*(np.concatenate([getattr(m, k) for m in parts]) for k in Mesh.__annotations__))


def _filled(n: int, value: int) -> np.ndarray:
    return np.full(n, value, dtype=np.int8)


def box(
    b: Sequence[float],
    faces: Iterable[int] = ALL_FACES,
    uv: dict[int, tuple[float, float, float, float]] | None = None,
    shade: int = AUTO,
    cull: int = AUTO,
) -> Mesh:
    """Faces of the box ``[x0, y0, z0, x1, y1, z1]`` with vanilla default uvs (or ``uv`` rects)."""
    faces = tuple(faces)
    lo_hi = np.array([b[:3], b[3:]], dtype=np.float64)
    sel = _CORNERS[list(faces)]
    pos = lo_hi[sel, np.arange(3)]
    uvs = np.empty((len(faces), 4, 2))
    for i, f in enumerate(faces):
        _, _, r, sr, u, su = _FRAME[f]
        if uv and f in uv:
            u0, v0, u1, v1 = uv[f]
            uvs[i] = ((u0, v0), (u0, v1), (u1, v1), (u1, v0))
            continue
        uvs[i, :, 0] = pos[i, :, r] if sr > 0 else 16.0 - pos[i, :, r]
        uvs[i, :, 1] = 16.0 - pos[i, :, u] if su > 0 else pos[i, :, u]
    n = len(faces)
    return Mesh(pos, uvs, _filled(n, shade), _filled(n, cull))


def _face_hidden(boxes: np.ndarray, i: int, f: int) -> bool:
    """Whether face ``f`` of box ``i`` is covered by another box lying against or across it."""
    n, sn = _FRAME[f][0], _FRAME[f][1]
    plane = boxes[i, n + 3] if sn > 0 else boxes[i, n]
    others = [a for a in range(3) if a != n]
    for j, other in enumerate(boxes):
        if j == i:
            continue
        across = other[n] <= plane < other[n + 3] if sn > 0 else other[n] < plane <= other[n + 3]
        if across and all(
            other[a] <= boxes[i, a] and boxes[i, a + 3] <= other[a + 3] for a in others
        ):
            return True
    return False


def boxes(bs: Iterable[Sequence[float]], shade: int = AUTO) -> Mesh:
    """Several solid boxes, leaving out faces another box of the same model hides entirely."""
    arr = np.array(list(bs), dtype=np.float64).reshape(-1, 6)
    parts = []
    for i in range(len(arr)):
        faces = [f for f in ALL_FACES if not _face_hidden(arr, i, f)]
        if faces:
            parts.append(box(arr[i], faces, shade=shade))
    return concat(parts)


def quad(
    corners: Sequence[Sequence[float]], uv: tuple[float, float, float, float] = (0, 0, 16, 16)
) -> Mesh:
    """One quad from its top-left, bottom-left, bottom-right and top-right corners (pixels)."""
    u0, v0, u1, v1 = uv
    uvs = np.array([[[u0, v0], [u0, v1], [u1, v1], [u1, v0]]], dtype=np.float64)
    pos = np.asarray(corners, dtype=np.float64).reshape(1, 4, 3)
    return Mesh(pos, uvs, _filled(1, NO_SHADE), _filled(1, AUTO))


def vquad(
    a: tuple[float, float],
    b: tuple[float, float],
    y0: float,
    y1: float,
    uv: tuple[float, float, float, float] = (0, 0, 16, 16),
) -> Mesh:
    """One vertical quad from (x, z) point ``a`` (viewer's left) to ``b``, seen from its front."""
    return quad([[a[0], y1, a[1]], [a[0], y0, a[1]], [b[0], y0, b[1]], [b[0], y1, b[1]]], uv)


def back_faces(m: Mesh) -> Mesh:
    """The same quads seen from behind, each showing its texture unmirrored to that viewer.

    Vanilla gives both faces of a two-sided plane (crossed plants, ladders) the same uv rect,
    so each side reads left-to-right; swapping the left and right corners does the same.
    """
    order = [3, 2, 1, 0]
    return Mesh(m.pos[:, order], m.uv.copy(), m.shade.copy(), m.cull.copy())


def two_sided(m: Mesh) -> Mesh:
    """The quads and their backs (surfaces seen from both sides)."""
    return concat([m, back_faces(m)])


def with_overrides(m: Mesh, shade: int | None = None, cull: int | None = None) -> Mesh:
    """The mesh with every quad's shade and/or cull set."""
    return Mesh(
        m.pos,
        m.uv,
        m.shade if shade is None else _filled(len(m), shade),
        m.cull if cull is None else _filled(len(m), cull),
    )


# -- transforms ----------------------------------------------------------------------------------


def _replace_pos(m: Mesh, pos: np.ndarray) -> Mesh:
    return Mesh(pos, m.uv, m.shade, m.cull)


def rotate_y(m: Mesh, turns: int) -> Mesh:
    """Rotate about the block's vertical centre line by ``turns`` x 90 degrees clockwise seen
    from above (north -> east), like a blockstate's ``"y": 90``; exact, so faces stay on edges."""
    p = m.pos
    for _ in range(turns % 4):
        p = np.stack([16.0 - p[..., 2], p[..., 1], p[..., 0]], axis=-1)
    return _replace_pos(m, p)


def rotate_x(m: Mesh, turns: int) -> Mesh:
    """Rotate about the x axis through the block centre like a blockstate's ``"x": 90``
    (the floor turns to face north: y -> z, z -> 16 - y)."""
    p = m.pos
    for _ in range(turns % 4):
        p = np.stack([p[..., 0], p[..., 2], 16.0 - p[..., 1]], axis=-1)
    return _replace_pos(m, p)


def rotate(
    m: Mesh,
    axis: int,
    degrees: float,
    origin: Sequence[float] = (8, 8, 8),
    rescale: bool = False,
) -> Mesh:
    """Right-handed rotation about an axis (0 x, 1 y, 2 z) through ``origin``, as a model
    element's ``rotation``; ``rescale`` stretches the other two axes by 1/cos like vanilla."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    i, j = [a for a in range(3) if a != axis]
    if axis == 1:  # right-handed about +y: z -> x
        i, j = j, i
    mat = np.eye(3)
    mat[i, i], mat[i, j], mat[j, i], mat[j, j] = c, -s, s, c
    o = np.asarray(origin, dtype=np.float64)
    p = (m.pos - o) @ mat.T
    if rescale:
        scale = np.ones(3)
        scale[[i, j]] = 1.0 / math.cos(math.radians(abs(degrees)))
        p = p * scale
    return _replace_pos(m, p + o)


def translate(m: Mesh, dx: float = 0.0, dy: float = 0.0, dz: float = 0.0) -> Mesh:
    """Move every quad by a pixel offset."""
    return _replace_pos(m, m.pos + np.array([dx, dy, dz]))


def turns_between(src: str, dst: str) -> int:
    """Quarter turns clockwise from horizontal direction ``src`` to ``dst``."""
    return (HORIZONTAL.index(dst) - HORIZONTAL.index(src)) % 4


def turn(direction: str, turns: int) -> str:
    """The horizontal direction ``turns`` quarter turns clockwise from ``direction``."""
    return HORIZONTAL[(HORIZONTAL.index(direction) + turns) % 4]


def rotate_box_y(b: Sequence[float], turns: int) -> list[float]:
    """A box turned like ``rotate_y`` (boxes stay boxes, so their uvs stay world-aligned)."""
    x0, y0, z0, x1, y1, z1 = b
    for _ in range(turns % 4):
        x0, z0, x1, z1 = 16.0 - z1, x0, 16.0 - z0, x1
    return [x0, y0, z0, x1, y1, z1]


def edge_box(side: str, depth: float, y0: float = 0.0, y1: float = 16.0) -> list[float]:
    """A full-width box ``depth`` pixels deep against one horizontal face of the block."""
    return rotate_box_y([0.0, y0, 0.0, 16.0, y1, depth], turns_between("north", side))


# -- baking ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Baked:
    """Quads in block units with their facing (for tiles), shade and cull face."""

    pos: np.ndarray  # (n,4,3) float32
    uv: np.ndarray  # (n,4,2) float32, tile units, >= 0 (above 1 repeats the tile)
    face: np.ndarray  # (n,) int8 nearest face of the normal
    shade: np.ndarray  # (n,) int8
    cull: np.ndarray  # (n,) int8


def bake(m: Mesh) -> Baked:
    """Block units, degenerate quads dropped, facing/shade/cull derived where AUTO."""
    p = m.pos
    normal = np.cross(p[:, 2] - p[:, 0], p[:, 3] - p[:, 1])
    length = np.linalg.norm(normal, axis=1)
    keep = length > 1e-9
    p, normal, length = p[keep], normal[keep], length[keep]
    axis = np.argmax(np.abs(normal), axis=1)
    positive = normal[np.arange(len(p)), axis] > 0
    face = np.array(_AXIS_FACE, dtype=np.int8)[axis, positive.astype(int)]
    aligned = np.abs(normal[np.arange(len(p)), axis]) >= length * (1 - 1e-9)
    coord = p[np.arange(len(p)), :, axis]  # (n,4)
    boundary = np.where(positive, 16.0, 0.0)[:, None]
    on_edge = aligned & np.all(np.abs(coord - boundary) < 1e-6, axis=1)
    shade = m.shade[keep].copy()
    shade[shade == AUTO] = face[shade == AUTO]
    cull = m.cull[keep].copy()
    auto = cull == AUTO
    cull[auto] = np.where(on_edge, face, -1)[auto]
    # Parts reaching past the block (sign boards, banners) get uvs outside 0..16; shifting a
    # quad by whole tiles keeps them non-negative and looks the same with a repeating tile.
    uv = m.uv[keep] / 16.0
    uv = uv - np.floor(uv.min(axis=1, keepdims=True) + 1e-9)
    return Baked(
        (p / 16.0).astype(np.float32),
        uv.astype(np.float32),
        face,
        shade.astype(np.int8),
        cull.astype(np.int8),
    )


# -- block shapes (vanilla 1.21 model geometry, in pixels) -----------------------------------------

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
        _, _, r, sr, _, _ = _FRAME[f]
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
    sides = set(sides)
    if sides == {"east", "west"}:
        return boxes([[0, 0, 7, 16, 16, 9]])
    if sides == {"north", "south"}:
        return boxes([[7, 0, 0, 9, 16, 16]])
    parts = [[7, 0, 7, 9, 16, 9]]
    parts += [rotate_box_y([7, 0, 0, 9, 16, 7], turns_between("north", s)) for s in sides]
    return boxes(parts)


def ladder(facing: str) -> Mesh:
    """vanilla ladder: one two-sided plane 0.8 px off the wall it hangs on (never culled)."""
    m = box([0, 0, 15.2, 16, 16, 15.2], (NORTH, SOUTH), cull=-1)
    return rotate_y(m, turns_between("north", facing))


_TORCH_UV = {DOWN: (7, 13, 9, 15), UP: (7, 6, 9, 8)}


def torch() -> Mesh:
    """template_torch: a 2x10x2 stick; sides show uv columns 7..9, rows 6..16."""
    return box([7, 0, 7, 9, 10, 9], uv=_TORCH_UV)


def wall_torch(facing: str) -> Mesh:
    """template_torch_wall: the stick tilted 22.5 degrees away from the wall (shaded as up)."""
    sides = {f: (7, 6, 9, 16) for f in (NORTH, SOUTH, WEST, EAST)}
    m = box([-1, 3.5, 7, 1, 13.5, 9], uv={**_TORCH_UV, **sides}, shade=UP)
    m = rotate(m, 2, -22.5, (0, 3.5, 8))
    return rotate_y(m, turns_between("east", facing))


def attach(m: Mesh, face: str, facing: str) -> Mesh:
    """Orient a floor model built facing north like buttons and levers (face=floor|wall|ceiling)."""
    if face == "floor":
        return rotate_y(m, turns_between("north", facing))
    if face == "wall":
        return rotate_y(rotate_x(m, 1), turns_between("north", facing))
    return rotate_y(rotate_x(m, 2), turns_between("south", facing))


def button(face: str, facing: str, pressed: bool) -> Mesh:
    """button / button_pressed: 6x4 px, 2 px deep (1 px pressed)."""
    return attach(box([5, 0, 6, 11, 1 if pressed else 2, 10]), face, facing)


def lever(face: str, facing: str, powered: bool) -> Mesh:
    """lever / lever_on: a 6x3x8 base and a 2x10x2 handle tilted 45 degrees."""
    base = box([5, 0, 4, 11, 3, 12])
    handle = box([7, 1, 7, 9, 11, 9], faces=(UP, NORTH, SOUTH, WEST, EAST))
    handle = rotate(handle, 0, 45 if powered else -45, (8, 1, 8))
    return attach(concat([base, handle]), face, facing)


def cross(y0: float = 0, y1: float = 16, half: float = 7.2) -> Mesh:
    """vanilla ``cross``: two two-sided diagonal planes, 0.8..15.2 px after its 45-degree
    rescaled rotation, with no directional shading."""
    lo, hi = 8 - half, 8 + half
    m = concat([vquad((lo, hi), (hi, lo), y0, y1), vquad((lo, lo), (hi, hi), y0, y1)])
    return two_sided(m)


def crop(y0: float = -1, y1: float = 15) -> Mesh:
    """vanilla ``crop``: four two-sided planes in a # at 4 and 12 px, sunk 1 px into farmland."""
    planes = [box([4, y0, 0, 4, y1, 16], (WEST, EAST)), box([12, y0, 0, 12, y1, 16], (WEST, EAST))]
    planes += [box([0, y0, 4, 16, y1, 4], (NORTH, SOUTH))]
    planes += [box([0, y0, 12, 16, y1, 12], (NORTH, SOUTH))]
    return with_overrides(concat(planes), shade=NO_SHADE)


def flat(y: float, two: bool = True) -> Mesh:
    """A horizontal full-block plane at height ``y`` px (lily pads, frogspawn, redstone dust)."""
    return box([0, y, 0, 16, y, 16], (UP, DOWN) if two else (UP,))


def face_planes(sides: Iterable[str], inset: float) -> Mesh:
    """Two-sided planes ``inset`` px inside the listed block faces (vines, glow lichen)."""
    parts = []
    for side in sides:
        if side == "up":
            parts.append(box([0, 16 - inset, 0, 16, 16 - inset, 16], (UP, DOWN)))
        elif side == "down":
            parts.append(box([0, inset, 0, 16, inset, 16], (UP, DOWN)))
        else:
            plane = box([0, 0, inset, 16, 16, inset], (NORTH, SOUTH))
            parts.append(rotate_y(plane, turns_between("north", side)))
    return with_overrides(concat(parts), shade=NO_SHADE)


def rail(shape: str) -> Mesh:
    """rail_flat 1 px above the floor (texture runs north-south); raised rails slope 45 degrees
    from 1 px to 17 px (template_rail_raised_ne); curves turn the corner texture, which joins the
    south (v = 1) and east (u = 1) edges, like rail_corner."""
    if shape.startswith("ascending_"):
        up = box([0, 9, 0, 16, 9, 16], (UP, DOWN))
        up = rotate(up, 0, 45, (8, 9, 8), rescale=True)
        return rotate_y(up, turns_between("north", shape.removeprefix("ascending_")))
    turns = {"east_west": 1, "south_west": 1, "north_west": 2, "north_east": 3}.get(shape, 0)
    return rotate_y(box([0, 1, 0, 16, 1, 16], (UP, DOWN)), turns)


def cactus() -> Mesh:
    """vanilla cactus: full top and bottom, sides inset 1 px."""
    return concat(
        [
            box([0, 0, 0, 16, 16, 16], (DOWN, UP)),
            box([0, 0, 1, 16, 16, 15], (NORTH, SOUTH)),
            box([1, 0, 0, 15, 16, 16], (WEST, EAST)),
        ]
    )


def chain_links(y0: float, y1: float, width: float = 3.0) -> Mesh:
    """Two crossed two-sided 3-px planes (vanilla chain: rotated 45 degrees, not rescaled)."""
    d = width / 2 * math.sqrt(0.5)
    a = vquad((8 - d, 8 + d), (8 + d, 8 - d), y0, y1, (0, 0, 3, 16))
    b = vquad((8 - d, 8 - d), (8 + d, 8 + d), y0, y1, (3, 0, 6, 16))
    return with_overrides(two_sided(concat([a, b])), shade=UP)


def chain(axis: str) -> Mesh:
    """iron_chain along its axis."""
    m = chain_links(0, 16)
    if axis == "x":
        return rotate_y(rotate_x(m, 1), 1)
    return rotate_x(m, 1) if axis == "z" else m


def lantern(hanging: bool) -> Mesh:
    """template_lantern / template_hanging_lantern: 6x7x6 body, 4x2x4 cap, chain on top."""
    dy = 1 if hanging else 0
    body = boxes([[5, dy, 5, 11, 7 + dy, 11], [6, 7 + dy, 6, 10, 9 + dy, 10]])
    return concat([body, chain_links(9 + dy, 16 if hanging else 11)])


def campfire(facing: str, lit: bool) -> Mesh:
    """template_campfire: four 4x4 logs crossing, a 1-px ember bed, crossed flames when lit."""
    logs = [
        [1, 0, 0, 5, 4, 16],
        [11, 0, 0, 15, 4, 16],
        [0, 3, 11, 16, 7, 15],
        [0, 3, 1, 16, 7, 5],
        [5, 0, 0, 11, 1, 16],
    ]
    parts = [boxes(rotate_box_y(b, turns_between("south", facing)) for b in logs)]
    if lit:
        parts.append(cross(1, 17))
    return concat(parts)


def point(m: Mesh, facing: str) -> Mesh:
    """Turn a model built pointing up to point ``facing`` (amethyst buds, rods)."""
    if facing == "up":
        return m
    if facing == "down":
        return rotate_x(m, 2)
    return rotate_y(rotate_x(m, 1), turns_between("north", facing))


def flower_pot(plant: str | None) -> Mesh:
    """flower_pot: a hollow 6x6x6 pot with soil at 4 px; a potted plant as a smaller cross
    (flower_pot_cross: 2.6..13.4 px, from 4 px up)."""
    pot = boxes(
        [
            [5, 0, 5, 6, 6, 11],
            [10, 0, 5, 11, 6, 11],
            [6, 0, 5, 10, 6, 6],
            [6, 0, 10, 10, 6, 11],
            [6, 0, 6, 10, 4, 10],
        ]
    )
    if plant is None:
        return pot
    if plant == "cactus":
        return concat([pot, boxes([[6, 4, 6, 10, 16, 10]])])
    return concat([pot, cross(4, 16, 5.4)])


def chest(facing: str, kind: str) -> Mesh:
    """Chest body 14x14x14 (reaching the partner's side when double) and its 2x4x1 latch."""
    body = [1.0, 0.0, 1.0, 15.0, 14.0, 15.0]
    latch = [7.0, 7.0, 0.0, 9.0, 11.0, 1.0]
    if kind == "left":  # partner clockwise of facing: the seam is at x = 16 in the north frame
        body[3], latch[0], latch[3] = 16.0, 15.0, 16.0
    elif kind == "right":
        body[0], latch[0], latch[3] = 0.0, 0.0, 1.0
    t = turns_between("north", facing)
    return boxes([rotate_box_y(body, t), rotate_box_y(latch, t)])
