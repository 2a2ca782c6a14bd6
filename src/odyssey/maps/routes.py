"""``routes.json``: ordered walks through a map's waypoints (Mine Odyssey's notes §4.4).

::

    {"schema_version": 1, "map_id": "white-house", "annotation_source": {...},
     "quality_status": "...", "route_count": 9,
     "routes": [{"id": "whi-route-05", "title": "...", "status": "runtime_validation_pending",
                 "points": [{"waypoint_id": "WHI-WP-40", "role": "start"},
                            {"waypoint_id": "WHI-WP-37", "role": "via"}, ...,
                            {"waypoint_id": "WHI-WP-38", "role": "end"}],
                 "segments": [{"id": "whi-route-05-segment-01", "from": "WHI-WP-40",
                               "to": "WHI-WP-37"}, ...]}]}

A route has ``status`` or ``validation_status`` (or both); its points are exactly
``{waypoint_id, role}``, the first ``start``, the last ``end``, the others ``via``; ``segments``
(optional) join consecutive points in order. Free-form fields (titles, prompts, persona, metrics)
are kept and written back. Whether points name real waypoints is checked with the waypoints
(``route_link_problems``).
"""

from __future__ import annotations

import itertools
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from odyssey.maps.manifest import NonEmptyStr, describe, validation_problems
from odyssey.maps.waypoints import WaypointsFile


class RoutePoint(BaseModel):
    model_config = ConfigDict(extra="forbid")

    waypoint_id: NonEmptyStr
    role: Literal["start", "via", "end"]


class Segment(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str | None = None
    from_: str = Field(alias="from")
    to: str


class Route(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: NonEmptyStr
    title: str
    status: str | None = None
    validation_status: str | None = None
    points: list[RoutePoint]
    segments: list[Segment] | None = None

    @property
    def waypoint_ids(self) -> list[str]:
        return [p.waypoint_id for p in self.points]


class RoutesFile(BaseModel):
    """``routes.json``."""

    model_config = ConfigDict(extra="allow")

    schema_version: int
    map_id: NonEmptyStr
    annotation_source: dict[str, Any] | None = None
    quality_status: str | None = None
    route_count: int
    routes: list[Route]


def parse_routes(data: Any, label: str) -> tuple[RoutesFile | None, list[str]]:
    """Check routes.json data; the model (if its shape is right) and every problem found."""
    if not isinstance(data, dict):
        return None, [
            f"{label}: expected an object with schema_version, map_id, route_count and routes, "
            f"got {describe(data)}"
        ]
    try:
        doc = RoutesFile.model_validate(data)
    except ValidationError as e:
        return None, validation_problems(e, label)
    return doc, route_problems(doc, label)


def route_problems(doc: RoutesFile, label: str) -> list[str]:
    """The count, repeated ids, statuses, point roles and segments of every route."""
    problems: list[str] = []
    if doc.route_count != len(doc.routes):
        problems.append(
            f"{label}: route_count: says {doc.route_count} but {len(doc.routes)} routes are listed"
        )
    first: dict[str, int] = {}
    for i, route in enumerate(doc.routes):
        where = f"{label}: routes[{i}]"
        if route.id in first:
            problems.append(f"{where}.id: {route.id!r} is also the id of routes[{first[route.id]}]")
        first.setdefault(route.id, i)
        if route.status is None and route.validation_status is None:
            problems.append(f"{where}: needs status or validation_status")
        problems.extend(_role_problems(route, where))
        problems.extend(_segment_problems(route, where))
    return problems


def _role_problems(route: Route, where: str) -> list[str]:
    if len(route.points) < 2:
        return [f"{where}.points: a route needs a start and an end, got {len(route.points)}"]
    problems = []
    last = len(route.points) - 1
    for j, point in enumerate(route.points):
        expected = "start" if j == 0 else "end" if j == last else "via"
        if point.role != expected:
            problems.append(f"{where}.points[{j}].role: expected {expected!r}, got {point.role!r}")
    return problems


def _segment_problems(route: Route, where: str) -> list[str]:
    if route.segments is None:
        return []
    ids = route.waypoint_ids
    pairs = list(itertools.pairwise(ids))
    if len(route.segments) != len(pairs):
        return [
            f"{where}.segments: {len(route.segments)} segments for {len(ids)} points "
            f"(expected {len(pairs)})"
        ]
    return [
        f"{where}.segments[{k}]: from {seg.from_!r} to {seg.to!r}, expected {a!r} to {b!r}"
        for k, (seg, (a, b)) in enumerate(zip(route.segments, pairs, strict=True))
        if (seg.from_, seg.to) != (a, b)
    ]


def route_link_problems(
    waypoints: WaypointsFile, routes: RoutesFile, waypoints_label: str, routes_label: str
) -> list[str]:
    """Every waypoint's route_ids name a route; every route point names a waypoint."""
    waypoint_ids = set(waypoints.by_id())
    route_ids = {r.id for r in routes.routes}
    problems = [
        f"{waypoints_label}: waypoints[{i}].route_ids: {rid!r} names no route in {routes_label}"
        for i, w in enumerate(waypoints.waypoints)
        for rid in w.route_ids
        if rid not in route_ids
    ]
    problems += [
        f"{routes_label}: routes[{i}].points[{j}].waypoint_id: {p.waypoint_id!r} names no "
        f"waypoint in {waypoints_label}"
        for i, r in enumerate(routes.routes)
        for j, p in enumerate(r.points)
        if p.waypoint_id not in waypoint_ids
    ]
    return problems


def empty_routes(map_id: str) -> RoutesFile:
    """A routes.json with no routes yet."""
    return RoutesFile.model_validate(
        {"schema_version": 1, "map_id": map_id, "route_count": 0, "routes": []}
    )


def route_ids_by_waypoint(routes: list[Route]) -> dict[str, list[str]]:
    """For each waypoint id, the routes passing through it, in route order, each once."""
    found: dict[str, list[str]] = {}
    for route in routes:
        for waypoint_id in route.waypoint_ids:
            names = found.setdefault(waypoint_id, [])
            if route.id not in names:
                names.append(route.id)
    return found
