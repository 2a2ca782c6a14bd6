"""Occlusion culling against the depth of what is already drawn (a CPU hierarchical-Z test).

The nearest columns are drawn first; their depth buffer, reduced to the farthest depth per
8 x 8 pixel tile, then hides every farther column whose bounding box lies entirely behind it.
Only what cannot be seen is skipped, so the image is the same as drawing everything; the test
depends only on the frame being drawn, so the same state still gives the same pixels.
"""

from __future__ import annotations

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
