"""The procedural texture atlas: one 16×16 RGBA tile per material and the tile of every block face.

Tiles are drawn by ``texgen`` from colour tables (no Mojang assets) and named like vanilla's
texture files (``grass_block_top``, ``oak_log``, ``white_wool``). Each block name is resolved to
a face rule once — an explicit rule, a tile of the same name, a door/trapdoor/plant rule, or the
material a stair, slab, wall, fence, sign, button, carpet or pane is made of — and the per-state
table is filled with numpy, so the whole 1.21.11 registry builds in a fraction of a second.

Face order is ``FACES`` (-y, +y, -z, +z, -x, +x). Texture orientation, as vanilla's models: on
side faces row 0 is the top (+y); on the up face columns run along +x and row 0 is north (-z);
on the down face columns run along +x and row 0 is south (+z). A log lying along x or z uses a
``*_horizontal`` tile (its bark turned 90°) on the faces where its axis runs across columns.
Biome colours are baked in (plains grass #91BD59, foliage #77AB2F); face brightness is not.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from types import MappingProxyType

import numpy as np

from odyssey.render import texgen as tg
from odyssey.render.texgen import RGB
from odyssey.world import BlockFlag, BlockRegistry
from odyssey.world import registry as default_registry
from odyssey.world.blocks import BlockType

TILE = 16
FACES = ("down", "up", "north", "south", "west", "east")
LAYER_OPAQUE, LAYER_CUTOUT, LAYER_TRANSLUCENT = 0, 1, 2

GRASS: RGB = (145, 189, 89)  # plains grass colour
FOLIAGE: RGB = (119, 171, 47)  # plains foliage colour
WATER: RGB = (63, 118, 228)  # plains water colour
# concrete, concrete powder, wool, terracotta: average colours of the vanilla textures (facts
# about their look, not their pixels); stained glass: the dye's map colour. DyeColor order.
DYES: dict[str, tuple[RGB, RGB, RGB, RGB, RGB]] = {
    "white": ((207, 213, 214), (226, 227, 228), (234, 236, 237), (210, 178, 161), (255, 255, 255)),
    "orange": ((224, 97, 1), (227, 132, 32), (241, 118, 20), (162, 84, 38), (216, 127, 51)),
    "magenta": ((169, 48, 159), (193, 84, 185), (190, 69, 180), (150, 88, 109), (178, 76, 216)),
    "light_blue": (
        (36, 137, 199),
        (74, 181, 213),
        (58, 175, 217),
        (113, 109, 138),
        (102, 153, 216),
    ),
    "yellow": ((241, 175, 21), (233, 199, 55), (249, 198, 40), (186, 133, 35), (229, 229, 51)),
    "lime": ((94, 169, 24), (125, 189, 42), (112, 185, 26), (104, 118, 53), (127, 204, 25)),
    "pink": ((214, 101, 143), (229, 153, 181), (238, 141, 172), (162, 78, 79), (242, 127, 165)),
    "gray": ((55, 58, 62), (77, 81, 85), (63, 68, 72), (58, 42, 36), (76, 76, 76)),
    "light_gray": (
        (125, 125, 115),
        (155, 155, 148),
        (142, 142, 135),
        (135, 107, 98),
        (153, 153, 153),
    ),
    "cyan": ((21, 119, 136), (37, 148, 157), (21, 138, 145), (87, 91, 91), (76, 127, 153)),
    "purple": ((100, 32, 156), (132, 56, 178), (122, 42, 173), (118, 70, 86), (127, 63, 178)),
    "blue": ((45, 47, 143), (70, 73, 167), (53, 57, 157), (74, 60, 91), (51, 76, 178)),
    "brown": ((96, 60, 32), (126, 85, 54), (114, 72, 41), (77, 51, 36), (102, 76, 51)),
    "green": ((73, 91, 36), (97, 119, 45), (85, 110, 28), (76, 83, 42), (102, 127, 51)),
    "red": ((142, 33, 33), (168, 54, 51), (161, 39, 35), (143, 61, 47), (153, 51, 51)),
    "black": ((8, 10, 15), (25, 27, 32), (21, 21, 26), (37, 23, 16), (25, 25, 25)),
}


@dataclass(frozen=True)
class Wood:
    """Colours of one wood type; ``leaves`` None where it grows none, ``windows`` in its door."""

    planks: RGB
    bark: RGB
    stripped: RGB
    leaves: RGB | None
    windows: bool = True


WOODS: dict[str, Wood] = {
    "oak": Wood((162, 130, 78), (109, 85, 50), (177, 144, 86), FOLIAGE),
    "spruce": Wood((114, 84, 48), (58, 37, 16), (115, 89, 52), (97, 153, 97), windows=False),
    "birch": Wood((192, 175, 121), (216, 215, 210), (196, 176, 118), (128, 167, 85)),
    "jungle": Wood((160, 115, 80), (85, 67, 25), (171, 132, 84), FOLIAGE),
    "acacia": Wood((168, 90, 50), (103, 96, 86), (174, 92, 59), FOLIAGE),
    "dark_oak": Wood((66, 43, 20), (60, 46, 26), (96, 76, 49), FOLIAGE),
    "mangrove": Wood((117, 54, 48), (84, 66, 41), (119, 54, 47), (146, 198, 72)),
    "cherry": Wood((226, 178, 172), (54, 33, 44), (215, 145, 148), (229, 172, 194)),
    "pale_oak": Wood((228, 219, 215), (88, 80, 75), (245, 238, 236), (128, 134, 117)),
    "bamboo": Wood((193, 173, 80), (127, 144, 58), (192, 175, 82), None),
    "crimson": Wood((101, 48, 70), (92, 25, 29), (137, 57, 90), None),
    "warped": Wood((43, 104, 99), (58, 58, 77), (57, 150, 147), None),
}
COPPER: dict[str, RGB] = {  # oxidation stage prefix -> colour
    "": (192, 107, 79),
    "exposed_": (161, 125, 103),
    "weathered_": (108, 153, 110),
    "oxidized_": (82, 162, 132),
}
ORES: dict[str, RGB] = {
    "coal": (35, 35, 35),
    "iron": (216, 175, 147),
    "copper": (200, 110, 70),
    "gold": (250, 220, 80),
    "redstone": (230, 20, 10),
    "emerald": (30, 210, 90),
    "lapis": (30, 70, 190),
    "diamond": (100, 235, 225),
}
MINERAL_BLOCKS: dict[str, RGB] = {
    "coal_block": (16, 15, 15),
    "iron_block": (220, 220, 220),
    "gold_block": (246, 208, 61),
    "diamond_block": (98, 237, 228),
    "emerald_block": (42, 203, 87),
    "lapis_block": (30, 67, 140),
    "redstone_block": (175, 24, 5),
    "raw_iron_block": (166, 135, 107),
    "raw_copper_block": (154, 105, 79),
    "raw_gold_block": (221, 169, 46),
    "netherite_block": (66, 61, 63),
    "amethyst_block": (133, 97, 191),
}
# name -> (style, petal, centre): see texgen.flower
FLOWERS: dict[str, tuple[str, RGB, RGB | None]] = {
    "dandelion": ("round", (245, 220, 40), None),
    "poppy": ("round", (200, 30, 25), (50, 40, 15)),
    "blue_orchid": ("daisy", (40, 170, 230), (120, 210, 240)),
    "allium": ("ball", (185, 115, 230), None),
    "azure_bluet": ("small", (235, 240, 245), (240, 220, 90)),
    "red_tulip": ("cup", (215, 45, 35), None),
    "orange_tulip": ("cup", (240, 120, 30), None),
    "white_tulip": ("cup", (235, 235, 230), None),
    "pink_tulip": ("cup", (235, 170, 200), None),
    "oxeye_daisy": ("daisy", (240, 240, 235), (235, 200, 40)),
    "cornflower": ("round", (70, 110, 230), (40, 60, 160)),
    "lily_of_the_valley": ("bells", (245, 245, 245), None),
    "wither_rose": ("round", (40, 40, 35), (20, 20, 20)),
    "torchflower": ("cup", (240, 110, 40), (255, 200, 60)),
    "open_eyeblossom": ("daisy", (240, 140, 40), (250, 230, 200)),
    "closed_eyeblossom": ("cup", (120, 110, 110), None),
    "cactus_flower": ("round", (230, 130, 180), None),
    "pink_petals": ("small", (240, 160, 200), (245, 220, 90)),
    "wildflowers": ("small", (250, 230, 80), (255, 255, 255)),
    "sunflower_top": ("round", (250, 200, 30), (110, 70, 20)),
    "lilac_top": ("ball", (200, 150, 200), None),
    "rose_bush_top": ("ball", (190, 30, 30), None),
    "peony_top": ("ball", (230, 170, 210), None),
    "pitcher_plant_top": ("cup", (90, 140, 200), None),
}
TALL_PLANTS = ("tall_grass", "large_fern", "sunflower", "lilac", "rose_bush", "peony")
TALL_PLANTS += ("pitcher_plant", "tall_seagrass")
# Suffixes of blocks made of another block's material (longest first), and the names tried
# for that material: wool for carpets, planks for woods, plural for bricks/tiles, *_block.
SHAPE_SUFFIXES = ("_wall_hanging_sign", "_hanging_sign", "_wall_sign", "_sign", "_pressure_plate")
SHAPE_SUFFIXES += ("_button", "_fence_gate", "_fence", "_stairs", "_slab", "_wall", "_carpet")
SHAPE_SUFFIXES += ("_pane", "_shelf")
MATERIAL_FORMS = ("{}_wool", "{}_planks", "{}", "{}s", "{}_block")
SAME_AS = {  # blocks drawn as another block, where no name rule finds it
    "snow_block": "snow",
    "suspicious_sand": "sand",
    "suspicious_gravel": "gravel",
    "powder_snow": "snow",
    "frosted_ice": "ice",
    "smooth_stone_slab": "smooth_stone",
    "petrified_oak_slab": "oak_planks",
    "light_weighted_pressure_plate": "gold_block",
    "heavy_weighted_pressure_plate": "iron_block",
    "wall_torch": "torch",
    "soul_wall_torch": "soul_torch",
    "copper_wall_torch": "copper_torch",
    "redstone_wire": "redstone_dust_dot",
    "bubble_column": "water",
    "bamboo_mosaic": "bamboo_planks",
    "mangrove_propagule": "mangrove_sapling",
    "attached_pumpkin_stem": "pumpkin_stem",
    "attached_melon_stem": "pumpkin_stem",
    "melon_stem": "pumpkin_stem",
}
CRAFTING_SIDES = ("crafting_table_front", "crafting_table_side") * 2  # fronts north and west
INVISIBLE = ("air", "cave_air", "void_air", "light", "barrier", "structure_void", "moving_piston")
AIR_NAMES = ("air", "cave_air", "void_air")

Six = tuple[str, str, str, str, str, str]
Recipe = Callable[[np.random.Generator, Callable[[str], np.ndarray]], np.ndarray]


@dataclass(frozen=True, eq=False)
class Atlas:
    """Tile images, their names, and the tile of each face and the render layer of every state."""

    images: np.ndarray  # (n_tiles, 16, 16, 4) uint8 RGBA, straight alpha, row 0 at the top
    names: tuple[str, ...]
    face_tiles: np.ndarray  # (state_count, 6) int32, faces in FACES order
    layer: np.ndarray  # (state_count,) uint8 LAYER_*

    @cached_property
    def _index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    def tile(self, name: str) -> int:
        """The index of the tile called ``name``."""
        try:
            return self._index[name]
        except KeyError:
            raise KeyError(
                f"no atlas tile named {name!r} ({len(self.names)} tiles, e.g. "
                f"{', '.join(self.names[:3])}; see Atlas.names)"
            ) from None


@dataclass(frozen=True)
class FaceRule:
    """The six face tiles of a block as a function of some of its properties (``keys``)."""

    keys: tuple[str, ...]
    pick: Callable[[dict[str, str]], Six]


def cube(tile: str) -> Six:
    """The same tile on all six faces."""
    return (tile,) * 6


def column(end: str, side: str, bottom: str | None = None) -> Six:
    """Ends on the top and bottom, one tile round the sides (pillars, sandstone, TNT)."""
    return (bottom or end, end, side, side, side, side)


def fixed(faces: Six) -> FaceRule:
    """A rule that ignores the block's properties."""
    return FaceRule((), lambda _props: faces)


