"""Container screens in vanilla's layout: the player inventory, the crafting table, furnaces,
chests, barrels, shulker boxes, hoppers, the brewing stand, the enchanting table, the anvil,
the grindstone and the villager's trading screen.

Every screen is vanilla's 176 × 166 GUI-px image (other sizes below) centred on the scaled screen
(leftPos = (guiW − 176) / 2, topPos = (guiH − 166) / 2, integer division, at the auto GUI scale
of the frame) with the slot positions of vanilla's menus, listed here in menu slot order:

- ``inventory`` (InventoryMenu): 0 result (154, 28); 1-4 the 2 × 2 grid from (98, 18);
  5-8 armour head..feet at (8, 8 + 18 i); 9-35 main from (8, 84); 36-44 hotbar at y 142;
  45 offhand (77, 62).
- ``crafting`` (CraftingMenu): 0 result (124, 35); 1-9 the 3 × 3 grid from (30, 17); 10-36 main;
  37-45 hotbar.
- ``furnace`` (also ``smoker``, ``blast_furnace``): 0 ingredient (56, 17), 1 fuel (56, 53),
  2 result (116, 35); 3-29 main; 30-38 hotbar; the flame (14 × 14 at (56, 36)) shows the fuel
  left from the bottom up and the arrow (24 × 16 at (79, 34)) the cooking progress.
- ``generic_9x3`` (ChestMenu, 3 rows; also ``barrel`` and ``ender_chest``, titled so): 176 ×
  168 (ContainerScreen: 114 + 18 · rows); 0-26 from (8, 18); 27-53 main from (8, 85); 54-62
  hotbar at y 143.
- ``generic_9x6`` (a double chest, "Large Chest"): 176 × 222; 0-53 from (8, 18); 54-80 main
  from (8, 139); 81-89 hotbar at y 197.
- ``shulker_box`` (ShulkerBoxScreen): 176 × 167; 0-26 from (8, 18); 27-53 main from (8, 84);
  54-62 hotbar at y 142.
- ``hopper`` (HopperScreen, "Item Hopper"): 176 × 133; 0-4 from (44, 20); 5-31 main from
  (8, 51); 32-40 hotbar at y 109.
- ``brewing_stand`` (BrewingStandScreen): 0-2 the bottles (56, 51), (79, 58), (102, 51);
  3 the ingredient (79, 17); 4 the fuel (17, 17); 5-31 main; 32-40 hotbar.
- ``enchantment`` (EnchantmentScreen, "Enchant"): 0 the item (15, 47); 1 lapis (35, 47); 2-28
  main; 29-37 hotbar; the offer buttons 0-2 (108 × 19 at (60, 14 + 19 i)).
- ``anvil`` (AnvilScreen, "Repair & Name"): 0 (27, 47), 1 (76, 47), 2 the result (134, 47);
  3-29 main; 30-38 hotbar.
- ``grindstone`` (GrindstoneScreen, "Repair & Disenchant"): 0 (49, 19), 1 (49, 40), 2 the
  result (129, 34); 3-29 main; 30-38 hotbar.
- ``merchant`` (MerchantScreen): 276 × 166; 0-1 the payments (136, 37), (162, 37); 2 the
  result (220, 37); 3-29 main from (108, 84); 30-38 hotbar at y 142; the offer buttons 0-6
  (88 × 20 at (5, 18 + 20 i)).

What the stations show besides their slots (bars, offers, names, costs) comes in a
``StationView`` and is drawn by ``stationscreens`` and ``merchantscreen``.

Taller, shorter or wider screens are centred the same way with their own size
(topPos = (guiH − imageHeight) / 2, leftPos = (guiW − imageWidth) / 2), and their "Inventory"
label sits at imageHeight − 94.

A slot's position is the top-left of its 16 × 16 icon; the mouse is over it from 1 GUI px
outside that square on every side (``AbstractContainerScreen.isHovering``), and the first such
slot in menu order wins. The world behind is dimmed by vanilla's transparent background (a
gradient from 0xC0101010 to 0xD0101010). Textures are procedural (no Mojang assets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from odyssey.render import merchantscreen, stationscreens
from odyssey.render.geometry import PLAYER_BOXES
from odyssey.render.gl import RenderError
from odyssey.render.gui import (
    Sprite,
    blend,
    gui_scale,
    gui_size,
    rect_sprite,
    text_sprite,
    text_width,
    upscale,
)
from odyssey.render.guipaint import EDGE, LABEL_COLOR, LIGHT, PANEL, SHADOW, SLOT_DARK, SLOT_FILL
from odyssey.render.guipaint import arrow as _arrow
from odyssey.render.guipaint import bevel as _bevel
from odyssey.render.itemicons import IconBook, draw_stack
from odyssey.render.stationscreens import STATIONS, StationView
from odyssey.sim.inventory import ItemStack

IMAGE_W, IMAGE_H = 176, 166
HOVER = ((255, 255, 255), 0x80)  # vanilla's slot highlight: 0x80FFFFFF over the slot
DIM_TOP, DIM_BOTTOM = 0xC0, 0xD0  # alpha of the 0x101010 background gradient
FLAME = (56, 36, 14, 14)  # x, y, w, h in the image
ARROW = (79, 34, 24, 16)

Pos = tuple[int, int]


def _grid(x: int, y: int, cols: int, rows: int) -> list[Pos]:
    return [(x + c * 18, y + r * 18) for r in range(rows) for c in range(cols)]


PLAYER_SLOTS = _grid(8, 84, 9, 3) + _grid(8, 142, 9, 1)  # main then hotbar
SLOTS: dict[str, tuple[Pos, ...]] = {
    "inventory": ((154, 28), *_grid(98, 18, 2, 2), *_grid(8, 8, 1, 4), *PLAYER_SLOTS, (77, 62)),
    "crafting": ((124, 35), *_grid(30, 17, 3, 3), *PLAYER_SLOTS),
    "furnace": ((56, 17), (56, 53), (116, 35), *PLAYER_SLOTS),
    "generic_9x3": (*_grid(8, 18, 9, 3), *_grid(8, 85, 9, 3), *_grid(8, 143, 9, 1)),
    "generic_9x6": (*_grid(8, 18, 9, 6), *_grid(8, 139, 9, 3), *_grid(8, 197, 9, 1)),
    "shulker_box": (*_grid(8, 18, 9, 3), *PLAYER_SLOTS),
    "hopper": (*_grid(44, 20, 5, 1), *_grid(8, 51, 9, 3), *_grid(8, 109, 9, 1)),
    "brewing_stand": ((56, 51), (79, 58), (102, 51), (79, 17), (17, 17), *PLAYER_SLOTS),
    "enchantment": ((15, 47), (35, 47), *PLAYER_SLOTS),
    "anvil": ((27, 47), (76, 47), (134, 47), *PLAYER_SLOTS),
    "grindstone": ((49, 19), (49, 40), (129, 34), *PLAYER_SLOTS),
    "merchant": ((136, 37), (162, 37), (220, 37), *_grid(108, 84, 9, 3), *_grid(108, 142, 9, 1)),
}
ALIASES = {"smoker": "furnace", "blast_furnace": "furnace", "crafting_table": "crafting",
           "barrel": "generic_9x3", "ender_chest": "generic_9x3", "chipped_anvil": "anvil",
           "damaged_anvil": "anvil"}  # fmt: skip
HEIGHTS = {"generic_9x3": 168, "generic_9x6": 222, "shulker_box": 167, "hopper": 133}
WIDTHS = {"merchant": merchantscreen.WIDTH}
BIG_SLOTS = {"crafting": 0, "merchant": 2}  # result slots in a 26 × 26 frame
BUTTONS = {"enchantment": stationscreens.OFFERS, "merchant": merchantscreen.TRADE_BUTTONS}
CENTRED = ("furnace", "brewing_stand")  # titles centred on the image
TITLES = {"inventory": ("Crafting", (97, 6)), "crafting": ("Crafting", (29, 6)),
          "generic_9x3": ("Chest", (8, 6)), "generic_9x6": ("Large Chest", (8, 6)),
          "barrel": ("Barrel", (8, 6)), "ender_chest": ("Ender Chest", (8, 6)),
          "shulker_box": ("Shulker Box", (8, 6)), "hopper": ("Item Hopper", (8, 6)),
          "brewing_stand": ("Brewing Stand", (0, 6)), "enchantment": ("Enchant", (8, 6)),
          "anvil": ("Repair & Name", (60, 6)),
          "grindstone": ("Repair & Disenchant", (8, 6))}  # fmt: skip


class ContainerError(RenderError):
    """An unknown screen kind or slot index."""


def screen_slots(kind: str) -> tuple[Pos, ...]:
    """The slot positions of a screen kind, in menu slot order."""
    name = ALIASES.get(kind, kind)
    if name not in SLOTS:
        raise ContainerError(f"screen kind {kind!r}: expected one of {sorted([*SLOTS, *ALIASES])}")
    return SLOTS[name]


def image_size(kind: str) -> tuple[int, int]:
    """The screen image's (width, height) in GUI px."""
    screen_slots(kind)  # checks the kind
    name = ALIASES.get(kind, kind)
    return WIDTHS.get(name, IMAGE_W), HEIGHTS.get(name, IMAGE_H)


