"""Arrows: the skeleton's shot and vanilla arrow ballistics and hits.

AbstractSkeleton.performRangedAttack aims at the target's lower third plus 0.2 × the horizontal
distance, Projectile.shoot adds triangle(0, 0.0172275 × inaccuracy) per axis (inaccuracy
14 − 4 × difficulty) and scales to 1.6; the arrow's base damage is 2 + triangle(0.11 × difficulty,
0.57425). Each tick the arrow moves by its velocity (stopping at the first block box or entity
box inflated by 0.3 on the way), then velocity × 0.99 (0.6 in water) and vy − 0.05. A hit deals
ceil(speed × base damage) (+ random(damage / 2 + 2) for a critical arrow), knocks back 0.4 along
the flight; an arrow stuck in a block disappears after 1200 ticks. Endermen dodge arrows.

A player's arrow (``components["player"]`` = the shooter's index, set by mechanics.bows) does
not hit its shooter in its first 5 ticks, credits its hits to the player (loot, anger), adds
Punch (``components["punch"]``: push of 0.6 × level along the flight, + 0.1 up) and Flame
(``fire_ticks`` > 0: the target burns 5 s), and once stuck (after 7 shake ticks) is picked
up by a player touching it when ``components["pickup"]`` is 1 (0: never; 2: creative only).
``TICKERS`` maps each self-moving entity type (arrows, thrown items, experience orbs) to its
per-tick function; the mechanics add theirs.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from odyssey.sim.entities.ai import Context
from odyssey.sim.entities.combat import difficulty_scaled, hurt
from odyssey.sim.entities.kinds import Kind, kind
from odyssey.sim.entities.state import Entity, EntityEvent, PlayerView
from odyssey.sim.entities.teleport import teleport

ARROW_SPEED, ARROW_GRAVITY, ARROW_DRAG, ARROW_WATER_DRAG = 1.6, 0.05000000074505806, 0.99, 0.6
STUCK_LIFETIME = 1200
HIT_INFLATE = 0.3
SHAKE_TICKS = 7  # AbstractArrow.shakeTime after sticking: no pickup before


def aim(ctx: Context, dx: float, dy: float, dz: float, speed: float, inaccuracy: float):
    """Projectile.getMovementToShoot: the normalised direction, jittered, times speed."""
    length = math.sqrt(dx * dx + dy * dy + dz * dz)
    d, spread = ctx.dice, 0.0172275 * inaccuracy
    return tuple((c / length + d.triangle(0.0, spread)) * speed for c in (dx, dy, dz))


def shoot_arrow(ctx: Context, e: Entity, k: Kind, p: PlayerView) -> Entity:
    """A skeleton's shot at a player."""
    ax, ay, az = e.x, e.y + k.eye - 0.1, e.z
    dx, dz = p.pos[0] - ax, p.pos[2] - az
    dy = p.pos[1] + p.height / 3.0 - ay
    vel = aim(ctx, dx, dy + math.hypot(dx, dz) * 0.2, dz, ARROW_SPEED, 14 - ctx.difficulty * 4)
    base = 2.0 + ctx.dice.triangle(ctx.difficulty * 0.11, 0.57425)
    arrow = ctx.store.add("arrow", (ax, ay, az), vx=vel[0], vy=vel[1], vz=vel[2], owner=e.id,
                          base_damage=base)  # fmt: skip
    arrow.yaw = math.degrees(math.atan2(vel[0], vel[2]))
    arrow.pitch = math.degrees(math.atan2(vel[1], math.hypot(vel[0], vel[2])))
    ctx.events.append(EntityEvent("arrow_shot", arrow.id, e.target, pos=arrow.pos))
    return arrow


def segment_hits(p0, d, box) -> float:
    """Entry t (0..1) of the segment p0 + t·d into an axis-aligned box, or 2."""
    t0, t1 = 0.0, 1.0
    for a in range(3):
        lo, hi = box[a], box[a + 3]
        if abs(d[a]) < 1e-12:
            if not lo <= p0[a] <= hi:
                return 2.0
            continue
        u, v = (lo - p0[a]) / d[a], (hi - p0[a]) / d[a]
        if u > v:
            u, v = v, u
        t0, t1 = max(t0, u), min(t1, v)
        if t0 > t1:
            return 2.0
    return t0


