"""Parse one command line (leading ``/`` optional) into a typed command, or raise CommandError."""

from __future__ import annotations

from collections.abc import Callable

from odyssey.sim.commands import cmd_blocks, cmd_entities, cmd_execute, cmd_items, cmd_world
from odyssey.sim.commands.args import Args
from odyssey.sim.commands.errors import UNKNOWN_COMMAND, CommandError
from odyssey.sim.commands.names import NameCheck, RegistryNames
from odyssey.sim.commands.reader import Reader

Command = object  # one of the command dataclasses of the cmd_* modules

PARSERS: dict[str, Callable[[Args], Command]] = {
    "give": cmd_items.parse_give,
    "clear": cmd_items.parse_clear,
    "item": cmd_items.parse_item,
    "replaceitem": cmd_items.parse_replaceitem,
    "setblock": cmd_blocks.parse_setblock,
    "fill": cmd_blocks.parse_fill,
    "summon": cmd_entities.parse_summon,
    "tp": cmd_entities.parse_teleport,
    "teleport": cmd_entities.parse_teleport,
    "kill": cmd_entities.parse_kill,
    "effect": cmd_entities.parse_effect,
    "spawnpoint": cmd_entities.parse_spawnpoint,
    "setworldspawn": cmd_entities.parse_setworldspawn,
    "time": cmd_world.parse_time,
    "weather": cmd_world.parse_weather,
    "xp": cmd_world.parse_experience,
    "experience": cmd_world.parse_experience,
    "gamemode": cmd_world.parse_gamemode,
    "difficulty": cmd_world.parse_difficulty,
    "gamerule": cmd_world.parse_gamerule,
    "say": cmd_world.parse_say,
    "tell": cmd_world.parse_tell,
    "msg": cmd_world.parse_tell,
    "w": cmd_world.parse_tell,
}
# 1.16-only commands, accepted only by the parser the minestudio-1.16 dialect uses.
LEGACY_ONLY = frozenset({"replaceitem"})


def parse_command(line: str, names: NameCheck | None = None, legacy: bool = False) -> Command:
    """The typed command ``line`` says; CommandError (vanilla's words and position) if invalid."""
    # vanilla strips the slash before parsing, so error positions count from the command name
    reader = Reader(line[1:] if line.startswith("/") else line)
    args = Args(reader, names if names is not None else default_names())
    command = _parse_at(args, legacy)
    if reader.can_read():
        raise reader.error("Incorrect argument for command")
    return command


def _parse_at(args: Args, legacy: bool) -> Command:
    reader = args.reader
    start = reader.cursor
    name = reader.read_word()
    if name == "execute":
        return cmd_execute.parse_execute(args, lambda inner: _parse_at(inner, legacy))
    if name not in PARSERS or (name in LEGACY_ONLY and not legacy):
        raise CommandError(UNKNOWN_COMMAND, reader.line, start)
    return PARSERS[name](args)


_DEFAULT: list[NameCheck] = []


def default_names() -> NameCheck:
    """The built-in RegistryNames (created once; it holds no state of its own)."""
    if not _DEFAULT:
        _DEFAULT.append(RegistryNames())
    return _DEFAULT[0]
