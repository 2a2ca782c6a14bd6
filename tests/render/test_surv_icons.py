"""Procedural item icons, counts, durability bars and the destroy-stage cracks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from odyssey.render.cracks import STAGES, crack_mask
from odyssey.render.itemglyphs import tool
from odyssey.render.itemicons import (
    IconBook,
    bar_width,
    cube_icon,
    draw_count,
    draw_stack,
    durability_color,
)
from odyssey.render.tables import render_tables
from odyssey.sim.inventory import ItemStack
from odyssey.world.blocks import registry
from odyssey.world.items import items

DIVERSE = [
    "stone", "dirt", "grass_block", "oak_log", "oak_planks", "cobblestone", "glass", "torch",
    "poppy", "crafting_table", "furnace", "wooden_pickaxe", "stone_pickaxe", "iron_pickaxe",
    "diamond_pickaxe", "iron_axe", "iron_shovel", "iron_hoe", "iron_sword", "stick", "coal",
    "iron_ingot", "gold_ingot", "diamond", "apple", "bread", "cooked_beef", "beef",
    "iron_helmet", "iron_chestplate", "iron_leggings", "iron_boots", "bucket", "water_bucket",
    "string", "feather", "bone", "ender_pearl", "redstone", "wheat_seeds",
]  # fmt: skip


@pytest.fixture(scope="module")
def book():
    return IconBook(render_tables(), registry())


def test_every_item_has_a_16_by_16_icon(book):
    for name in items().names:
        if name == "air":
            continue
        icon = book.icon(name)
        assert icon.shape == (16, 16, 4) and icon.dtype == np.uint8, name
        assert (icon[..., 3] > 0).sum() >= 8, name  # something visible


def test_icons_of_different_items_differ(book):
    icons = {name: book.icon(name) for name in DIVERSE}
    for a, b in itertools.combinations(DIVERSE, 2):
        assert not np.array_equal(icons[a], icons[b]), (a, b)


def test_block_items_are_cubes_of_their_atlas_tiles(book):
    atlas = render_tables().atlas
    state = registry().default_state("stone")
    tiles = atlas.images[atlas.face_tiles[state]]
    assert np.array_equal(book.icon("stone"), cube_icon(tiles[1], tiles[3], tiles[5]))
    top_colour = book.icon("stone")[3, 8, :3].astype(int)
    assert np.abs(top_colour - tiles[1][..., :3].mean(axis=(0, 1))).max() < 40
    # a plant is its tile, flat
    poppy = registry().default_state("poppy")
    assert np.array_equal(book.icon("poppy"), atlas.images[atlas.face_tiles[poppy][2]])


def test_tools_share_a_silhouette_per_kind_and_a_colour_per_tier(book):
    masks = {k: tool(k, (200, 200, 200))[..., 3] > 0 for k in ("pickaxe", "axe", "sword")}
    assert not np.array_equal(masks["pickaxe"], masks["axe"])
    assert not np.array_equal(masks["pickaxe"], masks["sword"])
    iron, gold = book.icon("iron_pickaxe"), book.icon("golden_pickaxe")
    assert np.array_equal(iron[..., 3], gold[..., 3])
    assert not np.array_equal(iron[..., :3], gold[..., :3])


def test_durability_bar_follows_vanilla():
    assert bar_width(0, 1561) == 13 and bar_width(1561, 1561) == 0
    assert bar_width(1, 2) == 7  # 6.5 rounds up
    assert durability_color(0, 100) == (0, 255, 0)
    assert durability_color(100, 100) == (255, 0, 0)
    assert durability_color(50, 100) == (255, 255, 0)  # half worn: yellow
    r, g, b = durability_color(75, 100)
    assert r == 255 and 100 < g < 160 and b == 0  # orange


def test_stack_decorations(book):
    frame = np.zeros((40, 40, 3), np.uint8)
    draw_stack(frame, book, ItemStack.of("iron_pickaxe", 1, damage=125), 4, 4, 2)
    # bar at GUI (2, 13) in the slot: black 13 x 2, coloured row of round(13 - 13 * 125/250)
    bar_row = frame[4 + 26, 4 + 4 : 4 + 30]
    coloured = bar_row.astype(int).sum(axis=1) > 200
    assert coloured.sum() == 14 and coloured[:14].all()  # Math.round(6.5) = 7 GUI px
    assert (frame[4 + 28, 4 + 4 : 4 + 30] == 0).all()  # the black lower row
    counted = np.zeros((40, 40, 3), np.uint8)
    draw_count(counted, "64", 0, 0, 2)
    white = np.argwhere((counted == 255).all(axis=2))
    assert len(white)
    assert white[:, 0].min() >= 16 and white[:, 1].max() < 34  # bottom right of the slot
    assert (counted[white[:, 0] + 2, white[:, 1] + 2] >= 63).all()  # shadow or text below-right


def test_crack_stages_grow_and_contain_each_other():
    masks = [crack_mask(s) for s in range(STAGES)]
    for a, b in itertools.pairwise(masks):
        assert a.sum() < b.sum()
        assert not (a & ~b).any()
    with pytest.raises(ValueError, match=r"0\.\.9"):
        crack_mask(10)
