"""Damage, knockback, death and the player's melee attack (vanilla 1.21.11 rules).

``hurt`` is LivingEntity.hurtServer: 20 invulnerable ticks after a new hit; while more than 10
remain, only a bigger hit counts and only its excess is dealt, without knockback. ``player_attack``
is Player.attack: damage × (0.2 + progress² × 0.8), ×1.5 critical (falling, not sprinting,
progress > 0.9), knockback 0.4 from the hit plus 0.5 × (sprint bonus) along the attacker's
facing. Sweeping is not simulated. Mob hits on players come back as ``player_damage`` events;
the caller applies them through the player's armour (``armor_damage``) and knockback
(``knockback_velocity``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from odyssey.sim.entities.items import spawn_item
from odyssey.sim.entities.kinds import COOKED, kind, loot_of
from odyssey.sim.entities.state import Dice, Entity, EntityEvent, EntityStore

INVULNERABLE_TICKS = 20
PLAYER_HURT_MEMORY = 100  # lastHurtByPlayerTime: player-only loot and anger
PANIC_TICKS = 100
MOB_SOURCES = ("mob_attack", "explosion")  # damage whose source entity is a mob


def armor_damage(damage: float, armor: float, toughness: float = 0.0) -> float:
    """CombatRules.getDamageAfterAbsorb: damage × (1 − clamp(armor − 4·damage/(toughness + 8),
    armor / 5, 20) / 25)."""
    effective = min(20.0, max(armor / 5.0, armor - 4.0 * damage / (toughness + 8.0)))
    return damage * (1.0 - effective / 25.0)


def difficulty_scaled(damage: float, difficulty: int) -> float:
    """Player.hurt's scaling of mob damage: peaceful 0, easy min(d/2 + 1, d), normal d,
    hard 1.5 d."""
    if difficulty == 0:
        return 0.0
    if difficulty == 1:
        return min(damage / 2.0 + 1.0, damage)
    return damage * 1.5 if difficulty == 3 else damage


def attack_cooldown_ticks(attack_speed: float) -> float:
    """Player.getCurrentItemAttackStrengthDelay: 20 / attack_speed ticks for a full swing."""
    return 20.0 / attack_speed


def cooldown_progress(ticks_since_swing: float, attack_speed: float) -> float:
    """Player.getAttackStrengthScale(0.5): (ticks + 0.5) / delay, clamped to 0..1."""
    return min(1.0, max(0.0, (ticks_since_swing + 0.5) / attack_cooldown_ticks(attack_speed)))


def knockback_velocity(
    vel: tuple[float, float, float], on_ground: bool, strength: float, x: float, z: float,
    resistance: float = 0.0,
) -> tuple[float, float, float]:  # fmt: skip
    """LivingEntity.knockback(strength, x, z): halve the velocity, push away from (x, z)."""
    strength *= 1.0 - resistance
    if strength <= 0.0:
        return vel
    length = math.hypot(x, z)
    if length < 1.0e-5:
        return vel
    kx, kz = x / length * strength, z / length * strength
    vy = min(0.4, vel[1] / 2.0 + strength) if on_ground else vel[1]
    return (vel[0] / 2.0 - kx, vy, vel[2] / 2.0 - kz)


def apply_knockback(e: Entity, strength: float, x: float, z: float, dice: Dice) -> None:
    """Knock an entity back; a hit from exactly above picks a random direction (vanilla)."""
    while x * x + z * z < 1.0e-5:
        x, z = (dice.random() - dice.random()) * 0.01, (dice.random() - dice.random()) * 0.01
    vel = knockback_velocity(e.velocity, e.on_ground, strength, x, z,
                             kind(e.type).knockback_resistance)  # fmt: skip
    e.vx, e.vy, e.vz = vel


def hurt(
    store: EntityStore, e: Entity, amount: float, source: str, events: list[EntityEvent],
    attacker_pos: tuple[float, float, float] | None = None, player: int = -1,
) -> float:  # fmt: skip
    """LivingEntity.hurtServer: the damage dealt (0 when the hit did not count)."""
    if e.dead or e.health <= 0.0 or not kind(e.type).living:
        return 0.0
    amount = max(0.0, amount)
    new_hit = e.invulnerable_time <= INVULNERABLE_TICKS // 2
    if new_hit:
        e.last_hurt = amount
        e.invulnerable_time = INVULNERABLE_TICKS
        e.hurt_time = 10
        dealt = amount
    else:
        if amount <= e.last_hurt:
            return 0.0
        dealt = amount - e.last_hurt
        e.last_hurt = amount
    e.health = max(0.0, e.health - dealt)
    if player >= 0:
        e.hurt_by_player, e.hurt_by_player_ticks = player, PLAYER_HURT_MEMORY
    react_to_hurt(e, player)
    if e.type == "enderman" and player < 0 and source not in MOB_SOURCES:
        e.dodge = store.dice.integers(10) != 0  # Enderman.hurt: teleport after most non-mob hits
    events.append(EntityEvent("entity_hurt", e.id, player, dealt, source, e.pos))
    if new_hit and attacker_pos is not None:
        apply_knockback(e, 0.4, attacker_pos[0] - e.x, attacker_pos[2] - e.z, store.dice)
    if e.health <= 0.0:
        die(store, e, source, events)
    return dealt


def react_to_hurt(e: Entity, player: int) -> None:
    """Animals panic; monsters hit by a player target it (HurtByTargetGoal)."""
    k = kind(e.type)
    if not k.hostile:
        e.panic_ticks = PANIC_TICKS
        e.nav = None
    elif player >= 0:
        e.target = player
        if e.type == "enderman":
            e.angry = True


def die(store: EntityStore, e: Entity, source: str, events: list[EntityEvent]) -> None:
    """LivingEntity.die: drop loot (player-only entries need a player hit within 100 ticks)."""
    e.dead = True
    events.append(EntityEvent("entity_death", e.id, e.hurt_by_player, 0.0, source, e.pos))
    by_player = e.hurt_by_player >= 0 and e.hurt_by_player_ticks > 0
    for drop in death_loot(e, by_player, store.dice):
        item = spawn_item(store, drop[0], drop[1], (e.x, e.y, e.z))
        events.append(EntityEvent("item_spawned", item.id, item=drop[0], count=drop[1],
                                  pos=item.pos))  # fmt: skip
    store.remove(e.id)


def death_loot(e: Entity, by_player: bool, dice: Dice) -> list[tuple[str, int]]:
    """Rolled (item, count) drops of a dead entity (no Looting: players have no enchantments
    here). Entries of one nonzero group are alternatives: the first that rolls drops."""
    out: list[tuple[str, int]] = []
    if e.baby:
        return out
    if e.type == "sheep" and not e.sheared:
        out.append((f"{e.color}_wool", 1))
    done_groups: set[int] = set()
    for roll in loot_of(e.type):
        if (roll.player_only and not by_player) or roll.group in done_groups:
            continue
        if roll.chance < 1.0 and dice.random() >= roll.chance:
            continue
        if roll.group:
            done_groups.add(roll.group)
        count = roll.min_count + dice.integers(roll.max_count - roll.min_count + 1)
        item = COOKED.get(roll.item, roll.item) if roll.cooks and e.fire_ticks > 0 else roll.item
        if count > 0:
            out.append((item, count))
    return out


@dataclass(frozen=True)
class AttackResult:
    """What a player's swing did; ``attacker_velocity_scale`` multiplies the attacker's
    horizontal velocity (0.6 after a knockback-bonus hit) and ends its sprint when < 1."""

    hit: bool
    damage: float = 0.0
    critical: bool = False
    knockback: float = 0.0
    killed: bool = False
    attacker_velocity_scale: float = 1.0
    events: tuple[EntityEvent, ...] = ()


def player_attack(
    store: EntityStore, target_id: int, damage_base: float, cooldown_progress: float,
    falling_crit: bool, sprinting: bool, attacker_pos: tuple[float, float, float],
    attacker_yaw: float, player: int = 0,
) -> AttackResult:  # fmt: skip
    """Player.attack on an entity: cooldown scaling, criticals, sprint knockback."""
    e = store.entities.get(target_id)
    if e is None or e.dead or not kind(e.type).living:
        return AttackResult(hit=False)
    p = min(1.0, max(0.0, cooldown_progress))
    damage = damage_base * (0.2 + p * p * 0.8)
    strong = p > 0.9
    bonus = 1.0 if sprinting and strong else 0.0
    critical = strong and falling_crit and not sprinting
    if critical:
        damage *= 1.5
    if damage <= 0.0:
        return AttackResult(hit=False)
    events: list[EntityEvent] = []
    dealt = hurt(store, e, damage, "player_attack", events, attacker_pos, player)
    if dealt <= 0.0:
        return AttackResult(hit=False, events=tuple(events))
    scale = 1.0
    if bonus > 0.0 and not e.dead:
        rad = math.radians(attacker_yaw)
        apply_knockback(e, bonus * 0.5, math.sin(rad), -math.cos(rad), store.dice)
        scale = 0.6
    return AttackResult(True, dealt, critical, 0.4 + bonus * 0.5, e.dead, scale, tuple(events))
