"""Climate noises and biomes in the spirit of vanilla's multi-noise source.

Five fields — temperature, humidity, continentalness, erosion, weirdness — plus a river noise
are sampled on vanilla's 4-block biome lattice. Continentalness splits ocean, coast and inland;
erosion and peaks-and-valleys (folded weirdness) pick mountains, hills and swamps; temperature
and humidity pick the middle biome from a table like vanilla's. Everything is a pure function of
(seed, x, z), so ``biome_at`` can answer a ``locate biome`` without generating chunks.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.world.gen.noise import fbm2

# Biome indices of the generator (names are vanilla ids without the namespace).
BIOMES: tuple[str, ...] = (
    "ocean", "deep_ocean", "frozen_ocean", "warm_ocean", "beach", "snowy_beach", "stony_shore",
    "river", "frozen_river", "plains", "sunflower_plains", "forest", "flower_forest",
    "birch_forest", "dark_forest", "taiga", "snowy_taiga", "snowy_plains", "desert", "savanna",
    "jungle", "swamp", "badlands", "windswept_hills", "stony_peaks", "snowy_slopes",
    "frozen_peaks", "meadow",
)  # fmt: skip
B = {name: i for i, name in enumerate(BIOMES)}
CELL = 4  # blocks per biome cell (vanilla's quart positions)
GAIN = 2.5  # spreads the octave sums (std ~0.19) over about -1..1, as vanilla's parameters

# Middle biomes by temperature level (rows, cold to hot) and humidity level (columns, dry to wet).
_MIDDLE = np.array(
    [
        [B["snowy_plains"], B["snowy_plains"], B["snowy_plains"], B["snowy_taiga"], B["taiga"]],
        [B["plains"], B["plains"], B["forest"], B["taiga"], B["taiga"]],
        [B["flower_forest"], B["plains"], B["forest"], B["birch_forest"], B["dark_forest"]],
        [B["savanna"], B["savanna"], B["forest"], B["jungle"], B["jungle"]],
        [B["desert"], B["desert"], B["desert"], B["desert"], B["desert"]],
    ],
    dtype=np.uint8,
)
_TEMPERATURE_LEVELS = np.array([-0.45, -0.15, 0.2, 0.55])
_HUMIDITY_LEVELS = np.array([-0.35, -0.1, 0.1, 0.3])
COLD_BIOMES = frozenset(
    B[n]
    for n in (
        "frozen_ocean", "snowy_beach", "frozen_river", "snowy_taiga", "snowy_plains",
        "snowy_slopes", "frozen_peaks",
    )
)  # fmt: skip

# Coastline and river thresholds (continentalness and |river noise|).
DEEP_OCEAN_C, OCEAN_C, COAST_C = -0.5, -0.2, -0.11
RIVER_BIOME_WIDTH = 0.022


@dataclass(frozen=True)
class Climate:
    """The climate fields at a set of points (all arrays of one shape)."""

    temperature: np.ndarray
    humidity: np.ndarray
    continentalness: np.ndarray
    erosion: np.ndarray
    weirdness: np.ndarray
    river: np.ndarray

    @property
    def peaks_valleys(self) -> np.ndarray:
        """Vanilla's folded weirdness: -1 in valleys, 1 on peaks."""
        return 1.0 - np.abs(3.0 * np.abs(self.weirdness) - 2.0)


def _field(seed: int, salt: str, x: np.ndarray, z: np.ndarray, scale: float, octaves: int):
    return np.clip(GAIN * fbm2(seed, salt, x, z, scale, octaves), -1.0, 1.0)


