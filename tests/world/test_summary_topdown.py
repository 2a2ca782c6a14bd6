"""World summaries and top-down pictures on real and generated worlds."""

from __future__ import annotations

import shutil

import numpy as np

from conftest import PRISMARINE, shared_path
from odyssey.world import open_world, registry
from odyssey.world.summary import summarize_world
from odyssey.world.topdown import SHADE_HIGHER, SHADE_LEVEL, SHADE_LOWER, render_topdown, shade

REG = registry()


def test_summary_of_a_real_world():
    summary = summarize_world(open_world(shared_path(PRISMARINE / "1.19.4")))
    assert summary.chunks_full == 144
    assert summary.chunks_listed == summary.chunks_full + summary.chunks_not_full
    assert summary.chunk_data_versions == {3337: 144}
    assert summary.chunk_bounds == (0, 0, 11, 11)
    assert summary.block_bounds == (0, 0, 191, 191)
    assert sum(summary.top_blocks.values()) == 144 * 256
    assert {"water", "grass_block"} <= set(summary.top_blocks)
    assert summary.renamed_blocks["minecraft:grass"] > 0
    assert not summary.damaged


def test_summary_lists_damaged_chunks_and_still_loads_the_rest(tmp_path):
    source = shared_path(PRISMARINE / "1.21.1" / "region" / "r.0.0.mca").read_bytes()
    (tmp_path / "region").mkdir()
    (tmp_path / "region" / "r.0.0.mca").write_bytes(source[: int(len(source) * 0.6)])
    summary = summarize_world(open_world(tmp_path))
    assert summary.damaged, "the cut-off chunks are listed"
    assert summary.chunks_full > 0, "the chunks before the cut still load"
    for (cx, cz), message in summary.damaged.items():
        assert f"chunk ({cx}, {cz})" in message and "r.0.0.mca" in message
    as_dict = summary.to_dict()
    assert as_dict["chunks"]["damaged"] == len(summary.damaged)


def test_summary_of_the_generated_world(demo_world_dir):
    summary = summarize_world(open_world(demo_world_dir))
    assert summary.version_name == "1.21.11" and summary.data_version == 4671
    assert summary.fallback_blocks == 0 and not summary.unknown_blocks
    assert summary.top_blocks.most_common(1)[0][0] == "grass_block"
    assert (summary.min_y, summary.height) == (-64, 512)


def test_topdown_colours_follow_map_colours(demo_world_dir):
    world = open_world(demo_world_dir)
    picture = render_topdown(world)
    x0, z0 = picture.origin_x, picture.origin_z
    grass = np.array(REG.map_color(REG.state("grass_block")))
    checked = 0
    for z in range(z0 + 1, z0 + 60, 7):
        for x in range(x0, x0 + 60, 7):
            top, north = world.top_y(x, z), world.top_y(x, z - 1)
            if REG.block_of(world.get_block(x, top, z)).name != "grass_block":
                continue
            factor = SHADE_LEVEL if top == north else (SHADE_HIGHER if top > north else SHADE_LOWER)
            np.testing.assert_array_equal(picture.rgb[z - z0, x - x0], grass * factor // 255)
            checked += 1
    assert checked > 10


def test_shading_compares_with_the_northern_neighbour():
    base = np.full((3, 1, 3), 200, dtype=np.uint8)
    heights = np.array([[64], [65], [63]])
    out = shade(base, heights, np.ones((3, 1), dtype=bool))
    assert out[1, 0, 0] == 200 * SHADE_HIGHER // 255
    assert out[2, 0, 0] == 200 * SHADE_LOWER // 255
    assert out[0, 0, 0] == 200 * SHADE_LEVEL // 255


def test_large_worlds_are_drawn_at_several_blocks_per_pixel(tmp_path):
    shutil.copytree(shared_path(PRISMARINE / "1.19.4" / "region"), tmp_path / "region")
    picture = render_topdown(open_world(tmp_path), blocks_per_pixel=4)
    assert picture.rgb.shape == (48, 48, 3) and picture.blocks_per_pixel == 4
