"""Which task configurations a run plays: the built-in suite, configuration files or folders
(MineStudio/MCU YAML, not necessarily in the repository), or library tasks by selector.

The built-in suite: ``BUILTIN_ATOMIC`` library tasks across the categories, each set up by the
rule-based generator (``mcu.confgen``), plus ``COMPOSITIONS`` compositions of them sampled with
``SUITE_SEED``; ``hard`` is the seeded hard transform of each (``mcu.difficulty``). Everything is
made from code and the seed on demand (a few seconds), so it is the same on every machine.
Every programmatic task in it is solved by the oracle (the acceptance tier proves it).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from odyssey.mcu.config import DIFFICULTIES, TaskConfig, load_config, load_folder
from odyssey.mcu.needs import McuError

SUITE_SEED = 0
COMPOSITIONS = 24
_ATOMIC_IDS = """
craft_to_stick craft_to_oak_planks craft_to_crafting_table craft_to_wooden_pickaxe
craft_to_stone_pickaxe craft_to_iron_pickaxe craft_to_diamond_sword craft_to_torch craft_to_chest
craft_to_furnace craft_to_ladder craft_to_bowl craft_to_bread craft_to_cake craft_to_bucket
craft_to_shears craft_to_shield craft_to_bow craft_to_arrow craft_to_oak_door craft_to_oak_fence
craft_to_white_bed craft_to_iron_axe craft_to_golden_apple craft_to_paper craft_to_book
craft_to_bookshelf craft_to_stone_bricks craft_to_glass_pane craft_to_lever
craft_to_redstone_torch craft_to_piston craft_to_rail craft_to_compass craft_to_clock
craft_to_iron_chestplate craft_to_leather_boots craft_to_fishing_rod craft_to_painting
craft_to_oak_boat smelt_beef smelt_raw_iron smelt_sand smelt_cobblestone smelt_potato
smelt_raw_gold smelt_chicken smelt_oak_log enchant_iron_sword enchant_diamond_pickaxe enchant_book
brew_awkward_potion brew_potion_of_swiftness brew_potion_of_night_vision
mine_stone mine_dirt mine_oak_log mine_iron_ore mine_coal_ore mine_diamond_ore mine_gold_ore
mine_sand mine_gravel mine_andesite mine_granite mine_diorite mine_obsidian mine_redstone_ore
mine_lapis_ore mine_clay mine_netherrack mine_end_stone mine_birch_log mine_spruce_log
mine_emerald_ore mine_deepslate mine_cobblestone mine_snow_block mine_pumpkin mine_melon
mine_glowstone mine_bookshelf
find_a_cow find_a_pig find_a_sheep find_a_chicken find_a_zombie find_a_horse find_a_wolf
find_diamond_ore find_iron_ore find_oak_log find_crafting_table find_pumpkin find_spawner
find_gold_ore
combat_a_zombie combat_a_skeleton combat_a_spider combat_a_creeper combat_a_witch combat_a_slime
combat_a_enderman hunt_a_cow hunt_a_pig hunt_a_chicken hunt_a_sheep hunt_a_horse
eat_apple eat_bread eat_cooked_beef eat_carrot eat_golden_apple eat_cookie
drink_potion_of_swiftness drink_potion_of_healing shear_sheep plant_wheat_seeds
plant_oak_sapling plant_carrot plant_potato feed_cow feed_sheep use_bucket use_crafting_table
tame_wolf tame_cat lead_cow lead_horse breed_cow breed_sheep breed_pig breed_chicken
jump pillar_up dive_underwater drop_item sleep_in_bed ride_boat ride_minecart climb_ladder
sprint sneak walk_far dig_down
build_snow_golem build_iron_golem build_nether_portal place_torches light_up_surroundings
trade_for_bread sell_wheat sell_coal trade_for_arrow
rename_iron_sword rename_diamond_pickaxe rename_bow rename_shield
"""
BUILTIN_ATOMIC: tuple[str, ...] = tuple(_ATOMIC_IDS.split())
SUITES = ("builtin", "builtin:atomic", "builtin:composed")


@cache
def _atomic(difficulty: str) -> tuple[TaskConfig, ...]:
    from odyssey.mcu.confgen.rulebased import generate_config
    from odyssey.mcu.difficulty import harden
    from odyssey.mcu.library import build_library

    library = build_library()
    simple = tuple(generate_config(library.get(i), seed=SUITE_SEED) for i in BUILTIN_ATOMIC)
    if difficulty == "simple":
        return simple
    return tuple(harden(c, SUITE_SEED) for c in simple)


@cache
def _composed(difficulty: str) -> tuple[TaskConfig, ...]:
    from odyssey.mcu.compose import sample_compositions
    from odyssey.mcu.difficulty import harden

    pool = [c for c in _atomic("simple") if c.programmatic]
    composed = sample_compositions(pool, COMPOSITIONS, SUITE_SEED)
    if difficulty == "simple":
        return tuple(composed)
    return tuple(harden(c, SUITE_SEED) for c in composed)


def builtin_suite(difficulty: str = "simple", part: str = "builtin") -> list[TaskConfig]:
    """The built-in suite (``builtin``), or only its atomic tasks or compositions."""
    atomic = list(_atomic(difficulty)) if part in ("builtin", "builtin:atomic") else []
    composed = list(_composed(difficulty)) if part in ("builtin", "builtin:composed") else []
    return atomic + composed


def resolve_tasks(selector: str, difficulty: str = "simple") -> list[TaskConfig]:
    """The configurations ``selector`` names, at ``difficulty``: a built-in suite name, a
    configuration file or folder, or library selectors (ids, globs, ``category:``,
    ``subcategory:``, ``verb:``) set up by the rule-based generator."""
    if difficulty not in DIFFICULTIES:
        raise McuError(f"--difficulty {difficulty!r}: expected simple or hard")
    if selector in SUITES:
        return builtin_suite(difficulty, selector)
    path = Path(selector)
    if path.is_file():
        return [load_config(path)]
    if path.is_dir():
        sub = path / difficulty
        if sub.is_dir():
            return load_folder(sub)
        return [c for c in load_folder(path) if c.difficulty == difficulty]
    if "/" in selector or selector.endswith((".yaml", ".yml", ".json")):
        raise McuError(f"--tasks {selector!r}: no such configuration file or folder")
    from odyssey.mcu.confgen.rulebased import generate_config
    from odyssey.mcu.difficulty import harden
    from odyssey.mcu.library import build_library

    configs = [generate_config(t, seed=SUITE_SEED) for t in build_library().select(selector)]
    return configs if difficulty == "simple" else [harden(c, SUITE_SEED) for c in configs]
