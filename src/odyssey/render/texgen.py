"""Procedural 16×16 pattern primitives and material textures for the atlas (no Mojang assets).

Every generator is a pure function of a seeded ``np.random.Generator`` and colours, returning a
float32 (16, 16, 4) RGBA image (0..255, straight alpha, row 0 at the top). Patterns that fill the
tile wrap around its edges — periodic value noise, Voronoi distances measured on a torus, brick
rows and boards that divide 16 — so a tile repeats without seams under GL_REPEAT. The looks
follow Minecraft's textures (pixel-art noise in a few brightness steps, 4-pixel boards, 8-pixel
bricks, bark streaks, ringed log ends) drawn from scratch. Pictures of particular blocks are in
``pictures``, cut-out sprites in ``sprites``.
"""

from __future__ import annotations

import hashlib

import numpy as np

T = 16
RGB = tuple[int, int, int]
YY, XX = np.mgrid[0:T, 0:T]
YY.setflags(write=False)
XX.setflags(write=False)
EDGE = (YY == 0) | (YY == T - 1) | (XX == 0) | (XX == T - 1)
EDGE.setflags(write=False)


# -- noise and colour primitives ------------------------------------------------------------------


def tile_rng(name: str, seed: int) -> np.random.Generator:
    """The generator for one tile: a stable hash of its name and the atlas seed (never hash())."""
    digest = hashlib.blake2b(f"{seed}/{name}".encode(), digest_size=8).digest()
    return np.random.default_rng(int.from_bytes(digest, "little"))


def _lattice(cells: int) -> tuple[np.ndarray, np.ndarray]:
    t = (np.arange(T) + 0.5) * cells / T - 0.5
    i = np.floor(t).astype(np.int64)
    f = t - i
    return i % cells, f * f * (3 - 2 * f)


def value_noise(rng: np.random.Generator, cells_y: int, cells_x: int | None = None) -> np.ndarray:
    """Smooth periodic noise in [0, 1]: random values on a wrapped grid, smoothstep-blended."""
    cells_x = cells_y if cells_x is None else cells_x
    grid = rng.random((cells_y, cells_x))
    iy, fy = _lattice(cells_y)
    ix, fx = _lattice(cells_x)
    rows = grid[iy] * (1 - fy)[:, None] + grid[(iy + 1) % cells_y] * fy[:, None]
    return rows[:, ix] * (1 - fx) + rows[:, (ix + 1) % cells_x] * fx


def normalize(f: np.ndarray) -> np.ndarray:
    """Shift to zero mean and scale into [-1, 1]."""
    f = f - f.mean()
    return f / max(float(np.abs(f).max()), 1e-6)


def noise(
    rng: np.random.Generator, cells: int = 4, smooth: float = 0.5, cells_x: int | None = None
) -> np.ndarray:
    """Zero-mean texture noise in [-1, 1]: smooth value noise mixed with per-pixel noise."""
    return normalize(smooth * value_noise(rng, cells, cells_x) + (1 - smooth) * rng.random((T, T)))


def quantize(f: np.ndarray, levels: int) -> np.ndarray:
    """Round a [-1, 1] field to a few brightness steps, the pixel-art look of vanilla textures."""
    half = levels / 2
    return np.round(f * half) / half


def paint(rgb: RGB | np.ndarray, f: np.ndarray, contrast: float) -> np.ndarray:
    """A colour modulated by a [-1, 1] field: (16, 16, 3) float."""
    return np.asarray(rgb, np.float32) * (1 + contrast * f)[..., None]


def opaque(rgb3: np.ndarray, alpha: float = 255) -> np.ndarray:
    """Add an alpha channel to a (16, 16, 3) picture."""
    return np.concatenate([rgb3, np.full((T, T, 1), alpha, np.float32)], axis=-1).astype(np.float32)


def flat(rgb: RGB, alpha: float = 255) -> np.ndarray:
    """One colour everywhere."""
    return opaque(np.broadcast_to(np.asarray(rgb, np.float32), (T, T, 3)).copy(), alpha)


