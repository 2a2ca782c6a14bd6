"""Procedural 16×16 pattern generators for the texture atlas (no Mojang assets).

Every generator is a pure function of a seeded ``np.random.Generator`` and colours, returning a
float32 (16, 16, 4) RGBA image (0..255, straight alpha, row 0 at the top). Patterns that fill the
tile wrap around its edges — periodic value noise, Voronoi distances measured on a torus, brick
rows and boards that divide 16 — so a tile repeats without seams under GL_REPEAT. The looks
follow Minecraft's textures (pixel-art noise in a few brightness steps, 4-pixel boards, 8-pixel
bricks, bark streaks, ringed log ends) drawn from scratch.
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


# -- pictures of particular blocks ---------------------------------------------------------------

BOOK_COLOURS = ((150, 40, 35), (50, 80, 150), (60, 120, 50), (170, 140, 60), (110, 60, 130))


def bookshelf(rng: np.random.Generator, wood: np.ndarray) -> np.ndarray:
    """Two shelves of books of random colours and heights inside a planks frame."""
    img = wood.copy()
    for top, bottom in ((1, 7), (9, 15)):
        img[top:bottom, 1:15, :3] = (45, 32, 20)
        x = 1
        while x < 15:
            w = min(int(rng.integers(1, 3)), 15 - x)
            h = int(rng.integers(4, bottom - top + 1))
            colour = BOOK_COLOURS[rng.integers(0, len(BOOK_COLOURS))]
            img[bottom - h : bottom, x : x + w, :3] = scale(colour, rng.uniform(0.8, 1.1))
            img[bottom - h, x : x + w, :3] = scale(colour, 1.3)
            x += w + int(rng.integers(0, 2))
    return img


def crafting_table(wood: np.ndarray, face: str) -> np.ndarray:
    """Crafting table: a framed 3×3 grid on top; tools hanging on the sides."""
    img = wood.copy()
    dark = (70, 45, 25)
    if face == "top":
        img[EDGE, :3] = dark
        img[(YY % 5 == 0) & (YY > 0) & (XX > 0) & (XX < 15), :3] = scale(dark, 1.3)
        img[(XX % 5 == 0) & (XX > 0) & (YY > 0) & (YY < 15), :3] = scale(dark, 1.3)
        return img
    img[0:3, :, :3] = scale(dark, 1.4)
    img[:, (0, 15), :3] = dark
    put(img, (slice(5, 12), slice(3, 5)), (150, 150, 155))  # saw blade / hammer handle
    put(img, (slice(5, 7), slice(3, 8) if face == "front" else slice(2, 6)), (110, 110, 118))
    put(img, (slice(6, 13), slice(10, 12)), (120, 85, 45))
    put(img, (slice(5, 8), slice(9, 14)), (135, 135, 140))
    return img


def furnace(stone: np.ndarray, front: bool, lit: bool) -> np.ndarray:
    """Furnace: bevelled stone; the front has a dark firebox (glowing when lit)."""
    img = bevel(stone, 0.15)
    if front:
        img[8:14, 3:13, :3] = (35, 35, 35)
        img[10, 3:13, :3] = (70, 70, 70)
        img[2:5, 4:12, :3] *= 0.8
        if lit:
            img[11:14, 4:12, :3] = (250, 150, 40)
            img[12:14, 5:11, :3] = (255, 220, 90)
    return np.clip(img, 0, 255)


def pumpkin(rng: np.random.Generator, rgb: RGB, face: str, ribs: RGB) -> np.ndarray:
    """Pumpkins and melons: vertical ribs on the sides, a stem on top, carved faces."""
    if face == "top":
        img = noisy(rng, rgb, 0.08, 8, 0.3)
        r = np.hypot(YY - 7.5, XX - 7.5)
        img[np.isclose(np.mod(np.arctan2(YY - 7.5, XX - 7.5), np.pi / 4), 0, atol=0.12), :3] *= 0.8
        img[r < 2.2, :3] = (90, 75, 25)
        return img
    img = streaks(rng, rgb, 0.08, vertical=True)
    img[:, (0, 5, 10), :3] = ribs
    if face in ("carved", "lantern"):
        hole = (40, 20, 5) if face == "carved" else (255, 215, 70)
        eyes = (YY >= 4) & (YY <= 6) & (np.abs(XX - 4.5) <= 1.5 - (6 - YY) * 0.5)
        eyes |= (YY >= 4) & (YY <= 6) & (np.abs(XX - 11.5) <= 1.5 - (6 - YY) * 0.5)
        mouth = (YY >= 9) & (YY <= 11) & (XX >= 3) & (XX <= 12) & ~((YY == 9) & (XX % 3 == 0))
        img[eyes | mouth, :3] = hole
    return img


TNT_LETTERS = ("xxx.x..x.xxx", ".x..xx.x..x.", ".x..x.xx..x.", ".x..x..x..x.", ".x..x..x..x.")


def tnt(rng: np.random.Generator, face: str) -> np.ndarray:
    """TNT: red sticks with a white label reading TNT; the top shows stick ends and a fuse."""
    img = opaque(paint((205, 60, 30), np.where(XX % 4 == 3, -1.0, noise(rng, 16, 0.0)), 0.15))
    if face == "side":
        img[4:12, :, :3] = (225, 225, 220)
        for r, line in enumerate(TNT_LETTERS):
            for c, ch in enumerate(line):
                if ch == "x":
                    img[5 + r, 2 + c, :3] = (30, 30, 30)
    elif face == "top":
        ends = np.hypot((YY % 8) - 3.5, (XX % 8) - 3.5) < 2.5
        img[ends, :3] = (170, 50, 30)
        img[6:10, 6:10, :3] = (60, 60, 60)
    return img


def door(
    rng: np.random.Generator, rgb: RGB, top: bool, windows: bool, wood: bool = True
) -> np.ndarray:
    """A door half: vertical boards (or plain metal) in a darker frame, a panel on the bottom,
    two window holes (alpha 0) on the top where the door has them, a handle on the bottom."""
    img = np.rot90(planks(rng, rgb)).copy() if wood else bevel(noisy(rng, rgb, 0.04), 0.1)
    frame = (XX <= 1) | (XX >= 14) | ((YY <= 1) if top else (YY >= 14))
    img[frame, :3] *= 0.78
    if top and windows:
        img[(YY >= 3) & (YY <= 7) & (((XX >= 3) & (XX <= 6)) | ((XX >= 9) & (XX <= 12))), 3] = 0
    elif top:
        img[(YY >= 3) & (YY <= 12) & (XX >= 4) & (XX <= 11), :3] *= 0.88
    else:
        img[(YY >= 3) & (YY <= 11) & (XX >= 4) & (XX <= 11), :3] *= 0.88
        put(img, (slice(1, 3), slice(11, 13)), (60, 60, 60))
    return img


def trapdoor(rng: np.random.Generator, rgb: RGB, wood: bool = True) -> np.ndarray:
    """A trapdoor: a frame with a cross brace and four holes (alpha 0)."""
    img = np.rot90(planks(rng, rgb)).copy() if wood else noisy(rng, rgb, 0.04)
    holes = ((YY % 7 >= 2) & (YY % 7 <= 5) & (YY < 14)) & (
        (XX % 7 >= 2) & (XX % 7 <= 5) & (XX < 14)
    )
    img[holes, 3] = 0
    img[EDGE, :3] *= 0.8
    return img


# -- sprites (alpha 0 around them) ---------------------------------------------------------------


def torch(flame: RGB, stick: RGB = (137, 103, 39)) -> np.ndarray:
    """A torch: a 2-pixel stick in columns 7..8 of rows 6..15, its top rows 5..7 a flame."""
    img = canvas()
    put(img, (slice(6, 16), 7), scale(stick, 1.1))
    put(img, (slice(6, 16), 8), scale(stick, 0.85))
    put(img, (slice(6, 8), slice(7, 9)), flame)
    put(img, (5, slice(7, 9)), scale(flame, 1.25))
    return img


def ladder(rgb: RGB) -> np.ndarray:
    """Two side rails and 2-pixel rungs every 4 rows."""
    img = canvas()
    rails = (XX == 1) | (XX == 2) | (XX == 13) | (XX == 14)
    rungs = (YY % 4 >= 1) & (YY % 4 <= 2) & (XX > 2) & (XX < 13)
    put(img, rails | rungs, rgb)
    img[(XX == 1) | (XX == 13), :3] *= 1.15
    img[rungs & (YY % 4 == 2), :3] *= 0.8
    return np.clip(img, 0, 255)


def blades(
    rng: np.random.Generator, rgb: RGB, count: int = 9, lo: int = 5, hi: int = 13
) -> np.ndarray:
    """Grass-like blades 1 pixel wide of random height and lean, lighter towards their tips."""
    img = canvas()
    for col in rng.choice(T, count, replace=False):
        h, lean = int(rng.integers(lo, hi + 1)), int(rng.integers(-1, 2))
        for k in range(h):
            y, x = T - 1 - k, int(col + round(lean * k / max(h, 1) * 2)) % T
            put(img, (y, x), scale(rgb, 0.7 + 0.45 * k / h))
    return img


def fern(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Fronds: blades with leaflets on alternating sides."""
    img = blades(rng, rgb, 5, 8, 15)
    stems = img[..., 3] > 0
    for y, x in zip(*np.nonzero(stems), strict=True):
        if y % 2 == 0:
            put(img, (y, (x + (1 if (y // 2) % 2 else -1)) % T), scale(rgb, 0.9))
    return img


FLOWER_STEM = (55, 115, 30)


def flower(style: str, petal: RGB, centre: RGB | None = None) -> np.ndarray:
    """A flower: a 1-pixel stem with two leaves and a head whose shape depends on ``style``."""
    img = canvas()
    put(img, (slice(8, 16), 7), FLOWER_STEM)
    put(img, ([12, 11, 13, 12], [6, 5, 8, 9]), scale(FLOWER_STEM, 1.15))
    r = np.hypot(YY - 5.5, XX - 7.5)
    head = {
        "round": r < 2.6,
        "daisy": r < 3.1,
        "ball": np.hypot(YY - 4.5, XX - 7.5) < 3.0,
        "cup": (YY >= 3) & (YY <= 7) & (XX >= 6) & (XX <= 9) & ~((YY == 3) & (XX % 2 == 1)),
        "small": np.isin(YY * T + XX, [3 * T + 6, 4 * T + 9, 5 * T + 5, 6 * T + 8, 4 * T + 7]),
        "bells": np.isin(YY * T + XX, [4 * T + 8, 5 * T + 8, 6 * T + 5, 7 * T + 5, 8 * T + 9]),
    }[style]
    put(img, head, petal)
    img[head & (YY > 5), :3] *= 0.85
    if centre is not None:
        middle = (r < 1.2) if style != "small" else head & (XX % 2 == 0)
        put(img, middle, centre)
    return img


def sapling(rng: np.random.Generator, leaf: RGB, trunk: RGB, conifer: bool) -> np.ndarray:
    """A small tree: a trunk and a blob of foliage with holes."""
    img = canvas()
    put(img, (slice(10, 16), slice(7, 9)), trunk)
    crown = (
        (np.abs(XX - 7.5) < (YY - 1) * 0.55) & (YY < 12)
        if conifer
        else (np.hypot(YY - 6, XX - 7.5) < 4.6)
    )
    crown &= rng.random((T, T)) > 0.22
    img[crown] = opaque(paint(leaf, noise(rng, 16, 0.0), 0.2))[crown]
    return img


def vine(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Vines: random-walking stems from the top edge with leaves around them."""
    img = canvas()
    for x in rng.choice(T, 4, replace=False):
        for y in range(T):
            put(img, (y, x % T), scale(rgb, 0.8))
            for dx in (-1, 1):
                if rng.random() < 0.45:
                    put(img, (y, (x + dx) % T), scale(rgb, rng.uniform(0.9, 1.15)))
            x += int(rng.integers(-1, 2))
    return img


def sugar_cane(rgb: RGB) -> np.ndarray:
    """Three 2-pixel stalks with lighter joints every 5 rows and small leaves."""
    img = canvas()
    for i, x in enumerate((2, 7, 12)):
        put(img, (slice(0, T), x), scale(rgb, 1.1))
        put(img, (slice(0, T), x + 1), scale(rgb, 0.85))
        joints = [(y, x + c) for y in range(i, T, 5) for c in (0, 1)]
        put(img, tuple(np.array(joints).T), scale(rgb, 1.3))
        put(img, ((i * 5 + 3) % T, x + 2), scale(rgb, 0.7))
    return img


def twigs(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """A dead bush: brown twigs branching up from the bottom centre."""
    img = canvas()
    for _ in range(6):
        y, x = 15, 7 + int(rng.integers(0, 2))
        drift = int(rng.choice([-1, 1]))
        for _ in range(int(rng.integers(6, 12))):
            put(img, (y, x % T), scale(rgb, rng.uniform(0.8, 1.15)))
            y -= 1
            x += drift if rng.random() < 0.5 else 0
    return img


def bars(rgb: RGB) -> np.ndarray:
    """Iron bars: four vertical 2-pixel bars and two horizontal bands."""
    img = canvas()
    put(img, (XX % 4 == 1) | (XX % 4 == 2) | (YY == 1) | (YY == 14), rgb)
    img[XX % 4 == 2, :3] *= 0.8
    return img


def rail(rgb: RGB, accent: RGB | None = None) -> np.ndarray:
    """A rail seen from above: wooden sleepers every 4 rows under two metal rails."""
    img = canvas()
    put(img, (YY % 4 >= 1) & (YY % 4 <= 2) & (XX >= 1) & (XX <= 14), (105, 80, 50))
    put(img, (XX == 2) | (XX == 3) | (XX == 12) | (XX == 13), rgb)
    img[(XX == 3) | (XX == 13), :3] *= 0.78
    if accent is not None:
        put(img, (slice(0, T), slice(7, 9)), accent)
    return img


def lantern(glow: RGB, frame: RGB = (60, 62, 70)) -> np.ndarray:
    """A lantern hanging from a short chain: dark cap and frame around a glowing body."""
    img = canvas()
    put(img, (slice(1, 6), slice(7, 9)), frame)
    put(img, (slice(6, 8), slice(5, 11)), frame)
    put(img, (slice(8, 15), slice(5, 11)), frame)
    put(img, (slice(9, 14), slice(6, 10)), glow)
    put(img, (slice(10, 13), slice(7, 9)), scale(glow, 1.2))
    put(img, (15, slice(5, 11)), scale(frame, 0.8))
    return img


def chain(rgb: RGB) -> np.ndarray:
    """Chain links alternating face-on (hollow) and edge-on (a bar), 4 rows each."""
    img = canvas()
    face_on = (YY // 4) % 2 == 0
    ring = ((XX == 6) | (XX == 9)) | (((YY % 4 == 0) | (YY % 4 == 3)) & (XX >= 6) & (XX <= 9))
    put(img, (face_on & ring) | (~face_on & ((XX == 7) | (XX == 8))), rgb)
    img[XX >= 8, :3] *= 0.8
    return img


def lever(stone: RGB, stick: RGB) -> np.ndarray:
    """A lever: a stick standing in a small stone base."""
    img = canvas()
    put(img, (slice(3, 12), slice(7, 9)), stick)
    put(img, (3, slice(7, 9)), scale(stick, 1.3))
    put(img, (slice(12, 16), slice(5, 11)), stone)
    return img


def cobweb(rgb: RGB) -> np.ndarray:
    """A web: radial threads and two diamond rings."""
    img = canvas()
    dy, dx = YY - 7.5, XX - 7.5
    diamond = np.abs(dy) + np.abs(dx)
    threads = (np.abs(dy) == np.abs(dx)) | (dx == 0.5) | (dy == 0.5)
    put(img, threads | (diamond == 5) | (diamond == 11), rgb, 255)
    return img


def dust(rgb: RGB, line: bool) -> np.ndarray:
    """Redstone dust: a vertical line 4 pixels wide, or a ragged dot in the middle."""
    img = canvas()
    mask = (XX >= 6) & (XX <= 9) if line else np.hypot(YY - 7.5, XX - 7.5) < 3.4
    put(img, mask, rgb)
    img[mask & ((XX + YY) % 3 == 0), :3] *= 0.8
    return img


def scaffolding(rgb: RGB, top: bool) -> np.ndarray:
    """Scaffolding: a 2-pixel bamboo frame with a cross (top) or a diagonal brace (sides)."""
    img = canvas()
    frame = (YY <= 1) | (YY >= 14) | (XX <= 1) | (XX >= 14)
    brace = (np.abs(YY - XX) <= 1) | ((np.abs(YY + XX - 15) <= 1) & top)
    put(img, frame | brace, rgb)
    img[frame & ((YY == 1) | (XX == 1)), :3] *= 0.85
    return img


def rain(rng: np.random.Generator) -> np.ndarray:
    """Rain: thin light streaks (partly transparent) on a clear tile; they wrap vertically."""
    img = canvas()
    for x in rng.choice(T, 2, replace=False):
        start, length = int(rng.integers(0, T)), int(rng.integers(3, 7))
        rows = (start + np.arange(length)) % T
        img[rows, x] = (*scale((205, 225, 255), rng.uniform(0.9, 1.1)), rng.uniform(80, 130))
    return img
