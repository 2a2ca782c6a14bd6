"""The anvil: rename an enchanted sword (1 level, ``custom_name``), combine two damaged iron
pickaxes (durabilities + 12 %, enchantments merged), repair with ingots, enchanted books,
"Too Expensive!", the prior work penalty, and the anvil wearing out."""

from __future__ import annotations

import numpy as np

from odyssey.sim import playground
from odyssey.sim.actions import click_screen
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import experience
from odyssey.sim.mechanics.anvil import AnvilMenu, create_result, damage_anvil, set_name
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
ANVIL = (3, GROUND, 0)
PICKUP, QUICK_MOVE = 0, 1


def hold(game: Game, ticks: int, **keys: bool) -> None:
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.tick()


def anvil_game(levels: int = 30) -> Game:
    game = playground.survival_game(seed=5, difficulty="peaceful")
    reg = game.world.registry
    game.set_block(ANVIL, reg.state_of("anvil", {"facing": "north"}))
    experience.add_levels(game, levels)
    game.run(1)
    return game


def open_anvil(game: Game) -> AnvilMenu:
    game.run(4)
    look_at(game, ANVIL[0] + 0.5, GROUND + 0.9, 0.5)
    hold(game, 1, use=True)
    assert game.survival.menu_kind == "anvil"
    return game.survival.menu  # type: ignore[return-value]


def put(game: Game, stack: ItemStack) -> None:
    """Give ``stack`` and shift-click it from the hotbar into the anvil."""
    inv = game.survival.inventory
    slot = next(i for i in range(9) if inv.get(i) is None)
    inv.set(slot, stack)
    click_screen(game, 30 + slot, 0, QUICK_MOVE)


def take_result(game: Game) -> ItemStack | None:
    s = game.survival
    click_screen(game, 2, 0, PICKUP)
    carried, s.menu.carried = s.menu.carried, None  # type: ignore[union-attr]
    return carried


def pickaxe(damage: int, **components) -> ItemStack:
    return ItemStack.of("iron_pickaxe", damage=damage, **components)


def test_rename_an_enchanted_sword_costs_one_level():
    game = anvil_game(levels=5)
    menu = open_anvil(game)
    put(game, ItemStack.of("diamond_sword", enchantments={"sharpness": 3}))
    assert menu.inputs.get(0) is not None and menu.cost == 0 and menu.output.get(0) is None
    assert set_name(game, "Excalibur")
    assert menu.cost == 1
    start = len(game.events)
    sword = take_result(game)
    assert sword is not None and sword.component("custom_name") == "Excalibur"
    assert sword.enchantments == {"sharpness": 3}
    assert sword.component("repair_cost") is None  # a rename alone adds no work penalty
    assert experience.level_of(game) == 4
    assert menu.inputs.get(0) is None and menu.output.get(0) is None
    assert any(e.detail.startswith("block.anvil.") for e in game.events[start:])


def test_combine_two_damaged_iron_pickaxes():
    game = anvil_game(levels=30)
    menu = open_anvil(game)
    put(game, pickaxe(200, enchantments={"efficiency": 2}))
    put(game, pickaxe(180, enchantments={"efficiency": 2, "unbreaking": 1}))
    # durability 50 + 70 + 250 * 12 // 100 = 150 -> damage 100; efficiency II+II -> III
    assert menu.cost == 2 + 1 * 3 + 2 * 1
    result = take_result(game)
    assert result is not None and result.damage == 100
    assert result.enchantments == {"efficiency": 3, "unbreaking": 1}
    assert result.component("repair_cost") == 1
    assert experience.level_of(game) == 30 - 7
    assert menu.inputs.get(0) is None and menu.inputs.get(1) is None


def test_repair_with_ingots_uses_a_quarter_each():
    r = create_result(pickaxe(200), ItemStack.of("iron_ingot", 5), None, creative=False)
    # 200 -> 138 -> 76 -> 14 -> 0: four ingots, 4 levels
    assert r.result is not None and r.result.damage == 0 and r.repair_items == 4 and r.cost == 4
    game = anvil_game(levels=30)
    menu = open_anvil(game)
    put(game, pickaxe(200))
    put(game, ItemStack.of("iron_ingot", 2))
    assert menu.cost == 2
    result = take_result(game)
    assert result is not None and result.damage == 76
    assert menu.inputs.get(1) is None and experience.level_of(game) == 28
    # an undamaged tool cannot be repaired
    assert create_result(pickaxe(0), ItemStack.of("iron_ingot"), None, False).result is None


