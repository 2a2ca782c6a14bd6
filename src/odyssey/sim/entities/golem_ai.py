"""Iron and snow golems' behaviour (vanilla 1.21.11 IronGolem, SnowGolem).

Iron golem: NearestAttackableTargetGoal for hostile mobs except creepers within its follow
range (16 blocks, 4 up or down, no sight needed), MeleeAttackGoal (speed 1.0, a hit every 20
ticks when its reach box meets the target's): IronGolem.doHurtTarget deals 7.5 + rand(15)
(attack damage 15: 15/2 + nextInt(15)), knocks back and throws the target 0.4 up; otherwise it
strolls (speed 0.6). It never panics and takes no fall damage (kinds table).

Snow golem: NearestAttackableTargetGoal for hostile mobs within 16 blocks in sight,
RangedAttackGoal(1.25, 20, 10): closer than 10 and seen for 5 ticks it stands, otherwise it
walks closer; a snowball every 20 ticks (SnowGolem.performRangedAttack: aimed at the eyes − 1.1
plus 0.2 × the horizontal distance, speed 1.6, inaccuracy 12) — a real snowball entity when
the thrown-items mechanic is loaded, else an instant hit of 0 damage with knockback. It
takes 1 damage a tick in water or rain under the open sky and in the biomes of
#snow_golem_melts, and with mob griefing on leaves snow layers where its four corners stand
on air above a full block.

Deliberate differences: no village-bound stroll, flower offering or anger at players; snow
is laid in every biome where the golem does not melt.
"""

from __future__ import annotations

import math
from functools import cache

from odyssey.sim.entities import projectiles
from odyssey.sim.entities.ai import Context, look_at, navigate, stop, stroll
from odyssey.sim.entities.combat import hurt
from odyssey.sim.entities.kinds import Kind, kind
from odyssey.sim.entities.state import Entity, EntityEvent

ATTACK_REACH = math.sqrt(2.04) - 0.6  # Mob.DEFAULT_ATTACK_REACH
IRON_DAMAGE = 15.0
ATTACK_INTERVAL = 20
SNOW_RANGE, SNOW_INTERVAL, SNOW_SPEED = 10.0, 20, 1.25
TARGET_HEIGHT = 4.0  # getTargetSearchArea inflates the box 4 blocks up and down
MELTS = frozenset({"badlands", "basalt_deltas", "crimson_forest", "desert", "eroded_badlands",
                   "nether_wastes", "savanna", "savanna_plateau", "soul_sand_valley",
                   "warped_forest", "windswept_savanna", "wooded_badlands"})  # fmt: skip


def find_target(ctx: Context, e: Entity, k: Kind, creepers: bool, sight: bool) -> Entity | None:
    """The nearest living hostile mob in the search box (follow range, ±4 high)."""
    best, best_d = None, k.follow_range * k.follow_range
    for o in ctx.store.entities.values():
        if o.dead or o is e or (o.type == "creeper" and not creepers):
            continue
        ok = kind(o.type)
        if not ok.hostile or not ok.living or abs(o.y - e.y) > TARGET_HEIGHT + k.height:
            continue
        d = (o.x - e.x) ** 2 + (o.y - e.y) ** 2 + (o.z - e.z) ** 2
        if d < best_d and (not sight or sees_mob(ctx, e, k, o)):
            best, best_d = o, d
    return best


def sees_mob(ctx: Context, e: Entity, k: Kind, o: Entity) -> bool:
    return ctx.window.line_clear((e.x, e.y + k.eye, e.z), (o.x, o.y + kind(o.type).eye, o.z))


def in_reach(e: Entity, k: Kind, o: Entity) -> bool:
    """Mob.isWithinMeleeAttackRange: the inflated box meets the target's box."""
    ok = kind(o.type)
    half = k.width / 2.0 + ATTACK_REACH + ok.width / 2.0
    return (abs(o.x - e.x) < half and abs(o.z - e.z) < half
            and e.y < o.y + ok.height and o.y < e.y + k.height)  # fmt: skip


def iron_golem_think(ctx: Context, e: Entity, k: Kind) -> None:
    e.panic_ticks = 0
    e.attack_cooldown = max(0, e.attack_cooldown - 1)
    target = find_target(ctx, e, k, creepers=False, sight=False)
    if target is None:
        stroll(ctx, e, k, 0.6, 240)
        return
    e.nav = None
    look_at(e, target.x, target.y + kind(target.type).eye, target.z, k.eye)
    if (target.x - e.x) ** 2 + (target.z - e.z) ** 2 < (k.width / 2.0 + 0.35) ** 2:
        stop(e)
    else:
        navigate(ctx, e, k, target.x, target.y, target.z, 1.0)
    if e.attack_cooldown == 0 and in_reach(e, k, target):
        e.attack_cooldown = ATTACK_INTERVAL
        damage = IRON_DAMAGE / 2.0 + ctx.dice.integers(int(IRON_DAMAGE))
        dealt = hurt(ctx.store, target, damage, "mob_attack", ctx.events, (e.x, e.y, e.z))
        if dealt > 0.0:
            target.vy += 0.4000000059604645  # thrown up (0.4F)
        ctx.events.append(EntityEvent("golem_attack", e.id, amount=dealt, pos=e.pos))


