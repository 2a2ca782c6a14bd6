"""A survival frame as MineStudio observes it: drawn for a 640 × 360 window, resized to a small
observation (64 × 64, 128 × 128, ...).

MineStudio renders at 640 × 360 and resizes each frame to the observation size, so a square
observation shows the 16:9 view squeezed and the hotbar, hearts and open screens laid out for
640 × 360 (vanilla's GUI scale 2), small. Drawing the GUI at the observation size instead would
put it at GUI scale 1 on a 64-pixel-wide frame, where the inventory screen does not fit.

``ResizedView`` draws the world straight at the observation size (the camera keeps the window's
16:9 aspect: ``ViewSettings.aspect``), and the 2-D layers — the held item, the crosshair, the
hotbar, hearts, hunger, an open screen and the mouse pointer — at the window size, resized with
a box filter. Every one of those layers is affine in what lies beneath it (alpha blends and the
crosshair's inversion), so the stack is drawn once over black and once over white, giving per
pixel ``out = P + K · below``: the two drawings are resized (PIL's box filter, over the
rectangle they cover) and cached until the HUD, the screen, the pointer, the held item or its
light change. Deliberate differences
from MineStudio: the world is not drawn at 640 × 360 and then shrunk (the same view, a little
sharper), and the box filter replaces OpenCV's bilinear resize (every GUI pixel counts, none is
skipped).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image

from odyssey.render.gui import Sprite, blend
from odyssey.render.overlay import draw_crosshair
from odyssey.render.renderer import Light
from odyssey.render.screen import LIGHT_ITEMS, GameView
from odyssey.render.sky import lightmap_table
from odyssey.render.survival import SurvivalFrame, survival_frame
from odyssey.render.view import ViewSettings

WINDOW = (640, 360)  # MineStudio's render size


class ResizedView:
    """One survival player's observation at ``settings.width`` × ``settings.height``, as the game
    drawn for ``window`` and resized. Reuse it for every frame of an episode."""

    def __init__(
        self, world: Any, settings: ViewSettings, window: tuple[int, int] = WINDOW
    ) -> None:
        self.window = (int(window[0]), int(window[1]))
        self.view = GameView(world, replace(settings, aspect=self.window[0] / self.window[1]))
        self._key: tuple | None = None
        self._layers: tuple[np.ndarray, np.ndarray] | None = None
        self._size = (settings.width, settings.height)

    @property
    def settings(self) -> ViewSettings:
        return self.view.settings

    def with_settings(self, **changes: Any) -> None:
        self.view.with_settings(**changes)

    def frame(self, game: Any, mouse: tuple[float, float] | None = None) -> np.ndarray:
        """The observation of a survival game now; ``mouse``: the pointer over an open screen
        in window pixels (drawn, with the hovered slot and the carried stack)."""
        view, s = self.view, self.view.settings
        player = game.player
        view.observe(player)
        state = survival_frame(game, mouse)
        layer = view._survival_layer()
        more = layer.geometry(player, state, game.tick_count)
        light = Light(view._light().conditions, layer.held_luminance(state, LIGHT_ITEMS))
        frame, _ = view._world(player, s.width, s.height, s.fov, player.yaw, player.pitch,
                               False, game.tick_count, more, light)  # fmt: skip
        base, gain = self._overlay(game, state, light, mouse)
        out = base + gain * frame.astype(np.float32)
        return np.clip(out + 0.5, 0, 255).astype(np.uint8)

    def _overlay(
        self, game: Any, state: SurvivalFrame, light: Light, mouse: tuple[float, float] | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """P and K of the 2-D layers at the observation size (cached while unchanged)."""
        key = (self._hand_level(game, light), state.held, state.inventory, state.selected,
               state.gamemode, state.health, state.food, state.xp_progress, state.menu,
               mouse)  # fmt: skip
        if self._layers is not None and key == self._key:
            return self._layers
        width, height = self.window
        drawn = []
        for ground in (0, 255):
            canvas = np.full((height, width, 3), ground, np.uint8)
            self._draw_layers(canvas, game, state, light, mouse)
            drawn.append(self._shrink(canvas, ground))
        black, white = drawn
        self._layers = (black, (white - black) / 255.0)
        self._key = key
        return self._layers

    def _shrink(self, canvas: np.ndarray, ground: int) -> np.ndarray:
        """``canvas`` (window size) box-filtered down to the observation size; only the output
        pixels over what differs from ``ground`` are worked out (the HUD is a strip)."""
        width, height = self._size
        out = np.full((height, width, 3), ground, np.float32)
        used = canvas != ground
        rows = np.flatnonzero(used.reshape(len(canvas), -1).any(axis=1))  # fast: contiguous
        if not len(rows):
            return out
        cols = np.flatnonzero(used[rows[0] : rows[-1] + 1].any(axis=0).any(axis=1))
        sx, sy = self.window[0] / width, self.window[1] / height
        c0, c1 = int(cols[0] // sx), min(width, int(cols[-1] // sx) + 1)
        r0, r1 = int(rows[0] // sy), min(height, int(rows[-1] // sy) + 1)
        box = (c0 * sx, r0 * sy, c1 * sx, r1 * sy)
        part = Image.fromarray(canvas).resize((c1 - c0, r1 - r0), Image.Resampling.BOX, box=box)
        out[r0:r1, c0:c1] = np.asarray(part, np.float32)
        return out

    def _hand_level(self, game: Any, light: Light) -> tuple[int, ...]:
        """The held item's brightness as ``draw_held_item`` quantises it (the lightmap at the
        eye, the held light included): the hand is redrawn only when this changes."""
        p = game.player
        level = self.view._survival_layer().probe.level(p.pos[0], p.pos[1] + p.eye_height,
                                                         p.pos[2])  # fmt: skip
        sky, block = level >> 4, max(level & 15, int(light.torch))
        cond = light.conditions
        bright = lightmap_table(cond.sky_factor, cond.sky_light_color)[sky * 16 + min(block, 15)]
        return tuple(int(v) for v in np.round(np.asarray(bright) * 32))

    def _draw_layers(
        self,
        canvas: np.ndarray,
        game: Any,
        state: SurvivalFrame,
        light: Light,
        mouse: tuple[float, float] | None,
    ) -> None:
        """GameView.frame's 2-D layers in its order, drawn for the window."""
        layer, s = self.view._survival_layer(), self.view.settings
        layer.draw_hand(canvas, game.player, state, light)
        if s.crosshair:
            draw_crosshair(canvas)
        layer.draw_hud(canvas, state, s.hotbar)
        layer.draw_menu(canvas, state)
        if state.menu is not None and mouse is not None:
            blend(canvas, pointer_sprite(), int(mouse[0]), int(mouse[1]))

    def close(self) -> None:
        self.view.close()


# the classic arrow: X outline, . fill, tip at the top-left pixel
POINTER_SHAPE = (
    "X", "XX", "X.X", "X..X", "X...X", "X....X", "X.....X", "X......X", "X.......X",
    "X....XXXXX", "X..X..X", "X.X X..X", "XX   X..X", "      X..X", "      X..X", "       XX",
)  # fmt: skip


@lru_cache(maxsize=1)
def pointer_sprite() -> Sprite:
    """The mouse pointer over an open screen (MineRL draws one into its frames as well)."""
    rgba = np.zeros((len(POINTER_SHAPE), max(map(len, POINTER_SHAPE)), 4), np.uint8)
    for y, row in enumerate(POINTER_SHAPE):
        for x, c in enumerate(row):
            if c in "X.":
                rgba[y, x] = (0, 0, 0, 255) if c == "X" else (255, 255, 255, 255)
    return Sprite.from_rgba(rgba)
