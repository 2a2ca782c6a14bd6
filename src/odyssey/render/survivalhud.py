"""The survival HUD: the hotbar holding the real inventory, hearts, hunger, the experience bar,
the offhand slot and the held item in the first person.

Geometry is vanilla 1.21's ``Gui``: the hotbar's icons at (guiW / 2 − 91 + 3 + 20 i, guiH − 19);
the offhand slot (29 × 24) left of the hotbar at (guiW / 2 − 91 − 29, guiH − 23); the
experience bar (182 × 5) at (guiW / 2 − 91, guiH − 29); ten 9 × 9 hearts from
(guiW / 2 − 91, guiH − 39) going right 8 GUI px apart (a second row of absorption or extra
health 10 px higher), ten hunger shanks from (guiW / 2 + 91 − 9, guiH − 39) going left. A heart
is full while health ≥ 2 i + 2 and half at 2 i + 1, health rounded up as vanilla does; a
shank likewise with the food level. Sprites are procedural (no Mojang assets).

The held item is a 2-D stand-in for vanilla's 3-D hand: the item's icon, large, at the bottom
right (an empty hand shows the arm), darkened by the lightmap at the eye like the world.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from odyssey.render.gui import Sprite, blend, composite, gui_size, solid_rgba, upscale
from odyssey.render.itemicons import IconBook, draw_stack
from odyssey.render.overlay import draw_hotbar, hotbar_origin
from odyssey.render.view import Hotbar
from odyssey.sim.inventory import OFFHAND, ItemStack

HEART_SIZE = 9  # GUI px
ICON_PITCH = 8  # GUI px between hearts (and shanks)
BARS_ABOVE_BOTTOM = 39  # GUI px: the hearts' and shanks' top row
HEART_ROW = 10  # GUI px between rows of hearts
XP_ABOVE_BOTTOM = 29
XP_WIDTH, XP_HEIGHT = 182, 5
OFFHAND_WIDTH, OFFHAND_HEIGHT = 29, 24

# 9 × 9 sprites: o outline, f fill, h highlight, b bone, . clear
HEART = (
    ".ooo.ooo.",
    "offfofffo",
    "ohffffffo",
    "offfffffo",
    ".offfffo.",
    "..offfo..",
    "...ofo...",
    "....o....",
    ".........",
)
SHANK = (
    "...ooo...",
    "..offfo..",
    ".ohffffo.",
    "offffffo.",
    "offfffo..",
    ".offfo.o.",
    "..ooooobo",
    "......obo",
    ".......o.",
)
HEART_COLORS = {"o": (0, 0, 0), "f": (255, 19, 19), "h": (255, 170, 170)}
SHANK_COLORS = {"o": (50, 24, 8), "f": (190, 112, 44), "h": (232, 160, 90), "b": (236, 232, 214)}
EMPTY_FILL = (48, 48, 48)
XP_BACK, XP_FILL = (30, 30, 30), (128, 255, 32)
SLOT_EDGE, SLOT_WELL = ((20, 20, 20), 200), ((0, 0, 0), 100)
ARM_SKIN = (199, 150, 120)


def _rgba(rows: Sequence[str], colors: dict[str, tuple[int, int, int]]) -> np.ndarray:
    out = np.zeros((len(rows), len(rows[0]), 4), np.uint8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in colors:
                out[y, x] = (*colors[ch], 255)
    return out


@lru_cache(maxsize=64)
def bar_icon(kind: str, fill: str, scale: int) -> Sprite:
    """A heart or shank: ``fill`` is "empty", "half" or "full"; half fills the left half of a
    heart and the right half of a shank (the side the bar fills from)."""
    rows, colors = (HEART, HEART_COLORS) if kind == "heart" else (SHANK, SHANK_COLORS)
    full = _rgba(rows, colors)
    empty = _rgba(rows, {"o": colors["o"], "f": EMPTY_FILL, "h": EMPTY_FILL, "b": EMPTY_FILL})
    icon = full if fill == "full" else empty.copy()
    if fill == "half":
        cols = slice(0, 5) if kind == "heart" else slice(4, 9)
        inner = (full[..., 3] > 0) & np.array([[ch != "o" for ch in r] for r in rows])
        keep = np.zeros_like(inner)
        keep[:, cols] = True
        icon[inner & keep] = full[inner & keep]
    return Sprite.from_rgba(upscale(icon, scale))


def fills(value: int, count: int = 10) -> list[str]:
    """Per icon i: full while value >= 2 i + 2, half at 2 i + 1, else empty."""
    return ["full" if value >= 2 * i + 2 else "half" if value == 2 * i + 1 else "empty"
            for i in range(count)]  # fmt: skip


def draw_hearts(frame: np.ndarray, health: float, max_health: float, scale: int) -> None:
    gui_w, gui_h = gui_size(frame.shape[1], frame.shape[0], scale)
    hearts = max(1, math.ceil(max_health / 2))
    left, top = gui_w // 2 - 91, gui_h - BARS_ABOVE_BOTTOM
    for i, fill in enumerate(fills(math.ceil(max(health, 0.0)), hearts)):
        x, y = left + (i % 10) * ICON_PITCH, top - (i // 10) * HEART_ROW
        blend(frame, bar_icon("heart", fill, scale), x * scale, y * scale)


def draw_food(frame: np.ndarray, food: int, scale: int) -> None:
    gui_w, gui_h = gui_size(frame.shape[1], frame.shape[0], scale)
    right, top = gui_w // 2 + 91, gui_h - BARS_ABOVE_BOTTOM
    for i, fill in enumerate(fills(int(food))):
        x = right - i * ICON_PITCH - HEART_SIZE
        blend(frame, bar_icon("shank", fill, scale), x * scale, top * scale)


@lru_cache(maxsize=64)
def _xp_sprite(filled: int, scale: int) -> Sprite:
    bar = solid_rgba(XP_WIDTH, XP_HEIGHT, XP_BACK, 255)
    bar[1:-1, 1 : 1 + min(filled, XP_WIDTH - 2)] = (*XP_FILL, 255)
    return Sprite.from_rgba(upscale(bar, scale))


def draw_xp_bar(frame: np.ndarray, progress: float, scale: int) -> None:
    """The experience bar: vanilla fills progress × 183 of its 182 GUI px."""
    gui_w, gui_h = gui_size(frame.shape[1], frame.shape[0], scale)
    filled = int(max(0.0, min(progress, 1.0)) * 183.0)
    x, y = gui_w // 2 - 91, gui_h - XP_ABOVE_BOTTOM
    blend(frame, _xp_sprite(filled, scale), x * scale, y * scale)


def draw_inventory_hotbar(
    frame: np.ndarray,
    book: IconBook,
    inventory: Sequence[ItemStack | None],
    selected: int,
    scale: int,
) -> None:
    """The hotbar frame and selection (overlay's), the nine stacks with counts and bars, and
    the offhand slot when it holds something."""
    draw_hotbar(frame, Hotbar(selected=selected), None, scale)
    x, y = hotbar_origin(frame.shape[1], frame.shape[0], scale)
    for i in range(9):
        stack = inventory[i] if i < len(inventory) else None
        draw_stack(frame, book, stack, x + (3 + 20 * i) * scale, y + 3 * scale, scale)
    offhand = inventory[OFFHAND] if len(inventory) > OFFHAND else None
    if offhand is not None:
        ox, oy = x - OFFHAND_WIDTH * scale, y - scale
        blend(frame, _offhand_sprite(scale), ox, oy)
        draw_stack(frame, book, offhand, ox + 3 * scale, oy + 4 * scale, scale)


@lru_cache(maxsize=16)
def _offhand_sprite(scale: int) -> Sprite:
    slot = np.zeros((OFFHAND_HEIGHT, OFFHAND_WIDTH, 4), np.uint8)
    composite(slot, solid_rgba(22, 22, *SLOT_EDGE), 0, 1)
    composite(slot, solid_rgba(18, 18, *SLOT_WELL), 2, 3)
    return Sprite.from_rgba(upscale(slot, scale))


def hand_size(height: int) -> int:
    """Icon pixels are drawn this many frame pixels wide: the held item is ~45 % of the
    frame's height, as vanilla's first-person item at its default FOV."""
    return max(1, round(height * 0.45 / 16))


def draw_held_item(
    frame: np.ndarray, book: IconBook, held: ItemStack | None, brightness: np.ndarray
) -> None:
    """The held item (or the bare arm) at the bottom right, lit by ``brightness`` (RGB 0..1)."""
    h, w = frame.shape[:2]
    k = hand_size(h)
    sprite = _held_sprite(book, None if held is None else held.item, k, hand_level(brightness))
    if held is None:
        blend(frame, sprite, w - sprite.width - k, h - sprite.height + 2 * k)
    else:
        blend(frame, sprite, round(w * 0.66), h - sprite.height + 2 * k)


def hand_level(brightness: np.ndarray) -> tuple[int, ...]:
    """The held item's brightness in the 32 steps its sprite is cached by."""
    return tuple(int(v) for v in np.round(np.asarray(brightness) * 32))


def _arm(k: int) -> np.ndarray:
    """The right arm seen from the eye: a 4 × 12 model-pixel sleeve, slanted up-left."""
    arm = np.zeros((12 * k, 9 * k, 4), np.uint8)
    for row in range(12 * k):
        x0 = round((12 * k - row) * 0.4)
        arm[row, x0 : x0 + 4 * k] = (*ARM_SKIN, 255)
    return arm


@lru_cache(maxsize=128)
def _held_sprite(book: IconBook, item: str | None, k: int, level: tuple[int, ...]) -> Sprite:
    """The held item's icon (or the arm) enlarged ``k`` times, its colours × level / 32."""
    rgba = _arm(k) if item is None else upscale(book.icon(item), k)
    out = rgba.copy()
    out[..., :3] = np.clip(rgba[..., :3] * (np.array(level) / 32.0), 0, 255).astype(np.uint8)
    return Sprite.from_rgba(out)
