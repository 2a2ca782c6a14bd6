"""Hostile mobs: targeting, melee, the skeleton's bow, the creeper's fuse, the enderman's gaze.

Vanilla rules kept: NearestAttackableTargetGoal (a 1-in-10 chance per tick to look for the
nearest visible survival/adventure player within the follow range: zombie 35, others 16);
MeleeAttackGoal (hit when the mob's box inflated by √2.04 − 0.6 sideways touches the player,
then wait 20 ticks); RangedBowAttackGoal (15 blocks, 20 ticks of sight, bow drawn 20 ticks,
then 20 (hard) or 40 ticks between shots, strafing); spiders only pick targets in light below
0.5 and leap; SwellGoal (start within 3 blocks, defuse beyond 7 or out of sight, explode at 30);
endermen anger when stared at (Enderman.isBeingStaredBy) or hit, teleport when hurt by non-mobs,
in water and in daylight; zombies and skeletons burn under open sky by day.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.ai import Context, look_at, navigate, stop, stroll
from odyssey.sim.entities.combat import difficulty_scaled
from odyssey.sim.entities.daylight import brightness
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.projectiles import shoot_arrow
from odyssey.sim.entities.state import Entity, EntityEvent, PlayerView
from odyssey.sim.entities.teleport import teleport, teleport_towards

ATTACK_REACH = math.sqrt(2.04) - 0.6  # Mob.DEFAULT_ATTACK_REACH
BOW_RANGE_SQ = 15.0 * 15.0
SWELL_START_SQ, SWELL_STOP_SQ, MAX_SWELL = 9.0, 49.0, 30


def eye(p: PlayerView) -> tuple[float, float, float]:
    return (p.pos[0], p.pos[1] + p.eye_height, p.pos[2])


def mob_eye(e: Entity, k: Kind) -> tuple[float, float, float]:
    return (e.x, e.y + k.eye, e.z)


def sees(ctx: Context, e: Entity, k: Kind, p: PlayerView) -> bool:
    return ctx.window.line_clear(mob_eye(e, k), eye(p))


def dist_sq(e: Entity, p: PlayerView) -> float:
    return (p.pos[0] - e.x) ** 2 + (p.pos[1] - e.y) ** 2 + (p.pos[2] - e.z) ** 2


def light_at(ctx: Context, e: Entity, k: Kind) -> float:
    """The light-dependent brightness (0..1) at the mob's eyes."""
    x, y, z = mob_eye(e, k)
    return brightness(ctx.sky.raw_brightness(x, y, z, ctx.time_of_day, ctx.weather))


def hostile_think(ctx: Context, e: Entity, k: Kind) -> None:
    """One tick of a monster's goals."""
    if e.type == "enderman":
        enderman_tick(ctx, e, k)
    keep_or_drop_target(ctx, e, k)
    if e.target < 0 and ctx.dice.integers(10) == 0:
        e.target = find_target(ctx, e, k)
    if e.type == "creeper":
        creeper_tick(ctx, e, k)
        return
    if e.target < 0 or (e.type == "enderman" and not e.angry):
        stroll(ctx, e, k)
        return
    p = ctx.players[e.target]
    if e.type == "skeleton":
        bow_attack(ctx, e, k, p)
    else:
        melee(ctx, e, k, p)


def find_target(ctx: Context, e: Entity, k: Kind) -> int:
    """The nearest targetable, visible player within the follow range (−1 if none)."""
    if e.type == "enderman":
        return -1  # endermen only target players that stare at them or hit them
    best, best_d = -1, k.follow_range * k.follow_range
    for i, p in enumerate(ctx.players):
        d = dist_sq(e, p)
        seen_within = (k.follow_range * p.visibility) ** 2  # invisible players: 7 % of it
        if d <= best_d and d <= seen_within and p.targetable and sees(ctx, e, k, p):
            best, best_d = i, d
    if best >= 0 and e.type == "spider" and light_at(ctx, e, k) >= 0.5:
        return -1  # SpiderTargetGoal: not in the light
    return best


def keep_or_drop_target(ctx: Context, e: Entity, k: Kind) -> None:
    """TargetGoal.canContinueUse: alive, targetable, within range, not unseen for 60 ticks."""
    if e.target < 0:
        return
    if e.target >= len(ctx.players):
        e.target = -1
        return
    p = ctx.players[e.target]
    lost = not p.targetable or dist_sq(e, p) > k.follow_range * k.follow_range
    if e.type == "spider" and ctx.dice.integers(100) == 0 and light_at(ctx, e, k) >= 0.5:
        lost = True  # SpiderAttackGoal gives up in the light
    if lost:
        e.target, e.see_time = -1, 0
        e.angry = False
        stop(e)


