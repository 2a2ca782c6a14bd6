"""The ruined portal: a broken obsidian frame on a splash of netherrack and magma, and a chest.

The 4x5 frame stands on the ground at the start chunk's centre; a seeded third of its blocks are
missing or crying obsidian. Netherrack (with some magma) spreads round it in a rough disc.
"""

from __future__ import annotations

import numpy as np

from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.structures.canvas import Canvas, Layout, ground

SPLASH = 5  # radius of the netherrack


def ruined_portal(seed: int, cx: int, cz: int) -> Layout:
    """The ruined portal whose start chunk is (cx, cz)."""
    rng = np.random.default_rng(mix_seed(seed, "ruined_portal", cx, cz))
    mx, mz = cx * 16 + 8, cz * 16 + 8
    g = ground(seed, mx - SPLASH, mz - SPLASH, mx + SPLASH, mz + SPLASH)
    c = Canvas(seed)
    for dz in range(-SPLASH, SPLASH + 1):
        for dx in range(-SPLASH, SPLASH + 1):
            if dx * dx + dz * dz > SPLASH * SPLASH - rng.integers(0, 8):
                continue
            x, z = mx + dx, mz + dz
            c.set(x, g.h(x, z), z, "magma_block" if rng.random() < 0.15 else "netherrack")
    base = g.h(mx, mz)
    along_x = bool(rng.integers(0, 2))
    for i in range(4):
        for j in range(5):
            if 0 < i < 3 and 0 < j < 4:
                continue  # the opening
            x, z = (mx - 1 + i, mz) if along_x else (mx, mz - 1 + i)
            roll = rng.random()
            if j > 0 and roll < 0.25:
                continue  # broken off
            c.set(x, base + 1 + j, z, "crying_obsidian" if roll < 0.4 else "obsidian")
    x, z = (mx + 1, mz + 2) if along_x else (mx + 2, mz + 1)
    c.chest(x, g.h(x, z) + 1, z, "north", "ruined_portal")
    return c.layout("ruined_portal", (mx, base + 1, mz))
