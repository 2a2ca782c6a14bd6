"""3-D gradient noise for caves and the Nether, sampled on a coarse lattice and interpolated per
chunk.

``perlin3`` is a pure function of (seed, salt, x, y, z) like ``noise.perlin2``. Cave fields are
sampled, as vanilla does, every 4 blocks across and 8 blocks up, and ``upsample`` spreads the
lattice over the chunk's blocks with trilinear weights as three small matrix products, which is
far cheaper than evaluating noise at each of a chunk's 98 304 blocks.
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

from odyssey.world.gen.noise import mix_seed

CELL_XZ, CELL_Y = 4, 8  # lattice spacing in blocks

# Gradient directions: the 12 edges of a cube (Perlin's improved noise).
_GRADIENTS = np.array(
    [[1, 1, 0], [-1, 1, 0], [1, -1, 0], [-1, -1, 0], [1, 0, 1], [-1, 0, 1], [1, 0, -1],
     [-1, 0, -1], [0, 1, 1], [0, -1, 1], [0, 1, -1], [0, -1, -1]],
    dtype=np.float64,
)  # fmt: skip


@lru_cache(maxsize=256)
def _tables(seed: int, salt: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Doubled permutation, gradient per hash, and an offset keeping the origin off-lattice."""
    rng = np.random.default_rng(mix_seed(seed, "cavenoise", salt))
    perm = rng.permutation(256).astype(np.int64)
    grad = _GRADIENTS[rng.integers(0, 12, 256)]
    offset = rng.uniform(0.0, 256.0, 3)
    return np.concatenate([perm, perm]), grad, offset


def perlin3(seed: int, salt: str, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """3-D gradient noise in about -1..1 (float coordinates in noise units)."""
    perm, grad, offset = _tables(seed, salt)
    x, y, z = np.broadcast_arrays(
        np.asarray(x, np.float64) + offset[0],
        np.asarray(y, np.float64) + offset[1],
        np.asarray(z, np.float64) + offset[2],
    )
    x0, y0, z0 = np.floor(x), np.floor(y), np.floor(z)
    fx, fy, fz = x - x0, y - y0, z - z0
    ix, iy, iz = (v.astype(np.int64) & 255 for v in (x0, y0, z0))
    total = np.zeros(x.shape)
    u = [1 - _fade(fx), _fade(fx)]
    v = [1 - _fade(fy), _fade(fy)]
    w = [1 - _fade(fz), _fade(fz)]
    for dx in (0, 1):
        a = perm[ix + dx]
        for dy in (0, 1):
            b = perm[a + iy + dy]
            for dz in (0, 1):
                g = grad[perm[b + iz + dz]]
                dot = g[..., 0] * (fx - dx) + g[..., 1] * (fy - dy) + g[..., 2] * (fz - dz)
                total += u[dx] * v[dy] * w[dz] * dot
    return total


def _fade(t: np.ndarray) -> np.ndarray:
    return t * t * t * (t * (t * 6 - 15) + 10)


def fbm3(
    seed: int,
    salt: str,
    x: np.ndarray,
    y: np.ndarray,
    z: np.ndarray,
    scale: tuple[float, float],
    octaves: int = 2,
) -> np.ndarray:
    """Octave sum of ``perlin3``; ``scale`` is the first octave's (horizontal, vertical)
    wavelength in blocks. Normalised to about -1..1."""
    total = np.zeros(np.broadcast(x, y, z).shape)
    amplitude, norm = 1.0, 0.0
    fh, fv = 1.0 / scale[0], 1.0 / scale[1]
    for octave in range(octaves):
        total += amplitude * perlin3(seed, f"{salt}#{octave}", x * fh, y * fv, z * fh)
        norm += amplitude
        amplitude *= 0.5
        fh, fv = fh * 2.0, fv * 2.0
    return total / norm


def lattice(x0: int, z0: int, y0: int, layers: int) -> tuple[np.ndarray, ...]:
    """Block coordinates (y, z, x grids) of the lattice over a chunk at (x0, z0) from y0."""
    ys = y0 + CELL_Y * np.arange(layers + 1)
    zs = z0 + CELL_XZ * np.arange(16 // CELL_XZ + 1)
    xs = x0 + CELL_XZ * np.arange(16 // CELL_XZ + 1)
    return np.meshgrid(ys, zs, xs, indexing="ij")


@cache
def _weights(cells: int, step: int) -> np.ndarray:
    """(cells * step, cells + 1) linear interpolation weights from lattice to blocks."""
    out = np.zeros((cells * step, cells + 1))
    for i in range(cells * step):
        k, t = divmod(i, step)
        out[i, k] = 1.0 - t / step
        out[i, k + 1] = t / step
    return out


def upsample(values: np.ndarray) -> np.ndarray:
    """Trilinear interpolation of a (layers + 1, 5, 5) lattice to (layers * 8, 16, 16) blocks."""
    layers = values.shape[0] - 1
    wxz = _weights(16 // CELL_XZ, CELL_XZ)
    flat = values @ wxz.T  # (L, 5, 16) across x
    flat = np.einsum("zb,lbx->lzx", wxz, flat)  # (L, 16, 16)
    wy = _weights(layers, CELL_Y)
    return (wy @ flat.reshape(layers + 1, 256)).reshape(layers * CELL_Y, 16, 16)
