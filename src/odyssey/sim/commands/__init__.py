"""Slash commands: 1.21.11 syntax, the ``minestudio-1.16`` dialect, and running them on a game.

``parse_command`` turns a line into a typed command (or a CommandError in vanilla's words);
``run_command`` parses, translates, resolves selectors and coordinates, and calls the game
through the ``CommandContext`` protocol, which the game implements.
"""

from odyssey.sim.commands.context import CommandContext
from odyssey.sim.commands.dialect import Translation, translate
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.names import NameCheck, RegistryNames
from odyssey.sim.commands.parser import parse_command
from odyssey.sim.commands.run import CommandResult, run_command
from odyssey.sim.commands.selectors import Targetable

__all__ = [
    "CommandContext",
    "CommandError",
    "CommandResult",
    "NameCheck",
    "RegistryNames",
    "Targetable",
    "Translation",
    "parse_command",
    "run_command",
    "translate",
]
