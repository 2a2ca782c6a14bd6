"""The work stations' screens in vanilla 1.21's layout: the brewing stand, the enchanting table,
the anvil and the grindstone (the merchant's is ``merchantscreen``).

Positions are GUI px in the 176 × 166 image (``containers`` places it and draws the slots):

- ``brewing_stand`` (BrewingStandScreen): the bubbles (12 × 29 at (63, 14)) rise
  ``BUBBLE_LENGTHS[brew_time / 2 % 7]`` px while brewing, the brew arrow (9 × 28 at (97, 16))
  grows down to 28 · (1 − brew_time / 400), the fuel bar (18 × 4 at (60, 44)) shows
  (18 · fuel + 19) / 20 px of its 20 charges; the title is centred.
- ``enchantment`` (EnchantmentScreen): three 108 × 19 offer buttons at (60, 14 + 19 i), each
  with its level icon at (61, 15 + 19 i), its text at (80, 16 + 19 i) and its level cost
  right-aligned to x 166 on y 23 + 19 i, green (0x80FF20) when the player can pay it (lapis
  and levels), dark green (0x407F10) on a greyed button when not; an offer of cost 0 is a
  blank greyed button. The book (14..52, 14..45) opens while there are offers.
- ``anvil`` (AnvilScreen): the name field at (59, 20) 110 × 16 holds the item name from (62, 24)
  (greyed and empty without a left item); the cost line right-aligned to x 166 on y 69 over a
  0x4F000000 box from (x − 2, 67) to (168, 79): "Enchantment Cost: N" green, red when the
  levels are short, "Too Expensive!" red (0xFF6060); the red X (28 × 21 at (99, 45)) when there
  are inputs and no result.
- ``grindstone`` (GrindstoneScreen): the red X at (92, 31) when there are inputs and no result.

Deliberate difference: an offer button shows the clue (the enchantment and level vanilla's
tooltip names, "Sharpness II") in place of vanilla's random Standard Galactic Alphabet text.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.render.gui import blend, rect_sprite, text_width
from odyssey.render.guipaint import (
    EDGE,
    LIGHT,
    PANEL,
    SHADOW,
    SLOT_DARK,
    SLOT_FILL,
    arrow,
    bevel,
    cross,
    disc,
    down_arrow,
    fit,
    text,
)
from odyssey.sim.inventory import ItemStack

Rect = tuple[int, int, int, int]
STATIONS = ("brewing_stand", "enchantment", "anvil", "grindstone")
BUBBLES, BREW, FUEL_BAR = (63, 14, 12, 29), (97, 16, 9, 28), (60, 44, 18, 4)
BUBBLE_LENGTHS = (29, 24, 20, 16, 11, 6, 0)  # BrewingStandScreen.BUBBLELENGTHS
BREW_TIME = 400
OFFERS = tuple((60, 14 + 19 * i, 108, 19) for i in range(3))
NAME_FIELD, NAME_TEXT = (59, 20, 110, 16), (62, 24, 103, 12)
ANVIL_ERROR, GRINDSTONE_ERROR = (99, 45, 28, 21), (92, 31, 28, 21)
FUEL_COLOR, BREW_COLOR, BUBBLE_COLOR = (255, 186, 40), (255, 255, 255), (232, 232, 255)
ERROR_RED = (220, 30, 30)
OFFER_FACES = {"off": (120, 106, 104), "on": (196, 178, 160), "hover": (228, 212, 172)}
ORB_ON, ORB_OFF = (128, 255, 32), (96, 96, 84)
CLUE, CLUE_HOVER, CLUE_OFF = (0x68, 0x5E, 0x4A), (255, 255, 128), (0x34, 0x2F, 0x25)
COST_ON, COST_OFF = (0x80, 0xFF, 0x20), (0x40, 0x7F, 0x10)
ANVIL_GREEN, ANVIL_RED = (0x80, 0xFF, 0x20), (0xFF, 0x60, 0x60)
COST_BACK = ((0, 0, 0), 0x4F)
NAME_COLOR = (224, 224, 224)  # EditBox's text colour (0xE0E0E0)


@dataclass(frozen=True)
class TradeRow:
    """One merchant offer as its button shows it: cost A (with the demand price), cost B,
    the result and whether it is used up."""

    cost_a: ItemStack
    cost_b: ItemStack | None
    result: ItemStack
    out_of_stock: bool = False


@dataclass(frozen=True)
class StationView:
    """What a station's screen shows besides its slots (each field for its screens):
    brewing ``brew_time`` (400 → 0) and ``fuel`` (0-20); enchanting ``costs``, ``clues``
    (text or None) and ``usable`` (enough lapis and levels); the anvil's ``item_name`` (None:
    no left item), ``cost``, ``too_expensive`` and ``affordable``; the merchant's ``trades``,
    ``selected``, ``level`` (0: no bar, a wandering trader), ``xp`` and ``title``."""

    brew_time: int = 0
    fuel: int = 0
    costs: tuple[int, ...] = (0, 0, 0)
    clues: tuple[str | None, ...] = (None, None, None)
    usable: tuple[bool, ...] = (False, False, False)
    item_name: str | None = None
    cost: int = 0
    too_expensive: bool = False
    affordable: bool = True
    trades: tuple[TradeRow, ...] = ()
    selected: int = 0
    level: int = 0
    xp: int = 0
    title: str = ""


def brewing_pixels(brew_time: int, fuel: int) -> tuple[int, int, int]:
    """(fuel bar px, brew arrow px, bubble px) as BrewingStandScreen.renderBg works them out."""
    fuel_px = max(0, min((18 * fuel + 19) // 20, 18))
    if brew_time <= 0:
        return fuel_px, 0, 0
    return fuel_px, int(28.0 * (1.0 - brew_time / BREW_TIME)), BUBBLE_LENGTHS[brew_time // 2 % 7]


def _inside(rect: Rect, gx: float, gy: float) -> bool:
    x, y, w, h = rect
    return x <= gx < x + w and y <= gy < y + h


def offer_states(view: StationView, mouse: tuple[float, float] | None) -> tuple[str, ...]:
    """Per enchanting button: "blank" (cost 0), "off" (cannot pay), "on" or "hover"."""
    out = []
    for i, rect in enumerate(OFFERS):
        if view.costs[i] <= 0:
            out.append("blank")
        elif not view.usable[i]:
            out.append("off")
        else:
            out.append("hover" if mouse is not None and _inside(rect, *mouse) else "on")
    return tuple(out)


def station_state(
    kind: str,
    view: StationView,
    stacks: tuple[ItemStack | None, ...],
    mouse: tuple[float, float] | None,
) -> tuple:
    """The hashable picture state painted into the background (``paint_state``); ``mouse`` in
    GUI px of the image."""
    if kind == "brewing_stand":
        return brewing_pixels(view.brew_time, view.fuel)
    if kind == "enchantment":
        return (any(c > 0 for c in view.costs), *offer_states(view, mouse))
    error = (stacks[0] is not None or stacks[1] is not None) and stacks[2] is None
    if kind == "anvil":
        return (view.item_name is not None, error)
    return (error,)


# -- static pictures --------------------------------------------------------------------------


def _bottle(img: np.ndarray, x: int, y: int, color: tuple[int, int, int]) -> None:
    """A potion bottle's outline in a 16 × 16 slot (the empty slot's hint)."""
    body = disc(16, 16, 8, 10.5, 5) & ~disc(16, 16, 8, 10.5, 4)
    body[2:6, 6] = body[2:6, 9] = True
    body[1, 5:11] = True
    img[y : y + 16, x : x + 16][body] = (*color, 255)


def _blaze_powder(img: np.ndarray, x: int, y: int, color: tuple[int, int, int]) -> None:
    mask = disc(16, 16, 8, 9, 5) & ~disc(16, 16, 8, 9, 3)
    mask |= disc(16, 16, 5, 4, 1.5) | disc(16, 16, 11, 5, 1.5)
    img[y : y + 16, x : x + 16][mask] = (*color, 255)


def _paint_brewing(img: np.ndarray) -> None:
    hint = (118, 118, 118)
    for x, y in ((56, 51), (79, 58), (102, 51)):
        _bottle(img, x, y, hint)
    _blaze_powder(img, 17, 17, hint)
    pipe = (*SLOT_DARK, 255)
    img[25:27, 34:45] = pipe  # fuel slot -> fuel bar
    img[25:47, 43:45] = pipe
    img[45:47, 43:60] = pipe
    img[35:57, 86:88] = pipe  # ingredient -> the middle bottle
    for i in range(6):  # -> the side bottles
        img[49 + i : 51 + i, 84 - 2 * i : 86 - 2 * i] = pipe
        img[49 + i : 51 + i, 88 + 2 * i : 90 + 2 * i] = pipe
    x, y, w, h = FUEL_BAR
    bevel(img, x - 1, y - 1, w + 2, h + 2, SLOT_DARK, LIGHT, (40, 40, 40))
    x, y, w, h = BREW
    img[y : y + h, x : x + w][down_arrow(w, h)] = (*SLOT_FILL, 255)


def _book(img: np.ndarray, opened: bool) -> None:
    """The enchanting table's book (vanilla's 3-D model in 14..52 × 14..45), flat."""
    cover, page = (110, 60, 30), (236, 230, 210)
    img[16:44, 15:52] = (*PANEL, 255)  # over the other state's picture
    if opened:
        img[20:42, 16:51] = (*cover, 255)
        img[21:40, 18:33] = img[21:40, 34:49] = (*page, 255)
        for row in range(24, 38, 3):
            img[row, 20:31] = img[row, 36:47] = (150, 140, 120, 255)
    else:
        img[18:42, 22:45] = (*cover, 255)
        img[19:41, 42:44] = (*page, 255)
        img[28:32, 29:37] = (200, 170, 60, 255)


def _paint_enchanting(img: np.ndarray) -> None:
    _book(img, False)
    bevel(img, 59, 13, 110, 59, SLOT_DARK, LIGHT, SLOT_FILL)
    for i in range(3):
        _offer_button(img, i, "blank")
    mask = disc(16, 16, 8, 8, 5) & ~disc(16, 16, 8, 8, 3.5)  # the lapis slot's hint
    img[47:63, 35:51][mask] = (118, 118, 118, 255)


def _hammer(img: np.ndarray) -> None:
    """The anvil screen's hammer (top left)."""
    head, handle = (120, 120, 130), (130, 90, 50)
    img[18:26, 16:34] = (*head, 255)
    img[18, 16:34] = img[18:26, 16] = (*LIGHT, 255)
    img[25, 16:34] = img[18:26, 33] = (*SHADOW, 255)
    img[26:42, 23:27] = (*handle, 255)


