"""Named Binary Tag (NBT) reading and writing, big-endian Java edition, with typed values.

Tags map to Python values so that a read followed by a write gives the same bytes:
compounds are ``dict``, strings ``str``, lists ``NBTList`` (remembering the element type),
arrays numpy arrays (int8, int32, int64) and numbers the small int/float subclasses below.
Plain ``int``, ``float``, ``bool`` and ``list`` are accepted when writing (as Int, Double, Byte
and a list typed by its first element). This is the reference reader; the chunk decoder in
``chunk_codec`` has a compiled fast path tested against it.
"""

from __future__ import annotations

import gzip
import struct
import zlib
from typing import Any

import numpy as np

from odyssey.errors import NBTError

END, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE = 0, 1, 2, 3, 4, 5, 6
BYTE_ARRAY, STRING, LIST, COMPOUND, INT_ARRAY, LONG_ARRAY = 7, 8, 9, 10, 11, 12


class Byte(int):
    """TAG_Byte."""

    tag = BYTE


class Short(int):
    """TAG_Short."""

    tag = SHORT


class Int(int):
    """TAG_Int."""

    tag = INT


class Long(int):
    """TAG_Long."""

    tag = LONG


class Float(float):
    """TAG_Float (stored as float32)."""

    tag = FLOAT


class Double(float):
    """TAG_Double."""

    tag = DOUBLE


class NBTList(list):
    """TAG_List: a list that remembers its element tag type (needed for empty lists)."""

    def __init__(self, items: Any = (), elem_type: int | None = None) -> None:
        super().__init__(items)
        self.elem_type = elem_type if elem_type is not None else (tag_of(self[0]) if self else END)


_SCALARS = {BYTE: ">b", SHORT: ">h", INT: ">i", LONG: ">q", FLOAT: ">f", DOUBLE: ">d"}
_SCALAR_TYPES = {BYTE: Byte, SHORT: Short, INT: Int, LONG: Long, FLOAT: Float, DOUBLE: Double}
_ARRAYS = {BYTE_ARRAY: ">i1", INT_ARRAY: ">i4", LONG_ARRAY: ">i8"}
_ARRAY_DTYPES = {BYTE_ARRAY: np.int8, INT_ARRAY: np.int32, LONG_ARRAY: np.int64}


def tag_of(value: Any) -> int:
    """The tag type a Python value is written as."""
    tag = getattr(value, "tag", None)
    if tag is not None:
        return tag
    if isinstance(value, bool):
        return BYTE
    if isinstance(value, int):
        return INT
    if isinstance(value, float):
        return DOUBLE
    if isinstance(value, str):
        return STRING
    if isinstance(value, dict):
        return COMPOUND
    if isinstance(value, list):
        return LIST
    if isinstance(value, np.ndarray):
        for tag, dtype in _ARRAY_DTYPES.items():
            if value.dtype == dtype or (tag == BYTE_ARRAY and value.dtype == np.uint8):
                return tag
    raise NBTError(f"cannot write {type(value).__name__} as NBT")


# -- strings (Java's modified UTF-8) ------------------------------------------------------------


def decode_mutf8(raw: bytes) -> str:
    """Decode Java modified UTF-8 (NUL as C0 80, characters above U+FFFF as surrogate pairs)."""
    try:
        if b"\xc0\x80" not in raw and b"\xed" not in raw:
            return raw.decode("utf-8")
        text = raw.replace(b"\xc0\x80", b"\x00").decode("utf-8", "surrogatepass")
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError as e:
        raise NBTError(f"string is not modified UTF-8: {raw[:40]!r}") from e


def encode_mutf8(text: str) -> bytes:
    """Encode a string as Java modified UTF-8."""
    if "\x00" not in text and all(ord(c) <= 0xFFFF for c in text):
        return text.encode("utf-8", "surrogatepass")
    units = text.encode("utf-16-le", "surrogatepass")
    split = "".join(chr(u) for u in struct.unpack(f"<{len(units) // 2}H", units))
    return split.encode("utf-8", "surrogatepass").replace(b"\x00", b"\xc0\x80")


# -- reading ------------------------------------------------------------------------------------


