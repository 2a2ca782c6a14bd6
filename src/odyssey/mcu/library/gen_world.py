"""World families: ``mine <block>``, ``find <block>``, ``find <biome>``, ``find <structure>``,
``find a <mob>``, ``combat a <hostile>`` and ``hunt a <animal>``.
"""

from __future__ import annotations

from collections.abc import Iterator

from odyssey.mcu.library.facts import block_problem, mobs, obtainable, unbreakable
from odyssey.mcu.library.gen_items import Entry, a, words
from odyssey.mcu.rules import AllRule, BlockRule, EntityRule, PositionRule, StatRule
from odyssey.mcu.task import AtomicTask, Rejected
from odyssey.world.blocks import registry as blocks
from odyssey.world.gen.climate import BIOMES
from odyssey.world.gen.nether_terrain import NETHER_BIOMES
from odyssey.world.items import items

FIND_BLOCK_WITHIN = 4
FIND_MOB_WITHIN = 6.0

NETHER_WORDS = ("nether", "netherrack", "basalt", "blackstone", "crimson", "warped", "soul_",
                "quartz", "magma", "glowstone", "shroomlight", "wart")  # fmt: skip
END_WORDS = ("end_stone", "purpur", "chorus", "end_rod", "shulker", "dragon")
WOOD_WORDS = ("_log", "_wood", "_planks", "_stem", "_hyphae", "bamboo_block", "oak_", "spruce_",
              "birch_", "jungle_", "acacia_", "cherry_", "mangrove_", "pale_oak_")  # fmt: skip
STONE_WORDS = ("stone", "cobble", "granite", "diorite", "andesite", "deepslate", "tuff",
               "calcite", "brick", "dripstone", "obsidian", "prismarine", "terracotta")  # fmt: skip
REDSTONE_BLOCKS = frozenset({
    "redstone_wire", "redstone_torch", "redstone_wall_torch", "redstone_block", "repeater",
    "comparator", "redstone_lamp", "observer", "piston", "sticky_piston", "dispenser", "dropper",
    "hopper", "lever", "daylight_detector", "target", "tripwire", "tripwire_hook", "note_block",
    "tnt", "sculk_sensor", "calibrated_sculk_sensor", "crafter", "lectern", "trapped_chest",
})  # fmt: skip
# Natural resources (what MCU's "Find Resources" slice means); other blocks are "Find Items".
RESOURCE_ENDINGS = ("_ore", "_log", "_stem", "_leaves", "_sapling")
RESOURCES = frozenset({
    "water", "lava", "sand", "red_sand", "gravel", "clay", "dirt", "coarse_dirt", "rooted_dirt",
    "grass_block", "podzol", "mycelium", "mud", "stone", "deepslate", "granite", "diorite",
    "andesite", "tuff", "calcite", "obsidian", "ice", "packed_ice", "blue_ice", "snow",
    "snow_block", "powder_snow", "netherrack", "basalt", "blackstone", "soul_sand", "soul_soil",
    "end_stone", "ancient_debris", "amethyst_block", "amethyst_cluster", "moss_block",
    "sugar_cane", "bamboo", "cactus", "pumpkin", "melon", "sweet_berry_bush", "glowstone",
    "magma_block", "dripstone_block", "pointed_dripstone", "cobweb", "bee_nest", "kelp",
    "seagrass", "nether_wart", "crimson_nylium", "warped_nylium", "raw_iron_block",
    "raw_copper_block", "raw_gold_block", "short_grass", "fern", "dandelion", "poppy",
})  # fmt: skip


def mine_subcategory(block: str) -> str:
    """The figure's slices, by name: coal and redstone first (they are ores too)."""
    if "coal" in block:
        return "coal"
    if block in REDSTONE_BLOCKS or block.startswith("redstone"):
        return "redstone"
    if block.endswith("_ore") or block.startswith("raw_") or block == "ancient_debris":
        return "ore"
    if any(w in block for w in NETHER_WORDS):
        return "nether"
    if any(w in block for w in END_WORDS):
        return "end"
    if any(w in block for w in WOOD_WORDS):
        return "wood"
    if any(w in block for w in STONE_WORDS):
        return "stone"
    return "other_blocks"


