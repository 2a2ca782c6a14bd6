"""Chunk meshing: the visible faces of one chunk column as compact vertex arrays.

Full cubes go through a greedy mesher: per section, direction and slice, equal faces (same
tile, light and layer) merge into rectangles, so a flat street or a plain wall costs a handful of
quads. Everything else is drawn from its block model's quads. A face is dropped when the
neighbour it touches is an opaque full cube, or shares its cull group (water next to water,
glass next to glass). A fluid's surface corners are LiquidBlockRenderer's: the average of the
four cells round each corner (near-full ones weighing ten times, solid ones left out), the
whole block when the same fluid lies above.

Vertex layout (8 × uint16 = 16 bytes): x, y, z in 1/32 block relative to the column's corner at
the world's minimum y, plus POS_BIAS blocks (see ``pack_positions``); u, v in texture pixels
(1/16 tile, repeating); tile; light | shade << 8 (light = sky << 4 | block of the cell the face
looks into); tint as RGB565 (0xFFFF = none).
Quads have 4 vertices, counter-clockwise seen from the front. Each layer's quads are sorted by
facing group, then by section (``ChunkMesh.cells``), and each section's visibility graph
(``visgraph``) comes with the mesh, so the renderer can skip what the eye cannot see.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numba as nb
import numpy as np

from odyssey.render.light import REACH, compute_light
from odyssey.render.visgraph import ALL_LINKED, column_graphs
from odyssey.world.storage import World

POS_UNITS = 32  # vertex positions are in 1/32 block
POS_BIAS = 2  # blocks added to stored positions: model parts reach up to 2 blocks out of their cell
UV_UNITS = 16  # texture coordinates are in 1/16 tile (texture pixels)
NO_TINT = 0xFFFF
VERTEX_FIELDS = 8
LAYERS = 3  # opaque, cutout, translucent
FACING_GROUPS = 7  # quads facing down, up, north, south, west, east, and any other way

# Per face (down, up, north, south, west, east): normal, texture U and V axes in block space.
FACE_NORMAL = np.array(
    [[0, -1, 0], [0, 1, 0], [0, 0, -1], [0, 0, 1], [-1, 0, 0], [1, 0, 0]], dtype=np.int64
)
FACE_U = np.array(
    [[1, 0, 0], [1, 0, 0], [-1, 0, 0], [1, 0, 0], [0, 0, 1], [0, 0, -1]], dtype=np.int64
)
FACE_V = np.array(
    [[0, 0, -1], [0, 0, 1], [0, -1, 0], [0, -1, 0], [0, -1, 0], [0, -1, 0]], dtype=np.int64
)


def pack_positions(blocks: np.ndarray) -> np.ndarray:
    """Stored vertex positions (uint16) of positions in blocks relative to a corner."""
    return np.round((np.asarray(blocks) + POS_BIAS) * POS_UNITS).astype(np.uint16)


@dataclass(frozen=True)
class MeshTables:
    """Per-state facts the mesher reads (from the atlas and the block models)."""

    cube: np.ndarray  # (states,) bool
    occludes: np.ndarray  # (states,) bool
    cull_group: np.ndarray  # (states,) int16
    face_tiles: np.ndarray  # (states, 6) int32
    layer: np.ndarray  # (states,) uint8
    start: np.ndarray  # (states,) int32
    count: np.ndarray  # (states,) int32
    q_pos: np.ndarray  # (Q, 4, 3) float32
    q_uv: np.ndarray  # (Q, 4, 2) float32
    q_tile: np.ndarray  # (Q,) int32
    q_cull: np.ndarray  # (Q,) int8
    q_shade: np.ndarray  # (Q,) int8
    q_layer: np.ndarray  # (Q,) uint8
    fluid: np.ndarray  # (states,) int8: 1 water (also waterlogged blocks), 2 lava, else 0
    fluid_state: np.ndarray  # (states,) int32: the fluid state drawn inside it (water source for
    # waterlogged blocks, itself for fluids), else 0
    q_tint: np.ndarray  # (Q,) uint16 RGB565 tint (redstone dust by power), 0xFFFF = none
    fluid_height: np.ndarray  # (states,) float32: a fluid's own height (amount / 9), else -1
    solid: np.ndarray  # (states,) bool: vanilla's isSolid (fluid corners ignore these)

    @property
    def quad_bound(self) -> np.ndarray:
        """Most quads one block of each state can produce."""
        return np.where(self.cube, 6, self.count).astype(np.int64)


@nb.njit(cache=True, inline="always")
def _hidden(b: int, n: int, occludes: np.ndarray, group: np.ndarray) -> bool:
    return occludes[n] or (group[b] != 0 and group[b] == group[n])


@nb.njit(cache=True)
def _fluid_level(blocks, y, z, x, kind, fluid, fluid_height, solid) -> float:
    """LiquidBlockRenderer.getHeight: 1 under the same fluid, its own height, 0 for an open
    cell and -1 for a solid one (left out of the average)."""
    n = blocks[y, z, x]
    if fluid[n] == kind:
        return 1.0 if fluid[blocks[y + 1, z, x]] == kind else fluid_height[n]
    return -1.0 if solid[n] else 0.0


@nb.njit(cache=True, inline="always")
def _weigh(acc, h) -> None:
    if h >= 0.8:  # near-full cells (sources) count ten times, as in vanilla
        acc[0] += h * 10.0
        acc[1] += 10.0
    elif h >= 0.0:
        acc[0] += h
        acc[1] += 1.0


@nb.njit(cache=True)
def _fluid_corner(blocks, y, z, x, dx, dz, kind, own, fluid, fluid_height, solid) -> float:
    """LiquidBlockRenderer.calculateAverageHeight of the corner towards (dx, dz)."""
    ha = _fluid_level(blocks, y, z, x + dx, kind, fluid, fluid_height, solid)
    hb = _fluid_level(blocks, y, z + dz, x, kind, fluid, fluid_height, solid)
    if ha >= 1.0 or hb >= 1.0:
        return 1.0
    acc = np.zeros(2)
    if ha > 0.0 or hb > 0.0:
        hd = _fluid_level(blocks, y, z + dz, x + dx, kind, fluid, fluid_height, solid)
        if hd >= 1.0:
            return 1.0
        _weigh(acc, hd)
    _weigh(acc, own)
    _weigh(acc, hb)
    _weigh(acc, ha)
    return acc[0] / acc[1] if acc[1] > 0 else own


@nb.njit(cache=True)
def _emit(out, k, corners, uvs, tile, light, shade, tint):
    for c in range(4):
        out[k, 0] = corners[c, 0] + POS_BIAS * POS_UNITS
        out[k, 1] = corners[c, 1] + POS_BIAS * POS_UNITS
        out[k, 2] = corners[c, 2] + POS_BIAS * POS_UNITS
        out[k, 3] = uvs[c, 0]
        out[k, 4] = uvs[c, 1]
        out[k, 5] = tile
        out[k, 6] = light | (shade << 8)
        out[k, 7] = tint
        k += 1
    return k


@nb.njit(cache=True)
def _mesh(
    blocks,  # (ny + 2, 18, 18) states: the column with a one-block border
    light,  # same shape, sky << 4 | block
    y_base,  # world y of blocks[1] minus the world's minimum y
    cube,
    occludes,
    group,
    face_tiles,
    layer,
    start,
    count,
    q_pos,
    q_uv,
    q_tile,
    q_cull,
    q_shade,
    q_layer,
    fluid,
    fluid_state,
    q_tint,
    fluid_height,
    solid,
    normal,
    u_axis,
    v_axis,
    out,  # (LAYERS, capacity, 8) uint16
    marks,  # (LAYERS, sections + 1) int64: vertices emitted before each section (and in all)
):
    ny = blocks.shape[0] - 2
    counts = np.zeros(LAYERS, np.int64)
    corners = np.empty((4, 3), np.int64)
    uvs = np.empty((4, 2), np.int64)
    key = np.full((16, 16), -1, np.int64)
    corner_h = np.empty(4)  # a fluid's surface height at its corners (-x-z, +x-z, -x+z, +x+z)
    done = np.zeros((16, 16), np.bool_)
    for sy0 in range(0, ny, 16):
        sh = min(16, ny - sy0)
        marks[:, sy0 // 16] = counts
        # -- model quads --
        for ly in range(sh):
            y = sy0 + ly + 1
            for z in range(1, 17):
                for x in range(1, 17):
                    b = blocks[y, z, x]
                    if b == 0 or cube[b]:
                        continue
                    # the block's own quads, then the water it is logged in (if any)
                    for part in range(2):
                        st = np.int64(b) if part == 0 else np.int64(fluid_state[b])
                        if part == 1 and (st == 0 or st == b):
                            continue
                        # a fluid under the same fluid fills its block to the top; otherwise
                        # its surface corners are averaged with the neighbours' (vanilla)
                        kind = fluid[st] if fluid_height[st] >= 0.0 else 0  # a fluid state itself
                        fill = kind != 0 and fluid[blocks[y + 1, z, x]] == kind
                        if kind != 0 and not fill:
                            own = fluid_height[st]
                            for ci in range(4):
                                corner_h[ci] = _fluid_corner(
                                    blocks, y, z, x, 2 * (ci & 1) - 1, 2 * (ci >> 1) - 1,
                                    kind, own, fluid, fluid_height, solid,
                                )  # fmt: skip
                        for q in range(start[st], start[st] + count[st]):
                            cf = q_cull[q]
                            lt = light[y, z, x]
                            if cf >= 0:
                                n = blocks[y + normal[cf, 1], z + normal[cf, 2], x + normal[cf, 0]]
                                if kind != 0:
                                    if occludes[n] or fluid[n] == kind:
                                        continue
                                elif _hidden(st, n, occludes, group):
                                    continue
                                lt = max(
                                    lt,
                                    light[y + normal[cf, 1], z + normal[cf, 2], x + normal[cf, 0]],
                                )
                            lay = q_layer[q]
                            for c in range(4):
                                py = q_pos[q, c, 1]
                                if fill and py > 0.0:
                                    py = 1.0
                                elif kind != 0 and py > 0.0:
                                    ci = (1 if q_pos[q, c, 0] > 0.5 else 0) + (
                                        2 if q_pos[q, c, 2] > 0.5 else 0
                                    )
                                    py = corner_h[ci]
                                corners[c, 0] = np.int64(
                                    round((x - 1 + q_pos[q, c, 0]) * POS_UNITS)
                                )
                                corners[c, 1] = np.int64(round((y_base + y - 1 + py) * POS_UNITS))
                                corners[c, 2] = np.int64(
                                    round((z - 1 + q_pos[q, c, 2]) * POS_UNITS)
                                )
                                uvs[c, 0] = np.int64(round(q_uv[q, c, 0] * UV_UNITS)) + 16384
                                uvs[c, 1] = np.int64(round(q_uv[q, c, 1] * UV_UNITS)) + 16384
                            counts[lay] = _emit(
                                out[lay],
                                counts[lay],
                                corners,
                                uvs,
                                q_tile[q],
                                lt,
                                q_shade[q],
                                q_tint[q],
                            )
        # -- greedy cube faces, per direction and slice --
        for f in range(6):
            nx_, ny_, nz_ = normal[f, 0], normal[f, 1], normal[f, 2]
            # slice axis = the normal's axis; (a, b) = the two other axes as (y|z, x|z) indices
            for s in range(16 if f >= 2 else sh):
                for a in range(16):
                    for c in range(16):
                        key[a, c] = -1
                        done[a, c] = False
                        if f <= 1:  # slice along y: a = z, c = x
                            y, z, x = sy0 + s + 1, a + 1, c + 1
                        elif f <= 3:  # slice along z: a = y, c = x
                            if a >= sh:
                                continue
                            y, z, x = sy0 + a + 1, s + 1, c + 1
                        else:  # slice along x: a = y, c = z
                            if a >= sh:
                                continue
                            y, z, x = sy0 + a + 1, c + 1, s + 1
                        b = blocks[y, z, x]
                        if b == 0 or not cube[b]:
                            continue
                        n = blocks[y + ny_, z + nz_, x + nx_]
                        if _hidden(b, n, occludes, group):
                            continue
                        lt = light[y + ny_, z + nz_, x + nx_]
                        key[a, c] = (
                            np.int64(face_tiles[b, f])
                            | (np.int64(lt) << 32)
                            | (np.int64(layer[b]) << 40)
                        )
                for a in range(16):
                    for c in range(16):
                        k = key[a, c]
                        if k < 0 or done[a, c]:
                            continue
                        w = 1
                        while c + w < 16 and key[a, c + w] == k and not done[a, c + w]:
                            w += 1
                        h = 1
                        grow = True
                        while grow and a + h < 16:
                            for cc in range(c, c + w):
                                if key[a + h, cc] != k or done[a + h, cc]:
                                    grow = False
                                    break
                            if grow:
                                h += 1
                        for aa in range(a, a + h):
                            for cc in range(c, c + w):
                                done[aa, cc] = True
                        tile = k & 0xFFFFFFFF
                        lt = (k >> 32) & 0xFF
                        lay = (k >> 40) & 0xFF
                        # rectangle in block space: lower corner (x0, y0, z0), sizes along axes
                        if f <= 1:
                            lo = (c, sy0 + s, a)
                            ext = (w, 0, h)
                        elif f <= 3:
                            lo = (c, sy0 + a, s)
                            ext = (w, h, 0)
                        else:
                            lo = (s, sy0 + a, c)
                            ext = (0, h, w)
                        off = (max(nx_, 0), max(ny_, 0), max(nz_, 0))
                        for ci in range(4):
                            # corners (0,0), (1,0), (1,1), (0,1) over the two in-plane axes
                            i1 = 1 if (ci == 1 or ci == 2) else 0
                            i2 = 1 if (ci == 2 or ci == 3) else 0
                            if f <= 1:
                                px, py, pz = lo[0] + i1 * ext[0], lo[1], lo[2] + i2 * ext[2]
                            elif f <= 3:
                                px, py, pz = lo[0] + i1 * ext[0], lo[1] + i2 * ext[1], lo[2]
                            else:
                                px, py, pz = lo[0], lo[1] + i2 * ext[1], lo[2] + i1 * ext[2]
                            px += off[0]
                            py += off[1]
                            pz += off[2]
                            corners[ci, 0] = px * POS_UNITS
                            corners[ci, 1] = (y_base + py) * POS_UNITS
                            corners[ci, 2] = pz * POS_UNITS
                            uvs[ci, 0] = (
                                px * u_axis[f, 0] + py * u_axis[f, 1] + pz * u_axis[f, 2] + 1024
                            ) * UV_UNITS
                            uvs[ci, 1] = (
                                px * v_axis[f, 0] + py * v_axis[f, 1] + pz * v_axis[f, 2] + 1024
                            ) * UV_UNITS
                        # wind counter-clockwise seen from outside
                        if _clockwise(corners, normal, f):
                            for t in range(3):
                                tmp = corners[1, t]
                                corners[1, t] = corners[3, t]
                                corners[3, t] = tmp
                            for t in range(2):
                                tmp = uvs[1, t]
                                uvs[1, t] = uvs[3, t]
                                uvs[3, t] = tmp
                        counts[lay] = _emit(
                            out[lay], counts[lay], corners, uvs, tile, lt, f, 0xFFFF
                        )
    marks[:, -1] = counts
    return counts


@nb.njit(cache=True, inline="always")
def _clockwise(corners, normal, f) -> bool:
    ax = corners[1, 0] - corners[0, 0]
    ay = corners[1, 1] - corners[0, 1]
    az = corners[1, 2] - corners[0, 2]
    bx = corners[2, 0] - corners[0, 0]
    by = corners[2, 1] - corners[0, 1]
    bz = corners[2, 2] - corners[0, 2]
    cx = ay * bz - az * by
    cy = az * bx - ax * bz
    cz = ax * by - ay * bx
    return cx * normal[f, 0] + cy * normal[f, 1] + cz * normal[f, 2] < 0


@dataclass(frozen=True)
class ChunkMesh:
    """The vertices of one chunk column per layer (opaque, cutout, translucent), grouped by
    facing, and the world y span of each group (for frustum and occlusion culling)."""

    cx: int
    cz: int
    layers: tuple[np.ndarray, ...]  # (vertices, 8) uint16 each, quads grouped by facing
    groups: tuple[np.ndarray, ...]  # per layer: vertex offsets of the FACING_GROUPS groups (+1)
    y_min: int  # the lowest block of the column's lowest section
    group_y: np.ndarray  # (FACING_GROUPS, 2): world y span of each facing group's vertices
    # per layer: vertex offsets of each (facing group, world section) cell, groups outermost
    # (FACING_GROUPS * world sections + 1): quads are sorted by section within a group
    cells: tuple[np.ndarray, ...]
    graphs: np.ndarray  # (world sections,) int64: each section's visgraph (ALL_LINKED if empty)

    @property
    def quad_count(self) -> int:
        return sum(len(v) for v in self.layers) // 4


def section_span(sections: Iterable[int]) -> tuple[int, int] | None:
    """Lowest and highest section y of a chunk, or None for an empty one."""
    keys = list(sections)
    return (min(keys), max(keys)) if keys else None


def mesh_chunk(
    world: World, cx: int, cz: int, tables: MeshTables, emit: np.ndarray, filt: np.ndarray
) -> tuple[ChunkMesh, np.ndarray] | None:
    """Mesh chunk column (cx, cz) with light from a window reaching 15 blocks around it; None
    when the chunk is missing or holds only air. Also returns the light of the column and its
    one-block border, indexed [y - y_min + 1][z - 16 cz + 1][x - 16 cx + 1]."""
    chunk = world.chunk(cx, cz)
    span = None if chunk is None else section_span(chunk.sections)
    if span is None:
        return None
    y_lo, y_hi = span[0] * 16, span[1] * 16 + 16  # the column's blocks: y_lo <= y < y_hi
    top = y_hi
    for dx in (-1, 0, 1):
        for dz in (-1, 0, 1):
            other = world.chunk(cx + dx, cz + dz) if dx or dz else None
            other_span = None if other is None else section_span(other.sections)
            if other_span is not None:
                top = max(top, other_span[1] * 16 + 16)
    x0, z0 = cx * 16, cz * 16
    y0, y1 = y_lo - 1, top + 1
    window = world.get_box(
        (x0 - REACH, y0, z0 - REACH), (x0 + 16 + REACH + 1, y1, z0 + 16 + REACH + 1)
    )
    light = compute_light(window, emit, filt)
    rows = y_hi + 1 - y0  # the column plus one row below and above
    core = (slice(0, rows), slice(REACH - 1, REACH + 17), slice(REACH - 1, REACH + 17))
    blocks = np.ascontiguousarray(window[core])
    core_light = np.ascontiguousarray(light[core])
    bound = int(tables.quad_bound[blocks[1:-1, 1:-1, 1:-1]].sum())
    out = np.empty((LAYERS, max(bound, 1) * 4, VERTEX_FIELDS), np.uint16)
    own = (y_hi - y_lo) // 16
    marks = np.zeros((LAYERS, own + 1), np.int64)
    counts = _mesh(
        blocks.astype(np.int32),
        core_light,
        y_lo - world.dimension.min_y,
        tables.cube,
        tables.occludes,
        tables.cull_group,
        tables.face_tiles,
        tables.layer,
        tables.start,
        tables.count,
        tables.q_pos,
        tables.q_uv,
        tables.q_tile,
        tables.q_cull,
        tables.q_shade,
        tables.q_layer,
        tables.fluid,
        tables.fluid_state,
        tables.q_tint,
        tables.fluid_height,
        tables.solid,
        FACE_NORMAL,
        FACE_U,
        FACE_V,
        out,
        marks,
    )
    dim = world.dimension
    sections = dim.height // 16
    first = (y_lo - dim.min_y) // 16  # world section index of the column's lowest section
    grouped = [
        group_by_cell(out[i, : counts[i]], first + _quad_sections(marks[i]), sections)
        for i in range(LAYERS)
    ]
    layers = tuple(g[0] for g in grouped)
    cells = tuple(g[1] for g in grouped)
    groups = tuple(c[::sections] for c in cells)
    group_y = facing_spans(layers, groups, dim.min_y)
    graphs = np.full(sections, ALL_LINKED, np.int64)
    graphs[first : first + own] = column_graphs(blocks, tables.occludes, own)
    return ChunkMesh(cx, cz, layers, groups, y_lo, group_y, cells, graphs), core_light


def _quad_sections(marks: np.ndarray) -> np.ndarray:
    """The section (counted from the column's lowest) of each quad, from the vertex counts
    before each section."""
    return np.repeat(np.arange(len(marks) - 1), np.diff(marks) // 4)


def facing_spans(
    layers: tuple[np.ndarray, ...], groups: tuple[np.ndarray, ...], min_y: int
) -> np.ndarray:
    """World y span (lo, hi) of each facing group over all layers; (inf, -inf) when empty."""
    spans = np.tile(np.array([np.inf, -np.inf]), (FACING_GROUPS, 1))
    for vertices, starts in zip(layers, groups, strict=True):
        for g in range(FACING_GROUPS):
            ys = vertices[starts[g] : starts[g + 1], 1]
            if len(ys):
                spans[g, 0] = min(spans[g, 0], ys.min() / POS_UNITS - POS_BIAS + min_y)
                spans[g, 1] = max(spans[g, 1], ys.max() / POS_UNITS - POS_BIAS + min_y)
    return spans


def group_by_cell(
    vertices: np.ndarray, sections: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray]:
    """Reorder quads by the face they look along (down, up, north, south, west, east, other),
    so a column can skip whole groups that face away from the eye, and within a group by
    section (quad i lies in world section ``sections[i]`` of ``count``), so it can skip the
    sections nobody can see; returns the vertices and the vertex offset where each (group,
    section) cell starts (FACING_GROUPS * count + 1 entries)."""
    quads = vertices.reshape(-1, 4, VERTEX_FIELDS)
    cell = (quads[:, 0, 6] >> 8).astype(np.int64) * count + sections
    order = np.argsort(cell, kind="stable")
    starts = np.searchsorted(cell[order], np.arange(FACING_GROUPS * count + 1)) * 4
    return np.ascontiguousarray(quads[order].reshape(-1, VERTEX_FIELDS)), starts.astype(np.int64)
