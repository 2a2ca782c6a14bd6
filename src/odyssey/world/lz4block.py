"""Decoding of Minecraft's LZ4 chunk compression (region compression type 4, 1.20.5+).

Minecraft writes chunks with lz4-java's ``LZ4BlockOutputStream``: a series of blocks, each
``"LZ4Block"`` + token byte (method 0x10 raw / 0x20 LZ4, level in the low nibble) + little-endian
int32 compressed length, decompressed length and checksum, then the data; a block with
decompressed length 0 ends the stream. The per-block xxhash32 checksum is not verified: a damaged
block is still caught by the LZ4 decoder's bounds and length checks.
"""

from __future__ import annotations

import struct

import numba
import numpy as np

from odyssey.errors import CorruptChunkError

MAGIC = b"LZ4Block"
HEADER = struct.Struct("<8sBiii")
METHOD_RAW = 0x10
METHOD_LZ4 = 0x20


@numba.njit(cache=True, inline="always")
def _length(src: np.ndarray, ip: int, nibble: int) -> tuple[int, int]:
    """A literal or match length: the token's nibble, extended by bytes while they are 255."""
    if nibble != 15:
        return nibble, ip
    while True:
        if ip >= src.shape[0]:
            return -1, ip
        b = np.int64(src[ip])
        ip += 1
        nibble += b
        if b != 255:
            return nibble, ip


@numba.njit(cache=True)
def _lz4_block_decode(src: np.ndarray, dst: np.ndarray) -> int:
    """Decode one raw LZ4 block into ``dst``; returns bytes written or -1 if malformed."""
    ip, op, n_in, n_out = 0, 0, src.shape[0], dst.shape[0]
    while ip < n_in:
        token = src[ip]
        ip += 1
        lit, ip = _length(src, ip, np.int64(token >> 4))
        if lit < 0:
            return -1
        if ip + lit > n_in or op + lit > n_out:
            return -1
        dst[op : op + lit] = src[ip : ip + lit]
        ip += lit
        op += lit
        if ip >= n_in:
            break  # the last sequence carries literals only
        if ip + 2 > n_in:
            return -1
        offset = np.int64(src[ip]) | (np.int64(src[ip + 1]) << 8)
        ip += 2
        if offset == 0 or offset > op:
            return -1
        mlen, ip = _length(src, ip, np.int64(token & 15))
        if mlen < 0:
            return -1
        mlen += 4
        if op + mlen > n_out:
            return -1
        for k in range(mlen):  # byte by byte: the match may overlap what it writes
            dst[op + k] = dst[op - offset + k]
        op += mlen
    return op


def lz4_block_decompress(data: bytes, size: int) -> bytes:
    """Decompress one raw LZ4 block whose decompressed size is known."""
    out = np.empty(size, dtype=np.uint8)
    written = _lz4_block_decode(np.frombuffer(data, dtype=np.uint8), out)
    if written != size:
        raise ValueError(f"LZ4 block decoded to {written} bytes, expected {size}")
    return out.tobytes()


def decompress_lz4_stream(data: bytes, where: str) -> bytes:
    """Decompress an lz4-java block stream; ``where`` names the chunk for error messages."""
    parts: list[bytes] = []
    pos = 0
    while True:
        if pos + HEADER.size > len(data):
            if pos == len(data) and parts:
                break  # stream without an end block
            raise CorruptChunkError(f"{where}: LZ4 stream ends inside a block header")
        magic, token, clen, dlen, _checksum = HEADER.unpack_from(data, pos)
        if magic != MAGIC:
            raise CorruptChunkError(f"{where}: LZ4 block without the 'LZ4Block' magic")
        pos += HEADER.size
        if dlen == 0:
            break
        payload = data[pos : pos + clen]
        if clen < 0 or len(payload) != clen:
            raise CorruptChunkError(f"{where}: LZ4 block is truncated")
        pos += clen
        method = token & 0xF0
        if method == METHOD_RAW:
            parts.append(payload)
        elif method == METHOD_LZ4:
            try:
                parts.append(lz4_block_decompress(payload, dlen))
            except ValueError as e:
                raise CorruptChunkError(f"{where}: damaged LZ4 block ({e})") from e
        else:
            raise CorruptChunkError(f"{where}: unknown LZ4 block method {method:#x}")
    return b"".join(parts)
