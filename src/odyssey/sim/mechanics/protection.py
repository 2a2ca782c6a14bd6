"""Armour enchantments against damage (vanilla 1.21.11 EnchantmentHelper
getDamageProtection, CombatRules.getDamageAfterMagicAbsorb).

Each worn piece adds its protection points for the hit's kind: Protection 1 per level for
every kind but the void and /kill (and starvation), Fire Protection 2 per level against fire
and lava, Blast Protection 2 per level against explosions, Projectile Protection 2 per level
against arrows, tridents and thrown items, Feather Falling 3 per level against falls. The
total is capped at 20 and the damage becomes damage × (1 − min(20, points) / 25), after the
armour and the Resistance effect.

Thorns (``thorns(game, event)``, for a mob's melee hit that landed): each worn piece with
Thorns L strikes back with chance 0.15 × L, dealing 1 + random(4) (L − 10 above level 10) of
``thorns`` damage to the attacker, and wears by 2 more.

``protected(game, damage, source)`` is meant to be called by ``sim.actions.hurt_player`` and
``thorns`` by its hits from mobs (see the report of issue #14).
"""

from __future__ import annotations

ARMOUR_SLOTS = (39, 38, 37, 36)
UNPROTECTED = ("void", "kill", "starve", "out_of_world")
FIRE = ("on_fire", "in_fire", "lava", "hot_floor", "fire")
PROJECTILE = ("arrow", "trident", "thrown")
KINDS = {"fire_protection": FIRE, "blast_protection": ("explosion",),
         "projectile_protection": PROJECTILE, "feather_falling": ("fall",)}  # fmt: skip
PER_LEVEL = {"protection": 1, "fire_protection": 2, "blast_protection": 2,
             "projectile_protection": 2, "feather_falling": 3}  # fmt: skip


def protection_points(enchantments: dict[str, int], source: str) -> int:
    """The protection one piece gives against a hit of ``source``."""
    if source in UNPROTECTED:
        return 0
    points = 0
    for name, level in enchantments.items():
        if name not in PER_LEVEL:
            continue
        if name == "protection" or source in KINDS[name]:
            points += PER_LEVEL[name] * int(level)
    return points


def worn_points(game, source: str) -> int:
    inv = game.survival.inventory
    total = 0
    for slot in ARMOUR_SLOTS:
        stack = inv.get(slot)
        if stack is not None:
            total += protection_points(stack.enchantments, source)
    return total


def after_protection(damage: float, points: int) -> float:
    """CombatRules.getDamageAfterMagicAbsorb."""
    return damage * (1.0 - min(20.0, max(0.0, float(points))) / 25.0)


def protected(game, damage: float, source: str) -> float:
    """The damage left after the worn pieces' protection enchantments."""
    points = worn_points(game, source)
    return after_protection(damage, points) if points > 0 else damage


def thorns(game, event) -> float:
    """The damage the worn Thorns pieces dealt back to the mob of a ``player_damage`` event
    (melee hits only)."""
    from odyssey.sim.entities.combat import hurt
    from odyssey.sim.mechanics import ranged

    s = game.survival
    store = s.entities
    if event.source not in ("mob_attack", "") or store is None:
        return 0.0
    mob = store.entities.get(event.entity)
    if mob is None or mob.dead:
        return 0.0
    total, events = 0.0, []
    for slot in ARMOUR_SLOTS:
        stack = s.inventory.get(slot)
        level = int(stack.enchantments.get("thorns", 0)) if stack is not None else 0
        if level <= 0 or s.rng.random() >= 0.15 * level:
            continue
        damage = float(level - 10 if level > 10 else 1 + int(s.rng.integers(4)))
        x, y, z = game.player.pos
        total += hurt(store, mob, damage, "thorns", events, (x, y, z), 0)
        ranged.wear(game, slot, 2)
    if total > 0.0:
        from odyssey.sim.mechanics import hooks

        hooks.sound(game, "enchant.thorns.hit")
    return total
