"""The MCU agent's screen: the survival game drawn as a player sees it (first person, FOV 70,
hotbar, health and hunger, open screens), at MineStudio's 640×360 by default, following the
game's time of day, weather and dimension."""

from __future__ import annotations

from typing import Any

MCU_SIZE = (640, 360)  # MineStudio's render size (its obs is a resize of it)
RENDER_DISTANCE = 4  # chunks (64 blocks): MCU set-ups are within a few blocks; keeps frames cheap


class McuScreen:
    """Made on first use (no OpenGL until a frame is wanted)."""

    def __init__(self, game: Any, width: int = MCU_SIZE[0], height: int = MCU_SIZE[1]) -> None:
        self.game, self.width, self.height = game, width, height
        self._view: Any = None
        self._world: Any = None

    @property
    def view(self) -> Any:
        if self._view is None or self._world is not self.game.world:  # a portal changed worlds
            from odyssey.render.screen import GameView
            from odyssey.render.view import ViewSettings

            self.close()
            settings = ViewSettings(width=self.width, height=self.height, markers=False,
                                    render_distance=RENDER_DISTANCE)  # fmt: skip
            self._view, self._world = GameView(self.game.world, settings), self.game.world
        return self._view

    def frame(self) -> Any:
        """The RGB frame (height, width, 3) of the game now."""
        game = self.game
        with game.lock:
            view = self.view
            if view.settings.time != game.time_of_day:
                view.with_settings(time=game.time_of_day)
            raining = game.survival.weather != "clear"
            if view.settings.rain != raining:
                view.with_settings(rain=raining)
            return view.game_frame(game)

    def close(self) -> None:
        if self._view is not None:
            self._view.close()
            self._view = None
