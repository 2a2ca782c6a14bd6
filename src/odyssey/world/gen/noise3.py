"""3-D gradient noise and lattice upsampling for density terrain (the Nether's caverns).

``perlin3`` is improved Perlin noise with a per-(seed, salt) permutation, a pure function of the
coordinates like ``noise.perlin2``. Density fields are sampled on a coarse lattice (vanilla's
cells are 4 blocks wide and 8 tall in the Nether) and ``upsample`` interpolates them trilinearly
to blocks, which is what keeps 3-D terrain cheap.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from odyssey.world.gen.noise import mix_seed

# The 12 edge directions of a cube, padded to 16 as Perlin's reference implementation does.
_GRAD = np.array(
    [[1, 1, 0], [-1, 1, 0], [1, -1, 0], [-1, -1, 0], [1, 0, 1], [-1, 0, 1], [1, 0, -1],
     [-1, 0, -1], [0, 1, 1], [0, -1, 1], [0, 1, -1], [0, -1, -1], [1, 1, 0], [0, -1, 1],
     [-1, 1, 0], [0, -1, -1]],
    dtype=np.float64,
)  # fmt: skip


@lru_cache(maxsize=256)
def _tables(seed: int, salt: str) -> tuple[np.ndarray, tuple[float, float, float]]:
    rng = np.random.default_rng(mix_seed(seed, salt))
    perm = rng.permutation(256).astype(np.int64)
    ox, oy, oz = (float(v) for v in rng.uniform(0.0, 256.0, 3))
    return np.concatenate([perm, perm]), (ox, oy, oz)


def _fade(t: np.ndarray) -> np.ndarray:
    return t * t * t * (t * (t * 6 - 15) + 10)


def perlin3(seed: int, salt: str, x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """3-D gradient noise in about -1..1 (float coordinates in noise units)."""
    perm, (ox, oy, oz) = _tables(seed, salt)
    x, y, z = np.broadcast_arrays(
        np.asarray(x, np.float64) + ox,
        np.asarray(y, np.float64) + oy,
        np.asarray(z, np.float64) + oz,
    )
    x0, y0, z0 = np.floor(x), np.floor(y), np.floor(z)
    fx, fy, fz = x - x0, y - y0, z - z0
    ix, iy, iz = (v.astype(np.int64) & 255 for v in (x0, y0, z0))
    a, b = perm[ix] + iy, perm[ix + 1] + iy
    aa, ab, ba, bb = perm[a] + iz, perm[a + 1] + iz, perm[b] + iz, perm[b + 1] + iz

    def grad(h: np.ndarray, dx: np.ndarray, dy: np.ndarray, dz: np.ndarray) -> np.ndarray:
        g = _GRAD[perm[h] & 15]
        return g[..., 0] * dx + g[..., 1] * dy + g[..., 2] * dz

    u, v, w = _fade(fx), _fade(fy), _fade(fz)
    x1, y1, z1 = fx - 1, fy - 1, fz - 1
    n000, n100 = grad(aa, fx, fy, fz), grad(ba, x1, fy, fz)
    n010, n110 = grad(ab, fx, y1, fz), grad(bb, x1, y1, fz)
    n001, n101 = grad(aa + 1, fx, fy, z1), grad(ba + 1, x1, fy, z1)
    n011, n111 = grad(ab + 1, fx, y1, z1), grad(bb + 1, x1, y1, z1)
    nx00 = n000 + u * (n100 - n000)
    nx10 = n010 + u * (n110 - n010)
    nx01 = n001 + u * (n101 - n001)
    nx11 = n011 + u * (n111 - n011)
    nxy0 = nx00 + v * (nx10 - nx00)
    nxy1 = nx01 + v * (nx11 - nx01)
    return nxy0 + w * (nxy1 - nxy0)


def fbm3(
    seed: int,
    salt: str,
    x: np.ndarray,
    y: np.ndarray,
    z: np.ndarray,
    scale_xz: float,
    scale_y: float,
    octaves: int = 3,
) -> np.ndarray:
    """Octave sum of ``perlin3`` (first wavelength ``scale_xz`` across, ``scale_y`` up),
    normalised to about -1..1."""
    total = np.zeros(np.broadcast(np.asarray(x), np.asarray(y), np.asarray(z)).shape)
    amplitude, norm = 1.0, 0.0
    for octave in range(octaves):
        f = 2.0**octave
        total += amplitude * perlin3(
            seed, f"{salt}#{octave}", x * f / scale_xz, y * f / scale_y, z * f / scale_xz
        )
        norm += amplitude
        amplitude *= 0.5
    return total / norm


def upsample(lattice: np.ndarray, cell_y: int, cell_xz: int) -> np.ndarray:
    """Trilinear interpolation of a [y][z][x] lattice (one point per cell corner) to blocks:
    (ny, nz, nx) points give ((ny - 1) * cell_y, (nz - 1) * cell_xz, (nx - 1) * cell_xz)."""
    ny, nz, nx = lattice.shape

    def axis(n: int, cell: int) -> tuple[np.ndarray, np.ndarray]:
        i = np.arange((n - 1) * cell)
        return i // cell, (i % cell) / cell

    iy, fy = axis(ny, cell_y)
    iz, fz = axis(nz, cell_xz)
    ix, fx = axis(nx, cell_xz)
    a = lattice[iy] + fy[:, None, None] * (lattice[iy + 1] - lattice[iy])
    b = a[:, iz] + fz[None, :, None] * (a[:, iz + 1] - a[:, iz])
    return b[:, :, ix] + fx[None, None, :] * (b[:, :, ix + 1] - b[:, :, ix])
