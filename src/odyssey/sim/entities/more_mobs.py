"""Witches, slimes, goats, and the enderman's block carrying (vanilla 1.21 goals, simplified).

- Witch (RangedAttackGoal: 60 ticks between throws, range 10): walks up to 10 blocks of the
  player, then throws a potion of harming (6 damage as instant damage I) when it sees the
  player. Deliberate difference: no splash entity, always harming (vanilla also picks
  slowness, poison and weakness).
- Slime: size 1, 2 or 4 (``components["size"]``, rolled on its first tick; health size²,
  speed 0.2 + 0.1 × size), hops toward its target every 10–30 ticks (a third of that when
  chasing); sizes 2 and 4 deal ``size`` damage on contact. Splitting on death is done by the
  mechanics (mechanics/mob_events.py). Deliberate difference: every slime has the size-1 box.
- Goat (RamTarget): every 600–6000 ticks a goat charges (speed × 3) at a player 4–7 blocks
  away; the hit deals 2 and knocks back with strength 2.5.
- Enderman (EndermanTakeBlockGoal / LeaveBlockGoal): with mob griefing, 1 in 20 ticks it picks
  up a holdable block within ±2 blocks (x, z) and 0–2 above its feet; 1 in 2000 ticks it puts
  the carried block down on a full block nearby. ``components["carried"]`` is the state.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.ai import Context, look_at, navigate, stop, stroll
from odyssey.sim.entities.combat import difficulty_scaled
from odyssey.sim.entities.hostile import (
    dist_sq,
    eye,
    find_target,
    in_reach,
    keep_or_drop_target,
    sees,
)
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.state import Entity, EntityEvent

WITCH_RANGE_SQ, WITCH_INTERVAL, HARMING = 100.0, 60, 6.0
HOLDABLE = frozenset({
    "grass_block", "dirt", "coarse_dirt", "podzol", "rooted_dirt", "mycelium", "sand", "red_sand",
    "gravel", "clay", "pumpkin", "carved_pumpkin", "melon", "tnt", "cactus", "dandelion", "poppy",
    "blue_orchid", "allium", "azure_bluet", "red_tulip", "orange_tulip", "white_tulip",
    "pink_tulip", "oxeye_daisy", "cornflower", "lily_of_the_valley", "brown_mushroom",
    "red_mushroom", "crimson_fungus", "warped_fungus", "crimson_nylium", "warped_nylium",
    "crimson_roots", "warped_roots", "moss_block", "mud", "muddy_mangrove_roots",
})  # fmt: skip


def target_of(ctx: Context, e: Entity, k: Kind) -> int:
    keep_or_drop_target(ctx, e, k)
    if e.target < 0 and ctx.dice.integers(10) == 0:
        e.target = find_target(ctx, e, k)
    return e.target


def witch(ctx: Context, e: Entity, k: Kind) -> bool:
    if target_of(ctx, e, k) < 0:
        stroll(ctx, e, k)
        return True
    p = ctx.players[e.target]
    look_at(e, *eye(p), k.eye)
    seen = sees(ctx, e, k, p)
    if dist_sq(e, p) > WITCH_RANGE_SQ or not seen:
        navigate(ctx, e, k, *p.pos, 1.0)
    else:
        stop(e)
    e.attack_cooldown -= 1
    if e.attack_cooldown <= 0 and seen and dist_sq(e, p) <= WITCH_RANGE_SQ:
        e.attack_cooldown = WITCH_INTERVAL
        ctx.events.append(EntityEvent("player_damage", e.id, e.target, HARMING, "magic", e.pos))
    return True


def slime_size(ctx: Context, e: Entity) -> int:
    size = e.components.get("size")
    if size is None:
        size = 1 << ctx.dice.integers(3)
        set_slime_size(e, size)
    return int(size)


def set_slime_size(e: Entity, size: int) -> None:
    e.components["size"] = size
    e.max_health = e.health = float(size * size)
    e.speed = 0.2 + 0.1 * size


def slime(ctx: Context, e: Entity, k: Kind) -> bool:
    size = slime_size(ctx, e)
    target = target_of(ctx, e, k)
    e.jump = False
    hop = e.components.get("hop", 0)
    if hop <= 0 and e.on_ground:  # SlimeMoveControl: a hop, then a pause
        hop = 10 + ctx.dice.integers(20)
        if target >= 0:
            hop //= 3
            x, _, z = ctx.players[target].pos
            e.yaw = math.degrees(math.atan2(-(x - e.x), z - e.z))
        else:
            e.yaw += ctx.dice.integers(360) - 180.0
        e.jump, e.forward = True, 1.0 * e.speed
    elif e.on_ground:
        e.forward = 0.0
        hop -= 1
    e.components["hop"] = hop
    if target >= 0 and size > 1:
        e.attack_cooldown = max(0, e.attack_cooldown - 1)
        p = ctx.players[target]
        if e.attack_cooldown == 0 and in_reach(e, k, p):
            e.attack_cooldown = 10
            ctx.events.append(EntityEvent("player_damage", e.id, target,
                                          difficulty_scaled(float(size), ctx.difficulty),
                                          "mob_attack", e.pos))  # fmt: skip
    return True


def goat(ctx: Context, e: Entity, k: Kind) -> bool:
    c = e.components
    if "ram" not in c:
        c["ram"] = 600 + ctx.dice.integers(5400)
    if c.get("charging") is None:
        c["ram"] -= 1
        if c["ram"] > 0 or e.baby:
            return False  # the usual animal goals
        for i, p in enumerate(ctx.players):
            if p.targetable and 16.0 <= dist_sq(e, p) <= 49.0:
                c["charging"] = i
                break
        else:
            c["ram"] = 20
            return False
    i = c["charging"]
    if i >= len(ctx.players):
        c["charging"] = None
        return False
    p = ctx.players[i]
    px, py, pz = p.pos
    navigate(ctx, e, k, px, py, pz, 3.0)
    if in_reach(e, k, p):
        ctx.events.append(EntityEvent("player_damage", e.id, i,
                                      difficulty_scaled(2.0, ctx.difficulty), "mob_attack",
                                      e.pos, knockback=(2.5, e.x - px, e.z - pz)))  # fmt: skip
        c["charging"], c["ram"] = None, 600 + ctx.dice.integers(5400)
        stop(e)
    elif dist_sq(e, p) > 100.0:
        c["charging"], c["ram"] = None, 600 + ctx.dice.integers(5400)
    return True


def enderman_carry(ctx: Context, e: Entity, k: Kind) -> bool:
    """Take or leave a block; never takes over the enderman's other goals."""
    if not ctx.mob_griefing:
        return False
    w = ctx.window
    reg = w.world.registry
    d = ctx.dice
    carried = e.components.get("carried")
    if carried is None and d.integers(20) == 0:
        x = math.floor(e.x - 2.0 + d.random() * 4.0)
        y = math.floor(e.y + d.random() * 3.0)
        z = math.floor(e.z - 2.0 + d.random() * 4.0)
        state = w.block(x, y, z)
        if reg.block_of(state).name in HOLDABLE:
            e.components["carried"] = int(state)
            ctx.set_block((x, y, z), 0)
            ctx.events.append(EntityEvent("block_changed", e.id, block=(x, y, z), state=0,
                                          source="enderman"))  # fmt: skip
    elif carried is not None and d.integers(2000) == 0:
        x = math.floor(e.x - 1.0 + d.random() * 2.0)
        y = math.floor(e.y + d.random() * 2.0)
        z = math.floor(e.z - 1.0 + d.random() * 2.0)
        below = w.block(x, y - 1, z)
        if w.block(x, y, z) == 0 and ctx.full_top[below]:
            del e.components["carried"]
            ctx.set_block((x, y, z), carried)
            ctx.events.append(EntityEvent("block_changed", e.id, block=(x, y, z),
                                          state=carried, source="enderman"))  # fmt: skip
    return False
