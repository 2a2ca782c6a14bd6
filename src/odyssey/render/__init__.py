"""The render layer: meshes, the OpenGL renderer, overlays and the world-map screen."""

from odyssey.render.gl import RenderError
from odyssey.render.screen import GameView, encode_jpeg, encode_png
from odyssey.render.view import Hotbar, ViewSettings, Waypoint

__all__ = [
    "GameView",
    "Hotbar",
    "RenderError",
    "ViewSettings",
    "Waypoint",
    "encode_jpeg",
    "encode_png",
]
