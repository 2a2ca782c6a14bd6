"""Map packages on disk: a folder with ``map.json``, ``waypoints.json``, ``routes.json`` and an
optional ``world/`` (Anvil). Writing one from a BuiltMap, loading one, and checking one.

``validate_package`` collects every problem (each naming the file and field) without raising;
``load_package`` raises MapFormatError listing them. Checks beyond each file's own shape: the
three files name the same map, every waypoint's route_ids name a route, every route point names
a waypoint, and ``world/`` (when present) is a Minecraft world. Whether waypoints are standable
and reachable needs the nav layer and is not checked here.
"""

from __future__ import annotations

import numbers
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from odyssey.maps.built import BuiltMap, PlacedWaypoint
from odyssey.maps.manifest import (
    DATA_VERSION,
    MINECRAFT_VERSION,
    OUT_OF_BOUNDS_SECONDS,
    MapFormatError,
    MapManifest,
    MapPackageError,
    dump,
    parse_model,
    read_json,
    write_json,
)
from odyssey.maps.routes import (
    Route,
    RoutesFile,
    parse_routes,
    route_ids_by_waypoint,
    route_link_problems,
    route_problems,
)
from odyssey.maps.waypoints import Waypoint, WaypointsFile, parse_waypoints, waypoint_ids
from odyssey.world.storage import World

MAP_JSON = "map.json"
WAYPOINTS_JSON = "waypoints.json"
ROUTES_JSON = "routes.json"
WORLD_DIR = "world"
# Xaero colour indices (0-15), most distinct first; black (0) is left out: it hides on dark maps.
MARKER_COLORS = (12, 10, 9, 14, 13, 11, 6, 5, 3, 2, 1, 4, 15, 7, 8)


@dataclass
class MapPackage:
    """A loaded map package: ``waypoints.waypoints`` and ``routes.routes`` are the lists; the
    world is opened only when asked for."""

    root: Path
    manifest: MapManifest
    waypoints: WaypointsFile
    routes: RoutesFile
    world_dir: Path | None
    _world: World | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def map_id(self) -> str:
        return self.manifest.map_id

    def waypoint(self, waypoint_id: str) -> Waypoint:
        """The waypoint with this id; MapPackageError names the map if there is none."""
        for waypoint in self.waypoints.waypoints:
            if waypoint.id == waypoint_id:
                return waypoint
        raise MapPackageError(f"map {self.map_id!r} has no waypoint {waypoint_id!r}")

    def open_world(self) -> World:
        """The package's Anvil world, opened lazily on first call and kept."""
        if self._world is None:
            if self.world_dir is None:
                raise MapPackageError(f"{self.root}: the package has no {WORLD_DIR}/ folder")
            from odyssey.world.anvil import open_world

            self._world = open_world(self.world_dir)
        return self._world

    def info(self) -> dict[str, Any]:
        """The facts ``maps info`` shows, JSON-ready."""
        m = self.manifest
        return {
            "map_id": m.map_id,
            "display_name": m.display_name,
            "environment": m.environment,
            "waypoints": len(self.waypoints.waypoints),
            "routes": len(self.routes.routes),
            "world": str(self.world_dir) if self.world_dir else None,
            "minecraft_version": m.world.minecraft_version,
            "builder": dump(m.builder) if m.builder else None,
            "bounds": dump(m.bounds) if m.bounds else None,
            "spawn": dump(m.spawn) if m.spawn else None,
            "locale": m.locale,
            "out_of_bounds_y": m.out_of_bounds.at_or_below_y if m.out_of_bounds else None,
        }


# -- reading and checking -----------------------------------------------------------------------


def validate_package(root: Path | str) -> list[str]:
    """Every problem of the package folder (empty when it is sound); never raises for bad
    files."""
    return read_package(Path(root))[1]


def load_package(root: Path | str) -> MapPackage:
    """The package in ``root``; MapFormatError lists every problem found."""
    package, problems = read_package(Path(root))
    if problems or package is None:
        raise MapFormatError(problems)
    return package


