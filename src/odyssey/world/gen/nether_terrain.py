"""The Nether's shape and surface: 3-D noise caverns, bedrock, the lava sea, biomes, surfaces.

Vanilla's Nether generates y 0..127 of a 256-high dimension: a density field sampled on cells
4 blocks wide and 8 tall (``cavenoise.upsample``), made solid towards the floor and the roof, with
lava filling open space up to y 31 (sea level 32). Bedrock is always at y 0 and 127 and thins
out over four layers (vanilla's ``bedrock_floor`` / ``bedrock_roof`` gradients). Biomes come
from two noises (temperature, humidity) matched to vanilla's Nether biome points, per 4x4 cell,
the same at every height. Surfaces follow vanilla's rules in kind: soul sand and soul soil in
soul sand valleys, basalt and blackstone in basalt deltas, nylium in the two forests, and soul
sand and gravel patches at the lava shore of the wastes.
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.cavenoise import CELL_XZ, CELL_Y, fbm3, upsample
from odyssey.world.gen.noise import fbm2, hash3

NETHER_BIOMES = (
    "nether_wastes", "soul_sand_valley", "basalt_deltas", "crimson_forest", "warped_forest",
)  # fmt: skip
NB = {name: i for i, name in enumerate(NETHER_BIOMES)}
# vanilla's MultiNoiseBiomeSourceParameterList.Preset.NETHER: (temperature, humidity, offset)
_POINTS = np.array([[0.0, 0.0, 0.0], [0.0, -0.5, 0.0], [-0.5, 0.0, 0.175], [0.4, 0.0, 0.0],
                    [0.0, 0.5, 0.375]])  # fmt: skip
GEN_HEIGHT = 128  # vanilla's nether noise settings: blocks generate in y 0..127
LAVA_LEVEL = 31  # the lava sea fills open space at y <= 31 (sea level 32)
ROOF = GEN_HEIGHT - 1
_CLIMATE_GAIN = 2.4  # fbm2 is mostly within ±0.4; vanilla's climate spans about ±1


@cache
def state_ids() -> dict[str, int]:
    """State ids of every block the Nether generators place, by short name."""
    b = registry()
    names = {
        "air": "air", "bedrock": "bedrock", "netherrack": "netherrack", "lava": "lava[level=0]",
        "soul_sand": "soul_sand", "soul_soil": "soul_soil", "gravel": "gravel",
        "basalt": "basalt[axis=y]", "blackstone": "blackstone", "magma": "magma_block",
        "crimson_nylium": "crimson_nylium", "warped_nylium": "warped_nylium",
        "glowstone": "glowstone", "quartz_ore": "nether_quartz_ore",
        "gold_ore": "nether_gold_ore", "ancient_debris": "ancient_debris",
        "crimson_stem": "crimson_stem[axis=y]", "warped_stem": "warped_stem[axis=y]",
        "nether_wart_block": "nether_wart_block", "warped_wart_block": "warped_wart_block",
        "shroomlight": "shroomlight", "crimson_roots": "crimson_roots",
        "warped_roots": "warped_roots", "crimson_fungus": "crimson_fungus",
        "warped_fungus": "warped_fungus", "nether_sprouts": "nether_sprouts",
        "bone_block": "bone_block[axis=y]",
    }  # fmt: skip
    return {key: b.state(spec) for key, spec in names.items()}


def biome_grid(seed: int, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Nether biome index at block columns (sampled where given): the nearest vanilla point in
    (temperature, humidity), offsets added as vanilla's multi-noise does."""
    t = np.clip(_CLIMATE_GAIN * fbm2(seed, "nether_temperature", xs, zs, 220.0, 3), -1, 1)
    h = np.clip(_CLIMATE_GAIN * fbm2(seed, "nether_humidity", xs, zs, 220.0, 3), -1, 1)
    d = (
        (t[..., None] - _POINTS[:, 0]) ** 2
        + (h[..., None] - _POINTS[:, 1]) ** 2
        + _POINTS[:, 2] ** 2
    )
    return np.argmin(d, axis=-1).astype(np.uint8)


def chunk_biomes(seed: int, cx: int, cz: int) -> np.ndarray:
    """Biome index of the chunk's 4x4 column cells [z][x] (sampled at each cell's centre)."""
    zs, xs = np.mgrid[0:4, 0:4]
    return biome_grid(seed, cx * 16 + xs * 4 + 2, cz * 16 + zs * 4 + 2)


def _bias(y: np.ndarray) -> np.ndarray:
    """Density added by height: solid towards the floor and the roof, open in between."""
    floor = np.clip((30.0 - y) / 26.0, 0.0, 1.0) ** 2 * 2.5
    roof = np.clip((y - 96.0) / 28.0, 0.0, 1.0) ** 2 * 3.0
    return floor + roof - 0.12


