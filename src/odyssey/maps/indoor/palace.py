"""A baroque palace on a U plan: a main range with the entrance hall and its imperial staircase,
two wings around the Court of Honour, a walled privy garden behind, a wine cellar under the
pantry (down a ladder) and a belvedere on the roof (up a ladder from the library).

Two storeys of 6 blocks (a slab and 5 of air). Every range has a gallery along its court side
and a row of rooms beside it; the ground floor holds the household, the first floor the state
rooms. The treasury is behind an iron door opened by buttons.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.built import BuiltMap
from odyssey.maps.indoor.passages import door, flight, gate, iron_door, ladder, rooms_beside
from odyssey.maps.indoor.site import MapInfo, Rect, Site, built_map, partition

GROUND, STOREY = 64, 6
FIRST = GROUND + STOREY
ROOF = FIRST + STOREY  # feet level on the roof
CELLAR = GROUND - 5
HALL = Rect(27, 1, 48, 16)
VESTIBULE = Rect(27, 7, 48, 16)  # under the upper landing
RANGES = {  # name: (rooms band, gallery beside it)
    "main west": (Rect(1, 1, 26, 11), Rect(1, 12, 26, 16)),
    "main east": (Rect(49, 1, 74, 11), Rect(49, 12, 74, 16)),
    "west wing": (Rect(1, 17, 10, 50), Rect(11, 17, 15, 50)),
    "east wing": (Rect(65, 17, 74, 50), Rect(60, 17, 64, 50)),
}
SHELLS = (Rect(0, 0, 75, 17), Rect(0, 16, 16, 51), Rect(59, 16, 75, 51))
COURT = Rect(16, 17, 59, 51)
GARDEN = Rect(0, -26, 75, 0)
GROUNDS = Rect(-6, -32, 81, 62)
GATE_X = 37

TITLES = ("Palais de Valmont", "Schloss Rosenau", "Palazzo Serravalle", "Château de Beauregard",
          "Palacio de Aranjuelo", "Slot Frederiksholm", "Palais Lindenhof",
          "Villa Reale di Monza")  # fmt: skip
COLOURS = {"Blue": "blue", "Green": "green", "Crimson": "red", "Yellow": "yellow",
           "White": "white", "Rose": "pink", "Gold": "orange", "Lilac": "purple"}  # fmt: skip
STATE_ROOMS = ("Throne Room", "State Dining Room", "Ballroom", "Music Room", "Tapestry Room",
               "Chinese Cabinet", "Card Room", "Council Chamber", "Audience Chamber",
               "Map Room", "Porcelain Cabinet", "Mirror Room")  # fmt: skip
HOUSEHOLD = ("Guard Room", "Steward's Office", "Servants' Hall", "Armoury", "Still Room",
             "Housekeeper's Room", "Linen Room", "Coach House Office", "Gun Room",
             "Chaplain's Room", "Silver Room", "Muniment Room", "Wardrobe Room")  # fmt: skip
GALLERIES = {"main west": ("Hall of Mirrors", "Stone Gallery"),
             "main east": ("Marble Gallery", "Lower Gallery"),
             "west wing": ("Picture Gallery", "West Arcade"),
             "east wing": ("Sculpture Gallery", "East Arcade")}  # fmt: skip


@dataclass(frozen=True)
class Style:
    """The materials of one palace."""

    facade: str
    inside: str
    ground_floor: str
    parquet: str
    stairs: str
    rail: str
    wood: str

    @classmethod
    def pick(cls, rng: np.random.Generator) -> Style:
        return cls(
            facade=str(rng.choice(("smooth_quartz", "quartz_bricks", "smooth_sandstone"))),
            inside=str(rng.choice(("quartz_bricks", "white_terracotta", "smooth_quartz"))),
            ground_floor=str(rng.choice(("polished_andesite", "polished_diorite", "calcite"))),
            parquet=str(rng.choice(("dark_oak_planks", "spruce_planks", "cherry_planks"))),
            stairs="quartz_stairs",
            rail=str(rng.choice(("diorite_wall", "andesite_wall", "end_stone_brick_wall"))),
            wood=str(rng.choice(("dark_oak", "spruce"))),
        )


def build(seed: int) -> BuiltMap:
    """Build the palace of ``seed``."""
    rng = np.random.default_rng(seed)
    site = Site(rng)
    style = Style.pick(rng)
    title = str(rng.choice(TITLES))
    grounds(site, style)
    for y in (GROUND, FIRST):
        for shell in SHELLS:
            site.fill(shell.x0, y - 1, shell.z0, shell.x1, y + STOREY - 1, shell.z1, style.facade)
            inner = shell.inset(1)
            site.fill(inner.x0, y, inner.z0, inner.x1, y + STOREY - 1, inner.z1, style.inside)
            site.windows(shell.inset(1), y, "glass_pane", every=3, rows=3)
        for x0, x1 in ((0, 16), (59, 75)):  # no windows where a wing meets the main range
            site.fill(x0, y, 16, x1, y + STOREY - 1, 17, style.inside)
    roof(site, style)
    names = Names.pick(rng)
    for key, (band, gallery) in RANGES.items():
        range_floor(site, style, rng, key, band, gallery, GROUND, names)
        range_floor(site, style, rng, key, band, gallery, FIRST, names)
    junctions(site, style)
    entrance_hall(site, style, title)
    courts(site, style, rng)
    spawn = site.finish(GROUNDS, CELLAR - 2, ROOF + 6, (float(GATE_X) + 1.0, GROUND, 13.5))
    site.report.note("2 storeys, a cellar and a roof; 4 ranges, 2 courts")
    return built_map(site, MapInfo("palace", title, spawn, GROUNDS, CELLAR), seed)


@dataclass
class Names:
    """The seed's room names, drawn as the ranges are built."""

    state: list[str]
    household: list[str]
    royal: str

    @classmethod
    def pick(cls, rng: np.random.Generator) -> Names:
        colours = [str(c) for c in rng.permutation(list(COLOURS))[:3]]
        kinds = ("Drawing Room", "Salon", "Antechamber")
        state = [f"{c} {k}" for c, k in zip(colours, kinds, strict=True)]
        state += [str(n) for n in rng.permutation(STATE_ROOMS)]
        order = [int(i) for i in rng.permutation(len(state))]
        household = [str(n) for n in rng.permutation(HOUSEHOLD)]
        royal = str(rng.choice(("King's", "Queen's", "Prince's", "Duchess's", "Elector's")))
        return cls([state[i] for i in order], household, royal)


