"""Checking positions before a search: where a start snaps to, whether a goal can be reached at
all, and a clear message when a position is in a wall, in the void or outside the world."""

from __future__ import annotations

import math

from odyssey.nav.graph import NavGraph
from odyssey.nav.profile import NavError
from odyssey.world.blocks import BlockFlag

SNAP_RADIUS = 4.0


def _problem(graph: NavGraph, pos, what: str, radius: float) -> str:
    x, y, z = pos
    world = graph.world
    text = f"{what} ({x:g}, {y:g}, {z:g})"
    if not all(math.isfinite(v) for v in pos):
        return f"{text} is not a finite position"
    bx, by, bz = math.floor(x), math.floor(y), math.floor(z)
    if world.chunk(bx >> 4, bz >> 4) is None:
        return f"{text} is outside the loaded world: chunk ({bx >> 4}, {bz >> 4}) does not exist"
    dim = world.dimension
    if not dim.min_y <= by < dim.max_y:
        return f"{text} is outside the world height {dim.min_y}..{dim.max_y - 1}"
    state = world.get_block(bx, by, bz)
    head = world.get_block(bx, min(by + 1, dim.max_y - 1), bz)
    flags = world.registry.state_flags
    if int(flags[state]) & BlockFlag.FULL_CUBE and int(flags[head]) & BlockFlag.FULL_CUBE:
        name = world.registry.state_string(state)
        return f"{text} is inside a solid block ({name}); give a position on top of it"
    column = world.get_box((bx, dim.min_y, bz), (bx + 1, by + 1, bz + 1))[:, 0, 0]
    if not column.any():
        return f"{text} is in the void: there is no block below it"
    return (
        f"{text} has no place to stand within {radius:g} blocks"
        f" for the '{graph.profile.name}' profile (body height {graph.profile.body_height:g})"
    )


def locate(graph: NavGraph, pos, what: str = "position", radius: float = SNAP_RADIUS) -> int:
    """The standing place a position snaps to (nearest within ``radius``), or a NavError that
    says what is wrong with it. A position buried in solid blocks is an error, not snapped."""
    pos = tuple(float(v) for v in pos)
    message = _problem(graph, pos, what, radius)
    if "inside a solid block" in message or "outside" in message or "finite" in message:
        raise NavError(message)
    node = graph.nearest(pos, radius)
    if node is None:
        raise NavError(message)
    return node


def goal_places(graph: NavGraph, pos, radius: float, radius_y: float) -> list[int]:
    """Places that satisfy the arrival rule around ``pos``."""
    x, y, z = pos
    gx, gz = graph.point_of(x, z)
    reach = math.ceil(radius / graph.step) + 1
    out = []
    for dz in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            px, pz = graph.coords(gx + dx, gz + dz)
            for node in graph.places_at(gx + dx, gz + dz):
                h = float(graph.node_h[node])
                d = math.sqrt((px - x) ** 2 + (h - y) ** 2 + (pz - z) ** 2)
                if d < radius and abs(h - y) <= radius_y:
                    out.append(node)
    return out


def check_goal(graph: NavGraph, pos, radius: float, radius_y: float, what: str) -> None:
    """Refuse a goal no standing place can satisfy (instead of searching the whole world)."""
    pos = tuple(float(v) for v in pos)
    message = _problem(graph, pos, what, radius)
    if "outside" in message or "finite" in message:
        raise NavError(message)
    if not goal_places(graph, pos, radius, radius_y):
        raise NavError(message.replace(f"within {radius:g} blocks", "near enough to arrive"))
