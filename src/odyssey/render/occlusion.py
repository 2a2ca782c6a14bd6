"""Occlusion culling against the depth of what is already drawn (a CPU hierarchical-Z test).

The nearest columns are drawn first; their depth buffer, reduced to the farthest depth per
8 x 8 pixel tile, then hides every farther column whose bounding box lies entirely behind it.
Only what cannot be seen is skipped, so the image is the same as drawing everything; the test
depends only on the frame being drawn, so the same state still gives the same pixels.
"""

from __future__ import annotations

import moderngl
import numpy as np

TILE = 8


def depth_tiles(depth: np.ndarray, tile: int = TILE) -> np.ndarray:
    """The farthest depth in each tile x tile block of a depth image (rows bottom-up)."""
    h, w = depth.shape
    th, tw = -(-h // tile), -(-w // tile)
    padded = np.ones((th * tile, tw * tile), np.float32)
    padded[:h, :w] = depth
    return padded.reshape(th, tile, tw, tile).max(axis=(1, 3))


def hidden_boxes(
    view_projection: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    tiles: np.ndarray,
    width: int,
    height: int,
    tile: int = TILE,
) -> np.ndarray:
    """Which eye-relative boxes (rows of lo/hi corners) lie behind every pixel they cover."""
    n = len(lo)
    if n == 0:
        return np.zeros(0, bool)
    corners = np.stack(
        [np.where(np.array(bits, bool), hi, lo) for bits in np.ndindex(2, 2, 2)], axis=1
    )  # (n, 8, 3)
    clip = np.einsum("ij,nkj->nki", view_projection[:, :3], corners) + view_projection[:, 3]
    w = clip[..., 3]
    in_front = np.all(w > 1e-4, axis=1)
    safe_w = np.where(w > 1e-4, w, 1.0)
    ndc = clip[..., :3] / safe_w[..., None]
    near_depth = (ndc[..., 2].min(axis=1)) * 0.5 + 0.5
    px = (ndc[..., 0] * 0.5 + 0.5) * width
    py = (ndc[..., 1] * 0.5 + 0.5) * height  # bottom-up, as the depth buffer reads
    th, tw = tiles.shape
    tx0 = np.clip(np.floor(px.min(axis=1) / tile), 0, tw - 1).astype(int)
    tx1 = np.clip(np.floor(px.max(axis=1) / tile), 0, tw - 1).astype(int)
    ty0 = np.clip(np.floor(py.min(axis=1) / tile), 0, th - 1).astype(int)
    ty1 = np.clip(np.floor(py.max(axis=1) / tile), 0, th - 1).astype(int)
    hidden = np.zeros(n, bool)
    for i in np.flatnonzero(in_front & (near_depth < 1.0)):
        region = tiles[ty0[i] : ty1[i] + 1, tx0[i] : tx1[i] + 1]
        hidden[i] = region.max() < near_depth[i]
    return hidden


REDUCE_VERTEX = """
#version 330 core
in vec2 in_pos;
void main() { gl_Position = vec4(in_pos, 0.0, 1.0); }
"""

REDUCE_FRAGMENT = """
#version 330 core
uniform sampler2D u_depth;
uniform int u_tile;
out float f_depth;
void main() {
    ivec2 size = textureSize(u_depth, 0);
    ivec2 base = ivec2(gl_FragCoord.xy) * u_tile;
    float far = 0.0;
    for (int j = 0; j < u_tile; j++) {
        for (int i = 0; i < u_tile; i++) {
            ivec2 p = base + ivec2(i, j);
            // texels past the edge count as empty (depth 1), as depth_tiles pads them
            float d = (p.x < size.x && p.y < size.y) ? texelFetch(u_depth, p, 0).r : 1.0;
            far = max(far, d);
        }
    }
    f_depth = far;
}
"""


class DepthReducer:
    """``depth_tiles`` on the GPU: the farthest depth per tile of a depth texture, read back as
    a small array (the full depth image never leaves the GPU)."""

    def __init__(self, ctx: moderngl.Context, tile: int = TILE) -> None:
        self.ctx = ctx
        self.tile = tile
        self.program = ctx.program(vertex_shader=REDUCE_VERTEX, fragment_shader=REDUCE_FRAGMENT)
        quad = np.array([-1, -1, 3, -1, -1, 3], np.float32)
        self.vao = ctx.vertex_array(self.program, [(ctx.buffer(quad.tobytes()), "2f", "in_pos")])
        self._target: moderngl.Framebuffer | None = None
        self._size = (0, 0)

    def tiles(self, depth: moderngl.Texture) -> np.ndarray:
        w, h = depth.size
        tw, th = -(-w // self.tile), -(-h // self.tile)
        if self._target is None or self._size != (tw, th):
            if self._target is not None:
                self._target.release()
            self._target = self.ctx.framebuffer(
                color_attachments=[self.ctx.texture((tw, th), 1, dtype="f4")]
            )
            self._size = (tw, th)
        previous = self.ctx.fbo
        self._target.use()
        self.ctx.viewport = (0, 0, tw, th)
        depth.use(3)
        self.program["u_depth"].value = 3
        self.program["u_tile"].value = self.tile
        self.vao.render(moderngl.TRIANGLES)
        out = np.frombuffer(self._target.read(components=1, dtype="f4"), np.float32)
        previous.use()
        self.ctx.viewport = (0, 0, w, h)
        return out.reshape(th, tw)