def grounds(site: Site, style: Style) -> None:
    """Earth under everything, lawns and gravel around the palace."""
    site.area(GROUNDS, CELLAR - 2, GROUND - 1, "stone")
    site.area(GROUNDS, GROUND - 1, GROUND, "grass_block")
    site.area(Rect(GATE_X - 3, COURT.z1, GATE_X + 5, GROUNDS.z1), GROUND - 1, GROUND, "gravel")


def roof(site: Site, style: Style) -> None:
    """A flat roof over every range with a balustrade round each, a belvedere over the hall."""
    for shell in SHELLS:
        site.fill(shell.x0, ROOF - 1, shell.z0, shell.x1, ROOF, shell.z1, style.facade)
        site.fill(shell.x0, ROOF, shell.z0, shell.x1, ROOF + 1, shell.z1, style.rail)
        inner = shell.inset(1)
        site.fill(inner.x0, ROOF, inner.z0, inner.x1, ROOF + 1, inner.z1, "air")
    pavilion = Rect(33, 5, 43, 12)
    for x, z in ((33, 5), (42, 5), (33, 11), (42, 11)):
        site.fill(x, ROOF, z, x + 1, ROOF + 4, z + 1, "quartz_pillar")
    site.fill(pavilion.x0, ROOF + 4, pavilion.z0, pavilion.x1, ROOF + 5, pavilion.z1, "quartz_slab")
    site.put(37, ROOF + 3, 8, "lantern[hanging=true]")
    site.place("Belvedere", pavilion, ROOF, "terrace", 2)


def range_floor(
    site: Site,
    style: Style,
    rng: np.random.Generator,
    key: str,
    band: Rect,
    gallery: Rect,
    y: int,
    names: Names,
) -> None:
    """One floor of a range: its gallery and a row of rooms off it, named and furnished."""
    first = y == FIRST
    floor = style.parquet if first else style.ground_floor
    site.room(gallery, y, STOREY - 1, floor)
    site.carpet(gallery.inset(1), y, "red")
    site.lights(gallery, y + STOREY - 2, every=5)
    along = band.width if band.depth < band.width else band.depth
    widths = partition(along, 7, 10, rng)
    labels = rooms_for(key, first, len(widths), names)
    rects = rooms_beside(site, band, gallery, widths, y, STOREY - 1, floor, style.wood,
                         [label for label, _ in labels])  # fmt: skip
    for rect, (label, kind) in zip(rects, labels, strict=True):
        site.lights(rect, y + STOREY - 2, every=4)
        fit_out(site, style, rect, y, label, kind)
        at = (rect.centre[0], rect.z0 + 1.5) if kind == "vault" else None  # see iron_door
        site.place(label, rect, y, kind, int(first), at=at)
    site.place(GALLERIES[key][0 if first else 1], gallery, y, "gallery", int(first))


