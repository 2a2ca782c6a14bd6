"""Slash commands run on a survival game: ``GameCommands`` is the game as ``CommandContext``
sees it (``sim.commands.context``), and ``run(game, line)`` runs one line.

The player is the executor (as MCU's set-up commands run: ``/give @s …`` from the player). What
is simplified, said here once: block entity NBT (chest contents, ``LootTable``) is not stored;
status effects are kept with their duration and level, and haste and mining fatigue change the
break speed, the others are not simulated; ``/summon`` reads ``NoAI``, ``CustomName``, ``Tags``,
``Age`` (babies), ``Color`` and ``Sheared`` of the entity NBT.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from odyssey.errors import OdysseyError
from odyssey.sim import effects
from odyssey.sim.actions import give, hurt_player, set_health
from odyssey.sim.commands.args import BlockArg, ItemArg
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.run import CommandResult, run_command
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import Entity, EntityStore
from odyssey.sim.inventory import ItemStack, slot_index
from odyssey.sim.loot import removal_changes
from odyssey.sim.player import SimError
from odyssey.sim.survival import Survival, check_mode
from odyssey.world.blocks import AIR
from odyssey.world.items import items

PLAYER_ID = "00000000-0000-0000-0000-000000000001"
COLOURS = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
           "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black")  # fmt: skip


@dataclass
class PlayerTarget:
    """The player as selectors see it."""

    game: object

    @property
    def id(self) -> str:
        return PLAYER_ID

    type = "minecraft:player"
    name = "Player"
    tags: frozenset[str] = frozenset()
    is_player = True
    team = None

    @property
    def level(self) -> int:
        from odyssey.sim.mechanics.experience import level_of

        return level_of(self.game) if self.game.survival is not None else 0

    @property
    def position(self) -> tuple[float, float, float]:
        return tuple(float(v) for v in self.game.player.pos)

    @property
    def alive(self) -> bool:
        return not self.game.player.dead

    @property
    def gamemode(self) -> str:
        return self.game.survival.gamemode

    @property
    def rotation(self) -> tuple[float, float]:
        return (self.game.player.yaw, self.game.player.pitch)

    @property
    def eye_height(self) -> float:
        return self.game.player.eye_height


@dataclass
class EntityTarget:
    """A mob, item or projectile as selectors see it."""

    entity: Entity

    @property
    def id(self) -> str:
        return f"00000000-0000-0000-0001-{self.entity.id:012d}"

    @property
    def type(self) -> str:
        return f"minecraft:{self.entity.type}"

    @property
    def position(self) -> tuple[float, float, float]:
        return (self.entity.x, self.entity.y, self.entity.z)

    @property
    def name(self) -> str:
        return self.entity.custom_name or ""

    @property
    def tags(self) -> frozenset[str]:
        return frozenset(self.entity.tags)

    is_player = False
    gamemode = None
    level = 0
    team = None

    @property
    def alive(self) -> bool:
        return not self.entity.dead

    @property
    def rotation(self) -> tuple[float, float]:
        return (self.entity.yaw, self.entity.pitch)


class GameCommands:
    """``CommandContext`` over a game with survival state."""

    def __init__(self, game) -> None:
        if game.survival is None:
            raise SimError("commands need a survival game (Game.survival)")
        self.game = game
        self.s: Survival = game.survival
        if self.s.entities is None:
            self.s.entities = EntityStore(self.s.seed)
        self.player = PlayerTarget(game)
        self.notes: list[str] = []  # what a command did only in part (said in its message)

    # -- who and where ---------------------------------------------------------------------

    def executor(self):
        return self.player

    def spawn_position(self):
        return self.s.spawn or tuple(float(v) for v in self.game.player.pos)

    def entities(self) -> Sequence:
        store = self.s.entities
        return [self.player, *(EntityTarget(e) for e in store.entities.values() if not e.dead)]

    def rng(self) -> np.random.Generator:
        return self.s.rng

    # -- items ---------------------------------------------------------------------------

    def give_item(self, target, item: ItemArg, count: int) -> bool:
        if not target.is_player:
            return False
        give(self.game, item.name, count, **dict(item.components))
        return True

    def clear_items(self, target, item, components, max_count) -> int:
        if not target.is_player:
            return 0
        inv, removed = self.s.inventory, 0
        wanted = item.removeprefix("minecraft:") if item else None
        for i, stack in enumerate(inv.slots):
            if stack is None or (wanted not in (None, "*") and stack.item != wanted):
                continue
            take = stack.count if max_count is None else min(stack.count, max_count - removed)
            if take <= 0:
                break
            removed += take
            if max_count != 0:
                inv.set(i, stack.with_count(stack.count - take))
        return removed

    def replace_slot(self, owner, slot, item, count) -> bool:
        if not getattr(owner, "is_player", False):
            return False  # mobs' equipment and container blocks are not modelled
        index = slot_index(slot, self.s.inventory.selected)
        stack = None if item is None else ItemStack.of(item.name.removeprefix("minecraft:"),
                                                       count, **dict(item.components))  # fmt: skip
        self.s.inventory.set(index, stack)
        return True

    def read_slot(self, owner, slot):
        if not getattr(owner, "is_player", False):
            return None
        stack = self.s.inventory.get(slot_index(slot, self.s.inventory.selected))
        return None if stack is None else (ItemArg(stack.item, stack.components), stack.count)

    # -- entities ------------------------------------------------------------------------

    def summon(self, entity, pos, nbt):
        name = entity.removeprefix("minecraft:")
        nbt = nbt or {}
        e = self.s.entities.add(name, tuple(pos))
        if not kind(name).simulated:
            self.notes.append(f"{name} is not simulated yet: it stands without behaviour")
        if nbt.get("NoAI"):
            e.no_ai = True
        if "CustomName" in nbt:
            e.custom_name = str(nbt["CustomName"]).strip('"')
        for tag in nbt.get("Tags", ()):
            e.tags.add(str(tag))
        if name == "item":
            self._item(e, nbt)
        if name == "villager":
            self._villager(e, nbt)
        if name in ("pig", "horse", "donkey", "mule"):
            self._saddle(e, name, nbt)
        if int(nbt.get("Age", 0) or 0) < 0:
            e.baby = True
        if name == "sheep" and "Color" in nbt:
            e.color = COLOURS[int(nbt["Color"]) % 16]
        if name == "sheep" and nbt.get("Sheared"):
            e.sheared = True
        return EntityTarget(e)

    def _item(self, e: Entity, nbt: dict) -> None:
        """An item entity's ``Item:{id, count (Count before 1.20.5), components}`` and
        ``PickupDelay``; without an item it is gone at once, as vanilla's empty item entity."""
        tag = nbt.get("Item")
        if not isinstance(tag, dict) or "id" not in tag:
            self.s.entities.remove(e.id)
            return
        try:
            name = items().item(str(tag["id"])).name
            parts = {str(k).removeprefix("minecraft:"): v
                     for k, v in dict(tag.get("components") or {}).items()}  # fmt: skip
            stack = ItemStack.of(name, int(tag.get("count", tag.get("Count", 1))), **parts)
        except (OdysseyError, TypeError, ValueError) as exc:
            self.s.entities.remove(e.id)
            raise CommandError(f"Invalid item entity NBT: Item {tag!r}: {exc}") from None
        e.item, e.count, e.components = stack.item, stack.count, dict(stack.components)
        e.pickup_delay = int(nbt.get("PickupDelay", 0))

    def _saddle(self, e: Entity, name: str, nbt: dict) -> None:
        """A saddle (``Saddle:1b`` on a pig, ``SaddleItem`` on a horse before 1.21.5,
        ``equipment:{saddle:...}`` since) and a horse's ``Tame``."""
        from odyssey.sim.mechanics.creatures import animal
        from odyssey.sim.mechanics.taming import tame

        equipment = nbt.get("equipment")
        saddled = (bool(nbt.get("Saddle")) or isinstance(nbt.get("SaddleItem"), dict)
                   or (isinstance(equipment, dict) and "saddle" in equipment))  # fmt: skip
        a = animal(self.game, e)
        if saddled:
            a.saddled = True
        if name != "pig" and nbt.get("Tame") and not a.tamed:
            tame(self.game, e, a)

    def _villager(self, e: Entity, nbt: dict) -> None:
        """VillagerData (profession, level) and Offers: vanilla keeps the offers it is given and
        draws new ones only for a villager without any."""
        from odyssey.sim.mechanics.trades import offers_from_nbt
        from odyssey.sim.mechanics.villagers import info, set_profession

        try:
            offers = offers_from_nbt(nbt["Offers"]) if "Offers" in nbt else None
        except ValueError as exc:
            self.s.entities.remove(e.id)
            raise CommandError(f"Invalid villager NBT: {exc}") from None
        data = nbt.get("VillagerData")
        if isinstance(data, dict):
            level = int(data.get("level", 1))
            profession = str(data.get("profession", "none"))
            set_profession(self.game, e.id, profession, level, draw=offers is None)
        if offers is not None:
            info(self.game, e.id).offers = offers

    def teleport(self, target, pos, rotation) -> bool:
        if target.is_player:
            yaw, pitch = rotation if rotation is not None else target.rotation
            self.game.move_player(tuple(pos), yaw, pitch)
            return True
        e = target.entity
        e.x, e.y, e.z = pos
        if rotation is not None:
            e.yaw, e.pitch = rotation
        return True

    def kill(self, target) -> bool:
        if target.is_player:
            if self.s.gamemode in ("creative", "spectator"):
                set_health(self.game, 0.0)  # /kill ignores the game mode
            else:
                hurt_player(self.game, 1e9, "kill")
            return True
        self.s.entities.remove(target.entity.id)
        return True

    def add_effect(self, target, effect, seconds, amplifier, hide) -> bool:
        if not target.is_player:
            return False
        name = effect.removeprefix("minecraft:")
        change = effects.instant(name, int(amplifier))
        if change > 0:
            set_health(self.game, self.game.player.health + change)
        elif change < 0:
            hurt_player(self.game, -change, "magic")
        else:
            ticks = -1 if seconds is None else int(seconds) * 20  # None: infinite
            self.s.effects[name] = (ticks, int(amplifier))
        return True

    def clear_effects(self, target, effect) -> bool:
        if not target.is_player or not self.s.effects:
            return False
        if effect is None:
            self.s.effects.clear()
            return True
        return self.s.effects.pop(effect.removeprefix("minecraft:"), None) is not None

    # -- blocks --------------------------------------------------------------------------

    def _state(self, block: BlockArg) -> int:
        reg = self.game.world.registry
        return reg.state_of(block.name.removeprefix("minecraft:"), dict(block.properties))

    def set_block(self, pos, block: BlockArg, mode) -> bool:
        world, state = self.game.world, self._state(block)
        old = world.get_block(*pos)
        if old == state or (mode == "keep" and old != AIR):
            return False
        if mode == "destroy" and old != AIR:
            for p, s in removal_changes(world, pos, old):
                self.game.set_block(p, s)
        self.game.set_block(tuple(pos), state)
        if block.nbt:
            self._set_block_entity(tuple(pos), block)
        return True

    def _set_block_entity(self, pos, block: BlockArg) -> None:
        """/setblock's NBT becomes the block's entity (a chest's Items or LootTable)."""
        from odyssey.sim.mechanics import containers

        name = block.name.removeprefix("minecraft:")
        kind = containers.entity_type(name) if name in containers.STORAGE else name
        self.game.world.set_block_entity(*pos, {"id": f"minecraft:{kind}", **block.nbt})
        if name in containers.STORAGE:
            containers.forget(self.game, pos)

    def fill(self, low, high, block, mode, filter, filter_mode) -> int:
        changed = 0
        inner = [(lo + 1, hi - 1) for lo, hi in zip(low, high, strict=True)]
        for x in range(low[0], high[0] + 1):
            for y in range(low[1], high[1] + 1):
                for z in range(low[2], high[2] + 1):
                    inside = all(a <= v <= b for v, (a, b) in zip((x, y, z), inner, strict=True))
                    if inside and mode == "outline":
                        continue
                    target = BlockArg("minecraft:air") if inside and mode == "hollow" else block
                    if filter is not None:
                        hit = self.block_matches((x, y, z), filter)
                        if hit == (filter_mode == "strict_not"):
                            continue
                    how = "replace" if mode in ("hollow", "outline") else mode
                    changed += self.set_block((x, y, z), target, how)
        return changed

    def block_matches(self, pos, block) -> bool:
        reg = self.game.world.registry
        state = self.game.world.get_block(*pos)
        if reg.block_of(state).name != block.name.removeprefix("minecraft:"):
            return False
        props = reg.properties(state)
        return all(props.get(k) == v for k, v in block.properties)

    # -- the world -----------------------------------------------------------------------

    def set_time(self, ticks, add) -> int:
        day = (self.game.time_of_day + ticks) if add else ticks
        self.game.time_of_day = int(day) % 24000
        return self.game.time_of_day

    def query_time(self, what) -> int:
        if what == "gametime":
            return self.game.tick_count
        if what == "day":
            return 0
        return self.game.time_of_day

    def set_weather(self, kind, duration_ticks) -> None:
        from odyssey.sim.mechanics.weather import set_weather

        set_weather(self.game, kind, duration_ticks)

    def set_gamemode(self, target, mode) -> bool:
        if not target.is_player or self.s.gamemode == check_mode(mode):
            return False
        self.s.set_mode(mode)
        return True

    def experience(self, target, action, amount, unit) -> int:
        """ExperienceCommand: points are those within the current level, as vanilla counts."""
        from odyssey.sim.mechanics import experience as xp

        state = xp.state_of(self.game)
        if unit == "levels":
            if action != "query":
                xp.add_levels(self.game, amount - (state.level if action == "set" else 0))
            return state.level
        needed = xp.needed_for_next(state.level)
        if action == "set":  # setExperiencePoints: only within the current level
            if amount >= needed:
                raise CommandError(f"Unable to set experience points above the maximum points"
                                   f" for the player's current level ({needed - 1})")  # fmt: skip
            state.progress = amount / needed
        elif action == "add":
            xp.add_points(self.game, amount)
        return int(state.progress * xp.needed_for_next(state.level))

    def set_difficulty(self, level):
        if level is not None:
            self.s.difficulty = level
        return self.s.difficulty

    def set_spawnpoint(self, target, pos, yaw, pitch) -> bool:
        self.s.spawn = (pos[0] + 0.5, float(pos[1]), pos[2] + 0.5)
        return True

    def set_gamerule(self, name, value):
        if value is not None:
            self.s.rules[name] = value
        return self.s.rules.get(name, False)


def run(game, line: str, dialect: str | None = None) -> CommandResult:
    """Run one command line as the player; the result never raises."""
    ctx = GameCommands(game)
    result = run_command(ctx, line, dialect)
    game._emit("command", float(result.count))
    if ctx.notes:
        result = replace(result, message=f"{result.message} ({'; '.join(ctx.notes)})")
    return result
