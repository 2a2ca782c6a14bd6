"""Pictures of particular blocks for the atlas: bookshelf, crafting table, furnace, pumpkin, TNT,
doors and trapdoors — drawn from scratch over ``texgen`` materials, laid out like vanilla's
textures (no Mojang assets). Same conventions as ``texgen``: float32 (16, 16, 4) RGBA, row 0 on top.
"""

from __future__ import annotations

import numpy as np

from odyssey.render.texgen import (
    EDGE,
    RGB,
    XX,
    YY,
    bevel,
    noise,
    noisy,
    opaque,
    paint,
    planks,
    put,
    scale,
    streaks,
)

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