def test_enchanted_books_and_incompatible_enchantments():
    book = ItemStack.of("enchanted_book", stored_enchantments={"sharpness": 4})
    r = create_result(ItemStack.of("diamond_sword"), book, None, False)
    assert r.result is not None and r.result.enchantments == {"sharpness": 4} and r.cost == 4
    # smite on a sharpness sword: dropped, 1 level for the conflict; nothing else -> no result
    smite = ItemStack.of("enchanted_book", stored_enchantments={"smite": 5})
    sharp = ItemStack.of("diamond_sword", enchantments={"sharpness": 4})
    assert create_result(sharp, smite, None, False).result is None
    # a book on a book keeps both; sharpness V max
    five = ItemStack.of("enchanted_book", stored_enchantments={"sharpness": 5})
    r = create_result(five, ItemStack.of("enchanted_book", stored_enchantments={"sharpness": 5}),
                      None, False)  # fmt: skip
    assert dict(r.result.component("stored_enchantments")) == {"sharpness": 5}  # type: ignore[union-attr]
    # an enchantment the item cannot take is not applied
    assert create_result(ItemStack.of("bow"), book, None, False).result is None


def test_too_expensive_in_survival_but_not_creative():
    left = pickaxe(200, repair_cost=31)
    right = pickaxe(200, repair_cost=7)
    r = create_result(left, right, None, creative=False)
    assert r.cost == 31 + 7 + 2 and r.result is None  # "Too Expensive!"
    assert create_result(left, right, None, creative=True).result is not None
    # a rename alone is capped at 39
    r = create_result(pickaxe(0, repair_cost=63), None, "Pick", creative=False)
    assert r.cost == 39 and r.result is not None
    assert r.result.component("repair_cost") == 63  # a rename alone keeps the penalty
    game = anvil_game(levels=50)
    menu = open_anvil(game)
    put(game, left)
    put(game, right)
    assert menu.too_expensive and menu.output.get(0) is None
    assert take_result(game) is None and experience.level_of(game) == 50


def test_not_enough_levels_keeps_the_result_in_place():
    game = anvil_game(levels=0)
    menu = open_anvil(game)
    put(game, ItemStack.of("iron_sword"))
    set_name(game, "Stinger")
    assert menu.cost == 1 and menu.output.get(0) is not None
    assert take_result(game) is None
    assert menu.output.get(0) is not None and menu.inputs.get(0) is not None


def test_prior_work_penalty_doubles():
    stack = ItemStack.of("diamond_sword")
    costs = []
    for n in range(4):
        r = create_result(stack, None, f"Blade {n}", False)
        stack = r.result  # type: ignore[assignment]
        costs.append(stack.component("repair_cost", 0))
    assert costs == [0, 0, 0, 0]  # renaming alone does not add to it
    r = create_result(stack, ItemStack.of("enchanted_book", stored_enchantments={"unbreaking": 1}),
                      None, False)  # fmt: skip
    assert r.result.component("repair_cost") == 1  # type: ignore[union-attr]
    r2 = create_result(r.result, ItemStack.of("enchanted_book", stored_enchantments={"mending": 1}),
                       None, False)  # fmt: skip
    assert r2.result.component("repair_cost") == 3 and r2.cost == 1 + 2  # type: ignore[union-attr]


def test_anvil_wears_chipped_damaged_then_breaks():
    game = anvil_game()
    s = game.survival
    s.rng = np.random.default_rng(1)
    seen = ["anvil"]
    for _ in range(400):
        damage_anvil(game, ANVIL, creative=False)
        name = game.world.registry.block_of(game.world.get_block(*ANVIL)).name
        if name != seen[-1]:
            seen.append(name)
        if name == "air":
            break
    assert seen == ["anvil", "chipped_anvil", "damaged_anvil", "air"]
    assert any(e.detail == "block.anvil.destroy" for e in game.events)


def test_the_screen_closes_when_the_anvil_breaks_and_gives_the_items_back():
    game = anvil_game()
    s = game.survival
    open_anvil(game)
    assert s.stats.get("custom", "interact_with_anvil") == 1
    put(game, pickaxe(100))
    game.set_block(ANVIL, game.world.registry.state_of("damaged_anvil", {"facing": "north"}))
    game.tick()
    assert s.menu_kind == "anvil"  # a damaged anvil is still an anvil
    game.set_block(ANVIL, game.world.registry.default_state("air"))
    game.tick()
    assert s.menu is None and s.menu_kind == ""
    assert s.inventory.count("iron_pickaxe") == 1
