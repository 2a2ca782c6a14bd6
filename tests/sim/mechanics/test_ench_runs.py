"""Scripted run of issue #14: enchant a diamond sword at a table with 15 bookshelves and 30
levels (the third offer: 3 lapis, 3 levels), rename it at an anvil (1 level, ``custom_name``),
then grind the enchantments off again for experience."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import click_screen, close_screen, give
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import experience
from odyssey.sim.mechanics.anvil import set_name
from odyssey.sim.mechanics.enchanting import offers
from odyssey.sim.mechanics.enchanting_menu import choose_offer, enchantment_seed
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
TABLE, ANVIL, STONE = (4, GROUND, 0), (0, GROUND, 3), (-3, GROUND, 0)
QUICK_MOVE = 1


def use_block(game: Game, pos: tuple[int, int, int], kind: str) -> None:
    game.run(4)
    look_at(game, pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.tick()
    assert game.survival.menu_kind == kind


def hotbar(game: Game, item: str) -> int:
    inv = game.survival.inventory
    return next(i for i in range(9) if (s := inv.get(i)) is not None and s.item == item)


def build(game: Game) -> None:
    reg = game.world.registry
    game.set_block(TABLE, reg.default_state("enchanting_table"))
    shelves = [(2, dy, dz) for dy in (0, 1) for dz in (-2, -1, 0, 1, 2)]
    shelves += [(dx, dy, dz) for dy in (0, 1) for dx in (0, 1) for dz in (-2, 2)][:5]
    for dx, dy, dz in shelves:
        game.set_block((TABLE[0] + dx, GROUND + dy, dz), reg.default_state("bookshelf"))
    game.set_block(ANVIL, reg.state_of("anvil", {"facing": "east"}))
    game.set_block(STONE, reg.state_of("grindstone", {"face": "floor", "facing": "north"}))


def test_enchant_a_sword_and_rename_it_at_an_anvil():
    game = playground.survival_game(seed=21, difficulty="peaceful")
    s = game.survival
    build(game)
    experience.add_levels(game, 30)
    give(game, "diamond_sword")
    give(game, "lapis_lazuli", 3)

    use_block(game, TABLE, "enchantment")
    expected = offers(enchantment_seed(game), 15, ItemStack.of("diamond_sword"))
    click_screen(game, 29 + hotbar(game, "diamond_sword"), 0, QUICK_MOVE)
    click_screen(game, 29 + hotbar(game, "lapis_lazuli"), 0, QUICK_MOVE)
    assert s.menu.offers == expected  # type: ignore[union-attr]
    assert expected.costs[2] == 30
    assert choose_offer(game, 2)
    click_screen(game, 0, 0, QUICK_MOVE)  # the sword back to the inventory
    close_screen(game)
    sword = s.inventory.get(hotbar(game, "diamond_sword"))
    assert sword is not None and sword.enchantments == dict(expected.results[2])
    assert s.inventory.count("lapis_lazuli") == 0 and experience.level_of(game) == 27
    assert s.stats.get("custom", "enchant_item") == 1

    use_block(game, ANVIL, "anvil")
    click_screen(game, 30 + hotbar(game, "diamond_sword"), 0, QUICK_MOVE)
    assert set_name(game, "Excalibur") and s.menu.cost == 1  # type: ignore[union-attr]
    click_screen(game, 2, 0, QUICK_MOVE)  # take the renamed sword
    close_screen(game)
    named = s.inventory.get(hotbar(game, "diamond_sword"))
    assert named is not None and named.component("custom_name") == "Excalibur"
    assert named.enchantments == sword.enchantments
    assert experience.level_of(game) == 26

    use_block(game, STONE, "grindstone")
    points = s.experience
    click_screen(game, 30 + hotbar(game, "diamond_sword"), 0, QUICK_MOVE)
    click_screen(game, 2, 0, QUICK_MOVE)
    close_screen(game)
    plain = s.inventory.get(hotbar(game, "diamond_sword"))
    assert plain is not None and not plain.enchantments
    assert plain.component("custom_name") == "Excalibur"  # the grindstone keeps the name
    assert s.experience > points
