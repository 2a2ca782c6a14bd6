"""Pixel painting for the container screens' procedural textures: vanilla's palette, bevelled
boxes, arrows and masks, drawn into RGBA images at GUI-px resolution (1 GUI px = 1 pixel)."""

from __future__ import annotations

import numpy as np

from odyssey.render.gui import blend, text_sprite, text_width

LABEL_COLOR = (64, 64, 64)  # 0x404040
PANEL, LIGHT, SHADOW, EDGE = (198, 198, 198), (255, 255, 255), (85, 85, 85), (0, 0, 0)
SLOT_FILL, SLOT_DARK = (139, 139, 139), (55, 55, 55)

Rgb = tuple[int, int, int]


def bevel(img: np.ndarray, x: int, y: int, w: int, h: int, tl: Rgb, br: Rgb, fill: Rgb) -> None:
    """A w × h box: top/left edges ``tl``, bottom/right ``br``, inside ``fill``."""
    img[y : y + h, x : x + w] = (*tl, 255)
    img[y + 1 : y + h, x + 1 : x + w] = (*br, 255)
    img[y + 1 : y + h - 1, x + 1 : x + w - 1] = (*fill, 255)


def fill(img: np.ndarray, x: int, y: int, w: int, h: int, color: Rgb) -> None:
    img[y : y + h, x : x + w] = (*color, 255)


def arrow(
    img: np.ndarray, x: int, y: int, w: int, h: int, color: Rgb, upto: int | None = None
) -> None:
    """A right-pointing arrow in a w × h box, drawn up to column ``upto``."""
    mid = h // 2
    for col in range(w if upto is None else min(upto, w)):
        if col < w - mid - 1:
            img[y + mid - 2 : y + mid + 2, x + col] = (*color, 255)
        else:
            reach = w - col
            img[y + max(0, mid - reach) : y + min(h, mid + reach), x + col] = (*color, 255)


def down_arrow(w: int, h: int) -> np.ndarray:
    """(h, w) bool: a downward arrow, a 3 px shaft then a head on the last w // 2 + 1 rows."""
    mask = np.zeros((h, w), bool)
    head = w // 2 + 1
    mask[: h - head, w // 2 - 1 : w // 2 + 2] = True
    for row in range(head):
        half = head - 1 - row
        mask[h - head + row, w // 2 - half : w // 2 + half + 1] = True
    return mask


def cross(img: np.ndarray, x: int, y: int, w: int, h: int, color: Rgb, width: int = 2) -> None:
    """An X over the w × h box (vanilla's red "cannot" marks)."""
    for i in range(max(w, h) * 2):
        t = i / (max(w, h) * 2 - 1)
        cx, cy = round(x + t * (w - width)), round(y + t * (h - width))
        img[cy : cy + width, cx : cx + width] = (*color, 255)
        cx2 = round(x + (1 - t) * (w - width))
        img[cy : cy + width, cx2 : cx2 + width] = (*color, 255)


def disc(w: int, h: int, cx: float, cy: float, r: float) -> np.ndarray:
    """(h, w) bool: a filled circle."""
    v, u = np.mgrid[0:h, 0:w] + 0.5
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r


def shadow_of(color: Rgb) -> Rgb:
    """Vanilla's text shadow: the colour's channels / 4 ((rgb & 0xFCFCFC) >> 2)."""
    return (color[0] // 4, color[1] // 4, color[2] // 4)


def text(
    frame: np.ndarray, origin: tuple[int, int], words: str, x: int, y: int, s: int, color: Rgb,
    shadow: bool = False,
) -> None:  # fmt: skip
    """Vanilla's drawString at GUI px (x, y) of an image whose top-left is frame pixel
    ``origin``; our text sprites start a GUI px above vanilla's line, hence y − 1."""
    ox, oy = origin
    if shadow:
        blend(frame, text_sprite(words, s, shadow_of(color)), ox + (x + 1) * s, oy + y * s)
    blend(frame, text_sprite(words, s, color), ox + x * s, oy + (y - 1) * s)


def fit(words: str, width: int, s: int) -> str:
    """``words`` cut to ``width`` GUI px (vanilla's plainSubstrByWidth)."""
    while words and text_width(words, s) > width:
        words = words[:-1]
    return words
