"""Low-poly mob models: boxes in model pixels (1/16 block), feet at the origin, facing +Z.

Proportions follow vanilla's entity models (a cow's 12 × 10 × 18 body on 4 × 12 × 4 legs, a
zombie's 8-px head on a 12-px body with its arms held out, a spider's legs spread wide); colours
and the few patterns (a cow's white patches, a creeper's face, eyes) are boxes of their own,
standing half a model pixel out of the part they mark so they never z-fight. Furry parts use the
wool tile tinted by the part's colour, the rest the plain white tile. A model is scaled as a whole
so its height matches the entity's box (``entity_size``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from odyssey.world.items import ItemError, items

Color = tuple[int, int, int]
Vec = tuple[float, float, float]


@dataclass(frozen=True)
class Part:
    """One box of a model: corners in model pixels, colour, and whether it is furry."""

    lo: Vec
    hi: Vec
    color: Color
    fur: bool = False
    tile: str | None = None  # an atlas tile drawn untinted instead (a sheep's wool)


def _p(lo: Vec, hi: Vec, color: Color, fur: bool = False) -> Part:
    return Part(lo, hi, color, fur)


def _mirror(lo: Vec, hi: Vec) -> tuple[Vec, Vec]:
    return (-hi[0], lo[1], lo[2]), (-lo[0], hi[1], hi[2])


def pair(lo: Vec, hi: Vec, color: Color, fur: bool = False) -> list[Part]:
    """A part and its mirror image across the model's centre plane (legs, eyes, arms)."""
    return [Part(lo, hi, color, fur), Part(*_mirror(lo, hi), color, fur)]


def legs(x: float, z: float, w: float, h: float, color: Color, fur: bool = False) -> list[Part]:
    """Four legs ``w`` wide and ``h`` tall, centred at (±x, ±z)."""
    out: list[Part] = []
    for zc in (-z, z):
        out += pair((x - w / 2, 0, zc - w / 2), (x + w / 2, h, zc + w / 2), color, fur)
    return out


BLACK, WHITE, PINK = (25, 25, 25), (235, 235, 235), (240, 160, 160)
EYE_WHITE = (230, 230, 230)

# Sizes (width, height) in blocks of the types the item registry may not know.
SIZES: dict[str, tuple[float, float]] = {
    "cow": (0.9, 1.4), "pig": (0.9, 0.9), "sheep": (0.9, 1.3), "chicken": (0.4, 0.7),
    "horse": (1.3964844, 1.6), "zombie": (0.6, 1.95), "skeleton": (0.6, 1.99),
    "spider": (1.4, 0.9), "creeper": (0.6, 1.7), "enderman": (0.6, 2.9), "witch": (0.6, 1.95),
    "wolf": (0.6, 0.85), "villager": (0.6, 1.95), "iron_golem": (1.4, 2.7),
    "item": (0.25, 0.25), "arrow": (0.5, 0.5),
}  # fmt: skip


@cache
def entity_size(kind: str) -> tuple[float, float]:
    """Vanilla's box (width, height) in blocks of an entity type; 0.6 × 1.8 if unknown."""
    try:
        info = items().entity_info(kind)
        return float(info.width), float(info.height)
    except ItemError:
        return SIZES.get(kind, (0.6, 1.8))


def cow() -> list[Part]:
    hide, spot = (72, 50, 36), WHITE
    return [
        *legs(4, 6, 4, 12, hide, True),
        _p((-6, 12, -8), (6, 22, 10), hide, True),
        _p((-6.5, 15, -4), (6.5, 20, 1), spot), _p((-6.5, 17, 4), (6.5, 21.5, 8), spot),
        _p((-4, 15, 10), (4, 23, 16), hide, True),
        _p((-2.5, 15, 16), (2.5, 18, 17), (200, 150, 140)),
        *pair((-5, 21, 12), (-4, 24, 13), (220, 210, 190)),
        *pair((-3.5, 20, 16), (-1.5, 21.5, 16.5), BLACK),
        _p((-2, 10.5, 2), (2, 12, 6), PINK),
    ]  # fmt: skip


def pig() -> list[Part]:
    skin = (238, 156, 156)
    return [
        *legs(3, 5, 4, 6, skin), _p((-5, 6, -8), (5, 14, 8), skin),
        _p((-4, 8, 8), (4, 16, 15), skin), _p((-2, 9, 15), (2, 12, 16.5), (220, 120, 120)),
        *pair((-3.5, 13, 15), (-1.5, 14.5, 15.5), BLACK),
    ]  # fmt: skip


