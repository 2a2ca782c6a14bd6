"""Every click mode (AbstractContainerMenu.doClick) on the inventory, crafting and furnace
windows, with vanilla slot numbers."""

from __future__ import annotations

import pytest

from odyssey.sim.crafting import CraftingMenu, InventoryMenu
from odyssey.sim.furnace import FurnaceMenu, FurnaceState
from odyssey.sim.inventory import InventoryError, ItemStack, PlayerInventory
from odyssey.sim.stats import Stats
from odyssey.sim.windows import (
    CLONE,
    OUTSIDE,
    PICKUP,
    PICKUP_ALL,
    QUICK_MOVE,
    SWAP,
    THROW,
    click,
    drag,
)


def _menu(**slots: ItemStack) -> InventoryMenu:
    inv = PlayerInventory()
    for index, stack in slots.items():
        inv.set(int(index[1:]), stack)
    return InventoryMenu(inv, Stats())


def test_right_click_splits_and_places_one() -> None:
    menu = _menu(i0=ItemStack("stone", 64))  # hotbar 0 is window slot 36
    click(menu, 36, 1, PICKUP)
    assert menu.carried == ItemStack("stone", 32) and menu.inventory.get(0).count == 32
    click(menu, 9, 1, PICKUP)  # place one into main slot 9
    assert menu.inventory.get(9) == ItemStack("stone", 1) and menu.carried.count == 31
    click(menu, 9, 0, PICKUP)  # left-click merges the rest
    assert menu.inventory.get(9).count == 32 and menu.carried is None


def test_left_click_swaps_different_items() -> None:
    menu = _menu(i0=ItemStack("stone", 5), i1=ItemStack("dirt", 7))
    click(menu, 36, 0, PICKUP)
    click(menu, 37, 0, PICKUP)
    assert menu.carried == ItemStack("dirt", 7) and menu.inventory.get(1).item == "stone"


def test_click_outside_drops_and_counts() -> None:
    menu = _menu(i0=ItemStack("stone", 5))
    click(menu, 36, 0, PICKUP)
    one = click(menu, OUTSIDE, 1, PICKUP)
    assert one.drops == [ItemStack("stone", 1)] and menu.carried.count == 4
    rest = click(menu, OUTSIDE, 0, PICKUP)
    assert rest.drops == [ItemStack("stone", 4)] and menu.carried is None
    assert menu.stats.get("dropped", "stone") == 5 and menu.stats.get("custom", "drop") == 2


def test_shift_click_hotbar_to_main_and_back() -> None:
    menu = _menu(i0=ItemStack("stone", 20), i12=ItemStack("stone", 60))
    click(menu, 36, 0, QUICK_MOVE)  # hotbar -> main: merges into slot 12, then first empty (9)
    assert menu.inventory.get(12).count == 64 and menu.inventory.get(9).count == 16
    assert menu.inventory.get(0) is None
    click(menu, 9, 0, QUICK_MOVE)  # main -> hotbar: first empty hotbar slot
    assert menu.inventory.get(0).count == 16 and menu.inventory.get(9) is None


def test_shift_click_armour_goes_on_and_only_fits_its_slot() -> None:
    menu = _menu(i0=ItemStack("iron_helmet"), i1=ItemStack("stone"))
    click(menu, 36, 0, QUICK_MOVE)
    assert menu.inventory.get(39).item == "iron_helmet"  # window slot 5
    click(menu, 37, 0, PICKUP)
    click(menu, 6, 0, PICKUP)  # stone into the chest slot: refused
    assert menu.inventory.get(38) is None and menu.carried.item == "stone"


def test_number_key_swap() -> None:
    menu = _menu(i2=ItemStack("stone", 3), i20=ItemStack("dirt", 9))
    click(menu, 20, 2, SWAP)  # window 20 = inventory 20 <-> hotbar 2
    assert menu.inventory.get(2) == ItemStack("dirt", 9)
    assert menu.inventory.get(20) == ItemStack("stone", 3)
    click(menu, 20, 40, SWAP)  # with the offhand
    assert menu.inventory.get(40) == ItemStack("stone", 3) and menu.inventory.get(20) is None


def test_clone_only_in_creative() -> None:
    menu = _menu(i0=ItemStack("stone", 3))
    click(menu, 36, 2, CLONE)
    assert menu.carried is None
    menu.inventory.creative = True
    click(menu, 36, 2, CLONE)
    assert menu.carried == ItemStack("stone", 64) and menu.inventory.get(0).count == 3


