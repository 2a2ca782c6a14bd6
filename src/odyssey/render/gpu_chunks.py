"""Chunk meshes on the GPU: one vertex buffer per layer holding every loaded column, drawn with a
single multi-draw-indirect call per layer.

Each column's vertices live in a slot of its layer's buffer (reused when a new mesh fits, else
appended; the buffer is compacted or grown when it fills). Vertex positions are relative to the
column's corner; each draw command's base instance picks that column's offset from the eye,
computed in float64 every frame, so precision does not depend on where in the world we are.
A column's quads are drawn as a few vertex ranges: the facing groups that can face the eye and,
within them, the sections that can be seen (a layer stored with per-section offsets).
"""

from __future__ import annotations

from dataclasses import dataclass

import moderngl
import numpy as np

from odyssey.render.mesher import FACING_GROUPS, LAYERS, VERTEX_FIELDS

VERTEX_BYTES = VERTEX_FIELDS * 2
VERTEX_FORMAT = "4u2 4u2"
VERTEX_ATTRS = ("in_a", "in_b")
INITIAL_VERTICES = 1 << 18


def quad_indices(quads: int) -> np.ndarray:
    """Two triangles (0 1 2, 2 3 0) per quad of four vertices."""
    base = np.arange(quads, dtype=np.uint32)[:, None] * 4
    return (base + np.array([0, 1, 2, 2, 3, 0], np.uint32)).ravel()


@dataclass
class Slot:
    first: int  # first vertex
    count: int  # vertices in use
    capacity: int
    # vertex offsets within the slot of the facing groups (mesher.FACING_GROUPS + 1), or of
    # each (facing group, section) cell (FACING_GROUPS * sections + 1, see ChunkMesh.cells)
    groups: np.ndarray


class LayerBuffer:
    """One layer's vertex buffer with a slot per column."""

    def __init__(self, ctx: moderngl.Context) -> None:
        self.ctx = ctx
        self.capacity = INITIAL_VERTICES
        self.buffer = ctx.buffer(reserve=self.capacity * VERTEX_BYTES)
        self.slots: dict[tuple[int, int], Slot] = {}
        self.data: dict[tuple[int, int], np.ndarray] = {}
        self.groups: dict[tuple[int, int], np.ndarray] = {}
        self.end = 0
        self.generation = 0  # bumped when the buffer object is replaced
        self._table: tuple[dict[tuple[int, int], int], np.ndarray] | None = None

    def table(self) -> tuple[dict[tuple[int, int], int], np.ndarray]:
        """Row of each column's slot, and per row the absolute vertex offsets of its facing
        groups or (group, section) cells (first vertex of each, then the end): rebuilt after
        slots change."""
        if self._table is None:
            rows = {key: i for i, key in enumerate(self.slots)}
            width = len(next(iter(self.slots.values())).groups) if self.slots else 1
            bounds = np.zeros((len(rows), width), np.int64)
            for key, i in rows.items():
                slot = self.slots[key]
                bounds[i] = slot.first + np.asarray(slot.groups, np.int64)
            self._table = (rows, bounds)
        return self._table

    def put(self, key: tuple[int, int], vertices: np.ndarray, groups: np.ndarray) -> None:
        if len(vertices) == 0:
            self.remove(key)
            return
        self.data[key] = vertices
        self.groups[key] = groups
        self._table = None
        slot = self.slots.get(key)
        if slot is not None and slot.capacity >= len(vertices):
            slot.count = len(vertices)
            slot.groups = groups
            self.buffer.write(vertices.tobytes(), offset=slot.first * VERTEX_BYTES)
            return
        if self.end + len(vertices) > self.capacity:
            self._repack(extra=len(vertices))
            return
        self.slots[key] = Slot(self.end, len(vertices), len(vertices), groups)
        self.buffer.write(vertices.tobytes(), offset=self.end * VERTEX_BYTES)
        self.end += len(vertices)

    def remove(self, key: tuple[int, int]) -> None:
        if self.slots.pop(key, None) is not None:
            self._table = None
        self.data.pop(key, None)
        self.groups.pop(key, None)

    def _repack(self, extra: int) -> None:
        """Rewrite every column contiguously, growing the buffer when half full or more."""
        used = sum(len(v) for v in self.data.values())
        need = used + extra
        if need * 2 > self.capacity:
            self.capacity = max(self.capacity * 2, need * 2)
            self.buffer.release()
            self.buffer = self.ctx.buffer(reserve=self.capacity * VERTEX_BYTES)
            self.generation += 1
        self.slots.clear()
        self._table = None
        self.end = 0
        for key in sorted(self.data):  # sorted: the layout is the same however we got here
            vertices = self.data[key]
            self.slots[key] = Slot(self.end, len(vertices), len(vertices), self.groups[key])
            self.buffer.write(vertices.tobytes(), offset=self.end * VERTEX_BYTES)
            self.end += len(vertices)


