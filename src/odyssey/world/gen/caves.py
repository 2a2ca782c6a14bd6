"""Caves: 3-D noise caves ("cheese" caverns, "spaghetti" tunnels) and carver tunnels and ravines.

Noise caves are pure functions of the block position. Carvers are decided per origin chunk from
its own seed (``chunk_carvers``: a list of ellipsoids, cached) and never reach more than
``REACH`` chunks from it; to carve a chunk, the carvers of every chunk within reach are applied,
so a tunnel crossing a border is carved the same whichever chunk is made first.

Water: no cave comes within two blocks under the floor of any water column (ocean, river, lake)
in the 3x3 columns around it, so carving never opens a hole under water. Lava: carved blocks at
y <= LAVA_LEVEL become lava, as vanilla fills caves below y -54.
"""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.cavenoise import CELL_Y, fbm3, lattice, upsample
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.surface import Columns, state_ids
from odyssey.world.gen.terrain import MAX_Y, MIN_Y

LAVA_LEVEL = -55  # carved blocks at or below become lava (vanilla: y < -54)
REACH = 8  # chunks a carver may reach from its origin chunk (vanilla's carver range)
MAX_LENGTH = (REACH - 1) * 16  # steps of one tunnel, so it stays within reach
CAVE_CHANCE, EXTRA_CAVE_CHANCE, CANYON_CHANCE = 0.15, 0.07, 0.01  # vanilla carver probabilities
CHEESE_THRESHOLD = 0.42  # fbm above this is a cavern
SPAGHETTI_WIDTH = 0.055  # both tunnel fields within this of zero is a tunnel
CHEESE_DEPTH = 12  # caverns stay this far under the surface; tunnels may break through
_NO_SPHERES = np.zeros((0, 5))


@cache
def carvable() -> np.ndarray:
    """Per state id: may a cave replace it (terrain blocks, not air, fluids, ice or bedrock)."""
    s = state_ids()
    table = np.zeros(registry().state_count, dtype=bool)
    for name in (
        "stone", "deepslate", "dirt", "grass", "snowy_grass", "podzol", "coarse_dirt", "mud",
        "sand", "sandstone", "red_sand", "gravel", "clay", "snow_block", "calcite",
    ):  # fmt: skip
        table[s[name]] = True
    for name, state in s.items():
        if "terracotta" in name:
            table[state] = True
    return table


def dry_ceiling(seed: int, cx: int, cz: int, cols: Columns) -> np.ndarray:
    """Per column [z][x]: the highest y a cave may carve, two blocks under the floor of any
    water column among the 3x3 around it (neighbour chunks' columns at the borders)."""
    floors = np.empty((48, 48), np.int64)
    for dz in (-1, 0, 1):
        for dx in (-1, 0, 1):
            c = cols if dx == dz == 0 else chunk_columns(seed, cx + dx, cz + dz)
            floor = np.where(c.dry, MAX_Y, c.height - 2)
            floors[16 + dz * 16 : 32 + dz * 16, 16 + dx * 16 : 32 + dx * 16] = floor
    wet = floors[15:33, 15:33]
    return np.minimum.reduce(
        [wet[1 + dz : 17 + dz, 1 + dx : 17 + dx] for dz in (-1, 0, 1) for dx in (-1, 0, 1)]
    )


