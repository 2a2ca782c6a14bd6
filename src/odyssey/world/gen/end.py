"""The End: the main island, vanilla's ten obsidian pillars, the exit portal, outer islands.

Heights and positions follow vanilla 1.21: the dimension spans y 0..255; the main island is end
stone within about 100 blocks of (0, 0), highest near the centre; the pillars stand on a circle
of radius 42 with radii 2..5 and heights 76..103 given by vanilla's shuffle of the world seed
(``javarand``), the two smallest caged in iron bars; the exit portal's bedrock frame sits on the
island top at (0, 0); the arrival platform is vanilla's 5x5 of obsidian at (100, 48, 0). Beyond
1024 blocks, small islands float in the void. Every block is a pure function of (seed, x, y, z),
so chunks come out the same in any order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.dimensions import (
    DimChunk,
    DimensionKind,
    DimensionProvider,
    generate_dimension_world,
    lazy_dimension,
)
from odyssey.world.gen.javarand import JavaRandom, shuffled
from odyssey.world.gen.noise import fbm2, mix_seed
from odyssey.world.storage import Dimension, World

END = Dimension(0, 256, "minecraft:the_end")
ISLAND_RADIUS = 100
PILLAR_RING = 42
OUTER_START = 1024  # vanilla's outer islands begin past this distance
OUTER_CELL = 48  # one possible outer island per cell of this many blocks
PLATFORM = (100, 48, 0)  # vanilla's arrival platform (obsidian, air above)


@dataclass(frozen=True)
class Pillar:
    """One obsidian pillar (vanilla ``EndSpike``): centre, radius, height, iron-bar cage."""

    x: int
    z: int
    radius: int
    height: int
    guarded: bool


@cache
def _ids() -> dict[str, int]:
    b = registry()
    ids = {k: b.state(k) for k in ("air", "end_stone", "obsidian", "bedrock")}
    for facing in ("north", "south", "east", "west"):
        ids[f"torch_{facing}"] = b.state(f"wall_torch[facing={facing}]")
    return ids


@lru_cache(maxsize=64)
def pillars(seed: int) -> tuple[Pillar, ...]:
    """Vanilla's ``EndSpikeFeature.getSpikesForLevel``: key from the seed, shuffled sizes."""
    key = JavaRandom(seed).next_long() & 0xFFFF
    sizes = shuffled(10, JavaRandom(key))
    out = []
    for i, size in enumerate(sizes):
        angle = 2.0 * (-math.pi + (math.pi / 10.0) * i)
        x = math.floor(PILLAR_RING * math.cos(angle))
        z = math.floor(PILLAR_RING * math.sin(angle))
        out.append(Pillar(x, z, 2 + size // 3, 76 + size * 3, size in (1, 2)))
    return tuple(out)


def island_columns(seed: int, xs: np.ndarray, zs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Top and bottom y of the main island per column (top < bottom where there is none)."""
    d = np.hypot(xs, zs)
    edge = ISLAND_RADIUS - 4 + 10 * fbm2(seed, "end_edge", xs, zs, 64.0, 2)
    t = np.clip(d / edge, 0.0, 1.0)
    s = np.sqrt(1.0 - t * t)
    top = 50 + 13 * s**0.6 + 2.5 * fbm2(seed, "end_top", xs, zs, 40.0, 3)
    below = 3 + 48 * s**1.3 + 7 * s * fbm2(seed, "end_bottom", xs, zs, 18.0, 2)
    top_y = np.floor(top).astype(np.int64)
    bottom_y = np.floor(top - below).astype(np.int64)
    return np.where(d < edge, top_y, -1), np.where(d < edge, bottom_y, 0)


def top_at(seed: int, x: int, z: int) -> int:
    """The main island's top block y at one column (-1 in the void)."""
    top, _ = island_columns(seed, np.array([[x]]), np.array([[z]]))
    return int(top[0, 0])


def _outer_islands(seed: int, x0: int, z0: int) -> list[tuple[float, float, int, float]]:
    """Outer islands (x, z, y, radius) that may reach the chunk at (x0, z0)."""
    out = []
    reach = 24
    for gz in range((z0 - reach) // OUTER_CELL, (z0 + 16 + reach) // OUTER_CELL + 1):
        for gx in range((x0 - reach) // OUTER_CELL, (x0 + 16 + reach) // OUTER_CELL + 1):
            rng = np.random.default_rng(mix_seed(seed, "end_island", gx, gz))
            if rng.random() > 0.3:
                continue
            ix, iz = (
                float(v) for v in (np.array([gx, gz]) + rng.uniform(0.2, 0.8, 2)) * OUTER_CELL
            )
            if math.hypot(ix, iz) < OUTER_START:
                continue
            out.append((ix, iz, int(rng.integers(45, 75)), float(rng.uniform(6.0, 20.0))))
    return out


def generate_end_chunk(seed: int, cx: int, cz: int) -> DimChunk:
    """Chunk (cx, cz) of the seed's End."""
    ids = _ids()
    x0, z0 = cx * 16, cz * 16
    zs, xs = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    y = np.arange(END.height)[:, None, None]
    blocks = np.zeros((END.height, 16, 16), np.uint16)
    top, bottom = island_columns(seed, xs, zs)
    blocks[(y <= top[None]) & (y > bottom[None])] = ids["end_stone"]
    outer = False
    for ix, iz, iy, radius in _outer_islands(seed, x0, z0):
        t = np.clip(np.hypot(xs - ix, zs - iz) / radius, 0.0, 1.0)
        s = np.sqrt(1.0 - t * t)
        itop = np.floor(iy + 2 * s).astype(np.int64)
        ibot = np.floor(iy - radius * 0.8 * s**1.5).astype(np.int64)
        mask = (y <= itop[None]) & (y > ibot[None]) & (t < 1.0)[None]
        blocks[mask] = ids["end_stone"]
        outer = outer or bool(mask.any())
    for pillar in pillars(seed):
        _stamp_pillar(blocks, pillar, x0, z0)
    _stamp_portal(seed, blocks, x0, z0)
    _stamp_platform(blocks, x0, z0)
    return DimChunk(cx, cz, blocks, _biomes(x0, z0, outer))


def _biomes(x0: int, z0: int, outer: bool) -> np.ndarray:
    cz, cx = np.mgrid[0:4, 0:4]
    d = np.hypot(x0 + cx * 4 + 2, z0 + cz * 4 + 2)
    far = "minecraft:end_highlands" if outer else "minecraft:small_end_islands"
    return np.where(d < OUTER_START, "minecraft:the_end", far).astype(object)


def _stamp_pillar(blocks: np.ndarray, p: Pillar, x0: int, z0: int) -> None:
    """Vanilla's spike: an obsidian disc column (dx²+dz² <= r²+1) from y 0 to below its height,
    air above y 65 in its box, bedrock on top, and iron bars around the top if guarded."""
    ids = _ids()
    r = p.radius
    reach = max(r, 2) if p.guarded else r  # the cage is 5 wide
    if p.x + reach < x0 or p.x - reach >= x0 + 16 or p.z + reach < z0 or p.z - reach >= z0 + 16:
        return
    zs, xs = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    in_box = (np.abs(xs - p.x) <= r) & (np.abs(zs - p.z) <= r)
    disc = in_box & ((xs - p.x) ** 2 + (zs - p.z) ** 2 <= r * r + 1)
    blocks[66 : p.height + 11][:, in_box & ~disc] = ids["air"]
    blocks[: p.height][:, disc] = ids["obsidian"]
    blocks[p.height + 1 : p.height + 11][:, disc] = ids["air"]
    if p.guarded:
        _stamp_cage(blocks, p, x0, z0)
    if x0 <= p.x < x0 + 16 and z0 <= p.z < z0 + 16:
        blocks[p.height, p.z - z0, p.x - x0] = ids["bedrock"]


def _stamp_cage(blocks: np.ndarray, p: Pillar, x0: int, z0: int) -> None:
    b = registry()
    for dx in range(-2, 3):
        for dz in range(-2, 3):
            lx, lz = p.x + dx - x0, p.z + dz - z0
            if not (0 <= lx < 16 and 0 <= lz < 16):
                continue
            for dy in range(4):
                x_edge, z_edge, top = abs(dx) == 2, abs(dz) == 2, dy == 3
                if not (x_edge or z_edge or top):
                    continue
                ns, ew = x_edge or top, z_edge or top
                spec = (
                    f"iron_bars[north={_b(ns and dz != -2)},south={_b(ns and dz != 2)},"
                    f"west={_b(ew and dx != -2)},east={_b(ew and dx != 2)}]"
                )
                blocks[p.height + dy, lz, lx] = b.state(spec)


def _b(value: bool) -> str:
    return "true" if value else "false"


def portal_origin(seed: int) -> tuple[int, int, int]:
    """Where vanilla's exit portal stands: on the island top at (0, 0)."""
    return 0, top_at(seed, 0, 0) + 1, 0


def _stamp_portal(seed: int, blocks: np.ndarray, x0: int, z0: int) -> None:
    """Vanilla's ``EndPodiumFeature`` (inactive): a bedrock bowl and rim, a 4-high bedrock
    column with four torches, end stone under the rim."""
    if x0 + 15 < -4 or x0 > 4 or z0 + 15 < -4 or z0 > 4:
        return
    ids = _ids()
    ox, oy, oz = portal_origin(seed)
    for dx in range(-4, 5):
        for dz in range(-4, 5):
            lx, lz = ox + dx - x0, oz + dz - z0
            if not (0 <= lx < 16 and 0 <= lz < 16):
                continue
            for dy in range(-1, 33):
                d2 = dx * dx + dy * dy + dz * dz
                inside, near = d2 < 6.25, d2 < 12.25
                if not (inside or near):
                    continue
                if dy < 0:
                    state = ids["bedrock"] if inside else ids["end_stone"]
                elif dy > 0 or inside:
                    state = ids["air"]
                else:
                    state = ids["bedrock"]
                blocks[oy + dy, lz, lx] = state
            if (dx, dz) == (0, 0):
                blocks[oy : oy + 4, lz, lx] = ids["bedrock"]
    for facing, (dx, dz) in {
        "east": (1, 0),
        "west": (-1, 0),
        "south": (0, 1),
        "north": (0, -1),
    }.items():
        lx, lz = ox + dx - x0, oz + dz - z0
        if 0 <= lx < 16 and 0 <= lz < 16:
            blocks[oy + 2, lz, lx] = ids[f"torch_{facing}"]


def _stamp_platform(blocks: np.ndarray, x0: int, z0: int) -> None:
    px, py, pz = PLATFORM
    ids = _ids()
    for x in range(max(px - 2, x0), min(px + 3, x0 + 16)):
        for z in range(max(pz - 2, z0), min(pz + 3, z0 + 16)):
            blocks[py, z - z0, x - x0] = ids["obsidian"]
            blocks[py + 1 : py + 4, z - z0, x - x0] = ids["air"]


def arrival(seed: int) -> tuple[float, float, float]:
    """Feet position of a player arriving in the End: on vanilla's obsidian platform."""
    px, py, pz = PLATFORM
    return px + 0.5, float(py + 1), pz + 0.5


END_KIND = DimensionKind("end", END, "DIM1", generate_end_chunk, arrival)


class EndProvider(DimensionProvider):
    """A chunk source that generates the seed's End on demand."""

    def __init__(self, seed: int) -> None:
        super().__init__(END_KIND, seed)


def generate_end_world(seed: int, radius_blocks: int) -> World:
    """A pregenerated End: every chunk within ``radius_blocks`` (a square) of (0, 0)."""
    return generate_dimension_world(END_KIND, seed, radius_blocks)


def lazy_end(seed: int) -> World:
    """An endless End whose chunks generate when first touched."""
    return lazy_dimension(END_KIND, seed)
