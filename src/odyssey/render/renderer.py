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

from odyssey.render.camera import Camera, boxes_in_frustum
from odyssey.render.gl import (
    CHUNK_FRAGMENT,
    CHUNK_VERTEX,
    SKY_FRAGMENT,
    SKY_VERTEX,
    create_context,
    with_defines,
)
from odyssey.render.gpu_chunks import VERTEX_ATTRS, VERTEX_FORMAT, ChunkBuffers, quad_indices
from odyssey.render.light import REACH
from odyssey.render.mesher import FACING_GROUPS, ChunkMesh, mesh_chunk
from odyssey.render.models import sign_text_planes
from odyssey.render.occlusion import DepthReducer, hidden_boxes
from odyssey.render.signtext import TEXT_H, TEXT_W, SignTextures, sign_vertices
from odyssey.render.sky import Conditions, fog_range, lightmap_table
from odyssey.render.tables import RenderTables, render_tables
from odyssey.world.storage import World

OPAQUE, CUTOUT, TRANSLUCENT, SIGN_TEXT = 0, 1, 2, 3  # buffer layers: the mesher's three + text
OCCLUSION_RINGS = (40.0, 96.0)  # blocks: columns are drawn in rings split at these distances
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
        self.sign_textures = SignTextures()
        self._text_atlas: moderngl.TextureArray | None = None
        self._text_layers = 0
        self.meshes: dict[Key, ChunkMesh | None] = {}
        self.light_signatures: dict[Key, dict[int, int]] = {}
        self.revision = world.revision
        self._fbo: moderngl.Framebuffer | None = None
        self._depth: moderngl.Texture | None = None
        self.depth_reducer = DepthReducer(ctx)
        self._fbo_size = (0, 0)
        self.meshed_chunks = 0  # columns meshed so far (for benchmarks)
        self.culled_columns = 0  # hidden behind nearer ones in the last frame

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
            self._sign_planes,
            self.sign_textures,
            lambda x, y, z: int(light[y - y0, z - z0, x - x0]),
        )
        # sign text is one more layer, all of it in the last facing group (any direction)
        text_groups = np.array([0] * FACING_GROUPS + [len(signs)], np.int64)
        self.buffers.put(key, (*mesh.layers, signs), (*mesh.groups, text_groups))

    def _sign_planes(self, state: int) -> list:
        return sign_text_planes(self.world.registry, state)

    def _text_texture(self) -> moderngl.TextureArray:
        images = self.sign_textures.images
        if self._text_atlas is None or self._text_layers < len(images):
            if self._text_atlas is not None:
                self._text_atlas.release()
            layers = max(len(images), 1)
            data = np.zeros((layers, TEXT_H, TEXT_W, 4), np.uint8)
            if images:
                data[: len(images)] = np.stack(images)
            self._text_atlas = self.ctx.texture_array((TEXT_W, TEXT_H, layers), 4, data.tobytes())
            # no mipmaps: far text aliases as vanilla's glyphs do, rather than fading away
            self._text_atlas.filter = (moderngl.LINEAR, moderngl.LINEAR)
            self._text_atlas.repeat_x = self._text_atlas.repeat_y = False
            self._text_layers = len(images)
        return self._text_atlas

    def update(self, eye: tuple[float, float, float], render_distance: int) -> list[Key]:
        """Bring the meshes around ``eye`` up to date; the columns within the distance."""
        dirty = self._apply_changes()
        ccx, ccz = math.floor(eye[0]) >> 4, math.floor(eye[2]) >> 4
        wanted = [
            (ccx + dx, ccz + dz)
            for dz in range(-render_distance, render_distance + 1)
            for dx in range(-render_distance, render_distance + 1)
            if dx * dx + dz * dz <= render_distance * render_distance
        ]
        for key in wanted:
            if key not in self.meshes or key in dirty:
                self._remesh(key)
        keep = render_distance + KEEP_MARGIN
        for key in [k for k in self.meshes if max(abs(k[0] - ccx), abs(k[1] - ccz)) > keep]:
            del self.meshes[key]
            self.light_signatures.pop(key, None)
            self.buffers.remove(key)
        return [key for key in wanted if self.meshes.get(key) is not None]

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
        keys = self.update(camera.eye, render_distance)
        fbo = self._framebuffer(width, height)
        fbo.use()
        ctx = self.ctx
        ctx.viewport = (0, 0, width, height)
        cond = light.conditions
        fbo.clear(*cond.fog_color, 1.0, depth=1.0)
        vp = camera.view_projection()
        # sky
        ctx.disable(moderngl.DEPTH_TEST | moderngl.BLEND | moderngl.CULL_FACE)
        self.sky_prog["u_inv_vp"].write(np.linalg.inv(vp).T.astype("f4").tobytes())
        self.sky_prog["u_sky_color"].value = cond.sky_color
        self.sky_prog["u_fog_color"].value = cond.fog_color
        self.sky_prog["u_body_color"].value = cond.body_color
        self.sky_prog["u_body_size"].value = cond.body_size
        self.sky_prog["u_stars"].value = cond.stars
        self.sky_vao.render(moderngl.TRIANGLES)
        # terrain
        held = light.torch > 0
        table = lightmap_table(cond.sky_factor, cond.sky_light_color).tobytes()
        solid, cut = self.programs[(held, False)], self.programs[(held, True)]
        for prog in (solid, cut):
            _set(prog, "u_vp", vp.T.astype("f4").tobytes())
            _set(prog, "u_lightmap", table)
            _set(prog, "u_torch", light.torch)
            _set(prog, "u_fog_color", cond.fog_color)
            _set(prog, "u_fog", fog_range(render_distance))
            _set(prog, "u_atlas", 0)
            _set(prog, "u_text", False)
        self.atlas.use(0)
        eye = np.asarray(camera.eye, np.float64)
        visible, offsets, dist, facing, lo, hi = self._visible(keys, camera, eye)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.depth_mask = True
        near_first = np.argsort(dist, kind="stable")
        # rings of columns, near to far: each ring is drawn after testing it against the depth
        # of the rings before it
        drawn: list[np.ndarray] = []
        self.culled_columns = 0
        bounds = (-1.0, *OCCLUSION_RINGS, np.inf)
        for ring, (r0, r1) in enumerate(itertools.pairwise(bounds)):
            part = near_first[(dist[near_first] > r0) & (dist[near_first] <= r1)]
            if ring and len(part) and drawn:
                tiles = self.depth_reducer.tiles(self._depth)
                hidden = hidden_boxes(vp, lo[part], hi[part], tiles, width, height)
                part = part[~hidden]
                self.culled_columns += int(hidden.sum())
            pick = [visible[i] for i in part]
            self.buffers.draw(solid, OPAQUE, pick, offsets[part], facing[part])
            drawn.append(part)
        near_first = np.concatenate(drawn)
        order = [visible[i] for i in near_first]
        self.chunk_prog = cut
        _set(cut, "u_alpha_cut", 0.5)
        self.buffers.draw(cut, CUTOUT, order, offsets[near_first], facing[near_first])
        for layer, vertices, corner in extra or []:
            if layer != TRANSLUCENT:
                self._draw_loose(vertices, np.asarray(corner) - eye)
        self._draw_signs(order, offsets[near_first])
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        ctx.depth_mask = False
        _set(cut, "u_alpha_cut", 0.0)
        far_first = near_first[::-1]
        far_keys = [visible[i] for i in far_first]
        self.buffers.draw(cut, TRANSLUCENT, far_keys, offsets[far_first], facing[far_first])
        for layer, vertices, corner in extra or []:
            if layer == TRANSLUCENT:
                self._draw_loose(vertices, np.asarray(corner) - eye)
        ctx.depth_mask = True
        ctx.disable(moderngl.BLEND)
        raw = fbo.read(components=3, alignment=1)
        return np.frombuffer(raw, np.uint8).reshape(height, width, 3)[::-1].copy()

    def _visible(
        self, keys: list[Key], camera: Camera, eye: np.ndarray
    ) -> tuple[list[Key], np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Columns in the frustum, their offsets from the eye, horizontal distances, which
        facing groups can face the eye (a face looking east can only be seen from east of
        it), and the eye-relative boxes of what will be drawn of them."""
        if not keys:
            empty = np.zeros((0, 3))
            return [], empty, np.zeros(0), np.zeros((0, FACING_GROUPS), bool), empty, empty
        min_y = self.world.dimension.min_y
        meshes = [self.meshes[k] for k in keys]
        corners = np.array([(k[0] * 16, min_y, k[1] * 16) for k in keys], np.float64)
        spans = np.stack([m.group_y for m in meshes])  # (n, groups, 2)
        lo = corners - eye
        lo[:, 1] = spans[:, :, 0].min(axis=1) - eye[1]
        hi = corners - eye + 16.0
        hi[:, 1] = spans[:, :, 1].max(axis=1) - eye[1]
        chosen = np.flatnonzero(boxes_in_frustum(camera.frustum_planes(), lo, hi))
        lo, hi, spans = lo[chosen], hi[chosen], spans[chosen]
        facing = np.ones((len(chosen), FACING_GROUPS), bool)
        facing[:, 0] = hi[:, 1] > 0  # down-facing faces: eye below the column's top
        facing[:, 1] = lo[:, 1] < 0
        facing[:, 2] = hi[:, 2] > 0  # north-facing: eye north of the column's south edge
        facing[:, 3] = lo[:, 2] < 0
        facing[:, 4] = hi[:, 0] > 0
        facing[:, 5] = lo[:, 0] < 0
        # the boxes of the groups that will be drawn
        drawn_lo = np.where(facing, spans[:, :, 0], np.inf).min(axis=1)
        drawn_hi = np.where(facing, spans[:, :, 1], -np.inf).max(axis=1)
        lo[:, 1] = np.minimum(drawn_lo, drawn_hi) - eye[1]
        hi[:, 1] = drawn_hi - eye[1]
        offsets = (corners[chosen] - eye).astype(np.float32)
        dist = np.hypot((lo[:, 0] + hi[:, 0]) / 2, (lo[:, 2] + hi[:, 2]) / 2)
        return [keys[i] for i in chosen], offsets, dist, facing, lo, hi

    def _draw_signs(self, keys: list[Key], offsets: np.ndarray) -> None:
        if not any(k in self.buffers.layers[SIGN_TEXT].slots for k in keys):
            return
        self._text_texture().use(1)
        prog = self.chunk_prog
        prog["u_text_atlas"].value = 1
        prog["u_text"].value = True
        # text is blended like vanilla's glyphs (its edges are soft), not alpha-tested
        _set(prog, "u_alpha_cut", 0.0)
        self.ctx.enable(moderngl.BLEND)
        self.ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.ctx.depth_mask = False
        self.buffers.draw(prog, SIGN_TEXT, keys, offsets)
        self.ctx.depth_mask = True
        self.ctx.disable(moderngl.BLEND)
        _set(prog, "u_alpha_cut", 0.5)
        prog["u_text"].value = False

    def _draw_loose(self, vertices: np.ndarray, offset: np.ndarray) -> None:
        """Draw a small vertex array made for this frame (player model, rain) once."""
        if len(vertices) == 0:
            return
        ctx = self.ctx
        vbo = ctx.buffer(np.ascontiguousarray(vertices).tobytes())
        ibo = ctx.buffer(quad_indices(len(vertices) // 4).tobytes())
        inst = ctx.buffer(np.asarray(offset, np.float32).tobytes())
        vao = ctx.vertex_array(
            self.chunk_prog,
            [(vbo, VERTEX_FORMAT, *VERTEX_ATTRS), (inst, "3f/i", "in_offset")],
            index_buffer=ibo,
            index_element_size=4,
        )
        vao.render(moderngl.TRIANGLES, instances=1)
        for obj in (vao, vbo, ibo, inst):
            obj.release()

    def close(self) -> None:
        self.ctx.release()


def _defines(held: bool, cut: bool) -> list[str]:
    return (["HELD_LIGHT"] if held else []) + (["ALPHA_TEST"] if cut else [])


def _set(prog: moderngl.Program, name: str, value: object) -> None:
    """Set a uniform if this shader variant has it (the compiler drops unused ones)."""
    if name not in prog:
        return
    if isinstance(value, bytes):
        prog[name].write(value)
    else:
        prog[name].value = value


def _columns(x0: int, z0: int, x1: int, z1: int, reach: int) -> set[Key]:
    """Chunk columns within ``reach`` blocks of the box x0 <= x < x1, z0 <= z < z1."""
    return {
        (cx, cz)
        for cx in range((x0 - reach) >> 4, ((x1 - 1 + reach) >> 4) + 1)
        for cz in range((z0 - reach) >> 4, ((z1 - 1 + reach) >> 4) + 1)
    }
