"""A football stadium: a pitch inside a barrier with pitchside gates, a lower and an upper tier of
seats round all four sides (stepped aisles between blocks), an upper concourse between the
tiers, rooms and a ground concourse under the stands, iron gates with buttons in the outer
wall, ramps up the outside to the upper concourse, a camera gantry and floodlight towers up
ladders.

The bowl is laid out by ``u``, the ring distance from the pitch's apron (0 = the barrier), so
the tiers run round the corners; it is written as one array, then rooms, tunnels and gates are
carved out of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.maps.built import BuiltMap
from odyssey.maps.indoor.passages import gate, iron_door, ladder, ramp, rooms_beside
from odyssey.maps.indoor.site import MapInfo, Rect, Site, built_map, partition

GROUND = 64  # feet level on the pitch, the concourse and the plaza outside
APRON = Rect(-36, -24, 36, 24)  # pitch and its surround; the pitch is 4 blocks in
PITCH = APRON.inset(4)
OUTER = 40  # the plaza ends this far out
BOUNDS = APRON.grow(OUTER + 1)
LOWER_ROWS, UPPER_ROWS = 8, 6
UPPER = GROUND + LOWER_ROWS  # feet level of the upper concourse (u 17..20)
WALL_U, WALL_TOP = 33, 80
Y0, Y1 = GROUND - 4, WALL_TOP + 2
SIDES = ("west", "north", "east", "south")  # the main stand first: its gates are A and B
RISE = {"north": "east", "east": "south", "south": "west", "west": "north"}  # ramps climb so
AISLES = {"north": (-30, -16, -2, 12, 26), "south": (-30, -16, -2, 12, 26),
          "east": (-18, 10), "west": (-18, 10)}  # fmt: skip
GATES = {"west": (-14, 20), "north": (-28, 20), "east": (-22, 14), "south": (-28, 20)}

TITLES = ("Riverside Park", "Kingsway Stadium", "Estadio del Norte", "Northfield Park",
          "Stadion am Hafen", "Victoria Ground", "Arena Sud", "Meadow Lane Stadium")  # fmt: skip
STAND_NAMES = ("Main Stand", "East Stand", "North Stand", "South Stand", "Kop End",
               "Family Stand", "Riverside Stand", "Clock End", "Centenary Stand")  # fmt: skip
ROOMS = ("Press Room", "Media Centre", "First Aid Room", "Stewards' Control Room", "Club Shop",
         "Hall of Fame", "Kit Room", "Groundsman's Store", "Hospitality Lounge",
         "Directors' Lounge", "Police Control Room", "Ball Boys' Room", "Supporters' Bar",
         "Family Zone", "Lost Property", "Prayer Room", "Boot Room", "Laundry",
         "Ticket Office", "Food Court", "Sponsors' Lounge", "Mascot's Den")  # fmt: skip
MAIN_ROOMS = ("Home Dressing Room", "Away Dressing Room", "Referees' Room", "Physio Room")
SEATS = (("blue_concrete", "white_concrete", "quartz_stairs"),
         ("red_concrete", "white_concrete", "red_nether_brick_stairs"),
         ("cyan_concrete", "light_gray_concrete", "prismarine_brick_stairs"),
         ("yellow_concrete", "black_concrete", "end_stone_brick_stairs"),
         ("green_concrete", "white_concrete", "warped_stairs"))  # fmt: skip


def cell(side: str, a: int, u: int) -> tuple[int, int]:
    """The column ``u`` out from the barrier on ``side``, at ``a`` along it (x or z)."""
    if side == "north":
        return a, APRON.z0 - u
    if side == "south":
        return a, APRON.z1 - 1 + u
    if side == "west":
        return APRON.x0 - u, a
    return APRON.x1 - 1 + u, a


def band(side: str, a0: int, a1: int, u0: int, u1: int) -> Rect:
    """The columns ``a0 <= a < a1`` along ``side`` and ``u0 <= u < u1`` out from it."""
    (xa, za), (xb, zb) = cell(side, a0, u0), cell(side, a1 - 1, u1 - 1)
    return Rect(min(xa, xb), min(za, zb), max(xa, xb) + 1, max(za, zb) + 1)


def along(side: str) -> tuple[int, int]:
    return (APRON.x0, APRON.x1) if side in ("north", "south") else (APRON.z0, APRON.z1)


@dataclass(frozen=True)
class Colours:
    lower: str
    upper: str
    seat: str


def build(seed: int) -> BuiltMap:
    """Build the stadium of ``seed``."""
    rng = np.random.default_rng(seed)
    site = Site(rng)
    title = str(rng.choice(TITLES))
    lower, upper, seat = SEATS[int(rng.integers(len(SEATS)))]
    others = [str(n) for n in rng.permutation(STAND_NAMES[1:])[:3]]
    stands = {"west": STAND_NAMES[0], **dict(zip(SIDES[1:], others, strict=True))}
    bowl(site, Colours(lower, upper, seat))
    pitch(site)
    room_names = list(MAIN_ROOMS) + [str(n) for n in rng.permutation(ROOMS)]
    for side in SIDES:
        under_stand(site, rng, side, stands[side], room_names)
        stand_blocks(site, rng, side, stands[side])
    players_tunnel(site)
    towers(site)
    spawn = site.finish(BOUNDS, Y0, WALL_TOP + 16, main_gate(site))
    site.report.note(f"pitch {PITCH.width}x{PITCH.depth}, {LOWER_ROWS}+{UPPER_ROWS} rows round")
    return built_map(site, MapInfo("stadium", title, spawn, BOUNDS, GROUND), seed)


def ring_distance() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """u per column [z][x] over the bounds, and the column coordinates."""
    zs, xs = np.mgrid[BOUNDS.z0 : BOUNDS.z1, BOUNDS.x0 : BOUNDS.x1]
    u = np.maximum.reduce([APRON.x0 - xs, xs - APRON.x1 + 1, APRON.z0 - zs, zs - APRON.z1 + 1])
    return u, xs, zs


def bowl(site: Site, colours: Colours) -> None:
    """The whole bowl as one array: ground, the two tiers with seats and aisles, the upper
    concourse and the outer wall."""
    reg = site.world.registry
    u, xs, zs = ring_distance()
    top = np.full(u.shape, GROUND - 1)  # highest solid block per column
    lower = (u >= 1) & (u <= 2 * LOWER_ROWS)
    upper = (u >= 21) & (u < 21 + 2 * UPPER_ROWS)
    top[lower] = GROUND + (u[lower] - 1) // 2
    top[(u >= 17) & (u <= 20)] = UPPER - 1
    top[upper] = UPPER + (u[upper] - 21) // 2
    top[u == WALL_U] = WALL_TOP
    aisle = np.zeros(u.shape, bool)
    for side in SIDES:
        for a in AISLES[side]:
            r = band(side, a, a + 2, 1, WALL_U)
            aisle[r.z0 - BOUNDS.z0 : r.z1 - BOUNDS.z0, r.x0 - BOUNDS.x0 : r.x1 - BOUNDS.x0] = True
    aisle &= lower | upper
    front = ((u - 1) % 2 == 0) & (lower | upper)  # the front cell of each row
    ys = np.arange(Y0, Y1)[:, None, None]
    vol = np.zeros((Y1 - Y0, *u.shape), np.uint16)
    vol[ys <= top] = reg.state("light_gray_concrete")
    vol[(ys == GROUND - 1) & (u <= 0)] = reg.state("grass_block")
    vol[(ys == GROUND - 1) & (u > 33)] = reg.state("smooth_stone")
    vol[(ys == top) & lower & ~aisle] = reg.state(colours.lower)
    vol[(ys == top) & upper & ~aisle] = reg.state(colours.upper)
    vol[(ys == top) & aisle & front] = reg.state("smooth_stone_slab[type=bottom]")
    vol[(ys == top) & aisle & ~front] = reg.state("smooth_stone")
    for side in SIDES:  # seats on the back cell of each row, backs to the outside
        state = reg.state(f"{colours.seat}[facing={side}]")
        mine = side_mask(side, u, xs, zs) & (lower | upper) & ~aisle & ~front
        vol[(ys == top + 1) & mine] = state
    # the barrier: boards and a glass screen, too high to climb from the pitch or the front row
    vol[(ys >= GROUND) & (ys <= GROUND + 1) & (u == 0)] = reg.state("white_concrete")
    vol[(ys == GROUND + 2) & (u == 0)] = reg.state("glass")
    vol[(ys > GROUND + 3) & (u == WALL_U) & (ys < WALL_TOP)] = reg.state(colours.lower)
    vol[:, u > OUTER] = 0
    site.world.set_box((BOUNDS.x0, Y0, BOUNDS.z0), vol)


def side_mask(side: str, u: np.ndarray, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Columns whose nearest side of the apron is ``side`` (corners go to north and south)."""
    if side == "north":
        return u == APRON.z0 - zs
    if side == "south":
        return u == zs - APRON.z1 + 1
    north_south = (u == APRON.z0 - zs) | (u == zs - APRON.z1 + 1)
    if side == "west":
        return (u == APRON.x0 - xs) & ~north_south
    return (u == xs - APRON.x1 + 1) & ~north_south


