"""The navigation layer: the movement graph, A* reference paths through ordered stops,
reachability, and a controller that walks a path in the real physics."""

from odyssey.nav.follow import FollowResult, PathFollower, follow
from odyssey.nav.graph import NavGraph
from odyssey.nav.path import PLANNER_LIMIT, REACHABLE, UNREACHABLE, Route, Step
from odyssey.nav.planner import plan_route
from odyssey.nav.profile import MINEODYSSEY, ODYSSEY, MovementProfile, NavError, profile
from odyssey.nav.reach import Component, component, nearest_place

__all__ = [
    "MINEODYSSEY",
    "ODYSSEY",
    "PLANNER_LIMIT",
    "REACHABLE",
    "UNREACHABLE",
    "Component",
    "FollowResult",
    "MovementProfile",
    "NavError",
    "NavGraph",
    "PathFollower",
    "Route",
    "Step",
    "component",
    "follow",
    "nearest_place",
    "plan_route",
    "profile",
]
