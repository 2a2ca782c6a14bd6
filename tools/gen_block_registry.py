"""Generate Odyssey's block table for Minecraft Java 1.21.11 from the minecraft-data project.

Usage (from the repository root; needs Node.js/npm only to fetch the data package):

    npm install --prefix tools minecraft-data@3.119.0
    python tools/gen_block_registry.py \
        tools/node_modules/minecraft-data/minecraft-data/data/pc/1.21.11

writes ``src/odyssey/data/blocks-1.21.11.json.gz``. The flag and map-colour rules below are data,
kept here so that the table can be regenerated for a later version.

minecraft-data has no map colours; the per-block assignment below is ours (name rules onto
vanilla's MapColor palette), so map colours approximate vanilla's rather than copy them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from table_io import run

VERSION = "1.21.11"
DATA_VERSION = 4671
SOURCE = "npm minecraft-data 3.119.0, data/pc/1.21.11 (blocks.json, blockCollisionShapes.json)"
OUT = Path(__file__).resolve().parents[1] / "src" / "odyssey" / "data" / f"blocks-{VERSION}.json.gz"

# Vanilla MapColor palette: (id, name, rgb). Id 0 (NONE) means "transparent on maps".
MAP_COLORS: list[tuple[int, str, int]] = [
    (0, "none", 0x000000),
    (1, "grass", 0x7FB238),
    (2, "sand", 0xF7E9A3),
    (3, "wool", 0xC7C7C7),
    (4, "fire", 0xFF0000),
    (5, "ice", 0xA0A0FF),
    (6, "metal", 0xA7A7A7),
    (7, "plant", 0x007C00),
    (8, "snow", 0xFFFFFF),
    (9, "clay", 0xA4A8B8),
    (10, "dirt", 0x976D4D),
    (11, "stone", 0x707070),
    (12, "water", 0x4040FF),
    (13, "wood", 0x8F7748),
    (14, "quartz", 0xFFFCF5),
    (15, "orange", 0xD87F33),
    (16, "magenta", 0xB24CD8),
    (17, "light_blue", 0x6699D8),
    (18, "yellow", 0xE5E533),
    (19, "lime", 0x7FCC19),
    (20, "pink", 0xF27FA5),
    (21, "gray", 0x4C4C4C),
    (22, "light_gray", 0x999999),
    (23, "cyan", 0x4C7F99),
    (24, "purple", 0x7F3FB2),
    (25, "blue", 0x334CB2),
    (26, "brown", 0x664C33),
    (27, "green", 0x667F33),
    (28, "red", 0x993333),
    (29, "black", 0x191919),
    (30, "gold", 0xFAEE4D),
    (31, "diamond", 0x5CDBD5),
    (32, "lapis", 0x4A80FF),
    (33, "emerald", 0x00D93A),
    (34, "podzol", 0x815631),
    (35, "nether", 0x700200),
    (36, "terracotta_white", 0xD1B1A1),
    (37, "terracotta_orange", 0x9F5224),
    (38, "terracotta_magenta", 0x95576C),
    (39, "terracotta_light_blue", 0x706C8A),
    (40, "terracotta_yellow", 0xBA8524),
    (41, "terracotta_lime", 0x677535),
    (42, "terracotta_pink", 0xA04D4E),
    (43, "terracotta_gray", 0x392923),
    (44, "terracotta_light_gray", 0x876B62),
    (45, "terracotta_cyan", 0x575C5C),
    (46, "terracotta_purple", 0x7A4958),
    (47, "terracotta_blue", 0x4C3E5C),
    (48, "terracotta_brown", 0x4C3223),
    (49, "terracotta_green", 0x4C522A),
    (50, "terracotta_red", 0x8E3C2E),
    (51, "terracotta_black", 0x251610),
    (52, "crimson_nylium", 0xBD3031),
    (53, "crimson_stem", 0x943F61),
    (54, "crimson_hyphae", 0x5C191D),
    (55, "warped_nylium", 0x167E86),
    (56, "warped_stem", 0x3A8E8C),
    (57, "warped_hyphae", 0x562C3E),
    (58, "warped_wart_block", 0x14B485),
    (59, "deepslate", 0x646464),
    (60, "raw_iron", 0xD8AF93),
    (61, "glow_lichen", 0x7FA796),
]
COLOR_NAMES = [
    "white",
    "orange",
    "magenta",
    "light_blue",
    "yellow",
    "lime",
    "pink",
    "gray",
    "light_gray",
    "cyan",
    "purple",
    "blue",
    "brown",
    "green",
    "red",
    "black",
]
WOOD_COLORS = {
    "oak": "wood",
    "spruce": "podzol",
    "birch": "sand",
    "jungle": "dirt",
    "acacia": "orange",
    "dark_oak": "brown",
    "mangrove": "red",
    "cherry": "terracotta_white",
    "pale_oak": "quartz",
    "bamboo": "yellow",
    "crimson": "crimson_stem",
    "warped": "warped_stem",
}

# Ordered (regex, colour name) rules; the first full match wins.
COLOR_RULES: list[tuple[str, str]] = [
    (
        r"(cave_|void_)?air|barrier|light|structure_void|moving_piston|.*glass(_pane)?|tripwire"
        r"|.*torch|.*button|lever|redstone_wire|.*rail|.*_sign|.*_wall_sign|.*hanging_sign|ladder"
        r"|.*head|.*skull|flower_pot|potted_.*|end_rod|lightning_rod|.*candle|scaffolding",
        "none",
    ),
    (r"water|bubble_column|kelp(_plant)?|seagrass|tall_seagrass", "water"),
    (r"lava|fire|soul_fire|tnt|redstone_block|magma_block", "fire"),
    (r"grass_block|slime_block|moss_block|moss_carpet", "grass"),
    (
        r".*leaves|short_grass|tall_grass|fern|large_fern|vine|.*sapling|wheat|carrots|potatoes"
        r"|beetroots|sugar_cane|cactus|lily_pad|dandelion|poppy|blue_orchid|allium|azure_bluet"
        r"|.*tulip|oxeye_daisy|cornflower|lily_of_the_valley|sunflower|lilac|rose_bush|peony"
        r"|sweet_berry_bush|bamboo_sapling|bush|.*azalea.*|big_dripleaf.*|small_dripleaf"
        r"|.*_mushroom|.*_fungus|.*_roots|weeping_vines.*|twisting_vines.*|cave_vines.*|leaf_litter"
        r"|.*_stem|attached_.*_stem|firefly_bush|.*dry_grass|pitcher_.*|torchflower.*|spore_blossom"
        r"|hanging_roots|.*_petals|wildflowers|cocoa|bamboo|nether_sprouts",
        "plant",
    ),
    (r"prismarine.*|.*_coral.*|.*coral_block|conduit", "cyan"),
    (r"nether_portal|end_gateway|end_portal|.*shulker_box", "purple"),
    (r"(white)_(wool|carpet|concrete|concrete_powder|bed|banner|wall_banner|shulker_box)", "snow"),
    (r"(white)_terracotta|white_glazed_terracotta|calcite|cherry_.*", "terracotta_white"),
    (r"snow|snow_block|powder_snow", "snow"),
    (r"ice|packed_ice|blue_ice|frosted_ice", "ice"),
    (r"clay", "clay"),
    (
        r"iron_block|iron_bars|iron_door|iron_trapdoor|.*anvil|heavy_weighted_pressure_plate"
        r"|cauldron|.*_cauldron|hopper|brewing_stand|chain|lantern|soul_lantern",
        "metal",
    ),
    (r"gold_block|bell|light_weighted_pressure_plate", "gold"),
    (r"diamond_block|beacon|prismarine_bricks.*|dark_prismarine.*", "diamond"),
    (r"lapis_block", "lapis"),
    (r"emerald_block", "emerald"),
    (r"raw_iron_block", "raw_iron"),
    (r"glow_lichen", "glow_lichen"),
    (r"deepslate.*|cobbled_deepslate.*|polished_deepslate.*|.*deepslate_.*", "deepslate"),
    (
        r"netherrack|nether_bricks?.*|.*nether_brick.*|nether_wart.*|nether_quartz_ore"
        r"|nether_gold_ore",
        "nether",
    ),
    (r"crimson_nylium", "crimson_nylium"),
    (r"warped_nylium", "warped_nylium"),
    (r"warped_wart_block", "warped_wart_block"),
    (r"crimson_hyphae|stripped_crimson_hyphae", "crimson_hyphae"),
    (r"warped_hyphae|stripped_warped_hyphae", "warped_hyphae"),
    (r".*quartz.*|diorite.*|polished_diorite.*|sea_lantern|target|bone_block", "quartz"),
    (
        r"red_sand|red_sandstone.*|.*red_sandstone.*|terracotta|pumpkin|carved_pumpkin"
        r"|jack_o_lantern|honey_block|honeycomb_block|acacia_.*|copper_block|cut_copper.*"
        r"|waxed_copper_block|waxed_cut_copper.*",
        "orange",
    ),
    (
        r"sand|suspicious_sand|sandstone.*|.*_sandstone.*|end_stone.*|glowstone|birch_.*"
        r"|bamboo_planks|bamboo_mosaic.*|scaffolding|bone_block",
        "sand",
    ),
    (
        r"dirt|coarse_dirt|rooted_dirt|farmland|dirt_path|jungle_.*|granite.*|polished_granite.*"
        r"|brown_mushroom_block|packed_mud|mud_bricks.*",
        "dirt",
    ),
    (r"podzol|spruce_.*|campfire|soul_campfire|mangrove_roots", "podzol"),
    (r"mycelium|purpur.*|chorus.*|amethyst.*|budding_amethyst", "purple"),
    (
        r"bricks|brick_.*|red_mushroom_block|nether_wart_block|mangrove_.*|red_nether_bricks.*"
        r"|enchanting_table|shroomlight",
        "red",
    ),
    (r"dark_oak_.*|soul_sand|soul_soil|note_block|jukebox|mud|beehive|bee_nest|composter", "brown"),
    (
        r"obsidian|crying_obsidian|coal_block|blackstone.*|polished_blackstone.*|basalt"
        r"|polished_basalt|smooth_basalt|gilded_blackstone|sculk.*|respawn_anchor|ancient_debris"
        r"|netherite_block|black_.*|dragon_egg|end_portal_frame",
        "black",
    ),
    (r"pale_oak_.*|pale_moss.*", "light_gray"),
    (
        r"oak_.*|stripped_oak_.*|bookshelf|chiseled_bookshelf|crafting_table|chest|trapped_chest"
        r"|barrel|loom|cartography_table|fletching_table|smithing_table|lectern|.*_fence_gate"
        r"|.*_fence|dead_bush|petrified_oak_slab|.*_door|.*_trapdoor|.*_pressure_plate",
        "wood",
    ),
    (r"melon|cactus|dried_kelp_block|sea_pickle", "green"),
    (r"lime_.*|verdant_froglight", "lime"),
    (r"ochre_froglight|yellow_.*|hay_block|sponge|wet_sponge|bee_nest", "yellow"),
    (r"pearlescent_froglight|pink_.*|brain_coral.*", "pink"),
    (
        r"stone.*|cobblestone.*|mossy_.*|andesite.*|polished_andesite.*|.*stone_bricks.*|gravel"
        r"|suspicious_gravel|.*_ore|furnace|blast_furnace|smoker|dispenser|dropper|observer"
        r"|piston|sticky_piston|piston_head|bedrock|tuff.*|polished_tuff.*|dripstone_block"
        r"|pointed_dripstone|stonecutter|grindstone|.*infested_.*|spawner|trial_spawner|vault"
        r"|crafter|reinforced_deepslate|lodestone|.*copper.*",
        "stone",
    ),
]

FLAG_BITS = {
    "climbable": 1 << 0,
    "liquid": 1 << 1,
    "door": 1 << 2,
    "trapdoor": 1 << 3,
    "fence_gate": 1 << 4,
    "button": 1 << 5,
    "lever": 1 << 6,
    "pressure_plate": 1 << 7,
    "openable": 1 << 8,
    "transparent": 1 << 9,
    "replaceable": 1 << 10,
    "fence": 1 << 11,
    "wall": 1 << 12,
    "sign": 1 << 13,
    "stairs": 1 << 14,
    "slab": 1 << 15,
    "leaves": 1 << 16,
    "bed": 1 << 17,
}
# Vanilla's #climbable and #replaceable block tags (1.21.x), by name.
CLIMBABLE = {
    "ladder",
    "vine",
    "scaffolding",
    "weeping_vines",
    "weeping_vines_plant",
    "twisting_vines",
    "twisting_vines_plant",
    "cave_vines",
    "cave_vines_plant",
}
REPLACEABLE = {
    "air",
    "cave_air",
    "void_air",
    "water",
    "lava",
    "short_grass",
    "fern",
    "dead_bush",
    "bush",
    "seagrass",
    "tall_seagrass",
    "fire",
    "soul_fire",
    "snow",
    "vine",
    "glow_lichen",
    "resin_clump",
    "light",
    "tall_grass",
    "large_fern",
    "structure_void",
    "crimson_roots",
    "warped_roots",
    "nether_sprouts",
    "hanging_roots",
    "leaf_litter",
    "short_dry_grass",
    "tall_dry_grass",
    "bubble_column",
}
NAME_FLAGS: list[tuple[str, str]] = [
    (r".*_door", "door"),
    (r".*_trapdoor", "trapdoor"),
    (r".*_fence_gate", "fence_gate"),
    (r".*_button", "button"),
    (r"lever", "lever"),
    (r".*_pressure_plate", "pressure_plate"),
    (r".*_fence", "fence"),
    (r".*_wall", "wall"),
    (r".*_sign|.*_wall_sign|.*_hanging_sign|.*_wall_hanging_sign", "sign"),
    (r".*_stairs", "stairs"),
    (r".*_slab", "slab"),
    (r".*_leaves", "leaves"),
    (r".*_bed", "bed"),
    (r"water|lava|bubble_column|kelp|kelp_plant|seagrass|tall_seagrass", "liquid"),
]


def map_color_of(name: str, material: str) -> int:
    """Map colour id for a block name: name rules first, then the mining material."""
    by_name = {n: i for i, n, _ in MAP_COLORS}
    for color in COLOR_NAMES:
        for suffix in (
            "wool",
            "carpet",
            "concrete",
            "concrete_powder",
            "bed",
            "banner",
            "wall_banner",
            "shulker_box",
            "candle",
            "stained_glass",
        ):
            if name == f"{color}_{suffix}" and color != "white":
                return by_name[color]
        if name in (f"{color}_terracotta", f"{color}_glazed_terracotta"):
            return by_name[f"terracotta_{color}"]
    for wood, color in WOOD_COLORS.items():
        if re.fullmatch(
            rf"(stripped_)?{wood}_(planks|log|wood|stem|stairs|slab|fence|fence_gate"
            r"|door|trapdoor|pressure_plate|button|sign|wall_sign|hanging_sign"
            r"|wall_hanging_sign|shelf)",
            name,
        ):
            return by_name[color]
    for pattern, color in COLOR_RULES:
        if re.fullmatch(pattern, name):
            return by_name[color]
    fallback = {
        "mineable/axe": "wood",
        "mineable/shovel": "dirt",
        "mineable/hoe": "plant",
        "wool": "wool",
        "default": "stone",
    }
    for key, color in fallback.items():
        if material.startswith(key) or key in material.split(";"):
            return by_name[color]
    if "plant" in material or "leaves" in material:
        return by_name["plant"]
    return by_name["stone"]


def flags_of(block: dict) -> int:
    """Per-block flags (per-state facts such as 'open' or 'waterlogged' come from properties)."""
    name = block["name"]
    flags = 0
    for pattern, flag in NAME_FLAGS:
        if re.fullmatch(pattern, name):
            flags |= FLAG_BITS[flag]
    if name in CLIMBABLE:
        flags |= FLAG_BITS["climbable"]
    if name in REPLACEABLE:
        flags |= FLAG_BITS["replaceable"]
    if block["transparent"]:
        flags |= FLAG_BITS["transparent"]
    has_open = any(s["name"] == "open" for s in block["states"])
    hand_operable = not name.startswith("iron_")
    if (
        has_open
        and hand_operable
        and flags & (FLAG_BITS["door"] | FLAG_BITS["trapdoor"] | FLAG_BITS["fence_gate"])
    ):
        flags |= FLAG_BITS["openable"]
    return flags


def property_values(state: dict) -> list[str]:
    """Values of one block property in state-id order (booleans are true, false)."""
    if state["type"] == "bool":
        return ["true", "false"]
    if "values" in state:
        return [str(v) for v in state["values"]]
    return [str(i) for i in range(state["num_values"])]


def convert(data_dir: Path) -> dict:
    """Build the compact table from minecraft-data's blocks.json and blockCollisionShapes.json."""
    blocks = json.loads((data_dir / "blocks.json").read_text())
    shapes = json.loads((data_dir / "blockCollisionShapes.json").read_text())
    out_blocks = []
    for block in sorted(blocks, key=lambda b: b["minStateId"]):
        hardness = block["hardness"]
        out_blocks.append(
            {
                "name": block["name"],
                "min_state": block["minStateId"],
                "default_state": block["defaultState"],
                "props": [[s["name"], property_values(s)] for s in block["states"]],
                "hardness": None if hardness is None or hardness < 0 else hardness,
                "resistance": block["resistance"],
                "emit_light": block["emitLight"],
                "filter_light": block["filterLight"],
                "material": block["material"],
                "map_color": map_color_of(block["name"], block["material"]),
                "flags": flags_of(block),
                "shapes": shapes["blocks"][block["name"]],
            }
        )
    shape_ids = sorted(int(k) for k in shapes["shapes"])
    assert shape_ids == list(range(len(shape_ids))), "shape ids must be dense"
    return {
        "version": VERSION,
        "data_version": DATA_VERSION,
        "source": SOURCE,
        "flag_bits": FLAG_BITS,
        "map_colors": [[i, n, rgb] for i, n, rgb in MAP_COLORS],
        "blocks": out_blocks,
        "shapes": [shapes["shapes"][str(i)] for i in shape_ids],
    }


def main(argv: list[str]) -> int:
    """``gen_block_registry.py DATA_DIR [OUT]``: write the table (default: the committed one)."""
    return run(argv, __doc__, convert, OUT, ("blocks",))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
