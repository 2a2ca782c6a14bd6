"""The oracle's gathering, crafting, combat and motion families: real task configurations (set-up
commands as MCU's simple configs write them) played to success on the flat plains spawn of the
MCU world, with the end state checked. The acceptance sweep runs many craft targets, blocks to
mine and mobs to kill."""

from __future__ import annotations

import pytest

from odyssey.mcu.config import TaskConfig
from odyssey.mcu.oracle import Oracle
from odyssey.mcu.play import Play, PlayResult
from odyssey.mcu.rules import parse_rule
from odyssey.mcu.setup import WORLD_SEED, SharedChunks, overworld_game, run_one
from odyssey.sim.game import Game

TABLE = "/setblock ~3 ~ ~1 crafting_table"


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


def give(*items: str, then: tuple[str, ...] = ()) -> list[str]:
    """/give commands for ``items``, then the ``then`` commands."""
    return [*(f"/give @s {i}" for i in items), *then]


def play(chunks: SharedChunks, commands: list[str], rule: dict) -> tuple[PlayResult, Game, Oracle]:
    """Set up a survival game with ``commands`` and let the oracle play the task to its end."""
    config = TaskConfig(id="oracle_gather", text="a task", custom_init_commands=tuple(commands),
                        success=parse_rule(rule))  # fmt: skip
    game = overworld_game(chunks)
    game.survival.rules["do_mob_spawning"] = False  # only the config's own mobs
    for command in commands:
        assert run_one(game, command).ok, command
    oracle = Oracle()
    result = Play(game, config, oracle).run()
    assert result.success, (result.terminal_reason, result.verdict, oracle.notes)
    return result, game, oracle


def stat(game: Game, category: str, key: str) -> int:
    return game.survival.stats.get(category, key)


def block_at(game: Game, offset: tuple[int, int, int], start=(1, 66, 0)) -> str:
    pos = tuple(a + b for a, b in zip(start, offset, strict=True))
    return game.world.registry.block_of(game.world.get_block(*pos)).name


# -- crafting and smelting -------------------------------------------------------------------------


@pytest.mark.parametrize(("item", "commands", "made"), [
    ("stick", give("oak_planks 4"), 4),  # 2×2, in the inventory
    ("chest", give("oak_planks 10", "stick 3", then=(TABLE,)), 1),  # 3×3 at the placed table
    ("torch", give("coal 1", "birch_log 1"), 4),  # log → planks → sticks → torches
])  # fmt: skip
def test_crafts_with_the_recipe_book(
    chunks: SharedChunks, item: str, commands: list[str], made: int
) -> None:
    result, game, _ = play(chunks, commands, {"kind": "stat", "category": "crafted", "key": item})
    assert stat(game, "crafted", item) == made
    assert game.survival.inventory.count(item) == made
    table_used = stat(game, "custom", "interact_with_crafting_table")
    assert table_used == (1 if item == "chest" else 0)
    assert result.ticks < 40  # crafting takes no game time; only walking to the table does


def test_crafts_a_pickaxe_from_logs_placing_its_own_table(chunks: SharedChunks) -> None:
    rule = {"kind": "stat", "category": "crafted", "key": "wooden_pickaxe"}
    _, game, oracle = play(chunks, give("oak_log 4"), rule)
    assert game.survival.inventory.count("wooden_pickaxe") == 1
    assert stat(game, "crafted", "oak_planks") >= 8 and stat(game, "crafted", "stick") == 4
    assert stat(game, "used", "crafting_table") == 1  # placed from the inventory...
    assert "crafting_table" in {block_at(game, (dx, 0, dz)) for dx in (-2, 0, 2) for dz in
                                (-2, 0, 2)}  # fmt: skip
    assert any("place crafting_table" in n for n in oracle.notes)


def test_smelts_in_the_placed_furnace(chunks: SharedChunks) -> None:
    _, game, _ = play(chunks, give("beef 3", "coal 2", then=("/setblock ~2 ~ ~ furnace",)),
                      {"kind": "item", "item": "cooked_beef", "count": 2})  # fmt: skip
    inv = game.survival.inventory
    assert inv.count("cooked_beef") == 2 and stat(game, "crafted", "cooked_beef") == 2
    assert inv.count("beef") == 1 and inv.count("coal") == 1  # only what was needed went in


