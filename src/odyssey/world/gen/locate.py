"""``locate``: the nearest structure start or biome, answered from the seed without generating.

Structures: a ring search over the kind's placement regions around the one holding ``near``
(as vanilla's ``/locate structure``): each region's start is a pure function of the seed, and
the search finishes one ring after the first hit, since a start in the next ring of regions can
still be nearer. Biomes: the climate is sampled on a 32-block grid in square rings outward.
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.errors import WorldError
from odyssey.world.gen.climate import BIOMES, biomes_at
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.structures.placement import PLACEMENTS, placement, region_of, region_start

BIOME_STEP = 32
DEFAULT_RADIUS_CHUNKS = 100  # vanilla searches 100 chunks for structures
DEFAULT_RADIUS_BLOCKS = 6400  # and 6400 blocks for biomes


def locate_structure(
    seed: int, kind: str, near: tuple[int, int], radius_chunks: int = DEFAULT_RADIUS_CHUNKS
) -> tuple[int, int, int] | None:
    """(x, y, z) of the nearest ``kind`` start to block ``near`` within ``radius_chunks``: the
    centre of its start chunk at the ground height there; None if there is none."""
    p = placement(kind)
    x, z = near
    rx0, rz0 = region_of(kind, x >> 4, z >> 4)
    best: tuple[float, int, int] | None = None
    last_ring = radius_chunks // p.spacing + 1
    for ring in range(last_ring + 1):
        for rx, rz in _ring(rx0, rz0, ring):
            start = region_start(seed, kind, rx, rz)
            if start is None:
                continue
            sx, sz = start[0] * 16 + 8, start[1] * 16 + 8
            dist = math.hypot(sx - x, sz - z)
            if dist <= radius_chunks * 16 and (best is None or dist < best[0]):
                best = (dist, sx, sz)
        if best is not None and _next_ring_cannot_beat(best[0], ring, p.spacing, x, z, rx0, rz0):
            break
    if best is None:
        return None
    _, sx, sz = best
    y = int(chunk_columns(seed, sx >> 4, sz >> 4).height[sz & 15, sx & 15]) + 1
    return sx, y, sz


def _next_ring_cannot_beat(
    dist: float, ring: int, spacing: int, x: int, z: int, rx0: int, rz0: int
) -> bool:
    """Whether every region of ring + 1 lies farther than ``dist`` from (x, z)."""
    size = spacing * 16
    lo_x, lo_z = (rx0 - ring) * size, (rz0 - ring) * size
    hi_x, hi_z = (rx0 + ring + 1) * size, (rz0 + ring + 1) * size
    gap = min(x - lo_x, z - lo_z, hi_x - x, hi_z - z)  # to the inside edge of ring + 1
    return gap >= dist


def _ring(cx: int, cz: int, r: int) -> list[tuple[int, int]]:
    if r == 0:
        return [(cx, cz)]
    side = range(-r, r + 1)
    inner = range(-r + 1, r)
    cells = [(cx + i, cz - r) for i in side] + [(cx + i, cz + r) for i in side]
    return cells + [(cx - r, cz + i) for i in inner] + [(cx + r, cz + i) for i in inner]


def locate_biome(
    seed: int, biome: str, near: tuple[int, int], radius_blocks: int = DEFAULT_RADIUS_BLOCKS
) -> tuple[int, int] | None:
    """(x, z) of the nearest sample of ``biome`` on a 32-block grid around ``near``, or None."""
    name = biome.removeprefix("minecraft:")
    if name not in BIOMES:
        raise WorldError(f"biome {biome!r}: unknown (expected one of {', '.join(BIOMES)})")
    want = BIOMES.index(name)
    x, z = near
    best: tuple[float, int, int] | None = None
    for ring in range(radius_blocks // BIOME_STEP + 1):
        cells = np.array(_ring(0, 0, ring), dtype=np.int64) * BIOME_STEP
        xs, zs = cells[:, 0] + x, cells[:, 1] + z
        hits = np.nonzero(biomes_at(seed, xs, zs) == want)[0]
        for i in hits:
            dist = math.hypot(int(xs[i]) - x, int(zs[i]) - z)
            if dist <= radius_blocks and (best is None or dist < best[0]):
                best = (dist, int(xs[i]), int(zs[i]))
        # a later ring is at least ring * step away along one axis
        if best is not None and best[0] <= (ring + 1) * BIOME_STEP:
            break
    return None if best is None else (best[1], best[2])


def locate_text(seed: int, what: str, near: tuple[int, int]) -> str:
    """Vanilla-style answer: ``The nearest village is at [x, ~, z] (N blocks away)``, for a
    structure kind or a biome name."""
    name = what.removeprefix("minecraft:")
    if name in PLACEMENTS:
        found = locate_structure(seed, name, near)
        where = None if found is None else (found[0], found[2])
        missing = f'Could not find a structure of type "{name}" nearby'
    else:
        where = locate_biome(seed, name, near)
        missing = f'Could not find a biome of type "{name}" within reasonable distance'
    if where is None:
        return missing
    dist = math.floor(math.hypot(where[0] - near[0], where[1] - near[1]))
    return f"The nearest {name} is at [{where[0]}, ~, {where[1]}] ({dist} blocks away)"
