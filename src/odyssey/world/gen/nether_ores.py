"""Nether ores with vanilla 1.21's counts and height ranges, as veins confined to the chunk.

Per chunk (``ORES``): nether quartz 16 veins of up to 14 blocks and nether gold 10 veins of up to
10 in y 10..117 (32 and 20 in basalt deltas), magma 4 blobs of up to 33 in y 27..36, ancient
debris one vein of up to 3 with a triangular height around y 16 in 8..24 that never touches
air (vanilla's ``discard_on_air_chance`` 1.0). Veins replace netherrack only (blackstone and
basalt too for the deltas' ores, as their vanilla targets) and are clipped to the chunk and to
their height range, so a chunk's ores depend on its own seed alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.world.gen.nether_terrain import NB, state_ids
from odyssey.world.gen.noise import mix_seed


@dataclass(frozen=True)
class OreRule:
    """One vanilla Nether ore placement: block, veins per chunk, vein size, heights."""

    name: str
    count: int
    size: int
    low: int
    high: int
    triangle: bool = False  # vanilla's trapezoid/triangle height distribution, else uniform
    deltas_count: int | None = None  # the count in basalt deltas, where it differs
    hidden: bool = False  # never placed next to air


ORES = (
    OreRule("magma", 4, 33, 27, 36),
    OreRule("quartz_ore", 16, 14, 10, 117, deltas_count=32),
    OreRule("gold_ore", 10, 10, 10, 117, deltas_count=20),
    OreRule("ancient_debris", 1, 3, 8, 24, triangle=True, hidden=True),
)


def place_ores(seed: int, cx: int, cz: int, low: np.ndarray, main_biome: int) -> None:
    """Place every ore rule's veins into the chunk's y 0..127 blocks (in place)."""
    s = state_ids()
    targets = np.array([s["netherrack"]])
    deltas = main_biome == NB["basalt_deltas"]
    for rule in ORES:
        rng = np.random.default_rng(mix_seed(seed, "nether_ore", rule.name, cx, cz))
        count = rule.deltas_count if deltas and rule.deltas_count else rule.count
        allowed = targets
        if deltas and rule.deltas_count:
            allowed = np.array([s["netherrack"], s["basalt"], s["blackstone"]])
        for _ in range(count):
            if rule.triangle:
                half = (rule.high - rule.low) // 2
                y = rule.low + int(rng.integers(0, half + 1)) + int(rng.integers(0, half + 1))
            else:
                y = int(rng.integers(rule.low, rule.high + 1))
            x, z = (int(v) for v in rng.integers(0, 16, 2))
            _vein(rng, low, (x, y, z), rule, allowed, s[rule.name])


def _vein(
    rng: np.random.Generator,
    low: np.ndarray,
    centre: tuple[int, int, int],
    rule: OreRule,
    targets: np.ndarray,
    state: int,
) -> None:
    """A blob of up to ``rule.size`` blocks around ``centre`` (vanilla ores are blobs too)."""
    spread = 0.45 + 0.3 * rule.size ** (1.0 / 3.0)
    offsets = np.rint(rng.normal(0.0, spread, (rule.size, 3))).astype(np.int64)
    x = np.clip(centre[0] + offsets[:, 0], 0, 15)
    y = centre[1] + offsets[:, 1]
    z = np.clip(centre[2] + offsets[:, 2], 0, 15)
    keep = (y >= rule.low) & (y <= rule.high)
    x, y, z = x[keep], y[keep], z[keep]
    ok = np.isin(low[y, z, x], targets)
    if rule.hidden:
        ok &= ~_touches_air(low, x, y, z)
    low[y[ok], z[ok], x[ok]] = state


def _touches_air(low: np.ndarray, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Whether each block has an air neighbour (inside the chunk)."""
    air = state_ids()["air"]
    out = np.zeros(len(x), bool)
    for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
        nx, ny, nz = x + dx, y + dy, z + dz
        inside = (nx >= 0) & (nx < 16) & (nz >= 0) & (nz < 16) & (ny >= 0) & (ny < low.shape[0])
        hit = np.zeros(len(x), bool)
        hit[inside] = low[ny[inside], nz[inside], nx[inside]] == air
        out |= hit
    return out
