"""What running a command needs from the game: the ``CommandContext`` protocol.

The game implements it; ``run_command`` (``run.py``) parses, translates, resolves selectors and
coordinates, and calls these operations with resolved, absolute values. Every operation that
affects targets takes one entity at a time and says whether it took effect, so ``run_command``
can count successes as vanilla's result count does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from odyssey.sim.commands.args import BlockArg, ItemArg
from odyssey.sim.commands.selectors import Targetable

BlockPos = tuple[int, int, int]
Vec3 = tuple[float, float, float]


class CommandContext(Protocol):
    """The game as commands see it."""

    def executor(self) -> Targetable | None:
        """The entity running the command (the player for MCU set-ups), None for the server."""
        ...

    def spawn_position(self) -> Vec3:
        """Where a command with no executor runs from (the world spawn)."""
        ...

    def entities(self) -> Sequence[Targetable]:
        """Every loaded entity, players included, in a stable order (vanilla's 'arbitrary')."""
        ...

    def rng(self) -> np.random.Generator:
        """The seeded generator for ``@r`` and ``sort=random``."""
        ...

    def give_item(self, target: Targetable, item: ItemArg, count: int) -> bool: ...
    def clear_items(
        self, target: Targetable, item: str | None, components: tuple, max_count: int | None
    ) -> int:
        """Remove matching items (``item`` None: all; ``max_count`` 0 only counts); how many."""
        ...

    def replace_slot(
        self, owner: Targetable | BlockPos, slot: str, item: ItemArg | None, count: int
    ) -> bool:
        """Put ``count`` of ``item`` (None: empty) in a slot of an entity or container block."""
        ...

    def read_slot(self, owner: Targetable | BlockPos, slot: str) -> tuple[ItemArg, int] | None:
        """The stack in a slot (for ``item replace ... from``), None when empty."""
        ...

    def summon(self, entity: str, pos: Vec3, nbt: dict | None) -> Targetable | None:
        """A new entity; None when it could not be summoned."""
        ...

    def set_block(self, pos: BlockPos, block: BlockArg, mode: str) -> bool: ...
    def fill(
        self, low: BlockPos, high: BlockPos, block: BlockArg, mode: str,
        filter: BlockArg | None, filter_mode: str | None,
    ) -> int:  # fmt: skip
        """Fill the box (corners inclusive, low <= high); how many blocks changed."""
        ...

    def block_matches(self, pos: BlockPos, block: BlockArg) -> bool: ...
    def teleport(self, target: Targetable, pos: Vec3, rotation: tuple[float, float] | None) -> bool:
        """Move an entity; ``rotation`` (yaw, pitch) None keeps its own."""
        ...

    def kill(self, target: Targetable) -> bool: ...
    def add_effect(
        self, target: Targetable, effect: str, seconds: int | None, amplifier: int, hide: bool
    ) -> bool: ...
    def clear_effects(self, target: Targetable, effect: str | None) -> bool: ...
    def set_time(self, ticks: int, add: bool) -> int:
        """Set or add to the day time; the new day time."""
        ...

    def query_time(self, what: str) -> int: ...
    def set_weather(self, kind: str, duration_ticks: int | None) -> None: ...
    def set_gamemode(self, target: Targetable, mode: str) -> bool: ...
    def experience(self, target: Targetable, action: str, amount: int, unit: str) -> int:
        """/xp on a player: add or set points or levels, or query them; the value now."""
        ...

    def set_difficulty(self, level: str | None) -> str:
        """Set (or with None, read) the difficulty; the difficulty now."""
        ...

    def set_spawnpoint(
        self, target: Targetable | None, pos: BlockPos, yaw: float, pitch: float
    ) -> bool:
        """A player's spawn point, or the world spawn when ``target`` is None."""
        ...

    def set_gamerule(self, name: str, value: bool | int | None) -> bool | int:
        """Set (or with None, read) a game rule; its value now."""
        ...
