"""TEST SCAFFOLDING ONLY: an in-memory CommandContext (a world of dicts) to test dispatch.

It implements the protocol just enough to observe what ``run_command`` asks of a game; it has
no game rules of its own. The real game implements ``CommandContext`` in the simulation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from odyssey.sim.commands.args import BlockArg, ItemArg


@dataclass
class FakeEntity:
    """An entity record with the attributes selectors read (the Targetable protocol)."""

    id: str
    type: str
    position: tuple[float, float, float]
    name: str = ""
    tags: frozenset[str] = frozenset()
    is_player: bool = False
    alive: bool = True
    gamemode: str | None = None
    level: int = 0
    team: str | None = None
    rotation: tuple[float, float] = (0.0, 0.0)


def player(name: str, pos: tuple[float, float, float], **kw) -> FakeEntity:
    kw.setdefault("gamemode", "survival")
    return FakeEntity(f"uuid-{name}", "minecraft:player", pos, name, is_player=True, **kw)


def mob(kind: str, pos: tuple[float, float, float], n: int = 0, **kw) -> FakeEntity:
    return FakeEntity(f"{kind}-{n}", f"minecraft:{kind}", pos, **kw)


@dataclass
class FakeCommandWorld:
    """Dicts for blocks, inventories, effects and world state; records every call."""

    entities_list: list[FakeEntity] = field(default_factory=list)
    me: FakeEntity | None = None
    seed: int = 7
    blocks: dict[tuple[int, int, int], str] = field(default_factory=dict)
    inventory: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    slots: dict[tuple[object, str], tuple[str, int]] = field(default_factory=dict)
    effects: dict[str, dict[str, tuple]] = field(default_factory=dict)
    time: int = 0
    weather: tuple[str, int | None] = ("clear", None)
    difficulty: str = "normal"
    rules: dict[str, bool | int] = field(default_factory=dict)
    spawns: dict[str | None, tuple] = field(default_factory=dict)
    summoned: list[tuple[str, tuple[float, float, float], dict | None]] = field(
        default_factory=list
    )
    _rng: np.random.Generator | None = None

    def executor(self):
        return self.me

    def spawn_position(self):
        return (0.0, 64.0, 0.0)

    def entities(self):
        return self.entities_list

    def rng(self):
        if self._rng is None:
            self._rng = np.random.default_rng(self.seed)
        return self._rng

    def give_item(self, target, item: ItemArg, count: int) -> bool:
        self.inventory.setdefault(target.id, []).append((str(item), count))
        return True

    def clear_items(self, target, item, components, max_count) -> int:
        stacks = self.inventory.get(target.id, [])
        kept = [s for s in stacks if item is not None and not s[0].startswith(item)]
        removed = sum(c for s, c in stacks) - sum(c for s, c in kept)
        self.inventory[target.id] = kept
        return removed

    def replace_slot(self, owner, slot, item, count) -> bool:
        key = owner.id if hasattr(owner, "id") else owner
        self.slots[(key, slot)] = (str(item), count)
        return True

    def read_slot(self, owner, slot):
        key = owner.id if hasattr(owner, "id") else owner
        return self.slots.get((key, slot))

    def summon(self, entity, pos, nbt):
        self.summoned.append((entity, pos, nbt))
        new = FakeEntity(f"summoned-{len(self.summoned)}", entity, pos)
        self.entities_list.append(new)
        return new

    def set_block(self, pos, block: BlockArg, mode) -> bool:
        if mode == "keep" and pos in self.blocks:
            return False
        self.blocks[pos] = block.name
        return True

    def fill(self, low, high, block, mode, filter, filter_mode) -> int:
        n = 0
        for x in range(low[0], high[0] + 1):
            for y in range(low[1], high[1] + 1):
                for z in range(low[2], high[2] + 1):
                    n += self.set_block((x, y, z), block, mode)
        return n

    def block_matches(self, pos, block) -> bool:
        return self.blocks.get(pos, "minecraft:air") == block.name

    def teleport(self, target, pos, rotation) -> bool:
        target.position = pos
        if rotation is not None:
            target.rotation = rotation
        return True

    def kill(self, target) -> bool:
        target.alive = False
        return True

    def add_effect(self, target, effect, seconds, amplifier, hide) -> bool:
        self.effects.setdefault(target.id, {})[effect] = (seconds, amplifier, hide)
        return True

    def clear_effects(self, target, effect) -> bool:
        return bool(self.effects.pop(target.id, None))

    def set_time(self, ticks, add) -> int:
        self.time = (self.time + ticks) if add else ticks
        return self.time

    def query_time(self, what) -> int:
        return self.time % 24000 if what == "daytime" else self.time

    def set_weather(self, kind, duration_ticks) -> None:
        self.weather = (kind, duration_ticks)

    def set_gamemode(self, target, mode) -> bool:
        target.gamemode = mode
        return True

    def set_difficulty(self, level):
        if level is not None:
            self.difficulty = level
        return self.difficulty

    def set_spawnpoint(self, target, pos, yaw, pitch) -> bool:
        self.spawns[None if target is None else target.id] = (pos, yaw, pitch)
        return True

    def set_gamerule(self, name, value):
        if value is not None:
            self.rules[name] = value
        return self.rules.get(name, False)