def _tool_note(block: str) -> str | None:
    """How the block must be broken to drop something; None when nothing obtainable works."""
    reg, have = items(), obtainable()
    h = reg.harvest(block)
    drops = reg.block_drops(block)
    if not drops:
        return None
    parts = []
    if h.requires_tool:
        tools = sorted(t for t in h.harvest_tools if t in have)
        if not tools:
            return None
        kind = "/".join(h.tool_kinds) or "tool"
        parts.append(f"needs a {h.min_tier + ' ' if h.min_tier else ''}{kind} or better")
    if all(d.silk_touch for d in drops):
        parts.append("drops itself only with silk touch")
    elif all(d.shears or d.silk_touch for d in drops):
        parts.append("drops only with shears or silk touch")
    return "; ".join(parts) or "any tool or the hand"


def mine() -> Iterator[Entry]:
    """``mine <block>`` for blocks that drop something with an obtainable tool; success: the
    ``mined`` statistic of the block (vanilla counts every break, drops or not)."""
    for b in blocks().blocks:
        name, text = b.name, f"mine {words(b.name)}"
        why = block_problem(name)
        if why is None and unbreakable(name):
            why = "unbreakable in survival"
        note = _tool_note(name) if why is None else None
        if why is None and note is None:
            why = "drops nothing with any obtainable tool"
        if why is not None:
            yield Rejected(text, "mine", name, why)
            continue
        yield AtomicTask(f"mine_{name}", text, "mine", mine_subcategory(name), "mine", name,
                         success=StatRule(category="mined", key=name), note=note)  # fmt: skip


def find_blocks() -> Iterator[Entry]:
    """``find <block>`` for every block but air and technical ones; success: the block within
    4 blocks of the player's feet."""
    for b in blocks().blocks:
        name, text = b.name, f"find {words(b.name)}"
        if (why := block_problem(name)) is not None:
            yield Rejected(text, "find", name, why)
            continue
        natural = name in RESOURCES or name.endswith(RESOURCE_ENDINGS)
        sub = "find_resources" if natural else "find_items"
        rule = BlockRule(blocks=(name,), within=FIND_BLOCK_WITHIN)
        yield AtomicTask(f"find_{name}", text, "find", sub, "find", name, success=rule)


# Vanilla 1.21.11 biomes (the ``worldgen/biome`` registry), to name those we never generate.
VANILLA_BIOMES = (
    "badlands", "bamboo_jungle", "basalt_deltas", "beach", "birch_forest", "cherry_grove",
    "cold_ocean", "crimson_forest", "dark_forest", "deep_cold_ocean", "deep_dark",
    "deep_frozen_ocean", "deep_lukewarm_ocean", "deep_ocean", "desert", "dripstone_caves",
    "end_barrens", "end_highlands", "end_midlands", "eroded_badlands", "flower_forest", "forest",
    "frozen_ocean", "frozen_peaks", "frozen_river", "grove", "ice_spikes", "jagged_peaks",
    "jungle", "lukewarm_ocean", "lush_caves", "mangrove_swamp", "meadow", "mushroom_fields",
    "nether_wastes", "ocean", "old_growth_birch_forest", "old_growth_pine_taiga",
    "old_growth_spruce_taiga", "pale_garden", "plains", "river", "savanna", "savanna_plateau",
    "small_end_islands", "snowy_beach", "snowy_plains", "snowy_slopes", "snowy_taiga",
    "soul_sand_valley", "sparse_jungle", "stony_peaks", "stony_shore", "sunflower_plains",
    "swamp", "taiga", "the_end", "the_void", "warm_ocean", "warped_forest", "windswept_forest",
    "windswept_gravelly_hills", "windswept_hills", "windswept_savanna", "wooded_badlands",
)  # fmt: skip
TERRAIN = frozenset({"ocean", "deep_ocean", "frozen_ocean", "warm_ocean", "beach", "snowy_beach",
                     "stony_shore", "river", "frozen_river", "badlands", "windswept_hills",
                     "stony_peaks", "snowy_slopes", "frozen_peaks", "basalt_deltas",
                     "soul_sand_valley"})  # fmt: skip
BIOME_NOTE = "rules cannot read the biome: AutoEval judges it"