def noise_caves(seed: int, cx: int, cz: int, cols: Columns) -> np.ndarray:
    """Blocks (384, 16, 16) [y][z][x] inside noise caves, ignoring what is there."""
    out = np.zeros((MAX_Y - MIN_Y, 16, 16), dtype=bool)
    top = int(cols.height.max()) + 1
    layers = min(-(-(top - MIN_Y) // CELL_Y), (MAX_Y - MIN_Y) // CELL_Y)
    y, z, x = lattice(cx * 16, cz * 16, MIN_Y, layers)
    cheese = upsample(fbm3(seed, "cheese", x, y, z, (96.0, 48.0), 2))
    a = upsample(fbm3(seed, "spaghetti_a", x, y, z, (80.0, 40.0), 1))
    b = upsample(fbm3(seed, "spaghetti_b", x, y, z, (80.0, 40.0), 1))
    ys = np.arange(MIN_Y, MIN_Y + layers * CELL_Y)[:, None, None]
    depth = cols.height[None] - ys
    # caverns thin out toward the surface and the bedrock floor
    fade = np.clip((depth - CHEESE_DEPTH) / 24.0, 0.0, 1.0) * np.clip((ys - MIN_Y - 4) / 8.0, 0, 1)
    caves = (cheese * fade > CHEESE_THRESHOLD) | (
        (np.abs(a) < SPAGHETTI_WIDTH) & (np.abs(b) < SPAGHETTI_WIDTH) & (ys > MIN_Y + 4)
    )
    out[: layers * CELL_Y] = caves & (depth >= 0)
    return out


@lru_cache(maxsize=8192)
def chunk_carvers(seed: int, cx: int, cz: int) -> np.ndarray:
    """The ellipsoids (N, 5: x, y, z, horizontal and vertical radius) carved by the carvers
    starting in chunk (cx, cz): vanilla's cave (two kinds) and canyon carvers, simplified."""
    rng = random.Random(mix_seed(seed, "carver", cx, cz))
    spheres: list[tuple[float, float, float, float, float]] = []
    if rng.random() < CAVE_CHANCE:
        _caves(rng, cx, cz, 180, spheres)
    if rng.random() < EXTRA_CAVE_CHANCE:
        _caves(rng, cx, cz, 47, spheres)
    if rng.random() < CANYON_CHANCE:
        _canyon(rng, cx, cz, spheres)
    if not spheres:
        return _NO_SPHERES
    arr = np.array(spheres)
    # stay within reach of the origin chunk, so every chunk sees every ellipsoid that hits it
    centre = np.array([cx * 16 + 8, cz * 16 + 8])
    far = np.abs(arr[:, [0, 2]] - centre).max(axis=1) + arr[:, 3] + 1
    arr = arr[(far < REACH * 16) & (arr[:, 1] > MIN_Y) & (arr[:, 1] < MAX_Y)]
    arr.flags.writeable = False
    return arr


def _caves(rng: random.Random, cx: int, cz: int, top: int, spheres: list) -> None:
    """Vanilla's cave carver: a few tunnels from random points, sometimes from a room."""
    count = rng.randrange(rng.randrange(rng.randrange(15) + 1) + 1)
    for _ in range(count):
        x = cx * 16 + rng.randrange(16) + 0.5
        y = rng.uniform(MIN_Y + 8, top)
        z = cz * 16 + rng.randrange(16) + 0.5
        y_scale = rng.uniform(0.1, 0.9)
        tunnels = 1
        if rng.random() < 0.25:
            radius = 1.5 + 1.0 + rng.random() * 6.0
            spheres.append((x + 1.0, y, z, radius, radius * 0.5))
            tunnels += rng.randrange(4)
        for _ in range(tunnels):
            thickness = rng.random() * 2.0 + rng.random()
            if rng.random() < 0.1:
                thickness *= rng.random() * rng.random() * 3.0 + 1.0
            length = MAX_LENGTH - rng.randrange(MAX_LENGTH // 4)
            yaw, pitch = rng.random() * math.tau, (rng.random() - 0.5) / 4.0
            _tunnel(rng, (x, y, z), yaw, pitch, thickness, y_scale, length, spheres, True)


def _canyon(rng: random.Random, cx: int, cz: int, spheres: list) -> None:
    """Vanilla's canyon carver: one long, tall, narrow ravine."""
    x = cx * 16 + rng.randrange(16) + 0.5
    z = cz * 16 + rng.randrange(16) + 0.5
    y = rng.uniform(10, 67)
    thickness = (rng.random() * 2.0 + rng.random()) * 2.0
    yaw, pitch = rng.random() * math.tau, (rng.random() - 0.5) / 4.0
    length = MAX_LENGTH - rng.randrange(MAX_LENGTH // 4)
    _tunnel(rng, (x, y, z), yaw, pitch, thickness, 3.0, length, spheres, False)


def _tunnel(rng, pos, yaw, pitch, thickness, y_scale, length, spheres, branch) -> None:
    """A random walk of ellipsoids, thickest mid-way; cave tunnels may fork once."""
    x, y, z = pos
    d_yaw = d_pitch = 0.0
    split = rng.randrange(length // 4, length * 3 // 4) if branch and thickness > 1 else -1
    for step in range(length):
        rh = 1.5 + math.sin(math.pi * step / length) * thickness
        rv = rh * y_scale
        cos_p = math.cos(pitch)
        x += math.cos(yaw) * cos_p
        y += math.sin(pitch)
        z += math.sin(yaw) * cos_p
        pitch = pitch * (0.92 if y_scale > 1 else 0.7) + d_pitch * 0.1
        yaw += d_yaw * 0.1
        d_pitch = d_pitch * 0.9 + (rng.random() - rng.random()) * rng.random() * 2.0
        d_yaw = d_yaw * 0.75 + (rng.random() - rng.random()) * rng.random() * 4.0
        if step == split:
            for turn in (-math.pi / 2, math.pi / 2):
                rest = length - step
                _tunnel(rng, (x, y, z), yaw + turn, pitch / 3, rng.random() * 0.5 + 0.5,
                        1.0, rest, spheres, False)  # fmt: skip
            return
        if rng.random() < 0.25 or (step % 2 and rh > 2.5):
            continue  # vanilla skips a quarter; thick tunnels need half the ellipsoids
        spheres.append((x, y, z, rh, rv))


def carver_mask(seed: int, cx: int, cz: int) -> np.ndarray:
    """Blocks (384, 16, 16) [y][z][x] inside the ellipsoids of every carver within reach."""
    out = np.zeros((MAX_Y - MIN_Y, 16, 16), dtype=bool)
    found = [
        chunk_carvers(seed, cx + dx, cz + dz)
        for dz in range(-REACH, REACH + 1)
        for dx in range(-REACH, REACH + 1)
    ]
    found = [f for f in found if len(f)]
    if not found:
        return out
    arr = np.concatenate(found)
    x0, z0 = cx * 16, cz * 16
    r = arr[:, 3]
    hit = (arr[:, 0] + r > x0) & (arr[:, 0] - r < x0 + 16)
    hit &= (arr[:, 2] + r > z0) & (arr[:, 2] - r < z0 + 16)
    for x, y, z, rh, rv in arr[hit]:
        lo_x, hi_x = max(int(x - rh), x0), min(int(x + rh) + 1, x0 + 16)
        lo_z, hi_z = max(int(z - rh), z0), min(int(z + rh) + 1, z0 + 16)
        lo_y, hi_y = max(int(y - rv), MIN_Y + 1), min(int(y + rv) + 1, MAX_Y)
        if lo_x >= hi_x or lo_z >= hi_z or lo_y >= hi_y:
            continue
        dx = (np.arange(lo_x, hi_x) + 0.5 - x) / rh
        dz = (np.arange(lo_z, hi_z) + 0.5 - z) / rh
        dy = (np.arange(lo_y, hi_y) + 0.5 - y) / rv
        inside = dy[:, None, None] ** 2 + dz[None, :, None] ** 2 + dx[None, None, :] ** 2 < 1.0
        inside &= dy[:, None, None] > -0.7  # flat-ish floors, as vanilla's floor level
        region = out[lo_y - MIN_Y : hi_y - MIN_Y, lo_z - z0 : hi_z - z0, lo_x - x0 : hi_x - x0]
        region |= inside
    return out


def carve(seed: int, cx: int, cz: int, cols: Columns, blocks: np.ndarray) -> np.ndarray:
    """Carve the chunk's caves into ``blocks``; returns the carved mask (384, 16, 16)."""
    mask = noise_caves(seed, cx, cz, cols) | carver_mask(seed, cx, cz)
    ys = np.arange(MIN_Y, MAX_Y)[:, None, None]
    mask &= ys <= dry_ceiling(seed, cx, cz, cols)[None]
    mask &= carvable()[blocks]
    s = state_ids()
    blocks[mask] = s["air"]
    lava_rows = LAVA_LEVEL - MIN_Y + 1
    deep = mask[:lava_rows]
    blocks[:lava_rows][deep] = registry().state("lava[level=0]")
    return mask
