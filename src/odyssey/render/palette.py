"""Colour tables of the procedural atlas: biome tints, dyes, wood types, copper, ores, flowers.

Colours are facts about vanilla's look (average colours of its textures, map colours of its dyes),
never its pixels. Biome colours are the plains ones, baked into the tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.render.texgen import RGB

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
# name -> (style, petal, centre): see sprites.flower
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


def log_names(wood: str) -> tuple[str, str]:
    """The log-like and wood-like block names of a wood type (stems and hyphae in the Nether)."""
    if wood in ("crimson", "warped"):
        return f"{wood}_stem", f"{wood}_hyphae"
    if wood == "bamboo":
        return "bamboo_block", "bamboo_block"
    return f"{wood}_log", f"{wood}_wood"
