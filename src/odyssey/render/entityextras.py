"""What the renderer draws like entities but the entity store does not hold, read off a game.

Primed TNT (``mechanics["tnt"].primed``), thrown splash and lingering potions and lingering
clouds (``mechanics["splash"]``) and the leads between leashed mobs and their holders
(``mechanics["creatures"]``) become ``Shown`` records with an entity's fields (type, position,
velocity), so the entity mesher draws them with the rest. ``looks`` gives the per-entity facts a
model needs that live in the mechanics' state: a villager's profession, a horse's saddle.

Potion colours follow vanilla's PotionContents.getColor: the effects' colours averaged with
weights amplifier + 1, a ``custom_color`` winning, water's blue for none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from odyssey.render.mobmodels import entity_size
from odyssey.sim.mechanics.potion_table import PotionError, contents, effects_of

RGB = tuple[int, int, int]
WATER = 0x385DC6  # PotionContents.BASE_POTION_COLOR
EFFECT_COLORS = {
    "speed": 0x33EBFF, "slowness": 0x8BAFE0, "haste": 0xD9C043, "mining_fatigue": 0x4A4217,
    "strength": 0xFFC700, "instant_health": 0xF82423, "instant_damage": 0xA9656A,
    "jump_boost": 0xFDFF84, "nausea": 0x551D4A, "regeneration": 0xCD5CAB,
    "resistance": 0x9146F0, "fire_resistance": 0xFF9900, "water_breathing": 0x98DAC0,
    "invisibility": 0xF6F6F6, "blindness": 0x1F1F23, "night_vision": 0xC2FF66,
    "hunger": 0x587653, "weakness": 0x484D48, "poison": 0x87A363, "wither": 0x736156,
    "absorption": 0x2552A5, "saturation": 0xF82423, "glowing": 0x94A061,
    "levitation": 0xCEFFFF, "luck": 0x59C106, "slow_falling": 0xF3CFB9,
    "wind_charged": 0xBDC9FF, "weaving": 0x78695A, "oozing": 0x99FFA3, "infested": 0x8C9B8C,
}  # fmt: skip
LEAD_HAND = (0.35, -0.5, 0.4)  # blocks right, up, forward of the eye: where a held lead starts
LEAD_ON_MOB = 0.7  # of the mob's height: where the lead meets a mob's neck


@dataclass(frozen=True)
class Shown:
    """A drawn thing outside the entity store: ``tnt`` (primed, ``fuse`` ticks left),
    ``splash_potion`` / ``lingering_potion`` (thrown, ``color``), ``area_effect_cloud``
    (``radius``, ``color``) or ``lead`` (from the position to ``end``)."""

    type: str
    x: float
    y: float
    z: float
    id: int = 0
    vx: float = 0.0
    vy: float = 0.0
    vz: float = 0.0
    yaw: float = 0.0
    pitch: float = 0.0
    age: int = 0
    fuse: int = 0
    radius: float = 0.0
    color: RGB = (255, 255, 255)
    end: tuple[float, float, float] | None = None


def _rgb(value: int) -> RGB:
    return ((value >> 16) & 255, (value >> 8) & 255, value & 255)


def potion_color(stack: Any) -> RGB:
    """The colour of a potion stack's contents (vanilla's mix of its effects' colours)."""
    custom = contents(stack).get("custom_color")
    if isinstance(custom, int):
        return _rgb(custom & 0xFFFFFF)
    try:
        effects = effects_of(stack)
    except PotionError:
        return _rgb(WATER)
    total, acc = 0, [0.0, 0.0, 0.0]
    for name, _, amplifier in effects:
        color = EFFECT_COLORS.get(name)
        if color is None:
            continue
        weight = amplifier + 1
        for i, c in enumerate(_rgb(color)):
            acc[i] += weight * c
        total += weight
    if total == 0:
        return _rgb(WATER)
    return tuple(int(a / total) for a in acc)  # type: ignore[return-value]


def extras(game: Any) -> tuple[Shown, ...]:
    """Primed TNT, thrown potions, lingering clouds and leads of a survival game."""
    m = getattr(game.survival, "mechanics", {})
    out: list[Shown] = []
    tnt = m.get("tnt")
    for t in getattr(tnt, "primed", ()):
        out.append(Shown("tnt", t.x, t.y, t.z, t.id, t.vx, t.vy, t.vz, fuse=t.fuse))
    splash = m.get("splash")
    for i, t in enumerate(getattr(splash, "thrown", ())):
        kind = "lingering_potion" if t.stack.item == "lingering_potion" else "splash_potion"
        out.append(Shown(kind, t.x, t.y, t.z, i, t.vx, t.vy, t.vz, age=t.age,
                         color=potion_color(t.stack)))  # fmt: skip
    for i, c in enumerate(getattr(splash, "clouds", ())):
        out.append(Shown("area_effect_cloud", c.x, c.y, c.z, i, age=c.age, radius=c.radius,
                         color=potion_color(c.stack)))  # fmt: skip
    return (*out, *leads(game))


def leads(game: Any) -> list[Shown]:
    """A lead from each leashed mob to its fence knot or to the player's hand."""
    creatures = getattr(game.survival, "mechanics", {}).get("creatures")
    store = game.survival.entities
    if creatures is None or store is None:
        return []
    ents = store.entities
    out = []
    for mob_id, a in sorted(creatures.animals.items()):
        e = ents.get(mob_id)
        if e is None or e.dead or a.leash is None:
            continue
        if a.leash == "player":
            end = hand_position(game.player)
        else:
            x, y, z = a.leash
            end = (x + 0.5, y + 0.5, z + 0.5)
        height = entity_size(e.type)[1] * (0.5 if e.baby else 1.0)
        out.append(Shown("lead", e.x, e.y + height * LEAD_ON_MOB, e.z, mob_id, end=end))
    return out


def hand_position(player: Any) -> tuple[float, float, float]:
    """Where the player's right hand holds a lead, for a lead's far end."""
    yaw = math.radians(player.yaw)
    right, up, fwd = LEAD_HAND
    x, y, z = player.pos
    return (x - math.sin(yaw) * fwd - math.cos(yaw) * right,
            y + player.eye_height + up,
            z + math.cos(yaw) * fwd - math.sin(yaw) * right)  # fmt: skip


def looks(game: Any) -> dict[int, str]:
    """Per-entity looks kept in the mechanics: villager professions, saddled horses."""
    m = getattr(game.survival, "mechanics", {})
    out: dict[int, str] = {}
    villagers = m.get("villagers")
    for vid, info in getattr(villagers, "villagers", {}).items():
        out[vid] = info.profession
    creatures = m.get("creatures")
    for aid, a in getattr(creatures, "animals", {}).items():
        if a.saddled:
            out[aid] = "saddled"
    return out
