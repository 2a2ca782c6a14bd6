"""Item icons for slots, the hotbar and dropped items, with vanilla's count and durability bar.

A block item's icon is its block as a small isometric cube built from the block's own atlas
tiles (top, south and east faces, shaded 1.0 / 0.8 / 0.6); blocks that are not full cubes and
are drawn cut out (flowers, torches, saplings, rails) show their tile flat, as vanilla's
``item/generated`` models do. Other items get a procedural picture (``itemglyphs``). Icons are
16 × 16 RGBA and cached per book; sprites per GUI scale.

Slot decorations follow vanilla's ``GuiGraphics.renderItemDecorations``: the count in white with
a shadow, right-aligned at x + 17 and drawn at y + 9 (one GUI px above the capitals, as our text
sprites start); the durability bar at (x + 2, y + 13), 13 × 2 black with a 1-px coloured bar
``round(13 − 13 · damage / max)`` wide, hue from green to red.
"""

from __future__ import annotations

import colorsys
import math
from functools import lru_cache

import numpy as np

from odyssey.errors import BlockStateError
from odyssey.render.blocktints import icon_rgb
from odyssey.render.gui import Sprite, blend, rect_sprite, text_sprite, text_width, upscale
from odyssey.render.itemglyphs import glyph
from odyssey.render.tables import RenderTables
from odyssey.sim.inventory import ItemStack
from odyssey.world.blocks import BlockRegistry
from odyssey.world.items import ItemError, items

ICON = 16
SHADES = (1.0, 0.8, 0.6)  # top, left (south face), right (east face)
COUNT_COLOR = (255, 255, 255)
COUNT_SHADOW = (63, 63, 63)  # vanilla's text shadow: the colour × 0.25
BAR_BACK = (0, 0, 0)
MIN_VISIBLE = 8  # pixels: fewer and the block's tiles do not make an icon


@lru_cache(maxsize=1)
def cube_uv() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per icon pixel: which cube face covers it (0 none, 1 top, 2 left, 3 right) and the
    tile pixel (row, column) it shows."""
    v, u = np.mgrid[0:ICON, 0:ICON] + 0.5
    # top: a rhombus with corners (8, 1) top, (15, 4.5) right, (8, 8) bottom, (1, 4.5) left
    a = ((u - 8) / 7 + (v - 1) / 3.5) / 2  # along top -> right
    b = (-(u - 8) / 7 + (v - 1) / 3.5) / 2  # along top -> left
    top = (a >= 0) & (a <= 1) & (b >= 0) & (b <= 1)
    left = (u >= 1) & (u <= 8) & (v >= 4.5 + (u - 1) / 2) & (v <= 11.5 + (u - 1) / 2)
    right = (u >= 8) & (u <= 15) & (v >= 8 - (u - 8) / 2) & (v <= 15 - (u - 8) / 2)
    face = np.select([top, left, right], [1, 2, 3], 0)
    row = np.select(
        [top, left, right], [b * 16, v - 4.5 - (u - 1) / 2, v - 8 + (u - 8) / 2], 0
    ) * np.select([top, left | right], [1.0, 16 / 7], 0)
    col = np.select([top, left, right], [a * 16, (u - 1) * 16 / 7, (u - 8) * 16 / 7], 0)
    clip = lambda x: np.clip(x.astype(np.int64), 0, 15)  # noqa: E731
    return face, clip(row), clip(col)


def cube_icon(top: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """An isometric cube of three 16 × 16 RGBA tiles."""
    face, row, col = cube_uv()
    out = np.zeros((ICON, ICON, 4), np.uint8)
    for f, (tile, k) in enumerate(zip((top, left, right), SHADES, strict=True), start=1):
        here = face == f
        px = tile[row[here], col[here]].astype(np.float32)
        px[:, :3] *= k
        out[here] = px.astype(np.uint8)
    return out


def durability_color(damage: int, max_damage: int) -> tuple[int, int, int]:
    """Vanilla's bar colour: hue (max − damage) / max / 3, full saturation and value."""
    hue = max(0.0, (max_damage - damage) / max_damage) / 3.0
    r, g, b = colorsys.hsv_to_rgb(hue, 1.0, 1.0)
    return (round(r * 255), round(g * 255), round(b * 255))


