"""Ores with vanilla 1.21's placements: attempts per chunk, height distributions and vein sizes.

Each chunk decides its own veins (``chunk_ores``, cached) from its seed: per placement, vanilla's
number of attempts, a column in the chunk, a height from the placement's uniform or triangle
distribution, and a vein shape. Veins are drawn from a fixed set of shapes per vein size, made by
vanilla's ore feature algorithm (a string of spheres along a short segment). To fill a chunk, the
veins of the 3x3 chunks around it are stamped, clipped to it, first vein wins; a vein block only
replaces stone (with the ore) or deepslate (with its deepslate ore). Buried placements skip a
share of the blocks that touch air, as vanilla's ``discard_chance_on_air_exposure``.

Run ``python -m odyssey.world.gen.ores SEED [CHUNKS]`` for counts per ore per 16-block band.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.climate import B
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.noise import hash3, mix_seed
from odyssey.world.gen.surface import state_ids
from odyssey.world.gen.terrain import MAX_Y, MIN_Y

ORES = ("coal", "copper", "iron", "gold", "redstone", "lapis", "diamond", "emerald")
MOUNTAINS = frozenset(
    B[n] for n in ("windswept_hills", "stony_peaks", "snowy_slopes", "frozen_peaks", "meadow")
)
SHAPES_PER_SIZE = 32


@dataclass(frozen=True)
class Placement:
    """One of vanilla's ore placed features."""

    ore: str
    count: int  # attempts per chunk (with ``chance`` each)
    height: str  # "uniform" or "triangle"
    low: int
    high: int
    size: int  # vein size
    discard: float = 0.0  # chance a block touching air is skipped
    chance: float = 1.0  # rarity filter: 1 / n chunks
    mountains: bool = False  # only where the vein's column is a mountain biome


# vanilla 1.21 OrePlacements (triangle = trapezoid without plateau)
PLACEMENTS: tuple[Placement, ...] = (
    Placement("coal", 30, "uniform", 136, 320, 17),
    Placement("coal", 20, "triangle", 0, 192, 17, discard=0.5),
    Placement("copper", 16, "triangle", -16, 112, 10),
    Placement("iron", 90, "triangle", 80, 384, 9),
    Placement("iron", 10, "triangle", -24, 56, 9),
    Placement("iron", 10, "uniform", -64, 72, 4),
    Placement("gold", 4, "triangle", -64, 32, 9, discard=0.5),
    Placement("gold", 1, "uniform", -64, -48, 9, discard=0.5, chance=0.5),
    Placement("redstone", 4, "uniform", -64, 15, 8),
    Placement("redstone", 8, "triangle", -96, -32, 8),
    Placement("lapis", 2, "triangle", -32, 32, 7),
    Placement("lapis", 4, "uniform", -64, 64, 7, discard=1.0),
    Placement("diamond", 7, "triangle", -144, 16, 4, discard=0.5),
    Placement("diamond", 2, "uniform", -64, -4, 8, discard=0.5),
    Placement("diamond", 1, "triangle", -144, 16, 12, discard=0.7, chance=1 / 9),
    Placement("diamond", 4, "triangle", -144, 16, 8, discard=1.0),
    Placement("emerald", 100, "triangle", -16, 480, 3, mountains=True),
)


@dataclass(frozen=True)
class Veins:
    """Blocks a chunk's veins may fill: absolute (N, 3) int64 positions (x, y, z), the
    placement index of each (uint8), in placement order."""

    positions: np.ndarray
    placement: np.ndarray


@cache
def ore_states() -> tuple[np.ndarray, np.ndarray]:
    """Per placement: the state of its ore in stone, and in deepslate."""
    blocks = registry()
    stone = [blocks.state(f"{p.ore}_ore") for p in PLACEMENTS]
    deep = [blocks.state(f"deepslate_{p.ore}_ore") for p in PLACEMENTS]
    return np.array(stone, np.uint16), np.array(deep, np.uint16)


