"""Vanilla 1.21.11 facts minecraft-data lacks or flattens, as data for tools/gen_item_data.py.

Cooking recipes and experience, fuel burn times, loot chances and counts, mob max health.
Item-tag memberships (logs, planks, wool, ...) are derived by name from the 1.21.11 item list.
"""

from __future__ import annotations

import re

COLORS = [
    "white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray", "light_gray",
    "cyan", "purple", "blue", "brown", "green", "red", "black",
]  # fmt: skip
BURNING_WOODS = [
    "oak",
    "spruce",
    "birch",
    "jungle",
    "acacia",
    "dark_oak",
    "mangrove",
    "cherry",
    "pale_oak",
]
FURNACE, SMOKER, BLAST, CAMPFIRE = "furnace", "smoker", "blast_furnace", "campfire"
TICKS = {FURNACE: 200, SMOKER: 100, BLAST: 100, CAMPFIRE: 600}


def logs_that_burn() -> list[str]:
    """Vanilla #logs_that_burn: every overworld log and wood, stripped or not."""
    return [
        f"{pre}{w}_{kind}" for w in BURNING_WOODS for kind in ("log", "wood")
        for pre in ("", "stripped_")
    ]  # fmt: skip


def cooking_table(items: set[str]) -> list[tuple[str, list[str], str, float]]:
    """(kind, ingredient alternatives, result, experience) for every cooking recipe."""
    food = [
        ("beef", "cooked_beef", 0.35), ("porkchop", "cooked_porkchop", 0.35),
        ("chicken", "cooked_chicken", 0.35), ("mutton", "cooked_mutton", 0.35),
        ("rabbit", "cooked_rabbit", 0.35), ("cod", "cooked_cod", 0.35),
        ("salmon", "cooked_salmon", 0.35), ("potato", "baked_potato", 0.35),
        ("kelp", "dried_kelp", 0.1),
    ]  # fmt: skip
    ores: list[tuple[list[str], str, float]] = [
        (["raw_iron", "iron_ore", "deepslate_iron_ore"], "iron_ingot", 0.7),
        (["raw_gold", "gold_ore", "deepslate_gold_ore", "nether_gold_ore"], "gold_ingot", 1.0),
        (["raw_copper", "copper_ore", "deepslate_copper_ore"], "copper_ingot", 0.7),
        (["ancient_debris"], "netherite_scrap", 2.0),
        (["coal_ore", "deepslate_coal_ore"], "coal", 0.1),
        (["diamond_ore", "deepslate_diamond_ore"], "diamond", 1.0),
        (["emerald_ore", "deepslate_emerald_ore"], "emerald", 1.0),
        (["lapis_ore", "deepslate_lapis_ore"], "lapis_lazuli", 0.2),
        (["redstone_ore", "deepslate_redstone_ore"], "redstone", 0.7),
        (["nether_quartz_ore"], "quartz", 0.2),
    ]
    for metal, nugget in (("iron", "iron_nugget"), ("golden", "gold_nugget"),
                          ("copper", "copper_nugget")):  # fmt: skip
        gear = [
            n for n in items
            if re.fullmatch(rf"{metal}_(pickaxe|axe|shovel|hoe|sword|spear|helmet|chestplate"
                            r"|leggings|boots|horse_armor|nautilus_armor)", n)
        ]  # fmt: skip
        if metal == "iron":
            gear += ["chainmail_helmet", "chainmail_chestplate", "chainmail_leggings",
                     "chainmail_boots"]  # fmt: skip
        ores.append((sorted(gear), nugget, 0.1))
    other: list[tuple[list[str], str, float]] = [
        (["sand", "red_sand"], "glass", 0.1), (["cobblestone"], "stone", 0.1),
        (["stone"], "smooth_stone", 0.1), (["clay_ball"], "brick", 0.3),
        (["clay"], "terracotta", 0.35), (["netherrack"], "nether_brick", 0.1),
        (logs_that_burn(), "charcoal", 0.15), (["cactus"], "green_dye", 1.0),
        (["wet_sponge"], "sponge", 0.15), (["chorus_fruit"], "popped_chorus_fruit", 0.1),
        (["sandstone"], "smooth_sandstone", 0.1), (["red_sandstone"], "smooth_red_sandstone", 0.1),
        (["quartz_block"], "smooth_quartz", 0.1), (["stone_bricks"], "cracked_stone_bricks", 0.1),
        (["cobbled_deepslate"], "deepslate", 0.1), (["basalt"], "smooth_basalt", 0.1),
        (["sea_pickle"], "lime_dye", 0.1), (["nether_bricks"], "cracked_nether_bricks", 0.1),
        (["deepslate_bricks"], "cracked_deepslate_bricks", 0.1),
        (["deepslate_tiles"], "cracked_deepslate_tiles", 0.1),
        (["polished_blackstone_bricks"], "cracked_polished_blackstone_bricks", 0.1),
        (["resin_clump"], "resin_brick", 0.3),
    ]  # fmt: skip
    other += [([f"{c}_terracotta"], f"{c}_glazed_terracotta", 0.1) for c in COLORS]
    out: list[tuple[str, list[str], str, float]] = []
    for raw, cooked, xp in food:
        out += [(kind, [raw], cooked, xp) for kind in (FURNACE, SMOKER, CAMPFIRE)]
    for ingredients, result, xp in ores:
        out += [(kind, ingredients, result, xp) for kind in (FURNACE, BLAST)]
    out += [(FURNACE, ingredients, result, xp) for ingredients, result, xp in other]
    for _, ingredients, result, _ in out:
        missing = [n for n in [*ingredients, result] if n not in items]
        assert not missing, f"cooking table names unknown items {missing}"
    return out


