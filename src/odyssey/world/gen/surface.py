"""Chunk columns to blocks: bedrock, deepslate, stone, water, and each biome's surface rules.

``fill_columns`` turns a chunk's column data (heights, biomes, water levels) into a (384, 16, 16)
[y][z][x] array of state ids. Surface rules follow vanilla's in kind: grass over dirt, sand over
sandstone in deserts and beaches, red sand and terracotta bands in badlands, snow and ice in cold
biomes, podzol and coarse dirt in taigas, mud under swamps, gravel under the sea, bare stone on
peaks and cliffs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.climate import BIOMES, COLD_BIOMES, B
from odyssey.world.gen.noise import fbm2, hash3
from odyssey.world.gen.terrain import MAX_Y, MIN_Y, SEA_LEVEL

HEIGHT = MAX_Y - MIN_Y
_Y = np.arange(MIN_Y, MAX_Y, dtype=np.int64)[:, None, None]
_BADLANDS_BANDS = (
    "terracotta", "orange_terracotta", "terracotta", "yellow_terracotta", "brown_terracotta",
    "terracotta", "red_terracotta", "white_terracotta", "orange_terracotta",
    "light_gray_terracotta",
    "terracotta", "orange_terracotta", "red_terracotta", "terracotta", "yellow_terracotta",
    "orange_terracotta",
)  # fmt: skip


@dataclass(frozen=True)
class Columns:
    """What a chunk's columns are made of, before blocks: arrays indexed [z][x]."""

    cx: int
    cz: int
    height: np.ndarray  # y of the top solid block
    biome: np.ndarray  # biome index
    water: np.ndarray  # y of the water surface, or MIN_Y - 1 where none
    cliff: np.ndarray  # steep terraced ground: bare stone

    @property
    def dry(self) -> np.ndarray:
        """Columns whose top block is open to the air."""
        return self.height >= self.water


@cache
def state_ids() -> dict[str, int]:
    """State ids of every block the generator places, by short name."""
    blocks = registry()
    names = {
        "air": "air", "stone": "stone", "deepslate": "deepslate[axis=y]", "bedrock": "bedrock",
        "dirt": "dirt", "grass": "grass_block[snowy=false]",
        "snowy_grass": "grass_block[snowy=true]",
        "podzol": "podzol[snowy=false]", "coarse_dirt": "coarse_dirt", "mud": "mud",
        "sand": "sand", "sandstone": "sandstone", "red_sand": "red_sand", "gravel": "gravel",
        "clay": "clay", "water": "water[level=0]", "ice": "ice", "packed_ice": "packed_ice",
        "snow": "snow[layers=1]", "snow_block": "snow_block", "calcite": "calcite",
    }  # fmt: skip
    ids = {key: blocks.state(spec) for key, spec in names.items()}
    for band in set(_BADLANDS_BANDS):
        ids[band] = blocks.state(band)
    return ids


@cache
def _biome_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per biome: top block, filler (3 below), deep filler (3 more), underwater floor."""
    s = state_ids()
    n = len(BIOMES)
    top = np.full(n, s["grass"], np.uint16)
    filler = np.full(n, s["dirt"], np.uint16)
    deep = np.full(n, s["stone"], np.uint16)
    floor = np.full(n, s["dirt"], np.uint16)
    for name in ("desert", "beach", "snowy_beach"):
        top[B[name]], filler[B[name]], deep[B[name]] = s["sand"], s["sand"], s["sandstone"]
        floor[B[name]] = s["sand"]
    for name in ("stony_shore", "stony_peaks"):
        top[B[name]], filler[B[name]], floor[B[name]] = s["stone"], s["stone"], s["gravel"]
    for name in ("snowy_slopes", "frozen_peaks"):
        top[B[name]], filler[B[name]] = s["snow_block"], s["snow_block"]
    top[B["badlands"]], filler[B["badlands"]], floor[B["badlands"]] = (
        s["red_sand"], s["terracotta"], s["red_sand"],
    )  # fmt: skip
    for name in ("ocean", "deep_ocean", "frozen_ocean"):
        top[B[name]], filler[B[name]], floor[B[name]] = s["gravel"], s["gravel"], s["gravel"]
    top[B["warm_ocean"]], filler[B["warm_ocean"]], floor[B["warm_ocean"]] = (
        s["sand"], s["sand"], s["sand"],
    )  # fmt: skip
    for name in ("river", "frozen_river"):
        floor[B[name]] = s["sand"]
    floor[B["swamp"]] = s["mud"]
    for name in COLD_BIOMES:
        if top[name] == s["grass"]:
            top[name] = s["snowy_grass"]
    return top, filler, deep, floor


def surface_blocks(seed: int, cols: Columns) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per column: the top block, the filler under it, and the snow-line height (with noise)."""
    s = state_ids()
    top_t, filler_t, _, floor_t = _biome_tables()
    x0, z0 = cols.cx * 16, cols.cz * 16
    zz, xx = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    biome = cols.biome
    dry = cols.dry
    top = np.where(dry, top_t[biome], floor_t[biome])
    filler = np.where(dry, filler_t[biome], floor_t[biome])
    patch = fbm2(seed, "patches", xx, zz, 24.0, 2)
    taiga = np.isin(biome, [B["taiga"], B["snowy_taiga"]]) & dry
    top = np.where(taiga & (patch > 0.25), s["podzol"], top)
    top = np.where(taiga & (patch < -0.3), s["coarse_dirt"], top)
    hills = (biome == B["windswept_hills"]) & dry
    top = np.where(hills & (patch > 0.15), s["stone"], top)
    filler = np.where(hills & (patch > 0.15), s["stone"], filler)
    river = np.isin(biome, [B["river"], B["frozen_river"]]) & ~dry
    top = np.where(river & (patch > 0.2), s["gravel"], top)
    top = np.where(river & (patch < -0.35), s["clay"], top)
    swamp = (biome == B["swamp"]) & dry
    top = np.where(swamp & (patch > 0.3), s["mud"], top)
    # high ground: snow caps, stone on the rest of the peaks
    high = cols.height + (patch * 8).astype(np.int64)
    top = np.where(dry & (high > 190), s["snow_block"], top)
    bare = cols.cliff | (dry & (high > 150) & (biome != B["badlands"]))
    top = np.where(bare & (high <= 190), s["stone"], top)
    filler = np.where(bare, s["stone"], filler)
    cold = np.isin(biome, list(COLD_BIOMES)) | (high > 170)
    top = np.where(cold & dry & (top == s["grass"]), s["snowy_grass"], top)
    return top.astype(np.uint16), filler.astype(np.uint16), high


