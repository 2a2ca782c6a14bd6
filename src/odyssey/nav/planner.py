"""The reference planner: A* segments chained through ordered stops.

Each segment starts where the one before ended and stops at the first place that satisfies
Mine Odyssey's arrival rule (3-D distance < 3.5 and |dy| <= 1.5 from the stop). The search box
around a segment grows through the profile's margins; a search that empties its box without the
box cutting anything off is a certified ``unreachable``, one that runs out of margins or
expansions is ``planner_limit`` (a limit is not a verdict).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np

from odyssey.nav import astar
from odyssey.nav.graph import NavGraph
from odyssey.nav.locate import check_goal, locate
from odyssey.nav.path import PLANNER_LIMIT, REACHABLE, UNREACHABLE, Route, Step, Vec3
from odyssey.nav.profile import MovementProfile, fall_damage
from odyssey.nav.steps import describe
from odyssey.world.storage import World

ARRIVAL_RADIUS, ARRIVAL_DY = 3.5, 1.5


@dataclass
class Segment:
    status: str
    nodes: list[int]
    length: float
    expansions: int


class Search:
    """Reusable A* buffers over one graph (a new search costs no clearing: nodes are stamped
    with the search's generation)."""

    def __init__(self, graph: NavGraph) -> None:
        self.graph = graph
        self.gen = 0
        self._size(1 << 16)
        self.heap_cap = 1 << 16
        self.hf = np.zeros(self.heap_cap)
        self.hh = np.zeros(self.heap_cap)
        self.hid = np.zeros(self.heap_cap, np.int64)

    def _size(self, n: int) -> None:
        self.g = np.zeros(n)
        self.parent = np.full(n, -1, np.int64)
        self.stamp = np.zeros(n, np.int32)
        self.closed = np.zeros(n, np.int32)

    def _fit(self) -> None:
        need = len(self.graph.node_h)
        if len(self.g) < need:
            old = (self.g, self.parent, self.stamp, self.closed)
            self._size(need)
            for new, prev in zip((self.g, self.parent, self.stamp, self.closed), old, strict=True):
                new[: len(prev)] = prev

    def _grow_heap(self) -> None:
        self.heap_cap *= 2
        for name in ("hf", "hh", "hid"):
            old = getattr(self, name)
            new = np.zeros(self.heap_cap, old.dtype)
            new[: len(old)] = old
            setattr(self, name, new)

    def segment(self, start: int, target: Vec3, radius: float, radius_y: float,
                budget: int) -> Segment:  # fmt: skip
        graph, prof = self.graph, self.graph.profile
        sx, sy, sz = graph.position(start)
        _tx, _ty, _tz = target
        spent = 0
        for i, margin in enumerate(prof.margins):
            last = i == len(prof.margins) - 1
            p = self.params(sx, sy, sz, target, radius, radius_y, margin)
            result, state = self.run(start, p, budget - spent)
            spent += int(state[1])
            if result == astar.FOUND:
                nodes = self._trace(int(state[2]))
                return Segment(REACHABLE, nodes, float(self.g[int(state[2])]), spent)
            if result == astar.LIMIT:
                return Segment(PLANNER_LIMIT, [start], 0.0, spent)
            if not state[5]:  # nothing was cut off by the box: a certified verdict
                return Segment(UNREACHABLE, [start], 0.0, spent)
            if last:
                return Segment(PLANNER_LIMIT, [start], 0.0, spent)
        raise AssertionError("unreachable")

    def params(self, sx, sy, sz, target, radius, radius_y, margin) -> np.ndarray:
        """The kernel's parameters: lattice, body, moves, goal region, box with ``margin``."""
        graph, prof = self.graph, self.graph.profile
        tx, ty, tz = target
        p = np.zeros(astar.N_PARAMS)
        p[astar.P_STEP], p[astar.P_OFF], p[astar.P_BODY] = graph.step, graph.off, prof.body_height
        p[astar.P_RISE], p[astar.P_DROP] = prof.max_rise, prof.max_drop
        p[astar.P_TX], p[astar.P_TY], p[astar.P_TZ] = tx, ty, tz
        p[astar.P_R], p[astar.P_RY] = radius, radius_y
        x0, x1 = min(sx, tx) - margin, max(sx, tx) + margin
        z0, z1 = min(sz, tz) - margin, max(sz, tz) + margin
        p[astar.P_X0], p[astar.P_Z0] = graph.point_of(x0, z0)
        p[astar.P_X1], p[astar.P_Z1] = graph.point_of(x1, z1)
        scale = margin / prof.margins[0] if prof.grow_y else 1.0
        p[astar.P_YLO] = min(sy, ty) + prof.margin_y[0] * scale
        p[astar.P_YHI] = max(sy, ty) + prof.margin_y[1] * scale
        return p

    def run(self, start: int, p: np.ndarray, budget: int) -> tuple[int, np.ndarray]:
        """A fresh search from ``start``, computing tiles as it asks for them: the kernel's
        result code and its state array."""
        graph = self.graph
        self.gen += 1
        self._fit()
        self.g[start], self.parent[start], self.stamp[start] = 0.0, -1, self.gen
        x, y, z = graph.position(start)
        h = astar.heuristic(x, y, z, p)
        self.hf[0], self.hh[0], self.hid[0] = h, h, start
        state = np.zeros(6, np.int64)
        state[0] = 1
        while True:
            result = astar.search(
                p, graph.points, graph.tile_map, graph.map_origin[0], graph.map_origin[1],
                graph.tile_off, graph.node_h, graph.node_c, graph.node_f, graph.node_gx,
                graph.node_gz, graph.openers, self.g, self.parent, self.stamp, self.closed,
                self.gen, self.hf, self.hh, self.hid, state, max(budget, 0),
            )  # fmt: skip
            if result == astar.NEED_TILE:
                graph.ensure(int(state[3]), int(state[4]))
                self._fit()
            elif result == astar.GROW:
                self._grow_heap()
            else:
                return result, state

    def _trace(self, node: int) -> list[int]:
        out = [node]
        while self.parent[out[-1]] >= 0:
            out.append(int(self.parent[out[-1]]))
        return out[::-1]


def plan_route(
    world: World | NavGraph,
    stops: list[Vec3],
    prof: MovementProfile | str = "odyssey",
    radius: float = ARRIVAL_RADIUS,
    radius_y: float = ARRIVAL_DY,
) -> Route:
    """Plan start -> stop 1 -> ... -> target. ``stops[0]`` is the start (snapped to the nearest
    standing place within 4 blocks); every later stop is reached by the arrival rule."""
    graph = world if isinstance(world, NavGraph) else NavGraph(world, prof)
    graph.refresh()
    if len(stops) < 2:
        raise ValueError("a route needs a start and at least one stop")
    began = time.perf_counter()
    start = locate(graph, stops[0], "start")
    for i, stop in enumerate(stops[1:], 1):
        check_goal(graph, stop, radius, radius_y, f"stop {i}" if i < len(stops) - 1 else "target")
    route = Route(
        status=REACHABLE,
        profile=graph.profile.name,
        stops=[tuple(s) for s in stops],
        radius=radius,
        radius_y=radius_y,
        rules=graph.profile,
    )
    search = Search(graph)
    nodes = [start]
    route.stop_steps.append(0)
    budget = graph.profile.max_expansions
    for stop in stops[1:]:
        seg = search.segment(nodes[-1], tuple(stop), radius, radius_y, budget - route.expansions)
        route.expansions += seg.expansions
        route.segment_status.append(seg.status)
        route.segment_lengths.append(seg.length)
        if seg.status != REACHABLE:
            route.status = seg.status
            route.message = f"stop {len(route.segment_status)} ({_fmt(stop)}): {seg.status}"
            break
        nodes.extend(seg.nodes[1:])
        route.stop_steps.append(len(nodes) - 1)
    route.steps = describe(graph, nodes)
    route.fall_damage = _damage(graph, route.steps)
    route.seconds = time.perf_counter() - began
    return route


def _damage(graph: NavGraph, steps: list[Step]) -> float:
    if not graph.profile.fall_damage:
        return 0.0
    total = 0.0
    for a, b in itertools.pairwise(steps):
        if b.action == "drop":
            total += fall_damage(a.pos[1] - b.pos[1])
    return total


def _fmt(p) -> str:
    return ", ".join(f"{v:g}" for v in p)
