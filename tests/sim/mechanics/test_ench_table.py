"""The enchanting table: vanilla's random numbers (java.util.Random), the offers' costs and
enchantments for a seed, bookshelves as vanilla counts them, and a scripted run: right-click
a table with 15 bookshelves, put in a diamond sword and lapis, take the third offer."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import click_screen, close_screen, give
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import enchant_data, experience
from odyssey.sim.mechanics.enchanting import JavaRandom, available, count_bookshelves, offers
from odyssey.sim.mechanics.enchanting_menu import (
    EnchantmentMenu,
    choose_offer,
    enchantment_seed,
    state_of,
)
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
TABLE = (4, GROUND, 0)
QUICK_MOVE = 1


def hold(game: Game, ticks: int, **keys: bool) -> None:
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.tick()


def table_game(seed: int = 7, shelves: int = 15) -> Game:
    """A table east of the player with ``shelves`` bookshelves on its ring (none between)."""
    game = playground.survival_game(seed=seed, difficulty="peaceful")
    reg = game.world.registry
    game.set_block(TABLE, reg.default_state("enchanting_table"))
    ring = [(2, dy, dz) for dy in (0, 1) for dz in (-1, 0, 1)]
    ring += [(dx, dy, dz) for dy in (0, 1) for dx in range(-1, 3) for dz in (-2, 2)]
    for dx, dy, dz in ring[:shelves]:
        game.set_block((TABLE[0] + dx, GROUND + dy, dz), reg.default_state("bookshelf"))
    game.run(1)
    return game


def open_table(game: Game) -> EnchantmentMenu:
    game.run(4)  # the right-click delay of an earlier use runs out
    look_at(game, TABLE[0] + 0.5, GROUND + 0.7, 0.5)
    hold(game, 1, use=True)
    assert game.survival.menu_kind == "enchantment"
    return game.survival.menu  # type: ignore[return-value]


def hotbar_slot(game: Game, item: str) -> int:
    """The menu slot (2 + 27 + hotbar index) holding ``item``."""
    inv = game.survival.inventory
    return 29 + next(i for i in range(9) if (s := inv.get(i)) is not None and s.item == item)


def test_java_random_matches_java_util_random():
    r = JavaRandom(42)
    assert [r.next_int(10) for _ in range(5)] == [0, 3, 8, 4, 0]
    assert JavaRandom(0).next_int() == -1155484576


def test_enchantment_data_has_vanilla_numbers():
    sharp = enchant_data.ENCHANTMENTS["sharpness"]
    assert (sharp.max_level, sharp.weight, sharp.min_cost(5), sharp.max_cost(5)) == (5, 10, 45, 65)
    assert enchant_data.enchantability("diamond_sword") == 10
    assert enchant_data.enchantability("golden_helmet") == 25
    assert enchant_data.enchantability("shears") == 0
    assert not enchant_data.compatible("sharpness", "smite")
    assert not enchant_data.compatible("riptide", "loyalty")
    assert enchant_data.compatible("loyalty", "channeling")
    assert not enchant_data.compatible("silk_touch", "fortune")
    assert enchant_data.can_enchant("thorns", "iron_boots")
    assert not enchant_data.is_primary(enchant_data.ENCHANTMENTS["thorns"], "iron_boots")
    # at level 30 a sword can get sharpness IV (min 34 > 30 rules out V) and never silk touch
    pool = dict((e.name, lvl) for e, lvl in available(30, ItemStack.of("diamond_sword")))
    assert pool["sharpness"] == 3 and "silk_touch" not in pool and "mending" not in pool
    # 1.21.11 spears: melee weapons (sharpness, looting) with lunge, but no sweeping edge
    spear = {e.name for e, _ in available(20, ItemStack.of("iron_spear"))}
    assert {"sharpness", "looting", "lunge"} <= spear and "sweeping_edge" not in spear
    assert enchant_data.can_enchant("sharpness", "iron_axe")
    assert not enchant_data.is_primary(enchant_data.ENCHANTMENTS["sharpness"], "iron_axe")


def test_offers_are_a_function_of_the_seed():
    sword = ItemStack.of("diamond_sword")
    a, b = offers(123, 15, sword), offers(123, 15, sword)
    assert a == b
    assert a.costs[2] == 30  # 15 shelves: the third offer is max(j, 30) with j <= 30
    assert all(a.results) and a.clues[2] in a.results[2]
    assert offers(124, 15, sword) != a
    enchanted = ItemStack.of("diamond_sword", enchantments={"sharpness": 1})
    assert offers(123, 15, enchanted).costs == (0, 0, 0)
    assert offers(123, 15, ItemStack.of("stick")).costs == (0, 0, 0)
    assert max(offers(s, 0, sword).costs[2] for s in range(50)) <= 8


def test_bookshelves_count_only_on_the_ring_with_air_between():
    game = table_game(shelves=15)
    assert count_bookshelves(game.world, TABLE) == 15
    # a block between the table and a shelf hides it
    game.set_block((TABLE[0] + 1, GROUND, 0), game.world.registry.default_state("stone"))
    assert count_bookshelves(game.world, TABLE) == 12  # (2, 0, -1..1) look through (1, 0, 0)
    # one block up is on the ring too; two up is not
    game.set_block((TABLE[0] + 1, GROUND, 0), game.world.registry.default_state("air"))
    game.set_block((TABLE[0], GROUND + 2, 2), game.world.registry.default_state("bookshelf"))
    assert count_bookshelves(game.world, TABLE) == 15


def test_enchant_a_diamond_sword_with_the_third_offer():
    game = table_game(seed=7)
    s = game.survival
    experience.add_levels(game, 30)
    give(game, "diamond_sword")
    give(game, "lapis_lazuli", 3)
    menu = open_table(game)
    seed = enchantment_seed(game)
    click_screen(game, hotbar_slot(game, "diamond_sword"), 0, QUICK_MOVE)
    click_screen(game, hotbar_slot(game, "lapis_lazuli"), 0, QUICK_MOVE)
    assert menu.inputs.get(0) == ItemStack.of("diamond_sword")
    assert menu.inputs.get(1) == ItemStack.of("lapis_lazuli", 3)
    expected = offers(seed, 15, ItemStack.of("diamond_sword"))
    assert menu.offers == expected and expected.costs[2] == 30

    # the same seed gives the same offers after closing and opening again
    close_screen(game)
    assert s.inventory.count("diamond_sword") == 1
    menu = open_table(game)
    click_screen(game, hotbar_slot(game, "diamond_sword"), 0, QUICK_MOVE)
    click_screen(game, hotbar_slot(game, "lapis_lazuli"), 0, QUICK_MOVE)
    assert menu.offers == expected

    start = len(game.events)
    assert choose_offer(game, 2)
    sword = menu.inputs.get(0)
    assert sword is not None and sword.item == "diamond_sword"
    assert sword.enchantments == dict(expected.results[2])
    assert menu.inputs.get(1) is None  # 3 lapis spent
    assert experience.level_of(game) == 27  # 3 levels spent, not 30
    assert s.stats.get("custom", "enchant_item") == 1
    sounds = [e.detail for e in game.events[start:] if e.kind == "sound"]
    assert "block.enchantment_table.use" in sounds
    assert state_of(game).seed != seed  # a new seed after enchanting
    assert menu.offers.costs == (0, 0, 0)  # an enchanted item cannot be enchanted again
    click_screen(game, 0, 0, QUICK_MOVE)
    assert s.inventory.count("diamond_sword") == 1 and menu.inputs.get(0) is None


def test_an_offer_needs_its_lapis_and_levels():
    game = table_game(seed=3)
    s = game.survival
    experience.add_levels(game, 29)
    give(game, "iron_sword")
    give(game, "lapis_lazuli", 2)
    menu = open_table(game)
    click_screen(game, hotbar_slot(game, "iron_sword"), 0, QUICK_MOVE)
    click_screen(game, hotbar_slot(game, "lapis_lazuli"), 0, QUICK_MOVE)
    assert not choose_offer(game, 2)  # 2 lapis, 29 levels: neither enough
    assert menu.inputs.get(0) == ItemStack.of("iron_sword")
    assert menu.offers.costs[1] <= 29
    assert choose_offer(game, 1)
    assert menu.inputs.get(0).enchantments  # type: ignore[union-attr]
    assert experience.level_of(game) == 27 and menu.inputs.get(1) is None
    assert s.stats.get("custom", "enchant_item") == 1


def test_a_book_becomes_an_enchanted_book():
    game = table_game(seed=11)
    experience.add_levels(game, 30)
    give(game, "book")
    give(game, "lapis_lazuli", 5)
    menu = open_table(game)
    click_screen(game, hotbar_slot(game, "book"), 0, QUICK_MOVE)
    click_screen(game, hotbar_slot(game, "lapis_lazuli"), 0, QUICK_MOVE)
    expected = menu.offers.results[0]
    assert choose_offer(game, 0)
    book = menu.inputs.get(0)
    assert book is not None and book.item == "enchanted_book"
    assert dict(book.component("stored_enchantments")) == dict(expected)
    assert menu.inputs.get(1) == ItemStack.of("lapis_lazuli", 4)
    assert experience.level_of(game) == 29


def test_the_enchantment_seed_comes_from_the_game_seed_and_survives_snapshots():
    a, b = table_game(seed=7), table_game(seed=7)
    assert enchantment_seed(a) == enchantment_seed(b)
    assert enchantment_seed(table_game(seed=8)) != enchantment_seed(a)
    snap = a.snapshot()
    before = enchantment_seed(a)
    state_of(a).seed = 1
    a.restore(snap)
    assert enchantment_seed(a) == before
