"""The procedural texture atlas: determinism, face tiles by name rules, colours, layers, sprites."""

from __future__ import annotations

import time

import numpy as np
import pytest

from odyssey.render import atlas as atlas_mod
from odyssey.render.atlas import (
    DYES,
    FACES,
    GRASS,
    LAYER_CUTOUT,
    LAYER_OPAQUE,
    LAYER_TRANSLUCENT,
    SHAPE_SUFFIXES,
    TILE,
    build_atlas,
    make_atlas,
)
from odyssey.world import registry


@pytest.fixture(scope="module")
def atlas():
    return build_atlas()


@pytest.fixture(scope="module")
def reg():
    return registry()


def faces_of(atlas, reg, spec: str) -> dict[str, str]:
    """Face name -> tile name for a block-state string."""
    state = reg.state(spec)
    return {face: atlas.names[i] for face, i in zip(FACES, atlas.face_tiles[state], strict=True)}


def image(atlas, name: str) -> np.ndarray:
    return atlas.images[atlas.tile(name)].astype(np.float64)


def mean_rgb(atlas, name: str) -> np.ndarray:
    img = image(atlas, name)
    seen = img[..., 3] > 0
    return img[seen][:, :3].mean(axis=0)


# -- structure and determinism --------------------------------------------------------------------


def test_shapes_and_valid_tiles(atlas, reg):
    n = len(atlas.names)
    assert atlas.images.shape == (n, TILE, TILE, 4) and atlas.images.dtype == np.uint8
    assert len(set(atlas.names)) == n
    assert atlas.face_tiles.shape == (reg.state_count, 6) and atlas.face_tiles.dtype == np.int32
    assert atlas.face_tiles.min() >= 0 and atlas.face_tiles.max() < n
    assert atlas.layer.shape == (reg.state_count,) and atlas.layer.dtype == np.uint8
    assert set(np.unique(atlas.layer)) <= {LAYER_OPAQUE, LAYER_CUTOUT, LAYER_TRANSLUCENT}
    assert set(atlas_mod.recipes()) <= set(atlas.names)


def test_build_is_deterministic_and_seeded(reg):
    first, second = make_atlas(reg, seed=0), make_atlas(reg, seed=0)
    assert first.images.tobytes() == second.images.tobytes()
    assert first.names == second.names
    assert np.array_equal(first.face_tiles, second.face_tiles)
    assert np.array_equal(first.layer, second.layer)
    other = make_atlas(reg, seed=1)
    assert other.names == first.names and np.array_equal(other.face_tiles, first.face_tiles)
    stone = first.tile("stone")
    assert not np.array_equal(other.images[stone], first.images[stone])
    # one tile's pixels depend on its name and the seed only, not on the other tiles
    alone = atlas_mod.draw_tiles({"stone": atlas_mod.recipes()["stone"]}, 0)[0]
    assert np.array_equal(alone, first.images[stone])


def test_default_is_cached_and_fast(reg):
    assert build_atlas() is build_atlas() is build_atlas(reg)
    start = time.perf_counter()
    make_atlas(reg, seed=5)
    assert time.perf_counter() - start < 1.5  # ~0.1 s here; a loose bound for shared CPUs


def test_unknown_tile_name_says_so(atlas):
    with pytest.raises(KeyError, match="no atlas tile named 'grass_top'"):
        atlas.tile("grass_top")


# -- face tiles -----------------------------------------------------------------------------------

MATERIALS = [
    ("oak_stairs", "oak_planks"),
    ("oak_slab", "oak_planks"),
    ("oak_fence", "oak_planks"),
    ("oak_fence_gate", "oak_planks"),
    ("oak_sign", "oak_planks"),
    ("oak_wall_sign", "oak_planks"),
    ("oak_hanging_sign", "oak_planks"),
    ("oak_wall_hanging_sign", "oak_planks"),
    ("oak_pressure_plate", "oak_planks"),
    ("oak_button", "oak_planks"),
    ("oak_shelf", "oak_planks"),
    ("petrified_oak_slab", "oak_planks"),
    ("bamboo_slab", "bamboo_planks"),
    ("crimson_hanging_sign", "crimson_planks"),
    ("stone_brick_stairs", "stone_bricks"),
    ("stone_brick_slab", "stone_bricks"),
    ("stone_brick_wall", "stone_bricks"),
    ("mossy_stone_brick_wall", "mossy_stone_bricks"),
    ("cobblestone_wall", "cobblestone"),
    ("brick_stairs", "bricks"),
    ("nether_brick_fence", "nether_bricks"),
    ("mud_brick_slab", "mud_bricks"),
    ("deepslate_tile_wall", "deepslate_tiles"),
    ("stone_button", "stone"),
    ("stone_slab", "stone"),
    ("smooth_stone_slab", "smooth_stone"),
    ("white_carpet", "white_wool"),
    ("light_blue_carpet", "light_blue_wool"),
    ("moss_carpet", "moss_block"),
    ("glass_pane", "glass"),
    ("red_stained_glass_pane", "red_stained_glass"),
    ("waxed_cut_copper_stairs", "cut_copper"),
    ("waxed_oxidized_copper", "oxidized_copper"),
    ("infested_stone_bricks", "stone_bricks"),
    ("heavy_weighted_pressure_plate", "iron_block"),
    ("red_bed", "red_wool"),
    ("wall_torch", "torch"),
    ("soul_wall_torch", "soul_torch"),
    ("redstone_wire", "redstone_dust_dot"),
    ("iron_bars", "iron_bars"),
    ("ladder", "ladder"),
    ("poppy", "poppy"),
    ("snow", "snow"),
    ("snow_block", "snow"),
    ("water", "water"),
    ("lava", "lava"),
    ("barrier", "air"),
]


