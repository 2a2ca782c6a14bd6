"""An ocean liner alongside a quay: five passenger decks (A to E) of cabins and public rooms along
one long corridor each, the engine and boiler rooms below, the boat deck on top with the bridge,
funnels and lifeboats, a forecastle with the foremast's crow's nest, an afterdeck.

Decks are 4 blocks (a slab and 3 of air). A narrow switchback stair and the grand staircase join
the decks, a crew ladder runs through all of them; the engine room is reached down a ladder
behind a watertight iron door, the boiler room through another, the crow's nest up a ladder.
"""

from __future__ import annotations

import numpy as np

from odyssey.maps.built import BuiltMap
from odyssey.maps.indoor.passages import door, gate, iron_door, ladder, rooms_beside, stairwell
from odyssey.maps.indoor.site import MapInfo, Rect, Site, built_map, partition

DECK = 4
DECKS = {"E": 57, "D": 61, "C": 65, "B": 69, "A": 73}  # feet level of each deck
BOAT = 77
ENGINE = 48  # the engine room floor's feet level (8 blocks of air up to E deck)
KEEL = 46
LENGTH, BEAM = 121, 23  # the hull's box: x 0..120, z 0..22
CORRIDOR = Rect(1, 10, LENGTH - 1, 13)
SOUTH = Rect(1, 14, LENGTH - 1, BEAM - 1)
GRAND, AFT = Rect(56, 4, 64, 9), Rect(16, 4, 24, 9)  # stairwells (north band, by the corridor)
NORTH_SEGMENTS = (Rect(1, 1, 15, 9), Rect(25, 1, 55, 9), Rect(65, 1, 107, 9),
                  Rect(112, 1, 120, 9))  # fmt: skip
CREW_LADDER = Rect(108, 1, 111, 9)
ENGINE_ROOM, BOILER_ROOM = Rect(30, 1, 90, BEAM - 1), Rect(91, 1, 112, BEAM - 1)
BRIDGE = Rect(100, 5, 119, 19)
PIER_Z = 30
WATER = Rect(-20, -15, 150, 45)

TITLES = ("RMS Aurelia", "SS Northern Star", "RMS Caledonia", "SS Valparaiso", "RMS Oriana",
          "SS Britannic Star", "RMS Lusitania II", "SS Île de Provence")  # fmt: skip
PUBLIC = {
    "A": ("First Class Lounge", "Smoking Room", "Reading and Writing Room", "Verandah Café",
          "Gymnasium", "Palm Court"),
    "B": ("À la Carte Restaurant", "Café Parisien", "Second Class Smoking Room",
          "Children's Playroom", "Parlour Suite"),
    "C": ("Purser's Office", "Enquiry Office", "Barber Shop", "Second Class Library", "Chapel"),
    "D": ("Reception Room", "Hospital", "Galley", "Bakery", "Pantry"),
    "E": ("Third Class General Room", "Crew Mess", "Swimming Bath", "Turkish Bath", "Mail Room",
          "Squash Court"),
}  # fmt: skip
FIXED = {"C": "Entrance Lobby", "D": "First Class Dining Saloon"}
ACCESS = "Engine Room Access"
RAIL = "birch_fence"
PREFIXED = {"Purser's Office", "Enquiry Office", "Barber Shop", "Hospital", "Galley", "Bakery",
            "Pantry", "Crew Mess", "Mail Room", "Chapel", "Entrance Lobby", "Reception Room",
            "Engine Room Access"}  # fmt: skip
LIVERIES = (("orange_terracotta", "black_concrete"), ("red_concrete", "black_concrete"),
            ("yellow_terracotta", "black_concrete"),
            ("white_concrete", "blue_concrete"))  # fmt: skip
OFFICERS = ("Chart Room", "Marconi Room", "Captain's Cabin", "Officers' Mess",
            "Officers' Quarters")  # fmt: skip


def label(deck: str, name: str) -> str:
    return f"Deck {deck} {name}" if name in PREFIXED else name


def build(seed: int) -> BuiltMap:
    """Build the liner of ``seed``."""
    rng = np.random.default_rng(seed)
    site = Site(rng)
    title = str(rng.choice(TITLES))
    sea(site)
    hull(site)
    engine_rooms(site)
    door_x = 0
    for deck, y in DECKS.items():
        found = deck_floor(site, rng, deck, y)
        door_x = found or door_x
    for shell, top in ((GRAND, BOAT), (AFT, DECKS["A"])):
        floors = (top - DECKS["E"]) // DECK + 1
        name = "Grand Staircase" if shell == GRAND else "Aft Stairs"
        decks = [f"{d} Deck" for d in DECKS] + ["Boat Deck"]
        well = stairwell(site, shell, DECKS["E"], DECK, floors, "spruce_stairs",
                         "stripped_oak_wood", "oak_planks", decks[:floors])  # fmt: skip
        for landing, y in well.landings:
            if y < BOAT:
                door(site, landing.x0 + 1, y, shell.z1, "south", "oak", name)
    ladder(site, CREW_LADDER.x0 + 1, 1, DECKS["E"], DECKS["A"], "south", "white_concrete")
    boat_deck(site, rng, title)
    gangway(site, door_x)
    spawn = site.finish(WATER, KEEL - 8, BOAT + 20, (door_x + 0.5, DECKS["C"], 25.5))
    site.report.note(f"5 passenger decks, engine and boiler rooms, boat deck; {title}")
    return built_map(site, MapInfo("liner", title, spawn, WATER, ENGINE), seed)


