"""Menu building blocks: containers, slots and the menu base with the carried stack.

Vanilla's Slot, AbstractContainerMenu (moveItemStackTo, the shape of quickMoveStack) and
Player.drop as far as windows use them; ``sim.windows`` holds the clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from odyssey.sim.inventory import CONTAINER_MAX, ItemStack, PlayerInventory, Stack
from odyssey.sim.stats import Stats

ANY = 2**31 - 1  # Integer.MAX_VALUE, "no limit" in tryRemove


class Container(Protocol):
    def get(self, index: int) -> Stack: ...
    def set(self, index: int, stack: Stack) -> None: ...


@dataclass
class ItemList:
    """A plain container (a crafting grid, a result slot): a list of stacks."""

    items: list[Stack]

    def get(self, index: int) -> Stack:
        return self.items[index]

    def set(self, index: int, stack: Stack) -> None:
        self.items[index] = stack


class Slot:
    """Vanilla's Slot: one index of a container as a menu shows it."""

    def __init__(self, menu: Menu, container: Container, index: int) -> None:
        self.menu, self.container, self.index = menu, container, index

    def item(self) -> Stack:
        return self.container.get(self.index)

    def set(self, stack: Stack) -> None:
        """Slot.setByPlayer: store and tell the menu (crafting grids recompute their result)."""
        self.container.set(self.index, stack)
        self.menu.slot_changed(self)

    def may_place(self, stack: ItemStack) -> bool:
        return True

    def may_pickup(self) -> bool:
        return True

    def max_stack(self, stack: ItemStack) -> int:
        """Slot.getMaxStackSize(stack)."""
        return min(CONTAINER_MAX, stack.max_stack_size)

    def remove(self, amount: int) -> Stack:
        """Slot.remove: split ``amount`` off the stored stack."""
        here = self.item()
        if here is None or amount <= 0:
            return None
        taken = min(amount, here.count)
        self.set(here.with_count(here.count - taken))
        return here.with_count(taken)

    def on_take(self, stack: ItemStack) -> None:
        """Slot.onTake: result slots count stats and use up ingredients here."""

    def on_quick_craft(self, original: ItemStack, moved: int) -> None:
        """Slot.onQuickCraft(stack, amount) after a shift-click moved ``moved`` items."""

    def on_swap_craft(self, amount: int) -> None:
        """Slot.onSwapCraft."""

    def allow_modification(self) -> bool:
        here = self.item()
        return self.may_pickup() and (here is None or self.may_place(here))

    def try_remove(self, count: int, limit: int) -> Stack:
        """Slot.tryRemove: take ``min(count, limit)`` (a slot one cannot put back into, such
        as a result slot, only gives its whole stack)."""
        here = self.item()
        if not self.may_pickup() or here is None:
            return None
        if not self.allow_modification() and limit < here.count:
            return None
        taken = self.remove(min(count, limit))
        if taken is not None and self.item() is None:
            self.set(None)
        return taken

    def safe_take(self, count: int, limit: int) -> Stack:
        taken = self.try_remove(count, limit)
        if taken is not None:
            self.on_take(taken)
        return taken

    def safe_insert(self, stack: ItemStack, amount: int) -> Stack:
        """Slot.safeInsert: put up to ``amount`` of ``stack`` in; returns the rest."""
        if not self.may_place(stack):
            return stack
        here = self.item()
        have = here.count if here is not None else 0
        moved = min(amount, stack.count, self.max_stack(stack) - have)
        if moved <= 0:
            return stack
        if here is None:
            self.set(stack.with_count(moved))
        elif here.same_item_same_components(stack):
            self.set(here.with_count(have + moved))
        else:
            return stack
        return stack.with_count(stack.count - moved)


@dataclass
class ClickResult:
    """What a click leaves for the caller: stacks to spawn as thrown item entities and
    experience to award (taking from a furnace)."""

    drops: list[ItemStack] = field(default_factory=list)
    experience: int = 0


