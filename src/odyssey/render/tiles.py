"""The tile catalogue of the atlas: name -> recipe drawing that tile from ``texgen`` primitives,
``pictures`` and ``sprites`` with the ``palette`` colours, plus the fallback for unknown blocks.

A recipe is ``recipe(rng, tile)``: ``rng`` is the tile's own seeded generator and ``tile(name)``
gives another finished tile (ores draw over ``stone``, grass sides over ``dirt``). Names follow
vanilla's texture files (``grass_block_top``, ``oak_log``, ``white_wool``); ``recipes()`` keeps
them in atlas order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType

import numpy as np

from odyssey.render import pictures as pc
from odyssey.render import sprites as sp
from odyssey.render import texgen as tg
from odyssey.render.mechtiles import mechanics_recipes
from odyssey.render.palette import (
    COPPER,
    DYES,
    FLOWERS,
    FOLIAGE,
    GRASS,
    MINERAL_BLOCKS,
    ORES,
    WATER,
    WOODS,
    log_names,
)
from odyssey.world import BlockFlag, BlockRegistry

Recipe = Callable[[np.random.Generator, Callable[[str], np.ndarray]], np.ndarray]


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
            r[f"{name}_sapling"] = lambda g, t, w=w, n=name: sp.sapling(
                g, w.leaves, w.bark, n == "spruce"
            )
        for half in ("top", "bottom"):
            r[f"door_{name}_{half}"] = lambda g, t, w=w, h=half: pc.door(
                g, w.planks, h == "top", w.windows
            )
        r[f"{name}_trapdoor"] = lambda g, t, w=w: pc.trapdoor(g, w.planks)
    r["azalea_leaves"] = lambda g, t: tg.leaves(g, (90, 115, 44))
    r["flowering_azalea_leaves"] = lambda g, t: tg.ore(g, t("azalea_leaves"), (215, 120, 200), 6)
    r["bookshelf"] = lambda g, t: pc.bookshelf(g, t("oak_planks"))
    for face in ("top", "side", "front"):
        r[f"crafting_table_{face}"] = lambda g, t, f=face: pc.crafting_table(t("oak_planks"), f)
    r["hay_block_side"] = lambda g, t: _banded(tg.streaks(g, (166, 136, 38), 0.2, True))
    r["hay_block_top"] = lambda g, t: tg.noisy(g, (166, 139, 40), 0.18, 16, 0.2)


def _banded(img: np.ndarray) -> np.ndarray:
    out = img.copy()
    out[[2, 3, 12, 13], :, :3] = out[[2, 3, 12, 13], :, :3] * 0.55 + np.array([45, 20, 5])
    return out


def _metals(r: dict[str, Recipe]) -> None:
    r["door_iron_top"] = lambda g, t: pc.door(g, (200, 200, 200), True, True, wood=False)
    r["door_iron_bottom"] = lambda g, t: pc.door(g, (200, 200, 200), False, True, wood=False)
    r["iron_trapdoor"] = lambda g, t: pc.trapdoor(g, (200, 200, 200), wood=False)
    r["iron_bars"] = lambda g, t: sp.bars((160, 162, 165))
    r["iron_chain"] = lambda g, t: sp.chain((70, 75, 85))
    for stage, rgb in COPPER.items():
        block = "copper_block" if not stage else f"{stage}copper"
        r[block] = lambda g, t, c=rgb: tg.bevel(tg.noisy(g, c, 0.08, 4, 0.4), 0.1)
        r[f"{stage}cut_copper"] = lambda g, t, c=rgb: tg.bricks(
            g, c, tg.scale(c, 0.75), 8, 8, False, 0.1
        )
        r[f"{stage}copper_grate"] = lambda g, t, b=block: _grate(t(b))
        for half in ("top", "bottom"):
            r[f"door_{stage}copper_{half}"] = lambda g, t, c=rgb, h=half: pc.door(
                g, c, h == "top", True, wood=False
            )
        r[f"{stage}copper_trapdoor"] = lambda g, t, c=rgb: pc.trapdoor(g, c, wood=False)
        r[f"{stage}copper_bars"] = lambda g, t, c=rgb: sp.bars(c)
        r[f"{stage}copper_chain"] = lambda g, t, c=rgb: sp.chain(tg.scale(c, 0.8))
        r[f"{stage}copper_lantern"] = lambda g, t, c=rgb: sp.lantern((150, 235, 120), c)


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
        r[name] = lambda g, t, f=face: pc.pumpkin(g, pumpkin[0], f, pumpkin[1])
    r["melon_side"] = lambda g, t: pc.pumpkin(g, melon[0], "side", melon[1])
    r["melon_top"] = lambda g, t: pc.pumpkin(g, melon[0], "top", melon[1])
    for face in ("side", "top", "bottom"):
        r[f"tnt_{face}"] = lambda g, t, f=face: pc.tnt(g, f)
    r["furnace_side"] = lambda g, t: pc.furnace(t("furnace_top"), False, False)
    r["furnace_front"] = lambda g, t: pc.furnace(t("furnace_top"), True, False)
    r["furnace_front_on"] = lambda g, t: pc.furnace(t("furnace_top"), True, True)
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
        r[name] = lambda g, t, f=flame: sp.torch(f)
    r["ladder"] = lambda g, t: sp.ladder((125, 95, 50))
    for name, (style, petal, centre) in FLOWERS.items():
        r[name] = lambda g, t, a=(style, petal, centre): sp.flower(*a)
    r["short_grass"] = lambda g, t: sp.blades(g, GRASS, 9, 4, 12)
    r["tall_grass_bottom"] = lambda g, t: sp.blades(g, GRASS, 10, 12, 16)
    r["tall_grass_top"] = lambda g, t: sp.blades(g, GRASS, 8, 4, 12)
    r["fern"] = lambda g, t: sp.fern(g, tg.scale(GRASS, 0.9))
    r["large_fern_bottom"] = lambda g, t: sp.fern(g, tg.scale(GRASS, 0.9))
    r["large_fern_top"] = lambda g, t: sp.fern(g, tg.scale(GRASS, 0.95))
    for tall in ("sunflower", "lilac", "rose_bush", "peony", "pitcher_plant"):
        r[f"{tall}_bottom"] = lambda g, t: sp.blades(g, (60, 120, 40), 6, 13, 16)
    r["tall_seagrass_bottom"] = lambda g, t: sp.blades(g, (40, 120, 60), 8, 12, 16)
    r["tall_seagrass_top"] = lambda g, t: sp.blades(g, (40, 120, 60), 8, 4, 12)
    r["seagrass"] = lambda g, t: sp.blades(g, (40, 120, 60), 8, 5, 13)
    r["bush"] = lambda g, t: sp.blades(g, FOLIAGE, 13, 5, 11)
    r["firefly_bush"] = lambda g, t: tg.ore(
        g, sp.blades(g, (80, 110, 40), 12, 6, 14), (240, 230, 90), 2
    )
    r["short_dry_grass"] = lambda g, t: sp.blades(g, (196, 170, 110), 9, 4, 11)
    r["tall_dry_grass"] = lambda g, t: sp.blades(g, (196, 170, 110), 10, 8, 15)
    r["dead_bush"] = lambda g, t: sp.twigs(g, (107, 78, 40))
    r["vine"] = lambda g, t: sp.vine(g, FOLIAGE)
    r["sugar_cane"] = lambda g, t: sp.sugar_cane((148, 192, 101))
    r["rail"] = lambda g, t: sp.rail((150, 150, 150))
    r["powered_rail"] = lambda g, t: sp.rail((220, 180, 60), (170, 20, 10))
    r["detector_rail"] = lambda g, t: sp.rail((150, 150, 150), (120, 30, 20))
    r["activator_rail"] = lambda g, t: sp.rail((150, 150, 150), (200, 40, 30))
    r["lantern"] = lambda g, t: sp.lantern((255, 200, 90))
    r["soul_lantern"] = lambda g, t: sp.lantern((100, 220, 230))
    r["lever"] = lambda g, t: sp.lever((128, 127, 127), (137, 103, 39))
    r["cobweb"] = lambda g, t: sp.cobweb((225, 225, 225))
    r["scaffolding_top"] = lambda g, t: sp.scaffolding((196, 166, 86), top=True)
    r["scaffolding_side"] = lambda g, t: sp.scaffolding((196, 166, 86), top=False)
    r["rain"] = lambda g, t: sp.rain(g)
    r["white"] = lambda g, t: tg.flat((255, 255, 255))
    r["air"] = lambda g, t: tg.canvas()


@cache
def recipes() -> Mapping[str, Recipe]:
    """Every named tile the atlas draws besides per-block fallbacks, in atlas order."""
    r: dict[str, Recipe] = {}
    for group in (_terrain, _stones, _woods, _metals, _dyes, _objects, _sprites):
        group(r)
    mechanics_recipes(r)
    return MappingProxyType(r)


def fallback_recipe(reg: BlockRegistry, name: str) -> Recipe:
    """A tile for a block no rule knows: noise in its map colour; blades if it has no collision,
    holes if it is a see-through full cube."""
    state = reg.default_state(name)
    rgb = reg.map_color(state) if reg.state_map_color[state] else (128, 128, 128)
    flags = BlockFlag(int(reg.state_flags[state]))
    if not flags & (BlockFlag.SOLID | BlockFlag.LIQUID):
        return lambda g, t: sp.blades(g, rgb, 8, 4, 13)
    if flags & BlockFlag.TRANSPARENT and flags & BlockFlag.FULL_CUBE:
        return lambda g, t: tg.leaves(g, rgb, 0.3)
    return lambda g, t: tg.noisy(g, rgb, 0.1)
