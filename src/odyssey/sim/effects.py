"""Status effects on the survival player (``Survival.effects``: name -> (ticks left, amplifier);
-1 ticks lasts for ever), as vanilla's MobEffect ticks them.

Simulated: speed and slowness (movement speed ×(1 + 0.2 per speed level − 0.15 per slowness
level)), jump boost (+0.1 jump strength per level), haste and mining fatigue (break speed, in
``mining``), regeneration, poison and wither (a point of health every 50, 25 and 40 ticks,
halved per amplifier), resistance (−20 % damage per level), instant health and damage, and
hunger (0.005 exhaustion a tick per level). Night vision and blindness are kept for the view;
the others are kept and shown but change nothing yet.
"""

from __future__ import annotations

from dataclasses import replace

from odyssey.sim.player import PlayerAttributes

BASE = PlayerAttributes()


def level(effects: dict[str, tuple[int, int]], name: str) -> int:
    """The effect's level (amplifier + 1), 0 when the player does not have it."""
    found = effects.get(name)
    return 0 if found is None else found[1] + 1


def attributes(effects: dict[str, tuple[int, int]], current: PlayerAttributes) -> PlayerAttributes:
    """The player's movement attributes under the effects (scale and others kept)."""
    speed = BASE.movement_speed * max(
        0.0, 1.0 + 0.2 * level(effects, "speed") - 0.15 * level(effects, "slowness")
    )
    jump = BASE.jump_strength + 0.1 * level(effects, "jump_boost")
    return replace(current, movement_speed=speed, jump_strength=jump)


def periodic(name: str, amplifier: int, ticks_left: int) -> bool:
    """MobEffect.shouldApplyEffectTickThisTick for regeneration, poison and wither."""
    interval = {"regeneration": 50, "poison": 25, "wither": 40}[name] >> amplifier
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
