"""What the renderer is asked to draw besides the world: settings, waypoints, the hotbar.

These are plain data shared by the renderer, its overlays and the world-map screen; upper layers
(tasks, bridge, episode) fill them in. The benchmark profile is ``ViewSettings.benchmark()``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

ViewMode = Literal["first", "third", "six"]
# Named times of day as ticks: vanilla's `/time set` names plus sunrise, morning and sunset.
TIME_TICKS = {
    "sunrise": 0,
    "day": 1000,
    "morning": 1000,
    "noon": 6000,
    "sunset": 12000,
    "night": 13000,
    "midnight": 18000,
}
TimeOfDay = str | int  # a name of TIME_TICKS or a tick of the day 0..23999
DAY_TICKS = 24000

MAX_SIDE = 4096  # pixels; larger images are refused with a clear message
MARKER_RANGE = 32.0  # blocks: in-world waypoint markers show within this distance (Mine Odyssey)
HOTBAR_SLOTS = 9


@dataclass(frozen=True)
class Waypoint:
    """One waypoint the renderer may show: name, initials, position and Xaero colour index.

    ``initials`` is the caption drawn on the marker (Mine Odyssey: the waypoint's initials, or
    the first character of its name when there are none); ``color`` is an index 0..15 into
    Minecraft's chat colours, as Xaero's waypoint files store it.
    """

    name: str
    initials: str
    position: tuple[float, float, float]
    color: int = 0

    @property
    def caption(self) -> str:
        text = (self.initials or "").strip()
        return text if text else self.name[:1]


@dataclass(frozen=True)
class Hotbar:
    """Nine hotbar slots (item ids without namespace, or None) and the selected slot 0..8."""

    slots: tuple[str | None, ...] = (None,) * HOTBAR_SLOTS
    selected: int = 0

    @property
    def tick_of_day(self) -> int:
        """The time of day in ticks (noon 6000, midnight 18000)."""
        return TIME_TICKS[self.time] if isinstance(self.time, str) else self.time

    @classmethod
    def benchmark(cls) -> Hotbar:
        """Mine Odyssey's hotbar: a torch in slot 2 (index 1), slot 1 selected."""
        slots = [None] * HOTBAR_SLOTS
        slots[1] = "torch"
        return cls(tuple(slots), 0)

    def select(self, slot: int) -> Hotbar:
        """Select slot ``slot`` (0..8), as the keys 1..9 do."""
        if not 0 <= slot < HOTBAR_SLOTS:
            raise ValueError(f"hotbar slot must be 0..8, got {slot}")
        return replace(self, selected=slot)

    def scroll(self, steps: int) -> Hotbar:
        """Move the selection as the mouse wheel does (positive = towards slot 9, wrapping)."""
        return replace(self, selected=(self.selected + steps) % HOTBAR_SLOTS)

    @property
    def held(self) -> str | None:
        return self.slots[self.selected]


@dataclass(frozen=True)
class ViewSettings:
    """How a frame is drawn. Defaults are Minecraft's; ``benchmark()`` is Mine Odyssey's."""

    width: int = 854
    height: int = 480
    fov: float = 70.0  # Minecraft's FOV setting: the vertical field of view in degrees
    view: ViewMode = "first"
    time: TimeOfDay = "noon"
    rain: bool = False
    render_distance: int = 12  # chunks
    hud: bool = False  # position and facing text (BoccHUD)
    minimap: bool = False
    markers: bool = True
    marker_range: float = MARKER_RANGE
    crosshair: bool = True
    hotbar: bool = True
    reveal_map: bool = False  # the world map shows every chunk, not only explored ones
    jpeg_quality: int = 75
    # the camera's width / height when it differs from the frame's (None: the frame's): a
    # MineStudio observation is its 16:9 render resized to a square, so the world is squeezed
    aspect: float | None = None

    @property
    def tick_of_day(self) -> int:
        """The time of day in ticks (noon 6000, midnight 18000)."""
        return TIME_TICKS[self.time] if isinstance(self.time, str) else self.time

    @classmethod
    def benchmark(cls, **changes: object) -> ViewSettings:
        """Mine Odyssey's profile (FOV 100, 854x480, markers within 32 blocks), with changes."""
        return replace(cls(fov=100.0), **changes)

    def __post_init__(self) -> None:
        if not (1 <= self.width <= MAX_SIDE and 1 <= self.height <= MAX_SIDE):
            raise ValueError(
                f"image size {self.width}x{self.height} is out of range: "
                f"each side must be 1..{MAX_SIDE} pixels"
            )
        if self.aspect is not None and not 0.1 <= self.aspect <= 10.0:
            raise ValueError(f"aspect must be 0.1..10 (width / height), got {self.aspect}")
        if not 30.0 <= self.fov <= 110.0:
            raise ValueError(f"fov must be 30..110 degrees (Minecraft's range), got {self.fov}")
        if self.view not in ("first", "third", "six"):
            raise ValueError(f"view must be first, third or six, got {self.view!r}")
        if not (
            (isinstance(self.time, str) and self.time in TIME_TICKS)
            or (type(self.time) is int and 0 <= self.time < DAY_TICKS)
        ):
            raise ValueError(
                f"time must be one of {', '.join(TIME_TICKS)} or a tick 0..23999, got {self.time!r}"
            )
        if not 2 <= self.render_distance <= 32:
            raise ValueError(f"render distance must be 2..32 chunks, got {self.render_distance}")
        if not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"JPEG quality must be 1..100, got {self.jpeg_quality}")