@pytest.mark.parametrize(("block", "tile"), MATERIALS)
def test_blocks_take_their_materials_tile(atlas, reg, block, tile):
    assert set(faces_of(atlas, reg, block).values()) == {tile}


def test_every_shaped_block_finds_its_material(atlas, reg):
    """No stair, slab, wall, fence, sign, button, carpet or pane falls back to a generic tile."""
    shaped = [b for b in reg.blocks if b.name.endswith(SHAPE_SUFFIXES)]
    assert len(shaped) > 250
    lost = [b.name for b in shaped if atlas.names[atlas.face_tiles[b.default_state, 2]] == b.name]
    assert lost == []


def test_stairs_of_multi_faced_materials_keep_their_faces(atlas, reg):
    faces = faces_of(atlas, reg, "sandstone_stairs")
    assert (faces["up"], faces["down"], faces["north"]) == (
        "sandstone_top",
        "sandstone_bottom",
        "sandstone",
    )
    assert faces_of(atlas, reg, "quartz_slab")["up"] == "quartz_block_top"


@pytest.mark.parametrize(
    ("axis", "ends", "turned"),
    [
        ("y", {"up", "down"}, set()),
        ("x", {"west", "east"}, {"up", "down", "north", "south"}),
        ("z", {"north", "south"}, {"west", "east"}),
    ],
)
def test_logs_put_rings_on_the_faces_along_their_axis(atlas, reg, axis, ends, turned):
    faces = faces_of(atlas, reg, f"oak_log[axis={axis}]")
    for face, tile in faces.items():
        expected = "oak_log_top" if face in ends else "oak_log"
        expected += "_horizontal" if face in turned else ""
        assert tile == expected, face


def test_horizontal_bark_is_the_bark_turned(atlas):
    assert np.array_equal(image(atlas, "oak_log_horizontal"), np.rot90(image(atlas, "oak_log")))


def test_wood_blocks_have_bark_all_round(atlas, reg):
    assert set(faces_of(atlas, reg, "spruce_wood[axis=y]").values()) == {"spruce_log"}
    assert set(faces_of(atlas, reg, "warped_hyphae[axis=y]").values()) == {"warped_stem"}
    assert set(faces_of(atlas, reg, "stripped_birch_wood[axis=y]").values()) == {
        "stripped_birch_log"
    }


def test_grass_block_faces_and_snow(atlas, reg):
    faces = faces_of(atlas, reg, "grass_block[snowy=false]")
    assert (faces["up"], faces["down"], faces["east"]) == (
        "grass_block_top",
        "dirt",
        "grass_block_side",
    )
    assert faces_of(atlas, reg, "grass_block[snowy=true]")["north"] == "grass_block_snow"


def test_doors_take_their_half(atlas, reg):
    assert set(faces_of(atlas, reg, "oak_door[half=upper]").values()) == {"door_oak_top"}
    assert set(faces_of(atlas, reg, "oak_door[half=lower]").values()) == {"door_oak_bottom"}
    assert set(faces_of(atlas, reg, "iron_door[half=upper]").values()) == {"door_iron_top"}
    assert set(faces_of(atlas, reg, "waxed_copper_door[half=upper]").values()) == {
        "door_copper_top"
    }
    assert set(faces_of(atlas, reg, "tall_grass[half=upper]").values()) == {"tall_grass_top"}


def test_front_faces_follow_facing(atlas, reg):
    faces = faces_of(atlas, reg, "furnace[facing=east,lit=true]")
    assert faces["east"] == "furnace_front_on"
    assert faces["north"] == "furnace_side" and faces["up"] == "furnace_top"
    assert faces_of(atlas, reg, "furnace[facing=south,lit=false]")["south"] == "furnace_front"
    assert faces_of(atlas, reg, "carved_pumpkin[facing=west]")["west"] == "carved_pumpkin"
    table = faces_of(atlas, reg, "crafting_table")
    assert table["north"] == "crafting_table_front" and table["east"] == "crafting_table_side"


def test_unknown_blocks_fall_back_to_their_map_colour(atlas, reg):
    faces = faces_of(atlas, reg, "magma_block")
    assert set(faces.values()) == {"magma_block"}
    expected = np.array(reg.map_color(reg.default_state("magma_block")), float)
    assert np.abs(mean_rgb(atlas, "magma_block") - expected).max() < 12


# -- colours ---------------------------------------------------------------------------------------