def in_reach(e: Entity, k: Kind, p: PlayerView) -> bool:
    """Mob.isWithinMeleeAttackRange: inflated box meets the player's box."""
    half = k.width / 2.0 + ATTACK_REACH + p.width / 2.0
    x, y, z = p.pos
    return (abs(x - e.x) < half and abs(z - e.z) < half
            and e.y < y + p.height and y < e.y + k.height)  # fmt: skip


def melee(ctx: Context, e: Entity, k: Kind, p: PlayerView) -> None:
    """MeleeAttackGoal (+ the spider's LeapAtTargetGoal)."""
    x, y, z = p.pos
    look_at(e, x, y + p.eye_height, z, k.eye)
    close = (x - e.x) ** 2 + (z - e.z) ** 2 < (k.width / 2.0 + 0.35) ** 2
    if close:
        stop(e)
    else:
        navigate(ctx, e, k, x, y, z, 1.0)
    if e.type == "spider":
        leap(ctx, e, p)
    e.attack_cooldown = max(0, e.attack_cooldown - 1)
    if e.attack_cooldown == 0 and in_reach(e, k, p) and sees(ctx, e, k, p):
        e.attack_cooldown = 20
        damage = difficulty_scaled(k.attack, ctx.difficulty)
        if damage > 0.0:
            ctx.events.append(EntityEvent("player_damage", e.id, e.target, damage, "mob_attack",
                                          e.pos, knockback=(0.4, e.x - x, e.z - z)))  # fmt: skip
        if e.type == "zombie" and e.fire_ticks > 0 and ctx.dice.random() < ctx.difficulty * 0.3:
            ctx.events.append(EntityEvent("player_ignited", e.id, e.target,
                                          2.0 * ctx.difficulty, "mob_attack"))  # fmt: skip


def leap(ctx: Context, e: Entity, p: PlayerView) -> None:
    """LeapAtTargetGoal(0.4): from the ground, 4..16 blocks² away, 1 in 5 ticks."""
    d = dist_sq(e, p)
    if not e.on_ground or not 4.0 <= d <= 16.0 or ctx.dice.integers(5) != 0:
        return
    dx, dz = p.pos[0] - e.x, p.pos[2] - e.z
    h = math.hypot(dx, dz)
    if h >= 1.0e-4:
        e.vx = dx / h * 0.4 + e.vx * 0.2
        e.vz = dz / h * 0.4 + e.vz * 0.2
    e.vy = 0.4


def bow_attack(ctx: Context, e: Entity, k: Kind, p: PlayerView) -> None:
    """RangedBowAttackGoal with the skeleton's bow (draw 20 ticks, then wait)."""
    d = dist_sq(e, p)
    see = sees(ctx, e, k, p)
    if see != (e.see_time > 0):
        e.see_time = 0
    e.see_time += 1 if see else -1
    x, y, z = p.pos
    if d <= BOW_RANGE_SQ and e.see_time >= 20:
        strafe(ctx, e, k, d)
    else:
        navigate(ctx, e, k, x, y, z, 1.0)
        e.strafe_time = -1
    look_at(e, x, y + p.eye_height, z, k.eye)
    if e.bow_ticks > 0:  # drawing the bow (ticks using the item, counted up from 1)
        if not see and e.see_time < -60:
            e.bow_ticks = 0
        elif see:
            e.bow_ticks += 1
            if e.bow_ticks > 20:
                e.bow_ticks = 0
                shoot_arrow(ctx, e, k, p)
                e.attack_cooldown = 20 if ctx.difficulty == 3 else 40
    else:
        e.attack_cooldown -= 1
        if e.attack_cooldown <= 0 and e.see_time >= -60:
            e.bow_ticks = 1


