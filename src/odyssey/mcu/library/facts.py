"""Facts about the 1.21.11 registries that the task families need: which items a survival player
can obtain, which blocks are technical, which mobs the engine simulates, how potions are named.

Obtainable items are a fixed point: what breakable blocks and vanilla mobs drop, what chests,
fishing and villagers give, what furnaces and brewing stands make, and then every crafting
recipe whose ingredients are all obtainable (one alternative per slot suffices). Creative-only
items (spawn eggs, command blocks...) never enter the seed set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from odyssey.sim.entities.kinds import KINDS
from odyssey.sim.mechanics.brewing import POTION_MIXES
from odyssey.sim.mechanics.container_loot import EXTRA_TABLES
from odyssey.sim.mechanics.trades import TRADES
from odyssey.world.blocks import registry as blocks
from odyssey.world.gen.structures.loot import TABLES as STRUCTURE_LOOT
from odyssey.world.items import COOKING_KINDS, items

AIRS = frozenset({"air", "cave_air", "void_air"})
FLUIDS = frozenset({"water", "lava", "bubble_column"})
# Blocks that exist only as parts or states of others, or for operators (no survival use).
TECHNICAL = frozenset({
    "barrier", "structure_void", "light", "moving_piston", "piston_head", "jigsaw",
    "structure_block", "command_block", "chain_command_block", "repeating_command_block",
    "test_block", "test_instance_block", "end_gateway", "end_portal",
})  # fmt: skip
# Items no survival source gives (beyond spawn eggs, which are matched by name).
CREATIVE_ONLY = frozenset({
    "air", "barrier", "bedrock", "command_block", "chain_command_block", "repeating_command_block",
    "command_block_minecart", "structure_block", "structure_void", "jigsaw", "light",
    "debug_stick", "knowledge_book", "spawner", "trial_spawner", "vault", "reinforced_deepslate",
    "end_portal_frame", "budding_amethyst", "petrified_oak_slab", "farmland", "dirt_path",
    "chorus_plant", "player_head", "test_block", "test_instance_block", "frogspawn",
})  # fmt: skip
# Items vanilla gives from sources our tables do not list (fishing, archaeology, raids, bartering,
# mob equipment, structure chests we do not generate). Hand-written from the wiki.
OTHER_SOURCES = frozenset({
    "cod", "salmon", "pufferfish", "tropical_fish", "nautilus_shell", "name_tag", "saddle",
    "enchanted_book", "bow", "fishing_rod", "heart_of_the_sea", "trident", "totem_of_undying",
    "elytra", "dragon_head", "dragon_egg", "dragon_breath", "nether_star", "shulker_shell",
    "music_disc_13", "music_disc_cat", "music_disc_blocks", "music_disc_chirp", "music_disc_far",
    "music_disc_mall", "music_disc_mellohi", "music_disc_stal", "music_disc_strad",
    "music_disc_ward", "music_disc_11", "music_disc_wait", "music_disc_pigstep",
    "music_disc_otherside", "music_disc_relic", "music_disc_5", "music_disc_creator",
    "music_disc_creator_music_box", "music_disc_precipice", "music_disc_tears",
    "music_disc_lava_chicken", "disc_fragment_5", "enchanted_golden_apple", "golden_apple",
    "iron_horse_armor", "golden_horse_armor", "diamond_horse_armor", "experience_bottle",
    "ominous_bottle", "trial_key", "ominous_trial_key", "heavy_core", "sniffer_egg",
    "turtle_egg", "turtle_scute", "armadillo_scute", "honeycomb", "honey_bottle", "egg",
    "blue_egg", "brown_egg", "glow_ink_sac", "ink_sac", "wither_skeleton_skull", "zombie_head",
    "skeleton_skull", "creeper_head", "piglin_head", "goat_horn", "echo_shard", "recovery_compass",
    "water_bucket", "lava_bucket", "milk_bucket", "powder_snow_bucket", "cod_bucket",
    "salmon_bucket", "pufferfish_bucket", "tropical_fish_bucket", "axolotl_bucket",
    "tadpole_bucket", "potion", "splash_potion", "lingering_potion", "tipped_arrow",
    "filled_map", "written_book", "wet_sponge", "sponge", "bell", "poisonous_potato",
    "pitcher_pod", "torchflower_seeds", "suspicious_stew", "mushroom_stew", "breeze_rod",
    "copper_horse_armor",
})  # fmt: skip
SUFFIXES = ("_spawn_egg", "_smithing_template", "_pottery_sherd", "_banner_pattern")
LOOT_SUFFIXES = ("_smithing_template", "_pottery_sherd", "_banner_pattern")

# Living mobs of the registry that are not hostile by minecraft-data's type but fight (or are
# fought) like hostiles, and the living "mob"-typed ones that are animals or fish.
HOSTILE_MOBS = frozenset({"ghast", "slime", "magma_cube", "phantom", "shulker", "ender_dragon"})
OTHER_ANIMALS = frozenset({"cod", "salmon", "pufferfish", "tropical_fish", "tadpole"})
NOT_PREY = frozenset({"villager", "wandering_trader"})  # living, passive, never hunted
UTILITY_MOBS = frozenset({"iron_golem", "snow_golem", "allay", "copper_golem"})


def plain(name: str) -> str:
    return name.removeprefix("minecraft:")


def is_spawn_egg(item: str) -> bool:
    return item.endswith("_spawn_egg")


def creative_only(item: str) -> bool:
    return item in CREATIVE_ONLY or is_spawn_egg(item)


def block_problem(block: str) -> str | None:
    """Why a block cannot be acted on in survival at all (None: it can)."""
    if block in AIRS:
        return "air is not a block one can act on"
    if block in FLUIDS:
        return "a fluid, not a breakable block"
    if block in TECHNICAL:
        return "a technical block (operators only, or a part of another block)"
    return None


def unbreakable(block: str) -> bool:
    h = items().harvest(block).hardness
    return h is None or h < 0


def _seed_items() -> set[str]:
    reg = items()
    found: set[str] = set()
    for b in blocks().blocks:
        if block_problem(b.name) or unbreakable(b.name):
            continue
        found.update(d.item for d in reg.block_drops(b.name))
    for e in reg.entity_names:
        found.update(d.item for d in reg.entity_drops(e))
    for table in (*STRUCTURE_LOOT.values(), *EXTRA_TABLES.values()):
        found.update(entry.item for pool in table for entry in pool.entries if entry.item)
    for levels in TRADES.values():
        found.update(listing.result for level in levels for listing in level)
    found.update(i for i in OTHER_SOURCES if reg.has(i))
    found.update(i for i in reg.names if i.endswith(LOOT_SUFFIXES))
    return {i for i in found if reg.has(i) and not creative_only(i)}


@cache
def obtainable() -> frozenset[str]:
    """Items a survival player can get (see the module docstring)."""
    reg = items()
    have = _seed_items()
    recipes = reg.crafting_recipes()
    grew = True
    while grew:
        grew = False
        for ingredient in list(have):
            for kind in COOKING_KINDS:
                c = reg.cooking(kind, ingredient)
                if c is not None and c.result not in have:
                    have.add(c.result)
                    grew = True
        for r in recipes:
            if r.result not in have and craftable_from(r.ingredients, have):
                have.add(r.result)
                grew = True
        for result in _smithing(have) - have:
            have.add(result)
            grew = True
    return frozenset(have)


def _smithing(have: set[str]) -> set[str]:
    """Netherite gear from diamond gear at a smithing table (not a crafting recipe)."""
    if not {"netherite_ingot", "netherite_upgrade_smithing_template"} <= have:
        return set()
    reg = items()
    ups = (f"netherite_{i.removeprefix('diamond_')}" for i in have if i.startswith("diamond_"))
    return {u for u in ups if reg.has(u)}


def craftable_from(slots: tuple[frozenset[str] | None, ...], have: set[str] | frozenset) -> bool:
    return all(s is None or any(i in have for i in s) for s in slots)


def recipe_problem(item: str) -> str | None:
    """Why ``craft to <item>`` cannot be done (None: a recipe with obtainable ingredients)."""
    reg = items()
    recipes = reg.recipes_for(item)
    if not recipes:
        return "no crafting recipe"
    # A recipe needing the item itself only duplicates it; set-ups never give the target.
    recipes = [r for r in recipes if all(s is None or s - {item} for s in r.ingredients)]
    if not recipes:
        return "every recipe needs the item itself (a duplication recipe)"
    have = obtainable()
    if not any(craftable_from(r.ingredients, have) for r in recipes):
        return "every recipe needs an unobtainable ingredient"
    return None


def uses_table(item: str) -> bool:
    """Whether every recipe for ``item`` needs the 3x3 grid of a crafting table."""
    recipes = items().recipes_for(item)
    return bool(recipes) and all(
        (r.kind == "shaped" and (r.width > 2 or r.height > 2))
        or (r.kind == "shapeless" and len(r.ingredients) > 4)
        for r in recipes
    )


# -- mobs ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mob:
    name: str
    role: str  # "hostile" | "animal" | "other" (villagers, golems)
    simulated: bool  # the engine gives it behaviour


def _role(name: str, kind: str) -> str | None:
    if kind == "hostile" or name in HOSTILE_MOBS:
        return "hostile"
    if name in NOT_PREY or name in UTILITY_MOBS:
        return "other"
    if kind in ("animal", "passive", "ambient") or name in OTHER_ANIMALS:
        return "animal"
    return None


@cache
def mobs() -> tuple[Mob, ...]:
    """Every living mob type of the registry, sorted by name, with the engine's support."""
    reg = items()
    out = []
    for name in sorted(reg.entity_names):
        role = _role(name, reg.entity_info(name).kind)
        if role is None:
            continue
        k = KINDS.get(name)
        engine_role = {"monster": "hostile"}.get(k.category, role) if k else role
        simulated = bool(k and k.simulated and k.living)
        out.append(Mob(name, engine_role, simulated))
    return tuple(out)


# -- potions --------------------------------------------------------------------------------------

BASE_POTIONS = ("water", "awkward", "mundane", "thick")


@cache
def brewable() -> frozenset[str]:
    """Potion ids a brewing stand makes from water bottles."""
    have = {"water"}
    grew = True
    while grew:
        grew = False
        for (source, _), result in POTION_MIXES.items():
            if source in have and result not in have:
                have.add(result)
                grew = True
    return frozenset(have)


def potion_words(potion: str) -> tuple[str, str]:
    """(prefix, effect name) in MCU's wording: ("extended ", "swiftness") for long_swiftness."""
    if potion.startswith("long_"):
        return "extended ", potion.removeprefix("long_")
    if potion.startswith("strong_"):
        return "enhanced ", potion.removeprefix("strong_")
    return "", potion


def potion_name(potion: str, item: str = "potion") -> str:
    """``potion of swiftness``, ``extended splash potion of swiftness``, ``water bottle``."""
    if potion == "water" and item == "potion":
        return "water bottle"
    prefix, effect = potion_words(potion)
    kind = item.replace("_", " ")
    if potion in BASE_POTIONS:
        return f"{effect} {kind}"
    return f"{prefix}{kind} of {effect.replace('_', ' ')}"