def test_material_colour_families(atlas):
    r, g, b = mean_rgb(atlas, "grass_block_top")
    assert g > r + 25 and g > b + 60
    assert np.abs(mean_rgb(atlas, "grass_block_top") - np.array(GRASS) * 0.92).max() < 10
    r, g, b = mean_rgb(atlas, "sand")
    assert r > b + 40 and g > b + 30 and min(r, g) > 190
    r, g, b = mean_rgb(atlas, "dirt")
    assert r > g > b
    r, g, b = mean_rgb(atlas, "stone")
    assert max(r, g, b) - min(r, g, b) < 4 and 100 < r < 150
    r, g, b = mean_rgb(atlas, "bricks")
    assert r > g + 40
    r, g, b = mean_rgb(atlas, "oak_leaves")
    assert g > r and g > b
    r, g, b = mean_rgb(atlas, "lava")
    assert r > 180 and r > g > b


def test_water_is_blue_and_translucent(atlas):
    r, g, b = mean_rgb(atlas, "water")
    assert b > g > r and b > 150
    alpha = image(atlas, "water")[..., 3]
    assert np.all((alpha > 150) & (alpha < 200))


@pytest.mark.parametrize("dye", list(DYES))
def test_dye_colours(atlas, dye):
    concrete, _, wool, _, _ = DYES[dye]
    assert np.abs(mean_rgb(atlas, f"{dye}_concrete") - concrete).max() < 4
    assert np.abs(mean_rgb(atlas, f"{dye}_wool") - wool).max() < 10
    glass = image(atlas, f"{dye}_stained_glass")
    assert 100 <= glass[8, 8, 3] <= 160  # tinted, about half transparent


def test_wool_is_textured_and_concrete_is_flat(atlas):
    def brightness_spread(name: str) -> float:
        return float(image(atlas, name)[..., :3].mean(axis=-1).std())

    assert brightness_spread("white_wool") > 3 * brightness_spread("white_concrete")


# -- layers and alpha -----------------------------------------------------------------------------

LAYERS = {
    "stone": LAYER_OPAQUE,
    "lava": LAYER_OPAQUE,
    "oak_stairs": LAYER_OPAQUE,
    "air": LAYER_OPAQUE,
    "oak_leaves": LAYER_CUTOUT,
    "glass": LAYER_CUTOUT,
    "glass_pane": LAYER_CUTOUT,
    "oak_door": LAYER_CUTOUT,
    "oak_trapdoor": LAYER_CUTOUT,
    "ladder": LAYER_CUTOUT,
    "torch": LAYER_CUTOUT,
    "poppy": LAYER_CUTOUT,
    "short_grass": LAYER_CUTOUT,
    "rail": LAYER_CUTOUT,
    "iron_bars": LAYER_CUTOUT,
    "water": LAYER_TRANSLUCENT,
    "ice": LAYER_TRANSLUCENT,
    "white_stained_glass": LAYER_TRANSLUCENT,
    "red_stained_glass_pane": LAYER_TRANSLUCENT,
    "slime_block": LAYER_TRANSLUCENT,
    "honey_block": LAYER_TRANSLUCENT,
}


@pytest.mark.parametrize(("block", "layer"), LAYERS.items())
def test_layers(atlas, reg, block, layer):
    b = reg.block(block)
    assert set(atlas.layer[b.min_state : b.max_state + 1].tolist()) == {layer}


def test_leaves_have_holes(atlas):
    alpha = image(atlas, "oak_leaves")[..., 3]
    assert set(np.unique(alpha)) == {0, 255}
    assert 0.1 < (alpha == 0).mean() < 0.35


def test_glass_is_clear_inside_a_frame(atlas):
    alpha = image(atlas, "glass")[..., 3]
    assert np.all(alpha[0] == 255) and np.all(alpha[:, 0] == 255) and np.all(alpha[-1] == 255)
    assert (alpha[1:-1, 1:-1] == 0).mean() > 0.9


def test_torch_sprite_geometry(atlas):
    img = image(atlas, "torch")
    alpha = img[..., 3]
    drawn = np.zeros((16, 16), bool)
    drawn[5:16, 7:9] = True
    assert np.all(alpha[drawn] == 255) and np.all(alpha[~drawn] == 0)
    luminance = img[..., :3].mean(axis=-1)
    assert luminance[5:8, 7:9].min() > luminance[8:16, 7:9].max()  # the flame outshines the stick
    assert img[6, 7, 0] > 200 and img[6, 7, 2] < 100  # yellow-orange flame


def test_door_top_has_windows_and_bottom_none(atlas):
    assert (image(atlas, "door_oak_top")[..., 3] == 0).sum() >= 20
    assert np.all(image(atlas, "door_oak_bottom")[..., 3] == 255)


def test_rain_is_light_streaks_on_clear(atlas):
    img = image(atlas, "rain")
    streak = img[..., 3] > 0
    assert 0.01 < streak.mean() < 0.2  # sparse: vanilla rain is mostly clear
    assert np.all(img[streak][:, 2] > 200)  # light blue-white
    assert np.all(streak.sum(axis=0) <= 8)  # thin vertical streaks


def test_white_is_opaque_white(atlas):
    assert np.all(image(atlas, "white") == 255)