def test_from_logs_to_an_iron_ingot(chunks: SharedChunks) -> None:
    """Planks, table, wooden pickaxe, stone dug from below the grass, furnace, smelting."""
    _, game, oracle = play(chunks, give("oak_log 6", "raw_iron 2"),
                                {"kind": "item", "item": "iron_ingot"})  # fmt: skip
    assert game.survival.inventory.count("iron_ingot") == 1
    assert stat(game, "mined", "stone") >= 8 and stat(game, "crafted", "furnace") == 1
    assert stat(game, "used", "furnace") == 1 and stat(game, "crafted", "iron_ingot") == 1
    assert "mine stone×8" in oracle.notes[0]


# -- mining --------------------------------------------------------------------------------------


def test_mines_with_the_right_tool_from_a_full_inventory(chunks: SharedChunks) -> None:
    """The stone pickaxe is in the main inventory behind a hotbar of other tools."""
    clutter = give("wooden_shovel", "golden_axe", "stone_sword", "shears", "dirt 64", "bread 5",
                   "wooden_hoe", "oak_planks 64", "torch 64", "stone_pickaxe")  # fmt: skip
    _, game, _ = play(chunks, [*clutter, "/setblock ~2 ~1 ~3 iron_ore"],
                      {"kind": "stat", "category": "mined", "key": "iron_ore"})  # fmt: skip
    assert stat(game, "used", "stone_pickaxe") == 1  # not the golden axe or the hand
    assert game.survival.inventory.mainhand.item == "stone_pickaxe"  # swapped into the hotbar
    dropped = [e.item for e in game.survival.entities if e.type == "item"]
    assert dropped == ["raw_iron"]  # the episode ends as the block breaks: its drop lies there


def test_reports_an_ore_that_no_tool_at_hand_can_harvest(chunks: SharedChunks) -> None:
    """Broken by hand, ore drops nothing and is not counted as mined: the oracle says so."""
    config = TaskConfig(id="no_pickaxe", text="mine coal ore", custom_init_commands=(
        "/setblock ~3 ~ ~ coal_ore",), success=parse_rule(
        {"kind": "stat", "category": "mined", "key": "coal_ore"}))  # fmt: skip
    game = overworld_game(chunks)
    assert run_one(game, config.custom_init_commands[0]).ok
    oracle = Oracle()
    result = Play(game, config, oracle).run()
    assert result.terminal_reason == "claimed" and result.ticks < 40
    assert oracle.notes == ["stuck: coal_ore needs one of ['wooden_pickaxe', 'golden_pickaxe', "
                            "'stone_pickaxe']: none can be had"]  # fmt: skip


def test_mines_ore_and_picks_up_its_drop_making_the_tools(chunks: SharedChunks) -> None:
    rule = {
        "kind": "all",
        "rules": [
            {"kind": "stat", "category": "mined", "key": "iron_ore"},
            {"kind": "stat", "category": "picked_up", "key": "raw_iron"},
        ],
    }
    _, game, _ = play(chunks, give("oak_log 3", then=("/setblock ~2 ~ ~ iron_ore",)), rule)
    assert stat(game, "crafted", "stone_pickaxe") == 1  # wooden pickaxe, stone, stone pickaxe
    assert game.survival.inventory.count("raw_iron") == 1


# -- combat --------------------------------------------------------------------------------------


def test_puts_on_the_armour_and_kills_the_zombie(chunks: SharedChunks) -> None:
    commands = give("iron_sword", "diamond_chestplate", "diamond_helmet", then=(
        "/time set night", "/summon zombie ~3 ~ ~",))  # fmt: skip
    _, game, _ = play(chunks, commands, {"kind": "stat", "category": "killed", "key": "zombie"})
    inv = game.survival.inventory
    assert inv.get(38).item == "diamond_chestplate" and inv.get(39).item == "diamond_helmet"
    assert stat(game, "killed", "zombie") == 1 and stat(game, "used", "iron_sword") >= 2


def test_makes_a_sword_from_logs_before_fighting(chunks: SharedChunks) -> None:
    commands = give("oak_log 2", then=("/summon zombie ~5 ~ ~3",))
    _, game, _ = play(chunks, commands, {"kind": "stat", "category": "killed", "key": "zombie"})
    assert stat(game, "crafted", "wooden_sword") == 1  # the quickest sword to make
    assert stat(game, "used", "wooden_sword") >= 1 and not game.player.dead


def test_hits_a_creeper_from_outside_its_fuse_range(chunks: SharedChunks) -> None:
    _, game, _ = play(chunks, give("stone_sword", then=("/summon creeper ~5 ~ ~2",)),
                      {"kind": "stat", "category": "killed", "key": "creeper"})  # fmt: skip
    assert game.player.health == 20.0  # it never went off
    assert stat(game, "killed", "creeper") == 1 and stat(game, "custom", "damage_taken") == 0