def sea(site: Site) -> None:
    """Sea water to level 63 over a sand bed, and a stone quay along the ship's south side."""
    site.area(WATER, 38, 40, "sand")
    site.area(WATER, 40, 64, "water")
    quay = Rect(WATER.x0, PIER_Z, WATER.x1, WATER.z1)
    site.area(quay, 38, DECKS["C"] - 1, "stone_bricks")
    site.area(quay, DECKS["C"] - 1, DECKS["C"], "smooth_stone")


def bow_half_width(x: int) -> int:
    """How far in from each side the hull's outline is at ``x`` (bow and stern narrowing)."""
    if x >= LENGTH:
        return round((x - LENGTH + 1) * 10 / 20)
    if x < 0:
        return round(-x * 6 / 8)
    return 0


def hull(site: Site) -> None:
    """The hull: red below the waterline, black to B deck, white above; a solid bow and stern
    with teak decks; portholes along every deck; a teak boat deck on top."""
    for x in range(-8, LENGTH + 20):
        k = bow_half_width(x)
        top = BOAT - 1 if x >= 0 else DECKS["A"] - 1
        site.fill(x, KEEL, k, x + 1, 63, BEAM - k, "red_concrete")
        site.fill(x, 63, k, x + 1, 69, BEAM - k, "black_concrete")
        site.fill(x, 69, k, x + 1, top, BEAM - k, "white_concrete")
        site.fill(x, top, k, x + 1, top + 1, BEAM - k, "spruce_planks")
        if x < 0 or x >= LENGTH:  # a railing round the bow's and the stern's outline
            beside = bow_half_width(x + 1 if x >= LENGTH else x - 1)
            inner = max(k, beside) if -8 < x < LENGTH + 19 else BEAM // 2
            site.fill(x, top + 1, k, x + 1, top + 2, inner + 1, RAIL)
            site.fill(x, top + 1, BEAM - inner - 1, x + 1, top + 2, BEAM - k, RAIL)
    inside = Rect(1, 1, LENGTH - 1, BEAM - 1)
    site.area(inside, ENGINE - 1, BOAT - 1, "birch_planks")
    for y in list(DECKS.values()):
        for x in range(2, LENGTH - 2, 3):
            for z in (0, BEAM - 1):
                site.put(x, y + 1, z, "glass_pane")
    site.fill(0, BOAT, 0, LENGTH, BOAT + 1, BEAM, RAIL)
    site.fill(1, BOAT, 1, LENGTH - 1, BOAT + 1, BEAM - 1, "air")


def engine_rooms(site: Site) -> None:
    """Engine room and boiler room below E deck, a watertight iron door between them, and the
    propeller shaft tunnel aft."""
    for room in (ENGINE_ROOM, BOILER_ROOM):
        site.room(room, ENGINE, 8, "iron_block")
        site.lights(room, ENGINE + 8 - 1, "sea_lantern", 6)
    for x0, x1 in ((34, 60), (72, 88)):  # two engines either side of the middle aisle
        for z0 in (3, 15):
            site.fill(x0, ENGINE, z0, x1, ENGINE + 4, z0 + 5, "iron_block")
            cylinders = "anvil[facing=east]"
            site.fill(x0 + 2, ENGINE + 4, z0 + 1, x1 - 2, ENGINE + 6, z0 + 4, cylinders)
    for z0 in (2, 17):
        site.fill(94, ENGINE, z0, 110, ENGINE + 3, z0 + 4, "blast_furnace[facing=south]")
    iron_door(site, 90, ENGINE, 11, "west", "iron_block", "Boiler Room")
    tunnel = Rect(10, 10, 29, 13)
    site.room(tunnel, ENGINE, 3, "iron_block")
    door(site, 29, ENGINE, 11, "east", "spruce", "Shaft Tunnel")
    site.fill(10, ENGINE, 11, 27, ENGINE + 1, 12, "iron_bars")  # the propeller shaft
    site.place("Engine Room", ENGINE_ROOM, ENGINE, "engine room", -1, at=(65.5, 11.5))
    site.place("Boiler Room No. 1", BOILER_ROOM, ENGINE, "engine room", -1, at=(101.5, 11.5))
    site.place("Propeller Shaft Tunnel", tunnel, ENGINE, "engine room", -1, at=(19.5, 10.5))