def rooms_for(key: str, first: bool, count: int, names: Names) -> list[tuple[str, str]]:
    """Names and kinds of the rooms of one floor of a range, with the fixed ones in place."""
    fixed: dict[tuple[str, bool], list[tuple[str, str]]] = {
        ("main east", False): [("Treasury", "vault"), ("Butler's Pantry", "pantry")],
        ("main east", True): [("Library", "library")],
        ("main west", False): [("Garden Hall", "hall")],
        ("west wing", False): [("Chapel", "chapel")],
        ("west wing", True): [(f"{names.royal} Bedchamber", "bedroom")],
        ("east wing", False): [("Kitchens", "kitchen")],
        ("east wing", True): [(f"{names.royal} Dressing Room", "room")],
    }
    out = list(fixed.get((key, first), []))[:count]
    pool = names.state if first else names.household
    while len(out) < count:
        out.append((pool.pop(0), "state room" if first else "room"))
    return out


def fit_out(site: Site, style: Style, rect: Rect, y: int, label: str, kind: str) -> None:
    """Furniture and finishes by the kind of room; the middle of the floor stays clear."""
    colour = next((c for w, c in COLOURS.items() if label.startswith(w)), "red")
    if kind == "state room":
        site.carpet(rect.inset(1), y, colour)
    if label == "Throne Room":
        cx = rect.x0 + rect.width // 2
        site.put(cx, y, rect.z0, "gold_block")
        site.put(cx, y + 1, rect.z0, "quartz_stairs[facing=north]")
    if kind == "vault":
        iron_door(site, rect.x0 + rect.width // 2, y, rect.z1, "south", style.inside, label)
        site.fill(rect.x0, y, rect.z0, rect.x1, y + 1, rect.z0 + 1, "gold_block")
    if kind == "pantry":  # a hatch with a ladder down to the wine cellar
        cellar = Rect(rect.x0, rect.z0, rect.x1, rect.z1)
        site.room(cellar, CELLAR, 4, "bricks")
        site.fill(cellar.x0 + 3, CELLAR, cellar.z1 - 1, cellar.x1, CELLAR + 2, cellar.z1, "barrel")
        ladder(site, rect.x0 + 1, rect.z0, CELLAR, y, "south", "stone_bricks")
        site.place("Wine Cellar", cellar, CELLAR, "cellar", -1)
    if kind == "library":  # bookshelves, and a ladder up through the roof to the belvedere
        site.fill(rect.x0 + 3, y, rect.z0, rect.x1, y + 3, rect.z0 + 1, "bookshelf")
        ladder(site, rect.x0 + 1, rect.z0, y, ROOF, "south", style.facade)
    if kind == "bedroom":
        site.put(rect.x0, y, rect.z0 + 3, "red_bed[facing=west,part=head]")
        site.put(rect.x0 + 1, y, rect.z0 + 3, "red_bed[facing=west,part=foot]")
    if kind == "kitchen":
        site.fill(rect.x1 - 1, y, rect.z0, rect.x1, y + 1, rect.z1, "smoker[facing=west]")
    if kind == "chapel":  # pews facing the altar at the north end
        site.put(rect.x0 + rect.width // 2, y, rect.z0, "chiseled_quartz_block")
        for z in range(rect.z0 + 2, rect.z1 - 2, 2):
            site.fill(rect.x0 + 1, y, z, rect.x0 + 3, y + 1, z + 1, "spruce_stairs[facing=south]")


def junctions(site: Site, style: Style) -> None:
    """Doors from the hall into the main range's galleries, arches into the wings', doors out
    onto the court and into the garden."""
    for y in (GROUND, FIRST):
        door(site, 26, y, 13, "east", style.wood, "West Apartments", hinge="right")
        door(site, 48, y, 13, "west", style.wood, "East Apartments")
        for x in (12, 61):  # the main range's galleries run on into the wings' as arches
            site.fill(x, y, 16, x + 2, y + 3, 17, "air")
    door(site, 15, GROUND, 33, "east", style.wood, "West Wing")
    door(site, 59, GROUND, 33, "west", style.wood, "East Wing")


def entrance_hall(site: Site, style: Style, title: str) -> None:
    """The double-height hall: the vestibule, an imperial staircase (a central flight up to a
    half landing, two side flights back up to the upper landing), and the main doors."""
    half = GROUND + 3
    site.room(HALL, GROUND, 2 * STOREY - 1, style.ground_floor)
    site.room(VESTIBULE, GROUND, STOREY - 1, style.ground_floor)
    site.room(VESTIBULE, FIRST, STOREY - 1, style.parquet)
    site.carpet(Rect(35, 7, 40, 16), GROUND, "red")
    site.fill(27, GROUND, 1, 48, half, 4, style.inside)  # under the half landing
    site.fill(27, GROUND, 4, 30, half, 7, style.inside)  # under the side flights
    site.fill(45, GROUND, 4, 48, half, 7, style.inside)
    site.carpet(Rect(27, 1, 48, 4), half, "red")
    flight(site, 35, GROUND, 6, "north", 3, 5, style.stairs)
    flight(site, 29, half, 4, "south", 3, 3, style.stairs)
    flight(site, 47, half, 4, "south", 3, 3, style.stairs)
    site.fill(30, half, 3, 35, half + 1, 4, style.rail)  # balustrades over the drops
    site.fill(40, half, 3, 45, half + 1, 4, style.rail)
    site.fill(30, FIRST, 7, 45, FIRST + 1, 8, style.rail)
    for x in (27, 47):
        for z in (9, 14):
            site.fill(x, GROUND, z, x + 1, FIRST + STOREY - 1, z + 1, "quartz_pillar")
    site.lights(HALL, FIRST + STOREY - 2, every=4)
    door(site, GATE_X, GROUND, 16, "south", style.wood)  # one leaf: see courts()
    site.sign(GATE_X + 2, GROUND + 3, 17, "south", title, "spruce")
    site.place("Entrance Hall", VESTIBULE, GROUND, "hall", 0, at=(37.5, 11.5))
    site.place("Grand Staircase", HALL, half, "stairs", 0, at=(37.5, 2.5))
    site.place("Upper Landing", VESTIBULE, FIRST, "hall", 1, at=(37.5, 11.5))


def courts(site: Site, style: Style, rng: np.random.Generator) -> None:
    """The Court of Honour (a railing with the main gates) and the privy garden (a walled
    parterre with a fountain and a rose garden behind a gate)."""
    site.area(COURT, GROUND - 1, GROUND, "gravel")
    site.fill(COURT.x0, GROUND, COURT.z1 - 1, COURT.x1, GROUND + 1, COURT.z1, style.rail)
    # single gates and doors only: a player opens one leaf at a time, and a body between two
    # closed leaves could open neither far enough to pass
    gate(site, GATE_X, GROUND, COURT.z1 - 1, "south", "dark_oak")
    court_name = str(rng.choice(("Court of Honour", "Cour d'Honneur", "Great Court")))
    site.place(court_name, COURT, GROUND, "courtyard", 0, at=(37.5, 33.5))
    site.place("Main Gate", COURT, GROUND, "gate", 0, at=(38.0, 54.5))
    # the garden, walled, entered from the garden hall
    hall = garden_hall_door(site)
    door(site, hall, GROUND, 0, "north", style.wood, "Garden Hall")
    site.area(GARDEN, GROUND - 1, GROUND, "grass_block")
    ring = GARDEN.grow(0)
    site.fill(ring.x0, GROUND, ring.z0, ring.x1, GROUND + 2, ring.z0 + 1, "stone_bricks")
    site.fill(ring.x0, GROUND, ring.z0, ring.x0 + 1, GROUND + 2, ring.z1, "stone_bricks")
    site.fill(ring.x1 - 1, GROUND, ring.z0, ring.x1, GROUND + 2, ring.z1, "stone_bricks")
    site.area(Rect(hall - 1, GARDEN.z0 + 1, hall + 2, 0), GROUND - 1, GROUND, "gravel")
    basin = Rect(hall + 6, -16, hall + 11, -11)
    site.area(basin.grow(1), GROUND, GROUND + 1, "smooth_quartz")
    site.area(basin, GROUND, GROUND + 1, "water")
    site.place("Neptune Fountain", basin, GROUND, "garden", 0, at=(hall + 3.5, -13.5))
    roses = Rect(GARDEN.x1 - 16, GARDEN.z0 + 2, GARDEN.x1 - 3, GARDEN.z0 + 11)
    site.fill(roses.x0, GROUND, roses.z0, roses.x1, GROUND + 1, roses.z1, "spruce_fence")
    site.fill(roses.x0 + 1, GROUND, roses.z0 + 1, roses.x1 - 1, GROUND + 1, roses.z1 - 1, "air")
    gate(site, roses.x0 + roses.width // 2, GROUND, roses.z1 - 1, "south", "spruce")
    for x in range(roses.x0 + 1, roses.x1 - 1, 2):
        site.put(x, GROUND, roses.z0 + 1, "rose_bush[half=lower]")
        site.put(x, GROUND + 1, roses.z0 + 1, "rose_bush[half=upper]")
    site.place("Rose Garden", roses, GROUND, "garden", 0)
    site.place("Privy Garden", GARDEN, GROUND, "garden", 0, at=(hall + 0.5, -6.5))


def garden_hall_door(site: Site) -> int:
    """The x of the garden hall's middle (its north wall gets the garden door)."""
    hall = next(w for w in site.waypoints if w.name == "Garden Hall")
    return int(hall.position[0])