def test_hunts_two_chickens_and_picks_up_beef(chunks: SharedChunks) -> None:
    commands = give("wooden_sword", then=("/summon chicken ~3 ~ ~", "/summon chicken ~-3 ~ ~2",
                                       "/summon cow ~2 ~ ~-4",))  # fmt: skip
    _, game, _ = play(chunks, commands, {"kind": "all", "rules": [
        {"kind": "stat", "category": "killed", "key": "chicken", "at_least": 2},
        {"kind": "stat", "category": "picked_up", "key": "beef"}]})  # fmt: skip
    assert stat(game, "killed", "chicken") == 2 and stat(game, "killed", "cow") == 1
    assert game.survival.inventory.count("chicken") >= 2


# -- motion --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("commands", "rule"), [
    (give("dirt 10"), {"kind": "position", "rise": 3}),
    (give("iron_shovel", "iron_pickaxe"), {"kind": "position", "descend": 4}),
    ([], {"kind": "position", "travel": 12}),
    (["/fill ~3 ~-2 ~-1 ~5 ~-1 ~1 water"], {"kind": "position", "eyes_in": "water"}),
    (["/setblock ~9 ~ ~4 diamond_block"], {"kind": "block", "blocks": ["diamond_block"],
                                            "within": 2}),
    (["/summon pig ~12 ~ ~"], {"kind": "entity", "entity": "pig", "within": 3}),
    ([], {"kind": "stat", "category": "custom", "key": "jump", "at_least": 3}),
    (give("diamond 3"), {"kind": "stat", "category": "dropped", "key": "diamond",
                         "at_least": 2}),
    (give("stick 3"), {"kind": "stat", "category": "custom", "key": "drop"}),
    (["/fill ~ ~ ~-3 ~ ~5 ~-3 stone", "/fill ~ ~ ~-2 ~ ~5 ~-2 ladder[facing=south]"],
     {"kind": "all", "rules": [{"kind": "position", "rise": 4},
                               {"kind": "block", "blocks": ["ladder"], "within": 1}]}),
    ([], {"kind": "stat", "category": "custom", "key": "sprint_one_cm", "at_least": 1000}),
    (give("iron_shovel", "iron_pickaxe", then=("/setblock ~ ~-7 ~2 gold_block",)),
     {"kind": "block", "blocks": ["gold_block"], "within": 4}),  # buried: dug down to
    (give("shears", "iron_sword", then=("/setblock ~2 ~ ~ oak_leaves",)),
     {"kind": "item", "item": "oak_leaves"}),  # only shears make leaves drop themselves
    (["/fill ~-2 ~-2 ~-2 ~2 ~-1 ~-4 water"], {"kind": "stat", "category": "custom",
                                               "key": "swim_one_cm", "at_least": 500}),
])  # fmt: skip
def test_moves(chunks: SharedChunks, commands: list[str], rule: dict) -> None:
    result, _, _ = play(chunks, commands, rule)
    assert result.verdict.done and result.verdict.progress == 1.0