class Menu:
    """AbstractContainerMenu: slots, the carried stack and drag (quick craft) state."""

    def __init__(self, inventory: PlayerInventory, stats: Stats | None = None) -> None:
        self.inventory = inventory
        self.stats = stats if stats is not None else Stats()
        self.slots: list[Slot] = []
        self.carried: Stack = None
        self.quickcraft_status = 0
        self.quickcraft_type = 0
        self.quickcraft_slots: list[Slot] = []
        self.result = ClickResult()

    @property
    def creative(self) -> bool:
        return self.inventory.creative

    def add_slot(self, slot: Slot) -> Slot:
        self.slots.append(slot)
        return slot

    def slot_changed(self, slot: Slot) -> None:
        """Called after a slot's stack is replaced (Container.setChanged -> slotsChanged)."""

    def quick_move_stack(self, index: int) -> Stack:
        """Menu.quickMoveStack: shift-click one slot; returns the stack as it was (None:
        nothing moved)."""
        return None

    def can_take_for_pick_all(self, stack: ItemStack, slot: Slot) -> bool:
        return True

    def can_drag_to(self, slot: Slot) -> bool:
        return True

    def drop(self, stack: Stack, thrown: bool) -> None:
        """Player.drop: hand a stack to the caller; a thrown one counts ``dropped`` and
        ``custom:drop``."""
        if stack is None:
            return
        self.result.drops.append(stack)
        if thrown:
            self.stats.add("dropped", stack.item, stack.count)
            self.stats.add("custom", "drop")

    def move_item_stack_to(self, stack: ItemStack, start: int, end: int, reverse: bool
                           ) -> tuple[bool, Stack]:  # fmt: skip
        """AbstractContainerMenu.moveItemStackTo: merge into matching stacks of slots
        [start, end), then into the first empty slot; returns (anything moved, the rest)."""
        order = range(end - 1, start - 1, -1) if reverse else range(start, end)
        moved = False
        rest: Stack = stack
        if stack.is_stackable():
            for i in order:
                if rest is None:
                    break
                slot = self.slots[i]
                here = slot.item()
                if here is None or not rest.same_item_same_components(here):
                    continue
                limit = slot.max_stack(here)
                room = limit - here.count
                if room > 0:
                    put = min(room, rest.count)
                    slot.set(here.with_count(here.count + put))
                    rest = rest.with_count(rest.count - put)
                    moved = True
        if rest is not None:
            for i in order:
                slot = self.slots[i]
                if slot.item() is None and slot.may_place(rest):
                    put = min(rest.count, slot.max_stack(rest))
                    slot.set(rest.with_count(put))
                    rest = rest.with_count(rest.count - put)
                    moved = True
                    break
        return moved, rest

    def quick_move_common(self, index: int, route: Callable[[ItemStack], tuple[bool, Stack]],
                          result_slot: int | None) -> Stack:  # fmt: skip
        """The shared shape of every quickMoveStack: route the stack, store the rest, let a
        result slot count and consume (its overflow is dropped unthrown)."""
        slot = self.slots[index]
        original = slot.item()
        if original is None:
            return None
        moved, rest = route(original)
        if not moved:
            return None
        slot.container.set(slot.index, rest)  # vanilla shrank the stored stack in place
        if index == result_slot:
            slot.on_quick_craft(original, original.count - (rest.count if rest else 0))
        slot.set(rest)
        if rest is not None and rest.count == original.count:
            return None
        slot.on_take(original)
        if index == result_slot and rest is not None:
            self.drop(rest, thrown=False)
        return original

    def close(self) -> list[ItemStack]:
        """AbstractContainerMenu.removed: the carried stack goes back into the inventory;
        returns what did not fit (to drop)."""
        drops = self.inventory.place_back(self.carried)
        self.carried = None
        return drops


def can_item_quick_replace(slot: Slot, stack: Stack, size_matters: bool) -> bool:
    """AbstractContainerMenu.canItemQuickReplace."""
    here = slot.item()
    if here is not None and stack is not None and stack.same_item_same_components(here):
        return here.count + (0 if size_matters else stack.count) <= stack.max_stack_size
    return here is None
