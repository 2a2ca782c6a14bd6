"""Parts of a frame the ``Renderer`` draws besides the chunk layers: uniforms written only when
their value changes, the texture of the signs' text, and small vertex arrays made for one frame
(the third-person player model, rain, entities)."""

from __future__ import annotations

import moderngl
import numpy as np

from odyssey.render.gpu_chunks import VERTEX_ATTRS, VERTEX_FORMAT, ChunkBuffers, quad_indices
from odyssey.render.models import sign_text_planes
from odyssey.render.signtext import TEXT_H, TEXT_W, SignTextures

_UNSET = object()


def set_uniform(
    prog: moderngl.Program, name: str, value: object, written: dict[tuple[int, str], object]
) -> None:
    """Set a uniform if this shader variant has it (the compiler drops unused ones) and it does
    not already hold ``value`` (``written``: what was last written to each program's uniforms;
    a program keeps its uniforms' values between draws)."""
    ident = (prog.glo, name)
    if written.get(ident, _UNSET) == value:
        return
    if name in prog:
        if isinstance(value, bytes):
            prog[name].write(value)
        else:
            prog[name].value = value
    written[ident] = value


class SignText:
    """The text of a world's signs: one texture layer per distinct text, uploaded as it grows."""

    def __init__(self, registry) -> None:
        self.registry = registry
        self.textures = SignTextures()
        self._atlas: moderngl.TextureArray | None = None
        self._layers = 0

    def planes(self, state: int) -> list:
        return sign_text_planes(self.registry, state)

    def texture(self, ctx: moderngl.Context) -> moderngl.TextureArray:
        images = self.textures.images
        if self._atlas is None or self._layers < len(images):
            if self._atlas is not None:
                self._atlas.release()
            layers = max(len(images), 1)
            data = np.zeros((layers, TEXT_H, TEXT_W, 4), np.uint8)
            if images:
                data[: len(images)] = np.stack(images)
            self._atlas = ctx.texture_array((TEXT_W, TEXT_H, layers), 4, data.tobytes())
            # no mipmaps: far text aliases as vanilla's glyphs do, rather than fading away
            self._atlas.filter = (moderngl.LINEAR, moderngl.LINEAR)
            self._atlas.repeat_x = self._atlas.repeat_y = False
            self._layers = len(images)
        return self._atlas

    def draw(
        self,
        ctx: moderngl.Context,
        buffers: ChunkBuffers,
        layer: int,
        prog: moderngl.Program,
        keys: list,
        offsets: np.ndarray,
        written: dict[tuple[int, str], object],
    ) -> None:
        """The text layer of these columns, blended over what is drawn."""
        if not any(k in buffers.layers[layer].slots for k in keys):
            return
        self.texture(ctx).use(1)
        set_uniform(prog, "u_text_atlas", 1, written)
        set_uniform(prog, "u_text", True, written)
        # text is blended like vanilla's glyphs (its edges are soft), not alpha-tested
        set_uniform(prog, "u_alpha_cut", 0.0, written)
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        ctx.depth_mask = False
        buffers.draw(prog, layer, keys, offsets)
        ctx.depth_mask = True
        ctx.disable(moderngl.BLEND)
        set_uniform(prog, "u_alpha_cut", 0.5, written)
        set_uniform(prog, "u_text", False, written)


def draw_loose(
    ctx: moderngl.Context, prog: moderngl.Program, vertices: np.ndarray, offset: np.ndarray
) -> None:
    """Draw a small vertex array in the mesher's format, made for this frame, once."""
    if len(vertices) == 0:
        return
    vbo = ctx.buffer(np.ascontiguousarray(vertices).tobytes())
    ibo = ctx.buffer(quad_indices(len(vertices) // 4).tobytes())
    inst = ctx.buffer(np.asarray(offset, np.float32).tobytes())
    vao = ctx.vertex_array(
        prog,
        [(vbo, VERTEX_FORMAT, *VERTEX_ATTRS), (inst, "3f/i", "in_offset")],
        index_buffer=ibo,
        index_element_size=4,
    )
    vao.render(moderngl.TRIANGLES, instances=1)
    for obj in (vao, vbo, ibo, inst):
        obj.release()
