"""``run_command``: parse (optionally translate), resolve targets and positions, call the game."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from odyssey.sim.commands import cmd_blocks as blk
from odyssey.sim.commands import cmd_entities as ent
from odyssey.sim.commands import cmd_execute as exe
from odyssey.sim.commands import cmd_items as itm
from odyssey.sim.commands import cmd_world as wld
from odyssey.sim.commands.context import CommandContext
from odyssey.sim.commands.coords import Executor, Position, block_of
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.names import NameCheck
from odyssey.sim.commands.parser import parse_command
from odyssey.sim.commands.selectors import Selector, Targetable, require_found, select

FILL_LIMIT = 32768  # the commandModificationBlockLimit game rule's default


@dataclass(frozen=True)
class CommandResult:
    """What a command did: vanilla's success flag, a chat message, the result count."""

    success: bool
    message: str
    count: int = 0
    translation: object | None = None  # dialect.Translation when a dialect rewrote the line


@dataclass(frozen=True)
class Source:
    """Who runs a command, from where, facing where (``execute`` changes these)."""

    entity: Targetable | None
    pos: tuple[float, float, float]
    rotation: tuple[float, float]
    anchor_eyes: bool = False

    def executor(self) -> Executor:
        eye = getattr(self.entity, "eye_height", 1.62)
        return Executor(*self.pos, self.rotation[0], self.rotation[1], eye, self.anchor_eyes)


def run_command(
    ctx: CommandContext, line: str, dialect: str | None = None, names: NameCheck | None = None
) -> CommandResult:
    """Run one command line against the game; failures come back as results, never raised."""
    translation = None
    try:
        if dialect is not None:
            from odyssey.sim.commands.dialect import translate

            translation = translate(line, dialect)
            line = translation.translated
        command = parse_command(line, names)
        count, message = execute(ctx, command, initial_source(ctx))
    except CommandError as e:
        return CommandResult(False, str(e), 0, translation)
    return CommandResult(count > 0, message, count, translation)


def initial_source(ctx: CommandContext) -> Source:
    entity = ctx.executor()
    if entity is None:
        return Source(None, ctx.spawn_position(), (0.0, 0.0))
    return Source(entity, entity.position, entity.rotation)


