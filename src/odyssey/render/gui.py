"""Vanilla GUI geometry and 2-D drawing on an RGB frame: GUI scale, sprites, blending, text.

Everything the overlays draw is a small RGBA sprite built once (cached by its content and the GUI
scale) and alpha-blended into the frame's pixels with integer arithmetic, so an overlay pass costs
well under a millisecond and the same inputs give the same bytes. Sizes are given in *GUI pixels*
as vanilla does; one GUI pixel is ``scale`` × ``scale`` frame pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from odyssey.render.fonts import font

Color = tuple[int, int, int]

MIN_GUI_WIDTH = 320  # vanilla: auto GUI scale keeps the scaled screen at least 320 x 240
MIN_GUI_HEIGHT = 240
LINE_HEIGHT = 9  # GUI px: vanilla Font.lineHeight
CAP_HEIGHT = 7  # GUI px: vanilla's font draws capitals 7 px tall above the baseline
# GUI px below a text line that DejaVu's descenders may reach (vanilla's glyphs stay in the line).
DESCENT_ROOM = 2
# DejaVu Sans capitals are 1493/2048 em tall; this size gives them vanilla's 7 GUI px.
_EM_PER_CAP = 2048 / 1493


def gui_scale(width: int, height: int, setting: int = 0) -> int:
    """Vanilla's GUI scale for a ``width`` × ``height`` window (``Window.calculateScale``).

    ``setting`` 0 is "Auto": the largest scale that keeps the scaled screen at least 320 × 240
    GUI pixels; a positive setting caps the scale at that value, as the video option does.
    """
    scale = 1
    while (
        scale != setting
        and scale < width
        and scale < height
        and width // (scale + 1) >= MIN_GUI_WIDTH
        and height // (scale + 1) >= MIN_GUI_HEIGHT
    ):
        scale += 1
    return scale


def gui_size(width: int, height: int, scale: int) -> tuple[int, int]:
    """The scaled screen in GUI pixels; vanilla rounds a partial GUI pixel up."""
    return math.ceil(width / scale), math.ceil(height / scale)


def frame_scale(frame: np.ndarray, scale: int | None) -> int:
    """Check ``frame`` is a writable H × W × 3 uint8 image; the GUI scale to draw it at."""
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"frame must be an H x W x 3 uint8 array, got {frame.shape} {frame.dtype}")
    if not frame.flags.writeable:
        raise ValueError("frame must be writable: overlays draw into it in place")
    height, width = frame.shape[:2]
    if scale is None:
        return gui_scale(width, height)
    if scale < 1:
        raise ValueError(f"GUI scale must be at least 1, got {scale}")
    return scale


@dataclass(frozen=True, eq=False)
class Sprite:
    """A premultiplied RGBA image ready to blend: ``rgb`` = colour × alpha, ``keep`` = 255 − alpha.

    Both are uint16 so ``rgb + dst × keep`` (at most 255 × 255) never overflows.
    """

    rgb: np.ndarray  # (h, w, 3) uint16, colour already multiplied by alpha
    keep: np.ndarray  # (h, w, 1) uint16, 255 - alpha

    def __post_init__(self) -> None:
        # Sprites are cached and shared: nobody may change their pixels.
        self.rgb.flags.writeable = False
        self.keep.flags.writeable = False

    @property
    def height(self) -> int:
        return self.rgb.shape[0]

    @property
    def width(self) -> int:
        return self.rgb.shape[1]

    @classmethod
    def from_rgba(cls, rgba: np.ndarray) -> Sprite:
        """A sprite from an (h, w, 4) uint8 straight-alpha image."""
        alpha = rgba[..., 3:4].astype(np.uint16)
        return cls(rgba[..., :3].astype(np.uint16) * alpha, 255 - alpha)


def upscale(pixels: np.ndarray, scale: int) -> np.ndarray:
    """Nearest-neighbour enlargement by ``scale``: GUI textures are drawn with nearest filtering."""
    if scale == 1:
        return pixels
    return np.repeat(np.repeat(pixels, scale, axis=0), scale, axis=1)


def blend(frame: np.ndarray, sprite: Sprite, x: int, y: int) -> None:
    """Alpha-blend ``sprite`` into ``frame`` with its top-left at (x, y), clipped to the frame.

    out = (colour × alpha + dst × (255 − alpha)) / 255, rounded half up: OpenGL's SRC_ALPHA,
    ONE_MINUS_SRC_ALPHA blend on 8-bit channels.
    """
    height, width = frame.shape[:2]
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + sprite.width, width), min(y + sprite.height, height)
    if x0 >= x1 or y0 >= y1:
        return
    src = (slice(y0 - y, y1 - y), slice(x0 - x, x1 - x))
    dst = frame[y0:y1, x0:x1]
    mixed = sprite.rgb[src] + dst * sprite.keep[src] + 127
    dst[...] = mixed // 255


def invert(frame: np.ndarray, mask: np.ndarray, x: int, y: int) -> None:
    """Invert the frame's colours where ``mask`` (h, w bool) is set, its top-left at (x, y).

    This is vanilla's crosshair blend, ONE_MINUS_DST_COLOR / ONE_MINUS_SRC_COLOR with a white
    source: out = 1 − dst.
    """
    height, width = frame.shape[:2]
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + mask.shape[1], width), min(y + mask.shape[0], height)
    if x0 >= x1 or y0 >= y1:
        return
    region = frame[y0:y1, x0:x1]
    hit = mask[y0 - y : y1 - y, x0 - x : x1 - x]
    region[hit] = 255 - region[hit]


def solid_rgba(width: int, height: int, color: Color, alpha: int) -> np.ndarray:
    """An (h, w, 4) uint8 image of one colour and alpha."""
    rgba = np.empty((height, width, 4), np.uint8)
    rgba[..., :3] = color
    rgba[..., 3] = alpha
    return rgba


def font_size(scale: int) -> int:
    """The DejaVu Sans pixel size whose capitals are vanilla's 7 GUI px tall at ``scale``."""
    return round(CAP_HEIGHT * scale * _EM_PER_CAP)