def deck_floor(site: Site, rng: np.random.Generator, deck: str, y: int) -> int:
    """One passenger deck: corridor, public rooms and cabins south, cabins north; returns the
    x of the entrance lobby's hull door on C deck (0 elsewhere)."""
    index = list(DECKS).index(deck)
    site.room(CORRIDOR, y, DECK - 1, "oak_planks")
    site.carpet(CORRIDOR, y, ("red", "blue", "green", "brown", "cyan")[index])
    site.lights(CORRIDOR, y + DECK - 2, every=6)
    publics = [str(n) for n in rng.permutation(PUBLIC[deck])[:3]]
    if deck in FIXED:
        publics.insert(0, FIXED[deck])
    wide = [int(rng.integers(11, 16)) for _ in publics]
    if deck == "D":
        wide[0] = 24
    small = partition(SOUTH.width - sum(wide) - len(wide), 5, 7, rng)
    half = len(small) // 2  # cabins aft, public rooms amidships, cabins forward
    widths = small[:half] + wide + small[half:]
    cabins = [f"Cabin {deck}-{2 * i + 2}" for i in range(len(small))]
    names = cabins[:half] + [label(deck, n) for n in publics] + cabins[half:]
    south = rooms_beside(site, SOUTH, CORRIDOR, widths, y, DECK - 1, "oak_planks", "oak", names)
    north_names: list[str] = []
    north: list[Rect] = []
    for segment in NORTH_SEGMENTS:
        w = partition(segment.width, 5, 7, rng)
        labels = [f"Cabin {deck}-{2 * len(north_names) + 2 * i + 1}" for i in range(len(w))]
        if deck == "E" and segment == NORTH_SEGMENTS[2]:
            labels[0] = label(deck, ACCESS)
        north += rooms_beside(site, segment, CORRIDOR, w, y, DECK - 1, "oak_planks", "oak", labels)
        north_names += labels
    site.room(CREW_LADDER, y, DECK - 1, "iron_block")
    door(site, CREW_LADDER.x0 + 1, y, CREW_LADDER.z1, "south", "spruce", "Crew Only")
    for rect, name in zip(south, names, strict=True):
        if name.startswith("Cabin"):
            site.put(rect.x0, y, rect.z1 - 1, "white_bed[facing=south,part=head]")
            site.put(rect.x0, y, rect.z1 - 2, "white_bed[facing=south,part=foot]")
    chosen = [cabins[int(i)] for i in rng.choice(len(cabins), 2, replace=False)]
    for rect, name in zip(south, names, strict=True):
        if not name.startswith("Cabin") or name in chosen:
            site.place(name, rect, y, "room" if name.startswith("Cabin") else "hall", index)
    if deck == "E":
        access = north[north_names.index(label("E", ACCESS))]
        iron_door(site, access.x0 + access.width // 2, y, access.z1, "south", "iron_block",
                  ACCESS)  # fmt: skip
        ladder(site, access.x0 + 1, access.z0, ENGINE, y, "south", "iron_block")
        at = (access.centre[0], access.z0 + 1.5)  # well in, clear of the door (see iron_door)
        site.place(label("E", ACCESS), access, y, "room", index, at=at)
    if deck == "A":
        door(site, 0, y, 11, "east", "oak", "Afterdeck")
        site.place("Afterdeck", Rect(-6, 5, 0, 18), y, "deck", index, at=(-3.5, 11.5))
    if deck == "C":
        lobby = south[names.index(label("C", FIXED["C"]))]
        hull_door = lobby.x0 + lobby.width // 2
        door(site, hull_door, y, BEAM - 1, "south", "oak")
        return hull_door
    return 0


