"""The error a command line gets when it does not parse or cannot run, in vanilla's words."""

from __future__ import annotations

from odyssey.errors import OdysseyError

CONTEXT_CHARS = 10  # vanilla shows this many characters before the cursor


class CommandError(OdysseyError):
    """A command failed: ``message`` in vanilla's words, ``cursor`` where in ``line`` it failed.

    ``str()`` gives the two chat lines vanilla prints: the message, then the context with the
    ``<--[HERE]`` marker (ten characters before the cursor, the rest of the line after it).
    """

    def __init__(self, message: str, line: str | None = None, cursor: int | None = None) -> None:
        self.message = message
        self.line = line
        self.cursor = cursor
        super().__init__(self._text())

    def _text(self) -> str:
        context = self.context()
        return self.message if context is None else f"{self.message}\n{context}"

    def context(self) -> str | None:
        """The ``...ive @s minecraft:plank<--[HERE]`` line, or None without a position."""
        if self.line is None or self.cursor is None:
            return None
        at = min(len(self.line), max(0, self.cursor))
        head = "..." if at > CONTEXT_CHARS else ""
        return f"{head}{self.line[max(0, at - CONTEXT_CHARS) : at]}{self.line[at:]}<--[HERE]"

    def at_position(self) -> str:
        """Brigadier's one-line form: ``message at position N: context``."""
        if self.cursor is None or self.line is None:
            return self.message
        at = min(len(self.line), self.cursor)
        head = "..." if at > CONTEXT_CHARS else ""
        ctx = f"{head}{self.line[max(0, at - CONTEXT_CHARS) : at]}<--[HERE]"
        return f"{self.message} at position {at}: {ctx}"


# Vanilla message texts (en_us.json / brigadier) used in more than one module.
INCORRECT_ARGUMENT = "Incorrect argument for command"
UNKNOWN_COMMAND = "Unknown or incomplete command, see below for error"
TRAILING_DATA = "Expected whitespace to end one argument, but found trailing data"
EXPECTED_INT = "Expected integer"
EXPECTED_FLOAT = "Expected float"
EXPECTED_DOUBLE = "Expected double"
EXPECTED_BOOL = "Expected boolean"
NO_ENTITY = "No entity was found"
NO_PLAYER = "No player was found"