@cache
def vein_shapes(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Padded (SHAPES, M, 3) block offsets of vein shapes of a size, and their (SHAPES, M)
    validity: vanilla's ore feature with fixed seeds, so every world uses the same shapes."""
    rng = np.random.default_rng(size)
    shapes = []
    for _ in range(SHAPES_PER_SIZE):
        angle = rng.random() * math.pi
        d = size / 8.0
        dx, dz = math.sin(angle) * d, math.cos(angle) * d
        y0, y1 = (int(v) - 2 for v in rng.integers(0, 3, 2))
        ends = np.array([[dx, y0, dz], [-dx, y1, -dz]], dtype=np.float64)
        cells: set[tuple[int, int, int]] = set()
        for i in range(size):
            t = i / size
            centre = ends[0] + (ends[1] - ends[0]) * t
            r = ((math.sin(math.pi * t) + 1.0) * rng.random() * size / 16.0 + 1.0) / 2.0
            lo = np.floor(centre - r).astype(int)
            hi = np.floor(centre + r).astype(int)
            for bx in range(lo[0], hi[0] + 1):
                for by in range(lo[1], hi[1] + 1):
                    for bz in range(lo[2], hi[2] + 1):
                        d2 = ((np.array([bx, by, bz]) + 0.5 - centre) / r) ** 2
                        if d2.sum() < 1.0:
                            cells.add((bx, by, bz))
        shapes.append(sorted(cells) or [(0, 0, 0)])
    width = max(len(c) for c in shapes)
    offsets = np.zeros((SHAPES_PER_SIZE, width, 3), np.int64)
    valid = np.zeros((SHAPES_PER_SIZE, width), bool)
    for i, cells in enumerate(shapes):
        offsets[i, : len(cells)] = cells
        valid[i, : len(cells)] = True
    return offsets, valid


def _heights(rng: np.random.Generator, p: Placement, n: int) -> np.ndarray:
    if p.height == "uniform":
        return rng.integers(p.low, p.high + 1, n)
    span = p.high - p.low
    e = span // 2
    return p.low + rng.integers(0, span - e + 1, n) + rng.integers(0, e + 1, n)


def attempts(seed: int, cx: int, cz: int) -> list[np.ndarray]:
    """Per placement: the (N, 4) origins (x, y, z, shape) of the chunk's vein attempts."""
    rng = np.random.default_rng(mix_seed(seed, "ores", cx, cz))
    biome = chunk_columns(seed, cx, cz).biome
    out = []
    for p in PLACEMENTS:
        n = p.count if p.chance >= 1.0 or rng.random() < p.chance else 0
        xs, zs = rng.integers(0, 16, n), rng.integers(0, 16, n)
        ys = _heights(rng, p, n)
        shape = rng.integers(0, SHAPES_PER_SIZE, n)
        keep = (ys >= MIN_Y) & (ys < MAX_Y)
        if p.mountains:
            keep &= np.isin(biome[zs, xs], list(MOUNTAINS))
        out.append(np.stack([xs + cx * 16, ys, zs + cz * 16, shape], axis=1)[keep])
    return out


@lru_cache(maxsize=512)
def chunk_ores(seed: int, cx: int, cz: int) -> Veins:
    """Every block the veins of chunk (cx, cz) may fill (a pure function of the seed)."""
    positions, kinds = [], []
    for i, (p, origins) in enumerate(zip(PLACEMENTS, attempts(seed, cx, cz), strict=True)):
        if not len(origins):
            continue
        offsets, valid = vein_shapes(p.size)
        cells = offsets[origins[:, 3]] + origins[:, None, :3]
        cells = cells[valid[origins[:, 3]]]
        positions.append(cells)
        kinds.append(np.full(len(cells), i, np.uint8))
    if not positions:
        return Veins(np.zeros((0, 3), np.int64), np.zeros(0, np.uint8))
    return Veins(np.concatenate(positions), np.concatenate(kinds))


def place_ores(seed: int, cx: int, cz: int, blocks: np.ndarray) -> None:
    """Stamp the veins of the 3x3 chunks around (cx, cz) into its (384, 16, 16) blocks."""
    veins = [chunk_ores(seed, cx + dx, cz + dz) for dz in (-1, 0, 1) for dx in (-1, 0, 1)]
    pos = np.concatenate([v.positions for v in veins])
    kind = np.concatenate([v.placement for v in veins])
    lx, y, lz = pos[:, 0] - cx * 16, pos[:, 1] - MIN_Y, pos[:, 2] - cz * 16
    keep = (lx >= 0) & (lx < 16) & (lz >= 0) & (lz < 16) & (y >= 0) & (y < blocks.shape[0])
    flat = (y[keep] * 16 + lz[keep]) * 16 + lx[keep]
    flat, first = np.unique(flat, return_index=True)  # the first vein to reach a block wins
    kind = kind[keep][first]
    s = state_ids()
    current = blocks.reshape(-1)[flat]
    stone_ore, deep_ore = ore_states()
    new = np.where(current == s["stone"], stone_ore[kind], deep_ore[kind])
    ok = (current == s["stone"]) | (current == s["deepslate"])
    discard = np.array([p.discard for p in PLACEMENTS])[kind]
    if discard.any():
        yy, zz, xx = np.unravel_index(flat, blocks.shape)
        roll = hash3(seed, 3, xx + cx * 16, yy + MIN_Y, zz + cz * 16)
        ok &= ~(_exposed(blocks, s["air"])[yy, zz, xx] & (roll < discard))
    blocks.reshape(-1)[flat[ok]] = new[ok]


def _exposed(blocks: np.ndarray, air: int) -> np.ndarray:
    """Blocks with air beside them inside the chunk (outside counts as solid)."""
    a = blocks == air
    out = np.zeros_like(a)
    out[1:] |= a[:-1]
    out[:-1] |= a[1:]
    out[:, 1:] |= a[:, :-1]
    out[:, :-1] |= a[:, 1:]
    out[:, :, 1:] |= a[:, :, :-1]
    out[:, :, :-1] |= a[:, :, 1:]
    return out


def histogram(blocks_by_chunk: list[np.ndarray], band: int = 16) -> dict[str, np.ndarray]:
    """Ore blocks (stone and deepslate kinds together) per ``band``-block height band."""
    blocks = registry()
    bands = (MAX_Y - MIN_Y) // band
    out = {}
    for ore in ORES:
        states = [blocks.state(f"{ore}_ore"), blocks.state(f"deepslate_{ore}_ore")]
        counts = np.zeros(bands, np.int64)
        for b in blocks_by_chunk:
            per_y = np.isin(b, states).sum(axis=(1, 2))
            counts += per_y.reshape(bands, band).sum(axis=1)
        out[ore] = counts
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="ore counts per 16-block height band")
    parser.add_argument("seed", type=int)
    parser.add_argument("chunks", type=int, nargs="?", default=16, help="side of the square")
    args = parser.parse_args(argv)
    from odyssey.world.gen.generator import generate_chunk
    from odyssey.world.gen.overworld import spawn_point
    from odyssey.world.gen.underground import with_underground

    stages = with_underground()
    sx, _, sz = spawn_point(args.seed)
    cx0, cz0 = (sx >> 4) - args.chunks // 2, (sz >> 4) - args.chunks // 2
    made = [
        generate_chunk(args.seed, cx, cz, stages).blocks
        for cz in range(cz0, cz0 + args.chunks)
        for cx in range(cx0, cx0 + args.chunks)
    ]
    counts = histogram(made)
    side = args.chunks
    print(f"seed {args.seed}: {side}x{side} chunks from ({cx0}, {cz0}) around spawn, ores per band")
    print(f"{'y':>10}" + "".join(f"{ore:>10}" for ore in ORES))
    for i in reversed(range(len(counts["coal"]))):
        lo = MIN_Y + i * 16
        row = "".join(f"{int(counts[ore][i]):>10}" for ore in ORES)
        print(f"{lo:>5}..{lo + 15:<4}" + row)
    print(f"{'total':>10}" + "".join(f"{int(counts[ore].sum()):>10}" for ore in ORES))


if __name__ == "__main__":
    main()
