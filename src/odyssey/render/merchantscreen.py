"""The villager's trading screen in vanilla 1.21's layout (MerchantScreen, 276 × 166 GUI px).

Slots (``containers``): payments (136, 37) and (162, 37), the result (220, 37), the 27 main
slots from (108, 84) and the hotbar at y 142. On the left, seven 88 × 20 offer buttons at
(5, 18 + 20 i), one per offer (vanilla hides the rest): cost A at (10, 19 + 20 i) (with the
demand price), cost B at (40, …), a 10 × 9 arrow at (60, 22 + 20 i) — a red cross when the
offer is used up — and the result at (73, …); the hovered and the selected button are
highlighted. The scroller (6 × 27) sits at (94, 18) (greyed with 7 offers or fewer; we always
show the first seven). At the top, the villager's experience bar (102 × 5 at (136, 16)) fills
from its level's threshold to the next (VillagerData's 0, 10, 70, 150, 250; none for a master
or a wandering trader); a used-up selected offer draws a red cross over the big arrow (28 × 21
at (182, 35)). Labels: the title ("Farmer - Novice") centred on x 49 + 138, "Trades" centred on
x 53, "Inventory" at (107, 72).
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.render.gui import text_width
from odyssey.render.guipaint import (
    EDGE,
    LABEL_COLOR,
    LIGHT,
    SLOT_DARK,
    SLOT_FILL,
    arrow,
    bevel,
    cross,
    text,
)
from odyssey.render.itemicons import IconBook, draw_stack
from odyssey.render.stationscreens import ERROR_RED, StationView

Rect = tuple[int, int, int, int]
WIDTH = 276
VISIBLE = 7
TRADE_BUTTONS: tuple[Rect, ...] = tuple((5, 18 + 20 * i, 88, 20) for i in range(VISIBLE))
ROW_ITEMS = (10, 40, 73)  # cost A, cost B, result; y = 19 + 20 i
XP_BAR: Rect = (136, 16, 102, 5)
SCROLLER: Rect = (94, 18, 6, 27)
SCROLL_TRACK = 139
BIG_ARROW: Rect = (182, 35, 28, 21)
NEXT_LEVEL_XP = (0, 10, 70, 150, 250)  # VillagerData.NEXT_LEVEL_XP_THRESHOLDS
LEVEL_NAMES = ("Novice", "Apprentice", "Journeyman", "Expert", "Master")
BUTTON_FACE, BUTTON_TOP, BUTTON_LOW = (111, 111, 111), (170, 170, 170), (70, 70, 70)
XP_BACK, XP_FILL = (60, 60, 60), (128, 255, 32)
ROW_ARROW = (255, 255, 255)


def xp_pixels(level: int, xp: int) -> int | None:
    """The experience bar's filled px (MerchantScreen.renderProgressBar), None when hidden."""
    if not 1 <= level < 5:
        return None
    low, high = NEXT_LEVEL_XP[level - 1], NEXT_LEVEL_XP[level]
    if xp < low:
        return 0
    return min(math.floor(102.0 / (high - low) * (xp - low)), 102)


def merchant_state(view: StationView, mouse: tuple[float, float] | None) -> tuple:
    """(per visible row: (used up, highlighted)), bar px, selected used up, can scroll."""
    rows = []
    for i, trade in enumerate(view.trades[:VISIBLE]):
        x, y, w, h = TRADE_BUTTONS[i]
        hovered = mouse is not None and x <= mouse[0] < x + w and y <= mouse[1] < y + h
        rows.append((trade.out_of_stock, hovered or i == view.selected))
    chosen = view.trades[view.selected] if 0 <= view.selected < len(view.trades) else None
    used_up = chosen is not None and chosen.out_of_stock
    return tuple(rows), xp_pixels(view.level, view.xp), used_up, len(view.trades) > VISIBLE


def paint_static(img: np.ndarray) -> None:
    """The scroll bar's track, the greyed scroller and the big arrow to the result."""
    x, y, w, _ = SCROLLER
    bevel(img, x - 1, y - 1, w + 2, SCROLL_TRACK + 2, SLOT_DARK, LIGHT, (50, 50, 50))
    _scroller(img, False)
    arrow(img, 186, 38, 22, 15, SLOT_FILL)


def _scroller(img: np.ndarray, enabled: bool) -> None:
    x, y, w, h = SCROLLER
    face = (198, 198, 198) if enabled else SLOT_FILL
    bevel(img, x, y, w, h, LIGHT if enabled else face, SLOT_DARK, face)


def _button(img: np.ndarray, rect: Rect, highlighted: bool) -> None:
    x, y, w, h = rect
    img[y : y + h, x : x + w] = (*(LIGHT if highlighted else EDGE), 255)
    bevel(img, x + 1, y + 1, w - 2, h - 2, BUTTON_TOP, BUTTON_LOW, BUTTON_FACE)


def _row_arrow(img: np.ndarray, row: int, used_up: bool) -> None:
    x, y = 60, 22 + 20 * row
    arrow(img, x, y, 10, 9, (160, 160, 160) if used_up else ROW_ARROW)
    if used_up:
        cross(img, x, y, 10, 9, ERROR_RED, 2)


def paint_state(img: np.ndarray, state: tuple) -> None:
    rows, bar, used_up, scrolls = state
    for i, (row_used_up, highlighted) in enumerate(rows):
        _button(img, TRADE_BUTTONS[i], highlighted)
        _row_arrow(img, i, row_used_up)
    if bar is not None:
        x, y, w, h = XP_BAR
        bevel(img, x, y, w, h, EDGE, EDGE, XP_BACK)
        img[y + 1 : y + h - 1, x : x + bar] = (*XP_FILL, 255)
    if used_up:
        cross(img, *BIG_ARROW, ERROR_RED, 3)
    _scroller(img, scrolls)


def draw_rows(
    frame: np.ndarray, book: IconBook, view: StationView, origin: tuple[int, int], s: int
) -> None:
    """Each visible offer's cost and result stacks, with their counts."""
    ox, oy = origin
    for i, trade in enumerate(view.trades[:VISIBLE]):
        y = oy + (19 + 20 * i) * s
        for x, stack in zip(ROW_ITEMS, (trade.cost_a, trade.cost_b, trade.result), strict=True):
            draw_stack(frame, book, stack, ox + x * s, y, s)


def title_of(view: StationView | None) -> str:
    """The title (merchant.title): the trader's name and a villager's level, "Farmer - Novice"."""
    name = view.title if view is not None and view.title else "Villager"
    level = view.level if view is not None else 0
    return f"{name} - {LEVEL_NAMES[level - 1]}" if 1 <= level <= 5 else name


def draw_labels(
    frame: np.ndarray, view: StationView | None, origin: tuple[int, int], s: int
) -> None:
    title = title_of(view)
    text(frame, origin, title, 49 + WIDTH // 2 - text_width(title, s) // 2, 6, s, LABEL_COLOR)
    text(frame, origin, "Trades", 5 - text_width("Trades", s) // 2 + 48, 6, s, LABEL_COLOR)
    text(frame, origin, "Inventory", 107, 166 - 94, s, LABEL_COLOR)
