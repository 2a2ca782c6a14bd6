"""Nether mobs: blazes and piglins.

- Blaze (BlazeAttackGoal): targets a player within 48 blocks it can see; beyond melee reach it
  fires a burst of 3 small fireballs (one every 6 ticks after a 60-tick charge, then 100 ticks of
  rest); a fireball hits for 5 and sets the player on fire for 5 s. It falls slowly (vy × 0.6
  when falling) — done here by damping its fall.
- Piglin: hostile to players not wearing any golden armour (PiglinAi.isWearingSafeArmor: the
  mechanics tag piglins ``calm`` while the player wears some; ``angry`` after a hit);
  a piglin given a gold ingot admires it for 120 ticks, then drops a barter item (see
  mechanics/piglin_barter.py).

Deliberate differences: fireballs hit at once when the blaze sees the player (no projectile
entity, no dodge); piglins do not hunt hoglins, guard gold blocks or cross-bow.
"""

from __future__ import annotations

from odyssey.sim.entities.ai import Context, look_at, stroll
from odyssey.sim.entities.combat import difficulty_scaled
from odyssey.sim.entities.hostile import dist_sq, eye, find_target, keep_or_drop_target, melee, sees
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.state import Entity, EntityEvent

FIREBALL_DAMAGE, FIRE_SECONDS = 5.0, 5.0


def blaze(ctx: Context, e: Entity, k: Kind) -> bool:
    if e.vy < 0.0 and not e.on_ground:
        e.vy *= 0.6  # Blaze.aiStep: slow fall
    keep_or_drop_target(ctx, e, k)
    if e.target < 0 and ctx.dice.integers(10) == 0:
        e.target = find_target(ctx, e, k)
    if e.target < 0:
        stroll(ctx, e, k)
        return True
    p = ctx.players[e.target]
    if dist_sq(e, p) < 4.0:
        melee(ctx, e, k, p)
        return True
    look_at(e, *eye(p), k.eye)
    e.forward = e.strafe = 0.0
    e.attack_cooldown -= 1
    if e.attack_cooldown > 0:
        return True
    shots = e.components.get("shots", 0) + 1
    if shots == 1:
        e.attack_cooldown = 60  # charging
    elif shots <= 4:
        e.attack_cooldown = 6
        if sees(ctx, e, k, p):
            ctx.events.append(EntityEvent("player_damage", e.id, e.target,
                                          difficulty_scaled(FIREBALL_DAMAGE, ctx.difficulty),
                                          "fireball", e.pos))  # fmt: skip
            ctx.events.append(EntityEvent("player_ignited", e.id, e.target, FIRE_SECONDS,
                                          "fireball"))  # fmt: skip
    else:
        e.attack_cooldown, shots = 100, 0
    e.components["shots"] = shots
    return True


def piglin(ctx: Context, e: Entity, k: Kind) -> bool:
    admiring = e.components.get("admire", 0)
    if admiring > 0:
        e.components["admire"] = admiring - 1
        e.forward = e.strafe = 0.0
        return True
    calm = "calm" in e.tags and "angry" not in e.tags  # the player wears gold (mechanics tag)
    if calm:
        e.target = -1
    elif e.target < 0 and ctx.dice.integers(10) == 0:
        e.target = find_target(ctx, e, k)
    if e.target < 0:
        stroll(ctx, e, k)
        return True
    keep_or_drop_target(ctx, e, k)
    if e.target >= 0:
        melee(ctx, e, k, ctx.players[e.target])
    return True
