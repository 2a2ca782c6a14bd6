"""The 3-D renderer: a world seen from a camera, as an RGB array.

One ``Renderer`` owns a headless GL context, the texture atlas and the meshes of the chunks
within the render distance. Each frame it brings meshes up to date with the world (remeshing
only columns whose blocks or light changed), culls columns outside the view frustum and draws
sky, opaque and cutout geometry, then translucent geometry far to near.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import moderngl
import numpy as np

from odyssey.render.camera import Camera
from odyssey.render.drawparts import SignText, draw_loose, set_uniform
from odyssey.render.gl import (
    CHUNK_FRAGMENT,
    CHUNK_VERTEX,
    SKY_FRAGMENT,
    SKY_VERTEX,
    create_context,
    with_defines,
)
from odyssey.render.gpu_chunks import ChunkBuffers
from odyssey.render.light import REACH
from odyssey.render.mesher import FACING_GROUPS, POS_BIAS, ChunkMesh, mesh_chunk
from odyssey.render.occlusion import (
    DepthReducer,
    clip_to_sections,
    hidden_boxes,
    tile_size,
    visible_columns,
)
from odyssey.render.signtext import sign_vertices
from odyssey.render.sky import Conditions, fog_range, lightmap_table
from odyssey.render.tables import RenderTables, render_tables
from odyssey.render.visgraph import SectionWalk
from odyssey.world.storage import World

OPAQUE, CUTOUT, TRANSLUCENT, SIGN_TEXT = 0, 1, 2, 3  # buffer layers: the mesher's three + text
OCCLUSION_RINGS = (40.0, 96.0)  # blocks: columns are drawn in rings split at these distances
# Occlusion tests cost a GPU-to-CPU read (~0.3 ms even at 64 x 64): after frames in which they
# hid nothing (open terrain at render distance 4) only every OCCLUSION_PROBE-th frame tries.
OCCLUSION_IDLE = 2
OCCLUSION_PROBE = 8
# Draw only the sections a walk over the sections' visibility graphs reaches from the eye's
# (vanilla's cave culling, see visgraph): caves under the ground are not drawn.
SECTION_CULLING = True
KEEP_MARGIN = 2  # chunks beyond the render distance whose meshes we keep (turning back is cheap)

Key = tuple[int, int]


@dataclass(frozen=True)
class Light:
    """What lights a frame besides the sun: the held light's luminance (0 = nothing held)."""

    conditions: Conditions
    torch: float = 0.0


