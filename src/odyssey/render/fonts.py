"""The font for sign text, labels and HUD text: DejaVu Sans, as shipped with matplotlib.

DejaVu Sans covers Latin and Cyrillic, so waypoint names of every built-in place draw; we read
the file from matplotlib's data folder without importing matplotlib itself.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from PIL import ImageFont

from odyssey.errors import OdysseyError

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}


class FontError(OdysseyError):
    """The text font cannot be found."""


def font_path(weight: str = "regular") -> Path:
    """Where matplotlib keeps DejaVu Sans (``weight`` is ``regular`` or ``bold``)."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise FontError("the DejaVu Sans font comes with matplotlib: pip install matplotlib")
    path = Path(spec.submodule_search_locations[0]) / "mpl-data" / "fonts" / "ttf"
    path = path / FONT_FILES[weight]
    if not path.is_file():
        raise FontError(f"matplotlib is installed but {path} is missing; reinstall matplotlib")
    return path


@cache
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels, cached."""
    return ImageFont.truetype(str(font_path(weight)), size)
