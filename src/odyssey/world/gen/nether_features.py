"""Nether decoration: glowstone, huge fungi and forest cover, basalt pillars, lava deltas.

Each feature is decided by the chunk from its own seed and its own blocks and stays inside it,
so chunks come out the same in any order. Kinds follow vanilla: glowstone clusters hang from
netherrack ceilings (grown one block at a time, each new block touching exactly one glowstone,
as ``GlowstoneFeature``); crimson and warped forests grow huge fungi (stem, wart cap with
shroomlights) and roots, fungi and sprouts on nylium; soul sand valleys have basalt pillars from
floor to ceiling; basalt deltas have lava pools rimmed with magma and small basalt columns.
"""

from __future__ import annotations

import numpy as np

from odyssey.world.gen.nether_terrain import GEN_HEIGHT, LAVA_LEVEL, NB, state_ids
from odyssey.world.gen.noise import hash3, mix_seed

GLOWSTONE_ATTEMPTS = 10  # vanilla's "glowstone" count (plus "glowstone_extra", biased low)
FUNGI_PER_CHUNK = 8  # vanilla's crimson_fungi / warped_fungi count


def _rng(seed: int, name: str, cx: int, cz: int) -> np.random.Generator:
    return np.random.default_rng(mix_seed(seed, "nether_feature", name, cx, cz))


def _solid(low: np.ndarray) -> np.ndarray:
    s = state_ids()
    return (low != s["air"]) & (low != s["lava"])


def glowstone(seed: int, cx: int, cz: int, low: np.ndarray) -> None:
    """Clusters hanging from netherrack ceilings."""
    s = state_ids()
    rng = _rng(seed, "glowstone", cx, cz)
    extra = int(rng.integers(0, int(rng.integers(1, 11))))  # vanilla's biased_to_bottom 0..9
    air = low == s["air"]
    for _ in range(GLOWSTONE_ATTEMPTS + extra):
        x, z = (int(v) for v in rng.integers(0, 16, 2))
        y0 = int(rng.integers(10, GEN_HEIGHT - 13))
        column = air[y0 : y0 + 12, z, x] & (low[y0 + 1 : y0 + 13, z, x] == s["netherrack"])
        hits = np.flatnonzero(column)
        if len(hits):
            _grow_cluster(rng, low, air, (x, y0 + int(hits[0]), z))


def _grow_cluster(
    rng: np.random.Generator, low: np.ndarray, air: np.ndarray, start: tuple[int, int, int]
) -> None:
    """Vanilla's growth: random tries below the start; place where air touches exactly one."""
    s = state_ids()
    sx, sy, sz = start
    placed = {start}
    tries = rng.integers(0, 8, (300, 2)) - rng.integers(0, 8, (300, 2))
    drops = rng.integers(0, 10, 300)
    for (dx, dz), dy in zip(tries.tolist(), drops.tolist(), strict=True):
        x, y, z = sx + dx // 2, sy - dy, sz + dz // 2
        if not (0 <= x < 16 and 0 <= z < 16 and 0 < y < GEN_HEIGHT - 1) or not air[y, z, x]:
            continue
        if (x, y, z) in placed:
            continue
        touching = sum(
            (x + a, y + b, z + c) in placed
            for a, b, c in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
        )
        if touching == 1:
            placed.add((x, y, z))
    for x, y, z in placed:
        low[y, z, x] = s["glowstone"]
        air[y, z, x] = False


def fungi(seed: int, cx: int, cz: int, low: np.ndarray, biome: np.ndarray) -> None:
    """Huge crimson and warped fungi on nylium, then roots, fungi and sprouts."""
    s = state_ids()
    rng = _rng(seed, "fungi", cx, cz)
    kinds = {
        s["crimson_nylium"]: ("crimson_stem", "nether_wart_block"),
        s["warped_nylium"]: ("warped_stem", "warped_wart_block"),
    }
    for _ in range(FUNGI_PER_CHUNK):
        x, z = (int(v) for v in rng.integers(3, 13, 2))
        height = int(rng.integers(4, 14))
        if biome[z, x] not in (NB["crimson_forest"], NB["warped_forest"]):
            continue
        column = low[:, z, x]
        floors = [
            y
            for y in np.flatnonzero(np.isin(column[:-1], list(kinds))).tolist()
            if y + height + 2 < GEN_HEIGHT and (column[y + 1 : y + height + 3] == s["air"]).all()
        ]
        if floors:
            y = floors[int(rng.integers(0, len(floors)))]
            stem, wart = kinds[int(column[y])]
            _huge_fungus(rng, low, (x, y + 1, z), height, s[stem], s[wart])
    _cover(seed, cx, cz, low)


