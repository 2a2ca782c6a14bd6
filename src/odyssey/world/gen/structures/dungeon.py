"""Dungeons: small cobblestone rooms underground with a mob spawner and one or two chests.

A simpler rule than vanilla's (8 attempts per chunk, kept only where the walls have 1-5 openings
into caves): each chunk has a seeded 1-in-8 chance of one dungeon, placed whole inside the chunk
at a random depth in solid ground (at least 8 blocks under the lowest surface above it). Staying
inside its chunk keeps it independent of generation order.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.structures.canvas import Canvas, Layout
from odyssey.world.gen.terrain import MIN_Y
from odyssey.world.nbt import Short

CHANCE = 1 / 8
MOBS = ("zombie", "zombie", "skeleton", "spider")  # vanilla's weights 2:1:1
LOWEST = MIN_Y + 6


@lru_cache(maxsize=512)
def dungeon(seed: int, cx: int, cz: int) -> Layout | None:
    """The dungeon of chunk (cx, cz), or None where the chunk has none."""
    rng = np.random.default_rng(mix_seed(seed, "dungeon", cx, cz))
    if rng.random() >= CHANCE:
        return None
    rx, rz = (int(v) for v in rng.integers(2, 4, 2))  # interior half-sizes: 5x5..7x7 inside
    x0 = int(rng.integers(rx + 1, 15 - rx))
    z0 = int(rng.integers(rz + 1, 15 - rz))
    mx, mz = cx * 16 + x0, cz * 16 + z0
    cols = chunk_columns(seed, cx, cz)
    top = int(cols.height[z0 - rz - 1 : z0 + rz + 2, x0 - rx - 1 : x0 + rx + 2].min()) - 8
    if top < LOWEST + 2:
        return None
    y = int(rng.integers(LOWEST, min(top, 40) + 1))  # floor level
    c = Canvas(seed)
    mossy = rng.random((2 * rz + 3, 2 * rx + 3, 6)) < 0.35
    for dz in range(-rz - 1, rz + 2):
        for dx in range(-rx - 1, rx + 2):
            for dy in range(-1, 5):
                edge = abs(dx) == rx + 1 or abs(dz) == rz + 1 or dy in (-1, 4)
                moss = mossy[dz + rz + 1, dx + rx + 1, dy + 1]
                spec = "mossy_cobblestone" if moss else "cobblestone"
                c.set(mx + dx, y + dy, mz + dz, spec if edge else "air")
    mob = MOBS[int(rng.integers(0, len(MOBS)))]
    c.entity(mx, y, mz, "spawner", {
        "id": "minecraft:mob_spawner",
        "SpawnData": {"entity": {"id": f"minecraft:{mob}"}},
        "Delay": Short(20),
    })  # fmt: skip
    spots = [((0, -rz), "south"), ((0, rz), "north"), ((-rx, 0), "east"), ((rx, 0), "west")]
    for i in rng.permutation(4)[: int(rng.integers(1, 3))]:
        (dx, dz), facing = spots[int(i)]
        c.chest(mx + dx, y, mz + dz, facing, "simple_dungeon")
    return c.layout("dungeon", (mx, y, mz))