def axis_rule(end: str, side: str) -> FaceRule:
    """Logs and pillars: end tiles on the two faces along ``axis``, bark turned along it."""
    turned = f"{side}_horizontal"
    by_axis: dict[str, Six] = {
        "y": (end, end, side, side, side, side),
        "x": (turned, turned, turned, turned, end, end),
        "z": (side, side, end, end, turned, turned),
    }
    return FaceRule(("axis",), lambda p: by_axis[p.get("axis", "y")])


def facing_rule(front: str, side: str, top: str, lit_front: str | None = None) -> FaceRule:
    """Furnaces, dispensers, carved pumpkins: the front tile on the face ``facing`` points to."""

    def pick(p: dict[str, str]) -> Six:
        faces = [top, top, side, side, side, side]
        if p.get("facing") in ("up", "down"):
            faces = [side] * 6
        use_lit = lit_front is not None and p.get("lit") == "true"
        faces[FACES.index(p.get("facing", "north"))] = lit_front if use_lit else front
        return tuple(faces)  # type: ignore[return-value]

    return FaceRule(("facing", "lit"), pick)


def half_rule(upper: str, lower: str) -> FaceRule:
    """Doors and tall plants: one tile for the upper block, another for the lower."""
    return FaceRule(("half",), lambda p: cube(upper if p.get("half") == "upper" else lower))