def pitch(site: Site) -> None:
    """Lines, goals, dugouts."""
    y = GROUND - 1
    for r in (PITCH, PITCH.inset(1)):
        site.area(r, y, y + 1, "white_concrete" if r == PITCH else "grass_block")
    site.fill(-1, y, PITCH.z0, 1, y + 1, PITCH.z1, "white_concrete")
    for t in np.linspace(0, 2 * np.pi, 48, endpoint=False):
        site.put(round(7 * np.cos(t)), y, round(7 * np.sin(t)), "white_concrete")
    for x in (PITCH.x0, PITCH.x1 - 1):  # goals: two posts and a crossbar
        for z in (-4, 3):
            site.fill(x, GROUND, z, x + 1, GROUND + 3, z + 1, "white_concrete")
        site.fill(x, GROUND + 3, -4, x + 1, GROUND + 4, 4, "white_concrete")
    site.place("Centre Circle", PITCH, GROUND, "pitch", 0, at=(0.5, 0.5))
    for name, z0 in (("Home Dugout", -12), ("Away Dugout", 6)):
        x = APRON.x0 + 1
        site.fill(x, GROUND, z0, x + 1, GROUND + 1, z0 + 6, "spruce_stairs[facing=west]")
        site.fill(x, GROUND + 3, z0, x + 2, GROUND + 4, z0 + 6, "glass")
        site.place(name, APRON, GROUND, "pitch", 0, at=(APRON.x0 + 2.5, z0 + 3.0))


