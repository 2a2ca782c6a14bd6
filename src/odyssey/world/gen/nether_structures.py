"""Nether structures: a fortress corridor or a bastion-like ruin per region of 27x27 chunks.

Vanilla spreads its "nether complexes" over regions of 27 chunks with 4 chunks between them and
picks a fortress (weight 2) or a bastion remnant (weight 3) per region; so does ``plan``. A
structure is a list of operations (fills, support columns, block entities) decided from the seed
and the region alone, and each chunk paints the part of it inside itself, so chunks come out the
same in any order. Fortress: a nether-brick corridor with fence windows and a central room with
a blaze spawner and a ``chests/nether_bridge`` chest, on brick supports down to the ground.
Bastion: a broken blackstone enclosure with gilded blackstone and a ``chests/bastion_treasure``
chest, not in basalt deltas (as vanilla).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen.nether_terrain import LAVA_LEVEL, NB, biome_grid, solid_mask, state_ids
from odyssey.world.gen.noise import hash3, mix_seed
from odyssey.world.nbt import Long, Short

REGION = 27  # chunks per region side (vanilla nether_complexes spacing)
SEPARATION = 4  # so a start lies in the first 23 chunks and its structure stays in the region
FORTRESS_SHARE = 2 / 5


@dataclass(frozen=True)
class Fill:
    """Set the box x0..x1, y0..y1, z0..z1 (inclusive) to one of ``states`` by a per-block hash
    against ``weights`` (cumulative shares; one state means no hash)."""

    box: tuple[int, int, int, int, int, int]
    states: tuple[int, ...]
    weights: tuple[float, ...] = ()


@dataclass(frozen=True)
class Support:
    """A column of ``state`` from ``y`` down through air and lava to the ground."""

    x: int
    z: int
    y: int
    state: int


@dataclass(frozen=True)
class Structure:
    """A planned structure: its kind, origin and operations in painting order."""

    kind: str  # "fortress" or "bastion"
    origin: tuple[int, int, int]
    ops: tuple[Fill | Support, ...]
    block_entities: tuple[dict[str, Any], ...] = field(default=())


@cache
def _ids() -> dict[str, int]:
    b = registry()
    names = ("nether_bricks", "polished_blackstone_bricks", "cracked_polished_blackstone_bricks",
             "gilded_blackstone", "blackstone", "spawner", "air")  # fmt: skip
    ids = {n: b.state(n) for n in names}
    for axis, spec in (("x", "east=true,west=true"), ("z", "north=true,south=true")):
        ids[f"fence_{axis}"] = b.state(f"nether_brick_fence[{spec}]")
    for facing in ("north", "south", "east", "west"):
        ids[f"chest_{facing}"] = b.state(f"chest[facing={facing}]")
    return ids


@lru_cache(maxsize=256)
def plan(seed: int, rx: int, rz: int) -> Structure | None:
    """The structure of region (rx, rz), if any."""
    rng = np.random.default_rng(mix_seed(seed, "nether_complex", rx, rz))
    sx, sz = (int(v) for v in rng.integers(0, REGION - SEPARATION, 2))
    ox, oz = (rx * REGION + sx) * 16 + 8, (rz * REGION + sz) * 16 + 8
    if rng.random() < FORTRESS_SHARE:
        return _fortress(seed, rng, ox, oz)
    if biome_grid(seed, np.array(ox), np.array(oz)) == NB["basalt_deltas"]:
        return None
    return _bastion(seed, rng, ox, oz)


def structures_near(seed: int, x0: int, z0: int, x1: int, z1: int) -> list[Structure]:
    """Structures whose regions overlap the block rectangle (a ``locate`` for the Nether)."""
    span = REGION * 16
    found = []
    for rz in range(z0 // span, z1 // span + 1):
        for rx in range(x0 // span, x1 // span + 1):
            s = plan(seed, rx, rz)
            if s is not None:
                found.append(s)
    return found


def _fortress(seed: int, rng: np.random.Generator, ox: int, oz: int) -> Structure:
    ids = _ids()
    oy = int(rng.integers(48, 71))  # vanilla's fortress heights
    along_x = bool(rng.random() < 0.5)
    length, mid = 39, 19

    def box(u0: int, u1: int, v0: int, v1: int, y0: int, y1: int) -> tuple[int, ...]:
        if along_x:
            return (ox + u0, oy + y0, oz + v0, ox + u1, oy + y1, oz + v1)
        return (ox + v0, oy + y0, oz + u0, ox + v1, oy + y1, oz + u1)

    def at(u: int, v: int, y: int) -> tuple[int, int, int]:
        return (ox + u, oy + y, oz + v) if along_x else (ox + v, oy + y, oz + u)

    bricks, air = (ids["nether_bricks"],), (ids["air"],)
    fence = (ids["fence_x" if along_x else "fence_z"],)
    ops: list[Fill | Support] = [
        Fill(box(0, length - 1, -2, 2, 0, 5), bricks),
        Fill(box(mid - 4, mid + 4, -4, 4, 0, 6), bricks),
        Fill(box(mid - 3, mid + 3, -3, 3, 1, 5), air),
        Fill(box(0, length - 1, -1, 1, 1, 4), air),
    ]
    for u in range(2, length - 1, 4):
        if abs(u - mid) > 4:
            ops += [Fill(box(u, u, v, v, 2, 3), fence) for v in (-2, 2)]
    for u in [*range(0, length, 6), mid - 4, mid + 4]:
        for v in (-2, 2) if abs(u - mid) > 4 else (-4, 4):
            x, _, z = at(u, v, 0)
            ops.append(Support(x, z, oy - 1, ids["nether_bricks"]))
    ops.append(Fill(box(mid, mid, 0, 0, 1, 1), bricks))  # the spawner's plinth
    sx, sy, sz = at(mid, 0, 2)
    ops.append(Fill((sx, sy, sz, sx, sy, sz), (ids["spawner"],)))
    cx, cy, cz = at(mid - 3, 3, 1)
    facing = "north" if along_x else "west"  # towards the room's middle
    ops.append(Fill((cx, cy, cz, cx, cy, cz), (ids[f"chest_{facing}"],)))
    spawner = {
        "id": "minecraft:mob_spawner", "x": sx, "y": sy, "z": sz,
        "SpawnData": {"entity": {"id": "minecraft:blaze"}},
        "Delay": Short(20), "MinSpawnDelay": Short(200), "MaxSpawnDelay": Short(800),
        "SpawnCount": Short(4), "MaxNearbyEntities": Short(6),
        "RequiredPlayerRange": Short(16), "SpawnRange": Short(4),
    }  # fmt: skip
    chest = _chest(seed, (cx, cy, cz), "minecraft:chests/nether_bridge")
    return Structure("fortress", (ox, oy, oz), tuple(ops), (spawner, chest))


def _bastion(seed: int, rng: np.random.Generator, ox: int, oz: int) -> Structure:
    ids = _ids()
    oy = _ground(seed, ox, oz) or int(rng.integers(LAVA_LEVEL + 4, 60))
    half = 8
    walls = (ids["polished_blackstone_bricks"], ids["cracked_polished_blackstone_bricks"],
             ids["blackstone"], ids["gilded_blackstone"])  # fmt: skip
    mix = (0.5, 0.8, 0.96, 1.0)
    ops: list[Fill | Support] = [
        Fill((ox - half, oy, oz - half, ox + half, oy, oz + half), walls[:2], (0.75, 1.0)),
        Fill((ox - half + 1, oy + 1, oz - half + 1, ox + half - 1, oy + 9, oz + half - 1),
             (ids["air"],)),
    ]  # fmt: skip
    heights = rng.integers(2, 9, 4 * 2 * half)
    ring = [(x, oz - half) for x in range(ox - half, ox + half)]
    ring += [(ox + half, z) for z in range(oz - half, oz + half)]
    ring += [(x, oz + half) for x in range(ox + half, ox - half, -1)]
    ring += [(ox - half, z) for z in range(oz + half, oz - half, -1)]
    for (x, z), h in zip(ring, heights.tolist(), strict=True):
        gate = abs(x - ox) <= 1 or abs(z - oz) <= 1
        if gate:
            ops.append(Fill((x, oy + 1, z, x, oy + 3, z), (ids["air"],)))
            ops.append(Fill((x, oy + 4, z, x, oy + max(4, h), z), walls, mix))
        else:
            ops.append(Fill((x, oy + 1, z, x, oy + h, z), walls, mix))
    for x, z in ring[::4]:
        ops.append(Support(x, z, oy - 1, ids["blackstone"]))
    ops.append(Fill((ox - 2, oy + 1, oz - 2, ox + 2, oy + 1, oz + 2), (ids["blackstone"],)))
    ops.append(Fill((ox - 1, oy + 2, oz - 1, ox + 1, oy + 2, oz + 1), (ids["gilded_blackstone"],)))
    ops.append(Fill((ox, oy + 3, oz, ox, oy + 3, oz), (ids["chest_south"],)))
    chest = _chest(seed, (ox, oy + 3, oz), "minecraft:chests/bastion_treasure")
    return Structure("bastion", (ox, oy, oz), tuple(ops), (chest,))


def _ground(seed: int, x: int, z: int) -> int | None:
    """The highest floor above the lava sea with 10 open blocks over it, at column (x, z)."""
    column = solid_mask(seed, x >> 4, z >> 4)[:, z & 15, x & 15]
    for y in range(100, LAVA_LEVEL, -1):
        if column[y] and not column[y + 1 : y + 11].any():
            return y
    return None


def _chest(seed: int, pos: tuple[int, int, int], table: str) -> dict[str, Any]:
    x, y, z = pos
    loot_seed = mix_seed(seed, "nether_loot", x, y, z) - (1 << 62)
    return {"id": "minecraft:chest", "x": x, "y": y, "z": z, "LootTable": table,
            "LootTableSeed": Long(loot_seed)}  # fmt: skip


def paint(seed: int, cx: int, cz: int, low: np.ndarray) -> list[dict[str, Any]]:
    """Paint the parts of structures inside chunk (cx, cz); return its block entities."""
    structure = plan(seed, cx // REGION, cz // REGION)
    if structure is None:
        return []
    x0, z0 = cx * 16, cz * 16
    s = state_ids()
    for op in structure.ops:
        if isinstance(op, Support):
            if x0 <= op.x < x0 + 16 and z0 <= op.z < z0 + 16:
                column = low[: op.y + 1, op.z - z0, op.x - x0]
                ground = np.flatnonzero((column != s["air"]) & (column != s["lava"]))
                column[(int(ground[-1]) + 1 if len(ground) else 1) :] = op.state
            continue
        bx0, by0, bz0, bx1, by1, bz1 = op.box
        xa, xb = max(bx0, x0), min(bx1, x0 + 15)
        za, zb = max(bz0, z0), min(bz1, z0 + 15)
        if xa > xb or za > zb:
            continue
        target = low[by0 : by1 + 1, za - z0 : zb - z0 + 1, xa - x0 : xb - x0 + 1]
        if len(op.states) == 1:
            target[...] = op.states[0]
            continue
        ys = np.arange(by0, by1 + 1)[:, None, None]
        zs = np.arange(za, zb + 1)[None, :, None]
        xs = np.arange(xa, xb + 1)[None, None, :]
        pick = np.searchsorted(np.array(op.weights), hash3(seed, 61, xs, ys, zs), side="right")
        target[...] = np.array(op.states, np.uint16)[np.minimum(pick, len(op.states) - 1)]
    return [
        dict(be) for be in structure.block_entities
        if x0 <= be["x"] < x0 + 16 and z0 <= be["z"] < z0 + 16
    ]  # fmt: skip
