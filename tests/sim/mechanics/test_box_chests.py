"""Scripted chest runs as a player plays them: place two chests side by side (a double chest),
open it, move items in and out with clicks and shift-clicks, close it, break a half and see its
items dropped; snapshots keep the contents; a blocked chest does not open; barrels open."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import click_screen, close_screen, give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import container_screens, containers
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64


def survival_game() -> Game:
    return playground.survival_game(seed=7, difficulty="peaceful")


def hold(game: Game, ticks: int, **keys: bool) -> None:
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.tick()


def name_at(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def props_at(game: Game, pos) -> dict[str, str]:
    return game.world.registry.properties(game.world.get_block(*pos))


def hotbar_with(game: Game, item: str) -> int:
    inv = game.survival.inventory
    return next(i for i in range(9) if (s := inv.get(i)) is not None and s.item == item)


def place(game: Game, item: str, ground: tuple[int, int]) -> None:
    """Place ``item`` on the ground block's top face at (x, z)."""
    select_slot(game, hotbar_with(game, item))
    look_at(game, ground[0] + 0.5, GROUND, ground[1] + 0.5)
    hold(game, 1, use=True)
    game.run(4)


def sounds(events) -> list[str]:
    return [e.detail for e in events if e.kind == "sound"]


def dropped(game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in game.survival.entities.entities.values():
        if e.type == "item" and not e.dead:
            out[e.item] = out.get(e.item, 0) + e.count
    return out


def test_two_chests_side_by_side_make_a_double_chest_used_by_clicks():
    game = survival_game()
    give(game, "chest", 2)
    game.look(-90.0, 30.0)  # facing east: the chests face west, towards the player
    place(game, "chest", (2, 0))
    place(game, "chest", (2, 1))
    a, b = (2, GROUND, 0), (2, GROUND, 1)
    assert name_at(game, a) == name_at(game, b) == "chest"
    assert props_at(game, a)["facing"] == props_at(game, b)["facing"] == "west"
    # the second chest is the left half (its partner lies clockwise of west: north)
    assert (props_at(game, a)["type"], props_at(game, b)["type"]) == ("right", "left")

    s = game.survival
    give(game, "diamond", 10)
    give(game, "cobblestone", 64)
    look_at(game, 2.5, GROUND + 0.5, 1.0)
    start = len(game.events)
    hold(game, 1, use=True)
    assert s.menu_kind == "generic_9x6" and s.menu_pos in (a, b)
    assert len(s.menu.slots) == 54 + 36 and s.menu.menu_type == "generic_9x6"
    assert s.stats.get("custom", "open_chest") == 1
    assert sounds(game.events[start:]) == ["block.chest.open"]

    diamonds = 54 + 27 + hotbar_with(game, "diamond")  # hotbar slots follow the 27 main ones
    click_screen(game, diamonds, 0, 0)  # pick the stack up
    click_screen(game, 0, 1, 0)  # right-click: one into the right half's first slot
    click_screen(game, 27, 0, 0)  # the rest into the left half's first slot
    assert s.menu.carried is None
    cobble = 54 + 27 + hotbar_with(game, "cobblestone")
    click_screen(game, cobble, 0, 1)  # shift-click: into the first empty container slot
    assert [(st.item, st.count) if st else None for st in s.menu.container_stacks()[:3]] == [
        ("diamond", 1), ("cobblestone", 64), None]  # fmt: skip
    assert s.menu.container_stacks()[27].count == 9
    # shift-click back out: the inventory fills from the hotbar's last slot backwards
    click_screen(game, 27, 0, 1)
    assert s.inventory.get(8).item == "diamond" and s.inventory.get(8).count == 9
    # every change is in the block entities, in vanilla's layout
    right = game.world.block_entity(*a)
    assert right["id"] == "minecraft:chest"
    assert [(int(i["Slot"]), i["id"], int(i["count"])) for i in right["Items"]] == [
        (0, "minecraft:diamond", 1), (1, "minecraft:cobblestone", 64)]  # fmt: skip
    assert list(game.world.block_entity(*b)["Items"]) == []

    start = len(game.events)
    close_screen(game)
    assert sounds(game.events[start:]) == ["block.chest.close"]

    # break the right half by hand: its contents and the chest fall out, the other is single
    select_slot(game, 4)  # an empty hand
    look_at(game, 2.5, GROUND + 0.5, 0.3)
    game.hold(InputState(attack=True))
    for _ in range(200):
        game.tick()
        if name_at(game, a) != "chest":
            break
    game.hold(InputState())
    assert name_at(game, a) == "air"
    assert props_at(game, b)["type"] == "single"
    assert dropped(game) == {"diamond": 1, "cobblestone": 64, "chest": 1}
    assert game.world.block_entity(*a) is None


def test_a_chest_under_a_solid_block_does_not_open():
    game = survival_game()
    reg = game.world.registry
    pos = (2, GROUND, 0)
    game.set_block(pos, reg.state("chest[facing=west]"))
    game.set_block((2, GROUND + 1, 0), reg.state("stone"))
    look_at(game, 2.1, GROUND + 0.4, 0.5)
    hold(game, 1, use=True)
    assert game.survival.menu is None
    game.set_block((2, GROUND + 1, 0), reg.state("glass"))  # glass does not conduct
    game.run(4)
    hold(game, 1, use=True)
    assert game.survival.menu_kind == "generic_9x3"


def test_snapshots_keep_the_contents():
    game = survival_game()
    reg = game.world.registry
    pos = (2, GROUND, 0)
    game.set_block(pos, reg.state("chest[facing=west]"))
    give(game, "apple", 5)
    snap = game.snapshot()
    assert container_screens.open_container(game, pos)
    click_screen(game, 27 + 27 + hotbar_with(game, "apple"), 0, 1)
    close_screen(game)
    assert containers.contents(game, pos)[0].count == 5
    game.restore(snap)
    assert containers.contents(game, pos)[0] is None
    assert game.survival.inventory.count("apple") == 5
    # and a snapshot taken after the change brings it back
    assert container_screens.open_container(game, pos)
    click_screen(game, 27 + 27 + hotbar_with(game, "apple"), 0, 1)
    close_screen(game)
    later = game.snapshot()
    containers.set_contents(game, pos, [])
    game.restore(later)
    assert containers.contents(game, pos)[0].count == 5


def test_a_barrel_shows_open_while_its_screen_is():
    game = survival_game()
    give(game, "barrel", 2)
    place(game, "barrel", (2, 0))  # looked at mostly eastwards: it faces west, at the player
    place(game, "barrel", (1, -1))  # looked at mostly downwards: it faces up
    pos = (2, GROUND, 0)
    assert name_at(game, pos) == "barrel"
    assert props_at(game, pos)["facing"] == "west"
    assert props_at(game, (1, GROUND, -1))["facing"] == "up"
    look_at(game, 2.0, GROUND + 0.5, 0.5)
    start = len(game.events)
    hold(game, 1, use=True)
    s = game.survival
    assert s.menu_kind == "barrel" and len(s.menu.slots) == 27 + 36
    assert props_at(game, pos)["open"] == "true"
    close_screen(game)
    assert props_at(game, pos)["open"] == "false"
    assert sounds(game.events[start:]) == ["block.barrel.open", "block.barrel.close"]
    assert s.stats.get("custom", "open_barrel") == 1


def test_the_screen_closes_when_the_chest_is_gone():
    game = survival_game()
    reg = game.world.registry
    pos = (2, GROUND, 0)
    game.set_block(pos, reg.state("chest[facing=west]"))
    give(game, "stick", 3)
    assert container_screens.open_container(game, pos)
    containers.set_contents(game, pos, [None, ItemStack("stick", 3)])
    game.set_block(pos, reg.state("air"))
    game.tick()
    assert game.survival.menu is None
    assert dropped(game) == {"stick": 3}


def test_a_trapped_chest_counts_its_own_statistic_and_viewer():
    game = survival_game()
    pos = (2, GROUND, 0)
    game.set_block(pos, game.world.registry.state("trapped_chest[facing=west]"))
    assert container_screens.open_container(game, pos)
    s = game.survival
    assert s.menu_kind == "generic_9x3" and s.stats.get("custom", "trigger_trapped_chest") == 1
    assert container_screens.viewers(game, pos) == 1
    close_screen(game)
    assert container_screens.viewers(game, pos) == 0
