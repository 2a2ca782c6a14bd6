"""Reachability: every standing place a player can walk to from a start (its connected
component under the profile's moves, within a box), used to validate maps and tasks."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.nav import astar
from odyssey.nav.graph import NavGraph
from odyssey.nav.locate import locate
from odyssey.nav.planner import Search
from odyssey.nav.profile import MovementProfile
from odyssey.world.storage import World


@dataclass
class Component:
    """Places reachable from a start: feet positions (n, 3) and whether the box cut it short."""

    positions: np.ndarray
    complete: bool  # False when the search box or the expansion limit cut the flood off
    expansions: int
    nodes: np.ndarray | None = None  # the graph's node ids of the places (for membership tests)

    def __len__(self) -> int:
        return len(self.positions)

    def contains(self, pos, radius: float = 3.5, radius_y: float = 1.5) -> bool:
        """Whether some reachable place satisfies the arrival rule around ``pos``."""
        if not len(self.positions):
            return False
        d = self.positions - np.asarray(pos, np.float64)
        dist = np.sqrt((d**2).sum(axis=1))
        return bool(((dist < radius) & (np.abs(d[:, 1]) <= radius_y)).any())


def component(
    world: World | NavGraph,
    start,
    radius: float = 128.0,
    prof: MovementProfile | str = "odyssey",
    limit: int = 20_000_000,
) -> Component:
    """Every place reachable from ``start`` within ``radius`` blocks horizontally of it."""
    graph = world if isinstance(world, NavGraph) else NavGraph(world, prof)
    graph.refresh()
    node = locate(graph, start, "start")
    search = Search(graph)
    sx, sy, sz = graph.position(node)
    p = search.params(sx, sy, sz, (sx, sy, sz), 0.0, -1.0, radius)
    p[astar.P_YLO], p[astar.P_YHI] = graph.world.dimension.min_y, graph.world.dimension.max_y
    p[astar.P_R], p[astar.P_RY] = 0.0, -1.0  # no place is a goal: the search floods the box
    result, state = search.run(node, p, limit)
    closed = np.flatnonzero(search.closed[: graph.count] == search.gen)
    x = graph.node_gx[closed] * graph.step + graph.off
    z = graph.node_gz[closed] * graph.step + graph.off
    positions = np.stack([x, graph.node_h[closed].astype(np.float64), z], axis=1)
    complete = result == astar.EXHAUSTED and not state[5]
    return Component(positions, complete, int(state[1]), closed)


def nearest_place(
    world: World | NavGraph,
    pos,
    radius: float = 4.0,
    prof: MovementProfile | str = "odyssey",
) -> tuple[float, float, float] | None:
    """The standing place (feet position) nearest to ``pos`` within ``radius`` blocks, or None."""
    graph = world if isinstance(world, NavGraph) else NavGraph(world, prof)
    graph.refresh()
    node = graph.nearest(tuple(float(v) for v in pos), radius)
    return None if node is None else graph.position(node)