def under_stand(
    site: Site, rng: np.random.Generator, side: str, stand: str, names: list[str]
) -> None:
    """Under one stand: the ground concourse, rooms off it, iron gates in the outer wall, a
    ramp outside up to the upper concourse and the way in from it."""
    a0, a1 = along(side)
    reach = WALL_U if side in ("north", "south") else 0  # north and south take the corners
    concourse = band(side, a0 - reach, a1 + reach, 25, WALL_U)
    site.room(concourse, GROUND, 4, "polished_andesite")
    site.lights(concourse, GROUND + 4, "sea_lantern", every=6)
    spans = [(a0, -2), (3, a1)] if side == "west" else [(a0, a1)]
    for b0, b1 in spans:
        widths = partition(b1 - b0, 9, 14, rng)
        labels = [take(names, side) for _ in widths]
        rects = rooms_beside(site, band(side, b0, b1, 18, 24), concourse, widths, GROUND, 4,
                             "smooth_stone", "spruce", labels)  # fmt: skip
        for rect, label in zip(rects, labels, strict=True):
            site.lights(rect, GROUND + 4, "sea_lantern", every=5)
            site.place(label, rect, GROUND, "room", 0)
    for i, a in enumerate(GATES[side]):
        x, z = cell(side, a, WALL_U)
        letter = "ABCDEFGH"[SIDES.index(side) * 2 + i]
        iron_door(site, x, GROUND, z, side, "light_gray_concrete", f"Gate {letter}")
        gx, gz = cell(side, a, WALL_U + 6)  # well out from the door (see iron_door)
        site.place(f"Gate {letter}", Rect(gx, gz, gx + 1, gz + 1), GROUND, "gate", 0)
    rise = RISE[side]
    step = 1 if rise in ("east", "south") else -1
    start = -16 if step > 0 else 17
    rx, rz = cell(side, start, WALL_U + 2)
    ramp(site, rx, GROUND, rz, rise, LOWER_ROWS, 2, "light_gray_concrete", "smooth_stone_slab")
    landing = band(side, 0, 2, WALL_U + 1, WALL_U + 3)
    site.fill(
        landing.x0, GROUND - 1, landing.z0, landing.x1, UPPER, landing.z1, "light_gray_concrete"
    )
    tunnel = band(side, 0, 2, 21, WALL_U + 1)
    site.fill(tunnel.x0, UPPER, tunnel.z0, tunnel.x1, UPPER + 3, tunnel.z1, "air")
    cx, cz = cell(side, 1, 18)
    site.place(f"{stand} Upper Concourse", Rect(cx, cz, cx + 1, cz + 1), UPPER, "concourse", 1)


def take(names: list[str], side: str) -> str:
    """The next room name (the main stand's are the dressing rooms and their neighbours)."""
    if side == "west":
        main = [n for n in MAIN_ROOMS if n in names]
        if main:
            names.remove(main[0])
            return main[0]
    return names.pop(0)