def _paint_anvil(img: np.ndarray) -> None:
    _hammer(img)
    img[53:56, 52:67] = img[47:62, 58:61] = (*SLOT_FILL, 255)  # "+"
    arrow(img, 102, 48, 22, 15, SLOT_FILL)
    _name_field(img, False)


def _paint_grindstone(img: np.ndarray) -> None:
    pipe = (*SLOT_FILL, 255)
    img[26:28, 66:80] = img[47:49, 66:80] = pipe  # the two inputs join
    img[26:49, 78:80] = pipe
    img[36:38, 80:92] = pipe
    arrow(img, 94, 35, 24, 15, SLOT_FILL)
    stone = disc(24, 24, 12, 12, 10) & ~disc(24, 24, 12, 12, 8)
    img[20:44, 18:42][stone] = (*SLOT_FILL, 255)
    img[30:34, 28:32] = pipe


def paint_static(img: np.ndarray, kind: str) -> None:
    """The station's static pictures over the panel (the slots are already drawn)."""
    {"brewing_stand": _paint_brewing, "enchantment": _paint_enchanting,
     "anvil": _paint_anvil, "grindstone": _paint_grindstone}[kind](img)  # fmt: skip


# -- state ------------------------------------------------------------------------------------


def _offer_button(img: np.ndarray, i: int, state: str) -> None:
    x, y, w, h = OFFERS[i]
    face = OFFER_FACES["off" if state == "blank" else state]
    if state in ("blank", "off"):
        img[y : y + h, x : x + w] = (*face, 255)
        img[y + h - 1, x : x + w] = (*SLOT_DARK, 255)
    else:
        light = tuple(min(255, c + 30) for c in face)
        bevel(img, x, y, w, h, light, tuple(c // 2 for c in face), face)  # type: ignore[arg-type]
    if state != "blank":
        orb = ORB_OFF if state == "off" else ORB_ON
        ox, oy = x + 1, y + 1
        img[oy : oy + 16, ox : ox + 16][disc(16, 16, 8, 8, 7)] = (*EDGE, 255)
        img[oy : oy + 16, ox : ox + 16][disc(16, 16, 8, 8, 6)] = (*orb, 255)
        for k in range(i + 1):  # one pip per lapis and level it takes
            px = ox + 8 - 3 * i + 6 * k - 1
            img[oy + 7 : oy + 10, px : px + 3] = (*EDGE, 255)


def _name_field(img: np.ndarray, enabled: bool) -> None:
    x, y, w, h = NAME_FIELD
    inner = (0, 0, 0) if enabled else (60, 60, 60)
    bevel(img, x, y, w, h, (160, 160, 160), (160, 160, 160), inner)


def paint_state(img: np.ndarray, kind: str, state: tuple) -> None:
    """The dynamic pictures for ``station_state``'s ``state`` (over a copy of the background)."""
    if kind == "brewing_stand":
        fuel_px, arrow_px, bubble_px = state
        x, y, w, h = FUEL_BAR
        img[y : y + h, x : x + fuel_px] = (*FUEL_COLOR, 255)
        x, y, w, h = BREW
        mask = down_arrow(w, h)
        mask[arrow_px:] = False
        img[y : y + h, x : x + w][mask] = (*BREW_COLOR, 255)
        x, y, w, h = BUBBLES
        bubbles = np.zeros((h, w), bool)
        for cx, cy, r in ((3, 26, 2), (8, 21, 2.5), (4, 15, 2), (8, 9, 2), (4, 3, 1.5)):
            bubbles |= disc(w, h, cx, cy, r) & ~disc(w, h, cx, cy, r - 1)
        bubbles[: h - bubble_px] = False
        img[y : y + h, x : x + w][bubbles] = (*BUBBLE_COLOR, 255)
    elif kind == "enchantment":
        _book(img, state[0])
        for i, s in enumerate(state[1:]):
            _offer_button(img, i, s)
    elif kind == "anvil":
        _name_field(img, state[0])
        if state[1]:
            cross(img, *ANVIL_ERROR, ERROR_RED, 3)
    elif kind == "grindstone" and state[0]:
        cross(img, *GRINDSTONE_ERROR, ERROR_RED, 3)


# -- text ---------------------------------------------------------------------------------------


def draw_texts(
    frame: np.ndarray, kind: str, view: StationView, state: tuple, has_result: bool,
    ox: int, oy: int, s: int,
) -> None:  # fmt: skip
    """The stations' words: offer clues and costs, the item name, the anvil's cost line."""
    if kind == "enchantment":
        for i, st in enumerate(state[1:]):
            if st == "blank":
                continue
            cost = str(view.costs[i])
            room = 86 - text_width(cost, s)
            clue = view.clues[i] or ""
            color = {"off": CLUE_OFF, "on": CLUE, "hover": CLUE_HOVER}[st]
            y = 14 + 19 * i
            text(frame, (ox, oy), fit(clue, room, s), 80, y + 2, s, color)
            text(frame, (ox, oy), cost, 166 - text_width(cost, s), y + 9, s,
                  COST_OFF if st == "off" else COST_ON, shadow=True)  # fmt: skip
    elif kind == "anvil":
        if view.item_name is not None:
            x, y, w, _ = NAME_TEXT
            text(frame, (ox, oy), fit(view.item_name, w, s), x, y + 2, s, NAME_COLOR, shadow=True)
        line = anvil_cost_line(view, has_result)
        if line is not None:
            words, color = line
            x = 176 - 8 - text_width(words, s) - 2
            blend(frame, rect_sprite((168 - x + 2) * s, 12 * s, *COST_BACK), ox + (x - 2) * s,
                  oy + 67 * s)  # fmt: skip
            text(frame, (ox, oy), words, x, 69, s, color, shadow=True)


def anvil_cost_line(view: StationView, has_result: bool) -> tuple[str, tuple] | None:
    """AnvilScreen.renderLabels: the cost text and its colour, or None."""
    if view.cost <= 0:
        return None
    if view.too_expensive:
        return "Too Expensive!", ANVIL_RED
    if not has_result:
        return None
    return f"Enchantment Cost: {view.cost}", ANVIL_GREEN if view.affordable else ANVIL_RED