def fuels(items: set[str]) -> dict[str, int]:
    """Vanilla FuelValues (ticks of burning) for every fuel item, tags expanded by name."""
    wood = r"(oak|spruce|birch|jungle|acacia|dark_oak|mangrove|cherry|pale_oak|bamboo)"
    rules: list[tuple[str, int]] = [
        (r"lava_bucket", 20000), (r"coal_block", 16000), (r"dried_kelp_block", 4001),
        (r"blaze_rod", 2400), (r"coal|charcoal", 1600),
        (rf"{wood}_(chest_)?(boat|raft)", 1200), (rf"{wood}_hanging_sign", 800),
        (rf"(stripped_)?{wood}_(log|wood)|(stripped_)?bamboo_block", 300),
        (rf"{wood}_(planks|stairs|trapdoor|pressure_plate|fence|fence_gate|shelf)", 300),
        (r"bamboo_mosaic(_stairs)?", 300), (rf"{wood}_slab|bamboo_mosaic_slab", 150),
        (rf"{wood}_sign|{wood}_door", 200),
        (r"wooden_(pickaxe|axe|shovel|hoe|sword|spear)", 200),
        (r"note_block|bookshelf|chiseled_bookshelf|lectern|jukebox|chest|trapped_chest", 300),
        (r"crafting_table|daylight_detector|bow|crossbow|fishing_rod|ladder|barrel|loom", 300),
        (r"cartography_table|fletching_table|smithing_table|composter|mangrove_roots", 300),
        (r".*_banner", 300), (r".*_wool", 100), (r".*_carpet", 67),
        (rf"{wood}_button", 100), (r"stick|bowl|dead_bush|azalea|flowering_azalea", 100),
        (r"short_dry_grass|tall_dry_grass|leaf_litter", 100),
        (r".*_sapling|mangrove_propagule", 100), (r"bamboo|scaffolding", 50),
    ]  # fmt: skip
    out: dict[str, int] = {}
    for name in sorted(items):
        for pattern, ticks in rules:
            if re.fullmatch(pattern, name) and name != "moss_carpet" and name != "pale_moss_carpet":
                out[name] = ticks
                break
    return out


