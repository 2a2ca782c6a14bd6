"""The oracle's item-use, building, animal and station skills (``oracle.families_use*``): each
task is set up with real commands on the flat plains spawn of seed 157 and played to success by
the oracle through ``Play``; the end state is checked on the game itself."""

from __future__ import annotations

import pytest

from odyssey.mcu.config import TaskConfig
from odyssey.mcu.oracle import Oracle
from odyssey.mcu.play import Play, PlayResult
from odyssey.mcu.rules import parse_rule
from odyssey.mcu.setup import SharedChunks, overworld_game, run_one
from odyssey.sim.game import Game

VILLAGER = '/summon villager ~3 ~ ~ {VillagerData:{profession:"minecraft:%s",level:1}}'
WATER_BOTTLE = '/give @s potion[potion_contents={potion:"minecraft:water"}]'


def potion(name: str) -> str:
    return f'/give @s potion[potion_contents={{potion:"minecraft:{name}"}}]'


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(157)


def play(chunks: SharedChunks, commands: list[str], rule: dict) -> tuple[PlayResult, Game, Oracle]:
    """Set the task up (every command must run) and let the oracle play it."""
    game = overworld_game(chunks)
    game.survival.rules["do_mob_spawning"] = False
    bad = [o for o in (run_one(game, c) for c in commands) if not o.ok]
    assert not bad, bad
    config = TaskConfig(id="t", text="t", custom_init_commands=tuple(commands),
                        success=parse_rule(rule))  # fmt: skip
    oracle = Oracle(patience_ticks=200)
    return Play(game, config, oracle).run(), game, oracle


def used(key: str, n: int = 1) -> dict:
    return {"kind": "stat", "category": "used", "key": key, "at_least": n}


def custom(key: str, n: int = 1) -> dict:
    return {"kind": "stat", "category": "custom", "key": key, "at_least": n}


def placed(blocks: list[str], n: int) -> dict:
    return {"kind": "block", "blocks": blocks, "placed": True, "count": n}


def inventory(game: Game, item: str) -> int:
    return game.survival.inventory.count(item)


# -- using items -----------------------------------------------------------------------------


def test_eats_an_apple_once_a_hunger_effect_makes_the_player_hungry(chunks) -> None:
    cmds = ["/effect give @s minecraft:hunger 2 255", "/give @s apple 3"]
    result, game, _ = play(chunks, cmds, used("apple"))
    assert result.success, result
    assert inventory(game, "apple") == 2


def test_a_full_player_sprints_until_hungry_then_eats(chunks) -> None:
    result, game, _ = play(chunks, ["/give @s bread 2"], used("bread"))
    assert result.success, result
    assert inventory(game, "bread") == 1
    assert game.survival.stats.get("custom", "jump") > 20  # it sprint-jumped to get hungry
    assert game.player.health == 20.0


def test_drinks_a_potion_for_its_effect(chunks) -> None:
    result, game, _ = play(chunks, [potion("swiftness")], {"kind": "effect", "effect": "speed"})
    assert result.success, result
    assert "speed" in game.survival.effects
    assert inventory(game, "glass_bottle") == 1


def test_throws_three_snowballs(chunks) -> None:
    result, game, _ = play(chunks, ["/give @s snowball 4"], used("snowball", 3))
    assert result.success, result
    assert inventory(game, "snowball") == 1


def test_shoots_a_bow(chunks) -> None:
    result, game, _ = play(chunks, ["/give @s bow", "/give @s arrow 8"], used("bow"))
    assert result.success, result
    assert inventory(game, "arrow") == 7


def test_shears_a_sheep(chunks) -> None:
    cmds = ["/give @s shears", "/summon sheep ~3 ~ ~"]
    result, game, _ = play(chunks, cmds, used("shears"))
    assert result.success, result
    sheep = [e for e in game.survival.entities.entities.values() if e.type == "sheep"]
    assert sheep and sheep[0].sheared


