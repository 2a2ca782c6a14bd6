"""Culling: columns outside the frustum or facing away (``visible_columns``), and occlusion
culling against the depth of what is already drawn (a CPU hierarchical-Z test).

The nearest columns are drawn first; their depth buffer, reduced to the farthest depth per
tile (8 x 8 pixels, smaller in small frames), then hides every farther column whose bounding box
lies entirely behind it. Only what cannot be seen is skipped, so the image is the same as drawing
everything (or as skipping the test, which the renderer does after tests that hid nothing), and
the same state gives the same pixels.
"""

from __future__ import annotations

import moderngl
import numpy as np

from odyssey.render.camera import boxes_in_frustum

TILE = 8
FINE_TILES = 32  # small frames: tiles are shrunk (down to 2 px) to keep this many across


def tile_size(width: int, height: int) -> int:
    """The tile for a frame: 8 px, or smaller in frames under 256 px on a side, where 8 px
    tiles are too coarse to hide much (128 x 128: 4 px tiles cull ~5 % more columns, the
    heavy far ones, for ~20 % less CPU per frame in the benchmark city)."""
    return max(2, min(TILE, min(width, height) // FINE_TILES))


def depth_tiles(depth: np.ndarray, tile: int = TILE) -> np.ndarray:
    """The farthest depth in each tile x tile block of a depth image (rows bottom-up)."""
    h, w = depth.shape
    th, tw = -(-h // tile), -(-w // tile)
    padded = np.ones((th * tile, tw * tile), np.float32)
    padded[:h, :w] = depth
    return padded.reshape(th, tile, tw, tile).max(axis=(1, 3))


def visible_columns(
    corners: np.ndarray, spans: np.ndarray, planes: np.ndarray, eye: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Frustum and facing culling of columns (world ``corners`` (n, 3) at their lowest block,
    facing groups' y ``spans`` (n, groups, 2)) seen from ``eye``: which columns touch the
    frustum, their offsets from the eye (float32), horizontal distances, which facing groups
    can face the eye (a face looking east can only be seen from east of it), and the
    eye-relative boxes of what will be drawn of them."""
    lo = corners - eye
    lo[:, 1] = spans[:, :, 0].min(axis=1) - eye[1]
    hi = corners - eye + 16.0
    hi[:, 1] = spans[:, :, 1].max(axis=1) - eye[1]
    chosen = np.flatnonzero(boxes_in_frustum(planes, lo, hi))
    lo, hi, spans = lo[chosen], hi[chosen], spans[chosen]
    facing = np.ones((len(chosen), spans.shape[1]), bool)
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
    return chosen, offsets, dist, facing, lo, hi


def clip_to_sections(
    lo: np.ndarray, hi: np.ndarray, seen: np.ndarray, base: float, pad: float
) -> tuple[np.ndarray, np.ndarray]:
    """Eye-relative boxes (rows of lo/hi corners) with their y spans cut to the sections of
    them that can be seen (``seen`` (n, sections) bool, each row with at least one; ``base``:
    the world's lowest y minus the eye's; ``pad``: how far quads reach out of their section),
    so that occlusion tests cover only what will be drawn."""
    sections = seen.shape[1]
    first = seen.argmax(axis=1)
    last = sections - 1 - seen[:, ::-1].argmax(axis=1)
    lo, hi = lo.copy(), hi.copy()
    lo[:, 1] = np.maximum(lo[:, 1], base + first * 16 - pad)
    hi[:, 1] = np.minimum(hi[:, 1], base + (last + 1) * 16 + pad)
    return lo, hi


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
    hidden = in_front & (near_depth < 1.0)
    if hidden.any():
        far = region_max(tiles, ty0, ty1, tx0, tx1)
        hidden &= far < near_depth
    return hidden


def region_max(
    grid: np.ndarray, y0: np.ndarray, y1: np.ndarray, x0: np.ndarray, x1: np.ndarray
) -> np.ndarray:
    """Per row i, the largest value of ``grid[y0[i]:y1[i] + 1, x0[i]:x1[i] + 1]`` (inclusive
    bounds, y0 <= y1, x0 <= x1), from a 2-D sparse table: every region is the max of four
    overlapping power-of-two blocks, so all rows are answered with one gather."""
    h, w = grid.shape
    ky_max, kx_max = (h).bit_length() - 1, (w).bit_length() - 1
    table = np.full((ky_max + 1, kx_max + 1, h, w), -np.inf, grid.dtype)
    table[0, 0] = grid
    for kx in range(1, kx_max + 1):  # blocks 1 x 2^kx
        half = 1 << (kx - 1)
        prev = table[0, kx - 1]
        np.maximum(prev[:, : w - half], prev[:, half:], out=table[0, kx, :, : w - half])
    for ky in range(1, ky_max + 1):  # blocks 2^ky x 2^kx
        half = 1 << (ky - 1)
        prev = table[ky - 1]
        np.maximum(prev[:, : h - half], prev[:, half:], out=table[ky, :, : h - half])
    ky = _floor_log2(y1 - y0 + 1)
    kx = _floor_log2(x1 - x0 + 1)
    ya, xa = y1 - (1 << ky) + 1, x1 - (1 << kx) + 1
    return np.maximum(
        np.maximum(table[ky, kx, y0, x0], table[ky, kx, ya, x0]),
        np.maximum(table[ky, kx, y0, xa], table[ky, kx, ya, xa]),
    )


def _floor_log2(n: np.ndarray) -> np.ndarray:
    """floor(log2(n)) of positive integers, exactly (frexp gives the binary exponent)."""
    return np.frexp(n.astype(np.float64))[1] - 1


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

    def tiles(self, depth: moderngl.Texture, tile: int | None = None) -> np.ndarray:
        """Farthest depth per ``tile`` (default: the reducer's) square of ``depth``."""
        tile = tile or self.tile
        w, h = depth.size
        tw, th = -(-w // tile), -(-h // tile)
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
        self.program["u_tile"].value = tile
        self.vao.render(moderngl.TRIANGLES)
        out = np.frombuffer(self._target.read(components=1, dtype="f4"), np.float32)
        previous.use()
        self.ctx.viewport = (0, 0, w, h)
        return out.reshape(th, tw)
