"""Models of the creatures of villages and farms: villagers by profession, the wandering trader,
the snow golem, wolves and cats (a red collar when tamed), parrots, goats, horses, donkeys and
mules (saddled or not). Boxes in model pixels as in ``mobmodels`` (feet at the origin, facing
+Z), scaled to the entity's height when drawn.

A villager's profession shows as vanilla's do, by the colour of its apron and hat over the
plain brown robe (a nitwit wears green, a cleric purple).
"""

from __future__ import annotations

from odyssey.render.mobmodels import BLACK, WHITE, Color, Part, horse, legs, pair, villager, wolf

HORSES = frozenset({"horse", "donkey", "mule"})
DONKEY, MULE = (135, 120, 105), (85, 58, 38)
COLLAR = (190, 25, 25)  # vanilla's default collar: red dye
ROBE = (120, 82, 50)
# profession -> (robe, apron or None, hat or None)
PROFESSIONS: dict[str, tuple[Color, Color | None, Color | None]] = {
    "none": (ROBE, None, None),
    "nitwit": ((60, 120, 50), None, None),
    "farmer": (ROBE, (205, 170, 85), (225, 195, 110)),
    "fisherman": (ROBE, (70, 95, 130), (190, 160, 100)),
    "shepherd": (ROBE, (130, 95, 70), (240, 240, 240)),
    "fletcher": (ROBE, (80, 135, 60), (120, 160, 70)),
    "librarian": (ROBE, (235, 230, 215), (150, 30, 30)),
    "cartographer": (ROBE, (225, 225, 205), (40, 110, 60)),
    "cleric": ((110, 45, 135), (140, 60, 165), None),
    "armorer": (ROBE, (45, 45, 50), (165, 165, 170)),
    "weaponsmith": (ROBE, (55, 45, 40), None),
    "toolsmith": (ROBE, (70, 60, 55), None),
    "butcher": (ROBE, (240, 240, 235), (180, 30, 30)),
    "leatherworker": (ROBE, (150, 95, 55), None),
    "mason": (ROBE, (95, 80, 70), (110, 100, 95)),
}  # fmt: skip


def _p(lo: tuple[float, float, float], hi: tuple[float, float, float], color: Color,
       fur: bool = False, tile: str | None = None) -> Part:  # fmt: skip
    return Part(lo, hi, color, fur, tile)


def villager_of(profession: str) -> list[Part]:
    """A villager in its profession's apron and hat (an unknown one as unemployed)."""
    robe, apron, hat = PROFESSIONS.get(profession, PROFESSIONS["none"])
    parts = villager(robe, False)
    if apron is not None:
        parts += [_p((-3.5, 2, 3), (3.5, 15, 3.5), apron), _p((-3.5, 19, 3), (3.5, 23, 3.5), apron)]
    if hat is not None:  # a cap over the top of the head and a brim
        parts += [_p((-4.5, 31, -4.5), (4.5, 34.5, 4.5), hat), _p((-6, 31, -6), (6, 31.5, 6), hat)]
    if profession == "weaponsmith":  # an eye patch
        parts.append(_p((-3.5, 28.5, 4), (-0.5, 31, 4.8), BLACK))
    return parts


def snow_golem() -> list[Part]:
    snow, stick, face = (245, 248, 250), (105, 75, 45), (45, 25, 10)
    return [
        _p((-6, 0, -6), (6, 12, 6), snow, tile="snow"),
        _p((-5, 11, -5), (5, 21, 5), snow, tile="snow"),
        _p((-4, 21, -4), (4, 29, 4), WHITE, tile="pumpkin_side"),
        *pair((-3, 25, 4), (-1, 27, 4.5), face), _p((-2.5, 22.5, 4), (2.5, 23.5, 4.5), face),
        *pair((5, 16, -0.5), (13, 17, 0.5), stick), *pair((11, 17, -0.5), (12, 20, 0.5), stick),
    ]  # fmt: skip


def collared_wolf() -> list[Part]:
    return [*wolf(), _p((-3.5, 8.5, 6.6), (3.5, 15.5, 7.8), COLLAR)]