def bar_width(damage: int, max_damage: int) -> int:
    """Vanilla's Math.round(13 − damage · 13 / max): halves round up, as Java's do."""
    return math.floor(13.0 - damage * 13.0 / max_damage + 0.5)


class IconBook:
    """The icons of one registry and atlas, made on first use."""

    def __init__(self, tables: RenderTables, registry: BlockRegistry) -> None:
        self.tables = tables
        self.registry = registry
        self._icons: dict[str, np.ndarray] = {}
        self._sprites: dict[tuple[str, int], Sprite] = {}

    def icon(self, item: str) -> np.ndarray:
        """The 16 × 16 RGBA icon of ``item`` (read-only)."""
        found = self._icons.get(item)
        if found is None:
            found = self._make(item)
            found.flags.writeable = False
            self._icons[item] = found
        return found

    def sprite(self, item: str, scale: int) -> Sprite:
        key = (item, scale)
        found = self._sprites.get(key)
        if found is None:
            found = self._sprites[key] = Sprite.from_rgba(upscale(self.icon(item), scale))
        return found

    def mean_color(self, item: str) -> tuple[int, int, int]:
        """The average colour of the icon's opaque pixels (what a far item looks like)."""
        icon = self.icon(item)
        solid = icon[..., 3] > 0
        if not solid.any():
            return (128, 128, 128)
        return tuple(int(c) for c in icon[solid, :3].mean(axis=0))  # type: ignore[return-value]

    def block_state(self, item: str) -> int | None:
        """The default state of the block ``item`` places, or None for other items."""
        try:
            block = items().block_for_item(item)
        except ItemError:
            return None
        if block is None:
            return None
        try:
            return self.registry.default_state(block)
        except BlockStateError:
            return None

    def _make(self, item: str) -> np.ndarray:
        state = self.block_state(item)
        if state is not None:
            atlas = self.tables.atlas
            tiles = atlas.images[atlas.face_tiles[state]]  # faces -y, +y, -z, +z, -x, +x
            if not self.tables.models.cube[state] and atlas.layer[state] != 0:
                icon = tiles[2].copy()  # a plant or a fixture: its tile, flat
                tint = icon_rgb(self.registry, state)
                if tint is not None:  # grey tiles the world tints (redstone dust)
                    icon[..., :3] = np.round(icon[..., :3] * (np.array(tint) / 255.0))
            else:
                icon = cube_icon(tiles[1], tiles[3], tiles[5])
            if (icon[..., 3] > 0).sum() >= MIN_VISIBLE:
                return icon
            # an invisible block (barrier, light, structure void): a picture of its own
        try:
            kind = items().item(item)
        except ItemError:
            return glyph(item, None, None, False)
        return glyph(item, kind.tool_kind, kind.tool_tier, kind.food is not None)


def draw_stack(
    frame: np.ndarray, book: IconBook, stack: ItemStack | None, x: int, y: int, scale: int
) -> None:
    """An item stack with its decorations, the icon's top-left at frame pixel (x, y)."""
    if stack is None:
        return
    blend(frame, book.sprite(stack.item, scale), x, y)
    if stack.is_damaged():
        width = bar_width(stack.damage, stack.max_damage)
        bx, by = x + 2 * scale, y + 13 * scale
        blend(frame, rect_sprite(13 * scale, 2 * scale, BAR_BACK, 255), bx, by)
        if width > 0:
            color = durability_color(stack.damage, stack.max_damage)
            blend(frame, rect_sprite(width * scale, scale, color, 255), bx, by)
    if stack.count != 1:
        draw_count(frame, str(stack.count), x, y, scale)


def draw_count(frame: np.ndarray, text: str, x: int, y: int, scale: int) -> None:
    """The count, right-aligned at x + 17 GUI px, on vanilla's line y + 9, with a shadow."""
    left = x + (17 - text_width(text, scale)) * scale
    top = y + 8 * scale  # our text sprites start one GUI px above the capitals
    blend(frame, text_sprite(text, scale, COUNT_SHADOW), left + scale, top + scale)
    blend(frame, text_sprite(text, scale, COUNT_COLOR), left, top)