def read_package(root: Path) -> tuple[MapPackage | None, list[str]]:
    """The package (None if a file could not be understood) and every problem found."""
    if not root.is_dir():
        what = "is a file" if root.exists() else "no such folder"
        return None, [f"{root}: {what}, expected a map package folder with {MAP_JSON}"]
    problems: list[str] = []
    manifest = _read(root / MAP_JSON, _parse_manifest, problems)
    waypoints = _read(root / WAYPOINTS_JSON, parse_waypoints, problems)
    routes = _read(root / ROUTES_JSON, parse_routes, problems)
    world_dir = root / WORLD_DIR
    if world_dir.exists() and not _is_world(world_dir):
        problems.append(f"{WORLD_DIR}/: not a Minecraft world (no level.dat or region files)")
    if manifest is None or waypoints is None or routes is None:
        return None, problems
    problems += consistency_problems(manifest, waypoints, routes)
    world = world_dir if _is_world(world_dir) else None
    return MapPackage(root, manifest, waypoints, routes, world), problems


def _read(path: Path, parse: Any, problems: list[str]) -> Any:
    try:
        data = read_json(path, path.name)
    except MapFormatError as e:
        problems.extend(e.problems)
        return None
    model, found = parse(data, path.name)
    problems.extend(found)
    return model


def _parse_manifest(data: Any, label: str) -> tuple[MapManifest | None, list[str]]:
    try:
        return parse_model(MapManifest, data, label), []
    except MapFormatError as e:
        return None, e.problems


def _is_world(folder: Path) -> bool:
    from odyssey.world.anvil import is_world_folder

    return folder.is_dir() and is_world_folder(folder)


def consistency_problems(
    manifest: MapManifest, waypoints: WaypointsFile, routes: RoutesFile
) -> list[str]:
    """The three files name the same map, and routes and waypoints name each other."""
    problems = [
        f"{label}: map_id: {doc.map_id!r} differs from {MAP_JSON}'s {manifest.map_id!r}"
        for label, doc in ((WAYPOINTS_JSON, waypoints), (ROUTES_JSON, routes))
        if doc.map_id != manifest.map_id
    ]
    return problems + route_link_problems(waypoints, routes, WAYPOINTS_JSON, ROUTES_JSON)


# -- writing ------------------------------------------------------------------------------------


def write_package(
    built: BuiltMap, out_dir: Path | str, routes: Sequence[Route | dict[str, Any]] | None = None
) -> Path:
    """Write a built map as a package: ``world/`` (Anvil), ``map.json``, ``waypoints.json``,
    ``routes.json``. Routes name waypoints by the ids ``waypoint_ids(map_id, n)`` gives. Every
    file is checked before anything is written; ``map.json`` is written last."""
    out_dir = Path(out_dir)
    routes_doc = _routes_file(built.map_id, routes or [])
    manifest = parse_model(MapManifest, manifest_data(built), MAP_JSON)
    on_routes = route_ids_by_waypoint(routes_doc.routes)
    waypoints_doc = parse_model(WaypointsFile, waypoints_data(built, on_routes), WAYPOINTS_JSON)
    problems = route_problems(routes_doc, ROUTES_JSON)
    problems += consistency_problems(manifest, waypoints_doc, routes_doc)
    if problems:
        raise MapFormatError(problems)
    save_world_into(built.world, out_dir / WORLD_DIR)
    save_files(out_dir, manifest, waypoints_doc, routes_doc)
    return out_dir


def save_files(
    out_dir: Path, manifest: MapManifest, waypoints: WaypointsFile, routes: RoutesFile
) -> None:
    """Write the three JSON files atomically, ``map.json`` last (its presence marks a package)."""
    write_json(out_dir / WAYPOINTS_JSON, dump(waypoints))
    write_json(out_dir / ROUTES_JSON, dump(routes))
    write_json(out_dir / MAP_JSON, dump(manifest))


