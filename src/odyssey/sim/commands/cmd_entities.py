"""Entity commands: summon, teleport, kill, effect, spawnpoint."""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.commands.args import Args
from odyssey.sim.commands.cmd_items import targets
from odyssey.sim.commands.coords import (
    Coordinate,
    Position,
    Rotation,
    parse_block_pos,
    parse_rotation,
    parse_vec3,
)
from odyssey.sim.commands.coords import world_coordinate as _coordinate
from odyssey.sim.commands.selectors import Selector
from odyssey.sim.commands.snbt import read_compound

INFINITE = -1  # effect duration "infinite"


@dataclass(frozen=True)
class Summon:
    """``summon <entity> [pos] [nbt]``; no position means the executor's."""

    entity: str
    pos: Position | None = None
    nbt: dict | None = None


@dataclass(frozen=True)
class Facing:
    """``facing <pos>`` or ``facing entity <target> eyes|feet``."""

    pos: Position | None = None
    entity: Selector | None = None
    anchor: str = "feet"


@dataclass(frozen=True)
class Teleport:
    """Every form of ``tp``/``teleport``: to an entity, or to a position with optional facing."""

    targets: Selector | None  # None: the executor
    destination: Selector | None = None
    pos: Position | None = None
    rotation: Rotation | None = None
    facing: Facing | None = None


@dataclass(frozen=True)
class Kill:
    """``kill [targets]``."""

    targets: Selector | None = None


@dataclass(frozen=True)
class EffectGive:
    """``effect give <targets> <effect> [seconds|infinite] [amplifier] [hideParticles]``."""

    targets: Selector
    effect: str
    seconds: int | None = None  # None: the effect's default; INFINITE: infinite
    amplifier: int = 0
    hide_particles: bool = False


@dataclass(frozen=True)
class EffectClear:
    """``effect clear [targets] [effect]``."""

    targets: Selector | None = None
    effect: str | None = None


@dataclass(frozen=True)
class SpawnPoint:
    """``spawnpoint [players] [pos] [angle]`` / ``setworldspawn [pos] [angle]`` (targets None)."""

    targets: Selector | None = None
    pos: Position | None = None
    angle: Rotation | None = None
    world: bool = False


def parse_summon(args: Args) -> Summon:
    args.need()
    start = args.reader.cursor
    name = args.reader.read_resource()
    if not args.names.is_entity(name):
        message = f"Can't find element '{name}' of type 'minecraft:entity_type'"
        raise args.reader.error(message, start)
    if not args.more():
        return Summon(name)
    pos = parse_vec3(args.reader)
    nbt = read_compound(args.reader) if args.more() else None
    args.end()
    return Summon(name, pos, nbt)


def parse_teleport(args: Args) -> Teleport:
    args.need()
    if _looks_like_position(args.peek_word()):
        pos = parse_vec3(args.reader)
        args.end()
        return Teleport(None, pos=pos)
    first = targets(args)
    if not args.more():
        return Teleport(None, destination=_single(args, first))
    if not _looks_like_position(args.peek_word()):
        dest = targets(args, single=True)
        args.end()
        return Teleport(first, destination=dest)
    pos = parse_vec3(args.reader)
    if not args.more():
        return Teleport(first, pos=pos)
    if args.peek_word() == "facing":
        args.literal("facing")
        args.need()
        facing = parse_facing(args)
        args.end()
        return Teleport(first, pos=pos, facing=facing)
    rotation = parse_rotation(args.reader)
    args.end()
    return Teleport(first, pos=pos, rotation=rotation)


def _single(args: Args, sel: Selector) -> Selector:
    if not sel.single:
        raise args.reader.error(
            "Only one entity is allowed, but the provided selector allows more than one"
        )
    return sel


def parse_facing(args: Args) -> Facing:
    """The part after ``facing``: a position, or ``entity <target> [eyes|feet]``."""
    if args.peek_word() == "entity":
        args.literal("entity")
        args.need()
        sel = targets(args, single=True)
        anchor = "feet"
        if args.more():
            anchor = args.literal("eyes", "feet")
        return Facing(entity=sel, anchor=anchor)
    return Facing(pos=parse_vec3(args.reader))


def _looks_like_position(word: str) -> bool:
    return bool(word) and (word[0] in "~^" or word[0].isdigit() or word[0] in "-.")


def parse_kill(args: Args) -> Kill:
    if not args.more():
        return Kill()
    sel = targets(args)
    args.end()
    return Kill(sel)


def parse_effect(args: Args) -> EffectGive | EffectClear:
    args.need()
    action = args.literal("give", "clear")
    if action == "clear":
        if not args.more():
            return EffectClear()
        sel = targets(args)
        effect = _effect(args) if args.more() else None
        args.end()
        return EffectClear(sel, effect)
    args.need()
    sel = targets(args)
    args.need()
    effect = _effect(args)
    if not args.more():
        return EffectGive(sel, effect)
    if args.peek_word() == "infinite":
        args.literal("infinite")
        seconds = INFINITE
    else:
        seconds = args.int(1, 1000000)
    amplifier = args.int(0, 255) if args.more() else 0
    hide = args.bool() if args.more() else False
    args.end()
    return EffectGive(sel, effect, seconds, amplifier, hide)


def _effect(args: Args) -> str:
    start = args.reader.cursor
    name = args.reader.read_resource()
    if not args.names.is_effect(name):
        raise args.reader.error(
            f"Can't find element '{name}' of type 'minecraft:mob_effect'", start
        )
    return name


def parse_spawnpoint(args: Args) -> SpawnPoint:
    if not args.more():
        return SpawnPoint()
    sel = targets(args, players=True)
    if not args.more():
        return SpawnPoint(sel)
    pos = parse_block_pos(args.reader)
    if not args.more():
        return SpawnPoint(sel, pos)
    angle = _angle(args)
    args.end()
    return SpawnPoint(sel, pos, angle)


def parse_setworldspawn(args: Args) -> SpawnPoint:
    if not args.more():
        return SpawnPoint(world=True)
    pos = parse_block_pos(args.reader)
    if not args.more():
        return SpawnPoint(pos=pos, world=True)
    angle = _angle(args)
    args.end()
    return SpawnPoint(pos=pos, angle=angle, world=True)


def _angle(args: Args) -> Rotation:
    """A yaw, or yaw and pitch (each may be ``~``)."""
    if " " in args.reader.remaining().strip():
        return parse_rotation(args.reader)
    yaw = _coordinate(args.reader, integer=False, center=False)
    return Rotation(yaw, Coordinate(True, 0.0))
