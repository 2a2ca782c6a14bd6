"""Vegetation: trees, grass, ferns, flowers, sugar cane, cacti, pumpkins, melons, mushrooms.

Each chunk decides its own features from its seed and its own columns (``chunk_features``,
cached). Plants stay inside their chunk; trees may overhang up to 4 blocks into neighbours. To
decorate a chunk, the features of the 3x3 chunks around it are stamped, clipped to it, in a
fixed order: plants into air, leaves into air or snow, logs over leaves and plants. So a chunk's
blocks never depend on which chunks were generated before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.climate import BIOMES
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.surface import state_ids, surface_blocks
from odyssey.world.gen.terrain import MAX_Y, MIN_Y
from odyssey.world.gen.trees import GROUND, LEAVES, LOG, template, trunk_range

PLANT = 0
TREE_CANDIDATES = 24

# Trees per chunk and the kinds with weights, per biome.
_TREES: dict[str, tuple[float, dict[str, float]]] = {
    "plains": (0.15, {"oak": 1.0}),
    "sunflower_plains": (0.15, {"oak": 1.0}),
    "meadow": (0.2, {"oak": 0.5, "birch": 0.5}),
    "forest": (9.0, {"oak": 0.8, "birch": 0.2}),
    "flower_forest": (5.0, {"oak": 0.7, "birch": 0.3}),
    "birch_forest": (9.0, {"birch": 1.0}),
    "dark_forest": (14.0, {"dark_oak": 0.75, "oak": 0.15, "birch": 0.1}),
    "taiga": (9.0, {"spruce": 1.0}),
    "snowy_taiga": (6.0, {"spruce": 1.0}),
    "snowy_plains": (0.12, {"spruce": 1.0}),
    "savanna": (1.2, {"acacia": 0.8, "oak": 0.2}),
    "jungle": (16.0, {"jungle": 0.85, "oak": 0.15}),
    "swamp": (2.0, {"oak": 1.0}),
    "windswept_hills": (0.6, {"spruce": 0.6, "oak": 0.4}),
    "river": (0.0, {}),
}
_TREE_SOIL = ("grass", "snowy_grass", "podzol", "coarse_dirt", "dirt")
_FLOWERS = ("dandelion", "poppy", "azure_bluet", "oxeye_daisy", "cornflower", "allium")


@dataclass(frozen=True)
class Features:
    """Blocks a chunk's features place: absolute (N, 3) int64 positions (x, y, z), uint16
    states and uint8 layers (plant, leaves, log, ground), in placement order."""

    positions: np.ndarray
    states: np.ndarray
    layers: np.ndarray


@cache
def _plant_ids() -> dict[str, int]:
    blocks = registry()
    names = (
        "short_grass", "fern", "dead_bush", "sugar_cane", "cactus", "pumpkin", "melon",
        "brown_mushroom", "red_mushroom", "lily_pad", "blue_orchid", "sunflower", "tall_grass",
        *_FLOWERS,
    )  # fmt: skip
    ids = {n: blocks.state(n) for n in names}
    for tall in ("sunflower", "tall_grass", "large_fern"):
        ids[f"{tall}_upper"] = blocks.state(f"{tall}[half=upper]")
        ids[tall] = blocks.state(f"{tall}[half=lower]")
    return ids


@lru_cache(maxsize=512)
def chunk_features(seed: int, cx: int, cz: int) -> Features:
    """Every block the vegetation of chunk (cx, cz) places (a pure function of the seed)."""
    cols = chunk_columns(seed, cx, cz)
    top, _, _ = surface_blocks(seed, cols)
    rng = np.random.default_rng(mix_seed(seed, "vegetation", cx, cz))
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    trunks = np.zeros((16, 16), dtype=bool)
    _trees(rng, cols, top, cx, cz, trunks, parts)
    _plants(rng, cols, top, cx, cz, trunks, parts)
    if not parts:
        empty = np.zeros((0, 3), np.int64)
        return Features(empty, np.zeros(0, np.uint16), np.zeros(0, np.uint8))
    return Features(*(np.concatenate(p) for p in zip(*parts, strict=True)))


def _trees(rng, cols, top, cx, cz, trunks, parts) -> None:
    s = state_ids()
    soil = np.isin(top, [s[n] for n in _TREE_SOIL]) & cols.dry & ~cols.cliff
    xs = rng.integers(0, 15, TREE_CANDIDATES)  # 0..14: a 2x2 trunk stays in the chunk
    zs = rng.integers(0, 15, TREE_CANDIDATES)
    rolls = rng.random(TREE_CANDIDATES)
    picks = rng.random(TREE_CANDIDATES)
    heights = rng.random(TREE_CANDIDATES)
    variants = rng.integers(0, 4, TREE_CANDIDATES)
    for i in range(TREE_CANDIDATES):
        x, z = int(xs[i]), int(zs[i])
        density, kinds = _TREES.get(BIOMES[int(cols.biome[z, x])], (0.0, {}))
        if rolls[i] >= density / TREE_CANDIDATES or not soil[z, x] or trunks[z, x]:
            continue
        kind = _pick(kinds, float(picks[i]))
        if kind == "dark_oak" and not (soil[z : z + 2, x : x + 2].all()):
            kind = "oak"
        low, high = trunk_range(kind)
        trunk = low + int(heights[i] * (high - low + 1))
        ground = int(cols.height[z, x])
        if ground + trunk + 4 >= MAX_Y:
            continue
        t = template(kind, trunk, int(variants[i]))
        base = np.array([cx * 16 + x, ground + 1, cz * 16 + z], dtype=np.int64)
        parts.append((t.offsets + base, t.states, t.layers))
        trunks[max(z - 1, 0) : z + 3, max(x - 1, 0) : x + 3] = True


def _pick(weights: dict[str, float], roll: float) -> str:
    total = 0.0
    for kind, weight in weights.items():
        total += weight
        if roll < total:
            return kind
    return next(iter(weights))


def _plants(rng, cols, top, cx, cz, trunks, parts) -> None:
    """Single-block plants (two-block for tall ones) on free columns of the chunk."""
    s, p = state_ids(), _plant_ids()
    name = np.array(BIOMES)[cols.biome]
    roll = rng.random((16, 16))
    kind_roll = rng.random((16, 16))
    free = cols.dry & ~trunks & (cols.height + 3 < MAX_Y)
    grassy = free & np.isin(top, [s["grass"], s["podzol"]])
    sandy = free & np.isin(top, [s["sand"], s["red_sand"]])
    out = np.zeros((16, 16), dtype=np.int64)  # chosen plant state, 0 for none
    upper = np.zeros((16, 16), dtype=np.int64)
    grass_rate = np.select(
        [np.isin(name, ["plains", "sunflower_plains", "meadow", "savanna"]),
         np.isin(name, ["jungle", "taiga", "swamp", "forest", "birch_forest", "dark_forest"])],
        [0.35, 0.25], 0.12,
    )  # fmt: skip
    flower_rate = np.where(np.isin(name, ["flower_forest", "meadow"]), 0.12, 0.015)
    has_grass = grassy & (roll < grass_rate)
    fern = np.isin(name, ["taiga", "snowy_taiga", "jungle"]) & (kind_roll < 0.4)
    out = np.where(has_grass, np.where(fern, p["fern"], p["short_grass"]), out)
    tall = has_grass & (kind_roll > 0.9) & ~fern
    out = np.where(tall, p["tall_grass"], out)
    upper = np.where(tall, p["tall_grass_upper"], upper)
    flowers = np.array([p[f] for f in _FLOWERS])
    flower = grassy & (roll >= grass_rate) & (roll < grass_rate + flower_rate)
    pick = flowers[(kind_roll * len(flowers)).astype(np.int64) % len(flowers)]
    pick = np.where(name == "swamp", p["blue_orchid"], pick)
    out = np.where(flower, pick, out)
    sunflower = flower & (name == "sunflower_plains") & (kind_roll < 0.5)
    out = np.where(sunflower, p["sunflower"], out)
    upper = np.where(sunflower, p["sunflower_upper"], upper)
    shade = np.isin(name, ["dark_forest", "swamp", "taiga"]) & grassy & (roll > 0.985)
    out = np.where(shade, np.where(kind_roll < 0.5, p["brown_mushroom"], p["red_mushroom"]), out)
    dead = sandy & np.isin(name, ["desert", "badlands"]) & (roll > 0.99)
    out = np.where(dead, p["dead_bush"], out)
    _columns(out, upper, cols, cx, cz, parts)
    _cacti_and_cane(rng, cols, top, free, name, cx, cz, parts)
    _patches(rng, cols, grassy, name, cx, cz, parts)
    _lily_pads(rng, cols, name, cx, cz, parts)


def _columns(out, upper, cols, cx, cz, parts) -> None:
    zs, xs = np.nonzero(out)
    if len(zs) == 0:
        return
    ys = cols.height[zs, xs] + 1
    pos = np.stack([cx * 16 + xs, ys, cz * 16 + zs], axis=1)
    states = out[zs, xs]
    tall = upper[zs, xs] != 0
    pos = np.concatenate([pos, pos[tall] + np.array([0, 1, 0])])
    states = np.concatenate([states, upper[zs, xs][tall]])
    parts.append((pos, states.astype(np.uint16), np.full(len(pos), PLANT, np.uint8)))


def _cacti_and_cane(rng, cols, top, free, name, cx, cz, parts) -> None:
    """Cacti on desert sand (never side by side) and sugar cane on land beside water."""
    s, p = state_ids(), _plant_ids()
    zz, xx = np.mgrid[0:16, 0:16]
    lonely = (xx % 3 == 1) & (zz % 3 == 1)
    sand = free & (top == s["sand"]) & np.isin(name, ["desert", "badlands"]) & lonely
    cactus = sand & (rng.random((16, 16)) < 0.06)
    # sugar cane needs water beside the block it stands on, at the same level
    level = np.where(cols.dry, MIN_Y - 1, cols.water)
    pad = np.pad(level, 1, constant_values=MIN_Y - 1)
    h = cols.height
    beside = (
        (pad[1:-1, 2:] == h) | (pad[1:-1, :-2] == h) | (pad[2:, 1:-1] == h) | (pad[:-2, 1:-1] == h)
    )
    cane_soil = np.isin(top, [s["grass"], s["sand"], s["dirt"], s["podzol"], s["red_sand"]])
    cane = free & beside & cane_soil & (rng.random((16, 16)) < 0.3) & ~cactus
    tall = rng.integers(1, 4, (16, 16))
    blocks = []
    for mask, state in ((cactus, p["cactus"]), (cane & ~cactus, p["sugar_cane"])):
        for z, x in zip(*np.nonzero(mask), strict=True):
            y = int(cols.height[z, x]) + 1
            for dy in range(int(tall[z, x])):
                blocks.append((cx * 16 + int(x), y + dy, cz * 16 + int(z), state))
    if blocks:
        arr = np.array(blocks, dtype=np.int64)
        parts.append((arr[:, :3], arr[:, 3].astype(np.uint16), np.zeros(len(arr), np.uint8)))


def _patches(rng, cols, grassy, name, cx, cz, parts) -> None:
    """A rare pumpkin patch on grass; melon patches in jungles."""
    p = _plant_ids()
    jungle = (name == "jungle") & grassy
    chance = 0.3 if jungle.any() else 1 / 40
    if rng.random() >= chance:
        return
    state = p["melon"] if jungle.any() else p["pumpkin"]
    where = jungle if jungle.any() else grassy
    spots = where & (rng.random((16, 16)) < 0.25)
    cx0, cz0 = (int(v) for v in rng.integers(3, 13, 2))
    zz, xx = np.mgrid[0:16, 0:16]
    spots &= (np.abs(xx - cx0) <= 3) & (np.abs(zz - cz0) <= 3)
    zs, xs = np.nonzero(spots)
    if len(zs):
        pos = np.stack([cx * 16 + xs, cols.height[zs, xs] + 1, cz * 16 + zs], axis=1)
        parts.append((pos, np.full(len(zs), state, np.uint16), np.zeros(len(zs), np.uint8)))


def _lily_pads(rng, cols, name, cx, cz, parts) -> None:
    water = (name == "swamp") & ~cols.dry & (rng.random((16, 16)) < 0.06)
    zs, xs = np.nonzero(water)
    if len(zs):
        pos = np.stack([cx * 16 + xs, cols.water[zs, xs] + 1, cz * 16 + zs], axis=1)
        state = _plant_ids()["lily_pad"]
        parts.append((pos, np.full(len(zs), state, np.uint16), np.zeros(len(zs), np.uint8)))


@cache
def _replaceable() -> tuple[np.ndarray, np.ndarray]:
    """Per state id: may leaves go there (air, snow layer); may logs (also leaves, plants)."""
    blocks = registry()
    s = state_ids()
    for_leaves = np.zeros(blocks.state_count, dtype=bool)
    for_leaves[[s["air"], s["snow"]]] = True
    for_logs = for_leaves.copy()
    for state in _plant_ids().values():
        for_logs[state] = True
    for kind in ("oak", "birch", "spruce", "jungle", "acacia", "dark_oak"):
        block = blocks.block(f"{kind}_leaves")
        for_logs[block.min_state : block.max_state + 1] = True
    return for_leaves, for_logs


def decorate(seed: int, cx: int, cz: int, blocks: np.ndarray) -> None:
    """Stamp the vegetation of the 3x3 chunks around (cx, cz) into its (384, 16, 16) blocks."""
    for_leaves, for_logs = _replaceable()
    gathered = [chunk_features(seed, cx + dx, cz + dz) for dz in (-1, 0, 1) for dx in (-1, 0, 1)]
    pos = np.concatenate([f.positions for f in gathered])
    states = np.concatenate([f.states for f in gathered])
    layers = np.concatenate([f.layers for f in gathered])
    lx, y, lz = pos[:, 0] - cx * 16, pos[:, 1] - MIN_Y, pos[:, 2] - cz * 16
    keep = (lx >= 0) & (lx < 16) & (lz >= 0) & (lz < 16) & (y >= 0) & (y < blocks.shape[0])
    lx, y, lz, states, layers = lx[keep], y[keep], lz[keep], states[keep], layers[keep]
    air = state_ids()["air"]
    for layer, allowed in ((PLANT, None), (LEAVES, for_leaves), (GROUND, None), (LOG, for_logs)):
        sel = layers == layer
        if not sel.any():
            continue
        ys, zs, xs, st = y[sel], lz[sel], lx[sel], states[sel]
        current = blocks[ys, zs, xs]
        if layer == PLANT:
            # a plant needs ground under its lowest block: a cave opening may have taken it
            key = zs * 16 + xs
            base = np.full(256, blocks.shape[0], dtype=np.int64)
            np.minimum.at(base, key, ys)
            below = np.maximum(base[key] - 1, 0)
            ok = (current == air) & (blocks[below, zs, xs] != air)
        elif layer == GROUND:
            ok = current != air
        else:
            ok = allowed[current]
        blocks[ys[ok], zs[ok], xs[ok]] = st[ok]
