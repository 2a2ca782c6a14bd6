"""Where structures start: vanilla's random spread placement over a grid of regions.

Each structure kind splits the world into square regions of ``spacing`` chunks; every region
holds one candidate start chunk at a seeded offset in 0..spacing-separation-1 (vanilla's linear
spread), and the candidate is a start only if the biome at its centre allows the kind. A start is
a pure function of (seed, kind, region), so any chunk can find the structures that reach it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from odyssey.errors import WorldError
from odyssey.world.gen.climate import BIOMES, biome_at
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.terrain import SEA_LEVEL


@dataclass(frozen=True)
class Placement:
    """A kind's region grid (in chunks), salt, allowed start biomes (None: any) and reach (how
    many chunks from its start chunk a structure may extend)."""

    kind: str
    spacing: int
    separation: int
    salt: int
    biomes: frozenset[str] | None
    reach: int
    dry: bool = False  # the start chunk's centre must be dry land above sea level


_OCEANS = ("ocean", "deep_ocean", "frozen_ocean", "warm_ocean", "beach", "snowy_beach")
VILLAGE_BIOMES = ("plains", "meadow", "desert", "savanna", "taiga", "snowy_plains")

# Vanilla's spacing, separation and salts (structure_set/*.json).
PLACEMENTS: dict[str, Placement] = {
    p.kind: p
    for p in (
        Placement("village", 34, 8, 10387312, frozenset(VILLAGE_BIOMES), 3, dry=True),
        Placement("desert_pyramid", 32, 8, 14357617, frozenset({"desert"}), 2, dry=True),
        Placement("ruined_portal", 40, 15, 34222645, None, 1),
    )
}
for _names in (VILLAGE_BIOMES, _OCEANS):
    assert all(n in BIOMES for n in _names), _names


def placement(kind: str) -> Placement:
    try:
        return PLACEMENTS[kind]
    except KeyError:
        raise WorldError(
            f"structure {kind!r}: unknown (expected one of {sorted(PLACEMENTS)})"
        ) from None


def candidate_chunk(seed: int, kind: str, rx: int, rz: int) -> tuple[int, int]:
    """The candidate start chunk of region (rx, rz)."""
    p = placement(kind)
    rng = np.random.default_rng(mix_seed(seed, "structure", p.salt, rx, rz))
    ox, oz = (int(v) for v in rng.integers(0, p.spacing - p.separation, 2))
    return rx * p.spacing + ox, rz * p.spacing + oz


@lru_cache(maxsize=4096)
def region_start(seed: int, kind: str, rx: int, rz: int) -> tuple[int, int] | None:
    """The start chunk of region (rx, rz), or None where its candidate is not a valid spot."""
    cx, cz = candidate_chunk(seed, kind, rx, rz)
    p = placement(kind)
    x, z = cx * 16 + 8, cz * 16 + 8
    if p.biomes is not None and biome_at(seed, x, z) not in p.biomes:
        return None
    if p.dry:
        cols = chunk_columns(seed, cx, cz)
        if not (cols.dry[8, 8] and cols.height[8, 8] >= SEA_LEVEL):
            return None
    return cx, cz


def region_of(kind: str, cx: int, cz: int) -> tuple[int, int]:
    p = placement(kind)
    return cx // p.spacing, cz // p.spacing


def starts_reaching(seed: int, kind: str, cx: int, cz: int) -> list[tuple[int, int]]:
    """Start chunks of ``kind`` whose structures may reach chunk (cx, cz), sorted."""
    p = placement(kind)
    rx0, rz0 = region_of(kind, cx - p.reach, cz - p.reach)
    rx1, rz1 = region_of(kind, cx + p.reach, cz + p.reach)
    out = []
    for rz in range(rz0, rz1 + 1):
        for rx in range(rx0, rx1 + 1):
            start = region_start(seed, kind, rx, rz)
            if start and abs(start[0] - cx) <= p.reach and abs(start[1] - cz) <= p.reach:
                out.append(start)
    return sorted(out)
