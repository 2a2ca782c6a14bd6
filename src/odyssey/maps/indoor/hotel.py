"""A hotel tower: a lobby, a function floor, guest floors, a restaurant floor and a roof terrace
with a pool and an observation deck, joined by two switchback stairwells.

Every storey is 5 blocks (a floor slab and 4 of air). The plan of each floor: a corridor along x
through the middle, a band of rooms north of it with a stairwell at each end, a band of rooms
south of it. The roof is reached by both stairwells; the west stair house opens onto the
terrace through an iron door with buttons, and a ladder climbs its wall to the observation deck.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.built import BuiltMap
from odyssey.maps.indoor.passages import door, gate, iron_door, ladder, rooms_beside, stairwell
from odyssey.maps.indoor.site import MapInfo, Rect, Site, built_map, partition

GROUND = 64  # feet level of the lobby and the plaza
STOREY = 5
WIDTH, DEPTH = 43, 21  # the tower's outside walls: x 0..42, z 0..20
CORRIDOR = Rect(1, 9, WIDTH - 1, 12)
NORTH_ROOMS = Rect(11, 1, 32, 8)  # between the two stairwells
SOUTH_ROOMS = Rect(1, 13, WIDTH - 1, 20)
WELLS = (Rect(1, 3, 10, 8), Rect(33, 3, 42, 8))
PLAZA = Rect(-8, -6, WIDTH + 8, DEPTH + 14)
ENTRANCE_X = 21

NAMES = ("Hotel Belvedere", "The Meridian Grand", "Hotel Aurora", "The Carlton Heights",
         "Hotel Excelsior", "The Regent Tower", "Hotel Bellevue", "The Ambassador")  # fmt: skip
RESTAURANTS = ("Skyline Restaurant", "The Observatory Grill", "Le Panorama", "The Summit Room",
               "Horizon Brasserie")  # fmt: skip
LOBBY_ROOMS = ("Concierge Desk", "Luggage Room", "Lobby Bar", "Gift Shop", "Tour Desk",
               "Guest Relations Office")  # fmt: skip
BALLROOMS = ("Grand Ballroom", "Crystal Ballroom", "Empire Ballroom", "Regency Ballroom")
FUNCTION_ROOMS = ("Fitness Centre", "Business Centre", "Spa Reception", "Boardroom",
                  "Kids' Club", "Meeting Room Orchid", "Meeting Room Jasmine")  # fmt: skip
TOP_ROOMS = ("Restaurant Kitchen", "Private Dining Room", "Cocktail Bar", "Wine Room",
             "Cigar Lounge")  # fmt: skip


@dataclass(frozen=True)
class Style:
    """The materials of one hotel."""

    facade: str
    inside: str
    floor: str
    carpet: str
    pane: str
    stairs: str
    wood: str

    @classmethod
    def pick(cls, rng: np.random.Generator) -> Style:
        facades = ("white_concrete", "light_gray_concrete", "smooth_quartz", "smooth_sandstone")
        carpets = ("red", "blue", "purple", "green", "brown", "cyan")
        panes = ("glass_pane", "light_blue_stained_glass_pane", "gray_stained_glass_pane")
        woods = ("spruce", "dark_oak", "oak", "birch")
        return cls(
            facade=str(rng.choice(facades)),
            inside="white_concrete",
            floor=str(rng.choice(("polished_andesite", "smooth_stone", "polished_diorite"))),
            carpet=str(rng.choice(carpets)),
            pane=str(rng.choice(panes)),
            stairs=str(rng.choice(("stone_brick_stairs", "polished_andesite_stairs"))),
            wood=str(rng.choice(woods)),
        )


def feet(k: int) -> int:
    return GROUND + STOREY * k


def build(seed: int) -> BuiltMap:
    """Build the hotel of ``seed``."""
    rng = np.random.default_rng(seed)
    site = Site(rng)
    style = Style.pick(rng)
    floors = int(rng.integers(12, 15))  # storeys below the roof: 0 lobby ... floors-1 restaurant
    title = str(rng.choice(NAMES))
    plaza(site, style)
    for k in range(floors):
        storey(site, style, k)
    roof_shell(site, style, floors)
    for well in WELLS:
        levels = ["Lobby"] + [f"Floor {k}" for k in range(1, floors)] + ["Roof Terrace"]
        shaft = stairwell(site, well, GROUND, STOREY, floors + 1, style.stairs, style.inside,
                          style.floor, levels)  # fmt: skip
        for landing, y in shaft.landings[:-1]:
            door(site, landing.x0 + 1, y, well.z1, "south", style.wood, "Stairs")
    lobby(site, style, rng, title)
    function_floor(site, style, rng)
    for k in range(2, floors - 1):
        guest_floor(site, style, rng, k)
    restaurant_floor(site, style, rng, floors - 1)
    roof(site, style, floors, roof_door_x=shaft.landings[-1][0].x0 + 1 - WELLS[1].x0)
    entrance = (ENTRANCE_X + 0.5, float(GROUND), float(SOUTH_ROOMS.z1 - 2) + 0.5)
    spawn = site.finish(PLAZA, GROUND - 8, feet(floors) + 12, entrance)
    info = MapInfo("hotel", title, spawn, PLAZA, GROUND)
    site.report.note(f"{floors} floors and a roof terrace, 2 stairwells")
    return built_map(site, info, seed)


def plaza(site: Site, style: Style) -> None:
    """The forecourt: grass on earth, a paved drive up to the entrance."""
    site.area(PLAZA, GROUND - 6, GROUND - 1, "dirt")
    site.area(PLAZA, GROUND - 1, GROUND, "grass_block")
    drive = Rect(ENTRANCE_X - 3, DEPTH, ENTRANCE_X + 4, PLAZA.z1)
    site.area(drive, GROUND - 1, GROUND, "smooth_stone")
    site.area(Rect(PLAZA.x0, DEPTH + 6, PLAZA.x1, DEPTH + 9), GROUND - 1, GROUND, "smooth_stone")


def storey(site: Site, style: Style, k: int) -> None:
    """The solid shell of storey ``k`` (facade outside, plain walls within), its corridor
    carved and its windows set."""
    y = feet(k)
    site.fill(0, y - 1, 0, WIDTH, y + STOREY - 1, DEPTH, style.facade)
    site.fill(1, y, 1, WIDTH - 1, y + STOREY - 1, DEPTH - 1, style.inside)
    site.room(CORRIDOR, y, STOREY - 1, style.floor)
    site.carpet(CORRIDOR, y, style.carpet)
    site.lights(CORRIDOR, y + STOREY - 2, every=6)
    site.windows(Rect(1, 1, WIDTH - 1, DEPTH - 1), y, style.pane, every=3, rows=2)


def rooms_along(
    site: Site, style: Style, band: Rect, widths: list[int], y: int, labels: list[str]
) -> list[Rect]:
    """Rooms side by side in ``band``, each with a labelled door onto the corridor and a lamp."""
    rects = rooms_beside(site, band, CORRIDOR, widths, y, STOREY - 1, style.floor, style.wood,
                         labels)  # fmt: skip
    for rect in rects:
        site.lights(rect, y + STOREY - 2, every=max(rect.width, rect.depth))
    return rects


def furnish_bedroom(site: Site, rect: Rect, y: int, north: bool, colour: str) -> None:
    """A bed against the window wall and a lamp beside it, leaving the middle clear."""
    x = rect.x0 + 1
    if north:
        site.put(x, y, rect.z0, f"{colour}_bed[facing=north,part=head]")
        site.put(x, y, rect.z0 + 1, f"{colour}_bed[facing=north,part=foot]")
        site.put(x + 1, y, rect.z0, "lantern")
    else:
        site.put(x, y, rect.z1 - 1, f"{colour}_bed[facing=south,part=head]")
        site.put(x, y, rect.z1 - 2, f"{colour}_bed[facing=south,part=foot]")
        site.put(x + 1, y, rect.z1 - 1, "lantern")


def lobby(site: Site, style: Style, rng: np.random.Generator, title: str) -> None:
    """Ground floor: the lobby hall (the corridor and the south band as one), three rooms."""
    y = GROUND
    hall = Rect(1, CORRIDOR.z0, WIDTH - 1, SOUTH_ROOMS.z1)
    site.room(hall, y, STOREY - 1, "polished_diorite")
    site.carpet(Rect(ENTRANCE_X - 1, 12, ENTRANCE_X + 2, hall.z1), y, "red")
    site.fill(8, y, 14, 16, y + 1, 15, "dark_oak_planks")  # the reception desk
    site.fill(28, y, 16, 31, y + 1, 17, "white_wool")  # a sofa in the lounge
    site.fill(2, y, DEPTH - 1, WIDTH - 2, y + 3, DEPTH, style.pane)  # a glass front
    site.lights(hall, y + STOREY - 2, every=6)
    door(site, ENTRANCE_X, y, DEPTH - 1, "south", style.wood, "")
    site.sign(ENTRANCE_X + 1, y + 2, DEPTH, "south", title, "spruce")
    names = [str(n) for n in rng.permutation(LOBBY_ROOMS)[:2]] + ["Security Office"]
    order = [int(i) for i in rng.permutation(3)]
    labels = [names[i] for i in order]
    rects = rooms_along(site, style, NORTH_ROOMS, [6, 7, 6], y, labels)
    for rect, label in zip(rects, labels, strict=True):
        at = None
        if label == "Security Office":  # staff only: an iron door opened by buttons
            iron_door(site, rect.x0 + rect.width // 2, y, rect.z1, "south", style.inside, label)
            at = (rect.centre[0], rect.z0 + 1.5)  # well in, clear of the door (see iron_door)
        site.place(label, rect, y, "room", 0, at=at)
    site.place("Main Lobby", hall, y, "hall", 0, at=(21.5, 14.5))
    site.place("Reception", hall, y, "hall", 0, at=(11.5, 16.5))
    site.place("Lobby Lounge", hall, y, "hall", 0, at=(33.5, 15.5))


def function_floor(site: Site, style: Style, rng: np.random.Generator) -> None:
    """First floor: a ballroom and meeting rooms off the corridor."""
    y = feet(1)
    ballroom = Rect(1, SOUTH_ROOMS.z0, 24, SOUTH_ROOMS.z1)
    rest = Rect(25, SOUTH_ROOMS.z0, SOUTH_ROOMS.x1, SOUTH_ROOMS.z1)
    big = str(rng.choice(BALLROOMS))
    rooms_along(site, style, ballroom, [ballroom.width], y, [big])
    site.carpet(ballroom.inset(1), y, "red")
    site.place(big, ballroom, y, "hall", 1)
    names = [str(n) for n in rng.permutation(FUNCTION_ROOMS)[:6]]
    south = rooms_along(site, style, rest, [5, 5, 5], y, names[:3])
    north = rooms_along(site, style, NORTH_ROOMS, [6, 7, 6], y, names[3:])
    for rect, name in zip(south + north, names, strict=True):
        site.place(name, rect, y, "room", 1)


def guest_floor(site: Site, style: Style, rng: np.random.Generator, k: int) -> None:
    """A floor of numbered guest rooms; two of them (one may be a suite) are named places."""
    y = feet(k)
    north_w = partition(NORTH_ROOMS.width, 6, 7, rng)
    south_w = partition(SOUTH_ROOMS.width, 5, 7, rng)
    numbers = [100 * k + i + 1 for i in range(len(north_w) + len(south_w))]
    labels = [f"Room {n}" for n in numbers]
    if south_w[0] >= 7:
        labels[len(north_w)] = f"Suite {numbers[len(north_w)]}"
    north = rooms_along(site, style, NORTH_ROOMS, north_w, y, labels[: len(north_w)])
    south = rooms_along(site, style, SOUTH_ROOMS, south_w, y, labels[len(north_w) :])
    for rect in north:
        furnish_bedroom(site, rect, y, True, "white")
    for rect in south:
        furnish_bedroom(site, rect, y, False, style.carpet)
    rooms = north + south
    for i in sorted(int(i) for i in rng.choice(len(rooms), 2, replace=False)):
        site.place(labels[i], rooms[i], y, "room", k)


def restaurant_floor(site: Site, style: Style, rng: np.random.Generator, k: int) -> None:
    """The top storey: a dining room the length of the south side, kitchen and bars north."""
    y = feet(k)
    name = str(rng.choice(RESTAURANTS))
    (dining,) = rooms_along(site, style, SOUTH_ROOMS, [SOUTH_ROOMS.width], y, [name])
    site.carpet(dining, y, "brown")
    for tx in range(4, WIDTH - 4, 6):  # tables by the windows
        site.put(tx, y, SOUTH_ROOMS.z1 - 2, "dark_oak_fence")
        site.put(tx, y + 1, SOUTH_ROOMS.z1 - 2, "dark_oak_pressure_plate")
    site.place(name, dining, y, "restaurant", k)
    names = [str(n) for n in rng.permutation(TOP_ROOMS)[:3]]
    rects = rooms_along(site, style, NORTH_ROOMS, [6, 7, 6], y, names)
    for rect, n in zip(rects, names, strict=True):
        site.place(n, rect, y, "room", k)


def roof_shell(site: Site, style: Style, floors: int) -> None:
    """The roof slab, a parapet with a glass rail, and the two solid stair houses."""
    y = feet(floors)
    site.fill(0, y - 1, 0, WIDTH, y, DEPTH, style.floor)
    site.fill(0, y, 0, WIDTH, y + 1, DEPTH, style.facade)
    site.fill(0, y + 1, 0, WIDTH, y + 2, DEPTH, style.pane)
    site.fill(1, y, 1, WIDTH - 1, y + 2, DEPTH - 1, "air")
    for well in WELLS:
        house = well.grow(1)
        site.fill(house.x0, y, house.z0, house.x1, y + STOREY, house.z1, style.facade)


def roof(site: Site, style: Style, floors: int, roof_door_x: int) -> None:
    """The terrace: exits from both stair houses (``roof_door_x`` along each from its west
    end), a fenced pool, an observation deck."""
    y = feet(floors)
    west, east = WELLS
    iron_door(site, west.x0 + roof_door_x, y, west.z1, "south", style.facade, "Stairs")
    door(site, east.x0 + roof_door_x, y, east.z1, "south", style.wood, "Stairs")
    terrace = Rect(1, 9, WIDTH - 1, DEPTH - 1)
    site.area(terrace, y - 1, y, "smooth_stone")
    site.place("Roof Terrace", terrace, y, "terrace", floors, at=(16.5, 11.5))
    # the pool: a raised basin inside a fence with a gate on its north side
    fence_ring = Rect(22, 11, 40, DEPTH - 1)
    site.fill(fence_ring.x0, y, fence_ring.z0, fence_ring.x1, y + 1, fence_ring.z1, "oak_fence")
    site.fill(fence_ring.x0 + 1, y, fence_ring.z0 + 1, fence_ring.x1 - 1, y + 1, fence_ring.z1,
              "air")  # fmt: skip
    gate(site, 30, y, fence_ring.z0, "north")
    water = Rect(27, 14, 37, 18)
    rim = water.grow(1)
    site.area(rim, y, y + 1, "smooth_quartz")
    site.area(water, y, y + 1, "water")
    site.place("Pool Deck", fence_ring, y, "terrace", floors, at=(24.5, 15.5))
    # the observation deck on the west stair house, up a ladder on its east wall
    house = west.grow(1)
    top = y + STOREY
    ladder(site, house.x1, 5, y, top, "east", style.facade)
    deck = house
    site.fill(deck.x0, top, deck.z0, deck.x1, top + 1, deck.z1, "oak_fence")
    site.fill(deck.x0 + 1, top, deck.z0 + 1, deck.x1 - 1, top + 1, deck.z1 - 1, "air")
    site.put(deck.x1 - 1, top, 5, "air")  # the way in from the ladder
    site.place("Observation Deck", deck.inset(1), top, "terrace", floors + 1)
    site.place("Sun Deck", terrace, y, "terrace", floors, at=(8.5, 16.5))