# -- the tile catalogue: name -> recipe(rng, tile) where tile(name) gives another finished tile --


def _terrain(r: dict[str, Recipe]) -> None:
    r["dirt"] = lambda g, t: tg.noisy(g, (134, 96, 67), 0.15, 8, 0.3, 5)
    r["grass_block_top"] = lambda g, t: tg.noisy(g, tg.scale(GRASS, 0.92), 0.16, 8, 0.35, 5)
    r["grass_block_side"] = lambda g, t: tg.fringe(g, t("dirt"), t("grass_block_top"), 2, 4)
    r["grass_block_snow"] = lambda g, t: tg.fringe(g, t("dirt"), t("snow"), 2, 4)
    r["coarse_dirt"] = lambda g, t: tg.ore(g, tg.noisy(g, (119, 85, 59), 0.2, 8, 0.3), (96, 84, 76))
    r["podzol_top"] = lambda g, t: tg.ore(g, tg.noisy(g, (91, 63, 24), 0.2, 8), (122, 80, 30), 6)
    r["podzol_side"] = lambda g, t: tg.fringe(g, t("dirt"), t("podzol_top"), 2, 4)
    r["mycelium_top"] = lambda g, t: tg.ore(g, tg.noisy(g, (111, 99, 105), 0.15), (150, 130, 140))
    r["mycelium_side"] = lambda g, t: tg.fringe(g, t("dirt"), t("mycelium_top"), 2, 4)
    r["dirt_path_top"] = lambda g, t: tg.noisy(g, (148, 122, 65), 0.1, 8, 0.3)
    r["dirt_path_side"] = lambda g, t: tg.fringe(g, t("dirt"), t("dirt_path_top"), 1, 3)
    r["sand"] = lambda g, t: tg.noisy(g, (219, 207, 163), 0.07, 8, 0.2)
    r["red_sand"] = lambda g, t: tg.noisy(g, (190, 102, 33), 0.08, 8, 0.2)
    r["gravel"] = lambda g, t: tg.gravel(g, (131, 127, 126))
    for prefix, rgb in (("", (216, 203, 155)), ("red_", (181, 98, 31))):
        r[f"{prefix}sandstone_top"] = lambda g, t, c=rgb: tg.noisy(g, c, 0.04, 4, 0.3)
        r[f"{prefix}sandstone"] = lambda g, t, c=rgb: tg.layered(g, c)
        r[f"{prefix}sandstone_bottom"] = lambda g, t, c=rgb: tg.noisy(g, c, 0.1, 8, 0.2)
        r[f"cut_{prefix}sandstone"] = lambda g, t, c=rgb: tg.bricks(
            g, c, tg.scale(c, 0.85), 8, 16, False, 0.06, 0.03
        )
        r[f"chiseled_{prefix}sandstone"] = lambda g, t, c=rgb: tg.chiseled(g, c)
    r["clay"] = lambda g, t: tg.noisy(g, (160, 166, 179), 0.05, 4, 0.4)
    r["snow"] = lambda g, t: tg.noisy(g, (249, 254, 254), 0.02, 4, 0.3)
    r["ice"] = lambda g, t: tg.glass((200, 222, 255), 200, (145, 183, 253), 165)
    r["packed_ice"] = lambda g, t: tg.noisy(g, (141, 180, 250), 0.07)
    r["blue_ice"] = lambda g, t: tg.noisy(g, (116, 167, 253), 0.07)
    r["water"] = lambda g, t: tg.streaks(g, tg.scale(WATER, 0.9), 0.12, False) * [1, 1, 1, 0.7]
    r["lava"] = lambda g, t: tg.lava(g)
    r["moss_block"] = lambda g, t: tg.noisy(g, (89, 109, 45), 0.15, 8, 0.4)
    r["pale_moss_block"] = lambda g, t: tg.noisy(g, (107, 112, 104), 0.1, 8, 0.4)
    r["mud"] = lambda g, t: tg.noisy(g, (60, 57, 61), 0.1)
    r["packed_mud"] = lambda g, t: tg.noisy(g, (142, 106, 79), 0.08)
    r["sponge"] = lambda g, t: tg.ore(g, tg.noisy(g, (195, 192, 74), 0.1, 8), (150, 140, 40), 8)
    r["wet_sponge"] = lambda g, t: tg.ore(g, tg.noisy(g, (171, 181, 70), 0.1, 8), (120, 130, 40), 8)
    r["slime_block"] = lambda g, t: tg.glass((95, 160, 60), 235, (127, 178, 56), 170)
    r["honey_block"] = lambda g, t: tg.glass((230, 150, 30), 235, (251, 185, 52), 190)
    r["nether_portal"] = lambda g, t: tg.noisy(g, (110, 40, 200), 0.25, 4, 0.6) * [1, 1, 1, 0.75]