def drop(item: str, lo: float = 1, hi: float | None = None, chance: float = 1.0, **extra) -> dict:
    """One loot entry in the table's form (see odyssey.world.items.Drop for the fields)."""
    entry = {"item": item, "min": lo, "max": lo if hi is None else hi, "chance": chance}
    entry.update(extra)
    return entry


def leaves_loot(block: str) -> list[dict] | None:
    """Vanilla leaves: the block with shears or silk touch, else sapling/stick/apple chances."""
    if not block.endswith("_leaves"):
        return None
    wood = block.removesuffix("_leaves")
    sapling = {"azalea": "azalea", "flowering_azalea": "flowering_azalea",
               "mangrove": None}.get(wood, f"{wood}_sapling")  # fmt: skip
    out = [drop(block, shears=True)]
    if sapling:
        chance = 0.025 if wood == "jungle" else 0.05
        out.append(drop(sapling, chance=chance, shears=False, fortune="leaves"))
    out.append(drop("stick", 1, 2, 0.02, shears=False, fortune="leaves"))
    if wood in ("oak", "dark_oak"):
        out.append(drop("apple", chance=0.005, shears=False, fortune="leaves"))
    return out


ORE = "ore"
UNIFORM = "uniform"


def ore_loot(block: str, item: str, lo: int, hi: int, fortune: str = ORE) -> list[dict]:
    return [drop(block, silk_touch=True), drop(item, lo, hi, silk_touch=False, fortune=fortune)]


