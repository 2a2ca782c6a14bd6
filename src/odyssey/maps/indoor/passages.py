"""Ways between places: wooden doors, iron doors opened by buttons, fence gates, ladders, flights
of stairs, ramps and a switchback stairwell for tall buildings.

Directions are compass names. A door's ``out`` is the side its name sign and first button are on
(the corridor side); ``up`` is the direction a flight of stairs or a ramp rises towards.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.maps.indoor.site import CLOCKWISE, OPPOSITE, STEP, Rect, Site

COUNTER = {v: k for k, v in CLOCKWISE.items()}


def door(
    site: Site,
    x: int,
    y: int,
    z: int,
    out: str,
    wood: str = "oak",
    name: str = "",
    hinge: str = "left",
) -> None:
    """A closed wooden door in a wall (lower half at ``y``); with ``name``, a sign on the wall to
    the left of it as seen from the ``out`` side."""
    facing = OPPOSITE[out]  # the door opens into the room, away from the corridor
    state = f"facing={facing},hinge={hinge},open=false"
    site.put(x, y, z, f"{wood}_door[{state},half=lower]")
    site.put(x, y + 1, z, f"{wood}_door[{state},half=upper]")
    if name:
        sx, sz = STEP[COUNTER[out]]
        dx, dz = STEP[out]
        site.sign(x + sx + dx, y + 1, z + sz + dz, out, name, wood)


def iron_door(site: Site, x: int, y: int, z: int, out: str, wall: str, name: str = "") -> None:
    """A closed iron door with a stone button on each side of the wall block beside its upper
    half: pressing either powers that block, which opens the door (vanilla's redstone rule).
    The buttons go on whichever side of the door has room for them on both faces.

    A stone button holds the door open for one second; builders keep named places at least
    five blocks from an iron door, so a player who arrives there and turns back finds the door
    shut again and presses the button on that side, rather than stepping into a closing door."""
    facing = OPPOSITE[out]
    dx, dz = STEP[out]
    side = CLOCKWISE[out]
    sx, sz = STEP[side]
    if not (
        site.is_air(x + sx + dx, y + 1, z + sz + dz)
        and site.is_air(x + sx - dx, y + 1, z + sz - dz)
    ):
        side = COUNTER[out]
        sx, sz = STEP[side]
    hinge = "right" if side == CLOCKWISE[out] else "left"
    site.put(x, y, z, f"iron_door[facing={facing},half=lower,hinge={hinge},open=false]")
    site.put(x, y + 1, z, f"iron_door[facing={facing},half=upper,hinge={hinge},open=false]")
    bx, bz = x + sx, z + sz
    site.put(bx, y + 1, bz, wall)  # the conductor both buttons sit on
    site.put(bx + dx, y + 1, bz + dz, f"stone_button[face=wall,facing={out}]")
    site.put(bx - dx, y + 1, bz - dz, f"stone_button[face=wall,facing={OPPOSITE[out]}]")
    if name:
        lx, lz = -sx, -sz
        site.sign(x + lx + dx, y + 1, z + lz + dz, out, name, "spruce")


def gate(site: Site, x: int, y: int, z: int, across: str, wood: str = "oak") -> None:
    """A closed fence gate one passes through going ``across`` (north/south or east/west)."""
    site.put(x, y, z, f"{wood}_fence_gate[facing={across},open=false]")


def ladder(site: Site, x: int, z: int, y0: int, y1: int, facing: str, backing: str) -> None:
    """Ladder blocks ``y0 <= y < y1`` at (x, z), facing away from a wall of ``backing`` that is
    made solid behind every rung."""
    dx, dz = STEP[facing]
    site.fill(x - dx, y0, z - dz, x - dx + 1, y1, z - dz + 1, backing)
    site.fill(x, y0, z, x + 1, y1, z + 1, f"ladder[facing={facing}]")


def _row(x: int, z: int, up: str, i: int, width: int) -> tuple[int, int, int, int]:
    """The blocks of step ``i`` of a flight: a row ``width`` wide to the right of the rise."""
    dx, dz = STEP[up]
    sx, sz = STEP[CLOCKWISE[up]]
    ax, az = x + i * dx, z + i * dz
    bx, bz = ax + (width - 1) * sx, az + (width - 1) * sz
    return min(ax, bx), min(az, bz), max(ax, bx) + 1, max(az, bz) + 1


def flight(
    site: Site,
    x: int,
    y: int,
    z: int,
    up: str,
    steps: int,
    width: int,
    block: str,
    headroom: int = 3,
    soffit: bool = True,
) -> None:
    """A straight flight of stairs rising one block per block towards ``up``: step ``i`` at
    (x, z) + i * up, height ``y + i``, ``width`` blocks wide to the right of the rise. The air
    above every step is cleared ``headroom`` blocks high (cutting the floor above open); the
    underside gets upside-down stairs so it reads as a flight from below."""
    for i in range(steps):
        x0, z0, x1, z1 = _row(x, z, up, i, width)
        site.fill(x0, y + i + 1, z0, x1, y + i + 1 + headroom, z1, "air")
        site.fill(x0, y + i, z0, x1, y + i + 1, z1, f"{block}[facing={up},half=bottom]")
        if soffit and i > 0:
            down = OPPOSITE[up]
            site.fill(x0, y + i - 1, z0, x1, y + i, z1, f"{block}[facing={down},half=top]")


def ramp(
    site: Site, x: int, y: int, z: int, up: str, rise: int, width: int, block: str, slab: str
) -> None:
    """A ramp rising ``rise`` blocks towards ``up`` in half-block steps: a bottom slab, then a
    full block, repeated (two blocks of run per block of rise), on solid fill, air above."""
    for j in range(2 * rise):
        x0, z0, x1, z1 = _row(x, z, up, j, width)
        level = y + j // 2
        site.fill(x0, y - 1, z0, x1, level, z1, block)
        piece = f"{slab}[type=bottom]" if j % 2 == 0 else block
        site.fill(x0, level, z0, x1, level + 1, z1, piece)
        site.fill(x0, level + 1, z0, x1, level + 4, z1, "air")


def rooms_beside(
    site: Site,
    band: Rect,
    corridor: Rect,
    widths: list[int],
    y: int,
    height: int,
    floor: str,
    wood: str,
    labels: list[str],
) -> list[Rect]:
    """Rooms side by side along ``band``, each with a door (signed with its label, if any) in
    the middle of the wall it shares with ``corridor``, which runs alongside the band."""
    along_x = corridor.z0 > band.z1 - 1 or corridor.z1 < band.z0 + 1
    rects = band.split_x(widths) if along_x else band.split_z(widths)
    for rect, label in zip(rects, labels, strict=True):
        site.room(rect, y, height, floor)
        mx, mz = rect.x0 + rect.width // 2, rect.z0 + rect.depth // 2
        if along_x and corridor.z0 >= band.z1:
            door(site, mx, y, rect.z1, "south", wood, label)
        elif along_x:
            door(site, mx, y, rect.z0 - 1, "north", wood, label)
        elif corridor.x0 >= band.x1:
            door(site, rect.x1, y, mz, "east", wood, label)
        else:
            door(site, rect.x0 - 1, y, mz, "west", wood, label)
    return rects


@dataclass(frozen=True)
class Stairwell:
    """A switchback stairwell: per floor, the landing at that floor and its feet level."""

    shell: Rect
    landings: list[tuple[Rect, int]]


def stairwell(
    site: Site,
    shell: Rect,
    y: int,
    storey: int,
    floors: int,
    block: str,
    wall: str,
    floor: str,
    labels: list[str] | None = None,
) -> Stairwell:
    """Carve a stairwell through ``floors`` storeys of ``storey`` blocks: two lanes of stairs
    either side of a wall, rising east in the north lane and west in the south lane, with
    landings two blocks deep at both ends, the west one on even floors, the east one on odd.
    ``shell`` is the inside: ``2 * 2 + storey`` blocks along x, 5 along z. ``labels`` name the
    floors on signs at the landings ("Floor 3", "B Deck")."""
    assert shell.width == 4 + storey and shell.depth == 5, shell
    top = y + (floors - 1) * storey
    site.fill(shell.x0, y, shell.z0, shell.x1, top + storey - 1, shell.z1, "air")
    west = Rect(shell.x0, shell.z0, shell.x0 + 2, shell.z1)
    east = Rect(shell.x1 - 2, shell.z0, shell.x1, shell.z1)
    site.fill(shell.x0 + 2, y - 1, shell.z0 + 2, shell.x1 - 2, top + storey - 1, shell.z0 + 3, wall)
    landings = []
    for k in range(floors):
        feet = y + k * storey
        landing = west if k % 2 == 0 else east
        site.area(landing, feet - 1, feet, floor)
        landings.append((landing, feet))
        if labels:  # on the end wall, between the lanes
            west_end = landing == west
            x, facing = (landing.x0, "east") if west_end else (landing.x1 - 1, "west")
            site.sign(x, feet + 1, shell.z0 + 2, facing, labels[k])
        if k == floors - 1:
            break
        if k % 2 == 0:
            flight(site, shell.x0 + 2, feet, shell.z0, "east", storey, 2, block, headroom=2)
        else:
            flight(site, shell.x1 - 3, feet, shell.z1 - 1, "west", storey, 2, block, headroom=2)
    return Stairwell(shell, landings)
