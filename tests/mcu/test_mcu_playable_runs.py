"""Scripted completions of MineStudio task configurations (../shared): the config's set-up
commands run in a survival game at the spawn of a generated overworld, then the player is
driven by the game's keys (and the recipe book for crafting) until the task is done, and the
end state (inventory, statistics, blocks) is what vanilla would show."""

from __future__ import annotations

import math

import pytest
from mcu_player import (
    aim_entity,
    dig,
    feet,
    hold,
    inventory,
    name_at,
    pillar_up,
    select,
    task_game,
    use_on,
    walk_to,
)

from odyssey.mcu.setup import WORLD_SEED, SharedChunks
from odyssey.sim.actions import click_screen, close_screen, craft_item, open_screen
from odyssey.sim.player import InputState


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


def test_collect_dirt(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/collect_dirt")
    x, y, z = feet(game)
    select(game, "wooden_shovel")
    dig(game, (x + 1, y - 1, z))  # the grass block (and any plant on it)
    walk_to(game, x + 1.5, z + 0.5)
    assert inventory(game)["dirt"] == 65  # 64 given + the grass block's drop
    s = game.survival
    assert s.stats.get("mined", "grass_block") == 1 and s.stats.get("picked_up", "dirt") == 1
    assert s.inventory.mainhand.damage >= 1


def test_mine_dirt(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/mine_dirt")
    x, y, z = feet(game)
    assert name_at(game, (x, y, z)) == name_at(game, (x + 1, y, z)) == "dirt"
    dig(game, (x + 1, y, z))
    walk_to(game, x + 1.5, z + 0.5)
    assert inventory(game) == {"dirt": 1}
    assert game.survival.stats.get("mined", "dirt") == 1


def test_collect_wood(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/collect_wood")
    x, y, z = feet(game)
    select(game, "wooden_axe")
    dig(game, (x + 1, y, z + 1))
    walk_to(game, x + 1.5, z + 1.5)
    logs = inventory(game).get("oak_log", 0)  # the crosshair may meet a log above it first
    assert logs >= 1 and game.survival.stats.get("mined", "oak_log") == logs


def test_craft_the_crafting_table(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/craft_the_crafting_table")
    assert craft_item(game, "oak_planks", 4) == 4
    assert craft_item(game, "crafting_table") == 1
    assert inventory(game) == {"oak_planks": 12, "crafting_table": 1}
    assert game.survival.stats.get("crafted", "crafting_table") == 1


def _at_table(game, table: tuple[int, int, int], item: str, times: int = 1) -> None:
    """Open the crafting table at ``table`` by right-click and craft ``item`` there."""
    use_on(game, table)
    assert game.survival.menu_kind == "crafting_table"
    assert craft_item(game, item, times) == times
    close_screen(game)


@pytest.mark.parametrize(("config", "item", "left"), [
    ("simple/craft_to_clock", "clock", {"gold_ingot": 6, "redstone": 4}),
    ("simple/craft_enchantment", "enchanting_table",
     {"obsidian": 0, "diamond": 0, "book": 0, "crafting_table": 1}),
    ("simple/tool_bow", "bow", {"stick": 7, "string": 7}),
    # 1.21.6 made the lead of five string, no slime ball: two leads
    ("simple/tool_lead", "lead", {"slime_ball": 5, "string": 5}),
])  # fmt: skip
def test_craft_at_the_placed_table(
    chunks: SharedChunks, config: str, item: str, left: dict[str, int]
) -> None:
    game = task_game(chunks, config)
    x, y, z = feet(game)
    assert name_at(game, (x + 2, y, z)) == "crafting_table"
    _at_table(game, (x + 2, y, z), item)
    inv = inventory(game)
    made = 2 if item == "lead" else 1
    assert inv[item] == made and {k: inv.get(k, 0) for k in left} == left
    assert game.survival.stats.get("crafted", item) == made
    assert game.survival.stats.get("custom", "interact_with_crafting_table") == 1


@pytest.mark.parametrize(("config", "item", "made"), [
    ("simple/craft_to_ladder", "ladder", 3),
    ("simple/craft_smelting", "furnace", 1),
    ("simple/craft_stonecut", "stonecutter", 1),
    ("hard/craft_to_ladder", "ladder", 3),
    ("hard/craft_smelting", "furnace", 1),
    ("hard/tool_bow", "bow", 1),
])  # fmt: skip
def test_place_the_given_table_and_craft(
    chunks: SharedChunks, config: str, item: str, made: int
) -> None:
    game = task_game(chunks, config)
    x, y, z = feet(game)
    select(game, "crafting_table")
    use_on(game, (x - 2, y - 1, z), face_y=1.0, top=True)  # on the ground
    table = (x - 2, y, z)
    assert name_at(game, table) == "crafting_table"
    assert game.survival.stats.get("used", "crafting_table") == 1
    game.run(5)
    _at_table(game, table, item)
    assert inventory(game)[item] == made
    assert game.survival.stats.get("crafted", item) == made


def test_smelt_food(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/smelt_food")
    x, y, z = feet(game)
    assert inventory(game) == {"beef": 15, "coal": 20}  # raw_beef: the dialect's rename
    use_on(game, (x + 2, y, z))
    s = game.survival
    assert s.menu_kind == "furnace"
    click_screen(game, 30, 0, 1)  # hotbar 0 (beef) shift-clicked into the input
    click_screen(game, 31, 0, 1)  # hotbar 1 (coal) into the fuel slot
    close_screen(game)
    game.run(2 * 200 + 5)
    use_on(game, (x + 2, y, z))
    click_screen(game, 2, 0, 1)  # take the result
    close_screen(game)
    assert inventory(game)["cooked_beef"] == 2
    assert s.stats.get("crafted", "cooked_beef") == 2


@pytest.mark.parametrize(("config", "pos", "tool", "drop"), [
    ("simple/mine_iron_ore", (2, 0, 2), "stone_pickaxe", "raw_iron"),
    ("simple/mine_diamond_ore", (1, 0, 0), "iron_pickaxe", "diamond"),
    ("simple/cut_stone", (2, 0, 0), "iron_pickaxe", "cobblestone"),
    ("hard/mine_iron_ore", (1, 2, 3), "stone_pickaxe", "raw_iron"),  # overhead: it falls
])  # fmt: skip
def test_mine_the_placed_ore(
    chunks: SharedChunks, config: str, pos: tuple[int, int, int], tool: str, drop: str
) -> None:
    game = task_game(chunks, config)
    x, y, z = feet(game)
    target = (x + pos[0], y + pos[1], z + pos[2])
    block = name_at(game, target)
    select(game, tool)
    dig(game, target)
    walk_to(game, target[0] + 0.5, target[2] + 0.5, ticks=12)
    assert inventory(game).get(drop) == 1
    assert game.survival.stats.get("mined", block) == 1


def _entity(game, kind: str):
    return next(e for e in game.survival.entities.entities.values() if e.type == kind)


def _fight(game, mob, hits: int = 20) -> int:
    """Chase ``mob`` and swing at it (one full-cooldown swing at a time); the swings made."""
    swings = 0
    for _ in range(3 * hits):
        if mob.dead or swings >= hits:
            break
        aim_entity(game, mob)
        if math.dist(game.player.pos, (mob.x, mob.y, mob.z)) > 2.8:
            game.hold(InputState(forward=True, sprint=True))
            game.run(6)
            game.hold(InputState())
            continue
        hold(game, 12, attack=True)
        swings += 1
    return swings


def test_hunt_a_sheep(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/hunt_a_sheep")
    sheep = _entity(game, "sheep")
    _fight(game, sheep)
    assert sheep.dead
    walk_to(game, sheep.x, sheep.z, ticks=10)
    inv = inventory(game)
    assert inv.get("mutton", 0) >= 1 and game.survival.stats.get("killed", "sheep") == 1


def test_combat_zombies(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/combat_zombies")
    s = game.survival
    assert game.time_of_day == 13000  # /time set night
    assert [s.inventory.get(i).item for i in (39, 38, 37, 36)] == [
        "diamond_helmet", "diamond_chestplate", "diamond_leggings", "diamond_boots"]  # fmt: skip
    zombie = _entity(game, "zombie")
    assert _fight(game, zombie) <= 4  # a diamond sword: 7 a full swing, 20 health
    assert zombie.dead and s.stats.get("killed", "zombie") == 1
    assert game.player.health > 10.0  # diamond armour


def test_collect_wool(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/collect_wool")
    sheep = sorted((e for e in game.survival.entities.entities.values() if e.type == "sheep"),
                   key=lambda e: e.x)  # fmt: skip
    aim_entity(game, sheep[0])
    hold(game, 1, use=True)
    walk_to(game, sheep[0].x, sheep[0].z, ticks=10)
    assert sheep[0].sheared
    wool = sum(n for k, n in inventory(game).items() if k.endswith("_wool"))
    assert 1 <= wool <= 3 and game.survival.stats.get("used", "shears") == 1


def test_make_fire_with_flint_and_steel(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/make_fire_with_flint_and_steel")
    x, y, z = feet(game)
    select(game, "flint_and_steel")
    use_on(game, (x + 2, y - 1, z), face_y=1.0, top=True)  # the ground's top
    assert name_at(game, (x + 2, y, z)) == "fire"
    assert game.survival.inventory.mainhand.damage == 1
    assert game.survival.stats.get("used", "flint_and_steel") == 1


def test_plant_wheats(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/plant_wheats")
    x, y, z = feet(game)
    assert name_at(game, (x + 2, y, z + 2)) == "farmland"
    select(game, "wheat_seeds")
    use_on(game, (x + 2, y, z + 2), face_y=0.9, top=True)  # the field's nearest corner
    crop = (x + 2, y + 1, z + 2)
    assert name_at(game, crop) == "wheat"
    assert game.world.registry.properties(game.world.get_block(*crop))["age"] == "0"
    assert game.survival.stats.get("used", "wheat_seeds") == 1


@pytest.mark.parametrize("config", ["simple/build_obsidian", "simple/make_obsidian_by_wate"])
def test_make_obsidian_by_pouring_water_beside_lava(chunks: SharedChunks, config: str) -> None:
    game = task_game(chunks, config)
    x, y, z = feet(game)
    select(game, "lava_bucket")
    use_on(game, (x - 3, y - 1, z), face_y=1.0, top=True)
    lava = (x - 3, y, z)
    assert name_at(game, lava) == "lava"
    select(game, "water_bucket")
    use_on(game, (x - 3, y - 1, z + 1), face_y=1.0, top=True)  # water beside the lava source
    game.run(40)
    assert name_at(game, lava) == "obsidian"
    s = game.survival
    assert inventory(game)["bucket"] == 2  # one of each emptied
    assert s.stats.get("used", "lava_bucket") == s.stats.get("used", "water_bucket") == 1


@pytest.mark.parametrize(("config", "bed"), [
    ("simple/sleep_in_bed", "white_bed"),
    ("hard/sleep_in_bed", "blue_bed"),
    ("simple/survive_sleep", "white_bed"),
])  # fmt: skip
def test_sleep_in_bed(chunks: SharedChunks, config: str, bed: str) -> None:
    game = task_game(chunks, config)
    assert game.time_of_day == 13000  # /time set night
    x, y, z = feet(game)
    select(game, bed)
    use_on(game, (x - 2, y - 1, z), face_y=1.0, top=True)  # placed facing west: foot, head
    assert name_at(game, (x - 2, y, z)) == name_at(game, (x - 3, y, z)) == bed
    use_on(game, (x - 2, y, z), face_y=0.3)
    game.run(110)
    s = game.survival
    assert s.stats.get("custom", "sleep_in_bed") == 1
    assert game.time_of_day < 200  # the night skipped to the morning


def test_build_nether_portal(chunks: SharedChunks) -> None:
    """The given obsidian column is the frame's west post (the frame stands in the plane
    x + 2); the bottom goes into two holes dug in the ground, the player pillars up on
    obsidian to reach the top, and flint and steel lights the frame from up there."""
    game = task_game(chunks, "simple/build_nether_portal")
    x, y, z = feet(game)
    px = x + 2
    for dz in (1, 2):
        dig(game, (px, y - 1, z + dz))
    select(game, "obsidian")
    for dz in (1, 2):  # into each hole, against the west face of the ground beyond it
        use_on(game, (px + 1, y - 1, z + dz), point=(px + 1.0, y - 0.5, z + dz + 0.5))
    for dy in (-1, 0):  # the east post, stacked on the ground
        use_on(game, (px, y + dy, z + 3), face_y=1.0, top=True)
    pillar_up(game)
    use_on(game, (px, y + 1, z + 3), face_y=1.0, top=True)
    pillar_up(game)
    use_on(game, (px, y + 2, z + 3), face_y=1.0, top=True)  # the top corner
    for dz in (3, 2):  # the lintel, each block against the north face of the one before
        use_on(game, (px, y + 3, z + dz), point=(px + 0.5, y + 3.5, z + dz))
    frame = [(px, y - 1, z + 1), (px, y - 1, z + 2), (px, y + 3, z + 1), (px, y + 3, z + 2)]
    frame += [(px, y + dy, z + dz) for dy in range(3) for dz in (0, 3)]
    assert all(name_at(game, p) == "obsidian" for p in frame)
    select(game, "flint_and_steel")
    use_on(game, (px, y - 1, z + 1), face_y=1.0, top=True)
    inside = [(px, y + dy, z + dz) for dy in range(3) for dz in (1, 2)]
    assert [name_at(game, p) for p in inside] == ["nether_portal"] * 6
    s = game.survival
    assert inventory(game)["obsidian"] == 14 - 10  # 8 in the frame, 2 in the pillar
    assert s.stats.get("used", "flint_and_steel") == 1


def test_collect_grass_with_silk_touch(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/collect_grass")
    x, y, z = feet(game)
    assert name_at(game, (x + 2, y, z)) == "grass_block"
    select(game, "diamond_shovel")
    assert "minecraft:silk_touch" in str(game.survival.inventory.mainhand.components)
    dig(game, (x + 2, y, z))
    walk_to(game, x + 2.5, z + 0.5, ticks=10)
    assert inventory(game).get("grass_block") == 1  # silk touch: the block itself, not dirt
    assert game.survival.stats.get("mined", "grass_block") == 1


@pytest.mark.parametrize("config", ["simple/explore_chest", "simple/explore_the_treasure"])
def test_open_the_chest_and_take_its_contents(chunks: SharedChunks, config: str) -> None:
    game = task_game(chunks, config)
    x, y, z = feet(game)
    assert name_at(game, (x + 2, y, z)) == "chest"
    use_on(game, (x + 2, y, z))
    s = game.survival
    assert s.menu is not None and s.stats.get("custom", "open_chest") == 1
    stacks = [(i, st.item()) for i, st in enumerate(s.menu.slots[:27]) if st.item() is not None]
    if config.endswith("treasure"):  # buried_treasure's loot: always a heart of the sea
        assert "heart_of_the_sea" in {st.item for _, st in stacks}
        for i, _ in stacks:
            click_screen(game, i, 0, 1)  # shift-click each stack into the inventory
        assert inventory(game)["heart_of_the_sea"] == 1
    else:
        assert stacks == []  # a plain chest is empty
    close_screen(game)
    assert s.menu is None


@pytest.mark.parametrize(("config", "kinds"), [
    ("simple/hunt_animals", ("pig", "chicken")),
    ("simple/combat_spider", ("spider",)),
])  # fmt: skip
def test_kill_the_summoned_mobs(chunks: SharedChunks, config: str, kinds: tuple) -> None:
    game = task_game(chunks, config)
    for kind in kinds:
        mob = _entity(game, kind)
        _fight(game, mob, hits=30)
        assert mob.dead, kind
        assert game.survival.stats.get("killed", kind) == 1
    assert game.survival.stats.get("custom", "mob_kills") == len(kinds)


def test_mine_obsidian(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/mine_obsidian")
    x, y, z = feet(game)
    target = (x + 1, y - 1, z + 3)  # the fill's nearest block, in the ground
    assert name_at(game, target) == "obsidian"
    dig(game, target, limit=400)  # 9.4 s with a diamond pickaxe
    walk_to(game, target[0] + 0.5, target[2] + 0.5, ticks=14)
    assert inventory(game).get("obsidian") == 1
    assert game.survival.stats.get("mined", "obsidian") == 1


def test_craft_a_cake_with_the_given_milk(chunks: SharedChunks) -> None:
    game = task_game(chunks, "hard/craft_to_cake")
    x, y, z = feet(game)
    s = game.survival
    assert s.inventory.get(9).item == "crafting_table"  # the hotbar is full of milk and food
    open_screen(game, "inventory")
    click_screen(game, 9, 8, 2)  # the "9" key over it: swap with the last hotbar slot
    close_screen(game)
    select(game, "crafting_table")
    use_on(game, (x - 2, y - 1, z), face_y=1.0, top=True)
    _at_table(game, (x - 2, y, z), "cake")
    inv = inventory(game)
    assert inv["cake"] == 1 and inv["milk_bucket"] == 2 and inv["bucket"] == 3 + 3
    assert game.survival.stats.get("crafted", "cake") == 1


def test_build_pillar(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/build_pillar")
    x, y, z = feet(game)
    select(game, "cobblestone")
    for _ in range(4):
        pillar_up(game)
    assert [name_at(game, (x, y + dy, z)) for dy in range(4)] == ["cobblestone"] * 4
    assert game.player.pos[1] == y + 4 and inventory(game)["cobblestone"] == 60
    assert game.survival.stats.get("used", "cobblestone") == 4


def test_dig_three_down_and_fill_one_up(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/dig_three_down_and_fill_one_up")
    x, y, z = feet(game)
    select(game, "iron_shovel")
    for dy in (1, 2, 3):  # straight down: the player falls into each hole
        game.look(0.0, 90.0)
        dig(game, (x, y - dy, z))
        game.run(10)
    assert game.player.pos[1] == y - 3
    select(game, "dirt")
    pillar_up(game)  # fill one back up under the feet
    assert name_at(game, (x, y - 3, z)) == "dirt"
    assert [name_at(game, (x, y - dy, z)) for dy in (1, 2)] == ["air", "air"]
    assert (
        game.survival.stats.get("mined", "dirt") + game.survival.stats.get("mined", "grass_block")
        == 3
    )


def test_craft_table_from_planks(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/craft_table")
    assert craft_item(game, "crafting_table") == 1
    assert inventory(game) == {"oak_planks": 6, "crafting_table": 1}


@pytest.mark.parametrize("config", ["simple/mine_grass", "simple/mine_horizontally"])
def test_mine_the_row_of_grass_blocks(chunks: SharedChunks, config: str) -> None:
    game = task_game(chunks, config)
    x, y, z = feet(game)
    row = [(x + dx, y, z) for dx in (2, 3, 4)]
    assert [name_at(game, p) for p in row] == ["grass_block"] * 3
    select(game, "iron_shovel")
    for p in row:  # along the row, stepping into each gap
        dig(game, p)
        walk_to(game, p[0] + 0.5, p[2] + 0.5, ticks=6)
    assert inventory(game)["dirt"] == 3
    assert game.survival.stats.get("mined", "grass_block") == 3


@pytest.mark.parametrize(("config", "kinds"), [
    ("simple/combat_skeletons", ("skeleton",)),
    ("simple/combat_enemies", ("zombie", "skeleton")),
    ("simple/combat_enderman", ("enderman",)),
    ("hard/combat_zombies", ("zombie",)),  # iron armour; the given sword lands in hand
])  # fmt: skip
def test_combat_in_armour(chunks: SharedChunks, config: str, kinds: tuple) -> None:
    game = task_game(chunks, config)
    for kind in kinds:
        mob = _entity(game, kind)
        _fight(game, mob, hits=40)
        assert mob.dead, kind
    s = game.survival
    assert {k: s.stats.get("killed", k) for k in kinds} == dict.fromkeys(kinds, 1)
    assert not game.player.dead


def test_tool_flint_from_gravel(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/tool_flint")
    x, y, z = feet(game)
    for dz in (1, 2, 3):  # the gravel field's nearest column, dug by hand
        dig(game, (x + 1, y, z + dz))
    walk_to(game, x + 1.5, z + 2.5, ticks=12)
    inv = inventory(game)
    assert inv.get("gravel", 0) + inv.get("flint", 0) == 3  # each gravel drops one or the other
    assert game.survival.stats.get("mined", "gravel") == 3


def test_climb_the_mountain_on_ladders(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/climb_the_mountain")
    x, y, z = feet(game)
    wall = [(x + 2, y + dy, z) for dy in range(11)]  # the dirt block's west face
    assert all(name_at(game, p) == "dirt" for p in wall)
    select(game, "ladder")
    for dy in range(3):  # ladders up the face, as high as the player reaches from the ground
        use_on(game, wall[dy], point=(x + 2.0, y + dy + 0.5, z + 0.5))
    assert [name_at(game, (x + 1, y + dy, z)) for dy in range(3)] == ["ladder"] * 3
    game.look(-90.0, -30.0)  # face the wall and climb
    hold(game, 30, forward=True)
    assert game.player.pos[1] > y + 2


def test_collect_seagrass_with_shears(chunks: SharedChunks) -> None:
    game = task_game(chunks, "simple/collect_seagrass")
    x, y, z = feet(game)
    grass = (x + 2, y + 1, z)
    assert name_at(game, grass) == "seagrass"
    select(game, "shears")
    dig(game, grass)
    walk_to(game, x + 2.5, z + 0.5, ticks=10)
    assert inventory(game).get("seagrass") == 1
