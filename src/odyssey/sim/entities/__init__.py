"""Entities, mobs and combat (vanilla 1.21.11 survival rules) in the ``sim`` layer.

The store holds every entity; ``tick`` advances them one tick against the world and the
players the caller describes (``PlayerView``) and returns ``EntityEvent``s (damage to players
comes back as events: the caller applies armour with ``armor_damage`` and knockback with
``knockback_velocity``). ``player_attack`` is the player's melee swing.
"""

from odyssey.sim.entities.ai import shear
from odyssey.sim.entities.combat import (
    AttackResult,
    armor_damage,
    attack_cooldown_ticks,
    cooldown_progress,
    difficulty_scaled,
    hurt,
    knockback_velocity,
    player_attack,
)
from odyssey.sim.entities.daylight import is_day, sky_darken
from odyssey.sim.entities.items import drop_from_block, drop_from_player, spawn_item
from odyssey.sim.entities.kinds import KINDS, kind, weapon_stats
from odyssey.sim.entities.state import (
    Dice,
    Entity,
    EntityError,
    EntityEvent,
    EntityStore,
    PlayerView,
    difficulty_id,
)
from odyssey.sim.entities.tick import tick

__all__ = [
    "KINDS",
    "AttackResult",
    "Dice",
    "Entity",
    "EntityError",
    "EntityEvent",
    "EntityStore",
    "PlayerView",
    "armor_damage",
    "attack_cooldown_ticks",
    "cooldown_progress",
    "difficulty_id",
    "difficulty_scaled",
    "drop_from_block",
    "drop_from_player",
    "hurt",
    "is_day",
    "kind",
    "knockback_velocity",
    "player_attack",
    "shear",
    "sky_darken",
    "spawn_item",
    "tick",
    "weapon_stats",
]
