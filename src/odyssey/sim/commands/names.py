"""Which item, block, entity and effect names exist: the ``NameCheck`` protocol and two checks.

``RegistryNames`` takes blocks (and their properties) from ``odyssey.world.blocks.registry()``.
Items, entity types and effects come from the short built-in lists below, a stand-in until the
item registry (``odyssey.world.items``) and the mob registry provide them: items are every block
that has an item form plus the item-only names listed here. All names are namespaced
(``minecraft:stone``).
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from odyssey.errors import BlockStateError


class NameCheck(Protocol):
    """Validates the resource names command arguments use."""

    def is_item(self, name: str) -> bool: ...
    def is_block(self, name: str) -> bool: ...
    def is_entity(self, name: str) -> bool: ...
    def is_effect(self, name: str) -> bool: ...
    def block_properties(self, name: str) -> dict[str, tuple[str, ...]]: ...


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_MATERIALS = _words("wooden stone iron golden diamond netherite")
_TOOLS = [f"{m}_{t}" for m in _MATERIALS for t in _words("sword shovel pickaxe axe hoe")]
_ARMOURS = _words("leather chainmail iron golden diamond netherite")
_ARMOUR = [f"{m}_{p}" for m in _ARMOURS for p in _words("helmet chestplate leggings boots")]
_COLOURS = _words(
    """white orange magenta light_blue yellow lime pink gray light_gray cyan purple blue brown
    green red black"""
)
_WOODS = _words("oak spruce birch jungle acacia dark_oak mangrove cherry pale_oak")
ITEM_ONLY = frozenset(
    _TOOLS
    + _ARMOUR
    + [f"{c}_dye" for c in _COLOURS]
    + [f"{c}_bundle" for c in _COLOURS]
    + [f"{w}_boat" for w in _WOODS]
    + [f"{w}_chest_boat" for w in _WOODS]
    + list(
        _words(
            """apple golden_apple enchanted_golden_apple bread cookie beef cooked_beef porkchop
    cooked_porkchop chicken cooked_chicken mutton cooked_mutton rabbit cooked_rabbit cod cooked_cod
    salmon cooked_salmon tropical_fish pufferfish carrot golden_carrot potato baked_potato
    poisonous_potato beetroot beetroot_seeds beetroot_soup mushroom_stew rabbit_stew
    suspicious_stew melon_slice glistering_melon_slice sweet_berries glow_berries chorus_fruit
    popped_chorus_fruit dried_kelp pumpkin_pie rotten_flesh spider_eye fermented_spider_eye
    honey_bottle milk_bucket water_bucket lava_bucket powder_snow_bucket bucket cod_bucket
    salmon_bucket pufferfish_bucket tropical_fish_bucket axolotl_bucket tadpole_bucket
    stick coal charcoal diamond emerald lapis_lazuli quartz amethyst_shard iron_ingot gold_ingot
    copper_ingot netherite_ingot netherite_scrap raw_iron raw_gold raw_copper iron_nugget
    gold_nugget copper_nugget redstone glowstone_dust string feather gunpowder flint leather
    rabbit_hide rabbit_foot turtle_scute armadillo_scute bone bone_meal sugar paper book
    writable_book written_book enchanted_book knowledge_book slime_ball egg blue_egg brown_egg
    ender_pearl ender_eye blaze_rod blaze_powder ghast_tear magma_cream nether_star
    prismarine_shard prismarine_crystals nautilus_shell heart_of_the_sea phantom_membrane
    shulker_shell breeze_rod wind_charge clay_ball brick nether_brick echo_shard disc_fragment_5
    honeycomb ink_sac glow_ink_sac experience_bottle fire_charge firework_rocket firework_star
    wheat_seeds pumpkin_seeds melon_seeds torchflower_seeds pitcher_pod glass_bottle potion
    splash_potion lingering_potion ominous_bottle tipped_arrow arrow spectral_arrow bow crossbow
    trident mace shield elytra totem_of_undying fishing_rod carrot_on_a_stick
    warped_fungus_on_a_stick flint_and_steel shears compass recovery_compass clock spyglass map
    filled_map lead name_tag saddle brush bundle goat_horn minecart chest_minecart
    furnace_minecart hopper_minecart tnt_minecart command_block_minecart bamboo_raft
    bamboo_chest_raft armor_stand item_frame glow_item_frame painting end_crystal
    leather_horse_armor iron_horse_armor golden_horse_armor diamond_horse_armor wolf_armor
    wheat trial_key ominous_trial_key music_disc_13 music_disc_cat turtle_helmet debug_stick
    snowball"""
        )
    )
)
MOBS = frozenset(
    _words(
        """allay armadillo axolotl bat bee blaze bogged breeze camel camel_husk cat cave_spider
    chicken cod copper_golem cow creaking creeper dolphin donkey drowned elder_guardian
    ender_dragon enderman endermite evoker fox frog ghast giant glow_squid goat guardian
    happy_ghast hoglin horse husk illusioner iron_golem llama magma_cube mannequin mooshroom mule
    nautilus ocelot panda parched parrot phantom pig piglin piglin_brute pillager polar_bear
    pufferfish rabbit ravager salmon sheep shulker silverfish skeleton skeleton_horse slime
    sniffer snow_golem spider squid stray strider tadpole trader_llama tropical_fish turtle vex
    villager vindicator wandering_trader warden witch wither wither_skeleton wolf zoglin zombie
    zombie_horse zombie_nautilus zombie_villager zombified_piglin"""
    )
)
ENTITY_TYPES = MOBS | frozenset(
    [f"{w}_boat" for w in _WOODS]
    + [f"{w}_chest_boat" for w in _WOODS]
    + list(
        _words(
            """area_effect_cloud armor_stand arrow block_display breeze_wind_charge
    dragon_fireball egg end_crystal ender_pearl evoker_fangs experience_bottle experience_orb
    eye_of_ender falling_block fireball firework_rocket glow_item_frame interaction item
    item_display item_frame leash_knot lightning_bolt llama_spit marker minecart chest_minecart
    command_block_minecart furnace_minecart hopper_minecart spawner_minecart tnt_minecart
    ominous_item_spawner painting player shulker_bullet small_fireball snowball spectral_arrow
    splash_potion lingering_potion text_display tnt trident wind_charge wither_skull bamboo_raft
    bamboo_chest_raft"""
        )
    )
)
EFFECTS = frozenset(
    _words(
        """speed slowness haste mining_fatigue strength instant_health instant_damage jump_boost
    nausea regeneration resistance fire_resistance water_breathing invisibility blindness
    night_vision hunger weakness poison wither health_boost absorption saturation glowing
    levitation luck unluck slow_falling conduit_power dolphins_grace bad_omen hero_of_the_village
    darkness trial_omen raid_omen wind_charged weaving oozing infested breath_of_the_nautilus"""
    )
)
# Blocks without an item form (their item has another name, or there is none).
_NO_ITEM = frozenset(
    _words(
        """air cave_air void_air water lava fire soul_fire bubble_column nether_portal end_portal
    end_gateway moving_piston piston_head redstone_wire tripwire pumpkin_stem melon_stem
    attached_pumpkin_stem attached_melon_stem carrots potatoes beetroots cocoa sweet_berry_bush
    torchflower_crop pitcher_crop kelp_plant bamboo_sapling cave_vines cave_vines_plant
    twisting_vines_plant weeping_vines_plant frosted_ice powder_snow big_dripleaf_stem
    tall_seagrass water_cauldron lava_cauldron powder_snow_cauldron"""
    )
)


def strip(name: str) -> str:
    """``minecraft:stone`` → ``stone`` (other namespaces are kept, so they never match)."""
    return name[len("minecraft:") :] if name.startswith("minecraft:") else name


def block_has_item(block: str) -> bool:
    """Whether a block (no namespace) has an item of the same name."""
    wall_form = block.startswith(("potted_", "wall_")) or "_wall_" in block
    return block not in _NO_ITEM and not wall_form


@cache
def _block_table() -> dict[str, dict[str, tuple[str, ...]]]:
    from odyssey.world.blocks import registry

    return {b.name: dict(b.properties) for b in registry().blocks}


class RegistryNames:
    """Blocks from the world's block registry; items, entities, effects from the lists above."""

    def is_block(self, name: str) -> bool:
        return strip(name) in _block_table()

    def block_properties(self, name: str) -> dict[str, tuple[str, ...]]:
        try:
            return _block_table()[strip(name)]
        except KeyError:
            raise BlockStateError(f"unknown block {name!r}") from None

    def is_item(self, name: str) -> bool:
        bare = strip(name)
        if bare in ITEM_ONLY:
            return True
        if bare.endswith("_spawn_egg"):
            return bare[: -len("_spawn_egg")] in MOBS
        return bare in _block_table() and block_has_item(bare)

    def is_entity(self, name: str) -> bool:
        return strip(name) in ENTITY_TYPES

    def is_effect(self, name: str) -> bool:
        return strip(name) in EFFECTS
