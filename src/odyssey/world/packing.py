"""Packed long arrays of Anvil (1.16+): values never straddle two longs, least significant first."""

from __future__ import annotations

import numpy as np


def unpack_palette_indices(longs: np.ndarray, bits: int, count: int) -> np.ndarray:
    """Unpack ``count`` values of ``bits`` bits from signed 64-bit longs (as stored in NBT)."""
    per = 64 // bits
    need = -(-count // per)
    words = np.asarray(longs, dtype=np.int64)
    if len(words) < need:
        raise ValueError(f"packed array has {len(words)} longs, expected {need} for {bits} bits")
    words = words[:need].view(np.uint64)
    shifts = (np.arange(per, dtype=np.uint64) * np.uint64(bits))[None, :]
    mask = np.uint64((1 << bits) - 1)
    values = (words[:, None] >> shifts) & mask
    return values.reshape(-1)[:count].astype(np.int64)


def pack_palette_indices(values: np.ndarray, bits: int) -> np.ndarray:
    """Pack non-negative values into signed 64-bit longs, ``64 // bits`` per long."""
    per = 64 // bits
    flat = np.asarray(values, dtype=np.uint64).reshape(-1)
    need = -(-len(flat) // per)
    padded = np.zeros(need * per, dtype=np.uint64)
    padded[: len(flat)] = flat
    shifts = (np.arange(per, dtype=np.uint64) * np.uint64(bits))[None, :]
    words = np.bitwise_or.reduce(padded.reshape(need, per) << shifts, axis=1)
    return words.view(np.int64)
