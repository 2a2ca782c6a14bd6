"""Terrain heights: splines of continentalness, erosion and peaks-and-valleys, rivers, cliffs.

A heightmap terrain (no 3-D density, so no overhangs): the height of every column is a pure
function of (seed, x, z). Climate is sampled on the 4-block biome lattice and the lattice
heights are interpolated bilinearly, then full-resolution detail noise is added. Terraces where
a cliff noise is high make steep, overhang-free cliffs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.world.gen.climate import CELL, COAST_C, B, Climate, classify, climate
from odyssey.world.gen.noise import fbm2

SEA_LEVEL = 63
MIN_Y, MAX_Y = -64, 320  # vanilla overworld: blocks at MIN_Y <= y < MAX_Y
RIVER_WIDTH = 0.045  # |river noise| below this is carved toward the river bed
RIVER_BED = 57

# Base height by continentalness (deep ocean .. far inland).
_C_POINTS = np.array([-1.0, -0.5, -0.2, -0.11, -0.05, 0.1, 0.3, 0.6, 1.0])
_C_HEIGHTS = np.array([22.0, 34.0, 48.0, 62.0, 65.0, 69.0, 76.0, 86.0, 96.0])
# Relief amplitude by erosion (low erosion: rugged).
_E_POINTS = np.array([-1.0, -0.6, -0.35, -0.1, 0.2, 0.5, 1.0])
_E_RELIEF = np.array([1.0, 0.85, 0.55, 0.25, 0.12, 0.05, 0.02])


@dataclass(frozen=True)
class Area:
    """Terrain of a rectangle of columns starting at (x0, z0): arrays indexed [z][x]."""

    x0: int
    z0: int
    height: np.ndarray  # int64: y of the top solid block
    biome: np.ndarray  # uint8: biome index per column (from its 4x4 cell)
    cliff: np.ndarray  # bool: steep terraced ground (bare stone faces)


def _smoothstep(a: float, b: float, v: np.ndarray) -> np.ndarray:
    t = np.clip((v - a) / (b - a), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def lattice_heights(seed: int, c: Climate, x: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Smooth height (float) at lattice points from their climate."""
    cont, ero, pv = c.continentalness, c.erosion, c.peaks_valleys
    base = np.interp(cont, _C_POINTS, _C_HEIGHTS)
    relief = np.interp(ero, _E_POINTS, _E_RELIEF)
    inland = _smoothstep(COAST_C, 0.15, cont)
    hills = fbm2(seed, "hills", x, z, 160.0, 3)
    peaks = np.clip(pv, 0.0, 1.0) * _smoothstep(0.1, 0.5, cont)
    height = base + inland * relief * (22.0 * hills + 170.0 * peaks * relief + 18.0 * pv)
    # swamps sit at the water line
    swamp = _smoothstep(0.45, 0.6, ero) * (cont < 0.35)
    height = height + swamp * (62.5 - height) * 0.85
    # rivers: pull land down to the bed where the river noise is near zero
    carve = (1.0 - _smoothstep(0.0, RIVER_WIDTH, np.abs(c.river))) * _smoothstep(-0.2, 0.0, cont)
    bed = np.minimum(height, RIVER_BED + 4.0 * np.abs(c.river) / RIVER_WIDTH)
    return height + carve * (bed - height)


def area(seed: int, x0: int, z0: int, width: int, depth: int) -> Area:
    """Terrain heights and biomes for columns x0 <= x < x0 + width, z0 <= z < z0 + depth."""
    lx0, lz0 = (x0 // CELL) * CELL, (z0 // CELL) * CELL
    nx = (x0 + width - lx0 + CELL - 1) // CELL + 1
    nz = (z0 + depth - lz0 + CELL - 1) // CELL + 1
    gz, gx = np.mgrid[0:nz, 0:nx]
    px, pz = lx0 + gx * CELL, lz0 + gz * CELL
    c = climate(seed, px, pz)
    lattice = lattice_heights(seed, c, px, pz)
    cells = classify(c)
    # bilinear interpolation of the lattice onto the block columns
    xs = np.arange(x0, x0 + width) - lx0
    zs = np.arange(z0, z0 + depth) - lz0
    ix, fx = xs // CELL, (xs % CELL) / CELL
    iz, fz = zs // CELL, (zs % CELL) / CELL
    fx, fz = fx[None, :], fz[:, None]
    a = lattice[np.ix_(iz, ix)]
    b = lattice[np.ix_(iz, ix + 1)]
    d = lattice[np.ix_(iz + 1, ix)]
    e = lattice[np.ix_(iz + 1, ix + 1)]
    smooth = (a * (1 - fx) + b * fx) * (1 - fz) + (d * (1 - fx) + e * fx) * fz
    bz, bx = np.mgrid[z0 : z0 + depth, x0 : x0 + width]
    detail = fbm2(seed, "detail", bx, bz, 48.0, 3)
    height = smooth + detail * (1.5 + 0.04 * np.clip(smooth - SEA_LEVEL, 0.0, 100.0))
    # terraces: steep steps where the cliff noise is high on raised ground
    cliffy = fbm2(seed, "cliff", bx, bz, 300.0, 2) > 0.12
    cliffy &= height > SEA_LEVEL + 6
    step = 7.0
    t = height / step
    terraced = (np.floor(t) + _smoothstep(0.75, 1.0, t - np.floor(t))) * step
    height = np.where(cliffy, terraced, height)
    top = np.clip(np.floor(height), MIN_Y + 8, MAX_Y - 40).astype(np.int64)
    biome = cells[np.ix_(iz, ix)]
    # steep where a neighbour differs by 3+ blocks (bare stone faces)
    pad = np.pad(top, 1, mode="edge")
    slope = np.maximum.reduce(
        [np.abs(pad[1:-1, 2:] - top), np.abs(pad[1:-1, :-2] - top),
         np.abs(pad[2:, 1:-1] - top), np.abs(pad[:-2, 1:-1] - top)]
    )  # fmt: skip
    return Area(x0, z0, top, biome, cliffy & (slope >= 3))


def height_at(seed: int, x: int, z: int) -> int:
    """The terrain height (top solid block before lakes) of one column."""
    return int(area(seed, x, z, 1, 1).height[0, 0])


def is_ocean(biome: np.ndarray) -> np.ndarray:
    """Whether each biome index is an ocean."""
    return np.isin(biome, [B["ocean"], B["deep_ocean"], B["frozen_ocean"], B["warm_ocean"]])