def arrow_damage(speed: float, base: float, crit: bool, ctx: Context) -> float:
    """AbstractArrow.onHitEntity: ceil(speed × base damage), plus a random bonus if critical."""
    damage = math.ceil(max(0.0, speed * base))
    if crit:
        damage = min(damage + ctx.dice.integers(damage // 2 + 2), 2**31 - 1)
    return float(damage)


def player_box(p: PlayerView, grow: float) -> tuple[float, ...]:
    x, y, z = p.pos
    h = p.width / 2.0 + grow
    return (x - h, y - grow, z - h, x + h, y + p.height + grow, z + h)


def entity_box(e: Entity, k: Kind, grow: float) -> tuple[float, ...]:
    h = k.width / 2.0 + grow
    return (e.x - h, e.y - grow, e.z - h, e.x + h, e.y + k.height + grow, e.z + h)


def first_hit(ctx: Context, arrow: Entity, p0, d) -> tuple[float, int, Entity | None]:
    """The nearest player (index) or mob along the segment: (t, player, mob)."""
    best, who, mob = 2.0, -1, None
    shooter = arrow.components.get("player", -1) if arrow.age < 5 else -1
    for i, p in enumerate(ctx.players):
        if not p.dead and p.gamemode != "spectator" and i != shooter:
            t = segment_hits(p0, d, player_box(p, HIT_INFLATE))
            if t < best:
                best, who = t, i
    for m in ctx.store.entities.values():
        if (m.id == arrow.owner and arrow.age < 5) or m.dead or not kind(m.type).living:
            continue
        t = segment_hits(p0, d, entity_box(m, kind(m.type), HIT_INFLATE))
        if t < best:
            best, who, mob = t, -1, m
    return best, who, mob


def tick_arrow(ctx: Context, arrow: Entity) -> None:
    """One tick of a flying or stuck arrow (its age already counts this tick)."""
    if arrow.in_ground:
        if arrow.age >= STUCK_LIFETIME:
            ctx.store.remove(arrow.id)
        elif arrow.age >= SHAKE_TICKS and arrow.components.get("pickup", 0):
            pick_up_arrow(ctx, arrow)
        return
    p0, d = (arrow.x, arrow.y, arrow.z), (arrow.vx, arrow.vy, arrow.vz)
    t_block = ctx.window.ray(*p0, p0[0] + d[0], p0[1] + d[1], p0[2] + d[2])
    t_hit, who, mob = first_hit(ctx, arrow, p0, d)
    if t_hit <= min(1.0, t_block):
        hit_entity(ctx, arrow, who, mob)
        return
    if t_block <= 1.0:
        speed = math.sqrt(d[0] ** 2 + d[1] ** 2 + d[2] ** 2)
        back = 0.05 / speed
        arrow.x, arrow.y, arrow.z = (p0[a] + d[a] * (t_block - back) for a in range(3))
        arrow.vx = arrow.vy = arrow.vz = 0.0
        arrow.in_ground, arrow.age = True, 0
        return
    arrow.x, arrow.y, arrow.z = p0[0] + d[0], p0[1] + d[1], p0[2] + d[2]
    state = ctx.window.block(math.floor(arrow.x), math.floor(arrow.y), math.floor(arrow.z))
    arrow.in_water = bool(ctx.fluid[state] and not ctx.lava[state])
    drag = ARROW_WATER_DRAG if arrow.in_water else ARROW_DRAG
    arrow.vx, arrow.vy, arrow.vz = d[0] * drag, d[1] * drag - ARROW_GRAVITY, d[2] * drag
    if arrow.y < ctx.window.world.dimension.min_y - 64:
        ctx.store.remove(arrow.id)


def hit_entity(ctx: Context, arrow: Entity, who: int, mob: Entity | None) -> None:
    speed = math.sqrt(arrow.vx**2 + arrow.vy**2 + arrow.vz**2)
    damage = arrow_damage(speed, arrow.base_damage, arrow.crit, ctx)
    if mob is not None and mob.type == "enderman":
        teleport(ctx, mob, kind("enderman"), tries=64)  # dodges; the arrow flies on
        arrow.x, arrow.y, arrow.z = arrow.x + arrow.vx, arrow.y + arrow.vy, arrow.z + arrow.vz
        return
    ctx.store.remove(arrow.id)
    if mob is not None:
        back = (mob.x - arrow.vx, mob.y, mob.z - arrow.vz)
        shooter = arrow.components.get("player", -1)
        burning = arrow.fire_ticks > 0 and mob.type != "enderman"
        if burning:
            mob.fire_ticks = max(mob.fire_ticks, 100)  # igniteForSeconds(5) before the hurt
        if hurt(ctx.store, mob, damage, "arrow", ctx.events, back, shooter) > 0.0:
            punch(mob, arrow, arrow.components.get("punch", 0))
        return
    amount = difficulty_scaled(damage, ctx.difficulty)
    ctx.events.append(EntityEvent("player_damage", arrow.id, who, amount, "arrow", arrow.pos,
                                  knockback=(0.4, -arrow.vx, -arrow.vz)))  # fmt: skip


def punch(mob: Entity, arrow: Entity, level: int) -> None:
    """AbstractArrow.doKnockback: Punch pushes 0.6 × level along the flight, 0.1 up."""
    h = math.hypot(arrow.vx, arrow.vz)
    if level <= 0 or h < 1.0e-7 or mob.dead:
        return
    scale = level * 0.6 * max(0.0, 1.0 - kind(mob.type).knockback_resistance) / h
    mob.vx, mob.vy, mob.vz = mob.vx + arrow.vx * scale, mob.vy + 0.1, mob.vz + arrow.vz * scale


def pick_up_arrow(ctx: Context, arrow: Entity) -> None:
    """AbstractArrow.playerTouch: a player touching a stuck arrow takes it (pickup 1), or only
    a creative player, who gets nothing (pickup 2)."""
    for i, p in enumerate(ctx.players):
        if p.dead or p.gamemode == "spectator" or p.pickup is None:
            continue
        x, y, z = p.pos
        if not (abs(arrow.x - x) < p.width / 2 + 1.25 and abs(arrow.z - z) < p.width / 2 + 1.25
                and y - 1.0 < arrow.y < y + p.height + 0.5):  # fmt: skip
            continue
        rule = arrow.components.get("pickup", 0)
        item = arrow.components.get("item", "arrow")
        if rule == 1 and p.pickup(item, 1, {}) < 1:
            continue
        if rule == 1 or p.gamemode == "creative":
            ctx.store.remove(arrow.id)
            arrow.dead = True
            ctx.events.append(EntityEvent("item_picked_up", arrow.id, i, item=item, count=1,
                                          pos=arrow.pos))  # fmt: skip
            return


TICKERS: dict[str, Callable[[Context, Entity], None]] = {"arrow": tick_arrow}
