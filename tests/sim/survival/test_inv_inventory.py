"""Item stacks and the player's inventory: vanilla Inventory.add order, slot names, damage."""

from __future__ import annotations

import pytest

from odyssey.sim.inventory import (
    OFFHAND,
    InventoryError,
    ItemStack,
    PlayerInventory,
    equipment_slot,
    slot_index,
)
from odyssey.world.items import ItemError


def test_stack_basics_and_registry_sizes() -> None:
    assert ItemStack("minecraft:stone", 3).item == "stone"
    assert ItemStack("stone").max_stack_size == 64
    assert ItemStack("ender_pearl").max_stack_size == 16
    assert ItemStack("diamond_sword").max_stack_size == 1
    assert ItemStack.of("stone", 1, max_stack_size=99).max_stack_size == 99
    named = ItemStack.of("stone", 5, custom_name="Rock")
    assert not named.same_item_same_components(ItemStack("stone", 5))
    assert named.same_item(ItemStack("stone"))
    assert hash(ItemStack.of("bow", 1, enchantments={"power": 2})) is not None
    with pytest.raises(ItemError, match="stonee"):
        ItemStack("stonee")
    with pytest.raises(InventoryError, match="count"):
        ItemStack("stone", 0)


def test_durability_hurts_and_breaks() -> None:
    pick = ItemStack("wooden_pickaxe")
    assert pick.max_damage == 59 and not pick.is_damaged()
    worn = pick.hurt(58)
    assert worn is not None and worn.damage == 58 and worn.is_damaged()
    assert not worn.is_stackable()
    assert worn.hurt(1) is None  # damage reaches max_damage: broken
    assert ItemStack("stone", 3).hurt(5) == ItemStack("stone", 3)  # not damageable


def test_add_prefers_selected_then_offhand_then_index_order() -> None:
    inv = PlayerInventory()
    inv.set(3, ItemStack("stone", 10))
    inv.set(20, ItemStack("stone", 60))
    inv.set(OFFHAND, ItemStack("stone", 1))
    inv.select(5)
    inv.set(5, ItemStack("stone", 63))
    assert inv.add(ItemStack("stone", 70)) is None
    # selected slot first (63 -> 64), then the offhand (1 -> 64), then slot 3 (10 -> 16)
    assert inv.get(5).count == 64 and inv.get(OFFHAND).count == 64
    assert inv.get(3).count == 16 and inv.get(20).count == 60


def test_add_fills_empty_slots_from_zero_and_returns_the_rest() -> None:
    inv = PlayerInventory()
    for i in range(36):
        if i != 7:
            inv.set(i, ItemStack("dirt", 64))
    rest = inv.add(ItemStack("stone", 100))
    assert inv.get(7) == ItemStack("stone", 64)
    assert rest == ItemStack("stone", 36)


def test_unstackable_and_damaged_items_take_free_slots() -> None:
    inv = PlayerInventory()
    inv.set(0, ItemStack("dirt"))
    inv.add(ItemStack("diamond_sword"))
    inv.add(ItemStack("wooden_pickaxe").hurt(3))
    assert inv.get(1).item == "diamond_sword" and inv.get(2).damage == 3
    inv.creative = True
    for i in range(36):
        inv.set(i, ItemStack("dirt", 64))
    assert inv.add(ItemStack("stone", 5)) is None  # creative keeps nothing back


def test_count_find_remove_copy() -> None:
    inv = PlayerInventory()
    inv.set(12, ItemStack("coal", 5))
    inv.set(2, ItemStack("coal", 3))
    assert inv.count("minecraft:coal") == 8 and inv.find("coal") == 2
    assert inv.remove("coal", 4) == 4
    assert inv.get(2) is None and inv.get(12).count == 4
    snap = inv.copy()
    inv.remove("coal", 10)
    assert snap.count("coal") == 4 and inv.count("coal") == 0


def test_slot_names() -> None:
    assert slot_index("weapon.mainhand", selected=4) == 4
    assert slot_index("weapon.offhand") == 40
    assert [slot_index(f"armor.{p}") for p in ("feet", "legs", "chest", "head")] == [36, 37, 38, 39]
    assert slot_index("hotbar.8") == 8 and slot_index("inventory.0") == 9
    assert slot_index("inventory.26") == 35
    with pytest.raises(InventoryError, match=r"hotbar\.0-8"):
        slot_index("hotbar.9")


def test_equipment_slots() -> None:
    assert equipment_slot(ItemStack("iron_helmet")) == "head"
    assert equipment_slot(ItemStack("carved_pumpkin")) == "head"
    assert equipment_slot(ItemStack("elytra")) == "chest"
    assert equipment_slot(ItemStack("golden_leggings")) == "legs"
    assert equipment_slot(ItemStack("leather_boots")) == "feet"
    assert equipment_slot(ItemStack("shield")) == "offhand"
    assert equipment_slot(ItemStack("stone")) == "mainhand"
