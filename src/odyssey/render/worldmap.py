"""The world-map screen, as Xaero's World Map: a top-down map to pan, zoom and search.

Mine Odyssey's agents open it with ``m`` and read it from the screenshot. What is drawn and how
the controls behave follow Xaero's World Map 1.44 (its ``GuiMap``): zoom is screen pixels per
block, 3.0 by default, ×1.2 per wheel step within 0.0625..50, shown as ``3.0x`` at the bottom;
a drag moves the map with the mouse; the camera returns to the player each time the map opens;
unmapped ground is black; waypoints are flags in their colour with their initials, the point
on the waypoint, drawn wherever they are (a waypoint outside the view is not drawn, as in
Xaero: zoom out or search for it); the player is a red arrow with a shadow, or a wedge on the
screen's border pointing outwards when the player is outside the view. Mine Odyssey's
coordinate lock hides the cursor coordinates, so no coordinates are ever drawn.

Keys (xdotool names, as the agent's ``xdo key`` sends them):

- ``m`` opens the map, and closes it when open; ``Escape`` closes it.
- ``ctrl+f`` or ``slash`` opens the waypoint search; while it is open, characters (``a``,
  ``space``, ``period``, ...) type into it, ``BackSpace`` deletes, ``Return`` centres the map
  on the best match and closes the search, ``Escape`` closes only the search.
- Matches are case-insensitive: names starting with the text first, then names containing it,
  then initials containing it. (Xaero filters by regular expression in a waypoint menu opened
  with a mouse click, and Return there empties the field; a plain substring suits typed names.)

Deliberate differences: no buttons, tooltips, chunk highlight under the mouse or glide after a
drag (the screenshot is of a still screen); the map jumps to a searched waypoint instead of
gliding there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw

from odyssey.render.gui import (
    LINE_HEIGHT,
    Color,
    blend,
    gui_scale,
    gui_size,
    rect_sprite,
    text_sprite,
    text_width,
)
from odyssey.render.mapview import (
    ExploredArea,
    MapTiles,
    badge_sprite,
    block_under,
    draw_arrow,
    draw_far_arrow,
    draw_flag,
    unpack_rgb,
)
from odyssey.render.view import Waypoint

DEFAULT_ZOOM = 3.0  # Xaero's destScale: screen pixels per block when the game starts
ZOOM_STEP = 1.2  # per mouse-wheel step
MIN_ZOOM, MAX_ZOOM = 0.0625, 50.0
REFERENCE_SHORT_SIDE = 1080  # Xaero enlarges the map on screens whose short side exceeds this
ARROW_LENGTH = 24.0  # screen px; Xaero's arrow sprite is 26 × 28
MAX_MATCHES = 10  # Xaero's waypoint menu shows at most 10 entries

TEXT_RGB: Color = (255, 255, 255)
FIELD_TEXT: Color = (224, 224, 224)  # vanilla EditBox text
FIELD_BORDER: Color = (160, 160, 160)
PLACEHOLDER_RGB: Color = (85, 85, 85)  # Xaero's placeholder grey
LABEL_ALPHA = round(0.4 * 255)  # Xaero's background behind the zoom read-out
MENU_ALPHA = 0x77  # Xaero's background behind a menu entry
FIELD_WIDTH, FIELD_HEIGHT = 150, 20  # GUI px, Xaero's filter field
FIELD_RIGHT, FIELD_BOTTOM = 172, 45  # GUI px from the right and bottom edges to its corner

KEY_CHARS = {
    "space": " ", "period": ".", "comma": ",", "minus": "-", "apostrophe": "'",
    "underscore": "_", "colon": ":", "semicolon": ";", "parenleft": "(", "parenright": ")",
    "ampersand": "&", "exclam": "!", "question": "?", "numbersign": "#", "plus": "+",
    "equal": "=", "quotedbl": '"', "slash": "/", "at": "@",
}  # fmt: skip
CHAR_KEYS = {char: name for name, char in KEY_CHARS.items()}
CTRL_NAMES = {"ctrl", "control", "control_l", "control_r"}


@dataclass
class WorldMapScreen:
    """State of the world-map screen: open or not, where it looks, the search field.

    ``center`` is the world (x, z) at the middle of the screen, None to follow the player;
    ``zoom`` is screen pixels per block on a screen up to 1080 pixels on its short side.
    ``size``, ``player`` and ``waypoints`` remember the last ``render`` so that mouse points
    and searches refer to what is on screen.
    """

    is_open: bool = False
    center: tuple[float, float] | None = None
    zoom: float = DEFAULT_ZOOM
    search: str = ""
    searching: bool = False
    size: tuple[int, int] = (854, 480)
    player: tuple[float, float] = (0.0, 0.0)
    waypoints: tuple[Waypoint, ...] = field(default_factory=tuple)

    # -- input --------------------------------------------------------------------------------

    def key(self, name: str) -> bool:
        """Handle one key press (an xdotool key name); True when the screen took it.

        Every key is taken while the map is open: a Minecraft screen keeps keys from the game.
        """
        if not self.is_open:
            if name in ("m", "M"):
                self.open()
                return True
            return False
        if self.searching:
            self._search_key(name)
        elif name in ("m", "M", "Escape"):
            self.close()
        elif _is_search_key(name):
            self.searching, self.search = True, ""
        return True

    def type(self, text: str) -> None:
        """Press the keys for each character of ``text``, as ``xdotool type`` does."""
        for char in text:
            self.key(CHAR_KEYS.get(char, char))

    def open(self) -> None:
        """Open the map on the player (Xaero re-centres on every opening; the zoom stays)."""
        self.is_open, self.center, self.searching, self.search = True, None, False, ""

    def close(self) -> None:
        self.is_open, self.searching, self.search = False, False, ""

    def drag(self, dx: float, dy: float) -> None:
        """Drag with the mouse by (dx, dy) screen pixels: the map moves with the mouse."""
        x, z = self.camera()
        scale = self.scale()
        self.center = (x - dx / scale, z - dy / scale)

    def scroll(self, steps: int, at: tuple[float, float] | None = None) -> None:
        """Turn the wheel ``steps`` notches (positive = up = zoom in) with the mouse at ``at``.

        As in Xaero, zooming in keeps the block under the mouse in place and zooming out keeps
        the middle of the screen.
        """
        before_scale, (x, z) = self.scale(), self.camera()
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * ZOOM_STEP**steps))
        if at is None or steps <= 0:
            return
        ox, oz = at[0] - self.size[0] / 2, at[1] - self.size[1] / 2
        wx, wz = x + ox / before_scale, z + oz / before_scale
        self.center = (wx - ox / self.scale(), wz - oz / self.scale())

    def _search_key(self, name: str) -> None:
        if name == "Escape":
            self.searching, self.search = False, ""  # Minecraft would close the whole screen
        elif name == "BackSpace":
            self.search = self.search[:-1]
        elif name in ("Return", "KP_Enter"):
            self._jump()
        elif len(name) == 1 and name.isprintable():
            self.search += name
        elif name in KEY_CHARS:
            self.search += KEY_CHARS[name]

    def _jump(self) -> None:
        found = matches(self.waypoints, self.search)
        if found:
            x, _, z = found[0].position
            self.center, self.searching, self.search = (float(x), float(z)), False, ""

    # -- geometry -----------------------------------------------------------------------------

    def scale(self) -> float:
        """Screen pixels per block on the current screen (Xaero's scale multiplier applied)."""
        return self.zoom * max(1.0, min(self.size) / REFERENCE_SHORT_SIDE)

    def camera(self) -> tuple[float, float]:
        """World (x, z) at the middle of the screen."""
        return self.center if self.center is not None else self.player

    def to_screen(self, x: float, z: float) -> tuple[float, float]:
        """Screen position of world point (x, z)."""
        cx, cz = self.camera()
        scale = self.scale()
        return self.size[0] / 2 + (x - cx) * scale, self.size[1] / 2 + (z - cz) * scale

    # -- drawing ------------------------------------------------------------------------------

    def render(
        self,
        tiles: MapTiles,
        explored: ExploredArea | None,
        player: tuple[float, float, float],
        yaw: float,
        waypoints: Sequence[Waypoint],
        width: int,
        height: int,
    ) -> np.ndarray:
        """The screen as (height, width, 3) uint8; ``explored`` None shows the whole world."""
        self.size, self.player = (width, height), (player[0], player[2])
        self.waypoints = tuple(waypoints)
        image = Image.fromarray(self._map_pixels(tiles, explored))
        draw = ImageDraw.Draw(image)
        size = self.scale() / self.zoom  # symbols grow only on screens over 1080 px, as Xaero's
        for waypoint in sorted(self.waypoints, key=lambda w: w.position[2]):
            x, _, z = waypoint.position
            draw_flag(draw, self.to_screen(x, z), waypoint, size)
        self._draw_player(draw, yaw, size)
        frame = np.array(image)
        scale = gui_scale(width, height)
        draw_zoom(frame, self.zoom, scale)
        if self.searching:
            draw_search(frame, self.search, matches(self.waypoints, self.search), scale)
        return frame

    def _map_pixels(self, tiles: MapTiles, explored: ExploredArea | None) -> np.ndarray:
        """The block colour at each pixel's centre (nearest neighbour)."""
        (width, height), scale = self.size, self.scale()
        cx, cz = self.camera()
        xs = block_under(cx + (np.arange(width) + 0.5 - width / 2) / scale)
        zs = block_under(cz + (np.arange(height) + 0.5 - height / 2) / scale)
        include = None if explored is None else explored.includes
        return unpack_rgb(tiles.sample_packed(xs, zs, include))

    def _draw_player(self, draw: ImageDraw.ImageDraw, yaw: float, size: float) -> None:
        """The arrow at the player; outside the view, Xaero's far arrow on the border (the side
        or corner the player is beyond), pointing outwards."""
        width, height = self.size
        sx, sy = self.to_screen(*self.player)
        ex, ey = min(max(sx, 0.0), float(width)), min(max(sy, 0.0), float(height))
        if (ex, ey) == (sx, sy):
            draw_arrow(draw, (sx, sy), yaw, ARROW_LENGTH * size)
            return
        angle = math.degrees(math.atan2(np.sign(sy - ey), np.sign(sx - ex)))
        draw_far_arrow(draw, (ex, ey), angle, size)


# -- GUI parts: vanilla font at the GUI scale, as Xaero draws them -----------------------------


def draw_zoom(frame: np.ndarray, zoom: float, scale: int) -> None:
    """Xaero's zoom read-out, centred 12 GUI px above the bottom on a 40 % black strip."""
    text = zoom_text(zoom)
    gui_w, gui_h = gui_size(frame.shape[1], frame.shape[0], scale)
    draw_text_box(frame, text, gui_w // 2 - text_width(text, scale) // 2, gui_h - 12, scale)


def draw_search(frame: np.ndarray, search: str, found: Sequence[Waypoint], scale: int) -> None:
    """Xaero's waypoint menu: the 150 × 20 filter field at the bottom right and, above it, up
    to ten matching waypoints, each its name on a dark strip left of its badge."""
    gui_w, gui_h = gui_size(frame.shape[1], frame.shape[0], scale)
    left, top = gui_w - FIELD_RIGHT, gui_h - FIELD_BOTTOM
    field_px = (FIELD_WIDTH * scale, FIELD_HEIGHT * scale)
    blend(frame, rect_sprite(*field_px, FIELD_BORDER, 255), left * scale, top * scale)
    inner = (field_px[0] - 2 * scale, field_px[1] - 2 * scale)
    blend(frame, rect_sprite(*inner, (0, 0, 0), 255), (left + 1) * scale, (top + 1) * scale)
    text, color = (search + "_", FIELD_TEXT) if search else ("Search", PLACEHOLDER_RGB)
    blend(frame, text_sprite(text, scale, color), (left + 4) * scale, (top + 5) * scale)
    for i, waypoint in enumerate(found[:MAX_MATCHES]):
        row = top - 20 - 16 * i  # GUI px: the top of this entry's line
        badge = badge_sprite(waypoint.caption, waypoint.color, scale)
        badge_left = gui_w - 27 - badge.width // scale // 2
        blend(frame, badge, badge_left * scale, row * scale)
        name_left = badge_left - 5 - text_width(waypoint.name, scale)
        draw_text_box(frame, waypoint.name, name_left, row + 1, scale, MENU_ALPHA)


def draw_text_box(
    frame: np.ndarray, text: str, left: int, top: int, scale: int, alpha: int = LABEL_ALPHA
) -> None:
    """White GUI text whose line starts at GUI (left, top), on a black strip of ``alpha``
    from 2 GUI px left of it to 2 right, 2 above the line to its bottom."""
    strip = rect_sprite(
        (text_width(text, scale) + 4) * scale, (LINE_HEIGHT + 2) * scale, (0, 0, 0), alpha
    )
    blend(frame, strip, (left - 2) * scale, (top - 2) * scale)
    blend(frame, text_sprite(text, scale, TEXT_RGB), left * scale, (top - 1) * scale)


# -- search -----------------------------------------------------------------------------------


def matches(waypoints: Sequence[Waypoint], text: str) -> list[Waypoint]:
    """Waypoints for a search: names starting with ``text``, then containing it, then whose
    initials contain it (case-insensitive; list order kept within each group)."""
    needle = text.strip().casefold()
    if not needle:
        return list(waypoints)
    starts = [w for w in waypoints if w.name.casefold().startswith(needle)]
    within = [w for w in waypoints if needle in w.name.casefold() and w not in starts]
    named = starts + within
    initials = [w for w in waypoints if needle in w.caption.casefold() and w not in named]
    return named + initials


def _is_search_key(name: str) -> bool:
    parts = [p.casefold() for p in name.split("+")]
    ctrl_f = len(parts) == 2 and parts[0] in CTRL_NAMES and parts[1] == "f"
    return ctrl_f or name == "slash"


def zoom_text(zoom: float) -> str:
    """The zoom as Xaero prints it: rounded to 3 decimals, Java's double format, ``x``."""
    return f"{math.floor(zoom * 1000 + 0.5) / 1000!r}x"