def _huge_fungus(
    rng: np.random.Generator,
    low: np.ndarray,
    base: tuple[int, int, int],
    height: int,
    stem: int,
    wart: int,
) -> None:
    s = state_ids()
    x, y, z = base
    top = y + height - 1
    hat = min(max(2, height // 2 + int(rng.integers(0, 2))), height - 1)
    for i, yy in enumerate(range(top, top - hat, -1)):
        radius = 1 if i == 0 else (2 if i < 3 else 3)
        for dz in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                if dx * dx + dz * dz > radius * radius + 1:
                    continue
                if i > 0 and max(abs(dx), abs(dz)) < radius - 1:
                    continue  # hollow under the crown, as vanilla's hats are
                if low[yy, z + dz, x + dx] != s["air"]:
                    continue
                light = i > 0 and rng.random() < 0.06
                low[yy, z + dz, x + dx] = s["shroomlight"] if light else wart
    low[y : top + 1, z, x] = stem


def _cover(seed: int, cx: int, cz: int, low: np.ndarray) -> None:
    """Roots, fungi and sprouts on open nylium."""
    s = state_ids()
    zz, xx = np.mgrid[cz * 16 : cz * 16 + 16, cx * 16 : cx * 16 + 16]
    y = np.arange(GEN_HEIGHT - 1)[:, None, None]
    r = hash3(seed, 51, xx[None], y, zz[None])
    open_above = low[1:] == s["air"]
    for nylium, plants in (
        ("crimson_nylium", (("crimson_roots", 0.22), ("crimson_fungus", 0.04))),
        (
            "warped_nylium",
            (("warped_roots", 0.2), ("nether_sprouts", 0.1), ("warped_fungus", 0.04)),
        ),
    ):
        ground = (low[:-1] == s[nylium]) & open_above
        edge = 0.0
        for plant, share in plants:
            pick = ground & (r >= edge) & (r < edge + share)
            low[1:][pick] = s[plant]
            edge += share


def basalt_pillars(seed: int, cx: int, cz: int, low: np.ndarray, biome: np.ndarray) -> None:
    """Soul sand valleys: basalt columns from a floor up to the ceiling above it."""
    s = state_ids()
    rng = _rng(seed, "pillars", cx, cz)
    solid = _solid(low)
    for _ in range(3):
        x, z = (int(v) for v in rng.integers(1, 15, 2))
        y = int(rng.integers(LAVA_LEVEL + 2, 100))
        if biome[z, x] != NB["soul_sand_valley"] or solid[y, z, x]:
            continue
        above = np.flatnonzero(solid[y:, z, x])
        below = np.flatnonzero(solid[:y, z, x])
        if not len(above) or not len(below) or above[0] > 40:
            continue
        y0, y1 = int(below[-1]) + 1, y + int(above[0])
        if low[y0 - 1, z, x] == s["lava"]:
            continue
        low[y0:y1, z, x] = s["basalt"]
        for dx, dz in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            ys = np.arange(y0, y1)
            thick = rng.random(len(ys)) < 0.35
            cells = low[y0:y1, z + dz, x + dx]
            low[y0:y1, z + dz, x + dx] = np.where(thick & (cells == s["air"]), s["basalt"], cells)


def deltas(seed: int, cx: int, cz: int, low: np.ndarray, biome: np.ndarray) -> None:
    """Basalt deltas: lava pools with magma rims on floors, and small basalt columns."""
    s = state_ids()
    rng = _rng(seed, "deltas", cx, cz)
    solid = _solid(low)
    tops = solid[:-1] & (low[1:] == s["air"])
    tops[: LAVA_LEVEL + 1] = False
    for _ in range(5):
        x, z = (int(v) for v in rng.integers(2, 14, 2))
        ys = np.flatnonzero(tops[:, z, x])
        if biome[z, x] != NB["basalt_deltas"] or not len(ys):
            continue
        y = int(ys[int(rng.integers(0, len(ys)))])
        radius = int(rng.integers(2, 5))
        zz, xx = np.mgrid[0:16, 0:16]
        d2 = (xx - x) ** 2 + (zz - z) ** 2
        level = tops[y]
        rim = level & (d2 <= radius * radius)
        pool = level & (d2 <= (radius - 1) ** 2)
        # a pool cell keeps its lava only when solid on every side and below (no spills)
        sides = solid[y - 1].copy()
        ring = solid[y]
        sides[1:, :] &= ring[:-1, :]
        sides[:-1, :] &= ring[1:, :]
        sides[:, 1:] &= ring[:, :-1]
        sides[:, :-1] &= ring[:, 1:]
        sides[[0, -1], :] = False
        sides[:, [0, -1]] = False
        lava = pool & sides
        low[y][rim & ~lava] = s["magma"]
        low[y][lava] = s["lava"]
    for _ in range(4):
        x, z = (int(v) for v in rng.integers(0, 16, 2))
        ys = np.flatnonzero(tops[:, z, x])
        if biome[z, x] != NB["basalt_deltas"] or not len(ys):
            continue
        y = int(ys[int(rng.integers(0, len(ys)))]) + 1
        h = int(rng.integers(1, 6))
        cells = low[y : y + h, z, x]
        low[y : y + h, z, x] = np.where(cells == s["air"], s["basalt"], cells)
