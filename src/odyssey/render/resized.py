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
pixel ``out = P + K · below``; P and K are resized and cached until the HUD, the screen, the
pointer, the held item or its light change. Deliberate differences from MineStudio: the world is
not drawn at 640 × 360 and then shrunk (the same view, a little sharper), and the box filter
replaces OpenCV's bilinear resize (every GUI pixel counts, none is skipped).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

import numpy as np

from odyssey.render.gui import Sprite, blend
from odyssey.render.overlay import draw_crosshair
from odyssey.render.renderer import Light
from odyssey.render.screen import LIGHT_ITEMS, GameView
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
        self._rows = box_weights(self.window[1], settings.height)
        self._cols = box_weights(self.window[0], settings.width)

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
        layer = self.view._survival_layer()
        p = game.player
        level = layer.probe.level(p.pos[0], p.pos[1] + p.eye_height, p.pos[2])
        key = (state.held, level, light, state.inventory, state.selected, state.gamemode,
               state.health, state.food, state.xp_progress, state.menu, mouse)  # fmt: skip
        if self._layers is not None and key == self._key:
            return self._layers
        width, height = self.window
        over = []
        for ground in (0, 255):
            canvas = np.full((height, width, 3), ground, np.uint8)
            self._draw_layers(canvas, game, state, light, mouse)
            over.append(canvas.astype(np.float32))
        black, white = over
        gain = (white - black) / 255.0
        self._layers = (self._shrink(black), self._shrink(gain))
        self._key = key
        return self._layers

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

    def _shrink(self, image: np.ndarray) -> np.ndarray:
        """Box-filter ``image`` (window size) down to the observation size."""
        rows = np.tensordot(self._rows, image, axes=(1, 0))  # (h, W, 3)
        return np.einsum("xw,hwc->hxc", self._cols, rows).astype(np.float32)

    def close(self) -> None:
        self.view.close()


def box_weights(source: int, target: int) -> np.ndarray:
    """(target, source) weights of a box filter: each target pixel averages the source pixels
    it covers, the partly covered ones by the part covered."""
    edges = np.arange(target + 1) * (source / target)
    starts, ends = edges[:-1, None], edges[1:, None]
    pixels = np.arange(source)[None, :]
    overlap = np.clip(np.minimum(ends, pixels + 1) - np.maximum(starts, pixels), 0.0, None)
    return (overlap / (source / target)).astype(np.float32)


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
