"""Building parts (OpenStreetMap's Simple 3D Buildings) in the OSM builder: a synthetic extract
written with osmium and built by the real builder; heights checked per column in the world."""

from __future__ import annotations

import numpy as np
import pytest
from test_osm import Extract, local_bbox, unreachable, waypoint

from odyssey.maps.osm import build_osm
from odyssey.maps.osm.buildings import rasterise_footprints
from odyssey.maps.osm.features import grid_for, project
from odyssey.maps.osm.parts import merge_small_runs
from odyssey.maps.osm.projection import projection_for_box
from odyssey.maps.osm.reader import read_osm
from odyssey.world.generate import GROUND_Y

ROOF = GROUND_Y - 1  # a building of height h has its roof's top at ROOF + h
PART = "building:part"


def parts_town() -> Extract:
    """A street with, north of it: a 100 m tower part inside a 20 m podium part (the outline
    says 100 m, the whole building's top); a 30 m outline half covered by a 60 m part; a part
    without an outline; a part raised on a min_height; and a plain building for comparison."""
    e = Extract()
    e.way([(-95, 0), (95, 0)], highway="residential", name="Testikatu")
    e.way([(0, -95), (0, 95)], highway="residential", name="Koekatu")
    e.box(10, 10, 50, 40, building="office", height="100", name="Torni Oy")
    e.box(10, 10, 50, 40, **{PART: "yes", "height": "20"})
    e.box(25, 20, 40, 35, **{PART: "yes", "height": "100", "building:levels": "25"})
    e.node(15, 15, name="Kahvila Torni", amenity="cafe")
    e.box(-50, 10, -20, 40, building="yes", height="30")
    e.box(-50, 10, -35, 40, **{PART: "yes", "height": "60"})
    e.box(60, 10, 75, 25, **{PART: "yes", "height": "40"})
    e.box(-50, -40, -20, -20, building="yes", height="12")
    e.box(-45, -35, -25, -25, **{PART: "yes", "height": "50", "min_height": "40"})
    e.box(20, -40, 40, -20, building="yes", height="15")
    slivered(e, 50, -60)
    return e


def slivered(e: Extract, x: int, z: int) -> int:
    """At (x, z): a 40 x 30 m, 20 m outline whose parts leave slivers: its own blocks only in a
    strip 2 wide down the west side, beside a 60 m part (x+2..x+20); a 30 m part east of that
    (x+20..x+40); and a 90 m part of 3 x 2 blocks across the seam of the two at the north edge,
    sharing 4 block edges with the 60 m part and 3 with the 30 m one."""
    outline = e.box(x, z, x + 40, z + 30, building="office", height="20", name="Kaistale Oy")
    e.box(x + 2, z, x + 20, z + 30, **{PART: "yes", "height": "60"})
    e.box(x + 20, z, x + 40, z + 30, **{PART: "yes", "height": "30"})
    e.box(x + 18, z, x + 21, z + 2, **{PART: "yes", "height": "90"})
    return outline


@pytest.fixture(scope="module")
def parts_map(tmp_path_factory):
    path = parts_town().write(tmp_path_factory.mktemp("osm") / "parts.osm.pbf")
    return build_osm(path, "parts", bbox=local_bbox(100), seed=1)


def tops(world, xs: range, zs: range) -> dict[tuple[int, int], int]:
    return {(x, z): world.top_y(x, z) for x in xs for z in zs}


def test_tower_part_rises_only_over_its_own_columns(parts_map):
    w = parts_map.world
    tower = tops(w, range(25, 40), range(20, 35))
    assert set(tower.values()) == {ROOF + 100}
    # the podium part, not the outline's overall 100 m, sets the height around the tower
    podium = tops(w, range(10, 50), range(10, 40))
    around = {v for (x, z), v in podium.items() if (x, z) not in tower}
    assert around == {ROOF + 20}


def test_outline_keeps_its_height_where_no_part_covers_it(parts_map):
    w = parts_map.world
    assert set(tops(w, range(-50, -35), range(10, 40)).values()) == {ROOF + 60}
    assert set(tops(w, range(-35, -20), range(10, 40)).values()) == {ROOF + 30}


def test_part_without_outline_is_a_building(parts_map):
    assert set(tops(parts_map.world, range(60, 75), range(10, 25)).values()) == {ROOF + 40}


def test_raised_part_stands_on_the_ground(parts_map):
    """Simplification: a part with min_height is built from the ground up to its height."""
    w = parts_map.world
    assert set(tops(w, range(-45, -25), range(-35, -25)).values()) == {ROOF + 50}
    outer = {v for (x, z), v in tops(w, range(-50, -20), range(-40, -20)).items()
             if not (-45 <= x < -25 and -35 <= z < -25)}  # fmt: skip
    assert outer == {ROOF + 12}
    assert w.get_block(-45, GROUND_Y, -30) != 0  # its wall reaches down to the ground floor


