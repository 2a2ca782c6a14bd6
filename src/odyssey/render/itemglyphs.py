"""Procedural 16 × 16 item pictures that are not blocks: tools, armour, ingots, food, glyphs.

Each picture is drawn from a few geometric masks (lines, discs, diamonds) and coloured by the
item's material, then outlined in a darker shade of itself so it reads on any slot; no Mojang
assets. ``glyph(name, kind, tier)`` picks the picture from the item's tool kind and name words;
everything unknown becomes a shape and colour hashed from its name, so different items differ.
"""

from __future__ import annotations

import hashlib

import numpy as np

Color = tuple[int, int, int]
T = 16
_V, _U = np.mgrid[0:T, 0:T] + 0.5  # pixel centres: row (v), column (u)

# Material colours by name word (tool tiers, armour materials, ingots and gems).
MATERIALS: dict[str, Color] = {
    "wooden": (160, 118, 64), "stone": (128, 128, 128), "copper": (196, 108, 72),
    "golden": (250, 212, 60), "gold": (250, 212, 60), "iron": (218, 218, 218),
    "diamond": (80, 228, 214), "netherite": (78, 66, 72), "leather": (150, 92, 52),
    "chainmail": (150, 150, 160), "turtle": (70, 160, 70), "emerald": (30, 210, 100),
    "lapis": (40, 70, 180), "redstone": (210, 20, 20), "coal": (42, 42, 46),
    "charcoal": (58, 50, 40), "quartz": (232, 226, 218), "amethyst": (160, 110, 220),
    "brick": (170, 80, 60), "resin": (230, 120, 30), "glowstone": (250, 210, 110),
    "gunpowder": (90, 90, 90), "sugar": (245, 245, 245), "blaze": (250, 170, 40),
    "breeze": (150, 160, 230), "bone": (230, 226, 200), "string": (240, 240, 240),
    "feather": (245, 245, 245), "paper": (235, 235, 225), "flint": (60, 60, 62),
    "slime": (110, 200, 90), "prismarine": (100, 170, 160), "echo": (20, 80, 90),
    "ender": (30, 110, 100), "nether": (90, 40, 50), "clay": (160, 166, 180),
}  # fmt: skip
STICK: Color = (104, 76, 36)
# Raw and cooked food colours by name word.
FOODS: dict[str, Color] = {
    "beef": (200, 60, 60), "porkchop": (240, 150, 150), "mutton": (210, 70, 70),
    "chicken": (240, 200, 180), "rabbit": (220, 150, 130), "cod": (180, 170, 140),
    "salmon": (230, 110, 80), "apple": (220, 30, 30), "bread": (200, 150, 70),
    "carrot": (250, 140, 20), "potato": (210, 180, 90), "beetroot": (150, 30, 40),
    "melon": (230, 60, 50), "cookie": (190, 120, 60), "pie": (220, 150, 70),
    "berries": (180, 20, 40), "kelp": (60, 90, 40), "flesh": (130, 110, 60),
    "stew": (150, 100, 60), "soup": (150, 40, 40), "spider": (160, 40, 60),
    "chorus": (150, 100, 150), "honey": (250, 180, 40), "pufferfish": (230, 200, 60),
    "fish": (170, 170, 150),
}  # fmt: skip
COOKED = (122, 72, 40)  # cooked meat is browner
ARMOUR = ("helmet", "chestplate", "leggings", "boots")


# -- masks ------------------------------------------------------------------------------------


def line(p0: tuple[float, float], p1: tuple[float, float], width: float = 1.0) -> np.ndarray:
    """Pixels within width/2 of the segment p0-p1 (points as (u, v))."""
    a, b = np.array(p0, float), np.array(p1, float)
    d = b - a
    t = np.clip(((_U - a[0]) * d[0] + (_V - a[1]) * d[1]) / max(float(d @ d), 1e-9), 0, 1)
    return np.hypot(_U - a[0] - t * d[0], _V - a[1] - t * d[1]) <= width / 2 + 0.2


def disc(c: tuple[float, float], r: float, ry: float | None = None) -> np.ndarray:
    ry = r if ry is None else ry
    return ((_U - c[0]) / r) ** 2 + ((_V - c[1]) / ry) ** 2 <= 1.0


def diamond(c: tuple[float, float], r: float) -> np.ndarray:
    return np.abs(_U - c[0]) + np.abs(_V - c[1]) <= r


def box(u0: int, v0: int, u1: int, v1: int) -> np.ndarray:
    """Pixels u0 <= u < u1, v0 <= v < v1."""
    return (u0 <= _U) & (u1 > _U) & (v0 <= _V) & (v1 > _V)


# -- painting ---------------------------------------------------------------------------------


def shade(color: Color, k: float) -> Color:
    return tuple(int(min(255, max(0, round(c * k)))) for c in color)  # type: ignore[return-value]


