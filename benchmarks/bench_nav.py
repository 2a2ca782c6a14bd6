"""Navigation benchmark: A* node expansions per second and a 1 km route through a dense city.

Run: ``python benchmarks/bench_nav.py``. The world is the generated city grid
(``odyssey.world.city``) widened to 45 x 45 city blocks (1,080 x 1,080 blocks: streets every 24
blocks, 5-40-block buildings with doors, trees and lamp posts). The route runs from one corner
district to the far side, about 1 km as the crow flies, with the ``odyssey`` profile (0.5-block
lattice, crouched body).

- ``nav_1km_route_s``: planning the route on a fresh graph, tiles of standing places computed as
  the search reaches them (compiled kernels already loaded, as in a process that planned once).
- ``nav_expansions_per_s``: the same search again on the warm graph: the search's own speed.
Prints one JSON line per metric; the last two are nav_expansions_per_s and nav_1km_route_s.
"""

from __future__ import annotations

import json
import math
import time

from odyssey.nav import NavGraph, plan_route
from odyssey.world.city import city_world

START = (-490.5, 64.0, -490.5)
TARGET = (310.5, 64.0, 110.5)
RUNS = 5


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 4)}), flush=True)


def main() -> None:
    began = time.perf_counter()
    world = city_world(blocks=45)
    emit("city_build_s", time.perf_counter() - began)
    plan_route(world, [(-10.5, 64.0, -10.5), (20.5, 64.0, -10.5)])  # load the compiled kernels
    cold, warm, rates = [], [], []
    for _ in range(RUNS):
        graph = NavGraph(world)
        began = time.perf_counter()
        route = plan_route(graph, [START, TARGET])
        cold.append(time.perf_counter() - began)
        began = time.perf_counter()
        again = plan_route(graph, [START, TARGET])
        warm.append(time.perf_counter() - began)
        rates.append(again.expansions / warm[-1])
    emit("route_status_ok", float(route.status == "reachable"))
    emit("route_crow_flies_blocks", math.dist(START, TARGET))
    emit("route_length_blocks", route.length)
    emit("route_expansions", route.expansions)
    emit("tiles_computed", len(graph.tiles))
    emit("nav_route_warm_graph_s", sorted(warm)[len(warm) // 2])
    emit("nav_expansions_per_s", sorted(rates)[len(rates) // 2])
    emit("nav_1km_route_s", sorted(cold)[len(cold) // 2])


if __name__ == "__main__":
    main()
