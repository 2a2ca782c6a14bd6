"""The procedural indoor maps (palace, hotel, liner, stadium): each builds from its seed in a few
seconds, the same seed gives the same blocks and places and another seed a different map, every
map has at least 25 uniquely named places and the features its kind asks for (closed doors, iron
doors with a button on each side, fence gates, ladders, stairs, signs with room names), every
place is standable and reachable from the spawn, and seeded routes between places, one through
an iron door and one up or down a ladder, are planned and walked in the physics to every stop.
"""

from __future__ import annotations

import time
from collections import Counter

import numpy as np
import pytest

from odyssey.errors import OdysseyError
from odyssey.maps.built import BuiltMap
from odyssey.maps.indoor import INDOOR_KINDS, build_indoor
from odyssey.nav import NavGraph, component, follow, nearest_place, plan_route
from odyssey.nav.doors import face_normal, openers_of
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.world.signs import sign_lines

SEED = 0
# a place behind an iron door and one reached by a ladder, per kind (their names are fixed)
IRON_PLACE = {"palace": "Treasury", "hotel": "Security Office",
              "liner": "Boiler Room No. 1", "stadium": "Home Dressing Room"}  # fmt: skip
LADDER_PLACE = {"palace": "Wine Cellar", "hotel": "Observation Deck", "liner": "Crow's Nest",
                "stadium": "Camera Gantry"}  # fmt: skip
MATERIALS = {
    "palace": ("smooth_quartz", "quartz_stairs", "gold_block", "red_carpet", "glass_pane"),
    "hotel": ("white_concrete", "glass_pane", "carpet", "stairs", "water"),
    "liner": ("spruce_planks", "iron_block", "white_concrete", "black_concrete", "glass_pane"),
    "stadium": ("light_gray_concrete", "grass_block", "smooth_stone_slab", "iron_bars"),
}
WOOD_DOORS = ("oak_door", "spruce_door", "dark_oak_door", "birch_door")


@pytest.fixture(scope="module", params=INDOOR_KINDS)
def built(request) -> BuiltMap:
    return build_indoor(request.param, SEED)


@pytest.fixture(scope="module")
def states(built):
    """Block names (with their properties) counted over the map's bounds."""
    return count_states(built)


def box(built: BuiltMap) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    x0, z0, x1, z1 = built.bounds
    top = int(max(w.position[1] for w in built.waypoints)) + 24
    return (x0, built.out_of_bounds_y, z0), (x1 + 1, top, z1 + 1)


def count_states(built: BuiltMap) -> Counter:
    lo, hi = box(built)
    ids, counts = np.unique(built.world.get_box(lo, hi), return_counts=True)
    reg = built.world.registry
    return Counter({reg.state_string(int(i)): int(n) for i, n in zip(ids, counts, strict=True)})


def named(states: Counter, *names: str) -> int:
    """How many blocks of these names (any properties) there are."""
    return sum(n for s, n in states.items() if s.split("[")[0].removeprefix("minecraft:") in names)


def with_props(states: Counter, name: str, *props: str) -> int:
    return sum(
        n
        for s, n in states.items()
        if s.split("[")[0].removeprefix("minecraft:") == name and all(p in s for p in props)
    )


def sign_texts(built: BuiltMap) -> list[str]:
    lo, hi = box(built)
    texts = []
    for chunk in built.world.chunks():
        for (x, _, z), entity in chunk.block_entities.items():
            if lo[0] <= x < hi[0] and lo[2] <= z < hi[2] and entity.get("id") == "minecraft:sign":
                texts.append(" ".join(line for line in sign_lines(entity) if line))
    return texts


# -- building ------------------------------------------------------------------------------------


def test_map_metadata(built):
    kind = built.map_id
    assert kind in INDOOR_KINDS and built.environment == "indoor" and built.locale == "en"
    assert built.builder == f"indoor-{kind}" and built.builder_version == "1"
    assert built.display_name.endswith(f" ({kind})") and len(built.display_name) > len(kind) + 5
    lowest = min(int(w.position[1]) for w in built.waypoints)
    assert built.out_of_bounds_y == lowest - 10
    x0, z0, x1, z1 = built.bounds
    for x, _, z in [built.spawn] + [w.position for w in built.waypoints]:
        assert x0 <= x <= x1 + 1 and z0 <= z <= z1 + 1
    assert not built.report.skipped, built.report.skipped


@pytest.mark.parametrize("kind", INDOOR_KINDS)
def test_same_seed_same_map_other_seed_other_map(kind):
    began = time.perf_counter()
    first = build_indoor(kind, 5)
    seconds = time.perf_counter() - began
    second, other = build_indoor(kind, 5), build_indoor(kind, 6)
    assert seconds < 10.0, f"{kind} took {seconds:.1f} s to build"
    lo, hi = box(first)
    assert np.array_equal(first.world.get_box(lo, hi), second.world.get_box(lo, hi))
    assert first.waypoints == second.waypoints and first.spawn == second.spawn
    assert sign_texts(first) == sign_texts(second)
    assert not np.array_equal(first.world.get_box(lo, hi), other.world.get_box(lo, hi))
    names, other_names = [w.name for w in first.waypoints], [w.name for w in other.waypoints]
    assert names != other_names or first.display_name != other.display_name


def test_unknown_kind_and_bad_seed_are_clear_errors():
    with pytest.raises(OdysseyError, match=r"unknown indoor map kind 'castle'.*palace"):
        build_indoor("castle")
    with pytest.raises(OdysseyError, match="seed"):
        build_indoor("hotel", -1)


# -- names and features --------------------------------------------------------------------------


