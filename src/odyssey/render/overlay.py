"""The 2-D overlays drawn over a rendered frame: crosshair, hotbar, waypoint markers, HUD text.

Every ``draw_*`` function draws into ``frame`` (an H × W × 3 uint8 array) **in place** and returns
None, at vanilla's GUI scale for the frame's size (``gui_scale``) unless ``scale`` is given.
Geometry follows Minecraft 1.21's ``Gui``: a 15 × 15 colour-inverting crosshair in the middle,
the 182 × 22 hotbar at the bottom centre with its 24 × 23 selection frame and 16 × 16 item icons.
Textures are drawn procedurally (no Mojang assets); what they look like is our own approximation.
Parts that fall outside a small frame are clipped, never an error.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from odyssey.render.gui import (
    LINE_HEIGHT,
    Color,
    Sprite,
    blend,
    composite,
    frame_scale,
    gui_scale,
    gui_size,
    invert,
    rect_sprite,
    solid_rgba,
    text_sprite,
    text_width,
    upscale,
)
from odyssey.render.markers import XAERO_COLORS, MarkerLabel, distance_text, draw_markers
from odyssey.render.view import HOTBAR_SLOTS, Hotbar

__all__ = [
    "XAERO_COLORS",
    "MarkerLabel",
    "crosshair_origin",
    "distance_text",
    "draw_crosshair",
    "draw_hotbar",
    "draw_hud",
    "draw_markers",
    "facing_name",
    "gui_scale",
    "hotbar_origin",
    "hud_lines",
    "item_icon",
    "wrap_degrees",
]

CROSSHAIR_SIZE = 15  # GUI px: vanilla's hud/crosshair sprite
# The cross inside the 15 × 15 sprite: 1 GUI px thick, 9 GUI px long, centred on (7, 7).
CROSSHAIR_ARM = 4
HOTBAR_WIDTH, HOTBAR_HEIGHT = 182, 22  # GUI px: hud/hotbar
SELECTION_WIDTH, SELECTION_HEIGHT = 24, 23  # GUI px: hud/hotbar_selection (23 tall since 1.20.2)
SLOT_PITCH = 20  # GUI px between slots
ICON_SIZE = 16  # GUI px: an item icon
ICON_OFFSET = 3  # GUI px: icon i sits at x = 3 + 20 i, y = 3 inside the bar
DEFAULT_ITEM_COLOR: Color = (139, 139, 139)

# Our hotbar texture (not vanilla's file): dark edge, grey slot frames, translucent dark slots.
_BAR_EDGE = ((20, 20, 20), 200)
_BAR_FRAME = ((139, 139, 139), 230)
_BAR_SLOT = ((0, 0, 0), 100)
_SELECTION_OUTLINE = ((0, 0, 0), 255)
_SELECTION_OUTER = ((255, 255, 255), 255)
_SELECTION_INNER = ((198, 198, 198), 255)

# Vanilla's debug screen (F3) line style, which our HUD copies: 0x90505050 backing, 0xE0E0E0 text.
HUD_BACKING: tuple[Color, int] = ((80, 80, 80), 0x90)
HUD_TEXT: Color = (224, 224, 224)

FACINGS = ("south", "west", "north", "east")  # vanilla's 2-D data values 0..3
TOWARDS = {
    "south": "Towards positive Z",
    "west": "Towards negative X",
    "north": "Towards negative Z",
    "east": "Towards positive X",
}


# --- crosshair ------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _crosshair_mask(scale: int) -> np.ndarray:
    centre = CROSSHAIR_SIZE // 2
    mask = np.zeros((CROSSHAIR_SIZE, CROSSHAIR_SIZE), bool)
    mask[centre, centre - CROSSHAIR_ARM : centre + CROSSHAIR_ARM + 1] = True
    mask[centre - CROSSHAIR_ARM : centre + CROSSHAIR_ARM + 1, centre] = True
    return upscale(mask, scale)


def crosshair_origin(width: int, height: int, scale: int) -> tuple[int, int]:
    """Top-left frame pixel of the crosshair sprite: ((guiW − 15) / 2, (guiH − 15) / 2) GUI px."""
    gui_w, gui_h = gui_size(width, height, scale)
    return (gui_w - CROSSHAIR_SIZE) // 2 * scale, (gui_h - CROSSHAIR_SIZE) // 2 * scale


def draw_crosshair(frame: np.ndarray, scale: int | None = None) -> None:
    """Vanilla's first-person crosshair: a plus that inverts the colours beneath it."""
    scale = frame_scale(frame, scale)
    x, y = crosshair_origin(frame.shape[1], frame.shape[0], scale)
    invert(frame, _crosshair_mask(scale), x, y)


