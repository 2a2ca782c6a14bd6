"""SNBT (stringified NBT) as 1.21.11 reads it, into Python values that keep their NBT types.

Numbers become ``int``/``float`` subclasses naming their tag (``Byte(1)``, ``Float(0.5)``);
an unsuffixed integer is an ``Int`` and an unsuffixed decimal a ``Double``, as vanilla reads them.
Compounds are ``dict``, strings ``str``, lists ``list`` and typed arrays ``ByteArray`` /
``IntArray`` / ``LongArray``. ``to_snbt`` writes a value back so that it reads as the same value.
Since 1.21.5 SNBT takes hex (``0x1F``) and binary (``0b101``) integers, ``_`` digit separators,
signedness prefixes on suffixes (``200ub``), exponents, and lists of mixed types.
"""

from __future__ import annotations

import re

from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.reader import UNQUOTED_CHARS, Reader


class SnbtError(CommandError):
    """Text that should be SNBT is not; ``str()`` says where: ``at position 17: expected ':'``."""

    def __str__(self) -> str:
        return f"at position {self.cursor}: {self.message}"


class Byte(int):
    """An NBT byte (suffix ``b``; ``true``/``false`` read as 1b/0b)."""

    suffix, low, high = "b", -(2**7), 2**7 - 1


class Short(int):
    """An NBT short (suffix ``s``)."""

    suffix, low, high = "s", -(2**15), 2**15 - 1


class Int(int):
    """An NBT int (no suffix)."""

    suffix, low, high = "", -(2**31), 2**31 - 1


class Long(int):
    """An NBT long (suffix ``L``)."""

    suffix, low, high = "L", -(2**63), 2**63 - 1


class Float(float):
    """An NBT float (suffix ``f``)."""

    suffix = "f"


class Double(float):
    """An NBT double (suffix ``d``; a decimal without suffix)."""

    suffix = "d"


class ByteArray(list):
    """``[B; 1b, 2b]``."""

    prefix, element = "B", Byte


class IntArray(list):
    """``[I; 1, 2]``."""

    prefix, element = "I", Int


class LongArray(list):
    """``[L; 1L, 2L]``."""

    prefix, element = "L", Long


INT_TYPES = {"b": Byte, "s": Short, "i": Int, "l": Long}
ARRAY_TYPES = {"B": ByteArray, "I": IntArray, "L": LongArray}
_NUMBER = re.compile(
    r"""(?P<sign>[+-]?)
    (?:(?P<hex>0x[0-9a-f_]+)|(?P<bin>0b[01_]+)
      |(?P<dec>(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)(?:e[+-]?[0-9][0-9_]*)?))
    (?P<suffix>[us]?[bsil]|[fd])?$""",
    re.IGNORECASE | re.VERBOSE,
)
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "b": "\b", "s": " ", "t": "\t", "n": "\n",
            "f": "\f", "r": "\r"}  # fmt: skip
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def parse_snbt(text: str) -> object:
    """The whole of ``text`` as one SNBT value; SnbtError names the position of a problem."""
    reader = Reader(text)
    value = read_value(reader)
    reader.skip_whitespace()
    if reader.can_read():
        raise _error(reader, "unexpected trailing data")
    return value


def read_compound(reader: Reader) -> dict[str, object]:
    """A ``{...}`` compound at the reader's position (commands use this after an item or block)."""
    reader.skip_whitespace()
    if not reader.can_read() or reader.peek() != "{":
        raise _error(reader, "expected compound tag '{'")
    return _compound(reader)


def read_value(reader: Reader) -> object:
    """One SNBT value at the reader's position."""
    reader.skip_whitespace()
    if not reader.can_read():
        raise _error(reader, "expected value")
    char = reader.peek()
    if char == "{":
        return _compound(reader)
    if char == "[":
        return _list_or_array(reader)
    if char in "\"'":
        return _quoted(reader)
    return _scalar(reader)


def _error(reader: Reader, message: str, cursor: int | None = None) -> SnbtError:
    return SnbtError(message, reader.line, reader.cursor if cursor is None else cursor)


def _compound(reader: Reader) -> dict[str, object]:
    reader.read()  # {
    out: dict[str, object] = {}
    reader.skip_whitespace()
    while reader.can_read() and reader.peek() != "}":
        key_at = reader.cursor
        key = _quoted(reader) if reader.peek() in "\"'" else reader.read_unquoted()
        if not key and key_at == reader.cursor:
            raise _error(reader, "expected key")
        reader.skip_whitespace()
        if not reader.can_read() or reader.peek() != ":":
            raise _error(reader, "expected ':'")
        reader.read()
        out[key] = read_value(reader)
        if not _separator(reader, "}"):
            break
    _close(reader, "}")
    return out


def _separator(reader: Reader, close: str) -> bool:
    """After an element: True when a comma follows (another element may come)."""
    reader.skip_whitespace()
    if reader.can_read() and reader.peek() == ",":
        reader.read()
        reader.skip_whitespace()
        return True
    return False


def _close(reader: Reader, close: str) -> None:
    reader.skip_whitespace()
    if not reader.can_read() or reader.peek() != close:
        raise _error(reader, f"expected ',' or '{close}'")
    reader.read()


