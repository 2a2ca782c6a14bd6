"""Quad meshes in model pixels (0..16 across a block): boxes, planes, their rotations and baking.

Vanilla block models are lists of boxes ("elements") whose faces get default texture coordinates
from their extent, then rotated by the block state. This module does the same with numpy: a
``Mesh`` holds quads whose corners run top-left, bottom-left, bottom-right, top-right as seen from
the side the quad faces (counter-clockwise), with per-corner uv in pixels (v down). ``bake``
turns a mesh into block units and derives each quad's facing, shading and cull face. The block
shapes built from these live in ``shapes``, ``plantshapes``, ``fixtureshapes`` and
``entityshapes``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

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
FRAME = (
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
    for f, (n, sn, r, sr, u, su) in enumerate(FRAME):
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
    # (n,) object: a tile name drawn instead of the state's tile for the quad's face ("" = none),
    # for models made of several materials (a repeater's torches, a bed's legs); None = all ""
    tex: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.pos)

    def textures(self) -> np.ndarray:
        """The per-quad tile names, "" where the face's tile applies."""
        return self.tex if self.tex is not None else np.full(len(self), "", object)


EMPTY = Mesh(np.zeros((0, 4, 3)), np.zeros((0, 4, 2)), np.zeros(0, np.int8), np.zeros(0, np.int8))
_GEOMETRY = ("pos", "uv", "shade", "cull")


def concat(meshes: Iterable[Mesh]) -> Mesh:
    """All quads of several meshes in one."""
    parts = [m for m in meshes if len(m)]
    if not parts:
        return EMPTY
    tex = None
    if any(m.tex is not None for m in parts):
        tex = np.concatenate([m.textures() for m in parts])
    return Mesh(*(np.concatenate([getattr(m, k) for m in parts]) for k in _GEOMETRY), tex=tex)


def textured(m: Mesh, tile: str) -> Mesh:
    """The mesh with every quad showing tile ``tile`` whatever its face."""
    return replace(m, tex=np.full(len(m), tile, object))


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
        _, _, r, sr, u, su = FRAME[f]
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
    n, sn = FRAME[f][0], FRAME[f][1]
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
    return replace(m, pos=m.pos[:, order])


def two_sided(m: Mesh) -> Mesh:
    """The quads and their backs (surfaces seen from both sides)."""
    return concat([m, back_faces(m)])


def with_overrides(m: Mesh, shade: int | None = None, cull: int | None = None) -> Mesh:
    """The mesh with every quad's shade and/or cull set."""
    return replace(
        m,
        shade=m.shade if shade is None else _filled(len(m), shade),
        cull=m.cull if cull is None else _filled(len(m), cull),
    )


# -- transforms ----------------------------------------------------------------------------------


def _replace_pos(m: Mesh, pos: np.ndarray) -> Mesh:
    return replace(m, pos=pos)


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
    tex: np.ndarray  # (n,) object: tile name overriding the face's tile, or ""


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
        m.textures()[keep],
    )