def sheep(color: str, sheared: bool) -> list[Part]:
    skin, face = (225, 200, 180), (200, 175, 155)
    parts = [
        *legs(3, 5, 4, 12, skin), _p((-4, 12, -8), (4, 18, 8), skin),
        _p((-3, 14, 8), (3, 20, 15), face), *pair((-2.5, 17.5, 15), (-1, 19, 15.5), BLACK),
    ]  # fmt: skip
    if not sheared:
        wool = f"{color}_wool"
        parts += [
            Part((-5.5, 11, -9.5), (5.5, 20, 9.5), WHITE, tile=wool),
            Part((-3.5, 18, 8), (3.5, 20.5, 13), WHITE, tile=wool),
            *(Part(lo, hi, WHITE, tile=wool) for lo, hi in _legs_boxes(3, 5, 5, 6, 11)),
        ]
    return parts


def _legs_boxes(x: float, z: float, w: float, y0: float, y1: float) -> list[tuple[Vec, Vec]]:
    out = []
    for xc in (-x, x):
        for zc in (-z, z):
            out.append(((xc - w / 2, y0, zc - w / 2), (xc + w / 2, y1, zc + w / 2)))
    return out


def chicken() -> list[Part]:
    feather, leg = WHITE, (250, 180, 40)
    return [
        *pair((1, 0, -0.5), (2, 5, 0.5), leg), _p((-3, 4, -4), (3, 10, 4), feather),
        *pair((3, 5, -3), (4, 9, 3), (215, 215, 215)), _p((-2, 9, 2), (2, 15, 5), feather),
        _p((-2, 11, 5), (2, 13, 7), (250, 160, 30)), _p((-1, 9, 5), (1, 11, 6), (220, 30, 30)),
        *pair((-2.5, 13, 3), (-1.5, 14, 4), BLACK),
    ]  # fmt: skip


def horse() -> list[Part]:
    coat, mane = (140, 92, 52), (60, 40, 25)
    return [
        *legs(3.5, 8, 4, 11, coat, True), _p((-5, 11, -11), (5, 21, 11), coat, True),
        _p((-2.5, 17, 8), (2.5, 26, 13), coat, True), _p((-3, 21, 13), (3, 26.5, 22), coat, True),
        _p((-1, 20, 7.5), (1, 27, 11), mane), _p((-1.5, 12, -13), (1.5, 20, -11), mane),
        *pair((-3.5, 24, 15), (-3, 25, 16), BLACK), *pair((-2.5, 26.5, 12), (-1, 28.5, 13), coat),
    ]  # fmt: skip


def humanoid(skin: Color, shirt: Color, pants: Color, arms_out: bool, thin: bool) -> list[Part]:
    """Zombies, skeletons, the player shape: 8-px head, 12-px body, legs and arms."""
    w = 1 if thin else 2  # half a limb's width
    parts = [
        *pair((-2 - w, 0, -w), (-2 + w, 12, w), pants),
        _p((-4, 12, -2 + (1 if thin else 0)), (4, 24, 2 - (1 if thin else 0)), shirt),
        _p((-4, 24, -4), (4, 32, 4), skin),
        *pair((-3, 27, 4), (-1, 28.5, 4.5), (20, 40, 20) if not thin else BLACK),
    ]  # fmt: skip
    if arms_out:  # held forward, as zombies and skeletons aiming do
        parts += pair((-4 - 2 * w, 24 - 2 * w, -w), (-4, 24, 12), shirt)
    else:
        parts += pair((-4 - 2 * w, 12, -w), (-4, 24, w), shirt)
    return parts


def zombie() -> list[Part]:
    parts = humanoid((82, 130, 70), (0, 160, 160), (60, 60, 150), True, False)
    return parts + pair((-8, 20, 10), (-4, 24, 12), (82, 130, 70))  # hands


def skeleton() -> list[Part]:
    bone = (200, 200, 200)
    return humanoid(bone, (170, 170, 170), bone, True, True)


def creeper() -> list[Part]:
    green, face = (90, 175, 75), (20, 30, 20)
    return [
        *legs(2, 4, 4, 6, (70, 150, 60)), _p((-4, 6, -2), (4, 18, 2), green),
        _p((-4, 18, -4), (4, 26, 4), green), *pair((-3, 22, 4), (-1, 24, 4.5), face),
        _p((-1, 19, 4), (1, 22, 4.5), face), *pair((-2, 18.5, 4), (-1, 20.5, 4.5), face),
    ]  # fmt: skip