def noisy(
    rng: np.random.Generator,
    rgb: RGB,
    contrast: float = 0.1,
    cells: int = 4,
    smooth: float = 0.5,
    levels: int = 6,
) -> np.ndarray:
    """The common material look: a base colour with stepped noise (stone, dirt, sand...)."""
    return opaque(paint(rgb, quantize(noise(rng, cells, smooth), levels), contrast))


def canvas() -> np.ndarray:
    """A fully transparent tile to draw sprites on."""
    return np.zeros((T, T, 4), np.float32)


def put(img: np.ndarray, where: np.ndarray | tuple, rgb: RGB, alpha: float = 255) -> None:
    """Set pixels (a mask or an index) to a colour."""
    img[where] = (*rgb, alpha)


def scale(rgb: RGB | np.ndarray, factor: float) -> RGB:
    """A colour made lighter (> 1) or darker (< 1)."""
    return tuple(int(min(255, max(0, round(c * factor)))) for c in rgb)  # type: ignore[return-value]


def bevel(img: np.ndarray, amount: float = 0.12) -> np.ndarray:
    """Light top/left edges and dark bottom/right ones, like polished stone and metal blocks."""
    out = img.copy()
    out[0, :, :3] *= 1 + amount
    out[:, 0, :3] *= 1 + amount
    out[-1, :, :3] *= 1 - amount
    out[:, -1, :3] *= 1 - amount
    return out


