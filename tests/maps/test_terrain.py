"""Terrain in the OpenStreetMap builder: elevation from contour lines and from grids, streets as
walkable ramps with stairs where steep, buildings level with the street at their door, and the
grid operations under it."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from test_osm import ORIGIN, Extract

from odyssey.maps.osm import OsmError, build_osm
from odyssey.maps.osm.elevation import Contour, contour_elevation, harmonic_fill, parse_ele
from odyssey.maps.osm.gridops import label4, spread_nearest
from odyssey.maps.osm.palette import Surface
from odyssey.maps.osm.projection import LocalProjection
from odyssey.maps.osm.raster import Grid
from odyssey.maps.osm.relief import ground_levels, retaining_walls, stair_facings
from odyssey.maps.package import validate_package, write_package
from odyssey.nav import plan_route
from odyssey.world.generate import GROUND_Y

# Ground rising southwards (z grows): 10 % from z 0 to 60, 20 % to 120, 75 % to 160, flat top.
CONTOURS = ((0.0, 10.0), (60.0, 16.0), (120.0, 28.0), (160.0, 58.0), (200.0, 58.0))


def hill_extract(tmp_path: Path, contours: bool = True) -> Path:
    e = Extract()
    if contours:
        for z, ele in CONTOURS:
            e.way([(-20.0, z), (130.0, z)], contour="elevation", ele=f"{ele:g}")
    e.way([(50.0, 2.0), (50.0, 198.0)], highway="residential", name="Hill Street")
    e.way([(2.0, 140.0), (118.0, 140.0)], highway="residential", name="Cross Street")
    e.box(62.0, 30.0, 78.0, 46.0, building="yes", height="8")
    e.box(20.0, 100.0, 38.0, 118.0, building="yes", height="6")
    e.node(57.0, 10.0, amenity="cafe", name="Hill Cafe")
    e.node(57.0, 190.0, shop="bakery", name="Top Bakery")
    e.node(70.0, 38.0, shop="books", name="Slope Books")
    e.node(120.0, 0.0, natural="tree")  # corners of the box the build covers
    e.node(-18.0, 200.0, natural="tree")
    return e.write(tmp_path / "hill.osm.pbf")


def block_of(built, x: float, z: float) -> tuple[int, int]:
    """The built world's column at (x, z) metres of the synthetic extract's frame."""
    lonlat = ORIGIN.to_lonlat(np.array([[x, z]]))
    wx, wz = LocalProjection(built.origin["lat"], built.origin["lon"]).to_xz(lonlat)[0]
    return math.floor(wx), math.floor(wz)


def stand_at(built, x: float, z: float) -> float:
    return stand_height(built.world, *block_of(built, x, z))


def stand_height(world, x: int, z: int, top: int = 200) -> float:
    """Where a player stands on column (x, z): the top of its highest block with collision."""
    reg = world.registry
    for y in range(top, GROUND_Y - 20, -1):
        state = world.get_block(x, y, z)
        boxes = reg.collision_boxes(state)
        if len(boxes):
            return y + float(boxes[:, 4].max())
    raise AssertionError(f"no ground at {x}, {z}")


@pytest.fixture(scope="module")
def hill(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hill")
    built = build_osm(hill_extract(folder), "hill", locale="en")
    return built, write_package(built, folder / "package")


def test_ground_follows_the_contours(hill):
    built, _ = hill
    assert any("elevation from 5 contour lines" in n for n in built.report.notes)
    lowest = min(stand_at(built, 10, z) for z in range(0, 200, 10))
    for z, ele in CONTOURS[:4]:
        got = stand_at(built, 10, z + 0.5) - lowest
        assert abs(got - (ele - 10.0)) <= 1.0, (z, got)


def test_streets_are_ramps_with_stairs_where_steep(hill):
    built, _ = hill
    world, reg = built.world, built.world.registry
    heights = [stand_at(built, 50.5, z + 0.5) for z in range(4, 196)]
    steps = np.diff(heights)
    assert steps.max() <= 1.0  # never more than a block: a stair or a jump climbs it
    gentle = np.abs(np.diff(heights[4:52]))
    assert gentle.max() <= 0.5  # 10 %: slabs, walked up without jumping
    x0, z0 = block_of(built, 44, 120)
    names = [reg.block_of(world.get_block(x, y, z)).name for z in range(z0, z0 + 45)
             for x in range(x0, x0 + 13) for y in range(GROUND_Y, GROUND_Y + 60)]  # fmt: skip
    assert sum(n.endswith("_stairs") for n in names) >= 5
    assert any(n.endswith("_slab") for n in names)


def test_retaining_wall_beside_a_street_across_the_slope(hill):
    built, _ = hill
    world, reg = built.world, built.world.registry
    x0, z0 = block_of(built, 5, 141)
    walls = sum(reg.block_of(world.get_block(x, y, z)).name == "stone_bricks"
                for z in range(z0, z0 + 10) for x in range(x0, x0 + 35)
                for y in range(GROUND_Y, 110))  # fmt: skip
    assert walls >= 35 * 3  # the bank south of the street, three blocks high at least


def test_doors_open_level_with_the_ground(hill):
    built, _ = hill
    world, reg = built.world, built.world.registry
    doors = 0
    x0, z0 = block_of(built, 15, 25)
    for x in range(x0, x0 + 70):
        for z in range(z0, z0 + 100):
            for y in range(GROUND_Y, GROUND_Y + 40):
                name = reg.block_of(world.get_block(x, y, z)).name
                if not (name.endswith("_door") and reg.properties(world.get_block(x, y, z))
                        .get("half") == "lower"):  # fmt: skip
                    continue
                doors += 1
                sides = [stand_height(world, x + dx, z + dz, y + 1) for dx, dz in
                         ((1, 0), (-1, 0), (0, 1), (0, -1))]  # fmt: skip
                assert min(abs(s - y) for s in sides) <= 0.5, (x, y, z, sides)
    assert doors >= 2


def test_every_waypoint_is_reached_up_the_hill(hill):
    built, package = hill
    assert validate_package(package) == []
    names = {w.name: w for w in built.waypoints}
    assert {"Hill Cafe", "Top Bakery", "Slope Books"} <= set(names)
    low, high = names["Hill Cafe"].position, names["Top Bakery"].position
    assert high[1] - low[1] >= 40  # the route climbs the hill
    route = plan_route(built.world, [tuple(low), tuple(high)])
    assert route.reachable


def test_an_elevation_grid_shapes_the_ground(tmp_path):
    source = hill_extract(tmp_path, contours=False)
    corners = ORIGIN.to_lonlat(np.array([[-40.0, -40.0], [160.0, 240.0]]))
    z = np.linspace(-40.0, 240.0, 57)[:, None]  # rows north to south
    values = np.repeat(20.0 + 0.1 * (z + 40.0), 41, axis=1)  # 10 % up to the south
    grid = tmp_path / "dem.npz"
    bounds = [corners[0, 0], corners[1, 1], corners[1, 0], corners[0, 1]]
    np.savez(grid, elevation=values, bounds=np.array(bounds))
    built = build_osm(source, "ramp", locale="en", elevation=grid)
    assert any("elevation from dem.npz" in n for n in built.report.notes)
    rise = stand_at(built, 10, 190) - stand_at(built, 10, 10)
    assert abs(rise - 18.0) <= 1.0


def test_an_elevation_grid_elsewhere_is_refused(tmp_path):
    source = hill_extract(tmp_path, contours=False)
    grid = tmp_path / "far.npz"
    np.savez(grid, elevation=np.zeros((4, 4)), bounds=np.array([10.0, 10.0, 10.1, 10.1]))
    with pytest.raises(OsmError, match="does not cover"):
        build_osm(source, "far", locale="en", elevation=grid)


def test_level_ground_without_elevation(tmp_path):
    built = build_osm(hill_extract(tmp_path, contours=False), "flat", locale="en")
    heights = {stand_at(built, x, z) for x in (10, 90) for z in (10, 100, 190)}
    assert heights == {float(GROUND_Y)}


# -- the pieces ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "metres"),
    [("173", 173.0), ("568 ft", 173.1264), ("12,5 m", 12.5), ("high", None), ("", None)],
)
def test_parse_ele(text, metres):
    got = parse_ele(text)
    assert got == pytest.approx(metres) if metres is not None else got is None


def test_harmonic_fill_is_linear_between_two_contours():
    values = np.zeros((50, 200))
    fixed = np.zeros_like(values, dtype=bool)
    values[:, 0], values[:, -1] = 10.0, 50.0
    fixed[:, 0] = fixed[:, -1] = True
    out = harmonic_fill(values, fixed)
    expected = 10.0 + 40.0 * np.arange(200) / 199.0
    assert np.abs(out - expected[None, :]).max() < 0.5


def test_contours_and_peaks_fix_their_columns():
    grid = Grid(0, 0, 60, 40)
    line = Contour(np.array([[0.0, 10.5], [59.0, 10.5]]), 100.0)
    out = contour_elevation(grid, [line], [(30.0, 30.0, 130.0)])
    assert np.allclose(out[10], 100.0)
    assert out[30, 30] == 130.0 and 100.0 < out[20, 30] < 130.0
    assert contour_elevation(grid, [], []) is None


def test_streets_level_across_and_in_half_blocks():
    surface = np.full((20, 9), Surface.GRASS, dtype=np.uint8)
    surface[:, 2:7] = Surface.PAVEMENT
    surface[:, 3:6] = Surface.ROAD
    centre = np.zeros(surface.shape, dtype=bool)
    centre[:, 4] = True
    rows, cols = np.indices(surface.shape)
    elevation = 0.3 * rows + 0.4 * cols  # slopes both along and across the street
    level = ground_levels(elevation, surface, np.zeros_like(centre), centre)
    road = level[:, 3:6] + 1  # a carriageway is half a block below its street level
    assert (road == road[:, :1]).all() and (level[:, 2:7:4] == road[:, :1]).all()
    assert set(np.abs(np.diff(level[:, 4]))) <= {0, 1}
    assert (level[:, [0, 1, 7, 8]] % 2 == 0).all()  # grass in whole blocks


def test_stairs_face_the_block_above_and_walls_hold_the_bank():
    surface = np.full((3, 4), Surface.FOOTWAY, dtype=np.uint8)
    level = np.array([[0, 0, 2, 3], [0, 0, 2, 3], [-1, 0, 2, 3]], dtype=np.int32)
    facing = stair_facings(level, surface)
    assert (facing[:2, 1] == 1).all() and (facing[:, [0, 2, 3]] == -1).all()  # 1: east
    assert facing[2, 1] == -1 and stair_facings(level[:, 1:], surface[:, 1:])[0, 0] == -1
    surface[:, 3] = Surface.GRASS
    level[:, 3] = 8
    assert retaining_walls(level, surface)[:, 3].all()
    assert not retaining_walls(level, surface)[:, :3].any()


def test_parts_join_only_over_small_steps():
    mask = np.ones((1, 5), dtype=bool)
    level = np.array([[0, 1, 3, 6, 7]], dtype=np.int32)
    labels, count = label4(mask, level, 2)
    assert count == 2 and labels[0, 2] != labels[0, 3]
    assert label4(mask)[1] == 1


def test_spread_nearest_carries_seed_values_within():
    seed = np.zeros((3, 7), dtype=bool)
    seed[1, 0], seed[1, 6] = True, True
    values = np.zeros((3, 7))
    values[1, 0], values[1, 6] = 1.0, 9.0
    within = np.ones_like(seed)
    within[:, 3] = False
    out = spread_nearest(seed, values, within)
    assert (out[:, :3] == 1.0).all() and (out[:, 4:] == 9.0).all() and np.isnan(out[:, 3]).all()