# --- item icons -----------------------------------------------------------------------------

_FLAME_CORE, _FLAME, _FLAME_EDGE = (255, 255, 210), (255, 216, 0), (255, 140, 0)
_STICK_LIGHT, _STICK_DARK = (137, 103, 52), (95, 70, 34)
# (x, y, colour) in the 16 × 16 icon. Vanilla's torch is a 2-px stick topped by a 2 × 2 flame;
# ours has a slightly taller flame so that it reads as a torch at GUI scale 1.
_TORCH_PIXELS = (
    [(7, 3, _FLAME_EDGE), (7, 4, _FLAME), (8, 4, _FLAME_EDGE)]
    + [(6, 5, _FLAME_EDGE), (7, 5, _FLAME_CORE), (8, 5, _FLAME), (9, 5, _FLAME_EDGE)]
    + [(6, 6, _FLAME_EDGE), (7, 6, _FLAME_CORE), (8, 6, _FLAME_CORE), (9, 6, _FLAME_EDGE)]
    + [(7, 7, _FLAME), (8, 7, _FLAME)]
    + [(x, y, _STICK_LIGHT if x == 7 else _STICK_DARK) for y in range(8, 16) for x in (7, 8)]
)
# Face shades of a block icon (top, left, right), like an item-frame view of a lit cube.
_CUBE_SHADES = (1.0, 0.8, 0.6)


@lru_cache(maxsize=1)
def _torch_icon() -> np.ndarray:
    icon = np.zeros((ICON_SIZE, ICON_SIZE, 4), np.uint8)
    for x, y, color in _TORCH_PIXELS:
        icon[y, x] = (*color, 255)
    return icon


@lru_cache(maxsize=1)
def _cube_faces() -> np.ndarray:
    """Which face of an isometric cube covers each icon pixel: 0 none, 1 top, 2 left, 3 right."""
    v, u = np.mgrid[0:ICON_SIZE, 0:ICON_SIZE] + 0.5
    top = np.abs(u - 8) / 7 + np.abs(v - 4.5) / 3.5 <= 1
    left = (u >= 1) & (u <= 8) & (v >= 4.5 + (u - 1) / 2) & (v <= 11.5 + (u - 1) / 2)
    right = (u >= 8) & (u <= 15) & (v >= 8 - (u - 8) / 2) & (v <= 15 - (u - 8) / 2)
    return np.select([top, left, right], [1, 2, 3], 0)


def _cube_icon(color: Color) -> np.ndarray:
    faces = _cube_faces()
    icon = np.zeros((ICON_SIZE, ICON_SIZE, 4), np.uint8)
    for face, shade in enumerate(_CUBE_SHADES, start=1):
        icon[faces == face] = (*(round(c * shade) for c in color), 255)
    return icon


def item_icon(item: str, color: Color | None) -> np.ndarray:
    """A 16 × 16 RGBA icon: a torch drawn as one, any other item as a cube in ``color``."""
    if item == "torch":
        return _torch_icon()
    return _cube_icon(color or DEFAULT_ITEM_COLOR)


# --- hotbar ---------------------------------------------------------------------------------


def _hotbar_rgba() -> np.ndarray:
    bar = solid_rgba(HOTBAR_WIDTH, HOTBAR_HEIGHT, *_BAR_EDGE)
    for slot in range(HOTBAR_SLOTS):
        x = 1 + SLOT_PITCH * slot  # each slot: a 20 × 20 frame around an 18 × 18 well
        bar[1:21, x : x + 20] = (*_BAR_FRAME[0], _BAR_FRAME[1])
        bar[2:20, x + 1 : x + 19] = (*_BAR_SLOT[0], _BAR_SLOT[1])
    return bar