def _stones(r: dict[str, Recipe]) -> None:
    simple = {  # name: (colour, contrast, cells, smoothness)
        "stone": ((125, 125, 125), 0.13, 4, 0.4),
        "andesite": ((136, 136, 137), 0.12, 4, 0.4),
        "tuff": ((108, 109, 102), 0.12, 8, 0.3),
        "calcite": ((223, 224, 220), 0.05, 4, 0.5),
        "netherrack": ((97, 38, 38), 0.22, 8, 0.35),
        "end_stone": ((219, 222, 158), 0.08, 8, 0.4),
        "blackstone": ((42, 36, 41), 0.2, 4, 0.5),
        "smooth_basalt": ((72, 72, 78), 0.06, 4, 0.5),
        "deepslate_top": ((80, 80, 82), 0.15, 4, 0.5),
        "prismarine": ((99, 156, 151), 0.15, 4, 0.6),
        "furnace_top": ((110, 110, 110), 0.1, 4, 0.5),
        "quartz_block_bottom": ((235, 229, 222), 0.03, 4, 0.3),
        "quartz_block_side": ((235, 229, 222), 0.03, 4, 0.3),
    }
    for name, (rgb, contrast, cells, smooth) in simple.items():
        r[name] = lambda g, t, a=(rgb, contrast, cells, smooth): tg.noisy(g, *a)
    polished = {
        "polished_andesite": (132, 135, 134),
        "polished_diorite": (193, 193, 195),
        "polished_granite": (154, 106, 89),
        "polished_deepslate": (72, 72, 73),
        "polished_tuff": (97, 104, 99),
        "polished_blackstone": (53, 48, 56),
        "quartz_block_top": (235, 229, 222),
    }
    for name, rgb in polished.items():
        r[name] = lambda g, t, c=rgb: tg.bevel(tg.noisy(g, c, 0.05, 4, 0.3), 0.12)
    walls = {  # name: (brick, mortar, height, width, stagger, bevel)
        "bricks": ((150, 80, 64), (170, 160, 150), 4, 8, True, 0.0),
        "stone_bricks": ((122, 121, 122), (88, 88, 88), 8, 16, True, 0.1),
        "mud_bricks": ((137, 103, 79), (100, 78, 60), 4, 8, True, 0.05),
        "nether_bricks": ((48, 24, 28), (25, 12, 15), 4, 8, True, 0.0),
        "red_nether_bricks": ((72, 10, 12), (40, 4, 6), 4, 8, True, 0.0),
        "end_stone_bricks": ((218, 224, 162), (180, 184, 130), 4, 8, True, 0.06),
        "deepslate_bricks": ((70, 70, 71), (40, 40, 42), 4, 8, True, 0.1),
        "deepslate_tiles": ((54, 54, 55), (30, 30, 32), 4, 4, False, 0.1),
        "tuff_bricks": ((98, 102, 95), (65, 68, 62), 8, 8, True, 0.1),
        "prismarine_bricks": ((99, 171, 158), (70, 120, 110), 4, 8, True, 0.08),
        "dark_prismarine": ((51, 91, 75), (35, 60, 50), 8, 8, False, 0.1),
        "purpur_block": ((169, 125, 169), (130, 90, 130), 8, 8, False, 0.1),
        "quartz_bricks": ((234, 229, 221), (200, 195, 188), 8, 8, True, 0.05),
        "polished_blackstone_bricks": ((48, 42, 49), (30, 26, 31), 8, 8, True, 0.1),
        "resin_bricks": ((206, 101, 26), (150, 70, 15), 4, 8, True, 0.05),
    }
    for name, args in walls.items():
        r[name] = lambda g, t, a=args: tg.bricks(g, *a)
    r["cobblestone"] = lambda g, t: tg.cobblestone(g, (128, 127, 127))
    r["cobbled_deepslate"] = lambda g, t: tg.cobblestone(g, (77, 77, 80))
    r["mossy_cobblestone"] = lambda g, t: tg.moss_over(g, t("cobblestone"), (90, 110, 45))
    r["mossy_stone_bricks"] = lambda g, t: tg.moss_over(g, t("stone_bricks"), (90, 110, 45))
    r["cracked_stone_bricks"] = lambda g, t: tg.cracks(g, t("stone_bricks"))
    for base in (
        "deepslate_bricks",
        "deepslate_tiles",
        "nether_bricks",
        "polished_blackstone_bricks",
    ):
        r[f"cracked_{base}"] = lambda g, t, b=base: tg.cracks(g, t(b))
    r["chiseled_stone_bricks"] = lambda g, t: tg.chiseled(g, (120, 119, 120))
    r["chiseled_quartz_block"] = lambda g, t: tg.chiseled(g, (231, 226, 218))
    r["quartz_pillar_top"] = lambda g, t: tg.chiseled(g, (235, 229, 222))
    r["quartz_pillar"] = lambda g, t: _pillar(t("quartz_block_side"))
    r["purpur_pillar_top"] = lambda g, t: tg.chiseled(g, (171, 129, 171))
    r["purpur_pillar"] = lambda g, t: _pillar(tg.streaks(g, (171, 129, 171), 0.1, True))
    r["smooth_stone"] = lambda g, t: _outlined(tg.noisy(g, (160, 160, 160), 0.03))
    r["diorite"] = lambda g, t: tg.ore(g, tg.noisy(g, (190, 190, 190), 0.06), (110, 110, 112), 8)
    r["granite"] = lambda g, t: tg.ore(g, tg.noisy(g, (149, 103, 85), 0.1), (185, 125, 110), 7)
    r["deepslate"] = lambda g, t: tg.streaks(g, (80, 80, 82), 0.18, False)
    r["dripstone_block"] = lambda g, t: tg.streaks(g, (134, 107, 92), 0.12, True)
    r["obsidian"] = lambda g, t: tg.ore(g, tg.noisy(g, (20, 18, 30), 0.3), (60, 40, 90), 4)
    r["crying_obsidian"] = lambda g, t: tg.ore(g, t("obsidian"), (140, 40, 220), 6)
    r["bedrock"] = lambda g, t: tg.noisy(g, (85, 85, 85), 0.45, 4, 0.3, 4)
    r["glowstone"] = lambda g, t: tg.glowstone(g)
    r["sea_lantern"] = lambda g, t: tg.chiseled(g, (172, 199, 190))
    for mineral, speck in ORES.items():
        r[f"{mineral}_ore"] = lambda g, t, s=speck: tg.ore(g, t("stone"), s)
        r[f"deepslate_{mineral}_ore"] = lambda g, t, s=speck: tg.ore(g, t("deepslate"), s)
    r["nether_gold_ore"] = lambda g, t: tg.ore(g, t("netherrack"), ORES["gold"])
    r["nether_quartz_ore"] = lambda g, t: tg.ore(g, t("netherrack"), (230, 225, 215))
    for name, rgb in MINERAL_BLOCKS.items():
        r[name] = lambda g, t, c=rgb: tg.bevel(tg.noisy(g, c, 0.06, 4, 0.3), 0.15)


