"""Anvil region files (``r.<rx>.<rz>.mca``): the 8 KiB header, chunk records, compression.

Reading is lazy: a region opens with its header only (memory-mapped), and each chunk's bytes are
read and decompressed on request. Every compression Minecraft writes is read (gzip, zlib, none,
LZ4, and oversized chunks stored in ``c.<cx>.<cz>.mcc`` files); writing uses zlib, Minecraft's
default, and moves chunks over 1 MiB to ``.mcc`` files as Minecraft does.
"""

from __future__ import annotations

import gzip
import mmap
import os
import re
import struct
import time
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path

import numpy as np

from odyssey.errors import CorruptChunkError, WorldError
from odyssey.world.lz4block import decompress_lz4_stream

SECTOR = 4096
GZIP, ZLIB, NONE, LZ4, CUSTOM = 1, 2, 3, 4, 127
EXTERNAL_FLAG = 128
MAX_SECTORS = 255  # a record longer than this goes to an external .mcc file
REGION_NAME = re.compile(r"^r\.(-?\d+)\.(-?\d+)\.mca$")


def region_coords(path: Path) -> tuple[int, int] | None:
    """(rx, rz) from a region file name, or None if the name is not a region's."""
    match = REGION_NAME.match(path.name)
    return (int(match.group(1)), int(match.group(2))) if match else None


def region_file_name(rx: int, rz: int) -> str:
    """File name of region (rx, rz)."""
    return f"r.{rx}.{rz}.mca"


def decompress(payload: bytes, compression: int, where: str) -> bytes:
    """Decompress a chunk payload by its compression type; errors name the chunk."""
    try:
        if compression == ZLIB:
            return zlib.decompress(payload)
        if compression == GZIP:
            return gzip.decompress(payload)
        if compression == NONE:
            return bytes(payload)
        if compression == LZ4:
            return decompress_lz4_stream(bytes(payload), where)
    except (zlib.error, OSError, EOFError) as e:
        raise CorruptChunkError(f"{where}: damaged compressed data ({e})") from e
    if compression == CUSTOM:
        raise CorruptChunkError(f"{where}: custom compression algorithm is not supported")
    raise CorruptChunkError(f"{where}: unknown compression type {compression}")


class RegionFile:
    """A region file opened for reading; chunks are read on demand."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        coords = region_coords(self.path)
        if coords is None:
            raise WorldError(f"{self.path}: not a region file name (expected r.<x>.<z>.mca)")
        self.rx, self.rz = coords
        self._data: mmap.mmap | bytes = b""
        self.header_damaged = False
        size = self.path.stat().st_size
        if size >= 2 * SECTOR:
            with self.path.open("rb") as f:
                self._data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        elif size > 0:
            self.header_damaged = True  # a truncated header: no chunk can be located
        header = np.frombuffer(self._data[:SECTOR], dtype=">u4") if self._data else None
        self._locations = (
            header.astype(np.int64) if header is not None else np.zeros(1024, np.int64)
        )

    def close(self) -> None:
        """Release the memory map."""
        if isinstance(self._data, mmap.mmap):
            self._data.close()
        self._data = b""

    def __enter__(self) -> RegionFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _index(self, cx: int, cz: int) -> int:
        return (cx & 31) + (cz & 31) * 32

    def chunk_positions(self) -> Iterator[tuple[int, int]]:
        """Absolute (cx, cz) of every chunk the header lists."""
        for index in np.flatnonzero(self._locations):
            lx, lz = int(index) % 32, int(index) // 32
            yield self.rx * 32 + lx, self.rz * 32 + lz

    def has_chunk(self, cx: int, cz: int) -> bool:
        """Whether the header lists chunk (cx, cz)."""
        return bool(self._locations[self._index(cx, cz)])

    def where(self, cx: int, cz: int) -> str:
        """Human-readable place of a chunk for error messages."""
        return f"{self.path} chunk ({cx}, {cz})"

    def read_chunk_bytes(self, cx: int, cz: int) -> bytes | None:
        """Uncompressed NBT of chunk (cx, cz) or None if absent; damage: CorruptChunkError."""
        record = self.read_chunk_record(cx, cz)
        if record is None:
            return None
        compression, payload = record
        return decompress(payload, compression, self.where(cx, cz))

    def read_chunk_record(self, cx: int, cz: int) -> tuple[int, bytes] | None:
        """(compression type, compressed payload) of chunk (cx, cz), following .mcc files."""
        location = int(self._locations[self._index(cx, cz)])
        if location == 0:
            return None
        where = self.where(cx, cz)
        offset, sectors = (location >> 8) * SECTOR, location & 0xFF
        if offset < 2 * SECTOR or offset + 5 > len(self._data):
            raise CorruptChunkError(f"{where}: record at byte {offset} is outside the file")
        length, compression = struct.unpack_from(">iB", self._data, offset)
        if compression & EXTERNAL_FLAG:
            return compression & ~EXTERNAL_FLAG, self._read_external(cx, cz, where)
        end = offset + 4 + length
        if length <= 1 or end > len(self._data) or length > max(sectors, 1) * SECTOR + SECTOR:
            raise CorruptChunkError(
                f"{where}: record length {length} does not fit the file (truncated?)"
            )
        return compression, self._data[offset + 5 : end]

    def _read_external(self, cx: int, cz: int, where: str) -> bytes:
        external = self.path.parent / f"c.{cx}.{cz}.mcc"
        if not external.is_file():
            raise CorruptChunkError(f"{where}: external chunk file {external.name} is missing")
        return external.read_bytes()


def write_region(
    path: Path,
    chunks: Mapping[tuple[int, int], bytes],
    timestamp: int | None = None,
    compression: int = ZLIB,
) -> None:
    """Write a region file from uncompressed chunk NBT keyed by absolute (cx, cz).

    The file is written to a temporary name and renamed, so a crash never leaves half a region.
    """
    path = Path(path)
    coords = region_coords(path)
    if coords is None:
        raise WorldError(f"{path}: not a region file name (expected r.<x>.<z>.mca)")
    stamp = int(time.time()) if timestamp is None else timestamp
    locations = np.zeros(1024, dtype=">u4")
    stamps = np.zeros(1024, dtype=">u4")
    body: list[bytes] = []
    sector = 2
    for (cx, cz), nbt in sorted(chunks.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if (cx >> 5, cz >> 5) != coords:
            raise WorldError(f"chunk ({cx}, {cz}) does not belong in {path.name}")
        payload = _compress(nbt, compression)
        record = struct.pack(">iB", len(payload) + 1, compression) + payload
        if len(record) > MAX_SECTORS * SECTOR:
            _write_atomic(path.parent / f"c.{cx}.{cz}.mcc", payload)
            record = struct.pack(">iB", 1, compression | EXTERNAL_FLAG)
        padded = record + b"\x00" * (-len(record) % SECTOR)
        count = len(padded) // SECTOR
        index = (cx & 31) + (cz & 31) * 32
        locations[index] = (sector << 8) | count
        stamps[index] = stamp
        body.append(padded)
        sector += count
    _write_atomic(path, locations.tobytes() + stamps.tobytes() + b"".join(body))


def _compress(nbt: bytes, compression: int) -> bytes:
    if compression == ZLIB:
        return zlib.compress(nbt)
    if compression == GZIP:
        return gzip.compress(nbt, mtime=0)
    if compression == NONE:
        return nbt
    raise WorldError(f"writing compression type {compression} is not supported (use 1, 2 or 3)")


def _write_atomic(path: Path, data: bytes) -> None:
    """Write a file via a temporary sibling and a rename."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
