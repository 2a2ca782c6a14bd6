"""The optional minimap (Xaero's Minimap): a small square map in a corner of the screen.

North is up (Xaero's "lock north"; Xaero's own default turns the map with the player), the
player arrow sits in the middle, one block per pixel by default, unmapped ground is black.
Waypoints are Xaero's small icons, a box in their colour with their initials; those beyond the
map's edge stay on the edge in their direction, as Xaero's Minimap shows distant waypoints.
The minimap sits at the top right (Xaero's default corner is the top left, where Mine Odyssey's
HUD text goes) inside a dark frame. Its size in pixels is ours: 128 by default.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PIL import Image, ImageDraw

from odyssey.render.gui import blend, gui_scale
from odyssey.render.mapview import (
    ExploredArea,
    MapTiles,
    badge_sprite,
    block_under,
    draw_arrow,
    unpack_rgb,
)
from odyssey.render.view import Waypoint

DEFAULT_SIZE_PX = 128
MARGIN_PX = 6  # from the screen's top and right edges
FRAME_PX = 2
FRAME_RGB = (32, 32, 32)


def render_minimap(
    tiles: MapTiles,
    explored: ExploredArea | None,
    player: tuple[float, float, float],
    yaw: float,
    waypoints: Sequence[Waypoint],
    size_px: int = DEFAULT_SIZE_PX,
    pixels_per_block: float = 1.0,
    icon_scale: int = 2,
) -> np.ndarray:
    """The minimap as (size_px, size_px, 3) uint8, centred on the player, north up; waypoint
    icons at GUI scale ``icon_scale`` (2 on an 854 × 480 screen)."""
    if not 16 <= size_px <= 1024:
        raise ValueError(f"minimap size must be 16..1024 pixels, got {size_px}")
    if pixels_per_block <= 0:
        raise ValueError(f"pixels_per_block must be positive, got {pixels_per_block}")
    x, _, z = player
    offsets = (np.arange(size_px) + 0.5 - size_px / 2) / pixels_per_block
    include = None if explored is None else explored.includes
    pixels = unpack_rgb(
        tiles.sample_packed(block_under(x + offsets), block_under(z + offsets), include)
    )
    centre = size_px / 2
    for waypoint in sorted(waypoints, key=lambda w: w.position[2]):
        wx, _, wz = waypoint.position
        badge = badge_sprite(waypoint.caption, waypoint.color, icon_scale)
        inset = (badge.width / 2, badge.height / 2)
        at = (centre + (wx - x) * pixels_per_block, centre + (wz - z) * pixels_per_block)
        bx, by = edge_clamp(at, size_px, inset)
        blend(pixels, badge, round(bx - badge.width / 2), round(by - badge.height / 2))
    image = Image.fromarray(pixels)
    draw_arrow(ImageDraw.Draw(image), (centre, centre), yaw, length=max(10.0, size_px / 9))
    return np.array(image)


def edge_clamp(
    at: tuple[float, float], size_px: int, inset: tuple[float, float]
) -> tuple[float, float]:
    """``at`` if a marker there fits inside the square, else the point where the line from
    the centre towards ``at`` leaves the square shrunk by ``inset`` (x, y)."""
    centre = size_px / 2
    dx, dy = at[0] - centre, at[1] - centre
    reach = max(abs(dx) / (centre - inset[0]), abs(dy) / (centre - inset[1]))
    if reach <= 1.0:
        return at
    return centre + dx / reach, centre + dy / reach


def draw_minimap(
    frame: np.ndarray,
    tiles: MapTiles,
    explored: ExploredArea | None,
    player: tuple[float, float, float],
    yaw: float,
    waypoints: Sequence[Waypoint],
    size_px: int = DEFAULT_SIZE_PX,
    pixels_per_block: float = 1.0,
) -> None:
    """Draw the minimap in its frame at the top-right corner of ``frame`` (H, W, 3), in place,
    as the other overlays do."""
    height, width = frame.shape[:2]
    outer = size_px + 2 * FRAME_PX
    if outer + MARGIN_PX > min(width, height):
        raise ValueError(f"a {size_px}-pixel minimap does not fit a {width}x{height} frame")
    left, top, right, bottom = minimap_box(width, size_px)
    frame[top - FRAME_PX : bottom + FRAME_PX, left - FRAME_PX : right + FRAME_PX] = FRAME_RGB
    scale = gui_scale(width, height)
    minimap = render_minimap(
        tiles, explored, player, yaw, waypoints, size_px, pixels_per_block, scale
    )
    frame[top:bottom, left:right] = minimap


def minimap_box(width: int, size_px: int = DEFAULT_SIZE_PX) -> tuple[int, int, int, int]:
    """Where ``draw_minimap`` puts the map itself on a frame ``width`` wide: (left, top,
    right, bottom), right and bottom exclusive."""
    left = width - MARGIN_PX - FRAME_PX - size_px
    top = MARGIN_PX + FRAME_PX
    return left, top, left + size_px, top + size_px
