"""A frame as MineStudio observes it: drawn for a 640 × 360 window, resized to a small
observation (64 × 64, 128 × 128, ...); navigation views the same way, from Mine Odyssey's
854 × 480.

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

from collections import OrderedDict
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image

from odyssey.render.gui import Sprite, blend
from odyssey.render.screen import GameView, WorldFrame
from odyssey.render.survival import SurvivalFrame, survival_frame
from odyssey.render.survivalhud import hand_level
from odyssey.render.view import ViewSettings

WINDOW = (640, 360)  # MineStudio's render size
LAYER_CACHE = 16  # 2-D layer stacks kept (each two float32 images at the observation size)


class ResizedView:
    """One player's observation at the view's size, as the game drawn for ``window`` and
    resized (first person). Wraps a ``GameView``, whose camera takes the window's aspect; reuse
    it for every frame of an episode."""

    def __init__(self, view: GameView, window: tuple[int, int] = WINDOW) -> None:
        self.window = (int(window[0]), int(window[1]))
        view.with_settings(aspect=self.window[0] / self.window[1])
        self.view = view
        # the last few 2-D layer stacks by what they show: a policy pressing hotbar keys at
        # random cycles through a handful of HUDs
        self._layers: OrderedDict[tuple, tuple[np.ndarray, np.ndarray]] = OrderedDict()
        self._size = (view.settings.width, view.settings.height)

    @classmethod
    def of(cls, world: Any, settings: ViewSettings, window: tuple[int, int] = WINDOW):
        return cls(GameView(world, settings), window)

    @property
    def settings(self) -> ViewSettings:
        return self.view.settings

    def with_settings(self, **changes: Any) -> None:
        self.view.with_settings(**changes)

    def game_frame(self, game: Any, mouse: tuple[float, float] | None = None) -> np.ndarray:
        """The observation of a running game now (a survival game's HUD and open screen; the
        waypoint markers and hotbar of a navigation view); ``mouse``: the pointer over an open
        screen in window pixels (drawn, with the hovered slot and the carried stack)."""
        view, player = self.view, game.player
        view.observe(player)
        state = survival_frame(game, mouse) if game.survival is not None else None
        world = view.world_frame(player, game.tick_count, state)
        base, gain = self._overlay(game, world, state, mouse)
        out = base + gain * world.image.astype(np.float32)
        return np.clip(out + 0.5, 0, 255).astype(np.uint8)

    def _overlay(
        self,
        game: Any,
        world: WorldFrame,
        state: SurvivalFrame | None,
        mouse: tuple[float, float] | None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """P and K of the 2-D layers at the observation size (cached while unchanged)."""
        key = self._key_of(game, world, state, mouse)
        try:
            cached = self._layers.get(key)
        except TypeError:  # something shown cannot be hashed: draw it, keep nothing
            key, cached = None, None
        if cached is not None:
            self._layers.move_to_end(key)
            return cached
        width, height = self.window
        drawn = []
        for ground in (0, 255):
            canvas = np.full((height, width, 3), ground, np.uint8)
            self.view.draw_layers(canvas, game.player, world, state)
            if state is not None and state.menu is not None and mouse is not None:
                blend(canvas, pointer_sprite(), int(mouse[0]), int(mouse[1]))
            drawn.append(self._shrink(canvas, ground))
        black, white = drawn
        layers = (black, (white - black) / 255.0)
        if key is not None:
            self._layers[key] = layers
        if len(self._layers) > LAYER_CACHE:
            self._layers.popitem(last=False)
        return layers

    def _key_of(
        self,
        game: Any,
        world: WorldFrame,
        state: SurvivalFrame | None,
        mouse: tuple[float, float] | None,
    ) -> tuple:
        """What the 2-D layers show: they are redrawn only when it changes."""
        view, s, p = self.view, self.view.settings, game.player
        labels = view.marker_labels(world.camera, p, *self.window) if s.markers else ()
        moving = (p.pos, p.yaw, p.pitch) if s.hud or s.minimap else ()
        if state is None:
            return (tuple(labels), view.hotbar, moving)
        return (self._hand(game, world), state.held, state.inventory,
                state.selected, state.gamemode, state.health, state.food, state.xp_progress,
                state.menu, mouse, tuple(labels), moving)  # fmt: skip

    def _hand(self, game: Any, world: WorldFrame) -> tuple[int, ...] | None:
        """The held item's light as its sprite is drawn (None: no survival layer)."""
        if world.layer is None:
            return None
        return hand_level(world.layer.hand_brightness(game.player, world.light))

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
