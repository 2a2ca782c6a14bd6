"""Block models: cube flags, quad geometry against vanilla's shapes, uvs, fluids and sign text."""

from __future__ import annotations

import time

import numpy as np
import pytest

from odyssey.render.models import ModelTable, build_models, sign_text_planes
from odyssey.render.shapes import DOWN, EAST, NORTH, SOUTH, UP, WEST
from odyssey.world import BlockFlag, registry

FACE_NORMALS = np.array([[0, -1, 0], [0, 1, 0], [0, 0, -1], [0, 0, 1], [-1, 0, 0], [1, 0, 0]])


@pytest.fixture(scope="module")
def reg():
    return registry()


@pytest.fixture(scope="module")
def fake_atlas(reg):
    """Tiles that encode state and face; glass, leaves cutout and ice translucent."""
    n = reg.state_count
    face_tiles = (np.arange(n)[:, None] * 6 + np.arange(6)).astype(np.int32)
    layer = np.zeros(n, np.uint8)
    for name, value in (("glass", 1), ("oak_leaves", 1), ("birch_leaves", 1), ("ice", 2)):
        block = reg.block(name)
        layer[block.min_state : block.max_state + 1] = value
    return face_tiles, layer


@pytest.fixture(scope="module")
def built(reg, fake_atlas) -> tuple[ModelTable, float]:
    start = time.perf_counter()
    out = build_models(reg, *fake_atlas)
    return out, time.perf_counter() - start


@pytest.fixture(scope="module")
def table(built) -> ModelTable:
    return built[0]


def quads(table: ModelTable, state: int) -> slice:
    return slice(int(table.start[state]), int(table.start[state] + table.count[state]))


def normals(pos: np.ndarray) -> np.ndarray:
    """Unit normals of counter-clockwise quads (right-hand rule over the diagonals)."""
    n = np.cross(pos[:, 2] - pos[:, 0], pos[:, 3] - pos[:, 1])
    return n / np.linalg.norm(n, axis=1, keepdims=True)


def face_of(normal: np.ndarray) -> int:
    """Face index of an axis-aligned unit normal."""
    return int(np.argmax(FACE_NORMALS @ normal))


# -- flags -------------------------------------------------------------------------------------


def test_cube_and_occlusion_flags(reg, table):
    def flags(spec: str) -> tuple[bool, bool, int]:
        s = reg.state(spec)
        return bool(table.cube[s]), bool(table.occludes[s]), int(table.count[s])

    assert flags("stone") == (True, True, 0)
    assert flags("glass") == (True, False, 0)  # cutout
    assert flags("oak_leaves") == (True, False, 0)
    assert flags("ice") == (True, False, 0)  # translucent
    assert flags("powder_snow") == (True, False, 0)  # opaque, but vanilla's noOcclusion
    assert flags("soul_sand") == (True, True, 0)  # 14-px collision, drawn as a cube
    assert flags("oak_slab[type=double]")[:2] == (True, True)
    assert flags("snow[layers=8]")[:2] == (True, True)
    cube, occludes, count = flags("oak_stairs")
    assert not cube and not occludes and count > 0
    for name in ("air", "cave_air", "light", "barrier", "structure_void"):
        assert flags(name) == (False, False, 0)


def test_cull_groups(reg, table):
    group = lambda spec: int(table.cull_group[reg.state(spec)])  # noqa: E731
    assert group("stone") == 0
    assert group("glass") > 0 and group("glass") != group("white_stained_glass")
    assert group("white_stained_glass") != group("red_stained_glass")
    assert group("oak_leaves") == group("birch_leaves") > 0
    assert group("water[level=0]") == group("water[level=5]") == group("bubble_column") > 0
    assert group("lava") not in (0, group("water"))
    assert group("glass_pane") not in (0, group("glass"))
    assert group("ice") > 0 and group("packed_ice") == 0