class Renderer:
    """Draws one world; reuse it for every frame of an episode."""

    def __init__(self, world: World, tables: RenderTables | None = None) -> None:
        self.world = world
        self.tables = tables or render_tables(world.registry)
        self.ctx = create_context()
        ctx = self.ctx
        self.programs = {
            (held, cut): ctx.program(
                vertex_shader=with_defines(CHUNK_VERTEX, *_defines(held, cut)),
                fragment_shader=with_defines(CHUNK_FRAGMENT, *_defines(held, cut)),
            )
            for held in (False, True)
            for cut in (False, True)
        }
        self.chunk_prog = self.programs[(False, True)]
        self.sky_prog = ctx.program(vertex_shader=SKY_VERTEX, fragment_shader=SKY_FRAGMENT)
        quad = np.array([-1, -1, 3, -1, -1, 3], np.float32)
        self.sky_vao = ctx.vertex_array(
            self.sky_prog, [(ctx.buffer(quad.tobytes()), "2f", "in_pos")]
        )
        images = self.tables.atlas.images
        self.atlas = ctx.texture_array(
            (images.shape[2], images.shape[1], images.shape[0]),
            4,
            np.ascontiguousarray(images).tobytes(),
        )
        self.atlas.build_mipmaps(max_level=4)
        self.atlas.filter = (moderngl.NEAREST_MIPMAP_NEAREST, moderngl.NEAREST)
        self.atlas.repeat_x = self.atlas.repeat_y = True
        self.buffers = ChunkBuffers(ctx, layers=SIGN_TEXT + 1)
        self.signs = SignText(world.registry)
        self.meshes: dict[Key, ChunkMesh | None] = {}
        self.light_signatures: dict[Key, dict[int, int]] = {}
        self.revision = world.revision
        self._fbo: moderngl.Framebuffer | None = None
        self._depth: moderngl.Texture | None = None
        self.depth_reducer = DepthReducer(ctx)
        self._fbo_size = (0, 0)
        self.meshed_chunks = 0  # columns meshed so far (for benchmarks)
        self.culled_columns = 0  # hidden behind nearer ones in the last frame
        # what does not change between frames unless the camera, the meshes or the light do
        self._epoch = 0  # bumped whenever a mesh is made, replaced or dropped
        self._around: tuple[tuple[int, int, int], list[Key]] | None = None  # (centre, wanted)
        self._columns: tuple[tuple, list[Key], np.ndarray, np.ndarray] | None = None
        self._uniforms: dict[tuple[int, str], object] = {}  # last value written per uniform
        self._vp_bytes: tuple[np.ndarray, bytes, bytes] | None = None
        self._seen: tuple[tuple, tuple] | None = None  # (camera and columns, _visible's answer)
        self.section_walk = SectionWalk()
        self._frames = 0
        self._idle = 0  # frames in a row whose occlusion tests hid nothing

    # -- chunks -------------------------------------------------------------------------------

    def _signature(self, key: Key) -> dict[int, int]:
        """A fingerprint of what each section of a column does to light."""
        chunk = self.world.chunk(*key)
        if chunk is None:
            return {}
        emit, filt = self.tables.emit, self.tables.filt
        return {
            sy: hash((filt[s].tobytes(), emit[s].tobytes())) for sy, s in chunk.sections.items()
        }

    def _apply_changes(self) -> set[Key]:
        """Columns to remesh because blocks changed since the last frame."""
        if self.world.revision == self.revision:
            return set()
        changes = self.world.changes_since(self.revision)
        self.revision = self.world.revision
        if changes is None:
            stale = set(self.meshes)
            self._epoch += 1
            self.meshes.clear()
            self.light_signatures.clear()
            return stale
        dirty: set[Key] = set()
        for x0, _y0, z0, x1, _y1, z1 in changes:
            touched = _columns(x0, z0, x1, z1, 0)
            reach = 1
            for key in touched:
                if key in self.meshes and self._signature(key) != self.light_signatures.get(key):
                    reach = REACH
            dirty.update(_columns(x0, z0, x1, z1, reach))
        return {key for key in dirty if key in self.meshes}

    def _remesh(self, key: Key) -> None:
        t = self.tables
        made = mesh_chunk(self.world, key[0], key[1], t.mesh, t.emit, t.filt)
        self.meshed_chunks += 1
        self._epoch += 1
        self.light_signatures[key] = self._signature(key)
        if made is None:
            self.meshes[key] = None
            self.buffers.remove(key)
            return
        mesh, light = made
        self.meshes[key] = mesh
        x0, z0, y0 = key[0] * 16 - 1, key[1] * 16 - 1, mesh.y_min - 1
        signs = sign_vertices(
            self.world,
            key[0],
            key[1],
            self.signs.planes,
            self.signs.textures,
            lambda x, y, z: int(light[y - y0, z - z0, x - x0]),
        )
        # sign text is one more layer, all of it in the last facing group (any direction)
        text_groups = np.array([0] * FACING_GROUPS + [len(signs)], np.int64)
        self.buffers.put(key, (*mesh.layers, signs), (*mesh.cells, text_groups))

    def update(self, eye: tuple[float, float, float], render_distance: int) -> list[Key]:
        """Bring the meshes around ``eye`` up to date; the columns within the distance that
        have something to draw (the same list object while nothing changed: callers must not
        change it)."""
        dirty = self._apply_changes()
        centre = (math.floor(eye[0]) >> 4, math.floor(eye[2]) >> 4, render_distance)
        moved = self._around is None or self._around[0] != centre
        if moved:
            self._around = (centre, _disc(*centre))
        wanted = self._around[1]  # type: ignore[index]
        for key in wanted:
            if key not in self.meshes or key in dirty:
                self._remesh(key)
        if moved:  # meshes are only dropped when the centre moves or the distance shrinks
            ccx, ccz, _ = centre
            keep = render_distance + KEEP_MARGIN
            for key in [k for k in self.meshes if max(abs(k[0] - ccx), abs(k[1] - ccz)) > keep]:
                del self.meshes[key]
                self.light_signatures.pop(key, None)
                self.buffers.remove(key)
                self._epoch += 1
        return self._drawable(centre)[0]

    def _drawable(self, centre: tuple[int, int, int]) -> tuple[list[Key], np.ndarray, np.ndarray]:
        """The columns around ``centre`` with a mesh, their world corners and their facing
        groups' y spans (n, groups, 2), cached until a mesh changes or the centre moves."""
        ident = (centre, self._epoch)
        if self._columns is None or self._columns[0] != ident:
            wanted = self._around[1] if self._around is not None else []
            keys = [key for key in wanted if self.meshes.get(key) is not None]
            min_y = self.world.dimension.min_y
            corners = np.array([(k[0] * 16, min_y, k[1] * 16) for k in keys], np.float64)
            spans = (
                np.stack([self.meshes[k].group_y for k in keys])  # type: ignore[union-attr]
                if keys
                else np.zeros((0, FACING_GROUPS, 2))
            )
            self._columns = (ident, keys, corners, spans)
        return self._columns[1], self._columns[2], self._columns[3]

    # -- frames -------------------------------------------------------------------------------

    def _framebuffer(self, width: int, height: int) -> moderngl.Framebuffer:
        if self._fbo is None or self._fbo_size != (width, height):
            if self._fbo is not None:
                self._fbo.release()
            self._depth = self.ctx.depth_texture((width, height))
            self._fbo = self.ctx.framebuffer(
                color_attachments=[self.ctx.renderbuffer((width, height), 4)],
                depth_attachment=self._depth,
            )
            self._fbo_size = (width, height)
        return self._fbo

    def draw(
        self,
        camera: Camera,
        width: int,
        height: int,
        light: Light,
        render_distance: int,
        extra: list[tuple[int, np.ndarray, np.ndarray]] | None = None,
    ) -> np.ndarray:
        """Draw the world seen by ``camera`` into an RGB array (height, width, 3).

        ``extra`` holds further geometry as (layer, vertices, corner) in the mesher's format,
        with ``corner`` the float64 world position the vertices are relative to.
        """
        with self.ctx:  # make this renderer's context current: a process may hold several
            return self._draw(camera, width, height, light, render_distance, extra)

    def _draw(
        self,
        camera: Camera,
        width: int,
        height: int,
        light: Light,
        render_distance: int,
        extra: list[tuple[int, np.ndarray, np.ndarray]] | None,
    ) -> np.ndarray:
        self.update(camera.eye, render_distance)
        self.buffers.drawn = [0] * len(self.buffers.layers)
        fbo = self._framebuffer(width, height)
        fbo.use()
        ctx = self.ctx
        ctx.viewport = (0, 0, width, height)
        cond = light.conditions
        fbo.clear(*cond.fog_color, 1.0, depth=1.0)
        vp = camera.view_projection()
        vp_bytes, inv_vp_bytes = self._matrix_bytes(vp)
        written = self._uniforms
        # sky
        ctx.disable(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.CULL_FACE)
        sky = self.sky_prog
        set_uniform(sky, "u_inv_vp", inv_vp_bytes, written)
        set_uniform(sky, "u_sky_color", cond.sky_color, written)
        set_uniform(sky, "u_fog_color", cond.fog_color, written)
        set_uniform(sky, "u_body_color", cond.body_color, written)
        set_uniform(sky, "u_body_size", cond.body_size, written)
        set_uniform(sky, "u_stars", cond.stars, written)
        self.sky_vao.render(moderngl.TRIANGLES)
        # terrain
        held = light.torch > 0
        table = lightmap_table(cond.sky_factor, cond.sky_light_color).tobytes()
        solid, cut = self.programs[(held, False)], self.programs[(held, True)]
        for prog in (solid, cut):
            set_uniform(prog, "u_vp", vp_bytes, written)
            set_uniform(prog, "u_lightmap", table, written)
            set_uniform(prog, "u_torch", light.torch, written)
            set_uniform(prog, "u_fog_color", cond.fog_color, written)
            set_uniform(prog, "u_fog", fog_range(render_distance), written)
            set_uniform(prog, "u_atlas", 0, written)
            set_uniform(prog, "u_text", False, written)
        self.atlas.use(0)
        eye = np.asarray(camera.eye, np.float64)
        visible, offsets, dist, facing, lo, hi, seen = self._visible(camera, eye)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.depth_mask = True
        near_first = np.argsort(dist, kind="stable")
        # rings of columns, near to far: each ring is drawn after testing it against the depth
        # of the rings before it; rings that are not tested join the draw of the ring before
        drawn: list[np.ndarray] = []
        pending: list[np.ndarray] = []
        self.culled_columns = 0
        self._frames += 1
        test = self._idle < OCCLUSION_IDLE or self._frames % OCCLUSION_PROBE == 0
        tested = False
        tile = tile_size(width, height)
        bounds = (-1.0, *OCCLUSION_RINGS, np.inf)
        for ring, (r0, r1) in enumerate(itertools.pairwise(bounds)):
            part = near_first[(dist[near_first] > r0) & (dist[near_first] <= r1)]
            if test and ring and len(part) and (drawn or pending):
                if pending:
                    self._draw_opaque(solid, visible, offsets, facing, seen, pending, drawn)
                tiles = self.depth_reducer.tiles(self._depth, tile)
                hidden = hidden_boxes(vp, lo[part], hi[part], tiles, width, height, tile)
                part = part[~hidden]
                self.culled_columns += int(hidden.sum())
                tested = True
            pending.append(part)
        self._draw_opaque(solid, visible, offsets, facing, seen, pending, drawn)
        if tested:
            self._idle = 0 if self.culled_columns else self._idle + 1
        near_first = np.concatenate(drawn)
        order = [visible[i] for i in near_first]
        self.chunk_prog = cut
        set_uniform(cut, "u_alpha_cut", 0.5, written)
        seen_near = None if seen is None else seen[near_first]
        self.buffers.draw(cut, CUTOUT, order, offsets[near_first], facing[near_first], seen_near)
        for layer, vertices, corner in extra or []:
            if layer != TRANSLUCENT:
                draw_loose(self.ctx, self.chunk_prog, vertices, np.asarray(corner) - eye)
        self.signs.draw(self.ctx, self.buffers, SIGN_TEXT, self.chunk_prog, order,
                        offsets[near_first], self._uniforms)  # fmt: skip
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        ctx.depth_mask = False
        set_uniform(cut, "u_alpha_cut", 0.0, written)
        far_first = near_first[::-1]
        far_keys = order[::-1]
        seen_far = None if seen is None else seen[far_first]
        self.buffers.draw(
            cut, TRANSLUCENT, far_keys, offsets[far_first], facing[far_first], seen_far
        )
        for layer, vertices, corner in extra or []:
            if layer == TRANSLUCENT:
                draw_loose(self.ctx, self.chunk_prog, vertices, np.asarray(corner) - eye)
        ctx.depth_mask = True
        ctx.disable(moderngl.BLEND)
        raw = fbo.read(components=3, alignment=1)
        return np.frombuffer(raw, np.uint8).reshape(height, width, 3)[::-1].copy()

    def _draw_opaque(
        self,
        program: moderngl.Program,
        visible: list[Key],
        offsets: np.ndarray,
        facing: np.ndarray,
        seen: np.ndarray | None,
        pending: list[np.ndarray],
        drawn: list[np.ndarray],
    ) -> None:
        """Draw the opaque layer of the pending rings' columns in one call; they join drawn."""
        part = pending[0] if len(pending) == 1 else np.concatenate(pending)
        pending.clear()
        if len(part):
            pick = [visible[i] for i in part]
            sections = None if seen is None else seen[part]
            self.buffers.draw(program, OPAQUE, pick, offsets[part], facing[part], sections)
        drawn.append(part)

    def _matrix_bytes(self, vp: np.ndarray) -> tuple[bytes, bytes]:
        """The view-projection matrix and its inverse as the shaders take them (the camera
        hands out the same array while its direction and lens do not change)."""
        if self._vp_bytes is None or self._vp_bytes[0] is not vp:
            self._vp_bytes = (
                vp,
                vp.T.astype("f4").tobytes(),
                np.linalg.inv(vp).T.astype("f4").tobytes(),
            )
        return self._vp_bytes[1], self._vp_bytes[2]

    def _visible(self, camera: Camera, eye: np.ndarray) -> tuple:
        """Columns in the frustum, their offsets from the eye, horizontal distances, which
        facing groups can face the eye (a face looking east can only be seen from east of
        it), the eye-relative boxes of what will be drawn of them, and which of their
        sections can be seen (None: all). Reused while the camera and the meshes do not
        change (read-only to callers)."""
        assert self._columns is not None  # update() ran
        ident = (self._columns[0], camera.eye, camera.yaw, camera.pitch, camera.fov,
                 camera.aspect, camera.far, SECTION_CULLING)  # fmt: skip
        if self._seen is None or self._seen[0] != ident:
            self._seen = (ident, self._find_visible(camera, eye))
        return self._seen[1]

    def _find_visible(self, camera: Camera, eye: np.ndarray) -> tuple:
        _, keys, corners, spans = self._columns  # type: ignore[misc]
        if not keys:
            empty = np.zeros((0, 3))
            return [], empty, np.zeros(0), np.zeros((0, FACING_GROUPS), bool), empty, empty, None
        chosen, offsets, dist, facing, lo, hi = visible_columns(
            corners, spans, camera.frustum_planes(), eye
        )
        seen = self._seen_sections(eye)
        if seen is not None:  # columns with no section seen are left out; boxes cut to the rest
            seen = seen[chosen]
            keep = np.flatnonzero(seen.any(axis=1))
            chosen, offsets, dist, facing, lo, hi, seen = (
                a[keep] for a in (chosen, offsets, dist, facing, lo, hi, seen)
            )
            base = self.world.dimension.min_y - eye[1]
            lo, hi = clip_to_sections(lo, hi, seen, base, POS_BIAS)
        return [keys[i] for i in chosen], offsets, dist, facing, lo, hi, seen

    def _seen_sections(self, eye: np.ndarray) -> np.ndarray | None:
        """Per column of ``_columns`` (n, world sections): which sections the section walk
        from the eye's reaches; None (all) when culling is off or the eye is inside an opaque
        cube (it sees through it)."""
        cell = (math.floor(eye[0]), math.floor(eye[1]), math.floor(eye[2]))
        if not SECTION_CULLING or self.tables.mesh.occludes[self.world.peek_block(*cell)]:
            return None
        ident, keys = self._columns[0], self._columns[1]  # type: ignore[index]
        around = self._around[1]  # type: ignore[index]
        meshes = self.meshes
        dim = self.world.dimension
        return self.section_walk.seen(
            ident,
            keys,
            lambda: {k: m.graphs for k in around if (m := meshes.get(k)) is not None},
            (cell[1] - dim.min_y) >> 4,
            dim.height // 16,
        )

    def close(self) -> None:
        self.ctx.release()


def _defines(held: bool, cut: bool) -> list[str]:
    return (["HELD_LIGHT"] if held else []) + (["ALPHA_TEST"] if cut else [])


def _disc(ccx: int, ccz: int, render_distance: int) -> list[Key]:
    """The columns within ``render_distance`` chunks of column (ccx, ccz), row by row."""
    r = render_distance
    return [
        (ccx + dx, ccz + dz)
        for dz in range(-r, r + 1)
        for dx in range(-r, r + 1)
        if dx * dx + dz * dz <= r * r
    ]


def _columns(x0: int, z0: int, x1: int, z1: int, reach: int) -> set[Key]:
    """Chunk columns within ``reach`` blocks of the box x0 <= x < x1, z0 <= z < z1."""
    return {
        (cx, cz)
        for cx in range((x0 - reach) >> 4, ((x1 - 1 + reach) >> 4) + 1)
        for cz in range((z0 - reach) >> 4, ((z1 - 1 + reach) >> 4) + 1)
    }
