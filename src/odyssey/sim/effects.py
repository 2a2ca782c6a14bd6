"""Status effects on the survival player (``Survival.effects``: name -> (ticks left, amplifier);
-1 ticks lasts for ever), as vanilla's MobEffect ticks them.

Simulated: speed and slowness (movement speed ×(1 + 0.2 per speed level − 0.15 per slowness
level)), jump boost (+0.1 jump strength per level), haste and mining fatigue (break speed, in
``mining``), regeneration, poison and wither (a point of health every 50, 25 and 40 ticks,
halved per amplifier), resistance (−20 % damage per level), instant health and damage, and
hunger (0.005 exhaustion a tick per level).

For the other parts of the game to read: strength and weakness (``attack_bonus``: +3 and −4
attack damage per level, vanilla's attribute modifiers), night vision and blindness (``has``,
for the view; blindness also stops sprinting: ``can_sprint``), invisibility (``follow_scale``:
mobs see an invisible player at 0.07 of their follow range), slow falling and levitation
(``vertical``: LivingEntity.travel's gravity), absorption and saturation (applied by
``sim.mechanics.potions``). Fire resistance and water breathing are read by the burning and
breath mechanics. Luck is kept and shown but changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from odyssey.sim.player import PlayerAttributes

BASE = PlayerAttributes()
INTERVALS = {"regeneration": 50, "poison": 25, "wither": 40}  # ticks at amplifier 0


def level(effects: dict[str, tuple[int, int]], name: str) -> int:
    """The effect's level (amplifier + 1), 0 when the player does not have it."""
    found = effects.get(name)
    return 0 if found is None else found[1] + 1


def attributes(effects: dict[str, tuple[int, int]], current: PlayerAttributes) -> PlayerAttributes:
    """The player's movement attributes under the effects (scale and others kept)."""
    speed, jump = _movement(effects)
    return replace(current, movement_speed=speed, jump_strength=jump)


def _movement(effects: dict[str, tuple[int, int]]) -> tuple[float, float]:
    """Movement speed and jump strength under the effects."""
    speed = BASE.movement_speed * max(
        0.0, 1.0 + 0.2 * level(effects, "speed") - 0.15 * level(effects, "slowness")
    )
    return speed, BASE.jump_strength + 0.1 * level(effects, "jump_boost")


PLAIN_SPEED, PLAIN_JUMP = _movement({})


def plain(current: PlayerAttributes) -> bool:
    """``current == attributes({}, current)`` without building the copy: the attributes no
    effect has changed (the other fields of that copy are ``current``'s own)."""
    return current.movement_speed == PLAIN_SPEED and current.jump_strength == PLAIN_JUMP


def has(effects: dict[str, tuple[int, int]], name: str) -> bool:
    """Whether the player has the effect (``minecraft:`` prefix allowed)."""
    return name.removeprefix("minecraft:") in effects


def attack_bonus(effects: dict[str, tuple[int, int]]) -> float:
    """Attack damage added by strength (+3 a level) and weakness (−4 a level): vanilla's
    ADD_VALUE modifiers on attack_damage, before the cooldown scaling; the sum is floored at
    0 by the attribute (the caller clamps base + bonus at 0)."""
    return 3.0 * level(effects, "strength") - 4.0 * level(effects, "weakness")


def can_sprint(effects: dict[str, tuple[int, int]]) -> bool:
    """LocalPlayer.canStartSprinting: not while blind."""
    return "blindness" not in effects


def follow_scale(effects: dict[str, tuple[int, int]], wearing_skull: bool = False) -> float:
    """LivingEntity.getVisibilityPercent for a mob looking for the player: 0.07 when
    invisible (armour worn raises it in vanilla: 0.7 × worn pieces / 4, not counted here)."""
    return 0.07 if "invisibility" in effects else 1.0


def vertical(effects: dict[str, tuple[int, int]], vy: float, gravity: float = 0.08) -> float:
    """LivingEntity.travelInAir's vertical speed before the 0.98 drag: levitation pulls
    towards 0.05 per level upwards, slow falling caps gravity at 0.01 while falling."""
    lev = level(effects, "levitation")
    if lev:
        return vy + (0.05 * lev - vy) * 0.2
    if vy <= 0.0 and "slow_falling" in effects:
        gravity = min(gravity, 0.01)
    return vy - gravity


def periodic(name: str, amplifier: int, ticks_left: int) -> bool:
    """MobEffect.shouldApplyEffectTickThisTick for regeneration, poison and wither."""
    interval = INTERVALS[name] >> amplifier
    return interval <= 0 or ticks_left % interval == 0


def instant(name: str, amplifier: int) -> float:
    """Instant health (heal, > 0) or damage (< 0) on the tick it is given."""
    if name == "instant_health":
        return float(4 << amplifier)
    if name == "instant_damage":
        return -float(6 << amplifier)
    return 0.0


def resisted(damage: float, effects: dict[str, tuple[int, int]]) -> float:
    """Damage after the resistance effect (20 % less per level, none at level 5)."""
    return damage * max(0.0, 1.0 - 0.2 * level(effects, "resistance"))


def step(effects: dict[str, tuple[int, int]]) -> tuple[dict[str, tuple[int, int]], list]:
    """One tick: durations count down, expired effects go; returns the new table and the
    periodic effects due this tick as (name, amplifier)."""
    out, due = {}, []
    for name, (ticks, amplifier) in sorted(effects.items()):
        if name in ("regeneration", "poison", "wither") and periodic(name, amplifier, ticks):
            due.append((name, amplifier))
        if ticks == -1:
            out[name] = (ticks, amplifier)
        elif ticks > 1:
            out[name] = (ticks - 1, amplifier)
    return out, due