def test_fills_a_bucket_from_water(chunks) -> None:
    cmds = ["/give @s bucket", "/setblock ~3 ~-1 ~ water"]
    result, game, _ = play(chunks, cmds, used("bucket"))
    assert result.success, result
    assert inventory(game, "water_bucket") == 1


def test_tills_grass_with_a_hoe(chunks) -> None:
    result, game, _ = play(chunks, ["/give @s iron_hoe"], used("iron_hoe"))
    assert result.success, result
    from odyssey.mcu.oracle.core import Ctx
    from odyssey.mcu.oracle.families_use import find_blocks

    assert find_blocks(Ctx(game), ("farmland",), radius=5)


# -- building ----------------------------------------------------------------------------------


def test_plants_wheat_on_farmland_it_tills(chunks) -> None:
    cmds = ["/give @s wheat_seeds 8", "/give @s stone_hoe"]
    result, game, _ = play(chunks, cmds, placed(["wheat"], 3))
    assert result.success, result
    assert inventory(game, "wheat_seeds") == 5


def test_lights_up_the_surroundings_with_torches(chunks) -> None:
    result, game, _ = play(chunks, ["/give @s torch 16"], placed(["torch", "wall_torch"], 5))
    assert result.success, result
    assert inventory(game, "torch") == 11


def test_builds_a_snow_golem(chunks) -> None:
    cmds = ["/give @s snow_block 2", "/give @s carved_pumpkin"]
    result, game, _ = play(chunks, cmds, {"kind": "entity", "entity": "snow_golem"})
    assert result.success, result
    assert inventory(game, "snow_block") == 0 and inventory(game, "carved_pumpkin") == 0


def test_builds_an_iron_golem(chunks) -> None:
    cmds = ["/give @s iron_block 4", "/give @s carved_pumpkin"]
    result, game, _ = play(chunks, cmds, {"kind": "entity", "entity": "iron_golem"})
    assert result.success, result
    golems = [e for e in game.survival.entities.entities.values() if e.type == "iron_golem"]
    assert golems[0].components.get("player_created") is True


def test_lights_a_portal_frame_and_goes_to_the_nether(chunks) -> None:
    cmds = ["/give @s flint_and_steel", "/fill ~2 ~-1 ~-1 ~2 ~3 ~2 obsidian",
            "/fill ~2 ~ ~ ~2 ~2 ~1 air"]  # fmt: skip
    result, game, _ = play(chunks, cmds, {"kind": "position", "dimension": "the_nether"})
    assert result.success, result
    assert game.survival.dimension == "the_nether"


def test_builds_a_portal_frame_from_obsidian_and_goes_to_the_nether(chunks) -> None:
    cmds = ["/give @s flint_and_steel", "/give @s obsidian 12"]
    result, game, _ = play(chunks, cmds, {"kind": "position", "dimension": "the_nether"})
    assert result.success, result
    assert inventory(game, "obsidian") == 0


# -- animals -----------------------------------------------------------------------------------


def test_tames_a_wolf_with_bones(chunks) -> None:
    cmds = ["/give @s bone 20", "/summon wolf ~3 ~ ~"]
    result, game, _ = play(chunks, cmds, {"kind": "entity", "entity": "wolf", "tags": ["tamed"]})
    assert result.success, result
    assert inventory(game, "bone") < 20


def test_leashes_a_cow(chunks) -> None:
    cmds = ["/give @s lead 2", "/summon cow ~3 ~ ~"]
    result, game, _ = play(chunks, cmds, {"kind": "entity", "entity": "cow", "tags": ["leashed"]})
    assert result.success, result
    assert inventory(game, "lead") == 1


def test_breeds_two_cows(chunks) -> None:
    cmds = ["/give @s wheat 4", "/summon cow ~3 ~ ~", "/summon cow ~3 ~ ~2"]
    result, game, _ = play(chunks, cmds, custom("animals_bred"))
    assert result.success, result
    assert any(e.type == "cow" and e.baby for e in game.survival.entities.entities.values())


