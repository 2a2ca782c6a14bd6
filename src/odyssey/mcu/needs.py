"""What each MineStudio task needs from the engine to be completed, by task name (MineStudio's
``simple`` and ``hard`` sets share names), written by hand from the configs and their ``text``.

Capability names are checked by ``mcu.capabilities``: ``mining``, ``placing``, ``crafting``,
``craft:<item>`` (a recipe exists), ``smelting``, ``mob:<type>`` (the type has behaviour),
``spawns:<type>`` (natural spawning makes it), ``buckets``, ``fluid_flow``,
``obsidian_from_fluids``, ``fire``, ``nether_portal``, ``farming``, ``beds``, ``containers``,
``loot_chests``, ``enchanting``, ``bow``, ``crossbow``, ``shield``, ``trident``, ``potions``,
``boats``, ``leads``, ``snow_golem``, ``iron_golem``, ``carve_pumpkin``, ``climbing``,
``silk_touch``, ``shears_harvest``, ``explore:village``, ``explore:biome:<name>``,
``explore:caves``. ``judge`` marks an open-ended task whose success needs a visual judge (#15).
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.errors import OdysseyError


class McuError(OdysseyError):
    """A task configuration the mcu layer cannot evaluate."""


@dataclass(frozen=True)
class TaskNeeds:
    """Capabilities a task needs in both sets, plus those only one set's config needs."""

    caps: tuple[str, ...]
    judge: bool = False  # open-ended: success needs a judge, not a rule
    simple: tuple[str, ...] = ()
    hard: tuple[str, ...] = ()
    note: str = ""

    def for_set(self, difficulty: str) -> tuple[str, ...]:
        extra = {"simple": self.simple, "hard": self.hard}.get(difficulty, ())
        return self.caps + extra


def needs_of(task: str, where: str = "") -> TaskNeeds:
    """The needs of a task by its name (a config file's stem)."""
    if task not in TASK_NEEDS:
        raise McuError(f"{where or task}: task {task!r} has no entry in mcu.needs.TASK_NEEDS "
                       "(expected one of MineStudio's simple/hard task names)")  # fmt: skip
    return TASK_NEEDS[task]


