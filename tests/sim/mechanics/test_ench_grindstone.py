"""The grindstone: strip the enchantments but the curses and get experience back, merge two
damaged pickaxes (+5 %), an enchanted book back to a book."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import click_screen
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import experience
from odyssey.sim.mechanics.grindstone import GrindstoneMenu, compute_result, experience_amount
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
STONE = (3, GROUND, 0)
PICKUP, QUICK_MOVE = 0, 1


def grind_game() -> tuple[Game, GrindstoneMenu]:
    game = playground.survival_game(seed=9, difficulty="peaceful")
    reg = game.world.registry
    game.set_block(STONE, reg.state_of("grindstone", {"face": "floor", "facing": "north"}))
    game.run(5)
    look_at(game, STONE[0] + 0.5, GROUND + 0.5, 0.5)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.tick()
    assert game.survival.menu_kind == "grindstone"
    return game, game.survival.menu  # type: ignore[return-value]


def put(game: Game, stack: ItemStack) -> None:
    inv = game.survival.inventory
    slot = next(i for i in range(9) if inv.get(i) is None)
    inv.set(slot, stack)
    click_screen(game, 30 + slot, 0, QUICK_MOVE)


def test_grindstone_strips_enchantments_and_returns_experience():
    game, menu = grind_game()
    s = game.survival
    sword = ItemStack.of("diamond_sword", damage=10, repair_cost=3,
                         enchantments={"sharpness": 3, "vanishing_curse": 1})  # fmt: skip
    put(game, sword)
    result = menu.output.get(0)
    assert result is not None and result.enchantments == {"vanishing_curse": 1}
    assert result.damage == 10 and result.component("repair_cost") == 1
    before = s.experience
    start = len(game.events)
    click_screen(game, 2, 0, QUICK_MOVE)
    # sharpness III's minimum cost is 1 + 2 * 11 = 23: ceil(23/2) = 12, plus rand(12)
    assert 12 <= s.experience - before <= 23
    assert experience.level_of(game) >= 1
    assert s.inventory.count("diamond_sword") == 1 and menu.inputs.get(0) is None
    assert "block.grindstone.use" in [e.detail for e in game.events[start:] if e.kind == "sound"]


def test_grindstone_merges_two_pickaxes_and_unenchants_books():
    a = ItemStack.of("iron_pickaxe", damage=200, enchantments={"efficiency": 3})
    b = ItemStack.of("iron_pickaxe", damage=200, enchantments={"binding_curse": 1})
    merged = compute_result(a, b)
    # 50 + 50 + 250 * 5 // 100 = 112 left -> damage 138; only the curse stays
    assert merged is not None and merged.damage == 138
    assert merged.enchantments == {"binding_curse": 1}
    book = ItemStack.of("enchanted_book", stored_enchantments={"mending": 1})
    assert compute_result(book, None) == ItemStack.of("book")
    assert compute_result(ItemStack.of("iron_pickaxe"), None) is None  # nothing to remove
    assert compute_result(a, ItemStack.of("diamond_pickaxe")) is None
    assert experience_amount(None, ItemStack.of("stick"), None) == 0


def test_only_damageable_or_enchanted_items_go_in():
    game, menu = grind_game()
    put(game, ItemStack.of("stick", 5))
    assert menu.inputs.get(0) is None and game.survival.inventory.count("stick") == 5
