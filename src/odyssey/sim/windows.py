"""Container windows: vanilla's clicks on a menu's slots and the carried (cursor) stack.

``click(menu, slot, button, mode)`` is AbstractContainerMenu.doClick with vanilla's ClickType
numbering: 0 PICKUP, 1 QUICK_MOVE, 2 SWAP, 3 CLONE, 4 THROW, 5 QUICK_CRAFT, 6 PICKUP_ALL. Slots
and the menu base are in ``sim.slots``; the menus (InventoryMenu, CraftingMenu, FurnaceMenu) in
``sim.crafting`` and ``sim.furnace``. Stacks are immutable, so where vanilla grows a stack in
place we set a new one.
"""

from __future__ import annotations

from odyssey.sim.inventory import InventoryError, ItemStack
from odyssey.sim.slots import (
    ANY,
    ClickResult,
    Container,
    ItemList,
    Menu,
    Slot,
    can_item_quick_replace,
)

__all__ = ["ClickResult", "Container", "ItemList", "Menu", "Slot", "click", "drag", "drag_button"]

PICKUP, QUICK_MOVE, SWAP, CLONE, THROW, QUICK_CRAFT, PICKUP_ALL = range(7)
OUTSIDE = -999  # a click outside the window

# -- clicks --------------------------------------------------------------------------------


def click(menu: Menu, slot: int, button: int, mode: int) -> ClickResult:
    """AbstractContainerMenu.clicked/doClick: one click packet. Returns the stacks to drop and
    the experience earned; bad slot/button/mode numbers raise InventoryError."""
    _check_click(menu, slot, button, mode)
    menu.result = ClickResult()
    if mode == QUICK_CRAFT:
        _quick_craft(menu, slot, button)
    elif menu.quickcraft_status != 0:
        _reset_drag(menu)
    elif mode in (PICKUP, QUICK_MOVE):
        if slot == OUTSIDE:
            _click_outside(menu, button)
        elif mode == QUICK_MOVE:
            _quick_move(menu, slot)
        elif slot >= 0:
            _pickup(menu, menu.slots[slot], button)
    elif mode == SWAP:
        _swap(menu, menu.slots[slot], button)
    elif slot < 0:
        pass  # CLONE, THROW and PICKUP_ALL outside the window do nothing
    elif mode == CLONE:
        here = menu.slots[slot].item()
        if menu.creative and menu.carried is None and here is not None:
            menu.carried = here.with_count(here.max_stack_size)
    elif mode == THROW:
        if menu.carried is None:
            _throw(menu, menu.slots[slot], button)
    elif mode == PICKUP_ALL:
        _pickup_all(menu, menu.slots[slot], button)
    return menu.result


def _check_click(menu: Menu, slot: int, button: int, mode: int) -> None:
    if not 0 <= mode <= 6:
        raise InventoryError(f"click mode must be 0-6 (PICKUP, QUICK_MOVE, SWAP, CLONE, THROW, "
                             f"QUICK_CRAFT, PICKUP_ALL), got {mode}")  # fmt: skip
    if not (slot in (OUTSIDE, -1) or 0 <= slot < len(menu.slots)):
        raise InventoryError(f"click slot must be -999 (outside) or 0-{len(menu.slots) - 1} "
                             f"for this window, got {slot}")  # fmt: skip
    if mode in (PICKUP, QUICK_MOVE, THROW, PICKUP_ALL) and button not in (0, 1):
        raise InventoryError(f"click button must be 0 or 1 for mode {mode}, got {button}")
    if mode == SWAP and not (0 <= button <= 8 or button == 40):
        raise InventoryError(f"swap button must be a hotbar slot 0-8 or 40 (offhand), "
                             f"got {button}")  # fmt: skip
    if mode == SWAP and slot < 0:
        raise InventoryError(f"a swap (mode 2) needs a slot of the window, got {slot}")
    if mode == QUICK_CRAFT and button & 3 == 1 and slot < 0:
        raise InventoryError(f"a drag adds a slot of the window, got {slot}")


def _click_outside(menu: Menu, button: int) -> None:
    carried = menu.carried
    if carried is None:
        return
    if button == 0:
        menu.drop(carried, thrown=True)
        menu.carried = None
    else:
        menu.drop(carried.with_count(1), thrown=True)
        menu.carried = carried.with_count(carried.count - 1)


def _quick_move(menu: Menu, index: int) -> None:
    if index < 0 or not menu.slots[index].may_pickup():
        return
    slot = menu.slots[index]
    moved = menu.quick_move_stack(index)
    while moved is not None and moved.same_item(slot.item()):
        moved = menu.quick_move_stack(index)