@dataclass(frozen=True)
class ScreenGeometry:
    """Where a screen lies on a frame: GUI scale and the image's top-left in GUI px."""

    scale: int
    left: int
    top: int


def geometry(frame_size: tuple[int, int], kind: str = "inventory") -> ScreenGeometry:
    """The screen's placement on a (width, height) frame at vanilla's auto GUI scale."""
    width, height = frame_size
    scale = gui_scale(width, height)
    gui_w, gui_h = gui_size(width, height, scale)
    image_w, image_h = image_size(kind)
    return ScreenGeometry(scale, (gui_w - image_w) // 2, (gui_h - image_h) // 2)


def slot_at(kind: str, frame_size: tuple[int, int], x: float, y: float) -> int | None:
    """The menu slot under frame pixel (x, y), or None (vanilla's findSlot)."""
    g = geometry(frame_size, kind)
    gx, gy = x / g.scale - g.left, y / g.scale - g.top
    for i, (sx, sy) in enumerate(screen_slots(kind)):
        if sx - 1 <= gx < sx + 17 and sy - 1 <= gy < sy + 17:
            return i
    return None


def slot_center(kind: str, frame_size: tuple[int, int], slot: int) -> tuple[int, int]:
    """The frame pixel at the centre of menu slot ``slot``'s icon (click here to hit it)."""
    slots = screen_slots(kind)
    if not 0 <= slot < len(slots):
        raise ContainerError(f"screen {kind!r} has slots 0..{len(slots) - 1}, got {slot}")
    g = geometry(frame_size, kind)
    sx, sy = slots[slot]
    return (g.left + sx + 8) * g.scale, (g.top + sy + 8) * g.scale


def button_at(
    kind: str, frame_size: tuple[int, int], x: float, y: float, count: int | None = None
) -> int | None:
    """The offer button under frame pixel (x, y), or None: an enchanting offer 0-2 (vanilla's
    108 × 19 click box) or a merchant offer 0-6 (only the ``count`` offers' buttons are shown,
    as vanilla hides the others; we show the first seven, unscrolled)."""
    rects = BUTTONS.get(ALIASES.get(kind, kind), ())
    g = geometry(frame_size, kind)
    gx, gy = x / g.scale - g.left, y / g.scale - g.top
    for i, (bx, by, bw, bh) in enumerate(rects):
        if bx <= gx < bx + bw and by <= gy < by + bh:
            return i if count is None or i < count else None
    return None


# -- drawing --------------------------------------------------------------------------------


def _flame(h_px: int, w: int = 14, full: int = 14) -> np.ndarray:
    """(full, w) bool flame shape; rows above full − h_px cleared (fuel burnt)."""
    v, u = np.mgrid[0:full, 0:w] + 0.5
    shape = (np.abs(u - w / 2) <= (v / full) * 6.5) & (v > 1)
    shape[: full - h_px] = False
    return shape


def _player_figure(img: np.ndarray) -> None:
    """The player in the preview window, front view, 2 GUI px per model pixel (our stand-in
    for vanilla's live model, which turns to follow the mouse)."""
    for lo, hi, color in sorted(PLAYER_BOXES, key=lambda part: part[1][2]):  # back to front
        left, right = 50 + round(lo[0] * 2), 50 + round(hi[0] * 2)
        top, bottom = 76 - round(hi[1] * 2), 76 - round(lo[1] * 2)
        img[top:bottom, left:right] = (*color, 255)


@lru_cache(maxsize=16)
def background(kind: str) -> np.ndarray:
    """The screen's RGBA image (176 × 166 for most) with its empty slots and static pictures."""
    name = ALIASES.get(kind, kind)
    width, height = image_size(name)
    img = np.zeros((height, width, 4), np.uint8)
    img[1:-1, 1:-1] = (*EDGE, 255)
    img[0, 2:-2] = img[-1, 2:-2] = img[2:-2, 0] = img[2:-2, -1] = (*EDGE, 255)
    _bevel(img, 1, 1, width - 2, height - 2, LIGHT, SHADOW, PANEL)
    img[1, 1] = img[-2, -2] = (*PANEL, 255)  # vanilla's rounded corners
    for i, (sx, sy) in enumerate(SLOTS[name]):
        if BIG_SLOTS.get(name) == i:  # the table's and the trader's big result slot
            _bevel(img, sx - 5, sy - 5, 26, 26, SLOT_DARK, LIGHT, SLOT_FILL)
        else:
            _bevel(img, sx - 1, sy - 1, 18, 18, SLOT_DARK, LIGHT, SLOT_FILL)
    if name == "inventory":
        img[8:78, 26:75] = (*EDGE, 255)  # the player preview's window
        _player_figure(img)
        _arrow(img, 135, 29, 16, 13, SLOT_FILL)
    elif name == "crafting":
        _arrow(img, 90, 35, 22, 15, SLOT_FILL)
    elif name == "furnace":
        _arrow(img, *ARROW, SLOT_FILL)
        x, y, w, h = FLAME
        img[y : y + h, x : x + w][_flame(h)] = (*SLOT_FILL, 255)
    elif name in STATIONS:
        stationscreens.paint_static(img, name)
    elif name == "merchant":
        merchantscreen.paint_static(img)
    img.flags.writeable = False
    return img


@lru_cache(maxsize=64)
def _background_sprite(
    kind: str, lit_px: int, arrow_px: int, scale: int, state: tuple = ()
) -> Sprite:
    """The background with the furnace's flame and arrow or a station's ``state`` painted."""
    img = background(kind).copy()
    name = ALIASES.get(kind, kind)
    if name == "furnace":
        x, y, w, h = FLAME
        img[y : y + h, x : x + w][_flame(lit_px)] = (255, 160, 20, 255)
        _arrow(img, *ARROW, LIGHT, upto=arrow_px)
    elif state and name in STATIONS:
        stationscreens.paint_state(img, name, state)
    elif state and name == "merchant":
        merchantscreen.paint_state(img, state)
    return Sprite.from_rgba(upscale(img, scale))


@lru_cache(maxsize=8)
def _dim(width: int, height: int) -> Sprite:
    """Vanilla's transparent background: 0x101010 at alpha 0xC0 at the top to 0xD0 below."""
    alpha = np.round(np.linspace(DIM_TOP, DIM_BOTTOM, height)).astype(np.uint8)
    rgba = np.empty((height, width, 4), np.uint8)
    rgba[..., :3] = 16
    rgba[..., 3] = alpha[:, None]
    return Sprite.from_rgba(rgba)


def furnace_pixels(lit: float, progress: float) -> tuple[int, int]:
    """Vanilla's flame height ceil(lit · 13) + 1 (0 when unlit) and arrow width
    ceil(progress · 24), for lit and progress in 0..1."""
    flame = int(np.ceil(max(0.0, min(lit, 1.0)) * 13.0)) + 1 if lit > 0 else 0
    return flame, int(np.ceil(max(0.0, min(progress, 1.0)) * 24.0))


def draw_container(
    frame: np.ndarray,
    book: IconBook,
    kind: str,
    stacks: Sequence[ItemStack | None],
    carried: ItemStack | None = None,
    mouse: tuple[float, float] | None = None,
    lit: float = 0.0,
    progress: float = 0.0,
    station: StationView | None = None,
) -> None:
    """The dimmed world, the screen with its stacks, the hovered slot and the carried stack;
    a station's bars, offers, names and costs from ``station`` (None: the bare screen)."""
    height, width = frame.shape[:2]
    slots = screen_slots(kind)
    name = ALIASES.get(kind, kind)
    g = geometry((width, height), kind)
    s = g.scale
    blend(frame, _dim(width, height), 0, 0)
    ox, oy = g.left * s, g.top * s
    gui_mouse = None if mouse is None else (mouse[0] / s - g.left, mouse[1] / s - g.top)
    state: tuple = ()
    if station is not None and name in STATIONS:
        padded = tuple(stacks[:3]) + (None,) * (3 - len(stacks[:3]))
        state = stationscreens.station_state(name, station, padded, gui_mouse)
    elif station is not None and name == "merchant":
        state = merchantscreen.merchant_state(station, gui_mouse)
    fire = furnace_pixels(lit, progress)
    blend(frame, _background_sprite(kind, *fire, s, state), ox, oy)
    _labels(frame, kind, ox, oy, s, station)
    if station is not None and name in STATIONS:
        has_result = len(stacks) > 2 and stacks[2] is not None
        stationscreens.draw_texts(frame, name, station, state, has_result, ox, oy, s)
    elif station is not None and name == "merchant":
        merchantscreen.draw_rows(frame, book, station, (ox, oy), s)
    for i, (sx, sy) in enumerate(slots):
        stack = stacks[i] if i < len(stacks) else None
        draw_stack(frame, book, stack, ox + sx * s, oy + sy * s, s)
    if mouse is not None:
        hovered = slot_at(kind, (width, height), *mouse)
        if hovered is not None:
            sx, sy = slots[hovered]
            blend(frame, rect_sprite(16 * s, 16 * s, *HOVER), ox + sx * s, oy + sy * s)
        if carried is not None:
            mx, my = int(mouse[0] / s), int(mouse[1] / s)
            draw_stack(frame, book, carried, (mx - 8) * s, (my - 8) * s, s)


def _labels(
    frame: np.ndarray, kind: str, ox: int, oy: int, s: int, station: StationView | None = None
) -> None:
    """The title and, except on the player's own screen, the "Inventory" label at
    (8, 166 − 94); our text sprites start a GUI px above vanilla's line, hence y − 1."""
    name = ALIASES.get(kind, kind)
    if name == "merchant":
        merchantscreen.draw_labels(frame, station, (ox, oy), s)
        return
    title, (tx, ty) = TITLES.get(kind, TITLES.get(name, (_furnace_title(kind), (0, 6))))
    if name in CENTRED:
        tx = (IMAGE_W - text_width(title, s)) // 2
    blend(frame, text_sprite(title, s, LABEL_COLOR), ox + tx * s, oy + (ty - 1) * s)
    if name != "inventory":
        label_y = image_size(name)[1] - 94  # vanilla's inventoryLabelY
        blend(frame, text_sprite("Inventory", s, LABEL_COLOR), ox + 8 * s, oy + (label_y - 1) * s)


def _furnace_title(kind: str) -> str:
    return {"smoker": "Smoker", "blast_furnace": "Blast Furnace"}.get(kind, "Furnace")
