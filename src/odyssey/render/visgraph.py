"""Section visibility, vanilla's cave culling (VisGraph and the section occlusion graph).

Per 16 x 16 x 16 section, ``section_graph`` flood-fills the cells that are not opaque full cubes
(6-connected) and records which pairs of the section's six faces one open region touches: light
of sight can only pass through the section between such faces. Per frame, ``walk`` goes breadth
first over the sections from the camera's: out of the start through every face, out of any other
section through face G only when its graph links G with a face it was entered by, and never back
towards the start on an axis (a straight line of sight moves one way on each axis). Sections
never reached cannot be seen, so their quads need not be drawn: the picture does not change.

Faces are numbered as the mesher's: down, up, north (-z), south (+z), west (-x), east (+x);
face ``f ^ 1`` is the opposite of ``f``. A graph is an int64 whose bit ``6 f + g`` says faces f
and g are linked.
"""

from __future__ import annotations

from collections.abc import Callable

import numba as nb
import numpy as np

SIDE = 16
ALL_LINKED = (1 << 36) - 1  # an empty (or missing) section links every pair of faces
# Fewer opaque cells than this cannot wall off any face from another (a wall across a section
# needs 256), so the section links everything, as vanilla's VisGraph decides
FEW_OPAQUE = 256
STEPS = np.array(
    [[0, -1, 0], [0, 1, 0], [0, 0, -1], [0, 0, 1], [-1, 0, 0], [1, 0, 0]], dtype=np.int64
)  # (x, y, z) step out of each face


@nb.njit(cache=True)
def _links(faces: int) -> int:
    """The graph bits linking every pair of the faces in bit set ``faces``."""
    bits = 0
    for f in range(6):
        if faces >> f & 1:
            for g in range(6):
                if faces >> g & 1:
                    bits |= 1 << (f * 6 + g)
    return bits


@nb.njit(cache=True)
def section_graph(opaque: np.ndarray) -> int:
    """The face links of one section; ``opaque`` (16, 16, 16) bool indexed [y, z, x]."""
    if opaque.sum() < FEW_OPAQUE:
        return ALL_LINKED
    seen = opaque.copy().ravel()
    stack = np.empty(SIDE**3, np.int64)
    graph = 0
    for first in range(SIDE**3):
        if seen[first]:
            continue
        seen[first] = True
        stack[0] = first
        top = 1
        faces = 0
        while top > 0:
            top -= 1
            c = stack[top]
            y, z, x = c >> 8, (c >> 4) & 15, c & 15
            if y == 0:
                faces |= 1
            elif y == SIDE - 1:
                faces |= 2
            if z == 0:
                faces |= 4
            elif z == SIDE - 1:
                faces |= 8
            if x == 0:
                faces |= 16
            elif x == SIDE - 1:
                faces |= 32
            for d in range(6):
                nx, ny, nz = x + STEPS[d, 0], y + STEPS[d, 1], z + STEPS[d, 2]
                if 0 <= nx < SIDE and 0 <= ny < SIDE and 0 <= nz < SIDE:
                    n = ny << 8 | nz << 4 | nx
                    if not seen[n]:
                        seen[n] = True
                        stack[top] = n
                        top += 1
        graph |= _links(faces)
        if graph == ALL_LINKED:
            break
    return graph


@nb.njit(cache=True)
def column_graphs(blocks: np.ndarray, occludes: np.ndarray, sections: int) -> np.ndarray:
    """The graph of each of a column's ``sections`` sections; ``blocks`` as the mesher takes
    them: (16 sections + 2, 18, 18) states with a one-block border all round."""
    out = np.empty(sections, np.int64)
    opaque = np.empty((SIDE, SIDE, SIDE), np.bool_)
    for s in range(sections):
        for y in range(SIDE):
            for z in range(SIDE):
                for x in range(SIDE):
                    opaque[y, z, x] = occludes[blocks[1 + s * SIDE + y, 1 + z, 1 + x]]
        out[s] = section_graph(opaque)
    return out


