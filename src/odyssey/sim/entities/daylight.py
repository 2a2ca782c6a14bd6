"""Time of day, sky and block light for mob rules (burning, spawning, spiders' mood).

Simplified light: a position sees the sky (sky light 15) when no block with a collision box is
above it in its column, else its sky light is 0 (vanilla also spreads sky light sideways under
overhangs); block light is the strongest nearby emitter's level minus the Manhattan distance,
ignoring walls (vanilla's flood fill stops at opaque blocks). Time rules are vanilla's
(Level.updateSkyBrightness, isDay = sky darkening < 4).
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.sim.block_physics import block_physics
from odyssey.world.storage import World

BLOCK_LIGHT_REACH = 14


def celestial_angle(time_of_day: int) -> float:
    """DimensionType.timeOfDay: the sun's angle as a fraction of a turn (0 at noon)."""
    d = (time_of_day / 24000.0 - 0.25) % 1.0
    e = 0.5 - math.cos(d * math.pi) / 2.0
    return (d * 2.0 + e) / 3.0


WEATHER_LEVELS = {"clear": (0.0, 0.0), "rain": (1.0, 0.0), "thunder": (1.0, 1.0)}


def sky_darken(time_of_day: int, weather: str = "clear") -> int:
    """Level.updateSkyBrightness: 0 at a clear noon, 11 at midnight; rain and thunder each
    take 5/16 of the daylight (a thunderstorm's noon is dark enough for monsters)."""
    rain, thunder = WEATHER_LEVELS.get(weather, (0.0, 0.0))
    c = min(0.25, max(-0.25, math.cos(celestial_angle(time_of_day) * math.pi * 2.0)))
    f = (0.5 + 2.0 * c) * (1.0 - rain * 5.0 / 16.0) * (1.0 - thunder * 5.0 / 16.0)
    return int((1.0 - f) * 11.0)


def is_day(time_of_day: int, weather: str = "clear") -> bool:
    """Level.isDay: the sky is darkened by less than 4."""
    return sky_darken(time_of_day, weather) < 4


def brightness(level: int) -> float:
    """The light-level-dependent magic value of the overworld: L/15 / (4 − 3·L/15)."""
    f = level / 15.0
    return f / (4.0 - 3.0 * f)


class SkyLight:
    """Per-column heights of the highest block with a collision box, cached per world revision."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.solid = block_physics(world.registry).box_count > 0
        self.emit = world.registry.state_emit_light.astype(np.int64)
        self.emitters = np.flatnonzero(self.emit > 0)
        self.tops: dict[tuple[int, int], int] = {}
        self.revision = world.revision
        r = BLOCK_LIGHT_REACH
        g = np.abs(np.arange(-r, r + 1))
        self.manhattan = g[:, None, None] + g[None, :, None] + g[None, None, :]

    def _fresh(self) -> None:
        if self.revision != self.world.revision:
            self.tops.clear()
            self.revision = self.world.revision

    def top(self, x: int, z: int) -> int:
        """Y of the highest block with a collision box in the column (min_y − 1 if none)."""
        self._fresh()
        key = (x, z)
        top = self.tops.get(key)
        if top is None:
            top = self.world.dimension.min_y - 1
            chunk = self.world.chunk(x >> 4, z >> 4)
            if chunk is not None:
                for sy in sorted(chunk.sections, reverse=True):
                    hits = np.flatnonzero(self.solid[chunk.sections[sy][:, z & 15, x & 15]])
                    if len(hits):
                        top = sy * 16 + int(hits[-1])
                        break
            self.tops[key] = top
        return top

    def sees_sky(self, x: float, y: float, z: float) -> bool:
        """Level.canSeeSky, simplified: nothing with collision above the block at (x, y, z)."""
        return self.top(math.floor(x), math.floor(z)) < math.floor(y)

    def sky_light(self, x: float, y: float, z: float) -> int:
        return 15 if self.sees_sky(x, y, z) else 0

    def block_light(self, x: int, y: int, z: int) -> int:
        """The strongest emitter's level minus its Manhattan distance (walls ignored)."""
        r = BLOCK_LIGHT_REACH
        box = self.world.get_box((x - r, y - r, z - r), (x + r + 1, y + r + 1, z + r + 1))
        levels = self.emit[box]
        if not levels.any():
            return 0
        return int(max(0, (levels - self.manhattan).max()))

    def raw_brightness(self, x: float, y: float, z: float, time_of_day: int,
                       weather: str = "clear") -> int:  # fmt: skip
        """getMaxLocalRawBrightness: max(sky light − sky darkening, block light)."""
        sky = self.sky_light(x, y, z) - sky_darken(time_of_day, weather)
        if sky >= 15:
            return 15
        return max(sky, self.block_light(math.floor(x), math.floor(y), math.floor(z)))
