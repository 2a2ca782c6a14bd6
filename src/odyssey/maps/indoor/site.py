"""A world under construction with its named places: floor rectangles, rooms carved out of solid
storeys, signs, waypoints, and the finishing pass every indoor builder ends with.

Indoor builders work by carving: a storey is first filled with wall material, then rooms and
corridors are cut out of it, so whatever is left between them is wall. Rooms are rectangles of
floor ``x0 <= x < x1, z0 <= z < z1`` with their feet level ``y`` (the top of the floor block).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

import numpy as np

from odyssey.maps.built import BuildReport, BuiltMap, PlacedWaypoint, Vec3
from odyssey.nav import NavGraph, nearest_place
from odyssey.world.connections import connect_blocks
from odyssey.world.generate import GENERATED_DIMENSION
from odyssey.world.leveldat import LevelInfo
from odyssey.world.nbt import Byte
from odyssey.world.storage import World

STEP = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}  # (dx, dz)
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}
SIGN_LINE = 15  # characters that fit on one line of a sign
SNAP_RADIUS = 0.75  # how far a waypoint may move to the standing place under it


@dataclass(frozen=True)
class Rect:
    """A floor area of blocks ``x0 <= x < x1``, ``z0 <= z < z1``."""

    x0: int
    z0: int
    x1: int
    z1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def depth(self) -> int:
        return self.z1 - self.z0

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the floor: a block centre or a block edge, both lattice points."""
        return (self.x0 + self.x1) / 2, (self.z0 + self.z1) / 2

    def inset(self, n: int) -> Rect:
        return Rect(self.x0 + n, self.z0 + n, self.x1 - n, self.z1 - n)

    def grow(self, n: int) -> Rect:
        return self.inset(-n)

    def split_x(self, widths: list[int], wall: int = 1) -> list[Rect]:
        """Rooms side by side along x with ``wall`` blocks between them."""
        out, x = [], self.x0
        for w in widths:
            out.append(Rect(x, self.z0, x + w, self.z1))
            x += w + wall
        return out

    def split_z(self, depths: list[int], wall: int = 1) -> list[Rect]:
        """Rooms one behind the other along z with ``wall`` blocks between them."""
        out, z = [], self.z0
        for d in depths:
            out.append(Rect(self.x0, z, self.x1, z + d))
            z += d + wall
        return out