def execute(ctx: CommandContext, command: object, src: Source) -> tuple[int, str]:
    """Run a parsed command from ``src``: (result count, message)."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise CommandError(f"Command {type(command).__name__} cannot run here")
    return handler(ctx, command, src)


def targets_of(
    ctx: CommandContext, sel: Selector | None, src: Source, players: bool = False
) -> list[Targetable]:
    """Resolve a selector (None: the executor) and fail as vanilla when it finds nobody.

    ``players``: the argument takes players only, so a non-player ``@s`` finds no one.
    """
    if sel is None:
        if src.entity is None or (players and not src.entity.is_player):
            kind = "A player" if players else "An entity"
            raise CommandError(f"{kind} is required to run this command here")
        return [src.entity]
    found = select(sel, ctx.entities(), src.pos, src.entity, ctx.rng())
    if sel.only_players or players:
        found = [e for e in found if e.is_player]
        if not found:
            raise CommandError("No player was found")
    return require_found(sel, found)


def _block(pos: Position, src: Source) -> tuple[int, int, int]:
    return block_of(pos.resolve(src.executor()))


def _give(ctx: CommandContext, c: itm.Give, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src, players=True)
    done = sum(ctx.give_item(t, c.item, c.count) for t in found)
    return done, f"Gave {c.count} [{c.item.name}] to {_who(found)}"


def _who(found: list[Targetable]) -> str:
    return found[0].name or found[0].type if len(found) == 1 else f"{len(found)} players"


def _clear(ctx: CommandContext, c: itm.Clear, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src, players=True)
    item = None if c.item in (None, "*") else c.item
    removed = sum(ctx.clear_items(t, item, c.components, c.max_count) for t in found)
    if removed == 0:
        raise CommandError(f"No items were found on player {found[0].name}")
    return removed, f"Removed {removed} item(s) from {_who(found)}"


def _item_replace(ctx: CommandContext, c: itm.ItemReplace, src: Source) -> tuple[int, str]:
    owners = _slot_owners(ctx, c.slot, src)
    item, count = c.item, c.count
    if c.source is not None:
        stack = ctx.read_slot(_slot_owners(ctx, c.source, src)[0], c.source.slot)
        item, count = stack if stack is not None else (None, 0)
    done = sum(ctx.replace_slot(o, c.slot.slot, item, count) for o in owners)
    if done == 0:
        raise CommandError(f"Target does not have slot {c.slot.slot}")
    return done, f"Replaced a slot on {done} target(s) with {count} [{item}]"


def _slot_owners(ctx: CommandContext, ref: itm.SlotRef, src: Source) -> list:
    if ref.kind == "entity":
        return targets_of(ctx, ref.target, src)  # type: ignore[arg-type]
    return [_block(ref.target, src)]  # type: ignore[arg-type]


def _setblock(ctx: CommandContext, c: blk.SetBlock, src: Source) -> tuple[int, str]:
    pos = _block(c.pos, src)
    if not ctx.set_block(pos, c.block, c.mode):
        raise CommandError("Could not set the block")
    return 1, f"Changed the block at {pos[0]}, {pos[1]}, {pos[2]}"


def _fill(ctx: CommandContext, c: blk.Fill, src: Source) -> tuple[int, str]:
    a, b = _block(c.start, src), _block(c.end, src)
    low = tuple(min(p, q) for p, q in zip(a, b, strict=True))
    high = tuple(max(p, q) for p, q in zip(a, b, strict=True))
    volume = math.prod(h - lo + 1 for lo, h in zip(low, high, strict=True))
    if volume > FILL_LIMIT:
        raise CommandError(
            f"Too many blocks in the specified area (maximum {FILL_LIMIT}, specified {volume})"
        )
    changed = ctx.fill(low, high, c.block, c.mode, c.filter, c.filter_mode)  # type: ignore[arg-type]
    if changed == 0:
        raise CommandError("No blocks were filled")
    return changed, f"Successfully filled {changed} block(s)"


def _summon(ctx: CommandContext, c: ent.Summon, src: Source) -> tuple[int, str]:
    pos = src.pos if c.pos is None else c.pos.resolve(src.executor())
    if ctx.summon(c.entity, pos, c.nbt) is None:
        raise CommandError("Unable to summon entity")
    return 1, f"Summoned new {c.entity}"


def _teleport(ctx: CommandContext, c: ent.Teleport, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src)
    if c.destination is not None:
        dest = targets_of(ctx, c.destination, src)[0]
        moved = sum(ctx.teleport(t, dest.position, dest.rotation) for t in found)
        return moved, f"Teleported {_who(found)} to {dest.name or dest.type}"
    assert c.pos is not None
    pos = c.pos.resolve(src.executor())
    rotation = c.rotation.resolve(src.executor()) if c.rotation is not None else None
    moved = 0
    for target in found:
        rot = _facing_rotation(ctx, c.facing, pos, src) if c.facing is not None else rotation
        moved += ctx.teleport(target, pos, rot)
    return moved, f"Teleported {_who(found)} to {pos[0]:.6f}, {pos[1]:.6f}, {pos[2]:.6f}"


def _facing_rotation(ctx: CommandContext, facing: ent.Facing, eye_from: tuple, src: Source):
    if facing.entity is not None:
        target = targets_of(ctx, facing.entity, src)[0]
        eye = getattr(target, "eye_height", 1.62) if facing.anchor == "eyes" else 0.0
        at = (target.position[0], target.position[1] + eye, target.position[2])
    else:
        assert facing.pos is not None
        at = facing.pos.resolve(src.executor())
    return look_at(eye_from, at)


def look_at(frm: tuple[float, float, float], to: tuple[float, float, float]) -> tuple[float, float]:
    """Vanilla's ``lookAt``: yaw/pitch in degrees from one point towards another."""
    dx, dy, dz = (t - f for t, f in zip(to, frm, strict=True))
    horizontal = math.sqrt(dx * dx + dz * dz)
    pitch = -math.degrees(math.atan2(dy, horizontal))
    yaw = math.degrees(math.atan2(dz, dx)) - 90.0
    return ((yaw + 180.0) % 360.0 - 180.0, pitch)


