"""Surface codes of the ground layer and the blocks each is built from."""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from odyssey.world.blocks import BlockRegistry


class Surface(IntEnum):
    """What covers a block column's ground (one byte per column)."""

    UNSET = 0
    GRASS = 1
    PARK = 2
    WOOD = 3
    SCRUB = 4
    CITY = 5  # paved ground in built-up areas: courtyards, lots
    PARKING = 6
    SQUARE = 7
    SAND = 8
    GRAVEL = 9
    ROCK = 10
    DIRT = 11
    FARMLAND = 12
    PITCH = 13
    WATER = 14
    PAVEMENT = 15
    KERB = 16
    ROAD = 17  # a bottom slab: the carriageway sits half a block below the pavement
    FOOTWAY = 18
    CYCLEWAY = 19
    PATH = 20  # unpaved paths in green areas
    RAILBED = 21
    MARKING = 22  # a road's centre line (a white slab)


COVER_CODES = {
    "grass": Surface.GRASS, "park": Surface.PARK, "wood": Surface.WOOD, "scrub": Surface.SCRUB,
    "paved": Surface.CITY, "parking": Surface.PARKING, "square": Surface.SQUARE,
    "sand": Surface.SAND, "gravel": Surface.GRAVEL, "rock": Surface.ROCK, "dirt": Surface.DIRT,
    "farmland": Surface.FARMLAND, "pitch": Surface.PITCH, "water": Surface.WATER,
}  # fmt: skip
GREEN = (Surface.GRASS, Surface.PARK, Surface.WOOD, Surface.SCRUB, Surface.PITCH,
         Surface.FARMLAND)  # fmt: skip
TOP_BLOCK = {
    Surface.UNSET: "grass_block", Surface.GRASS: "grass_block", Surface.PARK: "grass_block",
    Surface.WOOD: "podzol", Surface.SCRUB: "grass_block", Surface.CITY: "polished_andesite",
    Surface.PARKING: "gray_concrete", Surface.SQUARE: "stone_bricks", Surface.SAND: "sand",
    Surface.GRAVEL: "gravel", Surface.ROCK: "stone", Surface.DIRT: "coarse_dirt",
    Surface.FARMLAND: "coarse_dirt", Surface.PITCH: "green_terracotta", Surface.WATER: "air",
    Surface.PAVEMENT: "smooth_stone", Surface.KERB: "polished_diorite",
    Surface.ROAD: "polished_deepslate_slab[type=bottom]", Surface.FOOTWAY: "stone_bricks",
    Surface.CYCLEWAY: "andesite", Surface.PATH: "dirt_path", Surface.RAILBED: "gravel",
    Surface.MARKING: "smooth_quartz_slab[type=bottom]",
}  # fmt: skip
SUBSOIL = "dirt"
BEDROCK_LAYER = "stone"
WATER_BED = "gravel"
WATER = "water"
HALF_HEIGHT = (Surface.ROAD, Surface.MARKING)  # surfaces whose top is 0.5 below the ground
# Paved surfaces that can end half a block up on slopes: their full block, slab and stairs.
SLAB_OF = {
    Surface.ROAD: ("polished_deepslate", "polished_deepslate_slab[type=bottom]",
                   "polished_deepslate_stairs"),
    Surface.MARKING: ("smooth_quartz", "smooth_quartz_slab[type=bottom]", "smooth_quartz_stairs"),
    Surface.PAVEMENT: ("smooth_stone", "smooth_stone_slab[type=bottom]", "stone_brick_stairs"),
    Surface.KERB: ("polished_diorite", "polished_diorite_slab[type=bottom]",
                   "polished_diorite_stairs"),
    Surface.FOOTWAY: ("stone_bricks", "stone_brick_slab[type=bottom]", "stone_brick_stairs"),
    Surface.SQUARE: ("stone_bricks", "stone_brick_slab[type=bottom]", "stone_brick_stairs"),
    Surface.CYCLEWAY: ("andesite", "andesite_slab[type=bottom]", "andesite_stairs"),
    Surface.CITY: ("polished_andesite", "polished_andesite_slab[type=bottom]",
                   "polished_andesite_stairs"),
}  # fmt: skip
RETAINING_WALL = "stone_bricks"
WALKABLE_EXCEPT = (Surface.WATER,)


def top_states(reg: BlockRegistry, part: int | None = None) -> np.ndarray:
    """State id per surface code (a lookup table) of the top ground block on level ground, or
    of part 0 (full block) or 1 (slab) of a paved surface on a slope."""
    table = np.zeros(max(Surface) + 1, dtype=np.uint16)
    for code, name in TOP_BLOCK.items():
        if part is not None and code in SLAB_OF:
            name = SLAB_OF[code][part]
        table[code] = reg.state(name)
    return table


def stair_states(reg: BlockRegistry, facings: tuple[str, ...]) -> np.ndarray:
    """State id per surface code and facing of the stairs set on a steep paved slope."""
    table = np.zeros((max(Surface) + 1, len(facings)), dtype=np.uint16)
    for code, (_, _, stairs) in SLAB_OF.items():
        for k, facing in enumerate(facings):
            table[code, k] = reg.state(f"{stairs}[facing={facing},half=bottom,shape=straight]")
    return table