def partition(
    total: int, least: int, most: int, rng: np.random.Generator, wall: int = 1
) -> list[int]:
    """Seeded room widths in [least, most] that, with walls between, fill ``total`` exactly
    (rooms wider than ``most`` only where nothing else fits)."""
    fewest = max(1, -(-(total + wall) // (most + wall)))
    most_rooms = max(1, (total + wall) // (least + wall))
    count = int(rng.integers(min(fewest, most_rooms), most_rooms + 1))
    widths = [least] * count
    spare = total - (count * least + (count - 1) * wall)
    while spare > 0:
        room = int(rng.integers(count))
        if widths[room] < most or all(w >= most for w in widths):
            widths[room] += 1
            spare -= 1
    return widths


def sign_entity(text: str) -> dict:
    """A 1.21.11 sign block entity with ``text`` wrapped over its four front lines."""
    lines = textwrap.wrap(text, SIGN_LINE)[:4]
    lines += [""] * (4 - len(lines))
    blank = ["", "", "", ""]
    return {
        "id": "minecraft:sign",
        "is_waxed": Byte(1),  # waxed: players cannot edit the names
        "front_text": {"messages": lines, "color": "black", "has_glowing_text": Byte(0)},
        "back_text": {"messages": blank, "color": "black", "has_glowing_text": Byte(0)},
    }


@dataclass
class Site:
    """A world being built with the named places found in it so far."""

    rng: np.random.Generator
    world: World = field(default_factory=lambda: World(GENERATED_DIMENSION))
    waypoints: list[PlacedWaypoint] = field(default_factory=list)
    report: BuildReport = field(default_factory=BuildReport)

    # -- blocks ---------------------------------------------------------------------------------

    def fill(self, x0: int, y0: int, z0: int, x1: int, y1: int, z1: int, block: str) -> None:
        """Fill blocks ``x0 <= x < x1``, ``y0 <= y < y1``, ``z0 <= z < z1``."""
        self.world.fill((x0, y0, z0), (x1, y1, z1), block)

    def area(self, rect: Rect, y0: int, y1: int, block: str) -> None:
        """Fill the columns of ``rect`` from ``y0`` up to (not including) ``y1``."""
        self.fill(rect.x0, y0, rect.z0, rect.x1, y1, rect.z1, block)

    def put(self, x: int, y: int, z: int, block: str) -> None:
        """Set one block (a sign's text there goes with the sign it replaces)."""
        chunk = self.world.chunk(x >> 4, z >> 4)
        if chunk is not None:
            chunk.block_entities.pop((x, y, z), None)
        self.world.set_block(x, y, z, block)

    def room(self, rect: Rect, y: int, height: int, floor: str, ceiling: str | None = None) -> None:
        """Carve a room: air ``height`` blocks high over a floor layer at ``y - 1`` (and a ceiling
        layer at ``y + height`` when given)."""
        self.area(rect, y, y + height, "air")
        self.area(rect, y - 1, y, floor)
        if ceiling is not None:
            self.area(rect, y + height, y + height + 1, ceiling)

    def carpet(self, rect: Rect, y: int, colour: str) -> None:
        self.area(rect, y, y + 1, f"{colour}_carpet")

    def windows(self, rect: Rect, y: int, pane: str, every: int = 2, rows: int = 2) -> None:
        """Window panes along the outer walls around ``rect`` (its ring of wall blocks), every
        ``every`` blocks, ``rows`` high starting one above the floor."""
        outer = rect.grow(1)
        for x in range(rect.x0 + 1, rect.x1 - 1, every):
            for z in (outer.z0, outer.z1 - 1):
                self.fill(x, y + 1, z, x + 1, y + 1 + rows, z + 1, pane)
        for z in range(rect.z0 + 1, rect.z1 - 1, every):
            for x in (outer.x0, outer.x1 - 1):
                self.fill(x, y + 1, z, x + 1, y + 1 + rows, z + 1, pane)

    def lights(
        self, rect: Rect, y: int, block: str = "lantern[hanging=true]", every: int = 4
    ) -> None:
        """Lights in a grid ``every`` blocks apart, centred over ``rect``, at height ``y`` (the
        top layer of a room's air for hanging lanterns, or a ceiling layer for light blocks)."""
        for x in _spread(rect.x0, rect.x1, every):
            for z in _spread(rect.z0, rect.z1, every):
                self.put(x, y, z, block)

    def is_air(self, x: int, y: int, z: int) -> bool:
        return self.world.get_block(x, y, z) == 0

    def sign(self, x: int, y: int, z: int, facing: str, text: str, wood: str = "oak") -> None:
        """A wall sign at (x, y, z) facing ``facing``, on the block behind it; left out where
        that spot is taken (a sign never replaces a wall or another fitting)."""
        if not self.is_air(x, y, z):
            return
        self.put(x, y, z, f"{wood}_wall_sign[facing={facing}]")
        self.world.set_block_entity(x, y, z, sign_entity(text))

    # -- named places ---------------------------------------------------------------------------

    def place(
        self,
        name: str,
        rect: Rect,
        y: int,
        kind: str,
        floor: int,
        at: tuple[float, float] | None = None,
    ) -> PlacedWaypoint:
        """Name a place: its waypoint stands at the centre of ``rect`` (or at ``at``) on the
        floor whose feet level is ``y``."""
        if any(w.name == name for w in self.waypoints):
            raise AssertionError(f"waypoint name {name!r} used twice")
        x, z = at if at is not None else rect.centre
        waypoint = PlacedWaypoint(name, (float(x), float(y), float(z)), kind, initials(name), floor)
        self.waypoints.append(waypoint)
        return waypoint

    # -- finishing ------------------------------------------------------------------------------

    def finish(self, bounds: Rect, y0: int, y1: int, spawn: Vec3) -> Vec3:
        """Set fence, pane, wall and gate connections as vanilla would, then stand every
        waypoint and the spawn on the floor under them (a carpet raises them by 1/16)."""
        connect_blocks(self.world, (bounds.x0, y0, bounds.z0), (bounds.x1, y1, bounds.z1))
        graph = NavGraph(self.world)
        standing = nearest_place(graph, spawn, radius=SNAP_RADIUS)
        if standing is None:
            raise AssertionError(f"the spawn {spawn} is not a standing place")
        placed: list[PlacedWaypoint] = []
        for w in self.waypoints:
            spot = nearest_place(graph, w.position, radius=SNAP_RADIUS)
            if spot is None:
                self.report.skip(f"waypoint {w.name!r} at {w.position}: no standing place")
                continue
            placed.append(PlacedWaypoint(w.name, spot, w.kind, w.initials, w.floor, w.extra))
        self.waypoints = placed
        return standing


def _spread(a0: int, a1: int, every: int) -> range:
    """Positions ``every`` apart between a0 and a1 (exclusive), centred, at least one."""
    count = max(1, (a1 - a0) // every)
    first = a0 + (a1 - a0 - 1 - (count - 1) * every) // 2
    return range(first, first + count * every, every)


def initials(name: str) -> str:
    """Up to three capitals from the words of a name ("Blue Drawing Room" -> "BDR")."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    letters = "".join(w[0] for w in words if w[0].isupper() or w[0].isdigit())
    return (letters or name[:1]).upper()[:3]


@dataclass(frozen=True)
class MapInfo:
    """What a kind's builder says about the map it made."""

    kind: str
    title: str  # "Palais de Valmont"
    spawn: Vec3
    bounds: Rect
    lowest_floor_y: int  # feet level of the lowest floor


def built_map(site: Site, info: MapInfo, seed: int) -> BuiltMap:
    """The BuiltMap of a finished site."""
    site.world.info = LevelInfo(
        level_name=f"{info.title} ({info.kind})",
        seed=seed,
        spawn=tuple(int(v // 1) for v in info.spawn),
        game_type=2,
    )
    b = info.bounds
    site.report.note(f"{len(site.waypoints)} named places")
    return BuiltMap(
        map_id=info.kind,
        display_name=f"{info.title} ({info.kind})",
        environment="indoor",
        world=site.world,
        waypoints=site.waypoints,
        spawn=info.spawn,
        bounds=(b.x0, b.z0, b.x1 - 1, b.z1 - 1),
        builder=f"indoor-{info.kind}",
        builder_version="1",
        seed=seed,
        out_of_bounds_y=info.lowest_floor_y - 10,
        locale="en",
        report=site.report,
    )