class _Reader:
    """Cursor over NBT bytes that raises NBTError instead of reading past the end."""

    def __init__(self, data: bytes | memoryview, pos: int = 0) -> None:
        self.data = data
        self.pos = pos

    def take(self, n: int) -> bytes | memoryview:
        end = self.pos + n
        if n < 0 or end > len(self.data):
            raise NBTError(f"NBT ends early: needed {n} bytes at offset {self.pos}")
        out = self.data[self.pos : end]
        self.pos = end
        return out

    def unpack(self, fmt: str) -> Any:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.data):
            raise NBTError(f"NBT ends early at offset {self.pos}")
        (value,) = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        return decode_mutf8(bytes(self.take(self.unpack(">H"))))

    def payload(self, tag: int, depth: int = 0) -> Any:
        if depth > 512:
            raise NBTError("NBT nests deeper than 512 levels")
        if tag in _SCALARS:
            return _SCALAR_TYPES[tag](self.unpack(_SCALARS[tag]))
        if tag == STRING:
            return self.string()
        if tag in _ARRAYS:
            n = self.unpack(">i")
            width = np.dtype(_ARRAYS[tag]).itemsize
            raw = self.take(n * width)
            return np.frombuffer(raw, dtype=_ARRAYS[tag]).astype(_ARRAY_DTYPES[tag])
        if tag == LIST:
            elem = self.unpack(">b")
            n = self.unpack(">i")
            if n > 0 and elem == END:
                raise NBTError(f"list of {n} END tags at offset {self.pos}")
            return NBTList((self.payload(elem, depth + 1) for _ in range(max(n, 0))), elem)
        if tag == COMPOUND:
            out: dict[str, Any] = {}
            while True:
                child = self.unpack(">b")
                if child == END:
                    return out
                name = self.string()
                out[name] = self.payload(child, depth + 1)
        raise NBTError(f"unknown NBT tag type {tag} at offset {self.pos - 1}")


def read_nbt(data: bytes | memoryview) -> tuple[str, Any]:
    """Parse uncompressed NBT: returns (root name, root value)."""
    reader = _Reader(data)
    tag = reader.unpack(">b")
    if tag == END:
        raise NBTError("NBT root is an END tag")
    name = reader.string()
    try:
        return name, reader.payload(tag)
    except RecursionError:
        raise NBTError("NBT nests too deeply to read") from None


def read_payload(data: bytes | memoryview, pos: int, tag: int) -> Any:
    """Parse one tag payload starting at ``pos`` (used for parts found by the fast scanner)."""
    try:
        return _Reader(data, pos).payload(tag)
    except RecursionError:
        raise NBTError("NBT nests too deeply to read") from None


def unwrap(data: bytes) -> bytes:
    """Undo gzip or zlib compression if present (level.dat is gzip; some tools write zlib)."""
    if data[:2] == b"\x1f\x8b":
        try:
            return gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as e:
            raise NBTError(f"damaged gzip data: {e}") from e
    if data[:1] == b"\x78":
        try:
            return zlib.decompress(data)
        except zlib.error:
            return data
    return data


# -- writing ------------------------------------------------------------------------------------


def _write_payload(out: list[bytes], value: Any, tag: int) -> None:
    if tag in _SCALARS:
        try:
            out.append(struct.pack(_SCALARS[tag], value))
        except struct.error as e:
            raise NBTError(f"value {value!r} does not fit NBT tag type {tag}") from e
    elif tag == STRING:
        raw = encode_mutf8(value)
        if len(raw) > 0xFFFF:
            raise NBTError(f"string of {len(raw)} bytes is longer than NBT allows (65535)")
        out.append(struct.pack(">H", len(raw)) + raw)
    elif tag in _ARRAYS:
        arr = np.asarray(value).astype(_ARRAYS[tag])
        out.append(struct.pack(">i", len(arr)) + arr.tobytes())
    elif tag == LIST:
        elem = (
            value.elem_type if isinstance(value, NBTList) else (tag_of(value[0]) if value else END)
        )
        out.append(struct.pack(">bi", elem, len(value)))
        for item in value:
            if tag_of(item) != elem and not (elem in _SCALARS and isinstance(item, int | float)):
                raise NBTError(f"NBT list of tag type {elem} holds a {type(item).__name__}")
            _write_payload(out, item, elem)
    elif tag == COMPOUND:
        for key, item in value.items():
            child = tag_of(item)
            out.append(struct.pack(">b", child))
            _write_payload(out, key, STRING)
            _write_payload(out, item, child)
        out.append(b"\x00")
    else:
        raise NBTError(f"unknown NBT tag type {tag}")


def write_nbt(root: dict[str, Any], name: str = "") -> bytes:
    """Serialise a root compound to uncompressed NBT bytes."""
    out: list[bytes] = [b"\x0a"]
    _write_payload(out, name, STRING)
    _write_payload(out, root, COMPOUND)
    return b"".join(out)