def test_rides_a_minecart_put_on_a_rail(chunks) -> None:
    cmds = ["/give @s minecart", "/setblock ~2 ~ ~ rail"]
    result, game, _ = play(chunks, cmds, {"kind": "riding", "vehicle": "minecart"})
    assert result.success, result
    assert inventory(game, "minecart") == 0


# -- villagers and stations --------------------------------------------------------------------


def test_buys_bread_from_a_farmer(chunks) -> None:
    cmds = ["/give @s emerald 2", VILLAGER % "farmer"]
    result, game, _ = play(chunks, cmds, {"kind": "item", "item": "bread"})
    assert result.success, result
    assert game.survival.stats.get("custom", "traded_with_villager") >= 1
    assert inventory(game, "emerald") < 2


def test_enchants_a_pickaxe(chunks) -> None:
    cmds = ["/give @s iron_pickaxe", "/give @s lapis_lazuli 10", "/xp add @s 30 levels",
            "/setblock ~3 ~ ~ enchanting_table"]  # fmt: skip
    result, game, _ = play(chunks, cmds, custom("enchant_item"))
    assert result.success, result
    pick = game.survival.menu.slots[0].item()  # the game ends as the table enchants it
    assert pick.item == "iron_pickaxe" and pick.enchantments


def test_names_a_sword_at_an_anvil(chunks) -> None:
    cmds = ["/give @s iron_sword", "/xp add @s 5 levels", "/setblock ~3 ~ ~ anvil"]
    rule = {"kind": "item", "item": "iron_sword", "named": "Sting"}
    result, game, _ = play(chunks, cmds, rule)
    assert result.success, result
    from odyssey.sim.mechanics.experience import level_of

    sword = next(s for s in game.survival.inventory.slots if s and s.item == "iron_sword")
    assert sword.component("custom_name") == "Sting"
    assert level_of(game) == 4  # a rename costs one level


def test_brews_swiftness_and_drinks_it(chunks) -> None:
    cmds = [WATER_BOTTLE, "/give @s nether_wart", "/give @s sugar", "/give @s blaze_powder",
            "/setblock ~3 ~ ~ brewing_stand"]  # fmt: skip
    result, game, _ = play(chunks, cmds, {"kind": "effect", "effect": "speed"})
    assert result.success, result
    assert inventory(game, "sugar") == 0 and inventory(game, "nether_wart") == 0


def test_sleeps_in_a_bed_it_places_at_night(chunks) -> None:
    result, game, _ = play(chunks, ["/time set night", "/give @s red_bed"], custom("sleep_in_bed"))
    assert result.success, result
    assert inventory(game, "red_bed") == 0


# -- the broad sweep -----------------------------------------------------------------------------

