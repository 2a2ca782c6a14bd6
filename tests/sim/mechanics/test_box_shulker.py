"""Shulker boxes: placed facing out of the clicked face, filled through their screen (no shulker
box inside), broken into an item that keeps the contents as its ``container`` component, and
placed again with the contents back; the ender chest keeps the player's items."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import click_screen, close_screen, give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import container_drops, container_screens, containers
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
BOX = (2, GROUND, 0)


def survival_game() -> Game:
    return playground.survival_game(seed=3, difficulty="peaceful", radius=16)


def use(game: Game) -> None:
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(5)


def hotbar_with(game: Game, item: str) -> int:
    inv = game.survival.inventory
    return next(i for i in range(9) if (s := inv.get(i)) is not None and s.item == item)


def test_a_shulker_box_keeps_its_contents_when_broken_and_placed_again():
    game = survival_game()
    s = game.survival
    give(game, "red_shulker_box")
    give(game, "blue_shulker_box")
    give(game, "iron_ingot", 20)
    select_slot(game, hotbar_with(game, "red_shulker_box"))
    look_at(game, 2.5, GROUND, 0.5)
    use(game)
    reg = game.world.registry
    assert reg.block_of(game.world.get_block(*BOX)).name == "red_shulker_box"
    assert reg.properties(game.world.get_block(*BOX))["facing"] == "up"  # the clicked face
    look_at(game, 2.5, GROUND + 0.6, 0.5)
    start = len(game.events)
    use(game)
    assert s.menu_kind == "shulker_box" and s.menu.menu_type == "shulker_box"
    assert [e.detail for e in game.events[start:] if e.kind == "sound"] == [
        "block.shulker_box.open"]  # fmt: skip
    assert s.stats.get("custom", "open_shulker_box") == 1
    click_screen(game, 27 + 27 + hotbar_with(game, "iron_ingot"), 0, 1)
    click_screen(game, 27 + 27 + hotbar_with(game, "blue_shulker_box"), 0, 1)  # refused
    assert [(st.item, st.count) for st in s.menu.container_stacks() if st] == [("iron_ingot", 20)]
    assert s.inventory.count("blue_shulker_box") == 1
    close_screen(game)

    select_slot(game, 8)
    game.hold(InputState(attack=True))
    for _ in range(200):
        game.tick()
        if game.world.get_block(*BOX) == 0:
            break
    game.hold(InputState())
    assert game.world.get_block(*BOX) == 0 and game.world.block_entity(*BOX) is None
    items = [e for e in s.entities.entities.values() if e.type == "item"]
    assert [e.item for e in items] == ["red_shulker_box"]  # the ingots stay inside
    assert container_drops.stacks_of_component(items[0].components["container"])[0].count == 20
    game.run(20)  # it settles; the player walks over and picks it up
    game.teleport((items[0].x, GROUND, items[0].z + 0.5), 0.0, 0.0)
    game.run(5)
    game.teleport((0.5, GROUND, 0.5), 0.0, 0.0)
    game.run(2)
    box = s.inventory.get(hotbar_with(game, "red_shulker_box"))
    assert container_drops.stacks_of_component(box.component("container"))[0].count == 20

    select_slot(game, hotbar_with(game, "red_shulker_box"))
    look_at(game, 2.5, GROUND, 0.5)
    use(game)
    assert reg.block_of(game.world.get_block(*BOX)).name == "red_shulker_box"
    got = containers.contents(game, BOX)
    assert (got[0].item, got[0].count) == ("iron_ingot", 20)
    assert int(game.world.block_entity(*BOX)["Items"][0]["count"]) == 20


def test_an_empty_shulker_box_drops_a_plain_item():
    game = survival_game()
    game.set_block(BOX, game.world.registry.state("shulker_box[facing=up]"))
    game.set_block(BOX, 0)
    game.tick()
    assert all(not e.components for e in game.survival.entities.entities.values())


def test_a_shulker_box_under_a_block_does_not_open():
    game = survival_game()
    reg = game.world.registry
    game.set_block(BOX, reg.state("shulker_box[facing=up]"))
    game.set_block((2, GROUND + 1, 0), reg.state("stone"))
    assert not container_screens.open_container(game, BOX)
    game.set_block((2, GROUND + 1, 0), reg.state("torch"))  # no collision box
    assert container_screens.open_container(game, BOX)


def test_the_ender_chest_keeps_the_players_items_across_chests():
    game = survival_game()
    reg = game.world.registry
    game.set_block(BOX, reg.state("ender_chest[facing=west]"))
    game.set_block((2, GROUND, 2), reg.state("ender_chest[facing=west]"))
    give(game, "emerald", 7)
    assert container_screens.open_container(game, BOX)
    assert game.survival.menu_kind == "ender_chest"
    click_screen(game, 27 + 27 + hotbar_with(game, "emerald"), 0, 1)
    close_screen(game)
    assert container_screens.open_container(game, (2, GROUND, 2))
    assert game.survival.menu.container_stacks()[0].count == 7
    assert game.survival.stats.get("custom", "open_enderchest") == 2


def test_contents_survive_saving_and_loading_the_world(tmp_path):
    from odyssey.world.anvil import open_world, save_world

    game = survival_game()
    reg = game.world.registry
    game.set_block(BOX, reg.state("chest[facing=west]"))
    apples = [{"slot": 3, "item": {"id": "minecraft:apple", "count": 2}}]
    inner = ItemStack.of("shulker_box", 1, container=apples)
    container_screens.open_container(game, BOX)
    game.survival.menu.slots[5].set(ItemStack("iron_pickaxe").with_component("damage", 9))
    game.survival.menu.slots[6].set(inner)
    save_world(game.world, tmp_path / "w")
    loaded = open_world(tmp_path / "w")
    got = containers.read_box("chest", loaded.block_entity(*BOX)).items
    assert got[5] == ItemStack("iron_pickaxe").with_component("damage", 9)
    assert got[6] == inner
    assert container_drops.stacks_of_component(got[6].component("container"))[3].count == 2