N = TaskNeeds
CHEST = ("placing", "containers")
TASK_NEEDS: dict[str, TaskNeeds] = {
    "build_a_waterfall": N(("placing", "buckets", "fluid_flow"), judge=True),
    "build_dig3fill1": N(("mining", "placing")),
    "build_gate": N(("placing",), judge=True, simple=("crafting", "craft:oak_fence_gate")),
    "build_golems": N(("placing", "iron_golem", "snow_golem")),
    "build_nether_portal": N(("placing", "fire", "nether_portal")),
    "build_obsidian": N(("placing", "buckets", "obsidian_from_fluids")),
    "build_pillar": N(("placing",)),
    "build_snow_golem": N(("placing", "snow_golem")),
    "carve_pumpkins": N(("carve_pumpkin",), simple=("placing",)),
    "clean_up": N(("mining", "placing"), judge=True, simple=("containers",)),
    "climb_the_mountain": N(("placing", "climbing")),
    "collect_dirt": N(("mining",)),
    "collect_grass": N(("mining", "silk_touch")),
    "collect_seagrass": N(("mining", "shears_harvest"), hard=("buckets",)),
    "collect_wood": N(("mining",)),
    "collect_wool": N(("mob:sheep",)),
    "combat_enderman": N(("mob:enderman",)),
    "combat_enemies": N(("mob:skeleton",), simple=("mob:zombie",)),
    "combat_skeletons": N(("mob:skeleton",)),
    "combat_spider": N(("mob:spider",)),
    "combat_spiders": N(("mob:spider",)),
    "combat_zombies": N(("mob:zombie",)),
    "craft_enchantment": N(("crafting", "craft:enchanting_table")),
    "craft_ladder": N(("crafting", "craft:ladder")),
    "craft_smelting": N(("crafting", "craft:furnace")),
    "craft_stonecut": N(("crafting", "craft:stonecutter")),
    "craft_table": N(("crafting", "craft:crafting_table")),
    "craft_the_crafting_table": N(("crafting", "craft:oak_planks", "craft:crafting_table")),
    # simple gives empty buckets and no cow: the milk comes from a cow found in the world
    "craft_to_cake": N(("crafting", "craft:cake"), simple=("spawns:cow", "mob:cow")),
    "craft_to_clock": N(("crafting", "craft:clock")),
    "craft_to_ladder": N(("crafting", "craft:ladder")),
    "cut_stone": N(("mining",)),
    "dig_three_down_and_fill_one_up": N(("mining", "placing")),
    "drink_harming_potion": N(("potions",)),
    "enchant_diamond_sword": N(("enchanting",), note="no experience levels are given"),
    "enchant_sword": N(("enchanting",), note="no experience levels are given"),
    "explore_boat": N(("boats",), judge=True, simple=("crafting", "craft:oak_boat")),
    "explore_chest": N(("containers",)),
    "explore_climb": N(("climbing",), judge=True, simple=("explore:biome:windswept_hills",)),
    "explore_mine": N(
        ("mining",), judge=True, simple=("explore:caves",), hard=("containers", "loot_chests")
    ),
    "explore_run": N(("explore:biome:forest", "explore:biome:desert"), judge=True),
    "explore_the_treasure": N(("containers", "loot_chests"), judge=True),
    "find_diamond": N(("mining",)),
    "find_forest": N(("explore:biome:forest",)),
    "find_village": N(("explore:village",)),
    "hunt_a_sheep": N(("mob:sheep",)),
    "hunt_animals": N(("mob:pig", "mob:chicken"), hard=("mob:cow",)),
    "lead_animals": N(("leads", "mob:cow", "mob:pig")),
    "make_fire_with_flint_and_steel": N(("fire",)),
    "make_obsidian_by_wate": N(("placing", "buckets", "obsidian_from_fluids")),
    "mine_diamond_ore": N(("mining",)),
    "mine_dirt": N(("mining",)),
    "mine_grass": N(("mining",)),
    "mine_horizontally": N(("mining",)),
    "mine_iron_ore": N(("mining",)),
    "mine_obsidian": N(("mining",)),
    "plant_wheats": N(("farming",)),
    "prepare_a_birthday_present_for_your_neighbor": N(CHEST, judge=True),
    "run_and_explore": N(("explore:biome:forest", "explore:biome:desert"), judge=True),
    "set_fires": N(("fire",)),
    "shoot_phantom": N(("mob:phantom",), simple=("bow",), hard=("crossbow",)),
    "sleep_in_bed": N(("placing", "beds")),
    "smelt_food": N(("smelting",), hard=("placing",)),
    "survive_combat": N(("mob:zombie",), judge=True),
    "survive_hunt": N(("mob:sheep",), judge=True),
    "survive_plant": N(("farming",), judge=True),
    # hard only; its config is explore_mine's, with no shield materials
    "survive_shield": N(("shield", "mob:creeper", "crafting", "craft:shield"), judge=True),
    "survive_sleep": N(("placing", "beds"), judge=True),
    "tool_bow": N(("crafting", "craft:bow")),
    "tool_flint": N(("mining",)),
    "tool_lead": N(("crafting", "craft:lead")),
    "tool_pumpkin": N(("placing", "carve_pumpkin")),
    # vanilla has no trident recipe: the simple config cannot be completed in 1.16.5 either;
    # the hard config gives tridents and summons drowned (which drop them)
    "tool_trident": N((), simple=("craft:trident",), hard=("mob:drowned", "trident")),
    "travel_by_boat": N(("boats",), hard=("placing",)),
    "use_bow": N(("bow",)),
    "use_shield": N(("shield",), simple=("mob:zombie",), hard=("mob:creeper", "mob:skeleton")),
    "use_trident": N(("trident",), simple=("mob:zombie",), hard=("mob:skeleton",)),
}

# The issue that brings each capability the engine may still lack (#13: survival mechanics I,
# #14: survival mechanics II). Capabilities not listed here are the engine's already or
# nobody's yet (the report says "unplanned").
PLANNED: dict[str, str] = {
    **dict.fromkeys(("buckets", "fluid_flow", "obsidian_from_fluids", "fire", "nether_portal",
                     "farming", "beds", "containers", "loot_chests"), "#13"),
    **dict.fromkeys(("bow", "crossbow", "shield", "trident", "potions", "enchanting", "boats",
                     "leads", "snow_golem", "iron_golem", "mob:phantom", "mob:drowned",
                     "mob:witch", "mob:villager", "mob:iron_golem", "mob:snow_golem"), "#14"),
    "craft:trident": "none: vanilla has no trident recipe",
    # /give stores "minecraft:enchantments" but ItemStack.enchantments reads "enchantments"
    "silk_touch": "engine fix: enchantments given by command are ignored",
    # sim.reach.outline_boxes gives blocks flagged LIQUID no outline: seagrass cannot be aimed at
    "shears_harvest": "engine fix: the crosshair passes through seagrass",
}  # fmt: skip