def climate(seed: int, x: np.ndarray, z: np.ndarray) -> Climate:
    """Sample every climate field at block coordinates (x, z)."""
    x = np.asarray(x, dtype=np.float64)
    z = np.asarray(z, dtype=np.float64)
    return Climate(
        temperature=_field(seed, "temperature", x, z, 1100.0, 3),
        humidity=_field(seed, "humidity", x, z, 900.0, 3),
        # continents: a bias towards land near the origin, as vanilla's spawn search prefers
        continentalness=np.clip(_field(seed, "continentalness", x, z, 1400.0, 5) + 0.12, -1.0, 1.0),
        erosion=_field(seed, "erosion", x, z, 700.0, 4),
        weirdness=_field(seed, "weirdness", x, z, 450.0, 3),
        river=fbm2(seed, "river", x, z, 700.0, 3),
    )


def classify(c: Climate) -> np.ndarray:
    """Biome index per point (uint8, into BIOMES)."""
    t, h, cont, e = c.temperature, c.humidity, c.continentalness, c.erosion
    pv = c.peaks_valleys
    ti = np.searchsorted(_TEMPERATURE_LEVELS, t)
    hi = np.searchsorted(_HUMIDITY_LEVELS, h)
    out = _MIDDLE[ti, hi].copy()
    frozen = ti == 0
    # hot and dry with strange weirdness: badlands instead of desert
    out[(ti == 4) & (hi <= 1) & (c.weirdness > 0.15)] = B["badlands"]
    # wet lowlands far from mountains: swamps
    swampy = (e > 0.5) & (cont < 0.35) & (ti >= 2) & (ti <= 3)
    out[swampy] = B["swamp"]
    # mild high ground: meadows
    out[(cont > 0.35) & (e < -0.1) & (e >= -0.3) & (pv > 0.3) & (ti >= 1) & (ti <= 2)] = B["meadow"]
    # hills and mountains from low erosion on high continents
    hills = (cont > 0.15) & (e < -0.2) & (pv > 0.0) & ~swampy
    out[hills & (ti <= 3)] = B["windswept_hills"]
    peaks = (cont > 0.3) & (e < -0.45) & (pv > 0.2)
    out[peaks] = np.where(frozen[peaks] | (ti[peaks] == 1), B["frozen_peaks"], B["stony_peaks"])
    out[peaks & (pv < 0.45) & (ti <= 1)] = B["snowy_slopes"]
    # rivers cut through everything inland except peaks
    river = (np.abs(c.river) < RIVER_BIOME_WIDTH) & (cont >= COAST_C) & ~peaks
    out[river] = np.where(frozen[river], B["frozen_river"], B["river"])
    # coast
    coast = (cont >= OCEAN_C) & (cont < COAST_C)
    beach = np.where(frozen, B["snowy_beach"], B["beach"])
    out[coast] = np.where(e[coast] < -0.4, B["stony_shore"], beach[coast])
    # oceans
    ocean = cont < OCEAN_C
    kind = np.where(cont < DEEP_OCEAN_C, B["deep_ocean"], B["ocean"])
    kind = np.where(ti == 4, B["warm_ocean"], kind)
    kind = np.where(frozen, B["frozen_ocean"], kind)
    out[ocean] = kind[ocean]
    return out.astype(np.uint8)


def biomes_at(seed: int, x: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Biome index at block coordinates, sampled at the biome cell's corner like the chunks."""
    cx = (np.asarray(x, dtype=np.int64) >> 2) << 2
    cz = (np.asarray(z, dtype=np.int64) >> 2) << 2
    return classify(climate(seed, cx, cz))


def biome_at(seed: int, x: int, z: int) -> str:
    """The biome name (vanilla id without namespace) at block (x, z): for ``locate biome``."""
    return BIOMES[int(biomes_at(seed, np.array([x]), np.array([z]))[0])]


def biome_counts(seed: int, x0: int, z0: int, size: int, step: int = 16) -> dict[str, int]:
    """How many sample points of each biome a square area has (cheap coverage survey)."""
    zz, xx = np.mgrid[z0 : z0 + size : step, x0 : x0 + size : step]
    ids, counts = np.unique(biomes_at(seed, xx, zz), return_counts=True)
    return {BIOMES[int(i)]: int(n) for i, n in zip(ids, counts, strict=True)}