def block_loot_overrides(blocks: set[str]) -> dict[str, list[dict]]:
    """Hand-written vanilla loot for blocks minecraft-data's 1.20 table flattens or lacks."""
    out: dict[str, list[dict]] = {}
    for ore, item, lo, hi in [
        ("coal_ore", "coal", 1, 1), ("diamond_ore", "diamond", 1, 1),
        ("emerald_ore", "emerald", 1, 1), ("lapis_ore", "lapis_lazuli", 4, 9),
        ("copper_ore", "raw_copper", 2, 5), ("iron_ore", "raw_iron", 1, 1),
        ("gold_ore", "raw_gold", 1, 1),
    ]:  # fmt: skip
        out[ore] = ore_loot(ore, item, lo, hi)
        out[f"deepslate_{ore}"] = ore_loot(f"deepslate_{ore}", item, lo, hi)
    for ore in ("redstone_ore", "deepslate_redstone_ore"):
        out[ore] = ore_loot(ore, "redstone", 4, 5, UNIFORM)
    out["nether_gold_ore"] = ore_loot("nether_gold_ore", "gold_nugget", 2, 6)
    out["nether_quartz_ore"] = ore_loot("nether_quartz_ore", "quartz", 1, 1)
    out["glowstone"] = ore_loot("glowstone", "glowstone_dust", 2, 4, UNIFORM)
    out["sea_lantern"] = ore_loot("sea_lantern", "prismarine_crystals", 2, 3, UNIFORM)
    out["melon"] = ore_loot("melon", "melon_slice", 3, 7, UNIFORM)
    out["gravel"] = [
        drop("gravel", silk_touch=True, group=1),
        drop("flint", chance=0.1, silk_touch=False, fortune="flint", group=1),
        drop("gravel", silk_touch=False, group=1),
    ]
    out["gilded_blackstone"] = [
        drop("gilded_blackstone", silk_touch=True, group=1),
        drop("gold_nugget", 2, 5, 0.1, silk_touch=False, fortune="flint", group=1),
        drop("gilded_blackstone", silk_touch=False, group=1),
    ]
    out["amethyst_cluster"] = [
        drop("amethyst_cluster", silk_touch=True),
        drop("amethyst_shard", 4, 4, silk_touch=False, fortune=ORE),
    ]
    grasses = [("short_grass", "short_grass", 1), ("fern", "fern", 1),
               ("tall_grass", "short_grass", 2), ("large_fern", "fern", 2)]  # fmt: skip
    for plant, item, count in grasses:
        out[plant] = [
            drop(item, count, count, shears=True),
            drop("wheat_seeds", chance=0.125, shears=False, fortune=UNIFORM),
        ]
    out["dead_bush"] = [drop("dead_bush", shears=True), drop("stick", 0, 2, shears=False)]
    out["cobweb"] = [drop("cobweb", shears=True), drop("string", shears=False)]
    for vine in ("twisting_vines", "weeping_vines"):
        for block in (vine, f"{vine}_plant"):
            out[block] = [drop(vine, shears=True), drop(vine, chance=1 / 3, shears=False)]
    for only_shears in ("vine", "glow_lichen", "seagrass", "hanging_roots", "nether_sprouts"):
        out[only_shears] = [drop(only_shears, shears=True)]
    out["tall_seagrass"] = [drop("seagrass", 2, 2, shears=True)]
    for crop, produce, seed, ripe in (("wheat", "wheat", "wheat_seeds", 7),
                                      ("beetroots", "beetroot", "beetroot_seeds", 3)):  # fmt: skip
        out[crop] = [
            drop(seed, max_age=ripe - 1),
            drop(produce, min_age=ripe),
            drop(seed, 1, 4, min_age=ripe, fortune="binomial"),
        ]
    for crop, produce in (("carrots", "carrot"), ("potatoes", "potato")):
        out[crop] = [drop(produce, max_age=6), drop(produce, 1, 4, min_age=7, fortune="binomial")]
    out["potatoes"].append(drop("poisonous_potato", chance=0.02, min_age=7))
    out["nether_wart"] = [drop("nether_wart", max_age=2), drop("nether_wart", 2, 4, min_age=3)]
    out["cocoa"] = [drop("cocoa_beans", max_age=1), drop("cocoa_beans", 3, 3, min_age=2)]
    out["sweet_berry_bush"] = [
        drop("sweet_berries", 1, 2, min_age=2, max_age=2),
        drop("sweet_berries", 2, 3, min_age=3),
    ]
    out["pitcher_crop"] = [drop("pitcher_pod", max_age=3), drop("pitcher_plant", min_age=4)]
    out["torchflower_crop"] = [drop("torchflower_seeds")]
    for stem in ("melon_stem", "pumpkin_stem", "attached_melon_stem", "attached_pumpkin_stem"):
        seeds = "melon_seeds" if "melon" in stem else "pumpkin_seeds"
        out[stem] = [drop(seeds, 0, 3)]
    for mushroom in ("brown", "red"):
        out[f"{mushroom}_mushroom_block"] = [
            drop(f"{mushroom}_mushroom_block", silk_touch=True),
            drop(f"{mushroom}_mushroom", 1, 2, 2 / 9, silk_touch=False),
        ]
    out["snow"] = [drop("snowball", count_property="layers")]
    for name in blocks:
        if name.endswith("_slab"):
            out[name] = [drop(name, count_property="type")]
        elif name.endswith("candle") or name in ("sea_pickle", "pink_petals", "wildflowers",
                                                 "leaf_litter"):  # fmt: skip
            prop = {"sea_pickle": "pickles", "leaf_litter": "segment_amount"}.get(
                name, "candles" if name.endswith("candle") else "flower_amount"
            )
            out[name] = [drop(name, count_property=prop)]
        leaves = leaves_loot(name)
        if leaves:
            out[name] = leaves
    return {k: v for k, v in out.items() if k in blocks}