def paint(layers: list[tuple[np.ndarray, Color]]) -> np.ndarray:
    """Masks painted in order (later on top), each with a darker outline where it meets
    the background: a (16, 16, 4) uint8 picture."""
    out = np.zeros((T, T, 4), np.uint8)
    for mask, color in layers:
        out[mask] = (*color, 255)
    filled = out[..., 3] > 0
    pad = np.pad(filled, 1)
    edge = filled & ~(pad[:-2, 1:-1] & pad[2:, 1:-1] & pad[1:-1, :-2] & pad[1:-1, 2:])
    out[edge, :3] = (out[edge, :3] * 0.55).astype(np.uint8)
    return out


def name_hash(name: str) -> int:
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=4).digest(), "little")


def hashed_color(name: str) -> Color:
    """A stable, saturated colour for a name (HSV hue from its hash)."""
    h = name_hash(name)
    hue, val = (h % 360) / 60.0, 170 + (h >> 9) % 80
    x = 1 - abs(hue % 2 - 1)
    r, g, b = [(1, x, 0), (x, 1, 0), (0, 1, x), (0, x, 1), (x, 0, 1), (1, 0, x)][int(hue) % 6]
    return (int(60 + r * (val - 60)), int(60 + g * (val - 60)), int(60 + b * (val - 60)))


def material(name: str, default: Color | None = None) -> Color:
    for word in name.split("_"):
        if word in MATERIALS:
            return MATERIALS[word]
    return default if default is not None else hashed_color(name)


# -- pictures ---------------------------------------------------------------------------------


def tool(kind: str, head: Color) -> np.ndarray:
    """A tool drawn like vanilla's: a stick from the bottom left, its head at the top right."""
    dark = shade(head, 0.8)
    if kind == "sword":
        return paint([
            (line((3, 13), (5, 11), 2), STICK), (line((2.5, 8.5), (7.5, 13.5), 1.5), dark),
            (line((5.5, 10.5), (13.5, 2.5), 2.4), head),
            (line((7, 9), (13, 3), 0.6), shade(head, 1.15)),
        ])  # fmt: skip
    if kind in ("pickaxe", "axe", "shovel", "hoe"):
        top = {"pickaxe": (9, 6), "axe": (11, 4), "shovel": (9.5, 6.5), "hoe": (11, 4)}[kind]
        heads = {
            "pickaxe": (np.abs(np.hypot(_U - 0.5, _V - 15.5) - 12) <= 1.3) & box(1, 1, 15, 14),
            "axe": (disc((7.5, 5.5), 4.5) & (_U + _V <= 14.5)) | line((9, 6), (12, 3), 2),
            "shovel": diamond((11.5, 4.5), 3.6),
            "hoe": line((6.5, 3), (12, 3), 2) | line((11.5, 3.5), (12, 5), 1),
        }
        return paint([(line((2.5, 13.5), top, 2), STICK), (heads[kind], head)])
    if kind in ("spear", "trident"):
        return paint([(line((2, 14), (10, 6), 1.6), STICK), (line((9, 7), (14, 2), 2.2), head)])
    if kind == "mace":
        return paint([(line((3, 13), (9, 7), 2), STICK), (disc((11, 5), 3.5), head)])
    if kind == "shears":
        blades = line((3, 3), (12, 12), 1.6) | line((12, 3), (3, 12), 1.6)
        return paint([(blades, head), (disc((4, 12), 2) | disc((12, 12), 2), (180, 40, 40))])
    return paint([(line((3, 13), (12, 4), 2.5), head)])


def armour(piece: str, color: Color) -> np.ndarray:
    shapes = {
        "helmet": (disc((8, 9), 6, 5) & box(0, 4, 16, 11)) & ~box(4, 8, 12, 11),
        "chestplate": (box(2, 2, 14, 6) | box(4, 2, 12, 15)) & ~box(6, 2, 10, 4),
        "leggings": box(3, 2, 13, 6) | box(3, 2, 7, 15) | box(9, 2, 13, 15),
        "boots": box(2, 7, 6, 14) | box(10, 7, 14, 14) | box(1, 11, 6, 14) | box(10, 11, 15, 14),
    }
    return paint([(shapes[piece], color)])


def ingot(color: Color) -> np.ndarray:
    body = (_V >= 6) & (_V <= 11) & (_U >= 2 + (11 - _V) * 0.5) & (_U <= 14 - (11 - _V) * 0.5)
    return paint([(body, color), (box(5, 7, 11, 8), shade(color, 1.2))])


def gem(color: Color) -> np.ndarray:
    return paint([(diamond((8, 8), 6.5), color), (diamond((6.5, 6.5), 2), shade(color, 1.25))])


