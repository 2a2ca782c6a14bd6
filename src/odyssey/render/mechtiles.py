"""Atlas tiles of the survival mechanics' blocks: fire, portals, crops by stage, farmland,
containers, redstone components and pistons — drawn from scratch (no Mojang assets) in the
looks of vanilla's textures, with the same conventions as ``texgen`` (float32 (16, 16, 4) RGBA,
row 0 on top) and names following vanilla's texture files (``wheat_stage3``, ``piston_top``).

Tiles tinted per state (``blocktints``: redstone dust, stems) are drawn in greys.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from odyssey.render import texgen as tg
from odyssey.render.palette import DYES
from odyssey.render.texgen import RGB, XX, YY, T, canvas, put, scale

Recipe = Callable[[np.random.Generator, Callable[[str], np.ndarray]], np.ndarray]

SMOOTH_STONE = (160, 160, 160)
OAK = (162, 130, 78)
IRON = (75, 75, 80)
PURPLE_SHULKER = (151, 103, 151)


# -- sprites -------------------------------------------------------------------------------------


def flames(rng: np.random.Generator, hot: RGB, mid: RGB, tip: RGB) -> np.ndarray:
    """Fire: tongues of random height rising from the bottom row, hot at their base."""
    img = canvas()
    heights = np.clip(np.round(9 + 5 * tg.value_noise(rng, 1, 4)[0] + rng.integers(-2, 3, T)), 5, T)
    for x, h in enumerate(heights.astype(int)):
        for k in range(h):
            f = k / max(h - 1, 1)
            rgb = hot if f < 0.35 else mid if f < 0.75 else tip
            put(img, (T - 1 - k, x), scale(rgb, rng.uniform(0.92, 1.08)))
    return img


def crop(rng: np.random.Generator, stage: float, leaf: RGB, count: int = 7) -> np.ndarray:
    """Crop stalks whose height grows with ``stage`` (0..1), lighter towards their tips."""
    img = canvas()
    top = round(3 + 12 * stage)
    for col in rng.choice(T, count, replace=False):
        h = max(2, top - int(rng.integers(0, 3)))
        lean = int(rng.integers(-1, 2))
        for k in range(h):
            x = int(col + round(lean * k / max(h, 1) * 1.5)) % T
            put(img, (T - 1 - k, x), scale(leaf, 0.7 + 0.45 * k / h))
            if k > 1 and k % 3 == 1 and rng.random() < 0.6:  # leaves off the stalk
                put(img, (T - 1 - k, (x + (1 if k % 2 else -1)) % T), scale(leaf, 0.95))
    return img


def wheat(rng: np.random.Generator, stage: int) -> np.ndarray:
    """wheat_stage0..7: short green shoots to tall golden stalks with grain heads at stage 7."""
    f = stage / 7
    green, gold = np.array((70, 150, 40)), np.array((196, 166, 62))
    leaf = tuple(int(c) for c in green + (gold - green) * f**1.5)
    img = crop(rng, 0.15 + 0.85 * f, leaf)  # type: ignore[arg-type]
    if stage >= 5:  # ears: thicker, browner tips
        ears_end = T + 2 - 12 * (0.15 + 0.85 * f)  # the top 5 rows of the tallest stalks
        tips = (img[..., 3] > 0) & (ears_end > YY)
        img[tips, :3] = np.array(scale((170, 130, 50), 0.9 + 0.05 * (stage - 5)), np.float32)
    return img


def root_crop(rng: np.random.Generator, stage: int, leaf: RGB, root: RGB | None) -> np.ndarray:
    """carrots/potatoes/beetroots_stage0..3: leafy tops; the root shows at stage 3."""
    img = crop(rng, 0.2 + 0.25 * stage, leaf, 6 + stage)
    if root is not None and stage == 3:
        for x in (2, 7, 12):
            put(img, (slice(12, 15), slice(x, x + 2)), root)
            put(img, (12, slice(x, x + 2)), scale(root, 1.15))
    return img


def stem(attached: bool) -> np.ndarray:
    """Melon/pumpkin stem in greys (tinted by age): a stalk with nubs, bent when attached."""
    img = canvas()
    grey = (200, 200, 200)
    if attached:  # up from the bottom centre, then along to the fruit on the left edge
        put(img, (slice(8, 16), 8), grey)
        put(img, (8, slice(0, 9)), grey)
        put(img, (7, slice(0, 4)), scale(grey, 0.8))
    else:
        put(img, (slice(4, 16), 8), grey)
        for y in (6, 9, 12):
            put(img, (y, 7 if y % 2 else 9), scale(grey, 0.8))
    return img


def dust(line: bool) -> np.ndarray:
    """Redstone dust in greys (tinted by power): a 4-px line along v, or a round blob."""
    img = canvas()
    mask = (XX >= 6) & (XX <= 9) if line else np.hypot(YY - 7.5, XX - 7.5) < 3.6
    put(img, mask, (235, 235, 235))
    img[mask & ((XX + 2 * YY) % 5 == 0), :3] *= 0.75
    img[mask & ((XX + YY) % 7 == 3), :3] *= 0.85
    return img


# -- pictures ------------------------------------------------------------------------------------


def framed(img: np.ndarray, rgb: RGB, width: int = 1) -> np.ndarray:
    """The image with a border ``width`` px wide in ``rgb``."""
    out = img.copy()
    inner = slice(width, T - width)
    edge = np.ones((T, T), bool)
    edge[inner, inner] = False
    out[edge, :3] = rgb
    return out


def starfield(rng: np.random.Generator) -> np.ndarray:
    """The End portal: near-black teal with scattered pale stars."""
    img = tg.noisy(rng, (12, 22, 26), 0.4, 4, 0.5)
    stars = rng.random((T, T)) < 0.07
    img[stars, :3] = np.array([(150, 220, 200), (230, 250, 240)], np.float32)[
        rng.integers(0, 2, int(stars.sum()))
    ]
    return img


def portal_swirl(rng: np.random.Generator) -> np.ndarray:
    """The Nether portal: translucent purple with swirling lighter streaks."""
    f = tg.normalize(np.sin((XX + 2 * YY) * 0.8 + 3 * tg.value_noise(rng, 4)) + tg.noise(rng, 4))
    rgb = tg.paint((120, 40, 210), tg.quantize(f, 5), 0.35)
    return tg.opaque(rgb, 190)


def farmland(rng: np.random.Generator, wet: bool) -> np.ndarray:
    """Tilled soil: furrows along x, dark and wet when moist."""
    base = (75, 45, 25) if wet else (143, 102, 70)
    img = tg.noisy(rng, base, 0.12, 8, 0.3)
    img[YY % 4 == 3, :3] *= 0.72
    img[YY % 4 == 0, :3] *= 1.1
    return np.clip(img, 0, 255)


def chest(rng: np.random.Generator, face: str, wood: RGB, band: RGB) -> np.ndarray:
    """Chest: planks with a dark rim; sides have the lid seam 5 px below the top."""
    img = framed(tg.planks(rng, wood), scale(wood, 0.55))
    if face == "side":
        img[5:7, :, :3] = band
    return img


def _banded(img: np.ndarray) -> np.ndarray:
    """Dark bands across the top and bottom rows (a composter's frame)."""
    out = img.copy()
    out[[0, 1, 14, 15], :, :3] *= 0.6
    return out


def barrel(rng: np.random.Generator, face: str) -> np.ndarray:
    """Barrel: vertical staves with iron hoops; the top a lid, open showing the dark inside."""
    staves = tg.planks(rng, (120, 85, 48))
    if face == "side":
        img = np.rot90(staves).copy()
        img[[2, 3, 12, 13], :, :3] = (70, 70, 72)
        return img
    img = framed(staves, (70, 70, 72), 2)
    if face == "top_open":
        img[3:13, 3:13, :3] = (40, 28, 18)
    elif face == "top":
        img[7:9, 5:11, :3] = scale((120, 85, 48), 0.6)
    return img


def shulker(rng: np.random.Generator, rgb: RGB) -> np.ndarray:
    """Shulker box: the shell colour with a darker lid seam across the middle and a rim."""
    img = framed(tg.noisy(rng, rgb, 0.06, 4, 0.3), scale(rgb, 0.8))
    img[7:9, :, :3] = scale(rgb, 0.6)
    return img


def lamp(rng: np.random.Generator, lit: bool) -> np.ndarray:
    """Redstone lamp: a frame around a cell pattern, glowing yellow-white when lit."""
    glass = (250, 220, 150) if lit else (95, 55, 35)
    img = tg.noisy(rng, glass, 0.15 if lit else 0.2, 4, 0.4)
    img[(XX % 5 == 2) | (YY % 5 == 2), :3] *= 0.75 if lit else 0.6
    return framed(np.clip(img, 0, 255), (200, 160, 110) if lit else (110, 75, 50))


def diode(rng: np.random.Generator, kind: str, lit: bool) -> np.ndarray:
    """Repeater/comparator top: smooth stone with the red signal path (bright when powered)."""
    img = tg.noisy(rng, SMOOTH_STONE, 0.04, 4, 0.3)
    red = (230, 35, 20) if lit else (110, 20, 12)
    if kind == "repeater":
        put(img, (slice(1, 15), slice(7, 9)), red)
    else:  # comparator: a path from each back torch to the front
        put(img, (slice(2, 13), slice(4, 6)), red)
        put(img, (slice(2, 13), slice(10, 12)), red)
        put(img, (slice(2, 4), slice(4, 12)), red)
    return framed(img, scale(SMOOTH_STONE, 0.85))


def observer(rng: np.random.Generator, face: str) -> np.ndarray:
    """Observer: dark stone; the face with two eyes, the back with an output (red when on)."""
    img = tg.noisy(rng, (95, 95, 95), 0.15, 4, 0.5)
    if face == "front":
        img[4:7, 3:6, :3] = img[4:7, 10:13, :3] = (30, 30, 30)
        img[10:12, 2:14, :3] = (50, 50, 50)
    elif face.startswith("back"):
        img[6:10, 6:10, :3] = (240, 50, 20) if face == "back_on" else (70, 20, 15)
    elif face == "top":  # an arrow pointing to the face
        for k in range(4):
            img[2 + k, 7 - k : 9 + k, :3] = (60, 60, 60)
        img[5:14, 7:9, :3] = (60, 60, 60)
    else:
        img[7:9, :, :3] = (65, 65, 65)
    return framed(img, (70, 70, 70))


def piston(rng: np.random.Generator, face: str, sticky: bool = False) -> np.ndarray:
    """Piston: cobblestone with a planks strip at the front (row 0 of the side), planks on the
    face (slime green when sticky), an iron-framed hole at the back and inside the base."""
    stone = tg.cobblestone(rng, (118, 118, 118))
    wood = tg.planks(rng, OAK)
    if face == "side":
        img = stone.copy()
        img[:4] = wood[:4]
        img[4, :, :3] *= 0.6
        return img
    if face == "top":
        img = framed(wood, scale(OAK, 0.7))
        if sticky:
            img[2:14, 2:14, :3] = tg.noisy(rng, (110, 170, 80), 0.15, 4, 0.4)[2:14, 2:14, :3]
        return img
    img = framed(stone, (90, 90, 90))
    img[5:11, 5:11, :3] = (40, 40, 40) if face == "bottom" else (150, 150, 150)
    return img


def frame_top(rng: np.random.Generator) -> np.ndarray:
    """End portal frame top: end stone with a teal ring round a dark socket."""
    img = tg.noisy(rng, (219, 222, 158), 0.08, 8, 0.4)
    ring = (np.maximum(np.abs(YY - 7.5), np.abs(XX - 7.5)) > 3) & (
        np.maximum(np.abs(YY - 7.5), np.abs(XX - 7.5)) < 6
    )
    img[ring, :3] = (48, 110, 95)
    img[5:11, 5:11, :3] = (25, 45, 40)
    return img


def frame_side(rng: np.random.Generator) -> np.ndarray:
    """End portal frame side: end stone with a teal band at the top."""
    img = tg.noisy(rng, (219, 222, 158), 0.08, 8, 0.4)
    img[3:6, :, :3] = (48, 110, 95)
    return img


def ender_eye(rng: np.random.Generator) -> np.ndarray:
    """The eye in a frame: green with a dark pupil."""
    img = tg.noisy(rng, (60, 150, 110), 0.15, 4, 0.4)
    img[6:10, 6:10, :3] = (20, 40, 30)
    return img


def cauldron(rng: np.random.Generator, face: str) -> np.ndarray:
    """Cauldron: dark iron; the top is its rim around the hollow."""
    img = tg.noisy(rng, (65, 65, 70), 0.15, 4, 0.4)
    if face == "top":
        img[2:14, 2:14, :3] = (35, 35, 38)
    elif face == "side":
        img[13:, 3:13, 3] = 0  # the gap between the feet
    return img


# -- the catalogue -------------------------------------------------------------------------------


def _crops(r: dict[str, Recipe]) -> None:
    for stage in range(8):
        r[f"wheat_stage{stage}"] = lambda g, t, s=stage: wheat(g, s)
    for stage in range(4):
        r[f"carrots_stage{stage}"] = lambda g, t, s=stage: root_crop(
            g, s, (75, 160, 45), (235, 125, 30)
        )
        r[f"potatoes_stage{stage}"] = lambda g, t, s=stage: root_crop(
            g, s, (60, 140, 50), (200, 165, 90)
        )
        r[f"beetroots_stage{stage}"] = lambda g, t, s=stage: root_crop(
            g, s, (70, 135, 45), (150, 30, 40)
        )
    r["pumpkin_stem"] = lambda g, t: stem(False)
    r["attached_stem"] = lambda g, t: stem(True)
    r["cactus_side"] = lambda g, t: _cactus(g, side=True)
    r["cactus_top"] = lambda g, t: _cactus(g, side=False)
    r["farmland"] = lambda g, t: farmland(g, wet=False)
    r["farmland_moist"] = lambda g, t: farmland(g, wet=True)


def _cactus(rng: np.random.Generator, side: bool) -> np.ndarray:
    img = tg.noisy(rng, (88, 130, 45), 0.12, 4, 0.5)
    if side:
        img[:, ::4, :3] *= 0.8
        spines = (YY % 4 == 1) & (XX % 4 == 2)
        img[spines, :3] = (215, 215, 170)
    else:
        img = framed(img, (70, 105, 35))
        img[7:9, 7:9, :3] = (130, 170, 70)
    return np.clip(img, 0, 255)


def _containers(r: dict[str, Recipe]) -> None:
    for name, wood, band in (
        ("chest", (160, 110, 45), (60, 40, 20)),
        ("trapped_chest", (160, 105, 45), (140, 35, 25)),
        ("ender_chest", (30, 45, 45), (20, 90, 80)),
    ):
        r[name] = lambda g, t, w=wood, b=band: chest(g, "side", w, b)
        r[f"{name}_top"] = lambda g, t, w=wood, b=band: chest(g, "top", w, b)
    r["chest_latch"] = lambda g, t: framed(tg.flat((200, 200, 205)), (120, 120, 125))
    for face in ("side", "top", "top_open", "bottom"):
        r[f"barrel_{face}"] = lambda g, t, f=face: barrel(g, f)
    r["shulker_box"] = lambda g, t: shulker(g, PURPLE_SHULKER)
    for dye, (concrete, *_) in DYES.items():
        r[f"{dye}_shulker_box"] = lambda g, t, c=concrete: shulker(g, c)
    r["hopper_outside"] = lambda g, t: framed(tg.noisy(g, IRON, 0.12, 4, 0.4), scale(IRON, 0.7))
    r["hopper_inside"] = lambda g, t: tg.noisy(g, scale(IRON, 0.6), 0.1, 4, 0.4)
    r["composter_side"] = lambda g, t: _banded(np.rot90(tg.planks(g, (140, 95, 50))).copy())
    r["composter_top"] = lambda g, t: framed(tg.flat((40, 28, 18)), (140, 95, 50), 2)
    r["composter_bottom"] = lambda g, t: tg.planks(g, (125, 85, 45))
    r["composter_compost"] = lambda g, t: tg.noisy(g, (90, 65, 30), 0.3, 8, 0.2)
    r["composter_ready"] = lambda g, t: tg.ore(g, t("composter_compost"), (230, 230, 215), 9)
    for face in ("side", "top", "bottom"):
        r[f"cauldron_{face}"] = lambda g, t, f=face: cauldron(g, f)
    r["cauldron_inner"] = lambda g, t: tg.noisy(g, (45, 45, 50), 0.1, 4, 0.4)


def _redstone(r: dict[str, Recipe]) -> None:
    r["redstone_dust_dot"] = lambda g, t: dust(line=False)
    r["redstone_dust_line"] = lambda g, t: dust(line=True)
    r["redstone_lamp"] = lambda g, t: lamp(g, lit=False)
    r["redstone_lamp_on"] = lambda g, t: lamp(g, lit=True)
    for kind in ("repeater", "comparator"):
        r[kind] = lambda g, t, k=kind: diode(g, k, lit=False)
        r[f"{kind}_on"] = lambda g, t, k=kind: diode(g, k, lit=True)
    for face in ("front", "back", "back_on", "side", "top"):
        r[f"observer_{face}"] = lambda g, t, f=face: observer(g, f)
    r["note_block"] = lambda g, t: _note_block(g)
    r["piston_side"] = lambda g, t: piston(g, "side")
    for turns in (1, 2, 3):  # the strip turned to face the piston's front on every side
        r[f"piston_side_r{turns}"] = lambda g, t, k=turns: np.rot90(t("piston_side"), -k).copy()
    r["piston_top"] = lambda g, t: piston(g, "top")
    r["piston_top_sticky"] = lambda g, t: piston(g, "top", sticky=True)
    r["piston_bottom"] = lambda g, t: piston(g, "bottom")
    r["piston_inner"] = lambda g, t: piston(g, "inner")


def _note_block(rng: np.random.Generator) -> np.ndarray:
    img = framed(tg.planks(rng, (110, 70, 50)), (70, 45, 30))
    img[5:11, 5:11, :3] = (60, 40, 28)
    img[6:10, 7:9, :3] = (25, 20, 15)
    return img


def _portals(r: dict[str, Recipe]) -> None:
    r["fire"] = lambda g, t: flames(g, (255, 240, 120), (250, 160, 30), (210, 70, 15))
    r["soul_fire"] = lambda g, t: flames(g, (210, 255, 255), (70, 210, 230), (30, 120, 200))
    r["nether_portal"] = lambda g, t: portal_swirl(g)
    r["end_portal"] = lambda g, t: starfield(g)
    r["end_portal_frame_top"] = lambda g, t: frame_top(g)
    r["end_portal_frame_side"] = lambda g, t: frame_side(g)
    r["end_portal_frame_eye"] = lambda g, t: ender_eye(g)


def mechanics_recipes(r: dict[str, Recipe]) -> None:
    """Add (or replace) the mechanics' tiles in the catalogue ``r``."""
    for group in (_crops, _containers, _redstone, _portals):
        group(r)