HUNGRY = "/effect give @s minecraft:hunger 2 255"
SWEEP = [
    *[
        ([HUNGRY, f"/give @s {f} 2"], used(f))
        for f in (
            "bread",
            "cooked_beef",
            "carrot",
            "baked_potato",
            "cookie",
            "melon_slice",
            "pumpkin_pie",
            "cooked_porkchop",
            "sweet_berries",
            "dried_kelp",
        )
    ],
    *[([f"/give @s {f}"], used(f)) for f in ("golden_apple", "chorus_fruit")],
    ([HUNGRY, "/give @s honey_bottle"], used("honey_bottle")),
    *[
        ([potion(p)], {"kind": "effect", "effect": e})
        for p, e in (
            ("swiftness", "speed"),
            ("strength", "strength"),
            ("leaping", "jump_boost"),
            ("night_vision", "night_vision"),
            ("fire_resistance", "fire_resistance"),
            ("water_breathing", "water_breathing"),
            ("invisibility", "invisibility"),
        )
    ],
    ([potion("healing")], used("potion")),
    (["/give @s milk_bucket"], used("milk_bucket")),
    (["/give @s egg 3"], used("egg", 2)),
    (["/give @s flint_and_steel"], used("flint_and_steel")),
    (["/give @s bone_meal 4", "/setblock ~2 ~ ~ oak_sapling"], used("bone_meal")),
    (["/give @s water_bucket"], used("water_bucket")),
    (["/give @s bucket", "/summon cow ~3 ~ ~"], used("bucket")),
    (["/give @s bucket", "/setblock ~3 ~-1 ~ lava"], used("bucket")),
    (["/give @s diamond_hoe"], used("diamond_hoe")),
    (["/give @s dirt 8"], used("dirt", 3)),
    (["/give @s oak_boat"], used("oak_boat")),
    (["/give @s carrot 6", "/give @s wooden_hoe"], placed(["carrots"], 3)),
    (["/give @s potato 6", "/give @s wooden_hoe"], placed(["potatoes"], 2)),
    (["/give @s cobblestone 16"], placed(["cobblestone"], 6)),
    (["/give @s oak_fence 16"], placed(["oak_fence"], 6)),
    (["/give @s oak_sapling 3"], placed(["oak_sapling"], 2)),
    (["/give @s poppy 3"], placed(["poppy"], 2)),
    *[
        (
            [f"/give @s {food} 40", f"/summon {mob} ~3 ~ ~"],
            {"kind": "entity", "entity": mob, "tags": ["tamed"]},
        )
        for mob, food in (
            ("wolf", "bone"),
            ("cat", "cod"),
            ("cat", "salmon"),
            ("parrot", "wheat_seeds"),
        )
    ],
    (
        ["/give @s golden_apple 4", "/summon horse ~3 ~ ~"],
        {"kind": "entity", "entity": "horse", "tags": ["tamed"]},
    ),
    *[
        (
            ["/give @s lead 2", f"/summon {mob} ~3 ~ ~"],
            {"kind": "entity", "entity": mob, "tags": ["leashed"]},
        )
        for mob in ("cow", "sheep", "pig", "chicken", "horse")
    ],
    *[
        (
            [f"/give @s {food} 4", f"/summon {mob} ~3 ~ ~", f"/summon {mob} ~3 ~ ~2"],
            custom("animals_bred"),
        )
        for mob, food in (
            ("cow", "wheat"),
            ("sheep", "wheat"),
            ("pig", "carrot"),
            ("chicken", "wheat_seeds"),
            ("rabbit", "dandelion"),
        )
    ],
    (["/give @s oak_boat"], {"kind": "riding", "vehicle": "oak_boat"}),
    (["/give @s birch_boat", "/fill ~2 ~-1 ~-2 ~5 ~-1 ~2 water"], {"kind": "riding"}),
    (["/summon horse ~3 ~ ~"], {"kind": "riding", "vehicle": "horse"}),
    *[
        (
            [
                "/give @s emerald 20",
                "/give @s wheat 40",
                "/give @s coal 40",
                "/give @s paper 40",
                "/give @s string 40",
                "/give @s stick 64",
                VILLAGER % job,
            ],
            custom("traded_with_villager"),
        )
        for job in ("farmer", "fisherman", "librarian", "fletcher", "shepherd", "toolsmith")
    ],
    *[
        (["/give @s emerald 20", VILLAGER % job], {"kind": "item", "item": item})
        for job, item in (("shepherd", "shears"), ("toolsmith", "stone_axe"), ("mason", "brick"))
    ],
    (
        [
            "/give @s book",
            "/give @s lapis_lazuli 5",
            "/xp add @s 10 levels",
            "/setblock ~3 ~ ~ enchanting_table",
        ],
        custom("enchant_item"),
    ),
    (
        ["/give @s diamond_pickaxe", "/xp add @s 3 levels", "/setblock ~-3 ~ ~2 anvil"],
        {"kind": "item", "item": "diamond_pickaxe", "named": "Digger"},
    ),
    (
        [
            WATER_BOTTLE,
            "/give @s nether_wart",
            "/give @s golden_carrot",
            "/give @s blaze_powder",
            "/setblock ~3 ~ ~ brewing_stand",
        ],
        {"kind": "effect", "effect": "night_vision"},
    ),
    (
        [
            "/time set night",
            "/setblock ~3 ~ ~ red_bed[part=foot,facing=east]",
            "/setblock ~4 ~ ~ red_bed[part=head,facing=east]",
        ],
        custom("sleep_in_bed"),
    ),
    *[
        ([f"/give @s {tool}"], used(tool))
        for tool in (
            "iron_pickaxe",
            "wooden_shovel",
            "stone_sword",
            "golden_axe",
            "shears",
            "fire_charge",
            "lava_bucket",
            "trident",
            "tnt",
        )
    ],
    (["/give @s crossbow", "/give @s arrow 4"], used("crossbow")),
    (["/give @s glass_bottle", "/setblock ~3 ~-1 ~ water"], used("glass_bottle")),
    ([potion("swiftness").replace(" potion[", " splash_potion[")], used("splash_potion")),
    (
        ["/give @s snow_block 2", "/give @s jack_o_lantern"],
        {"kind": "entity", "entity": "snow_golem"},
    ),
    (
        ["/give @s bone 40", "/summon wolf ~3 ~ ~", "/summon wolf ~-3 ~ ~1"],
        {"kind": "entity", "entity": "wolf", "tags": ["tamed"], "count": 2},
    ),
    (["/give @s torch 20"], placed(["torch", "wall_torch"], 10)),
    (
        [
            "/give @s flint_and_steel",
            "/fill ~-1 ~-1 ~2 ~2 ~3 ~2 obsidian",
            "/fill ~ ~ ~2 ~1 ~2 ~2 air",
        ],
        {"kind": "position", "dimension": "the_nether"},
    ),
    (
        ["/give @s flint_and_steel", "/give @s obsidian 14"],
        {"kind": "position", "dimension": "the_nether"},
    ),
    (
        ["/give @s dirt 576", "/give @s bone 20", "/summon wolf ~3 ~ ~"],  # bones off the hotbar
        {"kind": "entity", "entity": "wolf", "tags": ["tamed"]},
    ),
    (
        ["/give @s dirt 576", "/give @s emerald 5", VILLAGER % "toolsmith"],
        custom("traded_with_villager"),
    ),
    (["/give @s dirt 576", "/summon horse ~3 ~ ~"], {"kind": "riding", "vehicle": "horse"}),
    (["/give @s water_bucket"], placed(["water"], 1)),
    (["/give @s flint_and_steel"], placed(["fire"], 1)),
    # targets farther off, on every side
    (["/give @s shears", "/summon sheep ~-6 ~ ~5"], used("shears")),
    (["/give @s bucket", "/setblock ~-5 ~-1 ~-6 water"], used("bucket")),
    (
        ["/give @s lead", "/summon pig ~2 ~ ~-7"],
        {"kind": "entity", "entity": "pig", "tags": ["leashed"]},
    ),
    (
        ["/give @s emerald 5", VILLAGER.replace("~3 ~ ~", "~-7 ~ ~-3") % "mason"],
        custom("traded_with_villager"),
    ),
    (
        [
            "/give @s golden_shovel",
            "/give @s lapis_lazuli 3",
            "/xp add @s 5 levels",
            "/setblock ~-7 ~ ~5 enchanting_table",
        ],
        custom("enchant_item"),
    ),
    (
        ["/give @s stone_sword", "/xp add @s 2 levels", "/setblock ~6 ~ ~-6 chipped_anvil"],
        {"kind": "item", "item": "stone_sword", "named": "Edge"},
    ),
    (["/give @s minecart", "/setblock ~-6 ~ ~6 rail"], {"kind": "riding", "vehicle": "minecart"}),
    (["/setblock ~3 ~ ~ furnace"], custom("interact_with_furnace")),
    (["/setblock ~-2 ~ ~3 crafting_table"], custom("interact_with_crafting_table")),
]


@pytest.mark.acceptance
def test_the_oracle_solves_the_sweep_of_use_tasks(chunks) -> None:
    failed = []
    for commands, rule in SWEEP:
        result, _, oracle = play(chunks, commands, rule)
        if not result.success:
            failed.append((commands[-1], rule, result.terminal_reason, oracle.notes))
    assert not failed, failed