def boat_deck(site: Site, rng: np.random.Generator, title: str) -> None:
    """The top deck: the grand staircase's deckhouse, the bridge, funnels, lifeboats, a gate to
    the forecastle and the foremast with its crow's nest."""
    y = BOAT
    house = GRAND.grow(1)
    site.fill(house.x0, y, house.z0, house.x1, y + DECK, house.z1, "white_concrete")
    site.area(GRAND, y, y + DECK - 1, "air")
    top_landing_x = GRAND.x0 + 1 if ((BOAT - DECKS["E"]) // DECK) % 2 == 0 else GRAND.x1 - 1
    door(site, top_landing_x, y, GRAND.z1, "south", "oak", "Grand Staircase")
    site.place("Boat Deck", Rect(1, 1, LENGTH - 1, BEAM - 1), y, "deck", 5, at=(48.5, 16.5))
    bridge_house(site, rng)
    body, top = LIVERIES[int(rng.integers(len(LIVERIES)))]
    for fx in (34, 74):
        site.fill(fx, y, 9, fx + 6, y + 13, 14, body)
        site.fill(fx, y + 13, 9, fx + 6, y + 16, 14, top)
    for bx in (4, 20, 44, 84):  # lifeboats under their davits along both sides
        for z in (2, BEAM - 3):
            site.fill(bx, y + 1, z, bx + 7, y + 2, z + 1, "white_concrete")
            site.fill(bx + 1, y + 2, z, bx + 6, y + 3, z + 1, "spruce_slab[type=bottom]")
    site.fill(LENGTH - 1, y, 1, LENGTH, y + 1, BEAM - 1, RAIL)
    for z in (2, BEAM - 3):  # gates either side of the bridge house
        gate(site, LENGTH - 1, y, z, "east", "birch")
    site.place("Forecastle", Rect(LENGTH, 6, LENGTH + 8, 17), y, "deck", 5)
    mast_x, mast_z, nest_y = LENGTH + 11, BEAM // 2, y + 12
    site.fill(mast_x, y, mast_z, mast_x + 1, nest_y + 6, mast_z + 1, "spruce_log")
    nest = Rect(mast_x - 2, mast_z - 2, mast_x + 3, mast_z + 3)
    site.area(nest, nest_y, nest_y + 1, "spruce_planks")
    site.area(nest, nest_y + 1, nest_y + 2, "spruce_fence")
    site.area(nest.inset(1), nest_y + 1, nest_y + 2, "air")
    site.put(mast_x, nest_y + 1, mast_z, "spruce_log")
    ladder(site, mast_x - 1, mast_z, y, nest_y + 1, "west", "spruce_log")
    site.place("Crow's Nest", nest, nest_y + 1, "lookout", 6, at=(mast_x + 1.5, mast_z + 1.5))
    site.sign(house.x0 + 3, y + 2, house.z1, "south", title, "spruce")


def bridge_house(site: Site, rng: np.random.Generator) -> None:
    """The bridge deckhouse behind an iron door: officers' rooms off a passage, the wheelhouse
    forward."""
    y = BOAT
    shell = BRIDGE.grow(1)
    site.fill(shell.x0, y, shell.z0, shell.x1, y + DECK + 1, shell.z1, "white_concrete")
    passage = Rect(BRIDGE.x0, 11, 113, 13)
    site.room(passage, y, DECK, "spruce_planks")
    iron_door(site, shell.x0, y, 11, "west", "white_concrete", "Bridge - Crew Only")
    names = [str(n) for n in rng.permutation(OFFICERS)]
    rooms = rooms_beside(site, Rect(BRIDGE.x0, BRIDGE.z0, 113, 10), passage, [6, 6],
                         y, DECK, "spruce_planks", "oak", names[:2])  # fmt: skip
    rooms += rooms_beside(site, Rect(BRIDGE.x0, 14, 113, BRIDGE.z1), passage, [6, 6],
                          y, DECK, "spruce_planks", "oak", names[2:4])  # fmt: skip
    for rect, name in zip(rooms, names, strict=False):
        site.place(name, rect, y, "room", 5)
    wheelhouse = Rect(114, BRIDGE.z0, BRIDGE.x1, BRIDGE.z1)
    site.room(wheelhouse, y, DECK, "spruce_planks")
    door(site, 113, y, 11, "west", "oak", "Wheelhouse")
    front = BRIDGE.x1  # the wheelhouse's windows look forward
    site.fill(front, y + 1, BRIDGE.z0 + 1, front + 1, y + 3, BRIDGE.z1 - 1, "glass_pane")
    site.put(BRIDGE.x1 - 2, y, 11, "spruce_fence")  # the wheel's stand
    site.place("Wheelhouse", wheelhouse, y, "bridge", 5)


def gangway(site: Site, door_x: int) -> None:
    """A railed gangway from the quay to the entrance lobby's door, a gate at its quay end."""
    y = DECKS["C"]
    site.fill(door_x - 1, y - 1, BEAM, door_x + 2, y, PIER_Z, "spruce_planks")
    for x in (door_x - 2, door_x + 2):
        site.fill(x, y, BEAM, x + 1, y + 1, PIER_Z, "spruce_fence")
    site.fill(door_x - 1, y, PIER_Z - 1, door_x + 2, y + 1, PIER_Z, "spruce_fence")
    gate(site, door_x, y, PIER_Z - 1, "south", "spruce")
    site.place("Quayside", Rect(door_x - 4, PIER_Z, door_x + 5, PIER_Z + 8), y, "quay", 2,
               at=(door_x + 0.5, PIER_Z + 4.5))  # fmt: skip
