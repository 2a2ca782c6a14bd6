"""Crafting through the windows as a player clicks, and the recipe-book ``craft`` path."""

from __future__ import annotations

import pytest

from odyssey.sim.crafting import CraftingError, InventoryMenu, craft, open_crafting_table
from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.stats import Stats
from odyssey.sim.windows import PICKUP, QUICK_MOVE, SWAP, click, drag


def test_log_to_wooden_pickaxe_by_clicks() -> None:
    inv, stats = PlayerInventory(), Stats()
    inv.add(ItemStack("oak_log", 3))
    menu = InventoryMenu(inv, stats)
    # planks: the 3 logs into the 2x2 grid, shift-click the result (crafts 3 times)
    click(menu, 36, 0, PICKUP)
    click(menu, 1, 0, PICKUP)
    click(menu, 0, 0, QUICK_MOVE)
    assert inv.get(8) == ItemStack("oak_planks", 12)  # results fill from the hotbar's end
    assert menu.grid.items == [None] * 4 and stats.get("crafted", "oak_planks") == 12
    # sticks: one plank above another (grid slots 1 and 3)
    click(menu, 44, 0, PICKUP)
    click(menu, 1, 1, PICKUP)
    click(menu, 3, 1, PICKUP)
    click(menu, 0, 0, PICKUP)  # the cursor holds planks: sticks cannot join them
    assert menu.carried == ItemStack("oak_planks", 10) and inv.count("stick") == 0
    click(menu, 44, 0, PICKUP)
    click(menu, 0, 0, PICKUP)
    assert menu.carried == ItemStack("stick", 4) and stats.get("crafted", "stick") == 4
    assert menu.grid.items == [None] * 4
    click(menu, 36, 0, PICKUP)
    # crafting table: drag 10 planks over the grid (2 each), take it with number key 2
    click(menu, 44, 0, PICKUP)
    drag(menu, [1, 2, 3, 4])
    assert [s.count for s in menu.grid.items] == [2, 2, 2, 2]
    assert menu.carried == ItemStack("oak_planks", 2)
    click(menu, 44, 0, PICKUP)
    click(menu, 0, 1, SWAP)
    assert inv.get(1) == ItemStack("crafting_table")
    assert [s.count for s in menu.grid.items] == [1, 1, 1, 1]
    assert menu.close() == []  # the 4 planks go back onto hotbar 8
    assert inv.get(8) == ItemStack("oak_planks", 6)
    # the pickaxe at the table: planks along the top row, sticks down the middle
    table = open_crafting_table(inv, stats)
    assert stats.get("custom", "interact_with_crafting_table") == 1
    click(table, 45, 0, PICKUP)  # hotbar 8 is table slot 45
    drag(table, [1, 2, 3])
    assert table.carried is None
    click(table, 37, 0, PICKUP)  # the sticks
    click(table, 5, 1, PICKUP)
    click(table, 8, 1, PICKUP)
    assert table.result_box.get(0) == ItemStack("wooden_pickaxe")
    click(table, 37, 0, PICKUP)
    click(table, 0, 0, QUICK_MOVE)
    assert inv.get(8) == ItemStack("wooden_pickaxe")
    # one plank left in each top slot is a slab recipe: shift-clicking stopped at a new item
    assert table.result_box.get(0) == ItemStack("oak_slab", 6)
    assert table.close() == []
    assert inv.count("oak_planks") == 3 and inv.count("stick") == 2
    assert stats.category("crafted") == {"oak_planks": 12, "stick": 4, "crafting_table": 1,
                                         "wooden_pickaxe": 1}  # fmt: skip


def test_shift_click_crafts_until_ingredients_run_out() -> None:
    inv, stats = PlayerInventory(), Stats()
    inv.set(0, ItemStack("oak_planks", 64))
    inv.set(1, ItemStack("oak_planks", 30))
    menu = InventoryMenu(inv, stats)
    click(menu, 36, 0, PICKUP)
    click(menu, 1, 0, PICKUP)
    click(menu, 37, 0, PICKUP)
    click(menu, 3, 0, PICKUP)
    click(menu, 0, 0, QUICK_MOVE)  # 30 crafts of 4 sticks
    assert stats.get("crafted", "stick") == 120
    assert inv.get(8) == ItemStack("stick", 64) and inv.get(7) == ItemStack("stick", 56)
    assert menu.grid.get(0) == ItemStack("oak_planks", 34) and menu.grid.get(2) is None


def test_right_click_on_result_counts_half_as_vanilla() -> None:
    inv, stats = PlayerInventory(), Stats()
    inv.set(0, ItemStack("oak_log"))
    menu = InventoryMenu(inv, stats)
    click(menu, 36, 0, PICKUP)
    click(menu, 1, 0, PICKUP)
    click(menu, 0, 1, PICKUP)  # ResultSlot.remove counts min(2, 4); the whole result comes
    assert menu.carried == ItemStack("oak_planks", 4)
    assert stats.get("crafted", "oak_planks") == 2


def test_buckets_stay_in_the_grid_after_a_cake() -> None:
    inv, stats = PlayerInventory(), Stats()
    for item, n in (("milk_bucket", 1), ("milk_bucket", 1), ("milk_bucket", 1), ("sugar", 2),
                    ("egg", 1), ("wheat", 3)):  # fmt: skip
        inv.add(ItemStack(item, n))
    out = craft(inv, "cake", 1, grid_size=3, stats=stats)
    assert (out.times, out.item, out.count) == (1, "cake", 1)
    assert inv.count("cake") == 1 and inv.count("bucket") == 3 and inv.count("milk_bucket") == 0
    assert inv.count("sugar") == 0 and stats.get("crafted", "cake") == 1


def test_craft_api_chain_and_errors() -> None:
    inv, stats = PlayerInventory(), Stats()
    inv.add(ItemStack("birch_log", 2))
    assert craft(inv, "birch_planks", 5, stats=stats).times == 2  # runs out after 2
    assert craft(inv, "stick", 1, stats=stats).count == 4
    with pytest.raises(CraftingError, match="3x3 crafting table"):
        craft(inv, "wooden_pickaxe", 1, grid_size=2)
    out = craft(inv, "wooden_pickaxe", 1, grid_size=3, stats=stats)
    assert out.count == 1 and inv.count("wooden_pickaxe") == 1
    assert inv.count("birch_planks") == 3 and inv.count("stick") == 2
    with pytest.raises(CraftingError, match="not enough ingredients"):
        craft(inv, "crafting_table", 1)
    with pytest.raises(CraftingError, match="no crafting recipe"):
        craft(inv, "bedrock", 1)
    assert stats.category("crafted") == {"birch_planks": 8, "stick": 4, "wooden_pickaxe": 1}


def test_craft_mixes_plank_kinds_and_skips_named_items() -> None:
    inv = PlayerInventory()
    inv.set(0, ItemStack("oak_planks", 2))
    inv.set(1, ItemStack("spruce_planks", 2))
    inv.set(2, ItemStack.of("oak_planks", 5, custom_name="Keep"))
    craft(inv, "crafting_table")
    assert inv.count("crafting_table") == 1 and inv.get(2).count == 5
