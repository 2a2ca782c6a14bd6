"""Checking a map package against its world: every waypoint must be a place a player can
arrive at (Mine Odyssey's rule: 3-D distance < 3.5, |dy| <= 1.5) and reachable on foot from the
map's main area (its spawn), by the nav layer's reference planner."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

from odyssey.nav import NavError, NavGraph, plan_route
from odyssey.nav.locate import goal_places
from odyssey.nav.path import REACHABLE


@dataclass
class WaypointCheck:
    id: str
    name: str
    position: tuple[float, float, float]
    arrivable: bool = False  # some standing place satisfies the arrival rule
    status: str = ""  # the planner's verdict from the spawn
    length: float | None = None
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
    """Validate the files, then every waypoint's standing place and reachability."""
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
    for wid, name, pos in waypoints:
        check = WaypointCheck(wid, name, pos)
        report.waypoints.append(check)
        try:
            check.arrivable = bool(goal_places(graph, pos, 3.5, 1.5))
            if not check.arrivable:
                check.problem = "no standing place within the arrival rule (in a wall or the air?)"
                continue
            route = plan_route(graph, [spawn, pos])
        except NavError as exc:
            check.problem = str(exc)
            continue
        check.status, check.length = route.status, route.length
        if not route.reachable:
            check.problem = f"{route.status} from the spawn {_fmt(spawn)}"
    report.seconds = time.perf_counter() - began
    return report


def _spawn(package, waypoints) -> tuple[float, float, float]:
    """The map's spawn, or its first waypoint (Mine Odyssey: the spawn is a task's first stop)."""
    spawn = getattr(package.manifest, "spawn", None)
    return spawn.as_tuple() if spawn is not None else waypoints[0][2]


def _fmt(p) -> str:
    return "(" + ", ".join(f"{v:g}" if math.isfinite(v) else str(v) for v in p) + ")"