def fill_columns(seed: int, cols: Columns) -> np.ndarray:
    """The chunk's blocks, (384, 16, 16) uint16 indexed [y][z][x]."""
    s = state_ids()
    _, _, deep_t, _ = _biome_tables()
    h = cols.height[None]
    depth = h - _Y  # 0 at the top block, negative above it
    x0, z0 = cols.cx * 16, cols.cz * 16
    zz, xx = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    out = np.where(depth >= 0, s["stone"], s["air"]).astype(np.uint16)
    # deepslate below y 0, mixed with stone over 0..7 as vanilla's gradient
    low = slice(0, 8 - MIN_Y)
    rand = hash3(seed, 1, xx[None], _Y[low], zz[None])
    is_deep = rand < np.clip((8 - _Y[low]) / 8.0, 0.0, 1.0)
    out[low] = np.where(is_deep & (out[low] == s["stone"]), s["deepslate"], out[low])
    # water up to each column's water level
    out[(depth < 0) & (cols.water[None] >= _Y)] = s["water"]
    top, filler, high = surface_blocks(seed, cols)
    deep = deep_t[cols.biome]
    out = np.where(depth == 0, top[None], out)
    out = np.where((depth >= 1) & (depth <= 3), filler[None], out)
    out = np.where((depth >= 4) & (depth <= 6) & (deep[None] != s["stone"]), deep[None], out)
    _badlands(out, cols, depth)
    _frost(out, cols, high)
    _bedrock(seed, out, xx, zz)
    return out


def _badlands(out: np.ndarray, cols: Columns, depth: np.ndarray) -> None:
    """Terracotta bands by height through the upper 24 blocks of badlands columns."""
    mask = (cols.biome == B["badlands"])[None] & (depth >= 1) & (depth <= 24)
    if not mask.any():
        return
    s = state_ids()
    bands = np.array([s[name] for name in _BADLANDS_BANDS], np.uint16)
    band = np.broadcast_to(bands[(_Y // 2) % len(bands)], out.shape)
    out[mask] = band[mask]


def _frost(out: np.ndarray, cols: Columns, high: np.ndarray) -> None:
    """Ice on cold water, a snow layer on cold dry ground and above the snow line."""
    s = state_ids()
    cold = np.isin(cols.biome, list(COLD_BIOMES))
    zs, xs = np.nonzero(cold & ~cols.dry & (cols.water == SEA_LEVEL))
    out[SEA_LEVEL - MIN_Y, zs, xs] = s["ice"]
    snowy = (cold | (high > 170)) & cols.dry & (cols.height + 1 < MAX_Y)
    zs, xs = np.nonzero(snowy)
    out[cols.height[zs, xs] - MIN_Y + 1, zs, xs] = s["snow"]


def _bedrock(seed: int, out: np.ndarray, xx: np.ndarray, zz: np.ndarray) -> None:
    """Bedrock at y -64 and, thinning out, up to y -60 (vanilla's 1-5 layers)."""
    s = state_ids()
    out[0] = s["bedrock"]
    ys = _Y[1:5]
    rand = hash3(seed, 2, xx[None], ys, zz[None])
    layer = rand < (1.0 - (ys - MIN_Y) / 5.0)
    out[1:5] = np.where(layer, s["bedrock"], out[1:5])