def test_buildings_without_parts_are_unchanged(parts_map):
    assert set(tops(parts_map.world, range(20, 40), range(-40, -20)).values()) == {ROOF + 15}


def test_waypoints_in_a_building_with_parts_are_reachable(parts_map):
    names = {w.name for w in parts_map.waypoints}
    assert {"Torni Oy", "Kahvila Torni"} <= names
    assert waypoint(parts_map, "Kahvila Torni").position[1] >= GROUND_Y  # inside, on a floor
    assert unreachable(parts_map, radius=150) == []


def test_outline_with_parts_is_drawn_in_pieces(tmp_path):
    """The plan behind the world: one building per run of blocks the same part wins, the
    outline's ref and name on the largest; a part tagged as a building too joins its outline."""
    e = Extract()
    outline = e.box(10, 10, 50, 40, building="office", height="100", name="Torni Oy")
    e.box(10, 10, 50, 40, building="yes", **{PART: "yes", "height": "20"})
    e.box(25, 20, 40, 35, **{PART: "yes", "height": "100"})
    path = e.write(tmp_path / "pieces.osm.pbf")
    box = local_bbox(60)
    data = read_osm(path, box)
    grid = grid_for(data.box, projection_for_box(data.box))
    f = project(data, projection_for_box(data.box), grid)
    skipped: list[str] = []
    drawn, owner = rasterise_footprints(grid, f.areas, skipped)
    assert skipped == []
    assert [fp.area.tags.get("height") for fp in drawn] == ["100", "20"]
    tower, podium = drawn
    assert podium.area.tags["name"] == "Torni Oy" and "name" not in tower.area.tags
    assert podium.area.ref == f"way/{outline}" == tower.style == podium.style
    assert int(tower.patch.data.sum()) == 15 * 15
    assert int((owner >= 0).sum()) == 40 * 30


def test_slivers_take_the_height_of_the_run_beside_them(parts_map):
    """A run with no 3 x 3 block of its own is no building: the outline's 2-wide strip and the
    90 m tip join the 60 m part they share the most edge with, at its height."""
    w = parts_map.world
    assert set(tops(w, range(50, 52), range(-60, -30)).values()) == {ROOF + 60}  # not 20
    assert set(tops(w, range(68, 71), range(-60, -58)).values()) == {ROOF + 60}  # not 90
    assert set(tops(w, range(52, 70), range(-60, -30)).values()) == {ROOF + 60}
    east = {v for (x, z), v in tops(w, range(70, 90), range(-60, -30)).items()
            if not (x == 70 and z < -58)}  # fmt: skip
    assert east == {ROOF + 30}


def test_slivers_are_merged_in_the_plan(tmp_path):
    """Two buildings, not four: the 60 m piece (602 blocks: its own, the 2 x 30 strip and the
    tip's 2 blocks over the 30 m part) carries the outline's name, as the outline keeps none."""
    e = Extract()
    outline = slivered(e, 10, 10)
    path = e.write(tmp_path / "slivers.osm.pbf")
    data = read_osm(path, local_bbox(60))
    grid = grid_for(data.box, projection_for_box(data.box))
    f = project(data, projection_for_box(data.box), grid)
    skipped: list[str] = []
    drawn, owner = rasterise_footprints(grid, f.areas, skipped)
    assert [fp.area.tags.get("height") for fp in drawn] == ["30", "60"]
    low, high = drawn
    assert [int(fp.patch.data.sum()) for fp in drawn] == [598, 602]
    assert "name" not in low.area.tags
    assert high.area.ref == f"way/{outline}" and high.area.tags["name"] == "Kaistale Oy"
    assert int((owner >= 0).sum()) == 40 * 30


def test_merge_order_and_a_lone_small_run():
    """Smallest first, into the neighbour sharing the most edge (ties: the larger); a small run
    with no other run beside it stays."""
    winner = np.full((8, 12), -1, dtype=np.int32)
    winner[:6, :4] = 0  # 24 blocks
    winner[:6, 5:10] = 4  # 30 blocks
    winner[1:6, 4] = 1  # a 1-wide sliver between them: 5 edges with each
    winner[0, 4] = 2  # a block on its end, 1 edge with each of the three: to the larger, 4
    winner[6:, 10:] = 3  # 2 x 2, no neighbour
    merge_small_runs(winner)
    assert (winner[:6, :4] == 0).all()
    assert (winner[:6, 4:10] == 4).all()  # the sliver then shares 6 edges with 4, 5 with 0
    assert (winner[6:, 10:] == 3).all() and int((winner == 3).sum()) == 4