# Vanilla entity loot (no looting): item, min, max, chance, extra. Looting adds 0..level.
ENTITY_LOOT: dict[str, list[dict]] = {
    "cow": [drop("leather", 0, 2, looting=1), drop("beef", 1, 3, looting=1, cooks=True)],
    "mooshroom": [drop("leather", 0, 2, looting=1), drop("beef", 1, 3, looting=1, cooks=True)],
    "pig": [drop("porkchop", 1, 3, looting=1, cooks=True)],
    "sheep": [drop("white_wool", note="wool of the sheep's colour; none when sheared"),
              drop("mutton", 1, 2, looting=1, cooks=True)],
    "chicken": [drop("feather", 0, 2, looting=1), drop("chicken", looting=1, cooks=True)],
    "rabbit": [drop("rabbit_hide", 0, 1, looting=1), drop("rabbit", 0, 1, looting=1, cooks=True),
               drop("rabbit_foot", chance=0.1, player_kill=True)],
    "horse": [drop("leather", 0, 2, looting=1)], "donkey": [drop("leather", 0, 2, looting=1)],
    "mule": [drop("leather", 0, 2, looting=1)], "llama": [drop("leather", 0, 2, looting=1)],
    "trader_llama": [drop("leather", 0, 2, looting=1)],
    "zombie": [drop("rotten_flesh", 0, 2, looting=1),
               drop("iron_ingot", chance=0.025 / 3, player_kill=True),
               drop("carrot", chance=0.025 / 3, player_kill=True),
               drop("potato", chance=0.025 / 3, player_kill=True)],
    "drowned": [drop("rotten_flesh", 0, 2, looting=1),
                drop("copper_ingot", chance=0.11, player_kill=True)],
    "skeleton": [drop("arrow", 0, 2, looting=1), drop("bone", 0, 2, looting=1)],
    "stray": [drop("arrow", 0, 2, looting=1), drop("bone", 0, 2, looting=1),
              drop("tipped_arrow", 0, 1, player_kill=True, note="arrow of slowness")],
    "bogged": [drop("arrow", 0, 2, looting=1), drop("bone", 0, 2, looting=1),
               drop("tipped_arrow", 0, 1, player_kill=True, note="arrow of poison")],
    "wither_skeleton": [drop("coal", 0, 1, looting=1), drop("bone", 0, 2, looting=1),
                        drop("wither_skeleton_skull", chance=0.025, player_kill=True)],
    "spider": [drop("string", 0, 2, looting=1),
               drop("spider_eye", 0, 1, looting=1, player_kill=True)],
    "cave_spider": [drop("string", 0, 2, looting=1),
                    drop("spider_eye", 0, 1, looting=1, player_kill=True)],
    "creeper": [drop("gunpowder", 0, 2, looting=1)],
    "enderman": [drop("ender_pearl", 0, 1, looting=1)],
    "blaze": [drop("blaze_rod", 0, 1, looting=1, player_kill=True)],
    "ghast": [drop("ghast_tear", 0, 1, looting=1), drop("gunpowder", 0, 2, looting=1)],
    "slime": [drop("slime_ball", 0, 2, looting=1, note="smallest size only")],
    "magma_cube": [drop("magma_cream", 0, 1, looting=1, note="sizes above the smallest")],
    "witch": [drop(item, 0, 2, 1 / 7 * 2, looting=1) for item in
              ("glowstone_dust", "sugar", "redstone", "spider_eye", "glass_bottle", "gunpowder",
               "stick")],
    "iron_golem": [drop("iron_ingot", 3, 5), drop("poppy", 0, 2)],
    "snow_golem": [drop("snowball", 0, 15)],
    "squid": [drop("ink_sac", 1, 3, looting=1)],
    "glow_squid": [drop("glow_ink_sac", 1, 3, looting=1)],
    "cod": [drop("cod", cooks=True), drop("bone_meal", chance=0.05)],
    "salmon": [drop("salmon", cooks=True), drop("bone_meal", chance=0.05)],
    "tropical_fish": [drop("tropical_fish"), drop("bone_meal", chance=0.05)],
    "pufferfish": [drop("pufferfish"), drop("bone_meal", chance=0.05)],
    "zombified_piglin": [drop("rotten_flesh", 0, 1, looting=1),
                         drop("gold_nugget", 0, 1, looting=1),
                         drop("gold_ingot", chance=0.025, player_kill=True)],
    "phantom": [drop("phantom_membrane", 0, 1, looting=1, player_kill=True)],
    "guardian": [drop("prismarine_shard", 0, 2, looting=1), drop("cod", 0, 1, 0.6, cooks=True),
                 drop("prismarine_crystals", 0, 1, 0.4, looting=1)],
    "polar_bear": [drop("cod", 0, 2, 0.75, looting=1), drop("salmon", 0, 2, 0.25, looting=1)],
    "turtle": [drop("seagrass", 0, 2, looting=1)],
    "hoglin": [drop("porkchop", 2, 4, looting=1, cooks=True), drop("leather", 0, 1, looting=1)],
    "zoglin": [drop("rotten_flesh", 1, 3, looting=1)],
    "shulker": [drop("shulker_shell", chance=0.5)],
    "strider": [drop("string", 2, 5, looting=1)],
    "dolphin": [drop("cod", 0, 1, looting=1, cooks=True)],
    "parrot": [drop("feather", 1, 2, looting=1)],
    "cat": [drop("string", 0, 2, looting=1)],
    "panda": [drop("bamboo", 0, 2)],
    "evoker": [drop("totem_of_undying"), drop("emerald", 0, 1, looting=1, player_kill=True)],
    "vindicator": [drop("emerald", 0, 1, looting=1, player_kill=True)],
    "pillager": [],
    "ravager": [drop("saddle")],
    "skeleton_horse": [drop("bone", 0, 2, looting=1)],
    "zombie_horse": [drop("rotten_flesh", 0, 2, looting=1)],
    "warden": [drop("sculk_catalyst")],
    "elder_guardian": [drop("prismarine_shard", 0, 2, looting=1), drop("wet_sponge"),
                       drop("tide_armor_trim_smithing_template", chance=0.2, player_kill=True)],
}  # fmt: skip
ENTITY_LOOT["husk"] = ENTITY_LOOT["zombie"]
ENTITY_LOOT["zombie_villager"] = ENTITY_LOOT["zombie"]