def dust(name: str, color: Color) -> np.ndarray:
    rng = np.random.default_rng(name_hash(name))
    grains = disc((8, 11), 6, 3.5) & (rng.random((T, T)) < 0.75)
    return paint([(grains | disc((8, 10), 3, 2), color)])


def rod(color: Color) -> np.ndarray:
    return paint([(line((3, 13), (13, 3), 2), color)])


def food(name: str, color: Color) -> np.ndarray:
    words = name.split("_")
    if "cooked" in words or "baked" in words:
        color = tuple((c + k) // 2 for c, k in zip(color, COOKED, strict=True))  # type: ignore[assignment]
    if any(w in words for w in ("beef", "porkchop", "mutton", "chicken", "rabbit", "flesh")):
        return paint(
            [(disc((9, 7), 5.5, 4.5), color), (line((3, 13), (6, 10), 2), (235, 230, 210))]
        )
    if any(w in words for w in ("cod", "salmon", "pufferfish", "fish")):
        tail = diamond((3, 8), 2.5)
        return paint([(disc((9, 8), 5.5, 3), color), (tail, shade(color, 0.8))])
    if "apple" in words:
        return paint([(disc((8, 9), 5.5), color), (line((8, 2), (9, 4), 1), (90, 60, 30))])
    if "bread" in words or "potato" in words:
        return paint([(disc((8, 9), 6.5, 3.5), color)])
    if "carrot" in words:
        return paint(
            [(line((3, 13), (11, 5), 3), color), (line((11, 5), (14, 2), 1), (60, 160, 40))]
        )
    if "stew" in words or "soup" in words:
        bowl = disc((8, 8), 6.5, 5) & box(0, 8, 16, 16)
        return paint([(bowl, (120, 80, 40)), (disc((8, 8), 5.5, 1.5), color)])
    return paint([(disc((8, 8), 6), color), (disc((6, 6), 1.5), shade(color, 1.25))])


def bucket(name: str) -> np.ndarray:
    body = (_V >= 4) & (_V <= 14) & (np.abs(_U - 8) <= 6 - (_V - 4) * 0.25)
    fill = {"water": (50, 90, 230), "lava": (240, 120, 20), "milk": (250, 250, 250)}
    contents = next((c for w, c in fill.items() if w in name), None)
    layers = [(body, (200, 200, 205))]
    if contents is not None:
        layers.append((disc((8, 4.5), 5.5, 1.2), contents))
    elif name != "bucket":  # a mob in a bucket
        layers.append((disc((8, 9), 2.5), hashed_color(name)))
    return paint(layers)


_SHAPES = ("disc", "diamond", "square", "triangle", "ring", "cross")


def fallback(name: str) -> np.ndarray:
    """An item with no picture of its own: a shape and colour picked by its name's hash."""
    h = name_hash(name)
    color = material(name)
    shape = _SHAPES[(h >> 17) % len(_SHAPES)]
    masks = {
        "disc": disc((8, 8), 6),
        "diamond": diamond((8, 8), 7),
        "square": box(3, 3, 13, 13),
        "triangle": (_V >= 3) & (_V <= 13) & (np.abs(_U - 8) <= (_V - 3) * 0.6),
        "ring": disc((8, 8), 6.5) & ~disc((8, 8), 3),
        "cross": line((3, 8), (13, 8), 3) | line((8, 3), (8, 13), 3),
    }
    return paint([(masks[shape], color), (disc((6, 6), 1.2), shade(color, 1.3))])


def glyph(name: str, tool_kind: str | None, tier: str | None, edible: bool) -> np.ndarray:
    """The picture of a non-block item: by tool kind, then by the words of its name."""
    words = name.split("_")
    if tool_kind is not None:
        return tool(tool_kind, material(tier or name, MATERIALS["iron"]))
    if words[-1] in ARMOUR:
        return armour(words[-1], material(name, MATERIALS["iron"]))
    if "bucket" in words:
        return bucket(name)
    if words[-1] in ("ingot", "brick", "scrap") or name.startswith("raw_"):
        return ingot(material(name))
    if name in ("diamond", "emerald", "quartz", "lapis_lazuli", "amethyst_shard", "echo_shard",
                "prismarine_crystals", "prismarine_shard", "ender_pearl"):  # fmt: skip
        return gem(material(name))
    if words[-1] in ("dust", "powder", "nugget") or name in ("redstone", "gunpowder", "sugar"):
        return dust(name, material(name))
    if words[-1] == "rod" or name in ("stick", "bone"):
        return rod(STICK if name == "stick" else material(name))
    if edible:
        color = next((FOODS[w] for w in words if w in FOODS), hashed_color(name))
        return food(name, color)
    if name in ("coal", "charcoal"):
        return paint([(disc((8, 8), 5.5, 5), material(name))])
    return fallback(name)