def _pillar(side: np.ndarray) -> np.ndarray:
    out = side.copy()
    out[:, (1, 14), :3] *= 0.85
    return out


def _outlined(img: np.ndarray) -> np.ndarray:
    out = img.copy()
    out[tg.EDGE, :3] *= 0.8
    return out


def log_names(wood: str) -> tuple[str, str]:
    """The log-like and wood-like block names of a wood type (stems and hyphae in the Nether)."""
    if wood in ("crimson", "warped"):
        return f"{wood}_stem", f"{wood}_hyphae"
    if wood == "bamboo":
        return "bamboo_block", "bamboo_block"
    return f"{wood}_log", f"{wood}_wood"


def _woods(r: dict[str, Recipe]) -> None:
    for name, w in WOODS.items():
        log = log_names(name)[0]
        r[f"{name}_planks"] = lambda g, t, w=w: tg.planks(g, w.planks)
        if name == "birch":
            r[log] = lambda g, t, w=w: tg.birch_bark(g, w.bark, (45, 45, 40))
        else:
            r[log] = lambda g, t, w=w: tg.bark(g, w.bark)
        r[f"{log}_top"] = lambda g, t, w=w: tg.log_end(g, w.bark, w.stripped)
        r[f"stripped_{log}"] = lambda g, t, w=w: tg.bark(g, w.stripped, 0.08)
        r[f"stripped_{log}_top"] = lambda g, t, w=w: tg.log_end(g, w.stripped, w.planks)
        if w.leaves is not None:
            r[f"{name}_leaves"] = lambda g, t, w=w: tg.leaves(g, w.leaves)
            r[f"{name}_sapling"] = lambda g, t, w=w, n=name: tg.sapling(
                g, w.leaves, w.bark, n == "spruce"
            )
        for half in ("top", "bottom"):
            r[f"door_{name}_{half}"] = lambda g, t, w=w, h=half: tg.door(
                g, w.planks, h == "top", w.windows
            )
        r[f"{name}_trapdoor"] = lambda g, t, w=w: tg.trapdoor(g, w.planks)
    r["azalea_leaves"] = lambda g, t: tg.leaves(g, (90, 115, 44))
    r["flowering_azalea_leaves"] = lambda g, t: tg.ore(g, t("azalea_leaves"), (215, 120, 200), 6)
    r["bookshelf"] = lambda g, t: tg.bookshelf(g, t("oak_planks"))
    for face in ("top", "side", "front"):
        r[f"crafting_table_{face}"] = lambda g, t, f=face: tg.crafting_table(t("oak_planks"), f)
    r["hay_block_side"] = lambda g, t: _banded(tg.streaks(g, (166, 136, 38), 0.2, True))
    r["hay_block_top"] = lambda g, t: tg.noisy(g, (166, 139, 40), 0.18, 16, 0.2)


def _banded(img: np.ndarray) -> np.ndarray:
    out = img.copy()
    out[[2, 3, 12, 13], :, :3] = out[[2, 3, 12, 13], :, :3] * 0.55 + np.array([45, 20, 5])
    return out


def _metals(r: dict[str, Recipe]) -> None:
    r["door_iron_top"] = lambda g, t: tg.door(g, (200, 200, 200), True, True, wood=False)
    r["door_iron_bottom"] = lambda g, t: tg.door(g, (200, 200, 200), False, True, wood=False)
    r["iron_trapdoor"] = lambda g, t: tg.trapdoor(g, (200, 200, 200), wood=False)
    r["iron_bars"] = lambda g, t: tg.bars((160, 162, 165))
    r["iron_chain"] = lambda g, t: tg.chain((70, 75, 85))
    for stage, rgb in COPPER.items():
        block = "copper_block" if not stage else f"{stage}copper"
        r[block] = lambda g, t, c=rgb: tg.bevel(tg.noisy(g, c, 0.08, 4, 0.4), 0.1)
        r[f"{stage}cut_copper"] = lambda g, t, c=rgb: tg.bricks(
            g, c, tg.scale(c, 0.75), 8, 8, False, 0.1
        )
        r[f"{stage}copper_grate"] = lambda g, t, b=block: _grate(t(b))
        for half in ("top", "bottom"):
            r[f"door_{stage}copper_{half}"] = lambda g, t, c=rgb, h=half: tg.door(
                g, c, h == "top", True, wood=False
            )
        r[f"{stage}copper_trapdoor"] = lambda g, t, c=rgb: tg.trapdoor(g, c, wood=False)
        r[f"{stage}copper_bars"] = lambda g, t, c=rgb: tg.bars(c)
        r[f"{stage}copper_chain"] = lambda g, t, c=rgb: tg.chain(tg.scale(c, 0.8))
        r[f"{stage}copper_lantern"] = lambda g, t, c=rgb: tg.lantern((150, 235, 120), c)


def _grate(block: np.ndarray) -> np.ndarray:
    out = block.copy()
    out[(tg.YY % 4 >= 1) & (tg.YY % 4 <= 2) & (tg.XX % 4 >= 1) & (tg.XX % 4 <= 2), 3] = 0
    return out


