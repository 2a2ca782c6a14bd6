"""Number ranges in selector options: ``2``, ``..5``, ``1..``, ``1..5``."""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.commands.reader import Reader

EMPTY = "Expected value or range of values"
SWAPPED = "Min cannot be bigger than max"
INTS_ONLY = "Only whole numbers allowed, not decimals"


@dataclass(frozen=True)
class Range:
    """Inclusive bounds; None is open."""

    low: float | None
    high: float | None

    def contains(self, value: float) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def __str__(self) -> str:
        if self.low == self.high and self.low is not None:
            return _text(self.low)
        return f"{_text(self.low)}..{_text(self.high)}"


def _text(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else repr(value)


def parse_range(reader: Reader, integer: bool) -> Range:
    """A range at the reader (stops at ``,``, ``]``, ``}`` or a space)."""
    start = reader.cursor
    low = _bound(reader, integer)
    if reader.can_read(2) and reader.peek() == "." and reader.peek(1) == ".":
        reader.cursor += 2
        high = _bound(reader, integer)
    else:
        high = low
    if low is None and high is None:
        raise reader.error(EMPTY, start)
    if low is not None and high is not None and low > high:
        raise reader.error(SWAPPED, start)
    return Range(low, high)


def _bound(reader: Reader, integer: bool) -> float | None:
    start = reader.cursor
    while reader.can_read() and _number_char(reader):
        reader.cursor += 1
    text = reader.line[start : reader.cursor]
    if not text:
        return None
    if integer:
        if "." in text or "e" in text.lower():
            raise reader.error(INTS_ONLY, start)
        try:
            return int(text)
        except ValueError:
            raise reader.error(f"Invalid integer '{text}'", start) from None
    try:
        return float(text)
    except ValueError:
        raise reader.error(f"Invalid double '{text}'", start) from None


def _number_char(reader: Reader) -> bool:
    """Digits, '-' and a '.' that does not begin '..'."""
    char = reader.peek()
    if char in "0123456789-":
        return True
    return char == "." and not (reader.can_read(2) and reader.peek(1) == ".")