def _kill(ctx: CommandContext, c: ent.Kill, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src)
    killed = sum(ctx.kill(t) for t in found)
    return killed, f"Killed {_who(found)}"


def _effect_give(ctx: CommandContext, c: ent.EffectGive, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src)
    done = sum(ctx.add_effect(t, c.effect, c.seconds, c.amplifier, c.hide_particles) for t in found)
    if done == 0:
        raise CommandError(
            "Unable to apply this effect (target is either immune to effects, "
            "or has something stronger)"
        )
    return done, f"Applied effect {c.effect} to {_who(found)}"


def _effect_clear(ctx: CommandContext, c: ent.EffectClear, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src)
    done = sum(ctx.clear_effects(t, c.effect) for t in found)
    if done == 0:
        raise CommandError("Target has no effects to remove")
    return done, f"Removed effects from {_who(found)}"


def _spawnpoint(ctx: CommandContext, c: ent.SpawnPoint, src: Source) -> tuple[int, str]:
    pos = block_of(src.pos) if c.pos is None else _block(c.pos, src)
    yaw, pitch = c.angle.resolve(src.executor()) if c.angle is not None else (0.0, 0.0)
    if c.world:
        ctx.set_spawnpoint(None, pos, yaw, pitch)
        return 1, f"Set the world spawn point to {pos[0]}, {pos[1]}, {pos[2]}"
    found = targets_of(ctx, c.targets, src, players=True)
    done = sum(ctx.set_spawnpoint(t, pos, yaw, pitch) for t in found)
    return done, f"Set spawn point to {pos[0]}, {pos[1]}, {pos[2]} for {_who(found)}"


def _time(ctx: CommandContext, c: wld.Time, src: Source) -> tuple[int, str]:
    if c.action == "query":
        value = ctx.query_time(c.query or "daytime")
        return value, f"The time is {value}"
    value = ctx.set_time(c.ticks, add=c.action == "add")
    return value, f"Set the time to {value}"


def _weather(ctx: CommandContext, c: wld.Weather, src: Source) -> tuple[int, str]:
    ctx.set_weather(c.kind, c.duration_ticks)
    return 1, {"clear": "Set the weather to clear", "rain": "Set the weather to rain",
               "thunder": "Set the weather to rain & thunder"}[c.kind]  # fmt: skip


def _experience(ctx: CommandContext, c: wld.Experience, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src, players=True)
    values = [ctx.experience(t, c.action, c.amount, c.unit) for t in found]
    if c.action == "query":
        return values[0], f"{_who(found)} has {values[0]} experience {c.unit}"
    verb = "Gave" if c.action == "add" else "Set"
    return len(found), f"{verb} {c.amount} experience {c.unit} to {_who(found)}"


def _gamemode(ctx: CommandContext, c: wld.GameMode, src: Source) -> tuple[int, str]:
    found = targets_of(ctx, c.targets, src, players=True)
    done = sum(ctx.set_gamemode(t, c.mode) for t in found)
    return done, f"Set {_who(found)}'s game mode to {c.mode.capitalize()} Mode"


def _difficulty(ctx: CommandContext, c: wld.Difficulty, src: Source) -> tuple[int, str]:
    now = ctx.set_difficulty(c.level)
    return (
        1,
        f"The difficulty is {now}" if c.level is None else f"The difficulty has been set to {now}",
    )


