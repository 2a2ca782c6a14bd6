"""A cursor over one command line, like brigadier's StringReader, raising CommandError."""

from __future__ import annotations

from odyssey.sim.commands.errors import (
    EXPECTED_BOOL,
    EXPECTED_DOUBLE,
    EXPECTED_FLOAT,
    EXPECTED_INT,
    CommandError,
)

NUMBER_CHARS = frozenset("0123456789.-")
UNQUOTED_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-.+")
RESOURCE_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyz_-.:/")


class Reader:
    """Reads tokens from ``line`` starting at ``cursor``; errors carry the line and position."""

    def __init__(self, line: str, cursor: int = 0) -> None:
        self.line = line
        self.cursor = cursor

    def can_read(self, n: int = 1) -> bool:
        return self.cursor + n <= len(self.line)

    def peek(self, offset: int = 0) -> str:
        return self.line[self.cursor + offset]

    def read(self) -> str:
        char = self.line[self.cursor]
        self.cursor += 1
        return char

    def remaining(self) -> str:
        return self.line[self.cursor :]

    def error(self, message: str, cursor: int | None = None) -> CommandError:
        """A CommandError at ``cursor`` (default: here)."""
        return CommandError(message, self.line, self.cursor if cursor is None else cursor)

    def skip_whitespace(self) -> None:
        while self.can_read() and self.peek().isspace():
            self.cursor += 1

    def expect(self, char: str) -> None:
        if not self.can_read() or self.peek() != char:
            raise self.error(f"Expected '{char}'")
        self.cursor += 1

    def read_while(self, allowed: frozenset[str]) -> str:
        start = self.cursor
        while self.can_read() and self.peek() in allowed:
            self.cursor += 1
        return self.line[start : self.cursor]

    def read_word(self) -> str:
        """Everything up to the next space (a literal or an argument brigadier reads whole)."""
        start = self.cursor
        while self.can_read() and self.peek() != " ":
            self.cursor += 1
        return self.line[start : self.cursor]

    def read_unquoted(self) -> str:
        return self.read_while(UNQUOTED_CHARS)

    def read_quoted(self) -> str:
        """A '...' or "..." string with backslash escapes of the quote and the backslash."""
        if not self.can_read() or self.peek() not in "\"'":
            raise self.error("Expected quote to start a string")
        quote = self.read()
        out: list[str] = []
        while self.can_read():
            char = self.read()
            if char == "\\":
                if not self.can_read():
                    break
                esc = self.read()
                if esc not in (quote, "\\"):
                    self.cursor -= 1
                    raise self.error(f"Invalid escape sequence '\\{esc}' in quoted string")
                out.append(esc)
            elif char == quote:
                return "".join(out)
            else:
                out.append(char)
        raise self.error("Unclosed quoted string")

    def read_string(self) -> str:
        if self.can_read() and self.peek() in "\"'":
            return self.read_quoted()
        return self.read_unquoted()

    def _read_number(self, empty: str) -> str:
        text = self.read_while(NUMBER_CHARS)
        if not text:
            raise self.error(empty)
        return text

    def read_int(self) -> int:
        start = self.cursor
        text = self._read_number(EXPECTED_INT)
        try:
            return int(text)
        except ValueError:
            raise self.error(f"Invalid integer '{text}'", start) from None

    def read_float(self, double: bool = False) -> float:
        start = self.cursor
        text = self._read_number(EXPECTED_DOUBLE if double else EXPECTED_FLOAT)
        try:
            return float(text)
        except ValueError:
            kind = "double" if double else "float"
            raise self.error(f"Invalid {kind} '{text}'", start) from None

    def read_bool(self) -> bool:
        start = self.cursor
        text = self.read_string()
        if not text:
            raise self.error(EXPECTED_BOOL)
        if text in ("true", "false"):
            return text == "true"
        raise self.error(f"Invalid boolean, expected 'true' or 'false' but found '{text}'", start)

    def read_resource(self) -> str:
        """A resource location, namespaced to ``minecraft:`` when it has none."""
        start = self.cursor
        text = self.read_while(RESOURCE_CHARS)
        if not text or text.count(":") > 1 or "/" in text.split(":")[0]:
            raise self.error("Invalid ID", start)
        return text if ":" in text else f"minecraft:{text}"

    def end_argument(self) -> None:
        """After an argument: end of line or a space, as brigadier demands."""
        if self.can_read() and self.peek() != " ":
            raise self.error("Expected whitespace to end one argument, but found trailing data")

    def next_argument(self) -> bool:
        """Step over the separating space; False when the line has ended."""
        self.end_argument()
        if not self.can_read():
            return False
        self.cursor += 1
        return self.can_read()