def test_at_least_25_unique_realistic_names(built):
    names = [w.name for w in built.waypoints]
    assert len(names) >= 25 and len(set(names)) == len(names)
    for w in built.waypoints:
        assert w.name[:1].isupper() and w.kind and w.floor is not None and w.initials
    rooms = [w.name for w in built.waypoints if w.kind in ("room", "state room", "hall")]
    signed = set(sign_texts(built))
    assert sum(name in signed for name in rooms) >= 0.5 * len(rooms), signed


def test_closed_doors_gates_ladders_and_stairs(built, states):
    doors = sum(with_props(states, d, "half=lower", "open=false") for d in WOOD_DOORS)
    assert doors >= 10
    assert with_props(states, "iron_door", "half=lower", "open=false") >= 1
    assert named(states, "stone_button") >= 2
    gates = [s for s in states if "_fence_gate" in s]
    assert gates and all("open=false" in s for s in gates)
    assert named(states, "ladder") >= 4
    stairs = sum(n for s, n in states.items() if "_stairs[" in s and "half=bottom" in s)
    assert stairs >= 10
    assert not any("open=true" in s for s in states if "_door" in s)


def test_every_iron_door_opens_from_both_sides(built):
    lo, hi = box(built)
    world = built.world
    door = world.registry.block("iron_door")
    arr = world.get_box(lo, hi)
    ys, zs, xs = np.nonzero((arr >= door.min_state) & (arr <= door.max_state))
    lowers = []
    for y, z, x in zip(ys, zs, xs, strict=True):
        pos = (lo[0] + int(x), lo[1] + int(y), lo[2] + int(z))
        if world.registry.properties(world.get_block(*pos))["half"] == "lower":
            lowers.append(pos)
    assert lowers
    for pos in lowers:
        normals = {face_normal(world, b) for b in openers_of(world, pos)}
        assert any((-a, -b, -c) in normals for a, b, c in normals), (pos, normals)


def test_materials_fit_the_kind(built, states):
    for material in MATERIALS[built.map_id]:
        assert sum(n for s, n in states.items() if material in s) > 0, material


def test_kind_specific_features(built):
    kinds = Counter(w.kind for w in built.waypoints)
    floors = {w.floor for w in built.waypoints}
    names = [w.name for w in built.waypoints]
    if built.map_id == "hotel":
        assert set(range(11)) <= floors  # ten floors and more, each with a named place
        assert kinds["restaurant"] == 1 and "Roof Terrace" in names
        assert sum(n.startswith(("Room ", "Suite ")) for n in names) >= 10
    if built.map_id == "palace":
        assert {"Grand Staircase", "Entrance Hall", "Upper Landing"} <= set(names)
        assert kinds["gallery"] >= 4 and kinds["state room"] >= 5 and kinds["courtyard"] == 1
    if built.map_id == "liner":
        assert {"Engine Room", "Boat Deck", "Wheelhouse", "Crow's Nest"} <= set(names)
        assert sum(n.startswith("Deck ") for n in names) >= 4 and len(floors) >= 7
        assert sum(n.startswith("Cabin ") for n in names) >= 8
    if built.map_id == "stadium":
        assert sum(n.startswith("Gate ") for n in names) >= 4
        assert kinds["stand"] >= 4 and kinds["concourse"] >= 4


# -- standing places, reachability, routes --------------------------------------------------------


@pytest.fixture(scope="module")
def graph(built):
    return NavGraph(built.world)


def test_every_place_is_standable_and_reachable_from_the_spawn(built, graph):
    x0, z0, x1, z1 = built.bounds
    reach = component(graph, built.spawn, radius=2.0 * max(x1 - x0, z1 - z0))
    assert reach.complete
    for w in built.waypoints:
        spot = nearest_place(graph, w.position, radius=0.5)
        assert spot is not None, w
        assert max(abs(a - b) for a, b in zip(spot, w.position, strict=True)) <= 0.5, (w, spot)
        assert reach.contains(w.position), w


def on_ladder(built: BuiltMap, route) -> bool:
    """Whether some step of the route stands in a ladder block."""
    reg = built.world.registry
    ladder = reg.block("ladder")
    cells = {tuple(int(np.floor(v)) for v in s.pos) for s in route.steps}
    return any(reg.block_of(built.world.get_block(*c)) == ladder for c in cells)


def routes(built: BuiltMap) -> list[tuple[str, list[str]]]:
    """Three seeded multi-stop routes: through an iron door, by a ladder, and any three places."""
    rng = np.random.default_rng(INDOOR_KINDS.index(built.map_id))
    names = [w.name for w in built.waypoints]
    pick = [str(n) for n in rng.permutation(names)]
    iron, ladder = IRON_PLACE[built.map_id], LADDER_PLACE[built.map_id]
    others = [n for n in pick if n not in (iron, ladder)]
    return [
        ("press_button", [others[0], iron]),
        ("ladder", [ladder, others[1]]),
        ("", others[2:5]),
    ]


def test_seeded_routes_are_walked_to_every_stop(built, graph):
    by_name = {w.name: w.position for w in built.waypoints}
    for action, stops in routes(built):
        route = plan_route(graph, [built.spawn] + [by_name[n] for n in stops], "odyssey")
        assert route.reachable, (stops, route.message)
        if action == "press_button":
            assert any(s.action == action for s in route.steps), stops
        if action == "ladder":
            assert on_ladder(built, route), stops
        game = Game(built.world, PlayerState(pos=route.steps[0].pos, on_ground=True))
        before = game.snapshot()
        result = follow(game, route, max_ticks=int(20 * (60 + 2 * route.length)))
        game.restore(before)  # the doors opened on the way close again for the next route
        assert all(result.reached) and result.completed, (stops, result.events[-12:])
        assert not result.final.dead