def test_throw_one_and_stack() -> None:
    menu = _menu(i0=ItemStack("stone", 10))
    assert click(menu, 36, 0, THROW).drops == [ItemStack("stone", 1)]
    assert click(menu, 36, 1, THROW).drops == [ItemStack("stone", 9)]
    assert menu.inventory.get(0) is None and menu.stats.get("dropped", "stone") == 10


def test_drag_split_three_ways() -> None:
    menu = _menu(i0=ItemStack("stone", 64), i10=ItemStack("stone", 2))
    click(menu, 36, 0, PICKUP)
    drag(menu, [9, 10, 11])
    # 64 // 3 = 21 each (slot 10 had 2 -> 23); 64 - 63 = 1 left on the cursor
    assert [menu.inventory.get(i).count for i in (9, 10, 11)] == [21, 23, 21]
    assert menu.carried == ItemStack("stone", 1)


def test_right_drag_places_one_each_and_needs_enough_items() -> None:
    menu = _menu(i0=ItemStack("stone", 2))
    click(menu, 36, 0, PICKUP)
    drag(menu, [9, 10, 11], kind=1)  # only two items: the third slot is not added
    assert [menu.inventory.get(i) for i in (9, 10, 11)] == [ItemStack("stone")] * 2 + [None]
    assert menu.carried is None


def test_double_click_collects_non_full_stacks_first() -> None:
    menu = _menu(i0=ItemStack("stone", 10), i9=ItemStack("stone", 64), i15=ItemStack("stone", 5))
    click(menu, 36, 0, PICKUP)
    click(menu, 36, 0, PICKUP_ALL)
    # first sweep takes non-full stacks (5), the second takes from full ones up to 64
    assert menu.carried.count == 64
    assert menu.inventory.get(15) is None and menu.inventory.get(9).count == 15


def test_close_returns_carried_and_grid() -> None:
    menu = _menu(i0=ItemStack("oak_log", 2))
    click(menu, 36, 1, PICKUP)
    click(menu, 1, 0, PICKUP)
    assert menu.result_box.get(0) == ItemStack("oak_planks", 4)
    assert menu.close() == []
    assert menu.inventory.get(0).count == 2 and menu.grid.items == [None] * 4


def test_crafting_table_shift_click_fills_grid_first() -> None:
    inv = PlayerInventory()
    inv.set(0, ItemStack("cobblestone", 8))
    menu = CraftingMenu(inv, Stats())
    click(menu, 37, 0, QUICK_MOVE)  # hotbar 0 is window slot 37: goes into grid slot 1
    assert menu.grid.get(0) == ItemStack("cobblestone", 8) and inv.get(0) is None
    click(menu, 1, 0, QUICK_MOVE)  # back out of the grid: first empty of 10..45 (main 9)
    assert inv.get(9) == ItemStack("cobblestone", 8)


def test_furnace_shift_click_routes_fuel_and_smeltables() -> None:
    inv = PlayerInventory()
    inv.set(0, ItemStack("coal", 5))
    inv.set(1, ItemStack("beef", 3))
    inv.set(2, ItemStack("stone", 3))
    inv.set(3, ItemStack("diamond", 2))
    menu = FurnaceMenu(FurnaceState(), inv, Stats())
    click(menu, 30, 0, QUICK_MOVE)
    click(menu, 31, 0, QUICK_MOVE)
    click(menu, 32, 0, QUICK_MOVE)  # stone smelts, but the ingredient slot is taken: stays
    click(menu, 33, 0, QUICK_MOVE)  # neither: hotbar -> main
    assert menu.furnace.items[:2] == [ItemStack("beef", 3), ItemStack("coal", 5)]
    assert inv.get(2) == ItemStack("stone", 3)
    assert inv.get(3) is None and inv.get(9) == ItemStack("diamond", 2)
    click(menu, 31, 0, PICKUP)
    assert menu.carried is None  # nothing left there


def test_fuel_slot_refuses_non_fuel() -> None:
    inv = PlayerInventory()
    inv.set(0, ItemStack("beef", 3))
    menu = FurnaceMenu(FurnaceState("smoker"), inv, Stats())
    click(menu, 30, 0, PICKUP)
    click(menu, 1, 0, PICKUP)
    assert menu.furnace.items[1] is None and menu.carried == ItemStack("beef", 3)


def test_bad_clicks_are_errors() -> None:
    menu = _menu()
    with pytest.raises(InventoryError, match="mode must be 0-6"):
        click(menu, 9, 0, 7)
    with pytest.raises(InventoryError, match="0-45"):
        click(menu, 46, 0, PICKUP)
    with pytest.raises(InventoryError, match="hotbar slot 0-8 or 40"):
        click(menu, 9, 9, SWAP)
