"""Shields (vanilla 1.21.11's ``blocks_attacks`` component of the shield): hold use with a
shield in either hand to raise it; it blocks after 5 ticks (block_delay_seconds 0.25).

A raised shield blocks all the damage of a hit whose source lies within 90° of the player's
horizontal look (the source's position: the attacking mob, the arrow), plays
``item.shield.block``, wears by 1 + floor(damage) when the damage is at least 3, and a mob
that hit it in melee is knocked back 0.5 (LivingEntity.blockedByItem). An axe's hit disables
it for 100 ticks with ``item.shield.break`` (``disable_shield``; mobs here carry no axes).
Falls, fire, drowning, starvation, magic and the void are never blocked.

``player_damage(game, event)`` is where the survival tick's hits on the player should go
first (True: the shield took it); see the report of issue #14 for the call in sim/actions.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.combat import apply_knockback
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks, ranged
from odyssey.sim.reach import look_vector

BLOCK_DELAY = 5
DISABLE_TICKS = 100
BLOCKABLE = ("mob_attack", "arrow", "trident", "thrown", "explosion", "player_attack")


def _start(game, held: ItemStack, slot: int | None) -> bool:
    if ranged.using(game, "shield"):
        return True
    if ranged.state_of(game).shield_cooldown > 0:
        return False
    ranged.start(game, held, slot)
    return True


@hooks.on_use_item("shield")
def use_shield(game, hit, held: ItemStack) -> bool:
    return _start(game, held, None)


def blocking(game) -> bool:
    """LivingEntity.isBlocking: a shield in use for at least 5 ticks."""
    u = ranged.state_of(game)
    return u.item == "shield" and u.ticks >= BLOCK_DELAY and u.shield_cooldown == 0


def faces(game, source: tuple[float, float, float]) -> bool:
    """The source lies within 90° of the horizontal look."""
    x, _, z = game.player.pos
    dx, dz = source[0] - x, source[2] - z
    look = look_vector(game.player.yaw, 0.0)
    length = math.hypot(dx, dz)
    if length < 1.0e-7:
        return False
    return (dx * look[0] + dz * look[2]) / length > 0.0


def try_block(
    game, amount: float, source: str, source_pos: tuple[float, float, float] | None,
    attacker: int = -1,
) -> bool:  # fmt: skip
    """Whether a raised shield took the hit (then: wear, sound, the attacker pushed)."""
    if amount <= 0.0 or source not in BLOCKABLE or source_pos is None or not blocking(game):
        return False
    if not faces(game, source_pos):
        return False
    u = ranged.state_of(game)
    if amount >= 3.0:
        ranged.wear(game, u.slot, 1 + math.floor(amount))
        if game.survival.inventory.get(u.slot) is None:
            ranged.stop(game)
    game.survival.stats.add("custom", "damage_blocked_by_shield", round(amount * 10))
    hooks.sound(game, "item.shield.block")
    store = game.survival.entities
    mob = store.entities.get(attacker) if store is not None and attacker >= 0 else None
    if mob is not None and source == "mob_attack" and not mob.dead:
        x, _, z = game.player.pos
        apply_knockback(mob, 0.5, x - mob.x, z - mob.z, store.dice)
    return True


def player_damage(game, event) -> bool:
    """A ``player_damage`` entity event met by the shield: True when it was blocked (the
    caller then neither hurts nor knocks back the player)."""
    return try_block(game, event.amount, event.source or "mob_attack", event.pos, event.entity)


def disable_shield(game, ticks: int = DISABLE_TICKS) -> bool:
    """An axe's hit on a raised shield (Player.disableShield): it drops and stays unusable
    for ``ticks``; False when no shield was raised."""
    if not blocking(game):
        return False
    ranged.state_of(game).shield_cooldown = ticks
    ranged.stop(game)
    hooks.sound(game, "item.shield.break")
    return True


ranged.OFFHAND_START["shield"] = lambda game, held, slot: _start(game, held, slot)
