"""In-world waypoint markers as Xaero's Minimap draws them: a coloured box with the initials.

Xaero's in-world waypoint (``WaypointWorldRenderer``, minimap 25.x) is a 9 × 9 GUI-px box in the
waypoint's colour at 80 % of 0.5227 alpha (its default in-world opacity), widened by a frame when
the initials are wider than 8 GUI px, with the initials in white (no shadow) inside; labels hang
below it on translucent black (alpha 0.353) backgrounds, each 3 GUI px wider than its text and
9 GUI px tall, the distance label 4 GUI px below the box. Distances read "12.3m" (one decimal,
Xaero's default precision; "km" from 10 000 m).

Deliberate differences: Xaero shows the distance only while the player looks towards the
waypoint and shows the waypoint's *name* instead within 20 blocks; Mine Odyssey's markers are
"initials + distance", so we always draw the distance and never the name. Xaero anchors the box's
bottom edge at the projected point; we centre the box on (x, y), which is what the renderer
projects. A marker only ever receives its caption and distance, so it cannot show coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from odyssey.render.gui import (
    LINE_HEIGHT,
    Color,
    blend,
    frame_scale,
    rect_sprite,
    text_sprite,
    text_width,
)

# Minecraft's 16 chat-formatting colours, in the index order Xaero's waypoint files use.
XAERO_COLORS: tuple[Color, ...] = (
    (0x00, 0x00, 0x00),  # black
    (0x00, 0x00, 0xAA),  # dark_blue
    (0x00, 0xAA, 0x00),  # dark_green
    (0x00, 0xAA, 0xAA),  # dark_aqua
    (0xAA, 0x00, 0x00),  # dark_red
    (0xAA, 0x00, 0xAA),  # dark_purple
    (0xFF, 0xAA, 0x00),  # gold
    (0xAA, 0xAA, 0xAA),  # gray
    (0x55, 0x55, 0x55),  # dark_gray
    (0x55, 0x55, 0xFF),  # blue
    (0x55, 0xFF, 0x55),  # green
    (0x55, 0xFF, 0xFF),  # aqua
    (0xFF, 0x55, 0x55),  # red
    (0xFF, 0x55, 0xFF),  # light_purple
    (0xFF, 0xFF, 0x55),  # yellow
    (0xFF, 0xFF, 0xFF),  # white
)

BOX_SIZE = 9  # GUI px
BOX_ALPHA = round(255 * 0.52274513 * 80 / 100)  # Xaero: 0.5227 × in-world opacity (default 80)
LABEL_ALPHA = round(255 * 0.3529412)  # Xaero's label background: black at 90/255
LABEL_GAP = 4  # GUI px from the box's bottom to the distance label (2 + 2 with no name line)
LABEL_PADDING = 3  # GUI px: a label is its text's width + 3
TEXT_COLOR: Color = (255, 255, 255)
KM_FROM = 10_000.0  # metres: Xaero's default "convert distance to km at"


@dataclass(frozen=True)
class MarkerLabel:
    """One waypoint marker to draw: its projected frame pixel, caption, distance and colour.

    ``x``, ``y`` are frame pixels (may lie outside the frame), ``caption`` the initials,
    ``distance`` in blocks from the player, ``color`` a Xaero colour index 0..15.
    """

    x: float
    y: float
    caption: str
    distance: float
    color: int

    def __post_init__(self) -> None:
        if not (math.isfinite(self.x) and math.isfinite(self.y)):
            raise ValueError(f"marker position must be finite pixels, got ({self.x}, {self.y})")
        if not (math.isfinite(self.distance) and self.distance >= 0):
            raise ValueError(f"marker distance must be a finite number >= 0, got {self.distance}")
        if not 0 <= self.color < len(XAERO_COLORS):
            raise ValueError(f"marker color must be a Xaero colour index 0..15, got {self.color}")


def distance_text(distance: float) -> str:
    """Xaero's distance label: one decimal, in metres, or kilometres from 10 000 m."""
    if distance >= KM_FROM:
        return f"{distance / 1000:.1f}km"
    return f"{distance:.1f}m"


def added_frame(initials_width: int) -> int:
    """GUI px Xaero adds on each side of the box when the initials are wider than 8 GUI px."""
    extra = initials_width - 8
    return extra - extra // 2 if extra > 0 else 0


@dataclass(frozen=True)
class MarkerLayout:
    """Where a marker's parts go, in frame pixels relative to the box's top-left corner."""

    box_width: int  # GUI px
    initials_x: int  # frame px
    label_x: int
    label_y: int
    label_width: int  # GUI px


@lru_cache(maxsize=1024)
def marker_layout(caption: str, label: str, scale: int) -> MarkerLayout:
    """Xaero's geometry for one marker: box widened for wide initials, label centred below."""
    initials = text_width(caption, scale)
    box_width = BOX_SIZE + 2 * added_frame(initials)
    label_width = text_width(label, scale) + LABEL_PADDING
    # Centre on the box in frame pixels; an odd difference leaves the half pixel on the right.
    label_x = (box_width - label_width) * scale // 2
    label_y = (BOX_SIZE + LABEL_GAP) * scale
    return MarkerLayout(
        box_width, (box_width - initials) // 2 * scale, label_x, label_y, label_width
    )


def box_origin(marker: MarkerLabel, scale: int) -> tuple[int, int]:
    """Top-left frame pixel of a marker's colour box, which is centred on the marker's point."""
    layout = marker_layout(marker.caption, distance_text(marker.distance), scale)
    half_w, half_h = layout.box_width * scale / 2, BOX_SIZE * scale / 2
    return math.floor(marker.x - half_w + 0.5), math.floor(marker.y - half_h + 0.5)


def _draw_marker(frame: np.ndarray, marker: MarkerLabel, scale: int) -> None:
    label = distance_text(marker.distance)
    layout = marker_layout(marker.caption, label, scale)
    x, y = box_origin(marker, scale)
    box = rect_sprite(
        layout.box_width * scale, BOX_SIZE * scale, XAERO_COLORS[marker.color], BOX_ALPHA
    )
    blend(frame, box, x, y)
    # Text sprites start one GUI px above the capitals, i.e. at the top of the box or label.
    blend(frame, text_sprite(marker.caption, scale, TEXT_COLOR), x + layout.initials_x, y)
    backing = rect_sprite(layout.label_width * scale, LINE_HEIGHT * scale, (0, 0, 0), LABEL_ALPHA)
    label_x, label_y = x + layout.label_x, y + layout.label_y
    blend(frame, backing, label_x, label_y)
    blend(frame, text_sprite(label, scale, TEXT_COLOR), label_x + 2 * scale, label_y)


def draw_markers(
    frame: np.ndarray, markers: Sequence[MarkerLabel], scale: int | None = None
) -> None:
    """Draw waypoint markers, farthest first so nearer ones end on top; off-frame parts clip."""
    scale = frame_scale(frame, scale)
    # sorted() is stable: equally distant markers keep the caller's order.
    for marker in sorted(markers, key=lambda m: -m.distance):
        _draw_marker(frame, marker, scale)