@nb.njit(cache=True)
def walk(graphs: np.ndarray, allowed: np.ndarray, sx: int, sy: int, sz: int) -> np.ndarray:
    """Which sections of the grid ``graphs`` (x, y, z) a breadth-first walk from (sx, sy, sz)
    reaches; ``allowed`` (x, z) marks the columns it may enter."""
    nx_, ny_, nz_ = graphs.shape
    reached = np.zeros((nx_, ny_, nz_), np.bool_)
    entries = np.zeros((nx_, ny_, nz_), np.int64)  # faces each section was entered by
    queue = np.empty((nx_ * ny_ * nz_, 3), np.int64)
    reached[sx, sy, sz] = True
    queue[0] = (sx, sy, sz)
    head, tail = 0, 1
    # FIFO = by distance: every path is monotone, so a section is a fixed number of steps away
    # and gets all its entry faces before it is taken from the queue
    while head < tail:
        x, y, z = queue[head, 0], queue[head, 1], queue[head, 2]
        head += 1
        start = x == sx and y == sy and z == sz
        graph, entered = graphs[x, y, z], entries[x, y, z]
        for d in range(6):
            dx, dy, dz = STEPS[d, 0], STEPS[d, 1], STEPS[d, 2]
            if (x - sx) * dx < 0 or (y - sy) * dy < 0 or (z - sz) * dz < 0:
                continue  # back towards the start
            if not start:
                linked = False
                for f in range(6):
                    if entered >> f & 1 and graph >> (f * 6 + d) & 1:
                        linked = True
                if not linked:
                    continue
            ax, ay, az = x + dx, y + dy, z + dz
            if not (0 <= ax < nx_ and 0 <= ay < ny_ and 0 <= az < nz_) or not allowed[ax, az]:
                continue
            if not reached[ax, ay, az]:
                reached[ax, ay, az] = True
                queue[tail] = (ax, ay, az)
                tail += 1
            entries[ax, ay, az] |= 1 << (d ^ 1)
    return reached


def graph_grid(
    graphs: dict[tuple[int, int], np.ndarray], centre: tuple[int, int], radius: int, sections: int
) -> np.ndarray:
    """The graphs of the sections around column ``centre`` as a (2r + 1, sections + 2, 2r + 1)
    grid: one open layer below and above the world, open sections where ``graphs`` has none."""
    side = 2 * radius + 1
    grid = np.full((side, sections + 2, side), ALL_LINKED, np.int64)
    for (cx, cz), column in graphs.items():
        i, k = cx - centre[0] + radius, cz - centre[1] + radius
        if 0 <= i < side and 0 <= k < side:
            grid[i, 1:-1, k] = column
    return grid


def disc_mask(radius: int) -> np.ndarray:
    """(2r + 1, 2r + 1) bool: the columns within ``radius`` chunks (as renderer._disc)."""
    d = np.arange(-radius, radius + 1)
    return d[:, None] ** 2 + d[None, :] ** 2 <= radius * radius


def seen_sections(
    grid: np.ndarray,
    radius: int,
    eye_section: int,
    keys: list[tuple[int, int]],
    centre: tuple[int, int],
) -> np.ndarray:
    """Per column of ``keys`` (n, sections) bool: which of its sections the walk from the
    eye's section (world section index, may lie outside the world) reaches."""
    sections = grid.shape[1] - 2
    sy = min(max(eye_section + 1, 0), sections + 1)  # above or below the world: its open edge
    reached = walk(grid, disc_mask(radius), radius, sy, radius)
    out = np.zeros((len(keys), sections), bool)
    for n, (cx, cz) in enumerate(keys):
        i, k = cx - centre[0] + radius, cz - centre[1] + radius
        if 0 <= i < grid.shape[0] and 0 <= k < grid.shape[2]:
            out[n] = reached[i, 1:-1, k]
    return out


Column = tuple[int, int]


class SectionWalk:
    """The sections seen from the eye, per column drawn: kept while the eye stays in its
    section and the columns (their meshes) do not change, the graph grid while the columns
    do not."""

    def __init__(self) -> None:
        self._grid: tuple[object, np.ndarray] | None = None
        self._seen: tuple[object, np.ndarray] | None = None

    def seen(
        self,
        ident: tuple,  # the columns' identity: ((eye's column x, z, radius), mesh epoch)
        keys: list[Column],
        graphs: Callable[[], dict[Column, np.ndarray]],  # each column's section graphs
        eye_section: int,  # world section index of the eye's block (may be outside the world)
        sections: int,
    ) -> np.ndarray:
        """(len(keys), sections) bool: the sections the walk from the eye's reaches."""
        if self._seen is None or self._seen[0] != (eye_section, ident):
            (ccx, ccz, radius) = ident[0]
            if self._grid is None or self._grid[0] != ident:
                self._grid = (ident, graph_grid(graphs(), (ccx, ccz), radius, sections))
            reached = seen_sections(self._grid[1], radius, eye_section, keys, (ccx, ccz))
            self._seen = ((eye_section, ident), reached)
        return self._seen[1]