def test_digging_down_avoids_the_lava_below(chunks: SharedChunks) -> None:
    _, game, _ = play(chunks, give("iron_shovel", "iron_pickaxe", then=("/setblock ~ ~-4 ~ lava",)),
                      {"kind": "position", "descend": 3})  # fmt: skip
    x, y, z = (int(v // 1) for v in game.player.pos)
    assert (x, z) != (1, 0) and not game.player.dead and y <= 63


# -- the acceptance sweep ------------------------------------------------------------------------

CRAFT = [  # (target, commands): ingredients given, 3×3 recipes with a table placed
    ("oak_planks", give("oak_log 2")), ("crafting_table", give("birch_planks 8")),
    ("lever", give("stick 2", "cobblestone 2")), ("shears", give("iron_ingot 3")),
    ("furnace", give("cobblestone 10", then=(TABLE,))),
    ("iron_pickaxe", give("iron_ingot 4", "stick 4", then=(TABLE,))),
    ("diamond_sword", give("diamond 3", "stick 2", then=(TABLE,))),
    ("bucket", give("iron_ingot 4", then=(TABLE,))),
    ("compass", give("iron_ingot 5", "redstone 2", then=(TABLE,))),
    ("clock", give("gold_ingot 5", "redstone 2", then=(TABLE,))),
    ("bowl", give("oak_planks 4", then=(TABLE,))), ("bread", give("wheat 4", then=(TABLE,))),
    ("cake", give("milk_bucket 3", "sugar 3", "egg 2", "wheat 4", then=(TABLE,))),
    ("golden_apple", give("gold_ingot 9", "apple 2", then=(TABLE,))),
    ("ladder", give("stick 8", then=(TABLE,))),
    ("oak_fence", give("oak_planks 5", "stick 3", then=(TABLE,))),
    ("oak_door", give("oak_planks 7", then=(TABLE,))), ("book", give("paper 4", "leather 2")),
    ("paper", give("sugar_cane 4", then=(TABLE,))),
    ("bookshelf", give("oak_planks 7", "book 4", then=(TABLE,))),
    ("iron_block", give("iron_ingot 10", then=(TABLE,))),
    ("bow", give("stick 4", "string 4", then=(TABLE,))),
    ("arrow", give("flint 2", "stick 2", "feather 2", then=(TABLE,))),
    ("stone_bricks", give("stone 5")), ("glass_pane", give("glass 7", then=(TABLE,))),
    ("white_bed", give("white_wool 4", "oak_planks 4", then=(TABLE,))),
    ("rail", give("iron_ingot 7", "stick 2", then=(TABLE,))),
    ("hopper", give("iron_ingot 6", "chest 1", then=(TABLE,))),
    ("piston", give("oak_planks 4", "cobblestone 5", "iron_ingot 2", "redstone 2",
                    then=(TABLE,))),
    ("iron_chestplate", give("iron_ingot 9", then=(TABLE,))),
    ("flint_and_steel", give("iron_ingot 1", "flint 1")),
    ("enchanting_table", give("book 1", "diamond 3", "obsidian 5", then=(TABLE,))),
    ("tnt", give("gunpowder 6", "sand 5", then=(TABLE,))),
    ("mushroom_stew", give("bowl 1", "red_mushroom 1", "brown_mushroom 1")),
    # several steps: planks, sticks, a table placed from the inventory
    ("wooden_pickaxe", give("oak_log 4")), ("stone_pickaxe", give("spruce_log 3", "cobblestone 4")),
    ("chest", give("oak_log 4")), ("iron_sword", give("iron_ingot 2", "oak_log 3")),
    ("bookshelf", give("oak_log 4", "sugar_cane 9", "leather 3")),
    # smelting: a furnace placed, given, or crafted from cobblestone
    ("cooked_beef", give("beef 2", "coal 2", then=("/setblock ~2 ~ ~ furnace",))),
    ("iron_ingot", give("raw_iron 2", "coal 2", "furnace")),
    ("glass", give("sand 2", "oak_planks 4", "furnace")),
    ("charcoal", give("oak_log 3", "coal 1", then=("/setblock ~-2 ~ ~ furnace",))),
    ("stone", give("cobblestone 12", "oak_log 3")),
    ("cooked_chicken", give("chicken 2", "coal 2", then=("/setblock ~2 ~ ~2 smoker",))),
    ("gold_ingot", give("raw_gold 2", "coal 2", then=("/setblock ~2 ~ ~-1 blast_furnace",))),
]  # fmt: skip

MINE = [  # (block, tool given, where it is set)
    ("dirt", None, "~2 ~-1 ~"), ("grass_block", "iron_shovel", "~2 ~ ~"),
    ("sand", "stone_shovel", "~2 ~ ~1"), ("gravel", "wooden_shovel", "~2 ~ ~-2"),
    ("oak_log", "stone_axe", "~3 ~ ~"), ("stone", "wooden_pickaxe", "~2 ~ ~"),
    ("cobblestone", "stone_pickaxe", "~-2 ~ ~"), ("coal_ore", "wooden_pickaxe", "~2 ~ ~2"),
    ("iron_ore", "stone_pickaxe", "~1 ~2 ~3"), ("gold_ore", "iron_pickaxe", "~4 ~ ~"),
    ("diamond_ore", "iron_pickaxe", "~2 ~-1 ~2"), ("redstone_ore", "iron_pickaxe", "~0 ~ ~3"),
    ("lapis_ore", "stone_pickaxe", "~-3 ~ ~1"), ("emerald_ore", "diamond_pickaxe", "~2 ~ ~"),
    ("obsidian", "diamond_pickaxe", "~2 ~ ~"), ("deepslate", "stone_pickaxe", "~2 ~ ~"),
    ("oak_leaves", "shears", "~2 ~1 ~"), ("clay", "iron_shovel", "~2 ~-1 ~1"),
    ("snow_block", "wooden_shovel", "~2 ~ ~"), ("netherrack", "wooden_pickaxe", "~2 ~ ~"),
    ("copper_ore", "stone_pickaxe", "~6 ~ ~5"), ("pumpkin", "iron_axe", "~-4 ~ ~-4"),
    ("melon", "iron_sword", "~2 ~ ~"), ("coal_ore", "oak_log 3", "~3 ~ ~"),  # a pickaxe made first
]  # fmt: skip

MOBS = [  # (mob, weapon, more gear)
    ("zombie", "iron_sword", ("iron_chestplate",)),
    ("skeleton", "diamond_sword", ("diamond_chestplate", "diamond_helmet")),
    ("spider", "iron_sword", ()), ("cow", "stone_sword", ()), ("pig", None, ()),
    ("chicken", "wooden_sword", ()), ("sheep", "iron_axe", ()), ("husk", "diamond_sword", ()),
    ("rabbit", "iron_sword", ()), ("cave_spider", "iron_sword", ()),
    ("creeper", "diamond_sword", ()), ("goat", "iron_sword", ()), ("mooshroom", "iron_sword", ()),
]  # fmt: skip


def sweep_cases() -> list[tuple[list[str], dict]]:
    """Every craft, mine and kill case as (set-up commands, success rule)."""
    cases = [(cmds, {"kind": "stat", "category": "crafted", "key": item}) for item, cmds in CRAFT]
    for block, tool, at in MINE:
        tools = [tool] if tool else []
        rule = {"kind": "stat", "category": "mined", "key": block}
        cases.append((give(*tools, then=(f"/setblock {at} {block}",)), rule))
    for mob, weapon, gear in MOBS:
        kit = [weapon] if weapon else []
        rule = {"kind": "stat", "category": "killed", "key": mob}
        cases.append((give(*kit, *gear, then=(f"/summon {mob} ~3 ~ ~2",)), rule))
    return cases


@pytest.mark.acceptance
def test_sweep_of_craft_mine_and_kill_tasks(chunks: SharedChunks) -> None:
    cases, failed = sweep_cases(), []
    for commands, rule in cases:
        try:
            _, game, _ = play(chunks, commands, rule)
        except AssertionError as e:
            failed.append((rule["key"], str(e)[:200]))
            continue
        assert stat(game, rule["category"], rule["key"]) >= 1
    assert len(cases) >= 80 and not failed, failed


# tasks of the library whose generated configuration the oracle cannot finish, and why
KNOWN = {
    "find_a_phantom": "the engine flies a NoAI phantom up out of reach",
}
MY_VERBS = ("craft", "smelt", "mine", "find", "combat", "hunt", "drop", "jump", "climb",
            "pillar", "dig", "dive", "swim", "sprint", "sneak", "walk")  # fmt: skip


def target_left(game: Game, rule) -> bool:
    """The set-up left the block a find or mine task needs (some plants pop off grass)."""
    from odyssey.mcu.oracle.core import Ctx
    from odyssey.mcu.oracle.families_gather import find_blocks
    from odyssey.mcu.rules import BlockRule, StatRule, leaves

    for leaf in leaves(rule):
        wanted = leaf.blocks if isinstance(leaf, BlockRule) and not leaf.placed else ()
        if isinstance(leaf, StatRule) and leaf.category == "mined":
            wanted = (leaf.key,)
        if wanted and not find_blocks(Ctx(game), wanted, radius=32, dy=16):
            return False
    return True


@pytest.mark.acceptance
def test_library_tasks_of_these_families_with_generated_configs(chunks: SharedChunks) -> None:
    """Sampled tasks of the MCU library, set up by the rule-based configuration generator."""
    import random

    from odyssey.mcu.confgen.rulebased import generate_config
    from odyssey.mcu.library.library import build_library
    from odyssey.mcu.rules import PositionRule, leaves

    rng, by_verb = random.Random(0), {}
    for t in build_library().tasks:
        if (
            t.verb in MY_VERBS
            and t.success is not None
            and not any(
                isinstance(leaf, PositionRule) and leaf.dimension for leaf in leaves(t.success)
            )
        ):
            by_verb.setdefault(t.verb, []).append(t)  # fmt: skip
    tasks = [t for pool in by_verb.values() for t in rng.sample(pool, min(40, len(pool)))]
    failed, played = [], 0
    for task in tasks:
        config = generate_config(task)
        game = overworld_game(chunks)
        game.survival.rules["do_mob_spawning"] = False
        for command in config.custom_init_commands:
            run_one(game, command)
        if task.id in KNOWN or not target_left(game, config.success):
            continue
        oracle = Oracle()
        result = Play(game, config, oracle).run()
        played += 1
        if not result.success:
            failed.append((task.id, result.terminal_reason, oracle.notes[-1:]))
    assert played >= 150 and not failed, failed
