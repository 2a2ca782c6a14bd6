"""Sky, fog and light factors for a time of day and weather, as vanilla computes them.

Vanilla (ClientWorld, LightmapTextureManager, BackgroundRenderer) in plains at 1.21: the sky
angle is 0 at noon and 0.5 at midnight; ``sky_darken`` is 1.0 at noon, 0.2 at midnight and is
multiplied by (1 - rain * 5/16) before being squeezed into 0.2..1; the sky colour of a plains
biome is #78A7FF and the fog colour #C0D8FF, both darkened at night; rain greys both. Fog ends at
the render distance and starts max(4, min(64, distance / 10)) blocks before it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

PLAINS_SKY = (120 / 255, 167 / 255, 255 / 255)
PLAINS_FOG = (192 / 255, 216 / 255, 255 / 255)
SUN_COLOR = (1.0, 0.96, 0.75)
MOON_COLOR = (0.85, 0.87, 0.92)
SUN_HALF_TAN = 0.30  # vanilla's sun quad: 30 units wide at 100 units
MOON_HALF_TAN = 0.20
TORCH_LUMINANCE = 14.0


@dataclass(frozen=True)
class Conditions:
    """Everything time and weather change in a frame."""

    sky_factor: float  # vanilla's getSkyDarken result, 0.2..1
    sky_light_color: tuple[float, float, float]
    sky_color: tuple[float, float, float]
    fog_color: tuple[float, float, float]
    body_color: tuple[float, float, float]
    body_size: float
    stars: float


def sky_angle(time_of_day: int) -> float:
    """Vanilla's celestial angle (0 at noon, 0.5 at midnight) from the day time in ticks."""
    d = ((time_of_day % 24000) / 24000.0) - 0.25
    if d < 0:
        d += 1.0
    e = 0.5 - math.cos(d * math.pi) / 2.0
    return (d * 2.0 + e) / 3.0


@lru_cache(maxsize=256)  # pure, and asked for every frame with the same few arguments
def conditions(time_of_day: int, rain: float, render_distance_chunks: int) -> Conditions:
    angle = sky_angle(time_of_day)
    daylight = max(0.0, min(1.0, math.cos(angle * 2 * math.pi) * 2.0 + 0.5))
    g = 1.0 - max(0.0, min(1.0, 1.0 - (math.cos(angle * 2 * math.pi) * 2.0 + 0.2)))
    g *= 1.0 - rain * 5.0 / 16.0
    sky_factor = g * 0.8 + 0.2
    light_color = tuple(
        c + (1.0 - c) * 0.35 for c in (sky_factor, sky_factor, 1.0)
    )  # (f, f, 1) towards white by 35 %
    sky = [c * daylight for c in PLAINS_SKY]
    fog = [
        PLAINS_FOG[0] * (daylight * 0.94 + 0.06),
        PLAINS_FOG[1] * (daylight * 0.94 + 0.06),
        PLAINS_FOG[2] * (daylight * 0.91 + 0.09),
    ]
    if rain > 0:
        sky = _greyed(sky, rain * 0.75)
        fog = [c * (1.0 - rain * 0.5) + c * rain * 0.5 * 0.6 for c in _greyed(fog, rain * 0.75)]
    # far fog leans towards the sky colour more at short render distances
    lean = 1.0 - (0.25 + 0.75 * min(render_distance_chunks, 32) / 32.0) ** 0.25
    fog = [f + (s - f) * lean for f, s in zip(fog, sky, strict=True)]
    night = daylight < 0.5
    return Conditions(
        sky_factor=sky_factor,
        sky_light_color=light_color,  # type: ignore[arg-type]
        sky_color=tuple(sky),  # type: ignore[arg-type]
        fog_color=tuple(fog),  # type: ignore[arg-type]
        body_color=MOON_COLOR if night else SUN_COLOR,
        body_size=0.0 if rain > 0 else (MOON_HALF_TAN if night else SUN_HALF_TAN),
        stars=0.0 if rain > 0 else max(0.0, 1.0 - daylight * 2.0),
    )


@lru_cache(maxsize=64)  # a frame asks twice (world and hand); conditions change rarely
def lightmap_table(sky_factor: float, sky_light_color: tuple[float, float, float]) -> np.ndarray:
    """Vanilla's lightmap (1.21 lightmap shader, overworld, brightness option 50 %, no
    flicker): the colour by which a texel lit at (sky, block) levels is multiplied, as a
    (256, 3) float32 table indexed sky * 16 + block. Read-only: it is cached and shared."""
    levels = np.arange(16) / 15.0
    curve = levels / (4.0 - 3.0 * levels)
    block = curve[None, :] * 1.5  # vanilla: block factor = flicker + 1.5, flicker averaging 0
    sky = curve[:, None] * (sky_factor * 0.95 + 0.05)
    c = np.stack(
        [
            np.broadcast_to(block, (16, 16)),
            np.broadcast_to(block * ((block * 0.6 + 0.4) * 0.6 + 0.4), (16, 16)),
            np.broadcast_to(block * (block * block * 0.6 + 0.4), (16, 16)),
        ],
        axis=-1,
    ) + sky[..., None] * np.asarray(sky_light_color)
    c = np.clip(c * 0.96 + 0.75 * 0.04, 0.0, 1.0)
    c = c * 0.5 + (1.0 - (1.0 - c) ** 4) * 0.5  # the brightness option's "not gamma" at 50 %
    c = np.clip(c * 0.96 + 0.75 * 0.04, 0.0, 1.0)
    table = c.reshape(256, 3).astype(np.float32)
    table.flags.writeable = False
    return table


def _greyed(rgb: list[float], amount: float) -> list[float]:
    grey = (rgb[0] * 0.3 + rgb[1] * 0.59 + rgb[2] * 0.11) * 0.6
    return [c * (1.0 - amount) + grey * amount for c in rgb]


def fog_range(render_distance_chunks: int) -> tuple[float, float]:
    """Vanilla 1.21 terrain fog: (start, end) in blocks."""
    end = render_distance_chunks * 16.0
    return end - max(4.0, min(64.0, end / 10.0)), end


TIMES = {"noon": 6000, "midnight": 18000}
