"""Which item, block, entity and effect names exist: the ``NameCheck`` protocol and two checks.

``RegistryNames`` takes blocks (and their properties) from ``odyssey.world.blocks.registry()``.
Items, entity types and effects come from the short built-in lists below, a stand-in until the
item registry (``odyssey.world.items``) and the mob registry provide them: items are every block
that has an item form plus the item-only names listed here. All names are namespaced
(``minecraft:stone``).
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from odyssey.errors import BlockStateError
from odyssey.world.items import items


class NameCheck(Protocol):
    """Validates the resource names command arguments use."""

    def is_item(self, name: str) -> bool: ...
    def is_block(self, name: str) -> bool: ...
    def is_entity(self, name: str) -> bool: ...
    def is_effect(self, name: str) -> bool: ...
    def block_properties(self, name: str) -> dict[str, tuple[str, ...]]: ...


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


EFFECTS = frozenset(
    _words(
        """speed slowness haste mining_fatigue strength instant_health instant_damage jump_boost
    nausea regeneration resistance fire_resistance water_breathing invisibility blindness
    night_vision hunger weakness poison wither health_boost absorption saturation glowing
    levitation luck unluck slow_falling conduit_power dolphins_grace bad_omen hero_of_the_village
    darkness trial_omen raid_omen wind_charged weaving oozing infested breath_of_the_nautilus"""
    )
)


def strip(name: str) -> str:
    """``minecraft:stone`` → ``stone`` (other namespaces are kept, so they never match)."""
    return name[len("minecraft:") :] if name.startswith("minecraft:") else name


@cache
@cache
def _entity_types() -> frozenset[str]:
    return frozenset(items().entity_names)


def _block_table() -> dict[str, dict[str, tuple[str, ...]]]:
    from odyssey.world.blocks import registry

    return {b.name: dict(b.properties) for b in registry().blocks}


class RegistryNames:
    """Blocks from the world's block registry, items and entity types from the item registry
    (both 1.21.11, from minecraft-data), effects from the list above."""

    def is_block(self, name: str) -> bool:
        return strip(name) in _block_table()

    def block_properties(self, name: str) -> dict[str, tuple[str, ...]]:
        try:
            return _block_table()[strip(name)]
        except KeyError:
            raise BlockStateError(f"unknown block {name!r}") from None

    def is_item(self, name: str) -> bool:
        return strip(name) != "air" and items().has(strip(name))

    def is_entity(self, name: str) -> bool:
        return strip(name) in _entity_types()

    def is_effect(self, name: str) -> bool:
        return strip(name) in EFFECTS