def strafe(ctx: Context, e: Entity, k: Kind, d: float) -> None:
    """The bow goal's strafing: circle the target, backing off when closer than a quarter."""
    e.nav = None
    e.strafe_time = max(0, e.strafe_time) + 1
    if e.strafe_time >= 20:
        if ctx.dice.random() < 0.3:
            e.strafe_clockwise = not e.strafe_clockwise
        if ctx.dice.random() < 0.3:
            e.strafe_back = not e.strafe_back
        e.strafe_time = 0
    if d > BOW_RANGE_SQ * 0.75:
        e.strafe_back = False
    elif d < BOW_RANGE_SQ * 0.25:
        e.strafe_back = True
    f, r = (-0.5 if e.strafe_back else 0.5), (0.5 if e.strafe_clockwise else -0.5)
    scale = e.speed / max(1.0, math.hypot(f, r))
    e.forward, e.strafe, e.jump = f * scale, r * scale, False


def creeper_tick(ctx: Context, e: Entity, k: Kind) -> None:
    """SwellGoal over MeleeAttackGoal; the fuse itself advances in ``fuse``."""
    p = ctx.players[e.target] if e.target >= 0 else None
    near = p is not None and dist_sq(e, p) < SWELL_START_SQ
    if p is not None and (e.swell_dir > 0 or near):
        stop(e)
        ok = dist_sq(e, p) <= SWELL_STOP_SQ and sees(ctx, e, k, p)
        e.swell_dir = 1 if ok else -1
        look_at(e, p.pos[0], p.pos[1] + p.eye_height, p.pos[2], k.eye)
    else:
        e.swell_dir = -1
        if p is None:
            stroll(ctx, e, k)
        else:
            navigate(ctx, e, k, *p.pos, 1.0)
    e.swell = max(0, e.swell + e.swell_dir)


def sunburn(ctx: Context, e: Entity, k: Kind) -> None:
    """Mob.isSunBurnTick: by day, bright, sky above the eyes, not in water: 8 s of fire."""
    if not ctx.day or e.in_water or e.fire_ticks > 0:
        return
    x, y, z = mob_eye(e, k)
    if not ctx.sky.sees_sky(x, y, z) or ctx.weather != "clear":  # isInRain: rain puts it out
        return
    b = light_at(ctx, e, k)
    if b > 0.5 and ctx.dice.random() * 30.0 < (b - 0.4) * 2.0:
        e.fire_ticks = 160


def stared_at(ctx: Context, e: Entity, k: Kind, p: PlayerView) -> bool:
    """Enderman.isBeingStaredBy: the view vector points within 0.025/d of its eyes, in sight."""
    if p.wearing_pumpkin or p.dead or p.gamemode == "spectator":
        return False
    yaw, pitch = math.radians(p.yaw), math.radians(p.pitch)
    view = (-math.sin(yaw) * math.cos(pitch), -math.sin(pitch), math.cos(yaw) * math.cos(pitch))
    px, py, pz = eye(p)
    v = (e.x - px, e.y + k.eye - py, e.z - pz)
    d = math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
    if d < 1.0e-9:
        return False
    dot = (view[0] * v[0] + view[1] * v[1] + view[2] * v[2]) / d
    return dot > 1.0 - 0.025 / d and sees(ctx, e, k, p)


def enderman_tick(ctx: Context, e: Entity, k: Kind) -> None:
    """Gaze anger (5 ticks after a stare is noticed), water and daylight teleports."""
    if e.in_water or e.dodge:
        e.dodge = False
        teleport(ctx, e, k, tries=16)
        return
    if e.stare_ticks > 0:
        e.stare_ticks -= 1
        if e.stare_ticks == 0 and e.target >= 0:
            e.angry = True
    elif not e.angry and ctx.dice.integers(10) == 0:
        for i, p in enumerate(ctx.players):
            if p.targetable and dist_sq(e, p) <= 64.0 * 64.0 and stared_at(ctx, e, k, p):
                e.target, e.stare_ticks = i, 5
                break
    if e.angry and e.target >= 0:
        p = ctx.players[e.target]
        e.speed = k.speed + 0.15
        if stared_at(ctx, e, k, p) and dist_sq(e, p) < 16.0:
            teleport(ctx, e, k)
        elif dist_sq(e, p) > 256.0:
            e.see_time += 1
            if e.see_time >= 30 and teleport_towards(ctx, e, k, p):
                e.see_time = 0
    else:
        e.speed = k.speed
        bright = ctx.day and e.age % 20 == 0 and ctx.sky.sees_sky(*mob_eye(e, k))
        if bright and light_at(ctx, e, k) > 0.5 and ctx.dice.random() * 30.0 < 1.2:
            teleport(ctx, e, k)
