"""Models of the hostile mobs issue 14 adds: the phantom, the slime, the blaze and the piglin.
Boxes in model pixels as in ``mobmodels`` (feet at the origin, facing +Z), scaled to the
entity's height when drawn (a slime's height times its size)."""

from __future__ import annotations

from odyssey.render.mobmodels import BLACK, Part, humanoid, pair


def phantom() -> list[Part]:
    skin, wing, eye = (60, 75, 120), (75, 95, 145), (150, 255, 130)
    return [
        Part((-2.5, 2, -4.5), (2.5, 5, 4.5), skin), Part((-3.5, 1.5, 4.5), (3.5, 5.5, 9.5), skin),
        *pair((2.5, 4, -3), (14, 5, 4), wing), Part((-1.5, 2.5, -10), (1.5, 4.5, -4.5), skin),
        *pair((-3, 3.5, 9.5), (-1.5, 4.5, 10), eye),
    ]  # fmt: skip


def slime() -> list[Part]:
    jelly, face = (110, 190, 90), (40, 80, 35)
    return [
        Part((-4, 0, -4), (4, 8, 4), jelly), *pair((-3, 5, 4), (-1, 7, 4.5), face),
        Part((0, 2.5, 4), (1, 3.5, 4.5), face),
    ]  # fmt: skip


def blaze() -> list[Part]:
    head, rod = (240, 190, 50), (205, 140, 35)
    parts = [Part((-4, 20, -4), (4, 28, 4), head), *pair((-3, 23, 4), (-1, 24.5, 4.5), BLACK)]
    for x, z, y in ((6, 0, 12), (-6, 0, 12), (0, 6, 12), (0, -6, 12),
                    (4, 4, 3), (-4, 4, 3), (4, -4, 3), (-4, -4, 3)):  # fmt: skip
        parts.append(Part((x - 1, y, z - 1), (x + 1, y + 8, z + 1), rod))
    return parts


def piglin() -> list[Part]:
    skin, gold = (230, 160, 140), (245, 200, 50)
    body = [p for p in humanoid(skin, (150, 110, 70), (85, 60, 40), False, False)
            if p.lo[1] < 24]  # fmt: skip
    return [
        *body,
        Part((-5, 24, -4), (5, 32, 4), skin), Part((-2, 25, 4), (2, 28, 5), (215, 135, 120)),
        *pair((-3.5, 28.5, 4), (-1.5, 30, 4.5), BLACK), *pair((5, 26, -1), (6, 30, 2), skin),
        *pair((-8.3, 19, -2.3), (-3.7, 20.5, 2.3), gold),
    ]  # fmt: skip


def monster(kind: str) -> list[Part] | None:
    """The model of one of these mobs, or None for another type."""
    makers = {"phantom": phantom, "slime": slime, "blaze": blaze, "piglin": piglin}
    return makers[kind]() if kind in makers else None