def _dyes(r: dict[str, Recipe]) -> None:
    r["terracotta"] = lambda g, t: tg.noisy(g, (152, 94, 68), 0.05)
    r["glass"] = lambda g, t: tg.glass((218, 236, 240), 255, (255, 255, 255), 0)
    r["glass_pane_top"] = lambda g, t: tg.noisy(g, (208, 228, 234), 0.04)
    r["tinted_glass"] = lambda g, t: tg.glass((45, 35, 50), 255, (40, 32, 45), 130)
    for dye, (concrete, powder, wool, terracotta, glass) in DYES.items():
        r[f"{dye}_concrete"] = lambda g, t, c=concrete: tg.noisy(g, c, 0.025, 4, 0.2)
        r[f"{dye}_concrete_powder"] = lambda g, t, c=powder: tg.noisy(g, c, 0.12, 4, 0.1, 5)
        r[f"{dye}_wool"] = lambda g, t, c=wool: tg.wool(g, c)
        r[f"{dye}_terracotta"] = lambda g, t, c=terracotta: tg.noisy(g, c, 0.05)
        r[f"{dye}_stained_glass"] = lambda g, t, c=glass: tg.glass(tg.scale(c, 0.85), 200, c, 128)
        r[f"{dye}_stained_glass_pane_top"] = lambda g, t, c=glass: tg.flat(tg.scale(c, 0.85), 200)


def _objects(r: dict[str, Recipe]) -> None:
    pumpkin, melon = ((227, 141, 26), (180, 95, 10)), ((114, 146, 30), (150, 175, 50))
    for face in ("side", "top", "carved", "lantern"):
        name = {"carved": "carved_pumpkin", "lantern": "jack_o_lantern"}.get(
            face, f"pumpkin_{face}"
        )
        r[name] = lambda g, t, f=face: tg.pumpkin(g, pumpkin[0], f, pumpkin[1])
    r["melon_side"] = lambda g, t: tg.pumpkin(g, melon[0], "side", melon[1])
    r["melon_top"] = lambda g, t: tg.pumpkin(g, melon[0], "top", melon[1])
    for face in ("side", "top", "bottom"):
        r[f"tnt_{face}"] = lambda g, t, f=face: tg.tnt(g, f)
    r["furnace_side"] = lambda g, t: tg.furnace(t("furnace_top"), False, False)
    r["furnace_front"] = lambda g, t: tg.furnace(t("furnace_top"), True, False)
    r["furnace_front_on"] = lambda g, t: tg.furnace(t("furnace_top"), True, True)
    r["dispenser_front"] = lambda g, t: _hole(t("furnace_side"), (4, 12))
    r["dropper_front"] = lambda g, t: _hole(t("furnace_side"), (6, 10))


def _hole(img: np.ndarray, span: tuple[int, int]) -> np.ndarray:
    out = img.copy()
    out[span[0] : span[1], span[0] : span[1], :3] = (30, 30, 30)
    return out


def _sprites(r: dict[str, Recipe]) -> None:
    torches = {"torch": (255, 216, 0), "soul_torch": (100, 225, 235)}
    torches |= {"copper_torch": (150, 235, 120), "redstone_torch": (255, 40, 20)}
    torches["redstone_torch_off"] = (110, 25, 15)
    for name, flame in torches.items():
        r[name] = lambda g, t, f=flame: tg.torch(f)
    r["ladder"] = lambda g, t: tg.ladder((125, 95, 50))
    for name, (style, petal, centre) in FLOWERS.items():
        r[name] = lambda g, t, a=(style, petal, centre): tg.flower(*a)
    r["short_grass"] = lambda g, t: tg.blades(g, GRASS, 9, 4, 12)
    r["tall_grass_bottom"] = lambda g, t: tg.blades(g, GRASS, 10, 12, 16)
    r["tall_grass_top"] = lambda g, t: tg.blades(g, GRASS, 8, 4, 12)
    r["fern"] = lambda g, t: tg.fern(g, tg.scale(GRASS, 0.9))
    r["large_fern_bottom"] = lambda g, t: tg.fern(g, tg.scale(GRASS, 0.9))
    r["large_fern_top"] = lambda g, t: tg.fern(g, tg.scale(GRASS, 0.95))
    for tall in ("sunflower", "lilac", "rose_bush", "peony", "pitcher_plant"):
        r[f"{tall}_bottom"] = lambda g, t: tg.blades(g, (60, 120, 40), 6, 13, 16)
    r["tall_seagrass_bottom"] = lambda g, t: tg.blades(g, (40, 120, 60), 8, 12, 16)
    r["tall_seagrass_top"] = lambda g, t: tg.blades(g, (40, 120, 60), 8, 4, 12)
    r["seagrass"] = lambda g, t: tg.blades(g, (40, 120, 60), 8, 5, 13)
    r["bush"] = lambda g, t: tg.blades(g, FOLIAGE, 13, 5, 11)
    r["firefly_bush"] = lambda g, t: tg.ore(
        g, tg.blades(g, (80, 110, 40), 12, 6, 14), (240, 230, 90), 2
    )
    r["short_dry_grass"] = lambda g, t: tg.blades(g, (196, 170, 110), 9, 4, 11)
    r["tall_dry_grass"] = lambda g, t: tg.blades(g, (196, 170, 110), 10, 8, 15)
    r["dead_bush"] = lambda g, t: tg.twigs(g, (107, 78, 40))
    r["pumpkin_stem"] = lambda g, t: tg.blades(g, (110, 150, 40), 3, 8, 14)
    r["vine"] = lambda g, t: tg.vine(g, FOLIAGE)
    r["sugar_cane"] = lambda g, t: tg.sugar_cane((148, 192, 101))
    r["rail"] = lambda g, t: tg.rail((150, 150, 150))
    r["powered_rail"] = lambda g, t: tg.rail((220, 180, 60), (170, 20, 10))
    r["detector_rail"] = lambda g, t: tg.rail((150, 150, 150), (120, 30, 20))
    r["activator_rail"] = lambda g, t: tg.rail((150, 150, 150), (200, 40, 30))
    r["lantern"] = lambda g, t: tg.lantern((255, 200, 90))
    r["soul_lantern"] = lambda g, t: tg.lantern((100, 220, 230))
    r["lever"] = lambda g, t: tg.lever((128, 127, 127), (137, 103, 39))
    r["cobweb"] = lambda g, t: tg.cobweb((225, 225, 225))
    r["redstone_dust_dot"] = lambda g, t: tg.dust((190, 25, 10), line=False)
    r["redstone_dust_line"] = lambda g, t: tg.dust((190, 25, 10), line=True)
    r["scaffolding_top"] = lambda g, t: tg.scaffolding((196, 166, 86), top=True)
    r["scaffolding_side"] = lambda g, t: tg.scaffolding((196, 166, 86), top=False)
    r["rain"] = lambda g, t: tg.rain(g)
    r["white"] = lambda g, t: tg.flat((255, 255, 255))
    r["air"] = lambda g, t: tg.canvas()