@lru_cache(maxsize=64)
def solid_mask(seed: int, cx: int, cz: int) -> np.ndarray:
    """Where the chunk's terrain is solid, (128, 16, 16) bool [y][z][x] (cached; read-only)."""
    ys = np.arange(0, GEN_HEIGHT + 1, CELL_Y, dtype=np.float64)[:, None, None]
    zs = (cz * 16 + np.arange(0, 17, CELL_XZ, dtype=np.float64))[None, :, None]
    xs = (cx * 16 + np.arange(0, 17, CELL_XZ, dtype=np.float64))[None, None, :]
    # a wide cavern noise stretched vertically, plus a ridged one for pillars and arches
    caverns = fbm3(seed, "nether_caverns", xs, ys, zs, (110.0, 70.0), 3)
    ridges = 0.35 - np.abs(fbm3(seed, "nether_ridges", xs, ys, zs, (60.0, 40.0), 2))
    lattice = caverns * 1.3 + ridges * 0.8 + _bias(ys)
    density = upsample(lattice)
    solid = density > 0.0
    solid[:5] |= True  # the floor under the lava sea is never open
    solid.flags.writeable = False
    return solid


def fill_terrain(seed: int, cx: int, cz: int, biome_cells: np.ndarray) -> np.ndarray:
    """The chunk's terrain blocks, (256, 16, 16) uint16 [y][z][x]: netherrack, lava sea,
    biome surfaces, bedrock floor and roof; air above the roof."""
    s = state_ids()
    solid = solid_mask(seed, cx, cz)
    out = np.zeros((2 * GEN_HEIGHT, 16, 16), np.uint16)
    low = out[:GEN_HEIGHT]
    low[solid] = s["netherrack"]
    low[: LAVA_LEVEL + 1][~solid[: LAVA_LEVEL + 1]] = s["lava"]
    biome = np.repeat(np.repeat(biome_cells, 4, axis=0), 4, axis=1)
    _surfaces(seed, cx, cz, low, solid, biome)
    _bedrock(seed, cx, cz, low)
    return out


def floor_depth(solid: np.ndarray, limit: int) -> np.ndarray:
    """Per block: how far below an open block it is (0 = the floor's top block), for solid
    blocks within ``limit`` of one; -1 elsewhere."""
    depth = np.full(solid.shape, -1, np.int8)
    open_above = np.zeros(solid.shape, bool)
    for k in range(limit, -1, -1):
        shifted = np.zeros(solid.shape, bool)
        shifted[: -(k + 1)] = ~solid[k + 1 :]
        depth[solid & shifted] = k
        open_above |= shifted
    return depth


def _surfaces(
    seed: int, cx: int, cz: int, low: np.ndarray, solid: np.ndarray, biome: np.ndarray
) -> None:
    s = state_ids()
    x0, z0 = cx * 16, cz * 16
    zz, xx = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    depth = floor_depth(solid, 3)
    ceiling = solid.copy()
    ceiling[1:] &= ~solid[:-1]
    ceiling[0] = False
    patch = fbm2(seed, "nether_patch", xx, zz, 20.0, 2)[None]
    y = np.arange(GEN_HEIGHT)[:, None, None]
    b = biome[None]
    top, under = depth == 0, depth >= 1
    # nether wastes: soul sand and gravel at the lava shore (vanilla's sea-level patches)
    wastes = (b == NB["nether_wastes"]) & (y >= LAVA_LEVEL - 1) & (y <= LAVA_LEVEL + 3)
    low[wastes & (depth >= 0) & (patch > 0.22)] = s["soul_sand"]
    low[wastes & top & (patch < -0.25)] = s["gravel"]
    # soul sand valley: soul sand or soul soil on floors, soul soil under them
    valley = b == NB["soul_sand_valley"]
    low[valley & top] = np.where(np.broadcast_to(patch > -0.05, low.shape), s["soul_sand"],
                                 s["soul_soil"])[valley & top]  # fmt: skip
    low[valley & under] = s["soul_soil"]
    low[valley & ceiling & (patch > 0.1)] = s["soul_sand"]
    # basalt deltas: basalt and blackstone floors and roofs, basalt under them
    deltas = b == NB["basalt_deltas"]
    mixed = hash3(seed, 31, xx[None], y, zz[None]) < 0.5 + np.broadcast_to(patch, low.shape)
    skin = deltas & (top | ceiling | (depth == 1))
    low[skin] = np.where(mixed, s["basalt"], s["blackstone"])[skin]
    low[deltas & (depth >= 2)] = s["basalt"]
    # the forests: nylium on floors above the lava
    for name, nylium in (("crimson_forest", "crimson_nylium"), ("warped_forest", "warped_nylium")):
        low[(b == NB[name]) & top & (y > LAVA_LEVEL)] = s[nylium]


def _bedrock(seed: int, cx: int, cz: int, low: np.ndarray) -> None:
    """Bedrock at y 0 and 127; y 1..4 and 123..126 with vanilla's linear gradients."""
    s = state_ids()
    x0, z0 = cx * 16, cz * 16
    zz, xx = np.mgrid[z0 : z0 + 16, x0 : x0 + 16]
    floor_y = np.arange(1, 5)[:, None, None]
    rand = hash3(seed, 41, xx[None], floor_y, zz[None])
    low[1:5][rand < 1.0 - floor_y / 5.0] = s["bedrock"]
    roof_y = np.arange(ROOF - 4, ROOF)[:, None, None]
    rand = hash3(seed, 42, xx[None], roof_y, zz[None])
    low[ROOF - 4 : ROOF][rand < (roof_y - (ROOF - 5)) / 5.0] = s["bedrock"]
    low[0] = s["bedrock"]
    low[ROOF] = s["bedrock"]