def _pickup(menu: Menu, slot: Slot, button: int) -> None:
    here, carried = slot.item(), menu.carried
    if here is None:
        if carried is not None:
            menu.carried = slot.safe_insert(carried, carried.count if button == 0 else 1)
    elif slot.may_pickup():
        if carried is None:
            taken = slot.try_remove(here.count if button == 0 else (here.count + 1) // 2, ANY)
            if taken is not None:
                menu.carried = taken
                slot.on_take(taken)
        elif slot.may_place(carried):
            if here.same_item_same_components(carried):
                menu.carried = slot.safe_insert(carried, carried.count if button == 0 else 1)
            elif carried.count <= slot.max_stack(carried):
                menu.carried = here
                slot.set(carried)
        elif here.same_item_same_components(carried):
            taken = slot.try_remove(here.count, carried.max_stack_size - carried.count)
            if taken is not None:
                menu.carried = carried.with_count(carried.count + taken.count)
                slot.on_take(taken)


def _swap(menu: Menu, slot: Slot, button: int) -> None:
    inv = menu.inventory
    hot, here = inv.get(button), slot.item()
    if hot is None and here is None:
        return
    if hot is None:
        assert here is not None
        if slot.may_pickup():
            inv.set(button, here)
            slot.on_swap_craft(here.count)
            slot.set(None)
            slot.on_take(here)
    elif here is None:
        if slot.may_place(hot):
            limit = slot.max_stack(hot)
            slot.set(hot.with_count(min(limit, hot.count)))
            inv.set(button, hot.with_count(hot.count - limit))
    elif slot.may_pickup() and slot.may_place(hot):
        limit = slot.max_stack(hot)
        if hot.count > limit:
            slot.set(hot.with_count(limit))
            inv.set(button, hot.with_count(hot.count - limit))
            slot.on_take(here)
            menu.drop(inv.add(here), thrown=True)
        else:
            inv.set(button, here)
            slot.set(hot)
            slot.on_take(here)


def _throw(menu: Menu, slot: Slot, button: int) -> None:
    here = slot.item()
    amount = 1 if button == 0 else (here.count if here else 0)
    taken = slot.safe_take(amount, ANY)
    menu.drop(taken, thrown=True)
    # Ctrl+Q on a result slot keeps crafting while the same item comes back
    while button == 1 and taken is not None and taken.same_item(slot.item()):
        taken = slot.safe_take(amount, ANY)
        menu.drop(taken, thrown=True)


def _pickup_all(menu: Menu, clicked: Slot, button: int) -> None:
    carried = menu.carried
    if carried is None or (clicked.item() is not None and clicked.may_pickup()):
        return
    n = len(menu.slots)
    order = range(n) if button == 0 else range(n - 1, -1, -1)
    for sweep in range(2):  # full stacks are only taken on the second sweep
        for i in order:
            if carried.count >= carried.max_stack_size:
                break
            slot = menu.slots[i]
            here = slot.item()
            if here is None or not _collectable(menu, slot, carried):
                continue
            if sweep != 0 or here.count != here.max_stack_size:
                taken = slot.safe_take(here.count, carried.max_stack_size - carried.count)
                if taken is not None:
                    carried = carried.with_count(carried.count + taken.count)  # type: ignore[union-attr]
    menu.carried = carried


def _collectable(menu: Menu, slot: Slot, carried: ItemStack) -> bool:
    return (can_item_quick_replace(slot, carried, True) and slot.may_pickup()
            and menu.can_take_for_pick_all(carried, slot))  # fmt: skip


# -- dragging (QUICK_CRAFT) ----------------------------------------------------------------


def drag_button(stage: int, kind: int) -> int:
    """The button number of a drag packet: stage 0 start, 1 add slot, 2 end; kind 0 split
    evenly (left), 1 one each (right), 2 full stacks (middle, creative)."""
    return (kind & 3) << 2 | (stage & 3)


def _reset_drag(menu: Menu) -> None:
    menu.quickcraft_status = 0
    menu.quickcraft_slots = []


def _quick_craft(menu: Menu, slot_id: int, button: int) -> None:
    previous = menu.quickcraft_status
    menu.quickcraft_status = button & 3
    kind = (button >> 2) & 3
    in_order = previous == menu.quickcraft_status or (previous, menu.quickcraft_status) == (1, 2)
    if not in_order or menu.carried is None:
        _reset_drag(menu)
    elif menu.quickcraft_status == 0:
        menu.quickcraft_type = kind
        if kind in (0, 1) or (kind == 2 and menu.creative):
            menu.quickcraft_status = 1
            menu.quickcraft_slots = []
        else:
            _reset_drag(menu)
    elif menu.quickcraft_status == 1:
        slot, carried = menu.slots[slot_id], menu.carried
        enough = menu.quickcraft_type == 2 or carried.count > len(menu.quickcraft_slots)
        if enough and _droppable(menu, slot, carried) and slot not in menu.quickcraft_slots:
            menu.quickcraft_slots.append(slot)
    elif menu.quickcraft_status == 2:
        _end_drag(menu)
    else:
        _reset_drag(menu)


def _droppable(menu: Menu, slot: Slot, carried: ItemStack) -> bool:
    return (can_item_quick_replace(slot, carried, True) and slot.may_place(carried)
            and menu.can_drag_to(slot))  # fmt: skip


def _end_drag(menu: Menu) -> None:
    targets, kind, carried = menu.quickcraft_slots, menu.quickcraft_type, menu.carried
    assert carried is not None
    if not targets:
        _reset_drag(menu)
        return
    if len(targets) == 1:
        index = menu.slots.index(targets[0])
        _reset_drag(menu)
        _pickup(menu, menu.slots[index], kind)  # a one-slot drag is a plain click
        return
    per_slot = {0: carried.count // len(targets), 1: 1}.get(kind, carried.max_stack_size)
    left = carried.count
    for slot in targets:
        if (kind == 2 or carried.count >= len(targets)) and _droppable(menu, slot, carried):
            here = slot.item()
            have = here.count if here is not None else 0
            limit = min(carried.max_stack_size, slot.max_stack(carried))
            new = min(per_slot + have, limit)
            left -= new - have
            slot.set(carried.with_count(new))
    menu.carried = carried.with_count(left)
    _reset_drag(menu)


def drag(menu: Menu, slots: list[int], kind: int = 0) -> ClickResult:
    """A whole drag as the client sends it: start, one add per slot, end."""
    click(menu, OUTSIDE, drag_button(0, kind), QUICK_CRAFT)
    for slot in slots:
        click(menu, slot, drag_button(1, kind), QUICK_CRAFT)
    return click(menu, OUTSIDE, drag_button(2, kind), QUICK_CRAFT)
