"""Block collision and water tests for the vehicles (boats, minecarts), which move themselves.

Blocks with any collision box count as full cubes here (Deliberate difference: vanilla collides
with the real shapes; fences, slabs and lily pads are rare on a boat's way).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from odyssey.sim.block_physics import block_physics

Box = tuple[float, float, float, float, float, float]
EPS = 1e-7


@cache
def _tables(registry) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per state: solid, water height in its cell (0 = not water), block friction."""
    phys = block_physics(registry)
    solid = phys.box_count > 0
    height = np.zeros(len(solid), dtype=np.float64)
    friction = np.full(len(solid), 0.6)
    for state in range(len(solid)):
        b = registry.block_of(state)
        name = b.name
        if name == "water":
            level = int(registry.properties(state).get("level", "0"))
            height[state] = 1.0 if level >= 8 else (8 - level) / 9.0
        elif name in ("ice", "packed_ice", "frosted_ice"):
            friction[state] = 0.98
        elif name == "blue_ice":
            friction[state] = 0.989
        elif name == "slime_block":
            friction[state] = 0.8
    return solid, height, friction


def tables(game) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return _tables(game.world.registry)


def cells(lo: float, hi: float) -> range:
    return range(math.floor(lo), math.floor(hi - EPS) + 1)


def box_of(x: float, y: float, z: float, width: float, height: float) -> Box:
    h = width / 2
    return (x - h, y, z - h, x + h, y + height, z + h)


def clip(game, box: Box, axis: int, d: float) -> float:
    """How far the box can move along an axis (0 x, 1 y, 2 z) before a solid block stops it."""
    if d == 0.0:
        return 0.0
    solid = tables(game)[0]
    get = game.world.get_block
    lo, hi = box[axis], box[axis + 3]
    others = [a for a in range(3) if a != axis]
    ra, rb = cells(box[others[0]], box[others[0] + 3]), cells(box[others[1]], box[others[1] + 3])
    span = range(math.floor(hi), math.floor(hi + d) + 1) if d > 0 else \
        range(math.floor(lo - EPS), math.floor(lo + d) - 1, -1)  # fmt: skip
    for c in span:
        for a in ra:
            for b in rb:
                pos = [0, 0, 0]
                pos[axis], pos[others[0]], pos[others[1]] = c, a, b
                if solid[get(*pos)]:
                    return max(0.0, c - hi) if d > 0 else min(0.0, c + 1 - lo)
    return d


def move(game, box: Box, dx: float, dy: float, dz: float) -> tuple[float, float, float]:
    """Entity.collide, simplified: y, then x, then z, each clipped by the blocks."""
    dy = clip(game, box, 1, dy)
    box = (box[0], box[1] + dy, box[2], box[3], box[4] + dy, box[5])
    first, second = (0, 2) if abs(dx) >= abs(dz) else (2, 0)
    out = {1: dy, 0: dx, 2: dz}
    for axis in (first, second):
        out[axis] = clip(game, box, axis, out[axis])
        shift = [0.0] * 6
        shift[axis] = shift[axis + 3] = out[axis]
        box = tuple(b + s for b, s in zip(box, shift, strict=True))  # type: ignore[assignment]
    return out[0], out[1], out[2]


def water_surface(game, box: Box) -> tuple[float | None, bool]:
    """(highest water surface under the box's bottom slice, whether the box's top is under
    water): Boat.checkInWater and isUnderwater."""
    _, height, _ = tables(game)
    get = game.world.get_block
    level, under = None, False
    for x in cells(box[0], box[3]):
        for z in cells(box[2], box[5]):
            for y in cells(box[1], box[1] + 0.001):
                h = height[get(x, y, z)]
                if h > 0.0:
                    level = max(level or -math.inf, y + h)
            top = math.floor(box[4])
            h = height[get(x, top, z)]
            if h > 0.0 and top + h > box[4] + 1e-6:
                under = True
    return level, under


def ground_friction(game, box: Box) -> float:
    """Boat.getGroundFriction: the mean friction of the solid blocks just under the box (0 when
    there are none)."""
    solid, _, friction = tables(game)
    get = game.world.get_block
    y = math.floor(box[1] - 0.001)
    total, n = 0.0, 0
    for x in cells(box[0], box[3]):
        for z in cells(box[2], box[5]):
            state = get(x, y, z)
            if solid[state]:
                total += friction[state]
                n += 1
    return total / n if n else 0.0
