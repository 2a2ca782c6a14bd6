"""Vanilla 1.21.11's potions (Potions.java) and reading the ``potion_contents`` component.

A potion id names a list of effects (effect, duration in ticks, amplifier); ``long_`` variants
last longer, ``strong_`` ones are a level higher and shorter. The component is read from
``potion_contents`` or ``minecraft:potion_contents`` (``/give`` keeps the namespace), with its
``potion`` id and any ``custom_effects`` ({id, duration, amplifier}). Lingering potions scale
durations by 0.25 (their ``potion_duration_scale``).

Not a hook module: ``sim.mechanics.load`` imports it, but it registers nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from odyssey.sim.inventory import ItemStack
from odyssey.sim.player import SimError

Effect = tuple[str, int, int]  # effect name, duration ticks, amplifier

POTION_ITEMS = ("potion", "splash_potion", "lingering_potion")
INSTANT = frozenset({"instant_health", "instant_damage", "saturation"})
LINGERING_SCALE = 0.25  # lingering_potion's potion_duration_scale

POTIONS: dict[str, tuple[Effect, ...]] = {
    "water": (), "mundane": (), "thick": (), "awkward": (),
    "night_vision": (("night_vision", 3600, 0),),
    "long_night_vision": (("night_vision", 9600, 0),),
    "invisibility": (("invisibility", 3600, 0),),
    "long_invisibility": (("invisibility", 9600, 0),),
    "leaping": (("jump_boost", 3600, 0),),
    "long_leaping": (("jump_boost", 9600, 0),),
    "strong_leaping": (("jump_boost", 1800, 1),),
    "fire_resistance": (("fire_resistance", 3600, 0),),
    "long_fire_resistance": (("fire_resistance", 9600, 0),),
    "swiftness": (("speed", 3600, 0),),
    "long_swiftness": (("speed", 9600, 0),),
    "strong_swiftness": (("speed", 1800, 1),),
    "slowness": (("slowness", 1800, 0),),
    "long_slowness": (("slowness", 4800, 0),),
    "strong_slowness": (("slowness", 400, 3),),
    "turtle_master": (("slowness", 400, 3), ("resistance", 400, 2)),
    "long_turtle_master": (("slowness", 800, 3), ("resistance", 800, 2)),
    "strong_turtle_master": (("slowness", 400, 5), ("resistance", 400, 3)),
    "water_breathing": (("water_breathing", 3600, 0),),
    "long_water_breathing": (("water_breathing", 9600, 0),),
    "healing": (("instant_health", 1, 0),),
    "strong_healing": (("instant_health", 1, 1),),
    "harming": (("instant_damage", 1, 0),),
    "strong_harming": (("instant_damage", 1, 1),),
    "poison": (("poison", 900, 0),),
    "long_poison": (("poison", 1800, 0),),
    "strong_poison": (("poison", 432, 1),),
    "regeneration": (("regeneration", 900, 0),),
    "long_regeneration": (("regeneration", 1800, 0),),
    "strong_regeneration": (("regeneration", 450, 1),),
    "strength": (("strength", 3600, 0),),
    "long_strength": (("strength", 9600, 0),),
    "strong_strength": (("strength", 1800, 1),),
    "weakness": (("weakness", 1800, 0),),
    "long_weakness": (("weakness", 4800, 0),),
    "luck": (("luck", 6000, 0),),
    "slow_falling": (("slow_falling", 1800, 0),),
    "long_slow_falling": (("slow_falling", 4800, 0),),
    "wind_charged": (("wind_charged", 3600, 0),),
    "weaving": (("weaving", 3600, 0),),
    "oozing": (("oozing", 3600, 0),),
    "infested": (("infested", 3600, 0),),
}  # fmt: skip


class PotionError(SimError):
    """A ``potion_contents`` component that names no vanilla potion or holds a bad effect."""


def _as_dict(value: Any) -> dict:
    """A component value as a dict (stacks store dicts frozen as sorted pairs)."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, tuple | list) and all(
        isinstance(p, tuple | list) and len(p) == 2 and isinstance(p[0], str) for p in value
    ):
        return {k: v for k, v in value}
    return {}


def contents(stack: ItemStack | None) -> dict:
    """The stack's potion_contents component as a dict (empty when it has none)."""
    if stack is None:
        return {}
    for key in ("potion_contents", "minecraft:potion_contents"):
        found = stack.component(key)
        if found is not None:
            if isinstance(found, str):  # the short form: potion_contents="minecraft:swiftness"
                return {"potion": found}
            return _as_dict(found)
    return {}


def potion_id(stack: ItemStack | None) -> str | None:
    """The potion's id without ``minecraft:`` (None: no potion, such as an uncrafted potion
    item with no contents, which vanilla shows as an uncraftable potion)."""
    name = contents(stack).get("potion")
    return None if name is None else str(name).removeprefix("minecraft:")


def effects_of(stack: ItemStack | None) -> list[Effect]:
    """The effects the potion gives: its potion's, then its custom effects (durations scaled
    for a lingering potion)."""
    found = contents(stack)
    out: list[Effect] = []
    name = potion_id(stack)
    if name is not None:
        if name not in POTIONS:
            raise PotionError(f"potion_contents: unknown potion {name!r}: expected one of "
                              f"{', '.join(sorted(POTIONS))}")  # fmt: skip
        out.extend(POTIONS[name])
    for raw in found.get("custom_effects", ()):
        entry = _as_dict(raw)
        if "id" not in entry:
            raise PotionError(f"potion_contents.custom_effects: an entry without id: {entry!r}")
        effect = str(entry["id"]).removeprefix("minecraft:")
        out.append((effect, int(entry.get("duration", 1)), int(entry.get("amplifier", 0))))
    if stack is not None and stack.item == "lingering_potion":
        out = [(e, d if e in INSTANT else max(1, int(d * LINGERING_SCALE)), a) for e, d, a in out]
    return out


def make(item: str, potion: str) -> ItemStack:
    """A potion item (``potion``, ``splash_potion``, ``lingering_potion``) holding ``potion``."""
    name = potion.removeprefix("minecraft:")
    if item not in POTION_ITEMS or name not in POTIONS:
        raise PotionError(f"no potion item {item!r} of {potion!r}")
    return ItemStack.of(item, potion_contents={"potion": f"minecraft:{name}"})


def with_item(stack: ItemStack, item: str) -> ItemStack:
    """The same contents in another potion item (a potion turned splash or lingering)."""
    return ItemStack(item, stack.count, stack.components)


def with_potion(stack: ItemStack, potion: str) -> ItemStack:
    """The same item with another potion id (PotionContents.withPotion: custom effects kept;
    the component's key normalised to ``potion_contents``)."""
    found = contents(stack)
    found["potion"] = f"minecraft:{potion}"
    comps = {k: v for k, v in stack.components if k != "minecraft:potion_contents"}
    comps["potion_contents"] = found
    return ItemStack.of(stack.item, stack.count, **comps)