def spider() -> list[Part]:
    body, eye = (52, 44, 38), (200, 20, 20)
    parts = [
        _p((-5, 4, -14), (5, 12, -2), body, True), _p((-3, 5, -3), (3, 11, 3), body, True),
        _p((-4, 4, 3), (4, 12, 11), body, True), *pair((-3, 9, 11), (-1.5, 10.5, 11.5), eye),
        *pair((-1, 7, 11), (0, 8, 11.5), eye),
    ]  # fmt: skip
    for z in (-3, -0.5, 2, 4.5):
        parts += [_p((-15, 8, z - 1), (15, 10, z + 1), body)]
        parts += pair((13, 0, z - 1), (15, 8, z + 1), body)
    return parts


def enderman() -> list[Part]:
    black, eyes = (18, 18, 22), (210, 90, 240)
    return [
        *pair((1, 0, -1), (3, 30, 1), black), _p((-4, 30, -2), (4, 42, 2), black),
        *pair((4, 14, -1), (6, 42, 1), black), _p((-4, 42, -4), (4, 50, 4), black),
        *pair((-3.5, 45, 4), (-1, 46, 4.5), eyes),
    ]  # fmt: skip


def villager(robe: Color, hat: bool) -> list[Part]:
    skin = (186, 136, 106)
    parts = [
        _p((-4, 0, -3), (4, 24, 3), robe), _p((-4, 24, -4), (4, 34, 4), skin),
        _p((-1, 25, 4), (1, 29, 6), (170, 120, 95)), _p((-5.5, 15, 2), (5.5, 19, 7), skin),
        *pair((-3, 29, 4), (-1, 30.5, 4.5), (40, 120, 50)),
    ]  # fmt: skip
    if hat:
        dark = (40, 25, 50)
        parts += [_p((-5, 33, -5), (5, 34, 5), dark), _p((-3.5, 34, -3.5), (3.5, 38, 3.5), dark),
                  _p((-2, 38, -2), (2, 41, 2), dark)]  # fmt: skip
    return parts


def wolf() -> list[Part]:
    fur = (214, 210, 206)
    return [
        *legs(1.5, 4.5, 2, 8, fur, True), _p((-3, 8, -6), (3, 14, 4), fur, True),
        _p((-4, 8, 2), (4, 15, 7), fur, True), _p((-3, 9, 7), (3, 15, 11), fur, True),
        _p((-1.5, 9, 11), (1.5, 12, 14), fur, True), _p((-0.5, 11, 14), (0.5, 12, 14.5), BLACK),
        *pair((1, 15, 8), (3, 17, 9), fur), _p((-1, 9, -10), (1, 11, -6), fur, True),
        *pair((-2.5, 13, 11), (-1, 14, 11.5), BLACK),
    ]  # fmt: skip


def iron_golem() -> list[Part]:
    iron, vine = (206, 196, 184), (60, 110, 40)
    return [
        *pair((-6, 0, -2.5), (-1, 16, 2.5), iron), _p((-4.5, 14, -3), (4.5, 19, 3), iron),
        _p((-9, 19, -6), (9, 31, 6), iron), *pair((9, 4, -3), (13, 33, 3), iron),
        _p((-4, 29, -1), (4, 39, 7), iron), _p((-1, 30, 7), (1, 34, 9), iron),
        *pair((-3, 35, 7), (-1, 36, 7.5), (150, 30, 20)),
        _p((-9.5, 22, -3), (-4, 31, 4), vine), _p((4, 14, -3.5), (7, 18, 1), vine),
    ]  # fmt: skip


def generic(width: float, height: float) -> list[Part]:
    """A box of the entity's size with a darker front band where a face would be."""
    w, h = width * 8, height * 16
    return [_p((-w, 0, -w), (w, h, w), (150, 150, 160)),
            _p((-w * 0.6, h * 0.7, w), (w * 0.6, h * 0.85, w + 0.5), (60, 60, 70))]  # fmt: skip


def model(kind: str, color: str = "white", sheared: bool = False) -> tuple[Part, ...]:
    """The boxes of an entity type (with a sheep's wool colour and whether it is sheared)."""
    return _model(kind, color if kind == "sheep" else "", sheared and kind == "sheep")


@cache
def _model(kind: str, color: str, sheared: bool) -> tuple[Part, ...]:
    makers = {
        "cow": cow, "pig": pig, "chicken": chicken, "horse": horse, "zombie": zombie,
        "skeleton": skeleton, "creeper": creeper, "spider": spider, "enderman": enderman,
        "wolf": wolf, "iron_golem": iron_golem,
        "villager": lambda: villager((120, 82, 50), False),
        "witch": lambda: villager((70, 36, 82), True),
    }  # fmt: skip
    if kind == "sheep":
        return tuple(sheep(color, sheared))
    if kind in makers:
        return tuple(makers[kind]())
    return tuple(generic(*entity_size(kind)))


def model_height(parts: tuple[Part, ...]) -> float:
    """Highest point of a model in model pixels."""
    return max(p.hi[1] for p in parts)
