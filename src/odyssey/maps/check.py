"""Checking a map package against its world: every waypoint must be a place a player can
arrive at (Mine Odyssey's rule: 3-D distance < 3.5, |dy| <= 1.5) and reachable on foot from the
map's main area (its spawn), under the nav layer's movement profile."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from odyssey.nav import NavError, NavGraph, component
from odyssey.nav.locate import goal_places
from odyssey.nav.path import REACHABLE, UNREACHABLE

FLOOD_LIMIT = 500_000_000  # expansions: a map of 5 x 5 km on the 0.5-block lattice and more


@dataclass
class WaypointCheck:
    id: str
    name: str
    position: tuple[float, float, float]
    arrivable: bool = False  # some standing place satisfies the arrival rule
    status: str = ""  # reachable / unreachable from the spawn
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.arrivable and self.status == REACHABLE


@dataclass
class MapCheck:
    map_id: str
    format_problems: list[str] = field(default_factory=list)
    spawn: tuple[float, float, float] | None = None
    waypoints: list[WaypointCheck] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failures(self) -> list[WaypointCheck]:
        return [w for w in self.waypoints if not w.ok]

    @property
    def ok(self) -> bool:
        return not self.format_problems and not self.failures


def check_map(package_dir: Path, profile: str = "odyssey") -> MapCheck:
    """Validate the files, then every waypoint's standing place and reachability: one flood of
    the places reachable from the spawn over the whole map, then a look-up per waypoint."""
    from odyssey.maps.package import load_package, validate_package

    began = time.perf_counter()
    problems = validate_package(package_dir)
    report = MapCheck(map_id=Path(package_dir).name, format_problems=list(problems))
    if problems:
        report.seconds = time.perf_counter() - began
        return report
    package = load_package(package_dir)
    report.map_id = package.manifest.map_id
    waypoints = [(w.id, w.name, w.position.as_tuple()) for w in package.waypoints.waypoints]
    if package.world_dir is None:
        report.format_problems.append(f"{package_dir}: no world/ folder to check waypoints in")
        return report
    graph = NavGraph(package.open_world(), profile)
    spawn = _spawn(package, waypoints)
    report.spawn = spawn
    try:
        reach = _reach(package, spawn, waypoints)
        flood = component(graph, spawn, radius=reach, limit=FLOOD_LIMIT)
    except NavError as exc:
        report.format_problems.append(f"map.json: spawn: {exc}")
        return report
    reachable = np.zeros(graph.count, bool)
    reachable[flood.nodes] = True
    verdict = "not reachable from the spawn" + ("" if flood.complete else " (search cut short)")
    for wid, name, pos in waypoints:
        check = WaypointCheck(wid, name, pos)
        report.waypoints.append(check)
        try:
            places = goal_places(graph, pos, 3.5, 1.5)
        except NavError as exc:
            check.problem = str(exc)
            continue
        check.arrivable = bool(places)
        if not places:
            check.problem = "no standing place within the arrival rule (in a wall or the air?)"
        elif any(p < len(reachable) and reachable[p] for p in places):
            check.status = REACHABLE
        else:
            check.status, check.problem = UNREACHABLE, verdict
    report.seconds = time.perf_counter() - began
    return report


def _reach(package, spawn, waypoints) -> float:
    """A flood radius that covers the map (its bounds and waypoints) from the spawn."""
    corners = [w[2] for w in waypoints]
    b = package.manifest.bounds
    if b is not None:
        corners += [(x, 0.0, z) for x in (b.min_x, b.max_x) for z in (b.min_z, b.max_z)]
    far = max(max(abs(c[0] - spawn[0]), abs(c[2] - spawn[2])) for c in corners)
    return far + 8.0


def _spawn(package, waypoints) -> tuple[float, float, float]:
    """The map's spawn, or its first waypoint (Mine Odyssey: the spawn is a task's first stop)."""
    spawn = getattr(package.manifest, "spawn", None)
    return spawn.as_tuple() if spawn is not None else waypoints[0][2]


def _fmt(p) -> str:
    return "(" + ", ".join(f"{v:g}" if math.isfinite(v) else str(v) for v in p) + ")"
