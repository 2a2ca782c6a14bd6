"""Explosions (creepers): vanilla's entity damage and knockback, and its block ray pass.

Entities within 2 × power take (impact² + impact) / 2 × 7 × 2·power + 1 damage, with impact =
(1 − distance / (2·power)) × exposure (the fraction of sample points on the entity's box that
see the centre), and get impact × direction added to their velocity. Blocks: vanilla's 1352 rays
from the 16³ cube's surface, intensity power × (0.7..1.3) falling by (resistance + 0.3) × 0.3 per
solid block and 0.225 per 0.3-block step. Simplified: blast resistances are a small table of
common blocks, else 3 × hardness; exploded blocks drop nothing.
"""

from __future__ import annotations

import math
from functools import cache

import numba
import numpy as np

from odyssey.sim.entities.motion import EntityWindow
from odyssey.world.blocks import BlockRegistry

RESISTANCE = {"stone": 6.0, "cobblestone": 6.0, "dirt": 0.5, "grass_block": 0.6, "sand": 0.5,
              "gravel": 0.6, "oak_planks": 3.0, "oak_log": 2.0, "glass": 0.3, "obsidian": 1200.0,
              "bedrock": 3600000.0, "water": 100.0, "lava": 100.0, "bricks": 6.0,
              "stone_bricks": 6.0, "oak_leaves": 0.2, "short_grass": 0.0, "torch": 0.0}  # fmt: skip


@cache
def resistances(reg: BlockRegistry) -> np.ndarray:
    """Blast resistance per state id (unbreakable blocks: effectively infinite)."""
    out = np.zeros(reg.state_count, dtype=np.float64)
    for block in reg.blocks:
        value = RESISTANCE.get(block.name)
        if value is None:
            value = (
                3600000.0
                if block.hardness is None or block.hardness < 0
                else (3.0 * block.hardness)
            )
        out[block.min_state : block.max_state + 1] = value
    out[0] = 0.0
    return out


@numba.njit(cache=True)
def blast_rays(win, origin, resist, cx, cy, cz, power, randoms, out):
    """Explosion.calculateExplodedPositions; writes (x, y, z) rows, returns how many."""
    n, r = 0, 0
    for j in range(16):
        for k in range(16):
            for m in range(16):
                if not (j in (0, 15) or k in (0, 15) or m in (0, 15)):
                    continue
                dx, dy, dz = j / 15.0 * 2.0 - 1.0, k / 15.0 * 2.0 - 1.0, m / 15.0 * 2.0 - 1.0
                length = math.sqrt(dx * dx + dy * dy + dz * dz)
                dx, dy, dz = dx / length * 0.3, dy / length * 0.3, dz / length * 0.3
                f = power * (0.7 + randoms[r] * 0.6)
                r += 1
                x, y, z = cx, cy, cz
                while f > 0.0:
                    bx, by, bz = math.floor(x), math.floor(y), math.floor(z)
                    ix, iy, iz = bx - origin[0], by - origin[1], bz - origin[2]
                    inside = (0 <= ix < win.shape[2] and 0 <= iy < win.shape[0]
                              and 0 <= iz < win.shape[1])  # fmt: skip
                    if not inside:
                        break
                    state = win[iy, iz, ix]
                    if state != 0:
                        f -= (resist[state] + 0.3) * 0.3
                        if f > 0.0 and n < out.shape[0]:
                            seen = False
                            for q in range(n):
                                if out[q, 0] == bx and out[q, 1] == by and out[q, 2] == bz:
                                    seen = True
                                    break
                            if not seen:
                                out[n, 0], out[n, 1], out[n, 2] = bx, by, bz
                                n += 1
                    x += dx
                    y += dy
                    z += dz
                    f -= 0.22500001
    return n


def exploded_blocks(
    window: EntityWindow, centre: tuple[float, float, float], power: float, randoms: np.ndarray
) -> list[tuple[int, int, int]]:
    """Block positions an explosion destroys (in ray order), from 1352 random draws."""
    resist = resistances(window.world.registry)
    out = np.zeros((4096, 3), dtype=np.int64)
    n = blast_rays(window.states, window.origin, resist, *centre, power, randoms, out)
    return [tuple(int(v) for v in row) for row in out[:n]]  # type: ignore[misc]


def exposure(
    window: EntityWindow, centre: tuple[float, float, float], box: tuple[float, ...]
) -> float:
    """Explosion.getSeenPercent: the share of grid points on the box that see the centre."""
    x0, y0, z0, x1, y1, z1 = box
    sx, sy, sz = 1.0 / ((x1 - x0) * 2 + 1), 1.0 / ((y1 - y0) * 2 + 1), 1.0 / ((z1 - z0) * 2 + 1)
    ox, oz = (1.0 - math.floor(1.0 / sx) * sx) / 2.0, (1.0 - math.floor(1.0 / sz) * sz) / 2.0
    seen = total = 0
    a = 0.0
    while a <= 1.0:
        b = 0.0
        while b <= 1.0:
            c = 0.0
            while c <= 1.0:
                px = x0 + (x1 - x0) * a + ox
                py = y0 + (y1 - y0) * b
                pz = z0 + (z1 - z0) * c + oz
                if window.ray(px, py, pz, *centre) > 1.0:
                    seen += 1
                total += 1
                c += sz
            b += sy
        a += sx
    return seen / total if total else 0.0


def impact_on(
    window: EntityWindow, centre: tuple[float, float, float], power: float,
    feet: tuple[float, float, float], eye_y: float, box: tuple[float, ...],
) -> tuple[float, tuple[float, float, float]] | None:  # fmt: skip
    """(damage, velocity impulse) of an explosion on one entity, or None when out of reach."""
    q = power * 2.0
    dist = math.dist(feet, centre) / q
    if dist > 1.0:
        return None
    d = (feet[0] - centre[0], eye_y - centre[1], feet[2] - centre[2])
    length = math.sqrt(d[0] ** 2 + d[1] ** 2 + d[2] ** 2)
    if length == 0.0:
        return None
    impact = (1.0 - dist) * exposure(window, centre, box)
    damage = float(int((impact * impact + impact) / 2.0 * 7.0 * q + 1.0))
    return damage, (d[0] / length * impact, d[1] / length * impact, d[2] / length * impact)
