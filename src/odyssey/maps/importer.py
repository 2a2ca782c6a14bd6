"""``maps import``: any Minecraft world folder plus a waypoint file becomes a map package.

The waypoint source may be a file in any layout ``odyssey.maps.waypoints.load_waypoints``
accepts (Mine Odyssey ``waypoints.json``, a bare list, Xaero's Minimap text file, ...) or a Mine
Odyssey map folder holding ``waypoints.json`` and, optionally, ``routes.json`` and ``map.json``
(whose manifest fields are kept). A ``routes.json`` beside a given ``waypoints.json`` is used too.
Route ids on waypoints that name no known route are dropped (importing a waypoint file without
its routes), and the manifest's ``source.notes`` says so. Everything is checked before the world
is copied; the copy leaves out ``session.lock``.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path
from typing import Any

from odyssey.maps.manifest import (
    MapFormatError,
    MapManifest,
    MapPackageError,
    parse_model,
    read_json,
    slugify,
)
from odyssey.maps.package import (
    MAP_JSON,
    ROUTES_JSON,
    WAYPOINTS_JSON,
    WORLD_DIR,
    consistency_problems,
    save_files,
)
from odyssey.maps.routes import RoutesFile, empty_routes, parse_routes
from odyssey.maps.waypoints import WaypointsFile, load_waypoints

MAP_ID_PATTERN = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")


def import_world(
    world_dir: Path | str,
    waypoints_file: Path | str,
    out_dir: Path | str | None = None,
    map_id: str | None = None,
    display_name: str | None = None,
    environment: str | None = None,
    routes_file: Path | str | None = None,
    skip_disabled: bool = False,
) -> Path:
    """Make a map package in ``out_dir`` from a world folder and a waypoint file (or a Mine
    Odyssey map folder); ``map_id`` defaults to the world folder's name, slugified, and
    ``out_dir`` to ``./maps/<map_id>``."""
    world_dir = Path(world_dir)
    _check_world(world_dir)
    source = Path(waypoints_file)
    waypoints_path, routes_path, manifest_path = _source_files(source, routes_file)
    base = _base_manifest(manifest_path)
    map_id = _map_id(map_id, base, world_dir)
    out_dir = Path("maps") / map_id if out_dir is None else Path(out_dir)
    _check_target(world_dir, out_dir)
    waypoints = load_waypoints(waypoints_path, map_id=map_id, skip_disabled=skip_disabled)
    waypoints = waypoints.model_copy(update={"map_id": map_id})
    routes = _routes(routes_path, map_id)
    waypoints, notes = _drop_unknown_route_ids(waypoints, routes)
    facts = _world_facts(world_dir)
    overrides = {"display_name": display_name, "environment": environment}
    manifest = parse_model(
        MapManifest, manifest_data(base, map_id, overrides, facts, waypoints_path, notes), MAP_JSON
    )
    problems = consistency_problems(manifest, waypoints, routes)
    if problems:
        raise MapFormatError(problems)
    _copy_world(world_dir, out_dir / WORLD_DIR)
    save_files(out_dir, manifest, waypoints, routes)
    return out_dir


def _check_world(world_dir: Path) -> None:
    from odyssey.world.anvil import is_world_folder

    if not world_dir.is_dir():
        what = "is a file" if world_dir.exists() else "no such folder"
        raise MapPackageError(f"{world_dir}: {what}, expected a Minecraft world folder")
    if not is_world_folder(world_dir):
        raise MapPackageError(
            f"{world_dir}: not a Minecraft world (expected level.dat or region/r.X.Z.mca files)"
        )


def _check_target(world_dir: Path, out_dir: Path) -> None:
    if (out_dir / WORLD_DIR).exists():
        raise MapPackageError(f"{out_dir / WORLD_DIR}: already exists; choose an empty folder")
    if out_dir.resolve().is_relative_to(world_dir.resolve()):
        raise MapPackageError(f"{out_dir}: is inside the world folder {world_dir}")


def _source_files(
    source: Path, routes_file: Path | str | None
) -> tuple[Path, Path | None, Path | None]:
    """The waypoint file, routes file and manifest to read for a file or a map folder."""
    if source.is_dir():
        if not (source / WAYPOINTS_JSON).is_file():
            raise MapPackageError(f"{source}: a folder without {WAYPOINTS_JSON}")
        folder, waypoints = source, source / WAYPOINTS_JSON
    else:
        folder, waypoints = source.parent, source
    beside = source.is_dir() or source.name == WAYPOINTS_JSON
    routes = Path(routes_file) if routes_file is not None else None
    if routes is None and beside and (folder / ROUTES_JSON).is_file():
        routes = folder / ROUTES_JSON
    manifest = folder / MAP_JSON if source.is_dir() and (folder / MAP_JSON).is_file() else None
    return waypoints, routes, manifest


def _base_manifest(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    return parse_model(MapManifest, read_json(path), path.name).model_dump(
        mode="json", exclude_unset=True
    )


def _map_id(given: str | None, base: dict[str, Any], world_dir: Path) -> str:
    if given is None:
        return str(base.get("map_id") or slugify(world_dir.resolve().name))
    if not MAP_ID_PATTERN.fullmatch(given):
        raise MapPackageError(
            f"map_id: {given!r} is not a map id (lower-case letters, digits and '-'); "
            f"try {slugify(given)!r}"
        )
    return given


def _routes(path: Path | None, map_id: str) -> RoutesFile:
    if path is None:
        return empty_routes(map_id)
    doc, problems = parse_routes(read_json(path), path.name)
    if problems or doc is None:
        raise MapFormatError(problems)
    return doc.model_copy(update={"map_id": map_id})


def _drop_unknown_route_ids(
    waypoints: WaypointsFile, routes: RoutesFile
) -> tuple[WaypointsFile, list[str]]:
    known = {r.id for r in routes.routes}
    dropped = sorted({rid for w in waypoints.waypoints for rid in w.route_ids} - known)
    if not dropped:
        return waypoints, []
    kept = [
        w.model_copy(update={"route_ids": [r for r in w.route_ids if r in known]})
        for w in waypoints.waypoints
    ]
    note = f"route ids without a routes.json entry were dropped: {', '.join(dropped)}"
    return waypoints.model_copy(update={"waypoints": kept}), [note]


def _world_facts(world_dir: Path) -> dict[str, Any]:
    """Name, version, spawn and chunk extent of a world, read from level.dat and region headers."""
    from odyssey.world.anvil import open_world
    from odyssey.world.leveldat import read_level_dat

    folder = world_dir.resolve().name
    facts: dict[str, Any] = {"name": folder, "folder": folder}
    world = open_world(world_dir)
    level = world_dir / "level.dat"
    if level.is_file():
        info = read_level_dat(level)
        facts["name"] = info.level_name or facts["name"]
        version = info.version_name
        facts["world"] = {
            "minecraft_version": version,
            "version_name": version,
            "data_version": info.data_version,
        }
        facts["spawn"] = dict(zip("xyz", info.spawn, strict=True))
    positions = world.source.positions()
    if positions:
        xs = [cx for cx, _ in positions]
        zs = [cz for _, cz in positions]
        corners = (min(xs) * 16, min(zs) * 16, max(xs) * 16 + 15, max(zs) * 16 + 15)
        facts["bounds"] = dict(zip(("min_x", "min_z", "max_x", "max_z"), corners, strict=True))
    if "world" not in facts:
        facts["world"] = {"minecraft_version": "unknown", "data_version": _chunk_version(world)}
    world.source.close()
    return facts


def _chunk_version(world: Any) -> int | None:
    """The DataVersion of the first readable chunk (worlds without level.dat)."""
    for cx, cz in world.source.positions()[:64]:
        chunk = world.source.load(cx, cz)
        if chunk is not None:
            return chunk.data_version
    return None


def manifest_data(
    base: dict[str, Any],
    map_id: str,
    overrides: dict[str, str | None],
    facts: dict[str, Any],
    waypoints_path: Path,
    notes: list[str],
) -> dict[str, Any]:
    """``map.json`` for an imported world: a given manifest's fields, else what the world says."""
    data = dict(base)
    data.setdefault("schema_version", 1)
    data["map_id"] = map_id
    data["display_name"] = overrides["display_name"] or base.get("display_name") or facts["name"]
    if overrides["environment"] is not None:
        data["environment"] = overrides["environment"]
    source = dict(base.get("source") or {"kind": "import"})
    source.setdefault("world_root", facts["folder"])
    source["waypoints_file"] = waypoints_path.name
    if notes:
        source["notes"] = notes
    data["source"] = source
    for key in ("world", "spawn", "bounds"):
        if key not in data and key in facts:
            data[key] = facts[key]
    return data


def _copy_world(world_dir: Path, target: Path) -> None:
    """Copy the world; copies of read-only sources are made writable, so they can be replaced."""
    shutil.copytree(world_dir, target, ignore=shutil.ignore_patterns("session.lock"))
    for folder, dirs, files in os.walk(target):
        for name in [*dirs, *files]:
            path = Path(folder, name)
            path.chmod(path.stat().st_mode | stat.S_IWUSR)
    target.chmod(target.stat().st_mode | stat.S_IWUSR)
