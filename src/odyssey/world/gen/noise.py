"""Seeded gradient noise, vectorised with numpy: pure functions of (seed, salt, coordinates).

2-D Perlin noise with a per-(seed, salt) permutation table and octave sums (fBm). Every value
depends only on the seed, the salt naming the field and the coordinates, never on the order in
which areas are asked for, so chunks generate the same whatever their order. Integer hashing
(``hash3``) gives per-block random numbers for scattered details (bedrock, deepslate).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

_MASK64 = (1 << 64) - 1


def mix_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and names/numbers (splitmix64 steps)."""
    h = seed & _MASK64
    for part in parts:
        value = part if isinstance(part, int) else _str_hash(part)
        h = _splitmix(h ^ (value & _MASK64))
    return h >> 1


def _str_hash(text: str) -> int:
    h = 1469598103934665603
    for byte in text.encode():
        h = ((h ^ byte) * 1099511628211) & _MASK64
    return h


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


@lru_cache(maxsize=256)
def _tables(seed: int, salt: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
    """Permutation (doubled), unit gradient vectors and an offset of one noise field (the
    offset keeps the origin off the lattice, where gradient noise is always zero)."""
    rng = np.random.default_rng(mix_seed(seed, salt))
    perm = rng.permutation(256).astype(np.int64)
    angles = rng.uniform(0.0, 2.0 * np.pi, 256)
    ox, oz = rng.uniform(0.0, 256.0, 2)
    return np.concatenate([perm, perm]), np.cos(angles), np.sin(angles), float(ox), float(oz)


def perlin2(seed: int, salt: str, x: np.ndarray, z: np.ndarray) -> np.ndarray:
    """2-D gradient noise in about -1..1 (float64 coordinates in noise units)."""
    perm, gx, gz, ox, oz = _tables(seed, salt)
    x = np.asarray(x, dtype=np.float64) + ox
    z = np.asarray(z, dtype=np.float64) + oz
    x0, z0 = np.floor(x), np.floor(z)
    fx, fz = x - x0, z - z0
    ix = x0.astype(np.int64) & 255
    iz = z0.astype(np.int64) & 255
    a, b = perm[ix], perm[ix + 1]
    h00, h01 = perm[a + iz], perm[a + iz + 1]
    h10, h11 = perm[b + iz], perm[b + iz + 1]
    n00 = gx[h00] * fx + gz[h00] * fz
    n10 = gx[h10] * (fx - 1) + gz[h10] * fz
    n01 = gx[h01] * fx + gz[h01] * (fz - 1)
    n11 = gx[h11] * (fx - 1) + gz[h11] * (fz - 1)
    u = fx * fx * fx * (fx * (fx * 6 - 15) + 10)
    v = fz * fz * fz * (fz * (fz * 6 - 15) + 10)
    nx0 = n00 + u * (n10 - n00)
    nx1 = n01 + u * (n11 - n01)
    return (nx0 + v * (nx1 - nx0)) * 1.41421356


def fbm2(
    seed: int,
    salt: str,
    x: np.ndarray,
    z: np.ndarray,
    scale: float,
    octaves: int = 4,
    persistence: float = 0.5,
) -> np.ndarray:
    """Octave sum of ``perlin2`` with the first octave's wavelength ``scale`` blocks, normalised
    to about -1..1. Each octave is its own field, so octaves do not line up at the origin."""
    x = np.asarray(x, dtype=np.float64)
    z = np.asarray(z, dtype=np.float64)
    total = np.zeros(np.broadcast(x, z).shape)
    amplitude, frequency, norm = 1.0, 1.0 / scale, 0.0
    for octave in range(octaves):
        total += amplitude * perlin2(seed, f"{salt}#{octave}", x * frequency, z * frequency)
        norm += amplitude
        amplitude *= persistence
        frequency *= 2.0
    return total / norm


def hash3(seed: int, salt: int, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Uniform floats in [0, 1) per integer (x, y, z): a stateless per-block random number."""
    x, y, z = np.broadcast_arrays(
        np.asarray(x, dtype=np.int64), np.asarray(y, dtype=np.int64), np.asarray(z, dtype=np.int64)
    )
    with np.errstate(over="ignore"):
        h = np.uint64(mix_seed(seed, salt)) ^ (x.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15))
        h ^= y.astype(np.uint64) * np.uint64(0xC2B2AE3D27D4EB4F)
        h ^= z.astype(np.uint64) * np.uint64(0x165667B19E3779F9)
        h ^= h >> np.uint64(31)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
        h *= np.uint64(0x94D049BB133111EB)
        h ^= h >> np.uint64(32)
    return (h >> np.uint64(11)).astype(np.float64) / float(1 << 53)