@cache
def recipes() -> Mapping[str, Recipe]:
    """Every named tile the atlas draws besides per-block fallbacks, in atlas order."""
    r: dict[str, Recipe] = {}
    for group in (_terrain, _stones, _woods, _metals, _dyes, _objects, _sprites):
        group(r)
    return MappingProxyType(r)


# -- block name -> face rule ---------------------------------------------------------------------


def snowy_rule(top: str, side: str) -> FaceRule:
    """Grass, podzol, mycelium: snow-covered sides when the block above is snow."""
    return FaceRule(
        ("snowy",),
        lambda p: column(top, "grass_block_snow" if p.get("snowy") == "true" else side, "dirt"),
    )


@cache
def explicit_rules() -> Mapping[str, FaceRule]:
    """Blocks whose faces differ or depend on properties (everything else is a name rule)."""
    rules: dict[str, FaceRule] = {}
    for wood in WOODS:
        log, block = log_names(wood)
        rules[log] = axis_rule(f"{log}_top", log)
        rules[f"stripped_{log}"] = axis_rule(f"stripped_{log}_top", f"stripped_{log}")
        if block != log:  # *_wood and *_hyphae: bark all round
            rules[block] = axis_rule(log, log)
            rules[f"stripped_{block}"] = axis_rule(f"stripped_{log}", f"stripped_{log}")
    for name, (end, side) in {
        "quartz_pillar": ("quartz_pillar_top", "quartz_pillar"),
        "purpur_pillar": ("purpur_pillar_top", "purpur_pillar"),
        "hay_block": ("hay_block_top", "hay_block_side"),
        "deepslate": ("deepslate_top", "deepslate"),
    }.items():
        rules[name] = axis_rule(end, side)
    rules["grass_block"] = snowy_rule("grass_block_top", "grass_block_side")
    rules["podzol"] = snowy_rule("podzol_top", "podzol_side")
    rules["mycelium"] = snowy_rule("mycelium_top", "mycelium_side")
    columns = {
        "dirt_path": column("dirt_path_top", "dirt_path_side", "dirt"),
        "quartz_block": column("quartz_block_top", "quartz_block_side", "quartz_block_bottom"),
        "smooth_quartz": cube("quartz_block_bottom"),
        "pumpkin": column("pumpkin_top", "pumpkin_side"),
        "melon": column("melon_top", "melon_side"),
        "tnt": column("tnt_top", "tnt_side", "tnt_bottom"),
        "bookshelf": column("oak_planks", "bookshelf"),
        "scaffolding": column("scaffolding_top", "scaffolding_side"),
        "crafting_table": ("oak_planks", "crafting_table_top", *CRAFTING_SIDES),
    }
    for prefix in ("", "red_"):
        top = f"{prefix}sandstone_top"
        columns[f"{prefix}sandstone"] = column(top, f"{prefix}sandstone", f"{top[:-4]}_bottom")
        columns[f"cut_{prefix}sandstone"] = column(top, f"cut_{prefix}sandstone")
        columns[f"chiseled_{prefix}sandstone"] = column(top, f"chiseled_{prefix}sandstone")
        columns[f"smooth_{prefix}sandstone"] = cube(top)
    rules |= {name: fixed(faces) for name, faces in columns.items()}
    rules["furnace"] = facing_rule(
        "furnace_front", "furnace_side", "furnace_top", "furnace_front_on"
    )
    rules["dispenser"] = facing_rule("dispenser_front", "furnace_side", "furnace_top")
    rules["dropper"] = facing_rule("dropper_front", "furnace_side", "furnace_top")
    rules["carved_pumpkin"] = facing_rule("carved_pumpkin", "pumpkin_side", "pumpkin_top")
    rules["jack_o_lantern"] = facing_rule("jack_o_lantern", "pumpkin_side", "pumpkin_top")
    lit = FaceRule(
        ("lit",), lambda p: cube(f"redstone_torch{'' if p.get('lit') == 'true' else '_off'}")
    )
    rules["redstone_torch"] = rules["redstone_wall_torch"] = lit
    for name in TALL_PLANTS:
        rules[name] = half_rule(f"{name}_top", f"{name}_bottom")
    for name in INVISIBLE:
        rules[name] = fixed(cube("air"))
    return MappingProxyType(rules)