def _gamerule(ctx: CommandContext, c: wld.GameRule, src: Source) -> tuple[int, str]:
    value = ctx.set_gamerule(c.name, c.value)
    count = int(value) if not isinstance(value, bool) else 1
    verb = "is currently set to" if c.value is None else "is now set to"
    return count, f"Gamerule {c.name} {verb}: {str(value).lower()}"


def _say(ctx: CommandContext, c: wld.Say, src: Source) -> tuple[int, str]:
    if c.targets is not None:
        targets_of(ctx, c.targets, src, players=True)
    return 1, c.message


def _execute(ctx: CommandContext, c: exe.Execute, src: Source) -> tuple[int, str]:
    sources = [src]
    for modifier in c.modifiers:
        sources = [s for source in sources for s in _apply(ctx, modifier, source)]
    if c.run is None:
        return len(sources), "Test passed" if sources else "Test failed"
    total, messages = 0, []
    for source in sources:
        count, message = execute(ctx, c.run, source)
        total += count
        messages.append(message)
    return total, "\n".join(messages)


def _apply(ctx: CommandContext, m: exe.Modifier, src: Source) -> list[Source]:
    if isinstance(m, exe.As):
        return [replace(src, entity=e) for e in _optional_targets(ctx, m.targets, src)]
    if isinstance(m, exe.At):
        return [replace(src, pos=e.position, rotation=e.rotation)
                for e in _optional_targets(ctx, m.targets, src)]  # fmt: skip
    if isinstance(m, exe.Positioned):
        if m.as_targets is not None:
            return [replace(src, pos=e.position) for e in _optional_targets(ctx, m.as_targets, src)]
        return [replace(src, pos=m.pos.resolve(src.executor()))]  # type: ignore[union-attr]
    if isinstance(m, exe.Rotated):
        if m.as_targets is not None:
            return [replace(src, rotation=e.rotation)
                    for e in _optional_targets(ctx, m.as_targets, src)]  # fmt: skip
        return [replace(src, rotation=m.rotation.resolve(src.executor()))]  # type: ignore[union-attr]
    if isinstance(m, exe.FacingMod):
        return [replace(src, rotation=_facing_rotation(ctx, m.facing, src.executor().anchor, src))]
    if isinstance(m, exe.Anchored):
        return [replace(src, anchor_eyes=m.anchor == "eyes")]
    if isinstance(m, exe.Align):
        pos = tuple(math.floor(v) if "xyz"[i] in m.axes else v for i, v in enumerate(src.pos))
        return [replace(src, pos=pos)]  # type: ignore[arg-type]
    if isinstance(m, exe.InDimension):
        return [src]
    return [src] if _test(ctx, m, src) != m.negated else []


def _optional_targets(ctx: CommandContext, sel: Selector, src: Source) -> list[Targetable]:
    """Execute forks over whatever matches; no match just ends this branch."""
    return [e for e in select(sel, ctx.entities(), src.pos, src.entity, ctx.rng())
            if e.is_player or not sel.only_players]  # fmt: skip


def _test(ctx: CommandContext, m: exe.Condition, src: Source) -> bool:
    if m.kind == "entity":
        return bool(_optional_targets(ctx, m.targets, src))  # type: ignore[arg-type]
    return ctx.block_matches(_block(m.pos, src), m.block)  # type: ignore[arg-type]


HANDLERS: dict[type, Callable[[CommandContext, object, Source], tuple[int, str]]] = {
    itm.Give: _give, itm.Clear: _clear, itm.ItemReplace: _item_replace, blk.SetBlock: _setblock,
    blk.Fill: _fill, ent.Summon: _summon, ent.Teleport: _teleport, ent.Kill: _kill,
    ent.EffectGive: _effect_give, ent.EffectClear: _effect_clear, ent.SpawnPoint: _spawnpoint,
    wld.Time: _time, wld.Weather: _weather, wld.GameMode: _gamemode, wld.Difficulty: _difficulty,
    wld.Experience: _experience,
    wld.GameRule: _gamerule, wld.Say: _say, exe.Execute: _execute,
}  # type: ignore[dict-item]  # fmt: skip
