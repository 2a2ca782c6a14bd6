"""A top-down picture of a world from map colours with height shading, like an in-game map.

Each pixel is the highest block whose map colour is not transparent, shaded as vanilla maps do:
brighter where the ground rises towards the south, darker where it falls (compared with the
block to the north). Large worlds are drawn at several blocks per pixel.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from odyssey.errors import WorldError
from odyssey.world.storage import World

# Vanilla map shades: lower than the northern neighbour, level, higher.
SHADE_LOWER, SHADE_LEVEL, SHADE_HIGHER = 180, 220, 255
EMPTY_RGB = (0, 0, 0)
MAX_SIDE_PX = 4096


@dataclass(frozen=True)
class TopDown:
    """The picture (RGB, rows = z from north to south) and where it lies in the world."""

    rgb: np.ndarray
    origin_x: int
    origin_z: int
    blocks_per_pixel: int


def pick_scale(width: int, depth: int) -> int:
    """Blocks per pixel that fit the picture in MAX_SIDE_PX: 1..16, or a multiple of 16."""
    scale = max(1, -(-max(width, depth) // MAX_SIDE_PX))
    return scale if scale <= 16 else -(-scale // 16) * 16


def render_topdown(world: World, blocks_per_pixel: int | None = None) -> TopDown:
    """Draw the world's full chunks seen from above.

    Each chunk is drawn straight into the (scaled) picture, so a world spread over millions of
    blocks costs the picture's memory, not its bounding box's.
    """
    positions = [(c.cx, c.cz) for c in world.chunks()]
    if not positions:
        raise WorldError("the world has no full chunks to draw")
    cxs, czs = zip(*positions, strict=True)
    x0, z0 = min(cxs) * 16, min(czs) * 16
    width, depth = (max(cxs) + 1) * 16 - x0, (max(czs) + 1) * 16 - z0
    scale = blocks_per_pixel or pick_scale(width, depth)
    if scale < 1 or (scale > 16 and scale % 16):
        raise WorldError(f"blocks per pixel must be 1..16 or a multiple of 16, got {scale}")
    shape = (-(-depth // scale), -(-width // scale))
    heights = np.full(shape, world.dimension.min_y - 1, dtype=np.int64)
    colors = np.zeros(shape, dtype=np.uint8)
    mask = world.registry.state_map_color != 0
    for chunk in world.chunks(positions):
        tops, states = chunk.surface(mask, world.dimension.min_y)
        # the chunk's blocks that fall on pixel corners: (x - x0) and (z - z0) multiples of scale
        bx, bz = chunk.cx * 16 - x0, chunk.cz * 16 - z0
        lx = np.arange((-bx) % scale, 16, scale)
        lz = np.arange((-bz) % scale, 16, scale)
        if len(lx) == 0 or len(lz) == 0:
            continue
        rows, cols = np.ix_((bz + lz) // scale, (bx + lx) // scale)
        heights[rows, cols] = tops[np.ix_(lz, lx)]
        colors[rows, cols] = world.registry.state_map_color[states[np.ix_(lz, lx)]]
    rgb = shade(world.registry.map_color_rgb[colors], heights, colors != 0)
    return TopDown(rgb, x0, z0, scale)


def shade(base: np.ndarray, heights: np.ndarray, present: np.ndarray) -> np.ndarray:
    """Apply vanilla's three map shades by comparing each height with its northern neighbour."""
    north = np.vstack([heights[:1], heights[:-1]])
    factor = np.full(heights.shape, SHADE_LEVEL, dtype=np.uint16)
    factor[heights > north] = SHADE_HIGHER
    factor[heights < north] = SHADE_LOWER
    out = (base.astype(np.uint16) * factor[..., None] // 255).astype(np.uint8)
    out[~present] = EMPTY_RGB
    return out


def save_topdown(world: World, out: Path, blocks_per_pixel: int | None = None) -> TopDown:
    """Draw the world and write it as a PNG."""
    from PIL import Image

    picture = render_topdown(world, blocks_per_pixel)
    out = Path(out)
    if out.parent and not out.parent.exists():
        raise WorldError(f"{out}: folder {out.parent} does not exist")
    Image.fromarray(picture.rgb, "RGB").save(out)
    return picture