# Vanilla max health (half-hearts). Horses, donkeys, mules and llamas roll 15..30 per animal:
# 22 is the table's middle value. Slimes and magma cubes: size 4 (big); size n has n*n.
MAX_HEALTH: dict[str, float] = {
    "cow": 10, "mooshroom": 10, "pig": 10, "sheep": 8, "chicken": 4, "rabbit": 3, "horse": 22,
    "donkey": 22, "mule": 22, "llama": 22, "trader_llama": 22, "skeleton_horse": 15,
    "zombie_horse": 15, "camel": 32, "zombie": 20, "husk": 20, "drowned": 20,
    "zombie_villager": 20, "skeleton": 20, "stray": 20, "bogged": 16, "wither_skeleton": 20,
    "spider": 16, "cave_spider": 12, "creeper": 20, "enderman": 40, "witch": 26, "wolf": 8,
    "villager": 20, "wandering_trader": 20, "iron_golem": 100, "snow_golem": 4, "slime": 16,
    "magma_cube": 16, "blaze": 20, "ghast": 10, "happy_ghast": 20, "guardian": 30,
    "elder_guardian": 80, "squid": 10, "glow_squid": 10, "cod": 3, "salmon": 3,
    "tropical_fish": 3, "pufferfish": 3, "dolphin": 10, "turtle": 30, "polar_bear": 30,
    "panda": 20, "fox": 10, "cat": 10, "ocelot": 10, "parrot": 6, "bat": 6, "bee": 10,
    "goat": 10, "axolotl": 14, "frog": 10, "tadpole": 6, "sniffer": 14, "armadillo": 12,
    "allay": 20, "strider": 20, "hoglin": 40, "zoglin": 40, "piglin": 16, "piglin_brute": 50,
    "zombified_piglin": 20, "wither": 300, "ender_dragon": 200, "shulker": 30, "endermite": 8,
    "silverfish": 8, "phantom": 20, "vex": 14, "vindicator": 24, "evoker": 24, "pillager": 24,
    "illusioner": 32, "ravager": 100, "warden": 500, "breeze": 30, "creaking": 1, "giant": 100,
    "player": 20, "copper_golem": 12,
}  # fmt: skip
