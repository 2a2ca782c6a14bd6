"""Models of boats, rafts, minecarts and leash knots in true model pixels (1/16 block), bottom at
the entity's feet, facing +Z (a boat's bow points along its yaw).

A boat is an open hull of its wood's planks tile, 20 × 28 pixels with 6-pixel walls on a 3-pixel
floor (its box's 9 pixels), oars at its sides; a chest boat carries a chest at the stern; a bamboo
raft is a flat deck of bamboo planks with two rails. A minecart is an open iron box on dark
wheels; a leash knot a 6 × 8 × 6 coil of rope round the fence post. These are drawn at their true
size (``TRUE_SIZE``), not stretched to the entity's box as mobs are.
"""

from __future__ import annotations

from odyssey.render.mobmodels import WHITE, Part, pair

WOODS = ("oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "cherry",
         "pale_oak", "bamboo")  # fmt: skip
OAR, BLADE = (95, 70, 40), (120, 90, 55)
IRON, WHEEL = (125, 125, 132), (45, 45, 48)
ROPE, ROPE_DARK = (150, 115, 75), (105, 80, 50)
BOATS = frozenset(f"{w}_boat" for w in WOODS[:-1]) | {"bamboo_raft"}
CHEST_BOATS = frozenset(f"{w}_chest_boat" for w in WOODS[:-1]) | {"bamboo_chest_raft"}
TRUE_SIZE = BOATS | CHEST_BOATS | {"minecart", "leash_knot"}


def wood_of(kind: str) -> str:
    """The wood of a boat or raft type (``dark_oak_chest_boat`` -> ``dark_oak``)."""
    return kind.removesuffix("_boat").removesuffix("_raft").removesuffix("_chest")


def _planks(lo: tuple[float, float, float], hi: tuple[float, float, float], wood: str) -> Part:
    return Part(lo, hi, WHITE, tile=f"{wood}_planks")


def boat(wood: str) -> list[Part]:
    return [
        _planks((-10, 0, -14), (10, 3, 14), wood),
        *(Part(lo, hi, WHITE, tile=f"{wood}_planks") for lo, hi in
          [((8, 3, -14), (10, 9, 14)), ((-10, 3, -14), (-8, 9, 14))]),
        _planks((-8, 3, 12), (8, 9, 14), wood), _planks((-8, 3, -14), (8, 9, -12), wood),
        *pair((10, 5, -0.5), (16, 6, 0.5), OAR), *pair((14, 3, -1.5), (17, 5, 1.5), BLADE),
    ]  # fmt: skip


def raft(wood: str) -> list[Part]:
    return [
        _planks((-10, 0, -14), (10, 3, 14), wood),
        _planks((-10, 3, 10), (10, 5, 12), wood), _planks((-10, 3, -12), (10, 5, -10), wood),
        *pair((10, 4, -0.5), (16, 5, 0.5), OAR), *pair((14, 2, -1.5), (17, 4, 1.5), BLADE),
    ]  # fmt: skip


def chest(y0: float) -> list[Part]:
    """A chest standing on the stern (vanilla's chest boats carry it there)."""
    return [Part((-6, y0, -12), (6, y0 + 10, -2), WHITE, tile="chest"),
            Part((-1, y0 + 4, -2), (1, y0 + 7, -1.5), (60, 60, 60))]  # fmt: skip


def minecart() -> list[Part]:
    return [
        Part((-8, 2, -10), (8, 4, 10), IRON), *pair((6, 4, -10), (8, 11, 10), IRON),
        Part((-6, 4, 8), (6, 11, 10), IRON), Part((-6, 4, -10), (6, 11, -8), IRON),
        Part((-6, 4, -8), (6, 4.5, 8), (80, 80, 86)),
        *pair((8, 0, 4), (8.5, 4, 8), WHEEL), *pair((8, 0, -8), (8.5, 4, -4), WHEEL),
    ]  # fmt: skip


def leash_knot() -> list[Part]:
    return [Part((-3, 0, -3), (3, 8, 3), ROPE),
            Part((-3.5, 3, -3.5), (3.5, 5, 3.5), ROPE_DARK)]  # fmt: skip


def vehicle(kind: str) -> list[Part] | None:
    """The model of a boat, raft, minecart or leash knot; None for another type."""
    if kind in BOATS or kind in CHEST_BOATS:
        wood = wood_of(kind)
        hull = raft(wood) if kind.endswith("_raft") else boat(wood)
        if kind in CHEST_BOATS:
            hull += chest(5 if kind.endswith("_raft") else 3)
        return hull
    if kind == "minecart":
        return minecart()
    if kind == "leash_knot":
        return leash_knot()
    return None
