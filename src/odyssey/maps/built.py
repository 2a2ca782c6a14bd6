"""What a map builder hands over: the world it made, the named places in it, and a report of
what it skipped. ``maps.package`` turns a BuiltMap into a Mine Odyssey map package on disk."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from odyssey.world.storage import World

Vec3 = tuple[float, float, float]
ENVIRONMENTS = ("outdoor", "indoor", "mixed")


@dataclass(frozen=True)
class PlacedWaypoint:
    """A named place: ``position`` is the arrival anchor (feet of a player standing there)."""

    name: str
    position: Vec3
    kind: str = ""  # shop, museum, room, corner, address, ... (free text)
    initials: str | None = None
    floor: int | None = None  # 0 = ground floor, for multi-level buildings
    extra: dict[str, Any] = field(default_factory=dict)  # written into waypoints.json as is


@dataclass
class BuildReport:
    """What a build did not do as asked, in words a user can act on."""

    skipped: list[str] = field(default_factory=list)  # "building way 123: polygon not closed"
    notes: list[str] = field(default_factory=list)  # counts and other facts worth printing

    def skip(self, what: str) -> None:
        self.skipped.append(what)

    def note(self, what: str) -> None:
        self.notes.append(what)


@dataclass
class BuiltMap:
    """A world with its named places, as a builder made it."""

    map_id: str
    display_name: str
    environment: str  # outdoor | indoor | mixed
    world: World
    waypoints: list[PlacedWaypoint]
    spawn: Vec3  # where a player starts by default (on the map's main area)
    bounds: tuple[int, int, int, int]  # min x, min z, max x, max z of the playable area (blocks)
    builder: str  # "osm", "indoor-palace", ...
    builder_version: str
    seed: int = 0
    out_of_bounds_y: int | None = None  # a player at or below this y is out of bounds
    origin: dict[str, Any] | None = None  # OSM: {"lat", "lon", "projection", "source", ...}
    locale: str = "en"  # the language of the names (BCP 47)
    license: dict[str, Any] | None = None  # {"scope", "redistribution", "note"}
    report: BuildReport = field(default_factory=BuildReport)