def test_table_layout(reg, table, fake_atlas):
    n = reg.state_count
    assert table.cube.shape == table.count.shape == table.cull_group.shape == (n,)
    assert np.all(table.count[table.cube] == 0)
    assert table.start[-1] + table.count[-1] == len(table.tile)
    assert np.array_equal(table.start[1:], (table.start + table.count)[:-1])
    assert table.pos.dtype == np.float32 and table.uv.dtype == np.float32
    assert np.isfinite(table.pos).all() and np.abs(table.pos).max() < 3
    # every quad's tile is its state's tile for the face its normal points to most
    state_of = np.repeat(np.arange(n), table.count)
    assert np.array_equal(table.tile // 6, state_of)
    assert np.array_equal(table.layer, fake_atlas[1][state_of])


def test_build_time_is_recorded(built, record_property):
    record_property("build_models_s", round(built[1], 3))  # the brief's target: under 1 s


def test_deterministic(reg, table, fake_atlas):
    again = build_models(reg, *fake_atlas)
    for field in ("pos", "uv", "tile", "cull", "shade", "start", "count", "cull_group"):
        assert getattr(again, field).tobytes() == getattr(table, field).tobytes()


# -- geometry against vanilla's shapes -------------------------------------------------------------


def _inside(points: np.ndarray, boxes: np.ndarray, eps: float) -> np.ndarray:
    lo, hi = boxes[None, :, :3] - eps, boxes[None, :, 3:] + eps
    return np.any(np.all((points[:, None] >= lo) & (points[:, None] <= hi), axis=2), axis=1)


def _exposed_samples(boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points on the outer surface of a union of boxes (1/16 grid centres) and their faces."""
    grid = (np.arange(16) + 0.5) / 16
    u, v = (g.ravel() for g in np.meshgrid(grid, grid))
    points, faces = [], []
    for b in boxes:
        for f, normal in enumerate(FACE_NORMALS):
            axis = int(np.flatnonzero(normal)[0])
            i, j = [a for a in range(3) if a != axis]
            p = np.empty((len(u), 3))
            p[:, axis] = b[axis + 3] if normal[axis] > 0 else b[axis]
            p[:, i], p[:, j] = u, v
            on_face = (b[i] < u) & (u < b[i + 3]) & (b[j] < v) & (v < b[j + 3])
            exposed = ~_inside(p + normal * 1e-3, boxes, -1e-6)
            points.append(p[on_face & exposed])
            faces += [f] * int((on_face & exposed).sum())
    return np.concatenate(points), np.array(faces)


def assert_same_shape(table: ModelTable, reg, state: int) -> None:
    """The model's quads lie within the collision shape and cover all of its outer surface."""
    boxes = reg.collision_boxes(state).astype(np.float64)
    pos = table.pos[quads(table, state)].astype(np.float64)
    assert len(pos) > 0
    assert _inside(pos.reshape(-1, 3), boxes, 1e-5).all(), reg.state_string(state)
    quad_faces = np.array([face_of(n) for n in normals(pos)])
    lo, hi = pos.min(axis=1) - 1e-5, pos.max(axis=1) + 1e-5
    points, faces = _exposed_samples(boxes)
    within = np.all((lo[None] <= points[:, None]) & (points[:, None] <= hi[None]), axis=2)
    drawn = np.any(within & (quad_faces[None] == faces[:, None]), axis=1)
    assert drawn.all(), f"{reg.state_string(state)}: surface at {points[~drawn][:3]} not drawn"


@pytest.mark.parametrize(
    "spec",
    [
        "oak_stairs[facing=north,half=bottom,shape=straight]",
        "oak_stairs[facing=east,half=top,shape=inner_left]",
        "stone_brick_stairs[facing=south,half=bottom,shape=inner_right]",
        "oak_stairs[facing=west,half=bottom,shape=outer_left]",
        "oak_stairs[facing=north,half=top,shape=outer_right]",
        "oak_slab[type=bottom]",
        "oak_slab[type=top]",
        "oak_door[facing=north,half=lower,hinge=left,open=false]",
        "oak_door[facing=east,half=upper,hinge=right,open=true]",
        "iron_door[facing=south,half=lower,hinge=left,open=true]",
        "oak_trapdoor[facing=west,half=top,open=false]",
        "oak_trapdoor[facing=north,half=bottom,open=true]",
        "glass_pane[north=true,east=true,south=false,west=false]",
        "glass_pane[north=true,east=true,south=true,west=true]",
        "glass_pane",
        "iron_bars[east=true,west=true]",
        "white_carpet",
        "red_bed[facing=north,part=head]",
        "white_bed[facing=east,part=foot]",
    ],
)
def test_shapes_match_collision(reg, table, spec):
    assert_same_shape(table, reg, reg.state(spec))


def test_every_stairs_and_slab_state_matches_collision(reg, table):
    for name in ("oak_stairs", "oak_slab", "oak_door", "oak_trapdoor"):
        block = reg.block(name)
        for state in range(block.min_state, block.max_state + 1):
            if not table.cube[state]:
                assert_same_shape(table, reg, state)


def _extent(boxes: np.ndarray) -> np.ndarray:
    return np.concatenate([boxes[:, :3].min(axis=0), boxes[:, 3:].max(axis=0)])


def bounds(pos: np.ndarray) -> np.ndarray:
    """[x0, y0, z0, x1, y1, z1] of all the corners."""
    pts = pos.reshape(-1, 3)
    return np.concatenate([pts.min(axis=0), pts.max(axis=0)])


def test_walls_and_gates_match_collision_extents(reg, table):
    wall = reg.block("cobblestone_wall")
    for state in range(wall.min_state, wall.max_state + 1):
        if table.count[state] == 0:
            continue  # no post and no sides
        props = reg.properties(state)
        model = bounds(table.pos[quads(table, state)])
        collision = _extent(reg.collision_boxes(state))
        axes = [0, 2, 3, 5]  # x and z; walls collide 24 px high, low sides are drawn 14 px
        if props["up"] == "true":
            assert np.allclose(model[axes], collision[axes]), reg.state_string(state)
        else:  # collision sides reach 3 px past the centre, drawn sides stop at it
            assert np.all(model[[0, 2]] >= collision[[0, 2]] - 1e-6)
            assert np.all(model[[3, 5]] <= collision[[3, 5]] + 1e-6)
        tall = props["up"] == "true" or "tall" in props.values()
        assert np.isclose(model[4], 1.0 if tall else 14 / 16)
    gate = reg.state("oak_fence_gate[facing=north,open=false,in_wall=false]")
    pos = table.pos[quads(table, gate)].reshape(-1, 3)
    col = reg.collision_boxes(gate)[0]
    assert np.isclose(pos[:, 0].min(), col[0]) and np.isclose(pos[:, 0].max(), col[3])
    # vanilla draws the gate 2 px thick (7..9) inside its 4-px collision (6..10), posts from 5 px
    assert np.allclose([pos[:, 2].min(), pos[:, 2].max()], [7 / 16, 9 / 16])
    assert np.allclose([pos[:, 1].min(), pos[:, 1].max()], [5 / 16, 1.0])


def test_gate_opens_toward_its_facing(reg, table):
    closed = table.pos[quads(table, reg.state("oak_fence_gate[facing=south,open=false]"))]
    opened = table.pos[quads(table, reg.state("oak_fence_gate[facing=south,open=true]"))]
    assert closed[..., 2].max() == pytest.approx(9 / 16)
    assert opened[..., 2].max() == pytest.approx(15 / 16)
    lowered = table.pos[quads(table, reg.state("oak_fence_gate[facing=south,in_wall=true]"))]
    assert lowered[..., 1].min() == pytest.approx(2 / 16)


def test_fence_post_and_rails(reg, table):
    s = reg.state("oak_fence[north=true,east=false,south=false,west=false]")
    pos = table.pos[quads(table, s)]
    assert np.allclose(bounds(pos), [6 / 16, 0, 0, 10 / 16, 1, 10 / 16])
    rail_tops = sorted({round(float(y) * 16, 3) for y in pos[..., 1].ravel()})
    assert rail_tops == [0, 6, 9, 12, 15, 16]


# -- winding, culling and uvs --------------------------------------------------------------------


def test_box_quads_face_outward_and_cull_on_the_boundary(reg, table):
    """Convex one-box models: every normal points away from the box centre, and a quad is
    culled exactly when it lies on the block face it points through."""
    names = [
        "oak_slab",
        "oak_door",
        "oak_trapdoor",
        "white_carpet",
        "snow",
        "stone_pressure_plate",
        "oak_button",
    ]
    for name in names:
        block = reg.block(name)
        for state in range(block.min_state, block.max_state + 1):
            pos = table.pos[quads(table, state)]
            if len(pos) == 0:
                continue
            centre = pos.reshape(-1, 3).mean(axis=0)
            n = normals(pos)
            assert np.all(np.einsum("ij,ij->i", n, pos.mean(axis=1) - centre) > 0)
            for q, normal, cull in zip(pos, n, table.cull[quads(table, state)], strict=True):
                f = face_of(normal)
                axis = int(np.flatnonzero(FACE_NORMALS[f])[0])
                on_edge = np.allclose(q[:, axis], 1.0 if FACE_NORMALS[f][axis] > 0 else 0.0)
                assert cull == (f if on_edge else -1)


def test_slab_uvs_are_vanilla_defaults(reg, table):
    s = reg.state("oak_slab[type=bottom]")
    sl = quads(table, s)
    for q, uv, normal in zip(table.pos[sl], table.uv[sl], normals(table.pos[sl]), strict=True):
        f = face_of(normal)
        if f in (NORTH, SOUTH, WEST, EAST):  # the lower half of the texture, upright
            assert np.allclose(sorted(set(uv[:, 1])), [0.5, 1.0])
            top = q[:, 1] > 0.25
            assert np.allclose(uv[top, 1], 0.5)
        else:
            assert np.allclose(sorted(set(uv[:, 0])), [0, 1]) and np.allclose(
                sorted(set(uv[:, 1])), [0, 1]
            )
    # the north face of a block reads u = 1 - x (seen from the north, east is on the left)
    north = next(i for i, n in enumerate(normals(table.pos[sl])) if face_of(n) == NORTH)
    q, uv = table.pos[sl][north], table.uv[sl][north]
    assert np.allclose(uv[:, 0], 1 - q[:, 0])


def test_torch_uv_columns(reg, table):
    sl = quads(table, reg.default_state("torch"))
    pos, uv = table.pos[sl], table.uv[sl]
    assert np.allclose(bounds(pos), [7 / 16, 0, 7 / 16, 9 / 16, 10 / 16, 9 / 16])
    for tex, normal in zip(uv, normals(pos), strict=True):
        f = face_of(normal)
        rows = {UP: (6, 8), DOWN: (13, 15)}.get(f, (6, 16))
        assert np.allclose(sorted(set(np.round(tex[:, 0] * 16, 4))), [7, 9])
        assert np.allclose(sorted(set(np.round(tex[:, 1] * 16, 4))), rows)


def test_wall_torch_leans_away_from_the_wall(reg, table):
    """template_torch_wall: the stick's foot touches the south wall, its top leans north
    (vanilla's outline for this state is z 11..16 px, y 3..13 px)."""
    pts = table.pos[quads(table, reg.state("wall_torch[facing=north]"))].reshape(-1, 3)
    top, foot = pts[np.argmax(pts[:, 1])], pts[np.argmin(pts[:, 1])]
    assert foot[2] > 15 / 16 and 11 / 16 < top[2] < 13.5 / 16
    assert pts[:, 1].min() == pytest.approx(3.5 / 16 - 1 / 16 * np.sin(np.radians(22.5)), abs=1e-4)
    assert np.allclose([pts[:, 0].min(), pts[:, 0].max()], [7 / 16, 9 / 16])


def test_door_texture_runs_from_the_hinge(reg, table):
    s = reg.state("oak_door[facing=north,half=lower,hinge=left,open=false]")
    sl = quads(table, s)
    big = [i for i, n in enumerate(normals(table.pos[sl])) if face_of(n) in (NORTH, SOUTH)]
    assert len(big) == 2
    for i in big:  # hinge on the west edge (x = 0) for a left hinge facing north
        q, uv = table.pos[sl][i], table.uv[sl][i]
        assert np.allclose(uv[:, 0], q[:, 0])


def test_open_door_texture_runs_from_the_hinge(reg, table):
    s = reg.state("oak_door[facing=north,half=upper,hinge=left,open=true]")
    sl = quads(table, s)
    big = [i for i, n in enumerate(normals(table.pos[sl])) if face_of(n) in (WEST, EAST)]
    assert len(big) == 2
    for i in big:  # swung onto the west side: the hinge is the back (south) edge
        q, uv = table.pos[sl][i], table.uv[sl][i]
        assert np.allclose(uv[:, 0], 1 - q[:, 2])


def test_stairs_tiles_follow_face_direction(reg, table):
    s = reg.state("oak_stairs[facing=east,half=top,shape=outer_left]")
    sl = quads(table, s)
    faces = [face_of(n) for n in normals(table.pos[sl])]
    assert np.array_equal(table.tile[sl], s * 6 + np.array(faces))
    assert set(table.shade[sl]) == set(faces)


# -- planes: ladders, plants, vines, rails ---------------------------------------------------------


def assert_two_sided(pos: np.ndarray) -> None:
    """Every quad has a partner with the same corners facing the other way."""
    n = normals(pos)
    for i in range(len(pos)):
        partners = [
            j
            for j in range(len(pos))
            if np.allclose(n[j], -n[i], atol=1e-5)
            and np.allclose(np.sort(pos[j], axis=0), np.sort(pos[i], axis=0), atol=1e-5)
        ]
        assert partners


def test_ladder_is_a_two_sided_plane_off_the_wall(reg, table):
    sl = quads(table, reg.state("ladder[facing=north]"))
    pos = table.pos[sl]
    assert len(pos) == 2 and np.allclose(pos[..., 2], 15.2 / 16)
    assert_two_sided(pos)
    assert np.all(table.cull[sl] == -1)
    east = table.pos[quads(table, reg.state("ladder[facing=east]"))]
    assert np.allclose(east[..., 0], 0.8 / 16)  # on the west wall, facing east


@pytest.mark.parametrize("name", ["poppy", "short_grass", "oak_sapling", "sugar_cane", "dead_bush"])
def test_crossed_plants(reg, table, name):
    sl = quads(table, reg.default_state(name))
    pos = table.pos[sl]
    assert len(pos) == 4
    assert_two_sided(pos)
    assert np.all(table.shade[sl] == 6) and np.all(table.cull[sl] == -1)
    assert np.allclose(np.unique(np.round(pos[..., [0, 2]] * 16, 3)), [0.8, 15.2])
    assert np.allclose(np.abs(normals(pos)[:, [0, 2]]), np.sqrt(0.5))  # on the diagonals


def test_crops_are_a_hash_of_planes(reg, table):
    pos = table.pos[quads(table, reg.state("wheat[age=7]"))]
    assert len(pos) == 8
    assert_two_sided(pos)
    assert pos[..., 1].min() == pytest.approx(-1 / 16)


def test_vines_hug_their_faces(reg, table):
    pos = table.pos[quads(table, reg.state("vine[north=true,up=true]"))]
    assert len(pos) == 4
    assert_two_sided(pos)
    vertical = pos[np.abs(normals(pos)[:, 2]) > 0.99]
    assert np.allclose(vertical[..., 2], 0.8 / 16)
    assert np.allclose(pos[np.abs(normals(pos)[:, 1]) > 0.99][..., 1], 15.2 / 16)


def test_rails_flat_and_ascending(reg, table):
    flat = table.pos[quads(table, reg.state("rail[shape=north_south]"))]
    assert np.allclose(flat[..., 1], 1 / 16)
    assert_two_sided(flat)
    up = table.pos[quads(table, reg.state("rail[shape=ascending_north]"))]
    pts = up.reshape(-1, 3)
    assert np.allclose(pts[pts[:, 2] < 0.01][:, 1], 17 / 16, atol=1e-5)
    assert np.allclose(pts[pts[:, 2] > 0.99][:, 1], 1 / 16, atol=1e-5)


def test_thin_layers(reg, table):
    def top(spec: str) -> float:
        return float(table.pos[quads(table, reg.state(spec))][..., 1].max())

    assert top("white_carpet") == pytest.approx(1 / 16)
    assert top("stone_pressure_plate[powered=false]") == pytest.approx(1 / 16)
    assert top("stone_pressure_plate[powered=true]") == pytest.approx(1 / 32)
    assert top("light_weighted_pressure_plate[power=3]") == pytest.approx(1 / 32)
    assert top("snow[layers=3]") == pytest.approx(6 / 16)
    assert table.cube[reg.state("snow[layers=8]")]
    assert top("farmland") == pytest.approx(15 / 16)
    assert top("dirt_path") == pytest.approx(15 / 16)


# -- fluids --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "height"), [(0, 8 / 9), (1, 7 / 9), (3, 5 / 9), (7, 1 / 9), (8, 1.0), (12, 1.0)]
)
def test_water_surface_height(reg, table, level, height):
    s = reg.state(f"water[level={level}]")
    sl = quads(table, s)
    pos, cull = table.pos[sl], table.cull[sl]
    n = normals(pos)
    surface = [i for i in range(len(pos)) if abs(n[i][1]) > 0.99 and pos[i][0, 1] > 0]
    assert len(surface) == 2  # the surface from above and from below
    for i in surface:
        assert np.allclose(pos[i][:, 1], height, atol=1e-6) and cull[i] == UP
    sides = [i for i in range(len(pos)) if abs(n[i][1]) < 0.01]
    assert len(sides) == 4
    for i in sides:
        assert pos[i][:, 1].max() == pytest.approx(height) and cull[i] == face_of(n[i])
    assert table.cull_group[s] == table.cull_group[reg.default_state("water")]


def test_lava_has_the_same_heights(reg, table):
    pos = table.pos[quads(table, reg.state("lava[level=2]"))]
    assert pos[..., 1].max() == pytest.approx(6 / 9)


# -- signs ---------------------------------------------------------------------------------------


def test_standing_sign_text_planes(reg, table):
    s = reg.state("oak_sign[rotation=0]")
    front, back = sign_text_planes(reg, s)
    origin, right, up = front
    assert np.allclose(origin, [0.03125, 0.625, 0.5 + 0.046666667], atol=1e-6)
    assert np.allclose(right, [90 / 96, 0, 0]) and np.allclose(up, [0, 40 / 96, 0])
    assert np.cross(right, up)[2] > 0  # readable from the south
    b_origin, b_right, b_up = back
    assert np.allclose(b_origin, [0.96875, 0.625, 0.5 - 0.046666667], atol=1e-6)
    assert np.allclose(b_right, [-90 / 96, 0, 0]) and np.allclose(b_up, up)
    # the board: 1 block wide, 2/3 x 12 px tall from 0.5833, 1/12 thick; text just in front
    pos = table.pos[quads(table, s)].reshape(-1, 3)
    assert pos[:, 1].max() == pytest.approx(0.5 + 14 / 24) and pos[:, 2].max() == pytest.approx(
        0.5 + 1 / 24
    )
    assert origin[2] > pos[:, 2].max()


def test_rotated_sign_faces_its_rotation(reg):
    (_, right, up), _ = sign_text_planes(reg, reg.state("oak_sign[rotation=4]"))
    assert np.allclose(
        np.cross(right, up) / np.linalg.norm(np.cross(right, up)), [-1, 0, 0], atol=1e-6
    )


@pytest.mark.parametrize("rotation", range(16))
def test_sign_text_floats_just_in_front_of_the_board(reg, table, rotation):
    s = reg.state(f"oak_sign[rotation={rotation}]")
    pos = table.pos[quads(table, s)].astype(np.float64)
    n = normals(pos)
    for origin, right, up in sign_text_planes(reg, s):
        normal = np.cross(right, up) / np.linalg.norm(np.cross(right, up))
        board = [i for i in range(len(pos)) if n[i] @ normal > 0.999 and pos[i][:, 1].min() > 0.5]
        assert len(board) == 1  # the board's face on the reader's side
        centre = origin + (right + up) / 2
        gap = (centre - pos[board[0]].mean(axis=0)) @ normal
        assert gap == pytest.approx(0.046666667 - 1 / 24, abs=1e-5)
        assert np.allclose(
            centre[[0, 2]], pos[board[0]].mean(axis=0)[[0, 2]] + normal[[0, 2]] * gap
        )


def test_wall_sign_text_planes(reg, table):
    s = reg.state("oak_wall_sign[facing=north]")
    (origin, right, up), (b_origin, _, _) = sign_text_planes(reg, s)
    assert np.allclose(origin, [0.96875, 0.3125, 0.9375 - 0.046666667], atol=1e-6)
    assert np.allclose(right, [-90 / 96, 0, 0]) and np.allclose(up, [0, 40 / 96, 0])
    assert np.cross(right, up)[2] < 0  # readable from the north
    board = table.pos[quads(table, s)].reshape(-1, 3)
    assert board[:, 2].min() == pytest.approx(0.9375 - 1 / 24) and board[
        :, 2
    ].max() == pytest.approx(0.9375 + 1 / 24)
    assert origin[2] < board[:, 2].min() < board[:, 2].max() < b_origin[2]
    assert board[:, 1].min() <= origin[1] and origin[1] + up[1] <= board[:, 1].max()


def test_hanging_sign_text_lies_on_its_board(reg, table):
    s = reg.state("oak_hanging_sign[rotation=0,attached=false]")
    (origin, right, up), _ = sign_text_planes(reg, s)
    assert origin[2] == pytest.approx(0.5 + 0.073) and origin[1] + up[1] / 2 == pytest.approx(0.305)
    assert origin[0] >= 1 / 16 and origin[0] + right[0] <= 15 / 16
    (_, w_right, w_up), _ = sign_text_planes(reg, reg.state("oak_wall_hanging_sign[facing=east]"))
    assert np.allclose(
        np.cross(w_right, w_up) / np.linalg.norm(np.cross(w_right, w_up)), [1, 0, 0], atol=1e-6
    )


def test_non_signs_have_no_text(reg):
    assert sign_text_planes(reg, reg.default_state("stone")) == []
    assert sign_text_planes(reg, reg.default_state("oak_stairs")) == []


def test_every_sign_state_has_two_planes(reg):
    signs = [b for b in reg.blocks if b.flags & BlockFlag.SIGN]
    assert len(signs) == 48
    for block in signs:
        planes = sign_text_planes(reg, block.default_state)
        assert len(planes) == 2
        normal_front = np.cross(planes[0][1], planes[0][2])
        normal_back = np.cross(planes[1][1], planes[1][2])
        assert np.dot(normal_front, normal_back) < 0