@lru_cache(maxsize=1024)
def text_coverage(text: str, scale: int) -> np.ndarray:
    """Anti-aliased coverage (h, w uint8) of ``text`` laid out as a vanilla text line.

    Row 0 is one GUI px above the capitals, like the top of a label's background: capitals fill
    GUI rows 1..7 and the baseline is at row 8, so vanilla's "text at y" is this image at y - 1.
    The image is 9 + DESCENT_ROOM GUI px tall so DejaVu's descenders are not cut. Its width is
    the text's advance rounded up to whole GUI pixels, keeping layouts on the GUI grid as
    vanilla's are. Read-only (it is cached).
    """
    face = font(font_size(scale))
    width = max(1, math.ceil(face.getlength(text) / scale)) * scale
    image = Image.new("L", (width, (LINE_HEIGHT + DESCENT_ROOM) * scale), 0)
    baseline = (LINE_HEIGHT - 1) * scale
    ImageDraw.Draw(image).text((0, baseline), text, fill=255, font=face, anchor="ls")
    coverage = np.asarray(image, dtype=np.uint8).copy()
    coverage.flags.writeable = False
    return coverage


def text_width(text: str, scale: int) -> int:
    """Width of ``text`` in GUI pixels (what vanilla's ``Font.width`` answers for its font)."""
    return text_coverage(text, scale).shape[1] // scale


def composite(canvas: np.ndarray, rgba: np.ndarray, x: int, y: int) -> None:
    """Draw straight-alpha ``rgba`` over an RGBA ``canvas`` at (x, y) ("over"), clipped."""
    x0, y0 = max(x, 0), max(y, 0)
    x1 = min(x + rgba.shape[1], canvas.shape[1])
    y1 = min(y + rgba.shape[0], canvas.shape[0])
    if x0 >= x1 or y0 >= y1:
        return
    src = rgba[y0 - y : y1 - y, x0 - x : x1 - x].astype(np.uint32)
    dst = canvas[y0:y1, x0:x1].astype(np.uint32)
    top = src[..., 3:4]
    below = dst[..., 3:4] * (255 - top)  # the canvas's weight, in 1/255² units
    out_alpha = top * 255 + below
    out_rgb = (src[..., :3] * top * 255 + dst[..., :3] * below) // np.maximum(out_alpha, 1)
    canvas[y0:y1, x0:x1, :3] = out_rgb
    canvas[y0:y1, x0:x1, 3] = ((out_alpha + 127) // 255)[..., 0]


@lru_cache(maxsize=1024)
def text_sprite(text: str, scale: int, color: Color) -> Sprite:
    """``text`` in one opaque colour, laid out as ``text_coverage`` describes, ready to blend."""
    coverage = text_coverage(text, scale)[..., None].astype(np.uint16)
    rgb = coverage * np.array(color, np.uint16)
    return Sprite(rgb, 255 - coverage)


@lru_cache(maxsize=256)
def rect_sprite(width: int, height: int, color: Color, alpha: int) -> Sprite:
    """A ``width`` × ``height`` frame-pixel rectangle of one colour and alpha."""
    return Sprite.from_rgba(solid_rgba(width, height, color, alpha))