def find_biomes() -> Iterator[Entry]:
    """``find <biome>`` for biomes our generator makes (judged: no rule reads biomes); nether
    and End biomes also need the player in that dimension."""
    made = {**{b: "overworld" for b in BIOMES}, **{b: "the_nether" for b in NETHER_BIOMES},
            "the_end": "the_end"}  # fmt: skip
    for biome in sorted(set(VANILLA_BIOMES) | set(made)):
        text = f"find {words(biome)}"
        if biome not in made:
            yield Rejected(text, "find", biome, "the world generator never makes this biome")
            continue
        sub = "identify_terrain" if biome in TERRAIN else "find_ecosystems"
        dim = made[biome]
        rule = PositionRule(dimension=dim) if dim != "overworld" else None
        yield AtomicTask(f"find_{biome}", text, "find", sub, "find", biome, success=rule,
                         judge=True, note=BIOME_NOTE)  # fmt: skip


# Structures: (text, rule or None, note). Rules name a block only that structure generates.
STRUCTURES: dict[str, tuple[str, object, str]] = {
    "village": ("find a village", None, "judged: every village block also occurs elsewhere"),
    "desert_pyramid": ("find a desert pyramid", None, "judged"),
    "ruined_portal": ("find a ruined portal", None, "judged"),
    "dungeon": ("find a dungeon",
                BlockRule(blocks=("spawner",), within=8),
                "a spawner within 8: overworld spawners come only from dungeons here"),
    "nether_fortress": ("find a nether fortress",
                        AllRule(rules=(PositionRule(dimension="the_nether"),
                                       BlockRule(blocks=("nether_bricks",), within=8))),
                        "nether bricks within 8 in the Nether: only fortresses generate them"),
    "bastion_remnant": ("find a bastion remnant",
                        AllRule(rules=(PositionRule(dimension="the_nether"),
                                       BlockRule(blocks=("gilded_blackstone",), within=8))),
                        "gilded blackstone within 8: only bastions generate it"),
}  # fmt: skip
MISSING_STRUCTURES = ("ancient_city", "buried_treasure", "end_city", "igloo", "jungle_pyramid",
                      "mineshaft", "ocean_monument", "ocean_ruin", "pillager_outpost",
                      "shipwreck", "stronghold", "swamp_hut", "trail_ruins", "trial_chambers",
                      "woodland_mansion")  # fmt: skip


def find_structures() -> Iterator[Entry]:
    for name in sorted(set(STRUCTURES) | set(MISSING_STRUCTURES)):
        if name not in STRUCTURES:
            yield Rejected(f"find {words(name)}", "find", name,
                           "the world generator never makes this structure")  # fmt: skip
            continue
        text, rule, note = STRUCTURES[name]
        yield AtomicTask(
            f"find_{name}",
            text,
            "find",
            "identify_terrain",
            "find",
            name,
            success=rule,
            judge=rule is None,
            note=note,
        )  # type: ignore[arg-type]


def creatures() -> Iterator[Entry]:
    """``find a <mob>`` (entity within 6), ``combat a <hostile>`` and ``hunt a <animal>``
    (``killed`` statistic) for every living mob type the engine simulates; the rest of the
    registry's mobs are rejected."""
    for mob in mobs():
        verbs = [("find", f"find {a(mob.name)}")]
        if mob.role == "hostile":
            verbs.append(("combat", f"combat {a(mob.name)}"))
        elif mob.role == "animal":
            verbs.append(("hunt", f"hunt {a(mob.name)}"))
        for verb, text in verbs:
            if not mob.simulated:
                yield Rejected(text, verb, mob.name, "a mob the engine does not simulate")
                continue
            if verb == "find":
                rule = EntityRule(entity=mob.name, within=FIND_MOB_WITHIN)
                yield AtomicTask(f"find_a_{mob.name}", text, "find", "spot_creatures", "find",
                                 mob.name, success=rule)  # fmt: skip
            else:
                sub = "fight_mobs" if verb == "combat" else "hunt_animals"
                yield AtomicTask(f"{verb}_a_{mob.name}", text, "combat", sub, verb, mob.name,
                                 success=StatRule(category="killed", key=mob.name))  # fmt: skip
