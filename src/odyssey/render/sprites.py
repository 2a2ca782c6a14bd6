"""Cut-out sprites for the atlas (alpha 0 around them): torches, ladders, plants, flowers, rails,
lanterns, chains, webs, redstone dust, scaffolding and rain — drawn from scratch like vanilla's
sprites (no Mojang assets). Same conventions as ``texgen``: float32 (16, 16, 4) RGBA, row 0 on top.
"""

from __future__ import annotations

import numpy as np

from odyssey.render.texgen import RGB, XX, YY, T, canvas, noise, opaque, paint, put, scale


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