class ChunkBuffers:
    """All layers' buffers plus the index, instance and indirect buffers to draw them."""

    def __init__(self, ctx: moderngl.Context, layers: int = LAYERS) -> None:
        self.ctx = ctx
        self.layers = [LayerBuffer(ctx) for _ in range(layers)]
        self.index_quads = 1 << 16
        self.indices = ctx.buffer(quad_indices(self.index_quads).tobytes())
        self.instances = ctx.buffer(reserve=4096 * 12)
        self.indirect = ctx.buffer(reserve=4096 * 20)
        self._vaos: dict[tuple[int, int], tuple[tuple[int, int, int], moderngl.VertexArray]] = {}
        self.drawn = [0] * layers  # vertices drawn per layer since the caller last zeroed it

    def put(
        self, key: tuple[int, int], layers: tuple[np.ndarray, ...], groups: tuple[np.ndarray, ...]
    ) -> None:
        most = max((len(v) // 4 for v in layers), default=0)
        if most > self.index_quads:
            while self.index_quads < most:
                self.index_quads *= 2
            self.indices.release()
            self.indices = self.ctx.buffer(quad_indices(self.index_quads).tobytes())
        for layer, vertices, starts in zip(self.layers, layers, groups, strict=True):
            layer.put(key, vertices, starts)

    def remove(self, key: tuple[int, int]) -> None:
        for layer in self.layers:
            layer.remove(key)

    def keys(self) -> set[tuple[int, int]]:
        out: set[tuple[int, int]] = set()
        for layer in self.layers:
            out.update(layer.slots)
        return out

    def _vao(self, program: moderngl.Program, i: int) -> moderngl.VertexArray:
        layer = self.layers[i]
        ident = (layer.generation, id(self.indices), id(self.instances))
        cached = self._vaos.get((program.glo, i))
        if cached is not None and cached[0] == ident:
            return cached[1]
        if cached is not None:
            cached[1].release()
        vao = self.ctx.vertex_array(
            program,
            [
                (layer.buffer, VERTEX_FORMAT, *VERTEX_ATTRS),
                (self.instances, "3f/i", "in_offset"),
            ],
            index_buffer=self.indices,
            index_element_size=4,
        )
        self._vaos[(program.glo, i)] = (ident, vao)
        return vao

    def draw(
        self,
        program: moderngl.Program,
        layer: int,
        keys: list[tuple[int, int]],
        offsets: np.ndarray,
        facing: np.ndarray | None = None,
        sections: np.ndarray | None = None,
    ) -> None:
        """Draw these columns of one layer. ``offsets[i]``: column i's corner minus the eye;
        ``facing[i]``: which facing groups of column i can face the eye (default all);
        ``sections[i]``: which of its sections can be seen (default all; a layer stored
        without sections ignores it)."""
        commands, inst = draw_commands(self.layers[layer], keys, facing, sections)
        if len(commands) == 0:
            return
        self.drawn[layer] += int(commands[:, 1].sum())
        offsets_f32 = np.ascontiguousarray(offsets[inst], np.float32)
        n = len(commands)
        table = np.zeros((n, 5), np.uint32)
        table[:, 0] = commands[:, 1] // 4 * 6
        table[:, 1] = 1
        table[:, 3] = commands[:, 0]
        table[:, 4] = commands[:, 2]
        if offsets_f32.nbytes > self.instances.size:
            self.instances.release()
            self.instances = self.ctx.buffer(reserve=offsets_f32.nbytes * 2)
        if table.nbytes > self.indirect.size:
            self.indirect.release()
            self.indirect = self.ctx.buffer(reserve=table.nbytes * 2)
        self.instances.write(offsets_f32.tobytes())
        self.indirect.write(table.tobytes())
        self._vao(program, layer).render_indirect(self.indirect, moderngl.TRIANGLES, count=n)


def draw_commands(
    buf: LayerBuffer,
    keys: list[tuple[int, int]],
    facing: np.ndarray | None,
    sections: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The draw commands for these columns of one layer, (first vertex, vertices, instance)
    rows, and which of ``keys`` each instance is (the columns with a slot in this layer, in
    order). Each column's wanted, non-empty facing groups (and of those, with ``sections``
    (n, sections) given, the cells of its seen sections) become as few commands as cover
    them: cells next to each other in the buffer (or parted only by empty ones) share one."""
    rows, bounds = buf.table()
    where = np.array([rows.get(key, -1) for key in keys], np.int64)
    found = np.flatnonzero(where >= 0)
    if len(found) == 0:
        return np.zeros((0, 3), np.int64), found
    edges = bounds[where[found]]  # (n, cells + 1)
    per_group = (edges.shape[1] - 1) // FACING_GROUPS  # sections per group (1: none stored)
    if sections is None and per_group > 1:
        edges = edges[:, ::per_group]  # whole facing groups
    starts, ends = edges[:, :-1], edges[:, 1:]
    include = ends > starts
    if sections is not None and per_group > 1:  # cells of wanted groups and seen sections
        wanted = np.ones((len(found), FACING_GROUPS), bool) if facing is None else facing[found]
        include &= (wanted[:, :, None] & sections[found][:, None, :]).reshape(len(found), -1)
    elif facing is not None:
        include &= facing[found]
    inst, group = np.nonzero(include)  # row-major: column by column, cells in order
    if len(inst) == 0:
        return np.zeros((0, 3), np.int64), found
    first, last = starts[inst, group], ends[inst, group]
    opens = np.ones(len(inst), bool)
    opens[1:] = (inst[1:] != inst[:-1]) | (first[1:] != last[:-1])
    begin = np.flatnonzero(opens)
    finish = np.append(begin[1:], len(inst)) - 1
    commands = np.stack([first[begin], last[finish] - first[begin], inst[begin]], axis=1)
    return commands, found