def stand_blocks(site: Site, rng: np.random.Generator, side: str, stand: str) -> None:
    """Name one block (the seats between two aisles) of the lower tier and one of the upper
    tier of a stand."""
    aisles = AISLES[side]
    number = 100 + 20 * SIDES.index(side)
    for tier, (u, y) in enumerate(((9, GROUND + 5), (27, UPPER + 4))):
        k = int(rng.integers(len(aisles) - 1)) if len(aisles) > 1 else 0
        a = (aisles[k] + aisles[k + 1] + 2) // 2
        x, z = cell(side, a, u)
        name = f"{stand} Block {number + 100 * tier + k + 1}"
        site.place(name, Rect(x, z, x + 1, z + 1), y, "stand", tier + 1)


def players_tunnel(site: Site) -> None:
    """From the main stand's concourse under the lower tier to the pitch, a gate at its end."""
    trench = band("west", -1, 2, 0, 7)  # open where the front rows are too low to roof it
    site.fill(trench.x0, GROUND, trench.z0, trench.x1, GROUND + 4, trench.z1, "air")
    r = band("west", -1, 2, 0, 25)
    site.fill(r.x0, GROUND, r.z0, r.x1, GROUND + 3, r.z1, "air")
    site.area(r, GROUND - 1, GROUND, "polished_andesite")
    x, z = cell("west", 0, 0)
    site.fill(x, GROUND, z - 1, x + 1, GROUND + 2, z + 2, "white_concrete")
    site.fill(x, GROUND + 2, z - 1, x + 1, GROUND + 3, z + 2, "glass")
    site.fill(x, GROUND + 1, z, x + 1, GROUND + 3, z + 1, "air")
    gate(site, x, GROUND, z, "east", "dark_oak")
    tx, tz = cell("west", 0, 12)
    site.place("Players' Tunnel", r, GROUND, "tunnel", 0, at=(tx + 0.5, tz + 0.5))
    for side in SIDES:  # a pitchside gate at the foot of every aisle (one: a player opens
        for a in AISLES[side]:  # one gate at a time, so gates never stand side by side)
            gx, gz = cell(side, a, 0)
            site.fill(gx, GROUND + 1, gz, gx + 1, GROUND + 3, gz + 1, "air")
            gate(site, gx, GROUND, gz, side, "dark_oak")


def towers(site: Site) -> None:
    """A floodlight tower in the north-east corner and the camera gantry on the east stand's
    back wall, both up ladders."""
    x, z = cell("east", APRON.z0 - 37, 37)
    top = GROUND + 24
    deck = Rect(x - 2, z - 2, x + 4, z + 4)
    site.area(deck, top, top + 1, "smooth_stone_slab[type=top]")
    site.area(deck, top + 1, top + 2, "iron_bars")
    site.area(deck.inset(1), top + 1, top + 2, "air")
    site.fill(x, GROUND, z, x + 2, top + 4, z + 2, "iron_block")
    site.fill(x - 1, top + 4, z - 1, x + 3, top + 5, z + 3, "sea_lantern")
    ladder(site, x - 1, z, GROUND, top + 1, "west", "iron_block")
    site.place("Floodlight Tower", deck, top + 1, "lookout", 3, at=(x + 2.5, z + 2.5))
    lx, lz = cell("east", 0, WALL_U - 1)
    seats = band("east", -1, 2, WALL_U - 2, WALL_U)  # no seat to step from onto the ladder
    site.area(seats, UPPER + UPPER_ROWS, UPPER + UPPER_ROWS + 1, "air")
    ladder(site, lx, lz, UPPER + UPPER_ROWS, WALL_TOP + 1, "west", "light_gray_concrete")
    gantry = band("east", -5, 6, WALL_U, WALL_U + 3)
    site.area(gantry, WALL_TOP, WALL_TOP + 1, "light_gray_concrete")
    ring = band("east", -5, 6, WALL_U + 2, WALL_U + 3)
    site.area(ring, WALL_TOP + 1, WALL_TOP + 2, "iron_bars")
    cx, cz = cell("east", 3, WALL_U + 1)
    site.put(cx, WALL_TOP + 1, cz - 4, "observer[facing=west]")
    site.place("Camera Gantry", gantry, WALL_TOP + 1, "lookout", 3, at=(cx + 0.5, cz + 0.5))


def main_gate(site: Site) -> tuple[float, float, float]:
    x, z = cell("west", GATES["west"][0], WALL_U + 3)
    return (x + 0.5, float(GROUND), z + 0.5)