def voronoi(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Nearest and second-nearest distances to ``n`` random points on the wrapped tile, and the
    nearest point's index; wrapping makes stones and gravel continue across tile edges."""
    pts = rng.random((n, 2)) * T
    dy = np.abs(YY[..., None] + 0.5 - pts[:, 0])
    dx = np.abs(XX[..., None] + 0.5 - pts[:, 1])
    d = np.hypot(np.minimum(dy, T - dy), np.minimum(dx, T - dx))
    order = np.sort(d, axis=-1)
    return order[..., 0], order[..., 1], d.argmin(axis=-1)


# -- materials -----------------------------------------------------------------------------------


def cobblestone(rng: np.random.Generator, rgb: RGB, stones: int = 8) -> np.ndarray:
    """Rounded stones (bright centres, per-stone shade) with dark gaps between them."""
    d1, d2, cell = voronoi(rng, stones)
    f = rng.uniform(0.85, 1.12, stones)[cell] * (1.2 - 0.4 * d1 / d1.max())
    f = f * (1 + 0.05 * rng.standard_normal((T, T)))
    f = np.where(d2 - d1 < 0.8, 0.5, f)
    return opaque(np.asarray(rgb, np.float32) * f[..., None])


def gravel(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Small pebbles of mixed greys and browns with thin gaps."""
    d1, d2, cell = voronoi(rng, 24)
    tones = np.array([scale(rgb, 0.7), rgb, scale(rgb, 1.2), scale((140, 118, 100), 1.0)])
    colour = tones[rng.integers(0, 4, 24)][cell].astype(np.float32)
    f = np.where(d2 - d1 < 0.7, 0.7, 1.08 - 0.2 * d1 / d1.max())
    return opaque(colour * f[..., None])


def bricks(
    rng: np.random.Generator,
    rgb: RGB,
    mortar: RGB,
    height: int = 4,
    width: int = 8,
    stagger: bool = True,
    bevel_amount: float = 0.0,
    contrast: float = 0.06,
) -> np.ndarray:
    """Rows of bricks ``height`` × ``width`` with 1-pixel mortar on their bottom and right sides,
    every other row shifted by half a brick (both divide 16, so the wall tiles)."""
    row = YY // height
    shifted = (XX + (row % 2) * (width // 2) * stagger) % T
    brick = row * (T // width + 1) + shifted // width
    f = rng.uniform(0.9, 1.08, brick.max() + 1)[brick] * (1 + contrast * noise(rng, 8, 0.3))
    ly, lx = YY % height, shifted % width
    f = np.where((ly == 0) | (lx == 0), f * (1 + bevel_amount), f)
    f = np.where((ly == height - 2) | (lx == width - 2), f * (1 - bevel_amount), f)
    out = paint(rgb, np.zeros((T, T)), 0) * f[..., None]
    joint = (ly == height - 1) | (lx == width - 1)
    out[joint] = paint(mortar, noise(rng, 16, 0.0), 0.05)[joint]
    return opaque(out)


def planks(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Four horizontal boards 4 pixels high with a dark gap line under each, grain along them
    and one butt joint per board at a random column (vanilla oak_planks' layout)."""
    board = YY // 4
    grain = 2 * value_noise(rng, 16, 2) - 1
    f = rng.uniform(0.93, 1.06, 4)[board] * (1 + 0.09 * quantize(grain, 4))
    f = np.where(YY % 4 == 3, f * 0.72, f)
    for b, x in enumerate(rng.integers(0, T, 4)):
        f[4 * b : 4 * b + 3, x] *= 0.8
    return opaque(np.asarray(rgb, np.float32) * f[..., None])


def bark(rng: np.random.Generator, rgb: RGB, contrast: float = 0.22) -> np.ndarray:
    """Log bark: vertical streaks (noise slow along y, fast along x) and dark furrows."""
    f = 0.75 * (2 * value_noise(rng, 2, 16) - 1) + 0.25 * noise(rng, 16, 0.0)
    f = quantize(np.clip(f, -1, 1), 4)
    for col in rng.choice(T, 3, replace=False):
        f[:, col] = np.minimum(f[:, col], -0.8)
    return opaque(paint(rgb, f, contrast))


def birch_bark(rng: np.random.Generator, rgb: RGB, mark: RGB) -> np.ndarray:
    """Birch: pale bark with short dark horizontal marks."""
    img = noisy(rng, rgb, 0.05, 4, 0.3)
    for _ in range(7):
        y, x, length = rng.integers(0, T), rng.integers(0, T), rng.integers(2, 6)
        img[y, (x + np.arange(length)) % T, :3] = mark
    return img


def log_end(rng: np.random.Generator, bark_rgb: RGB, wood_rgb: RGB) -> np.ndarray:
    """The cut end of a log: rounded-square growth rings inside a 1-pixel ring of bark."""
    dy, dx = np.abs(YY - 7.5), np.abs(XX - 7.5)
    r = 0.5 * np.maximum(dy, dx) + 0.5 * np.hypot(dy, dx)
    f = 1 - 0.13 * (np.floor(r / 1.6) % 2) + 0.04 * noise(rng, 16, 0.0)
    out = np.asarray(wood_rgb, np.float32) * f[..., None]
    out[EDGE] = paint(bark_rgb, noise(rng, 16, 0.0), 0.15)[EDGE]
    return opaque(out)


def leaves(rng: np.random.Generator, rgb: RGB, holes: float = 0.22) -> np.ndarray:
    """Foliage: clustered light and dark greens with see-through holes (alpha 0 or 255)."""
    img = opaque(paint(rgb, quantize(noise(rng, 8, 0.4), 4), 0.3))
    img[rng.random((T, T)) < holes, 3] = 0
    return img


def glass(frame: RGB, frame_alpha: float, inner: RGB, inner_alpha: float) -> np.ndarray:
    """A pane with a 1-pixel frame and two diagonal glints; the inside is clear or tinted."""
    img = flat(inner, inner_alpha)
    img[EDGE] = (*frame, frame_alpha)
    img[(YY == 0) | (XX == 0), :3] *= 1.08
    img[(YY == T - 1) | (XX == T - 1), :3] *= 0.85
    glint = ((XX + YY == 7) & (XX >= 2) & (XX <= 5)) | ((XX + YY == 10) & (XX >= 4) & (XX <= 6))
    img[glint] = (*frame, frame_alpha)
    return np.clip(img, 0, 255)


def wool(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Felted wool: a diagonal weave of fibres (periodic along both diagonals) over fine noise."""
    a, b = rng.random(T), rng.random(T)
    weave = a[(XX + YY) % T] + b[(XX - YY) % T] + 0.6 * rng.random((T, T))
    return opaque(paint(rgb, quantize(normalize(weave), 5), 0.1))


def ore(rng: np.random.Generator, base: np.ndarray, speck: RGB, clusters: int = 5) -> np.ndarray:
    """Stone (or deepslate, netherrack) with small clusters of a mineral's colour."""
    img = base.copy()
    shape = np.array([(0, 0), (0, 1), (1, 0), (1, 1), (-1, 0), (0, -1), (1, 2), (2, 1)])
    for _ in range(clusters):
        cy, cx = rng.integers(0, T, 2)
        for k, (oy, ox) in enumerate(shape[: rng.integers(3, 7)]):
            img[(cy + oy) % T, (cx + ox) % T, :3] = scale(speck, 1.2 if k == 0 else 0.9)
    return img


def fringe(
    rng: np.random.Generator, base: np.ndarray, top: np.ndarray, lo: int, hi: int
) -> np.ndarray:
    """A side texture: ``base`` with a jagged band of ``top`` hanging ``lo``..``hi`` rows from
    its top edge (grass over dirt on a grass block's sides)."""
    img = base.copy()
    depth = rng.integers(lo, hi + 1, T)
    mask = depth[None, :] > YY
    img[mask] = top[mask] * np.array([0.92, 0.92, 0.92, 1], np.float32)
    return img


def streaks(rng: np.random.Generator, rgb: RGB, contrast: float, vertical: bool) -> np.ndarray:
    """Grain running one way (deepslate layers, water ripples, hay straws)."""
    f = 2 * (value_noise(rng, 2, 16) if vertical else value_noise(rng, 16, 2)) - 1
    return opaque(paint(rgb, quantize(0.7 * f + 0.3 * noise(rng, 16, 0.0), 5), contrast))


def layered(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Sandstone sides: horizontal strata under a smooth lighter top band."""
    f = 0.6 * (2 * value_noise(rng, 8, 1) - 1) + 0.4 * noise(rng, 16, 0.0)
    f = np.where(YY <= 2, 0.5 + 0.2 * f, f)
    f = np.where(YY == 3, -1.0, f)
    return opaque(paint(rgb, quantize(f, 5), 0.08))


def moss_over(rng: np.random.Generator, base: np.ndarray, moss: RGB) -> np.ndarray:
    """Mossy variants: green patches over the base material."""
    img = base.copy()
    mask = value_noise(rng, 4) + 0.25 * rng.random((T, T)) > 0.78
    img[mask, :3] = paint(moss, noise(rng, 16, 0.0), 0.15)[mask]
    return img


def cracks(rng: np.random.Generator, base: np.ndarray) -> np.ndarray:
    """Cracked variants: two dark random-walk cracks."""
    img = base.copy()
    for _ in range(3):
        y, x = rng.integers(0, T, 2)
        step = rng.choice([-1, 1], 2)
        for _ in range(10):
            img[y % T, x % T, :3] *= 0.45
            y, x = (y + step[0], x) if rng.random() < 0.5 else (y, x + step[1])
    return img


def chiseled(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Chiseled blocks: a bevelled frame around a carved square ring."""
    img = bevel(noisy(rng, rgb, 0.05, 4, 0.3), 0.15)
    ring = np.maximum(np.abs(YY - 7.5), np.abs(XX - 7.5))
    img[(ring > 3) & (ring < 5), :3] *= 0.78
    img[(ring > 1) & (ring < 2.5), :3] *= 1.1
    return np.clip(img, 0, 255)


def lava(rng: np.random.Generator) -> np.ndarray:
    """Lava: dark crust, orange melt and yellow hot spots."""
    f = 0.75 * value_noise(rng, 4) + 0.25 * rng.random((T, T))
    palette = np.array([(170, 50, 10), (212, 90, 18), (240, 140, 30), (252, 200, 70)], np.float32)
    return opaque(palette[np.digitize(f, [0.3, 0.55, 0.78])])


def glowstone(rng: np.random.Generator) -> np.ndarray:
    """Glowstone: bright yellow crystals in darker brown-orange cracks."""
    d1, d2, cell = voronoi(rng, 10)
    tones = np.array([(255, 236, 170), (236, 190, 110), (200, 150, 80)], np.float32)
    colour = tones[rng.integers(0, 3, 10)][cell]
    colour[d2 - d1 < 1.0] = (130, 90, 50)
    return opaque(colour)