def save_world_into(world: World, target: Path) -> None:
    """Save the world to ``target``, replacing a world already there (but nothing else)."""
    from odyssey.world.anvil import save_world

    if target.exists() and not (_is_world(target) or _is_empty_dir(target)):
        raise MapPackageError(f"{target}: exists and is not a world; not overwriting it")
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        # last_played 0: the same build gives the same bytes.
        save_world(world, scratch / WORLD_DIR, last_played_ms=0)
        if target.exists():
            shutil.rmtree(target)
        os.replace(scratch / WORLD_DIR, target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _is_empty_dir(path: Path) -> bool:
    return path.is_dir() and not any(path.iterdir())


def _routes_file(map_id: str, routes: Sequence[Route | dict[str, Any]] | RoutesFile) -> RoutesFile:
    if isinstance(routes, RoutesFile):
        return routes
    items = [dump(r) if isinstance(r, Route) else r for r in routes]
    data = {"schema_version": 1, "map_id": map_id, "route_count": len(items), "routes": items}
    return parse_model(RoutesFile, data, ROUTES_JSON)


def manifest_data(built: BuiltMap) -> dict[str, Any]:
    """``map.json`` for a built map."""
    x0, z0, x1, z1 = (int(v) for v in built.bounds)
    data: dict[str, Any] = {
        "schema_version": 1,
        "map_id": built.map_id,
        "display_name": built.display_name,
        "environment": built.environment,
    }
    if built.out_of_bounds_y is not None:
        data["out_of_bounds"] = {
            "at_or_below_y": plain_number(built.out_of_bounds_y),
            "duration_sec": OUT_OF_BOUNDS_SECONDS,
        }
    data["source"] = {"kind": "generated", "builder": built.builder, "world_root": WORLD_DIR}
    data["world"] = {
        "minecraft_version": MINECRAFT_VERSION,
        "version_name": MINECRAFT_VERSION,
        "data_version": DATA_VERSION,
    }
    data["license"] = built.license or default_license(built)
    if built.origin is not None:
        data["origin"] = built.origin
    data["builder"] = {
        "name": built.builder,
        "version": built.builder_version,
        "seed": built.seed,
    }
    data["bounds"] = {"min_x": x0, "min_z": z0, "max_x": x1, "max_z": z1}
    data["spawn"] = position_data(built.spawn)
    data["locale"] = built.locale
    return data


def default_license(built: BuiltMap) -> dict[str, str]:
    """The licence of a world Odyssey generated from nothing but a seed."""
    return {
        "scope": "procedurally generated world",
        "redistribution": "allowed",
        "note": f"Generated by Odyssey's {built.builder} builder {built.builder_version} "
        f"from seed {built.seed}; contains no third-party data.",
    }


def waypoints_data(built: BuiltMap, on_routes: dict[str, list[str]]) -> dict[str, Any]:
    """``waypoints.json`` for a built map: ids ``<PREFIX>-WP-NN`` in order, colours cycling."""
    ids = waypoint_ids(built.map_id, len(built.waypoints))
    entries = [
        waypoint_entry(w, ids[i], MARKER_COLORS[i % len(MARKER_COLORS)], on_routes.get(ids[i], []))
        for i, w in enumerate(built.waypoints)
    ]
    return {
        "schema_version": 1,
        "map_id": built.map_id,
        "dimension": "overworld",
        "waypoint_count": len(entries),
        "waypoints": entries,
    }


def waypoint_entry(
    waypoint: PlacedWaypoint, waypoint_id: str, color: int, route_ids: list[str]
) -> dict[str, Any]:
    """One ``waypoints.json`` entry; the builder's extras follow the standard fields."""
    entry: dict[str, Any] = {
        "id": waypoint_id,
        "name": waypoint.name,
        "position": position_data(waypoint.position),
        "route_ids": list(route_ids),
        "initials": initials_of(waypoint.name) if waypoint.initials is None else waypoint.initials,
        "color": color,
    }
    if waypoint.floor is not None:
        entry["floor_index"] = waypoint.floor
    if waypoint.kind:
        entry["kind"] = waypoint.kind
    clash = sorted(k for k in waypoint.extra if k in entry)
    if clash:
        raise ValueError(f"waypoint {waypoint.name!r}: extra fields {clash} are standard fields")
    entry.update(waypoint.extra)
    return entry


def initials_of(name: str) -> str:
    """``Blue Drawing Room`` -> ``BD``: the first letter of up to two words, upper-cased."""
    words = [[c for c in word if c.isalnum()] for word in name.split()]
    letters = [word[0] for word in words if word]
    return "".join(letters[:2]).upper() or name.strip()[:1]


def position_data(position: Sequence[Any]) -> dict[str, int | float]:
    """A position as ``{x, y, z}`` of plain Python numbers (numpy scalars converted, unrounded)."""
    x, y, z = position
    return {"x": plain_number(x), "y": plain_number(y), "z": plain_number(z)}


def plain_number(value: Any) -> int | float:
    """A Python int or float of the same value, so JSON can write it."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    return value  # left as is: checking it names the field and the bad value
