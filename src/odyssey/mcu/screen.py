"""The MCU agent's screen: the survival game drawn as a player sees it (first person, FOV 70,
hotbar, health and hunger, open screens), at MineStudio's 640×360 by default, following the
game's time of day, weather and dimension."""

from __future__ import annotations

from typing import Any

MCU_SIZE = (640, 360)  # MineStudio's render size (its obs is a resize of it)
RENDER_DISTANCE = 4  # chunks (64 blocks): MCU set-ups are within a few blocks; keeps frames cheap


class McuScreen:
    """Made on first use (no OpenGL until a frame is wanted). ``window``: draw the game for a
    window of that size and resize it to width × height, as MineStudio's observations are
    (``render.resized``); None draws at width × height directly."""

    def __init__(
        self,
        game: Any,
        width: int = MCU_SIZE[0],
        height: int = MCU_SIZE[1],
        window: tuple[int, int] | None = None,
    ) -> None:
        self.game, self.width, self.height = game, width, height
        self.window = None if window is None or tuple(window) == (width, height) else window
        self._view: Any = None
        self._world: Any = None

    @property
    def view(self) -> Any:
        if self._view is None or self._world is not self.game.world:  # a portal changed worlds
            from odyssey.render.resized import ResizedView
            from odyssey.render.screen import GameView
            from odyssey.render.view import ViewSettings

            self.close()
            settings = ViewSettings(width=self.width, height=self.height, markers=False,
                                    render_distance=RENDER_DISTANCE)  # fmt: skip
            world = self.game.world
            view = (GameView(world, settings) if self.window is None
                    else ResizedView.of(world, settings, self.window))  # fmt: skip
            self._view, self._world = view, world
        return self._view

    def frame(self, mouse: tuple[float, float] | None = None) -> Any:
        """The RGB frame (height, width, 3) of the game now; ``mouse``: the pointer over an open
        screen (frame pixels, or window pixels when resizing)."""
        game = self.game
        with game.lock:
            view = self.view
            if view.settings.time != game.time_of_day:
                view.with_settings(time=game.time_of_day)
            raining = game.survival.weather != "clear"
            if view.settings.rain != raining:
                view.with_settings(rain=raining)
            return view.game_frame(game, mouse)

    def close(self) -> None:
        if self._view is not None:
            self._view.close()
            self._view = None