def snow_golem_think(ctx: Context, e: Entity, k: Kind) -> None:
    e.panic_ticks = 0
    melt(ctx, e, k)
    if e.dead:
        return
    if ctx.mob_griefing:
        lay_snow(ctx, e)
    target = find_target(ctx, e, k, creepers=True, sight=True)
    if target is None:
        e.attack_cooldown, e.see_time = 0, 0
        stroll(ctx, e, k, 1.0)
        return
    e.nav = None
    tk = kind(target.type)
    look_at(e, target.x, target.y + tk.eye, target.z, k.eye)
    d2 = (target.x - e.x) ** 2 + (target.y - e.y) ** 2 + (target.z - e.z) ** 2
    seen = sees_mob(ctx, e, k, target)
    e.see_time = e.see_time + 1 if seen else 0
    if d2 <= SNOW_RANGE * SNOW_RANGE and e.see_time >= 5:
        stop(e)
    else:
        navigate(ctx, e, k, target.x, target.y, target.z, SNOW_SPEED)
    if e.attack_cooldown <= 0:
        e.attack_cooldown = SNOW_INTERVAL  # RangedAttackGoal: attackTime from -1
        return
    e.attack_cooldown -= 1
    if e.attack_cooldown == 0:
        e.attack_cooldown = SNOW_INTERVAL
        if seen:
            throw_snowball(ctx, e, k, target)


def throw_snowball(ctx: Context, e: Entity, k: Kind, target: Entity) -> None:
    """SnowGolem.performRangedAttack."""
    tk = kind(target.type)
    sy = e.y + k.eye - 0.1
    dx, dz = target.x - e.x, target.z - e.z
    dy = target.y + tk.eye - 1.1 + math.sqrt(dx * dx + dz * dz) * 0.2 - sy
    ctx.events.append(EntityEvent("snowball_thrown", e.id, pos=e.pos))
    if "snowball" in getattr(projectiles, "TICKERS", {}):
        vel = projectiles.aim(ctx, dx, dy, dz, 1.6, 12.0)
        ball = ctx.store.add("snowball", (e.x, sy, e.z), vx=vel[0], vy=vel[1], vz=vel[2],
                             owner=e.id, item="snowball")  # fmt: skip
        ball.yaw = math.degrees(math.atan2(vel[0], vel[2]))
        return
    hurt(ctx.store, target, 0.0, "thrown", ctx.events, (e.x, e.y, e.z))


def melt(ctx: Context, e: Entity, k: Kind) -> None:
    """SnowGolem.aiStep: water, rain under the sky and warm biomes hurt 1 a tick."""
    wet = e.in_water or (ctx.weather in ("rain", "thunder")
                         and ctx.sky.sees_sky(e.x, e.y + k.height, e.z))  # fmt: skip
    if wet:
        hurt(ctx.store, e, 1.0, "drown", ctx.events)
        return
    world = ctx.window.world
    x, y, z = math.floor(e.x), math.floor(e.y), math.floor(e.z)
    chunk = world.chunk(x >> 4, z >> 4)
    if chunk is not None and chunk.biome(x, y, z).removeprefix("minecraft:") in MELTS:
        hurt(ctx.store, e, 1.0, "on_fire", ctx.events)


@cache
def _snow_state(registry) -> int:
    return int(registry.default_state("snow"))


def lay_snow(ctx: Context, e: Entity) -> None:
    """SnowGolem.aiStep: snow on the air cells under its four corners (±0.25)."""
    w = ctx.window
    snow = _snow_state(w.world.registry)
    y = math.floor(e.y)
    for i in range(4):
        x = math.floor(e.x + (i % 2 * 2 - 1) * 0.25)
        z = math.floor(e.z + (i // 2 % 2 * 2 - 1) * 0.25)
        if w.block(x, y, z) == 0 and ctx.full_top[w.block(x, y - 1, z)]:
            ctx.set_block((x, y, z), snow)
            ctx.events.append(EntityEvent("block_changed", e.id, block=(x, y, z), state=snow,
                                          source="snow_golem"))  # fmt: skip