class _Resolver:
    """Finds the face rule of a block name by the rules in the module docstring."""

    def __init__(self, reg: BlockRegistry, tiles: Mapping[str, Recipe]) -> None:
        self.reg = reg
        self.blocks = {b.name for b in reg.blocks}
        self.tiles = tiles
        self.explicit = explicit_rules()

    def rule(self, name: str) -> FaceRule | None:
        """The rule for ``name`` (a block or tile name), or None when only a fallback fits."""
        if name in self.explicit:
            return self.explicit[name]
        if name in SAME_AS:
            return self.material(SAME_AS[name])
        if name in self.tiles:
            return fixed(cube(name))
        for prefix in ("waxed_", "infested_"):
            if name.startswith(prefix):
                return self.rule(name.removeprefix(prefix))
        if name.endswith("_door") and f"door_{name[:-5]}_top" in self.tiles:
            return half_rule(f"door_{name[:-5]}_top", f"door_{name[:-5]}_bottom")
        for suffix in SHAPE_SUFFIXES:
            if name.endswith(suffix):
                base = name.removesuffix(suffix)
                for form in MATERIAL_FORMS:
                    found = self.material(form.format(base))
                    if found is not None:
                        return found
        return self.dyed(name)

    def material(self, name: str) -> FaceRule | None:
        """The faces of block or tile ``name`` in its default state (what a stair copies)."""
        rule = self.rule(name)
        if rule is None or not rule.keys:
            return rule
        props = self.reg.properties(self.reg.default_state(name)) if name in self.blocks else {}
        return fixed(rule.pick(props))

    def dyed(self, name: str) -> FaceRule | None:
        """Beds, banners and candles show their dye's wool; shulker boxes its concrete."""
        for dye in DYES:
            rest = name.removeprefix(f"{dye}_")
            if rest != name and rest in ("bed", "banner", "wall_banner", "candle"):
                return fixed(cube(f"{dye}_wool"))
            if rest == "shulker_box":
                return fixed(cube(f"{dye}_concrete"))
        return None


def fallback_recipe(reg: BlockRegistry, name: str) -> Recipe:
    """A tile for a block no rule knows: noise in its map colour; blades if it has no collision,
    holes if it is a see-through full cube."""
    state = reg.default_state(name)
    rgb = reg.map_color(state) if reg.state_map_color[state] else (128, 128, 128)
    flags = BlockFlag(int(reg.state_flags[state]))
    if not flags & (BlockFlag.SOLID | BlockFlag.LIQUID):
        return lambda g, t: tg.blades(g, rgb, 8, 4, 13)
    if flags & BlockFlag.TRANSPARENT and flags & BlockFlag.FULL_CUBE:
        return lambda g, t: tg.leaves(g, rgb, 0.3)
    return lambda g, t: tg.noisy(g, rgb, 0.1)


# -- building ------------------------------------------------------------------------------------


def build_atlas(registry: BlockRegistry | None = None, seed: int = 0) -> Atlas:
    """The atlas of ``registry`` (default 1.21.11, cached); same inputs give the same bytes."""
    if registry is None or registry is default_registry():
        return _default_atlas(seed)
    return make_atlas(registry, seed)


@lru_cache(maxsize=4)
def _default_atlas(seed: int) -> Atlas:
    return make_atlas(default_registry(), seed)


def make_atlas(reg: BlockRegistry, seed: int = 0) -> Atlas:
    """Build an atlas without the cache (``build_atlas`` is the one to call)."""
    tiles = dict(recipes())
    resolver = _Resolver(reg, tiles)
    tables: list[tuple[tuple[str, ...], list[Six]]] = []
    for block in reg.blocks:
        rule = resolver.rule(block.name)
        if rule is None:
            tiles[block.name] = fallback_recipe(reg, block.name)
            rule = fixed(cube(block.name))
        keys = tuple(k for k in rule.keys if k in dict(block.properties))
        values = [dict(block.properties)[k] for k in keys]
        sixes = [
            rule.pick(dict(zip(keys, combo, strict=True))) for combo in itertools.product(*values)
        ]
        tables.append((keys, sixes))
    for six in (s for _, sixes in tables for s in sixes):
        for name in six:
            if name not in tiles and name.endswith("_horizontal"):
                base = name.removesuffix("_horizontal")
                tiles[name] = lambda g, t, b=base: np.rot90(t(b)).copy()
    names = tuple(tiles)
    images = draw_tiles(tiles, seed)
    index = {name: i for i, name in enumerate(names)}
    face_tiles = np.zeros((reg.state_count, 6), np.int32)
    for block, (keys, sixes) in zip(reg.blocks, tables, strict=True):
        table = np.array([[index[n] for n in six] for six in sixes], np.int32)
        face_tiles[block.min_state : block.max_state + 1] = table[_combo_index(block, keys)]
    layer = block_layers(reg, tile_layers(images)[face_tiles].max(axis=1))
    for name in AIR_NAMES:
        block = reg.block(name)
        layer[block.min_state : block.max_state + 1] = LAYER_OPAQUE
    for array in (images, face_tiles, layer):
        array.setflags(write=False)
    return Atlas(images, names, face_tiles, layer)


def _combo_index(block: BlockType, keys: tuple[str, ...]) -> np.ndarray:
    """For each state of ``block``, the index of its ``keys`` values in itertools.product order."""
    offsets = np.arange(block.state_count)
    sizes = [len(values) for _, values in block.properties]
    combo = np.zeros(block.state_count, np.int64)
    for key in keys:
        j = [k for k, _ in block.properties].index(key)
        stride = int(np.prod(sizes[j + 1 :], dtype=np.int64))
        combo = combo * sizes[j] + (offsets // stride) % sizes[j]
    return combo


def draw_tiles(tiles: Mapping[str, Recipe], seed: int) -> np.ndarray:
    """Draw every recipe with its own seeded generator: (n, 16, 16, 4) uint8."""
    done: dict[str, np.ndarray] = {}

    def tile(name: str) -> np.ndarray:
        if name not in done:
            done[name] = np.asarray(tiles[name](tg.tile_rng(name, seed), tile), np.float32)
        return done[name]

    return np.stack([np.clip(np.rint(tile(n)), 0, 255).astype(np.uint8) for n in tiles])


def block_layers(reg: BlockRegistry, state_layer: np.ndarray) -> np.ndarray:
    """Each block's states all take its most demanding layer, as vanilla sets render types per
    block (a door's lower half is cutout like its windowed upper half)."""
    starts = np.array([b.min_state for b in reg.blocks])
    per_block = np.maximum.reduceat(state_layer, starts)
    return per_block[reg.state_block].astype(np.uint8)


def tile_layers(images: np.ndarray) -> np.ndarray:
    """LAYER_* per tile from its alpha: partial alpha is translucent, holes are cutout."""
    alpha = images[..., 3]
    translucent = ((alpha > 0) & (alpha < 255)).any(axis=(1, 2))
    cutout = (alpha == 0).any(axis=(1, 2))
    return np.where(translucent, LAYER_TRANSLUCENT, np.where(cutout, LAYER_CUTOUT, LAYER_OPAQUE))
