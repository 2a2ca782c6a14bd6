"""Sign text: each sign side's four lines drawn into a texture layer and placed on the board.

Vanilla draws up to four lines of 90 font pixels each, centred, in the sign's dye colour (black
by default; glowing text is brighter). We draw them with DejaVu Sans into 128 x 64 layers of a
texture array and put one quad per side on the board's face, a hair in front of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from odyssey.render.fonts import font
from odyssey.render.mesher import NO_TINT, POS_UNITS, UV_UNITS, pack_positions
from odyssey.world.signs import sign_lines
from odyssey.world.storage import World

TEXT_W, TEXT_H = 128, 64
DYE_TEXT = {
    "black": (0, 0, 0),
    "white": (240, 240, 240),
    "orange": (240, 118, 19),
    "magenta": (189, 68, 179),
    "light_blue": (58, 175, 217),
    "yellow": (248, 198, 39),
    "lime": (112, 185, 25),
    "pink": (237, 141, 172),
    "gray": (62, 68, 71),
    "light_gray": (142, 142, 134),
    "cyan": (21, 137, 145),
    "purple": (121, 42, 172),
    "blue": (53, 57, 157),
    "brown": (114, 71, 40),
    "green": (84, 109, 27),
    "red": (161, 39, 34),
}

SignText = tuple[tuple[str, ...], tuple[int, int, int]]


def text_image(lines: tuple[str, ...], color: tuple[int, int, int]) -> np.ndarray:
    """One sign side as RGBA (TEXT_H, TEXT_W, 4): centred lines on a clear background."""
    img = Image.new("RGBA", (TEXT_W, TEXT_H), (*color, 0))
    draw = ImageDraw.Draw(img)
    face = font(13)
    for i, line in enumerate(lines):
        if not line:
            continue
        width = draw.textlength(line, font=face)
        draw.text(((TEXT_W - width) / 2, 1 + i * 16), line, font=face, fill=(*color, 255))
    return np.asarray(img, np.uint8)


def side_text(entity: dict[str, Any], side: str) -> SignText | None:
    lines = tuple(sign_lines(entity, side))
    if not any(line.strip() for line in lines):
        return None
    raw = entity.get(f"{side}_text")
    color_name = raw.get("color", "black") if isinstance(raw, dict) else "black"
    return lines, DYE_TEXT.get(str(color_name), DYE_TEXT["black"])


@dataclass
class SignTextures:
    """Texture layers of every sign text seen so far (CPU copies; the renderer uploads them)."""

    layers: dict[SignText, int] = field(default_factory=dict)
    images: list[np.ndarray] = field(default_factory=list)

    def layer(self, text: SignText) -> int:
        index = self.layers.get(text)
        if index is None:
            index = len(self.images)
            self.layers[text] = index
            self.images.append(text_image(*text))
        return index


def sign_vertices(
    world: World,
    cx: int,
    cz: int,
    planes_of: Any,  # (state id) -> list of (origin, right, up) per side: front first
    textures: SignTextures,
    light_at: Any,  # (x, y, z) -> packed light of the sign's cell
) -> np.ndarray:
    """Quads carrying the text of every sign in a chunk column, in the mesher's vertex format."""
    chunk = world.chunk(cx, cz)
    if chunk is None or not chunk.block_entities:
        return np.zeros((0, 8), np.uint16)
    quads: list[np.ndarray] = []
    min_y = world.dimension.min_y
    for (x, y, z), entity in sorted(chunk.block_entities.items()):
        planes = planes_of(world.get_block(x, y, z))
        for side, plane in zip(("front", "back"), planes, strict=False):
            text = side_text(entity, side)
            if text is None:
                continue
            origin, right, up = (np.asarray(v, np.float64) for v in plane)
            normal = np.cross(right, up)
            normal /= np.linalg.norm(normal)
            base = np.array([x - cx * 16, y - min_y, z - cz * 16], np.float64) + origin
            base += normal / POS_UNITS  # in front of the board by one position unit
            corners = np.array([base, base + right, base + right + up, base + up])
            uv = np.array([[0, 1], [1, 1], [1, 0], [0, 0]], np.float64)
            quad = np.zeros((4, 8), np.uint16)
            quad[:, 0:3] = pack_positions(corners)
            quad[:, 3:5] = np.round(uv * UV_UNITS).astype(np.uint16)
            quad[:, 5] = textures.layer(text)
            quad[:, 6] = light_at(x, y, z) | (6 << 8)
            quad[:, 7] = NO_TINT
            quads.append(quad)
    return np.concatenate(quads) if quads else np.zeros((0, 8), np.uint16)