def _list_or_array(reader: Reader) -> list:
    reader.read()  # [
    if reader.can_read(2) and reader.peek(1) == ";":
        return _array(reader)
    out: list[object] = []
    reader.skip_whitespace()
    while reader.can_read() and reader.peek() != "]":
        out.append(read_value(reader))
        if not _separator(reader, "]"):
            break
    _close(reader, "]")
    return out


def _array(reader: Reader) -> list:
    kind_at = reader.cursor
    kind = reader.read()
    if kind not in ARRAY_TYPES:
        raise _error(reader, f"invalid array type '{kind}'", kind_at)
    reader.read()  # ;
    array_type = ARRAY_TYPES[kind]
    out = array_type()
    reader.skip_whitespace()
    while reader.can_read() and reader.peek() != "]":
        at = reader.cursor
        value = read_value(reader)
        if not isinstance(value, int) or isinstance(value, bool):
            raise _error(reader, f"can't insert {_type_name(value)} into {kind} array", at)
        if type(value) is not Int and type(value) is not array_type.element:
            raise _error(reader, f"can't insert {_type_name(value)} into {kind} array", at)
        out.append(_ranged(reader, array_type.element, int(value), at))
        if not _separator(reader, "]"):
            break
    _close(reader, "]")
    return out


def _type_name(value: object) -> str:
    return type(value).__name__.lower()


def _quoted(reader: Reader) -> str:
    start = reader.cursor
    quote = reader.read()
    out: list[str] = []
    while reader.can_read():
        char = reader.read()
        if char == quote:
            return "".join(out)
        if char != "\\":
            out.append(char)
            continue
        if not reader.can_read():
            break
        out.append(_escape(reader))
    raise _error(reader, "unclosed quoted string", start)


def _escape(reader: Reader) -> str:
    at = reader.cursor
    esc = reader.read()
    if esc in _ESCAPES:
        return _ESCAPES[esc]
    if esc in _HEX_ESCAPES:
        digits = reader.line[reader.cursor : reader.cursor + _HEX_ESCAPES[esc]]
        if len(digits) == _HEX_ESCAPES[esc] and all(c in "0123456789abcdefABCDEF" for c in digits):
            reader.cursor += len(digits)
            return chr(int(digits, 16))
    raise _error(reader, f"invalid escape sequence '\\{esc}'", at)


def _scalar(reader: Reader) -> object:
    start = reader.cursor
    text = reader.read_while(UNQUOTED_CHARS)
    if not text:
        raise _error(reader, "expected value")
    if text in ("true", "false"):
        return Byte(text == "true")
    match = _NUMBER.match(text)
    return _number(reader, match, start) if match else text


def _number(reader: Reader, match: re.Match[str], start: int) -> object:
    suffix = (match["suffix"] or "").lower()
    sign = -1 if match["sign"] == "-" else 1
    if match["dec"] is not None and (suffix in ("f", "d") or not suffix):
        digits = match["dec"].replace("_", "")
        if suffix == "f":
            return Float(sign * float(digits))
        if suffix == "d" or "." in digits or "e" in digits.lower():
            return Double(sign * float(digits))
    if match["dec"] is not None and ("." in match["dec"] or "e" in match["dec"].lower()):
        raise _error(reader, f"'{reader.line[start : reader.cursor]}' is not a whole number", start)
    if match["hex"]:
        value = int(match["hex"][2:].replace("_", ""), 16)
    elif match["bin"]:
        value = int(match["bin"][2:].replace("_", ""), 2)
    else:
        value = int(match["dec"].replace("_", ""))
    tag = INT_TYPES[suffix[-1]] if suffix else Int
    if suffix.startswith("u") or ((match["hex"] or match["bin"]) and not suffix.startswith("s")):
        # unsigned (and hex/binary by default) values wrap into the signed range
        bits = {Byte: 8, Short: 16, Int: 32, Long: 64}[tag]
        if value >= 2**bits:
            raise _error(reader, f"number {value} does not fit in a {tag.__name__.lower()}", start)
        value = value - 2**bits if value > tag.high else value
    return _ranged(reader, tag, sign * value, start)


def _ranged(reader: Reader, tag: type, value: int, at: int) -> int:
    if not tag.low <= value <= tag.high:
        raise _error(reader, f"number {value} does not fit in a {tag.__name__.lower()}", at)
    return tag(value)


def to_snbt(value: object) -> str:
    """SNBT text that reads back as ``value`` (same tags, same contents)."""
    if isinstance(value, dict):
        body = ",".join(f"{_key(k)}:{to_snbt(v)}" for k, v in value.items())
        return "{" + body + "}"
    if isinstance(value, ByteArray | IntArray | LongArray):
        body = ",".join(f"{int(v)}{type(value).element.suffix}" for v in value)
        return f"[{type(value).prefix};{body}]"
    if isinstance(value, list):
        return "[" + ",".join(to_snbt(v) for v in value) + "]"
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, bool):
        return f"{int(value)}b"
    if isinstance(value, Byte | Short | Int | Long):
        return f"{int(value)}{type(value).suffix}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        suffix = "f" if isinstance(value, Float) else "d"
        return f"{float(value)!r}{suffix}"
    raise TypeError(f"not an SNBT value: {value!r}")


def _key(key: str) -> str:
    return key if key and all(c in UNQUOTED_CHARS for c in key) else _quote(key)


def _quote(text: str) -> str:
    quote = "'" if '"' in text and "'" not in text else '"'
    escaped = text.replace("\\", "\\\\").replace(quote, "\\" + quote)
    return quote + escaped + quote