def _selection_rgba() -> np.ndarray:
    frame = solid_rgba(SELECTION_WIDTH, SELECTION_HEIGHT, *_SELECTION_OUTLINE)
    frame[1:, 1:-1] = (*_SELECTION_OUTER[0], _SELECTION_OUTER[1])
    frame[2:-1, 2:-2] = (*_SELECTION_INNER[0], _SELECTION_INNER[1])
    frame[3:-2, 3:-3] = 0  # the 18 × 18 well shows through
    return frame


@lru_cache(maxsize=64)
def _hotbar_sprite(
    scale: int, items: tuple[tuple[str, Color | None] | None, ...], selected: int
) -> Sprite:
    # Canvas origin is one GUI px left of and above the bar, where the selection frame can reach.
    canvas = np.zeros((HOTBAR_HEIGHT + 1, HOTBAR_WIDTH + 2, 4), np.uint8)
    composite(canvas, _hotbar_rgba(), 1, 1)
    composite(canvas, _selection_rgba(), SLOT_PITCH * selected, 0)
    for slot, entry in enumerate(items):
        if entry is not None:
            x = 1 + ICON_OFFSET + SLOT_PITCH * slot
            composite(canvas, item_icon(*entry), x, 1 + ICON_OFFSET)
    return Sprite.from_rgba(upscale(canvas, scale))


def hotbar_origin(width: int, height: int, scale: int) -> tuple[int, int]:
    """Top-left frame pixel of the hotbar: (guiW / 2 − 91, guiH − 22) GUI px, as vanilla."""
    gui_w, gui_h = gui_size(width, height, scale)
    return (gui_w // 2 - HOTBAR_WIDTH // 2) * scale, (gui_h - HOTBAR_HEIGHT) * scale


def draw_hotbar(
    frame: np.ndarray,
    hotbar: Hotbar,
    item_color: Callable[[str], Color] | None = None,
    scale: int | None = None,
) -> None:
    """Vanilla's hotbar: nine slots, the selection frame, item icons (torch drawn as a torch)."""
    scale = frame_scale(frame, scale)
    items = tuple(
        None if item is None else (item, item_color(item) if item_color else None)
        for item in hotbar.slots
    )
    x, y = hotbar_origin(frame.shape[1], frame.shape[0], scale)
    blend(frame, _hotbar_sprite(scale, items, hotbar.selected), x - scale, y - scale)


# --- HUD ------------------------------------------------------------------------------------


def facing_name(yaw: float) -> str:
    """Vanilla's horizontal facing for a yaw: ``Direction.fromYRot`` (0 = south, 90 = west)."""
    return FACINGS[math.floor(yaw / 90.0 + 0.5) & 3]


def wrap_degrees(angle: float) -> float:
    """An angle in [−180, 180), as vanilla's ``Mth.wrapDegrees``."""
    wrapped = math.fmod(angle, 360.0)
    if wrapped >= 180.0:
        wrapped -= 360.0
    if wrapped < -180.0:
        wrapped += 360.0
    return wrapped


def hud_lines(pos: tuple[float, float, float], yaw: float, pitch: float) -> tuple[str, str]:
    """The HUD's text: the block the feet are in, and the facing worded as vanilla's F3 screen."""
    block = " / ".join(str(math.floor(c)) for c in pos)
    facing = facing_name(yaw)
    angles = f"({wrap_degrees(yaw):.1f} / {wrap_degrees(pitch):.1f})"
    return f"XYZ: {block}", f"Facing: {facing} ({TOWARDS[facing]}) {angles}"


def draw_hud(
    frame: np.ndarray,
    pos: tuple[float, float, float],
    yaw: float,
    pitch: float,
    scale: int | None = None,
) -> None:
    """The optional HUD (Mine Odyssey's BoccHUD): block position and facing, top left.

    Drawn in vanilla F3's style (light text on translucent grey), readable on sky and ground.
    """
    scale = frame_scale(frame, scale)
    for i, line in enumerate(hud_lines(pos, yaw, pitch)):
        # F3 layout: text at GUI (2, 2 + 9 i), backing from (1, top - 1) to (3 + width, top + 8).
        top = (1 + LINE_HEIGHT * i) * scale  # the backing's and the text sprite's top row
        width = (text_width(line, scale) + 2) * scale
        blend(frame, rect_sprite(width, LINE_HEIGHT * scale, *HUD_BACKING), scale, top)
        blend(frame, text_sprite(line, scale, HUD_TEXT), 2 * scale, top)
