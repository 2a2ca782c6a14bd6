"""Models of small flying things and leads: arrows and tridents along their flight, snowballs,
eggs, thrown potions, experience orbs, and the rope of a lead. Each is a ``Look``: boxes in
model pixels, turned by a yaw and pitch and set at an origin relative to the entity's feet.

Arrows and tridents point along their velocity (their stored yaw and pitch once stuck); the
trident is vanilla's 31-pixel fork. Snowballs, eggs and potions stand for vanilla's item
sprites: a rounded 4-pixel ball, an egg, a bottle of the potion's colour. An experience orb
glows (full block light) and pulses between green and yellow as vanilla's ExperienceOrbRenderer
(red = (sin(age / 2) + 1) / 2, green full, a little blue). A lead sags between its ends in
eight straight pieces of alternating rope colours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from odyssey.render.mobmodels import Color, Part, Vec

ARROW = (((-0.5, -0.5, -8), (0.5, 0.5, 6), (110, 80, 45)),
         ((-1, -1, 6), (1, 1, 8), (90, 90, 90)),
         ((-1.5, -0.5, -8), (1.5, 0.5, -5), (235, 235, 235)))  # fmt: skip
SHAFT, PRONG = (70, 140, 135), (95, 180, 170)
TRIDENT = (((-0.5, -0.5, -18), (0.5, 0.5, 6), SHAFT),
           ((-2.5, -0.5, 6), (2.5, 0.5, 7.5), PRONG),
           ((-0.5, -0.5, 7.5), (0.5, 0.5, 12), PRONG),
           ((1.5, -0.5, 7.5), (2.5, 0.5, 11), PRONG),
           ((-2.5, -0.5, 7.5), (-1.5, 0.5, 11), PRONG))  # fmt: skip
SNOW, EGG_SHELL, GLASS, CORK = (240, 245, 250), (235, 218, 175), (200, 215, 225), (150, 110, 70)
PEARL, ENCHANTING = (20, 95, 85), (150, 230, 90)  # an ender pearl; a bottle o' enchanting
ROPES = ((125, 90, 55), (95, 65, 40))
LEAD_PIECES = 8
LEAD_THICK = 0.8  # model pixels


@dataclass(frozen=True)
class Look:
    """Boxes in model pixels turned by (yaw, pitch) about the origin, placed ``origin`` blocks
    from the entity's feet, ``scale`` blocks per model pixel; ``glow``: lit at full block light."""

    parts: tuple[Part, ...]
    yaw: float = 0.0
    pitch: float = 0.0
    origin: Vec = (0.0, 0.0, 0.0)
    scale: float = 1 / 16
    glow: bool = False


def _boxes(spec: tuple[tuple[Vec, Vec, Color], ...]) -> tuple[Part, ...]:
    return tuple(Part(lo, hi, color) for lo, hi, color in spec)


def flight(e: Any) -> tuple[float, float]:
    """(yaw, pitch) along the velocity; the entity's own once it has stopped."""
    speed = math.hypot(e.vx, e.vz)
    if speed > 1e-6 or abs(e.vy) > 1e-6:
        return math.degrees(math.atan2(-e.vx, e.vz)), math.degrees(math.atan2(-e.vy, speed))
    return e.yaw, e.pitch


def ball(color: Color, tall: float = 4.0) -> tuple[Part, ...]:
    """A rounded ball (a cube and two crossed slabs) ``tall`` pixels high on the origin."""
    r, t = 2.0, tall
    return (Part((-r * 0.75, 0, -r * 0.75), (r * 0.75, t, r * 0.75), color),
            Part((-r, t * 0.15, -r * 0.6), (r, t * 0.85, r * 0.6), color),
            Part((-r * 0.6, t * 0.15, -r), (r * 0.6, t * 0.85, r), color))  # fmt: skip


def bottle(color: Color) -> tuple[Part, ...]:
    return (Part((-2, 0, -2), (2, 4, 2), color), Part((-1, 4, -1), (1, 5.5, 1), GLASS),
            Part((-0.75, 5.5, -0.75), (0.75, 6.3, 0.75), CORK))  # fmt: skip


def orb_color(age: float) -> Color:
    h = age / 2.0
    red = (math.sin(h) + 1.0) * 0.5
    blue = (math.sin(h + 4.1887903) + 1.0) * 0.1
    return (int(90 + 150 * red), 250, int(60 * blue))


def thrown_look(e: Any, tick: int) -> Look | None:
    """The look of an arrow, trident, snowball, egg, ender pearl, thrown potion or bottle o'
    enchanting, or experience orb; None for other types."""
    age = getattr(e, "age", tick)
    if e.type in ("arrow", "trident"):
        yaw, pitch = flight(e)
        return Look(_boxes(ARROW if e.type == "arrow" else TRIDENT), yaw, pitch)
    spin = (age * 18.0) % 360.0
    if e.type == "snowball":
        return Look(ball(SNOW), spin)
    if e.type == "egg":
        return Look(ball(EGG_SHELL, 4.5), spin)
    if e.type == "ender_pearl":
        return Look(ball(PEARL), spin)
    if e.type == "experience_bottle":
        return Look(bottle(ENCHANTING), spin, origin=(0.0, 0.0, 0.0))
    if e.type in ("splash_potion", "lingering_potion"):
        return Look(bottle(getattr(e, "color", GLASS)), spin, origin=(0.0, 0.0, 0.0))
    if e.type == "experience_orb":
        return Look(ball(orb_color(age)), spin, origin=(0.0, 0.1, 0.0), glow=True)
    return None


def lead_looks(e: Any) -> list[Look]:
    """The pieces of a lead from the entity's position to ``e.end``, sagging in the middle
    (none without an end)."""
    start, end = (e.x, e.y, e.z), getattr(e, "end", None)
    if end is None:
        return []
    d = [end[i] - start[i] for i in range(3)]
    sag = min(0.6, 0.08 * math.dist(start, end))
    pts = []
    for i in range(LEAD_PIECES + 1):
        t = i / LEAD_PIECES
        pts.append((d[0] * t, d[1] * t - 4 * sag * t * (1 - t), d[2] * t))
    out = []
    h = LEAD_THICK / 2
    for i in range(LEAD_PIECES):
        a, b = pts[i], pts[i + 1]
        dx, dy, dz = (b[k] - a[k] for k in range(3))
        length = math.sqrt(dx * dx + dy * dy + dz * dz) * 16
        yaw = math.degrees(math.atan2(-dx, dz))
        pitch = math.degrees(math.atan2(-dy, math.hypot(dx, dz)))
        box = Part((-h, -h, 0.0), (h, h, length), ROPES[i % 2])
        out.append(Look((box,), yaw, pitch, a))
    return out
