"""Natural spawning (NaturalSpawner, simplified and deterministic from the store's seed).

Each tick, for each living non-spectator player, a few random columns in the 17 × 17 chunks
around it are tried: a random y from the world's bottom to one above the column's top, then a
pack of up to 4 spread ±5 blocks. A spot needs a block with a full top under the feet, two free
non-fluid cells, 24..128 blocks to the nearest player. Monsters (not on peaceful, cap 70):
Monster.isDarkEnoughToSpawn (sky light > random(32) fails; block light > 0 fails; raw light
must not exceed random(8)). Animals (cap 10, every 400 ticks): on grass_block with raw light > 8.
Vanilla tries one column in every chunk (289 around a player) each time; we try
``MONSTER_ATTEMPTS`` columns per tick and ``CREATURE_ATTEMPTS`` per 400 ticks, so spawning is
slower but follows the same rules.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.ai import Context
from odyssey.sim.entities.daylight import sky_darken
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import EntityEvent, PlayerView

MONSTER_CAP, CREATURE_CAP = 70, 10
MONSTER_ATTEMPTS, CREATURE_ATTEMPTS = 4, 128
MONSTERS = (("zombie", 95), ("skeleton", 100), ("spider", 100), ("creeper", 100),
            ("enderman", 10))  # fmt: skip
CREATURES = (("sheep", 12), ("pig", 10), ("chicken", 10), ("cow", 8), ("horse", 5))
MIN_DIST_SQ, MAX_DIST_SQ = 24.0 * 24.0, 128.0 * 128.0


def pick(ctx: Context, table: tuple[tuple[str, int], ...]) -> str:
    r = ctx.dice.integers(sum(w for _, w in table))
    for name, weight in table:
        if r < weight:
            return name
        r -= weight
    return table[-1][0]


def natural_spawn(ctx: Context, tick: int) -> None:
    """One tick of spawning around every player."""
    counts = {"monster": 0, "creature": 0}
    for e in ctx.store.entities.values():
        c = kind(e.type).category
        if c in counts:
            counts[c] += 1
    for p in ctx.players:
        if p.dead or p.gamemode == "spectator":
            continue
        if ctx.difficulty > 0 and counts["monster"] < MONSTER_CAP:
            counts["monster"] += spawn_around(ctx, p, "monster")
        if tick % 400 == 0 and counts["creature"] < CREATURE_CAP:
            counts["creature"] += spawn_around(ctx, p, "creature")


def spawn_around(ctx: Context, p: PlayerView, category: str) -> int:
    d, spawned = ctx.dice, 0
    min_y = ctx.window.world.dimension.min_y
    attempts = MONSTER_ATTEMPTS if category == "monster" else CREATURE_ATTEMPTS
    for _ in range(attempts):
        cx = math.floor(p.pos[0]) // 16 + d.integers(17) - 8
        cz = math.floor(p.pos[2]) // 16 + d.integers(17) - 8
        x, z = cx * 16 + d.integers(16), cz * 16 + d.integers(16)
        top = ctx.sky.top(x, z)
        if top < min_y:
            continue
        y = min_y + d.integers(top + 2 - min_y)
        name = pick(ctx, MONSTERS if category == "monster" else CREATURES)
        for _ in range(4):
            x += d.integers(6) - d.integers(6)
            z += d.integers(6) - d.integers(6)
            if spot_ok(ctx, name, x, y, z):
                e = ctx.store.add(name, (x + 0.5, float(y), z + 0.5), yaw=d.random() * 360.0)
                ctx.events.append(EntityEvent("spawned", e.id, pos=e.pos, source=category))
                spawned += 1
    return spawned


def spot_ok(ctx: Context, name: str, x: int, y: int, z: int) -> bool:
    """Ground, room, distance to players and light, as the spawner checks them."""
    w, reg = ctx.window, ctx.window.world.registry
    below = w.block(x, y - 1, z)
    if not ctx.full_top[below] or ctx.solid[w.block(x, y, z)] or ctx.fluid[w.block(x, y, z)]:
        return False
    if ctx.solid[w.block(x, y + 1, z)]:
        return False
    near = min(((q.pos[0] - x - 0.5) ** 2 + (q.pos[1] - y) ** 2 + (q.pos[2] - z - 0.5) ** 2
                for q in ctx.players), default=math.inf)  # fmt: skip
    if not MIN_DIST_SQ <= near <= MAX_DIST_SQ:
        return False
    if kind(name).hostile:
        return dark_enough(ctx, x, y, z)
    if reg.block_of(below).name != "grass_block":
        return False
    return ctx.sky.raw_brightness(x, y, z, ctx.time_of_day) > 8


def dark_enough(ctx: Context, x: int, y: int, z: int) -> bool:
    """Monster.isDarkEnoughToSpawn with the overworld's block light limit 0."""
    sky = ctx.sky.sky_light(x, y, z)
    if sky > ctx.dice.integers(32):
        return False
    block = ctx.sky.block_light(x, y, z)
    if block > 0:
        return False
    raw = max(sky - sky_darken(ctx.time_of_day, ctx.weather), block)
    return ctx.dice.integers(8) >= raw