def cat(tamed: bool) -> list[Part]:
    fur, stripe, eye = (175, 120, 70), (115, 75, 40), (70, 190, 70)
    parts = [
        *legs(1.5, 5, 2, 6, fur, True), _p((-2, 5, -7), (2, 10, 7), fur, True),
        _p((-2.5, 7, 7), (2.5, 11, 12), fur, True), *pair((-2.5, 11, 9), (-1, 12.5, 10.5), fur),
        _p((-1, 7.5, 12), (1, 9, 12.5), (230, 150, 150)),
        *pair((-2, 9.5, 12), (-0.8, 10.5, 12.5), eye), _p((-0.5, 8, -15), (0.5, 9, -7), fur),
        *(_p((-2.3, 9.6, z), (2.3, 10.3, z + 1.2), stripe) for z in (-5, -1.5, 2)),
    ]  # fmt: skip
    if tamed:
        parts.append(_p((-2.8, 6.6, 6.4), (2.8, 11.2, 7.6), COLLAR))
    return parts


def parrot() -> list[Part]:
    red, blue, yellow = (215, 35, 30), (40, 85, 200), (240, 200, 40)
    return [
        *pair((0.5, 0, -0.5), (1.5, 2, 0.5), (95, 95, 95)), _p((-2, 2, -2), (2, 10, 2), red),
        _p((-1.5, 10, -1), (1.5, 14, 2.5), red), _p((-0.5, 11, 2.5), (0.5, 13, 3.5), (60, 60, 60)),
        _p((-0.5, 14, -1.5), (0.5, 15.5, 0.5), red), *pair((1.5, 12, 0.5), (2, 13, 1.5), BLACK),
        *pair((2, 4, -1.5), (3, 8, 1.5), blue), *pair((2, 8, -1.5), (3, 10, 1.5), yellow),
        _p((-1, 1, -4), (1, 4, -2), blue),
    ]  # fmt: skip


def goat() -> list[Part]:
    fur, horn = (225, 220, 205), (160, 150, 135)
    return [
        *legs(2.5, 5.5, 3, 10, fur, True), _p((-4.5, 10, -8), (4.5, 19, 8), fur, True),
        _p((-2.5, 13, 8), (2.5, 19, 15), fur, True), *pair((1, 19, 9), (2.5, 23, 10.5), horn),
        _p((-1, 10, 13), (1, 13, 14.5), (200, 195, 180)), *pair((2.5, 17, 10), (5, 18, 11.5), fur),
        *pair((-2, 16.5, 15), (-1, 17.5, 15.5), BLACK),
    ]  # fmt: skip


def horse_like(kind: str) -> list[Part]:
    """A horse, or a donkey or mule: the horse's boxes in their coat with longer ears."""
    if kind == "horse":
        return horse()
    coat = DONKEY if kind == "donkey" else MULE
    base = horse()
    brown = base[0].color
    short_ears = 26.5  # the horse's ears start there; the donkey's are longer
    parts = [_p(p.lo, p.hi, coat if p.color == brown else p.color, p.fur)
             for p in base if p.lo[1] != short_ears]  # fmt: skip
    return [*parts, *pair((-2.5, 26.5, 12), (-1, 31, 13), coat)]


def saddled(kind: str) -> list[Part]:
    leather, iron = (90, 55, 30), (150, 150, 155)
    return [
        *horse_like(kind), _p((-5.5, 20.5, -4), (5.5, 21.5, 3), leather),
        *pair((5, 14, -1), (5.5, 20.5, 0), leather), *pair((5, 13, -1.5), (6, 14, 0.5), iron),
    ]  # fmt: skip


def creature(kind: str, look: str) -> list[Part] | None:
    """The model of one of these creatures with its look, or None for another type."""
    if kind == "villager":
        return villager_of(look or "none")
    if kind == "wolf" and look == "tamed":
        return collared_wolf()
    if kind == "cat":
        return cat(look == "tamed")
    if kind in HORSES:
        return saddled(kind) if look == "saddled" else horse_like(kind)
    if kind == "wandering_trader":
        return villager((45, 75, 150), False)
    makers = {"snow_golem": snow_golem, "parrot": parrot, "goat": goat}
    return makers[kind]() if kind in makers else None
