"""The storage containers' windows: vanilla's ChestMenu (``generic_9x3``, ``generic_9x6``),
ShulkerBoxMenu (``shulker_box``) and HopperMenu (``hopper``).

Every one lists the container's slots first, then the player's 27 main slots (inventory 9-35)
and the 9 hotbar slots (inventory 0-8), as vanilla numbers them. Shift-click is their shared
quickMoveStack: from the container to the inventory filling from the hotbar's end backwards,
from the inventory into the container from its first slot. ``CompoundContainer`` joins the two
halves of a double chest (the ``right`` half first, vanilla's DoubleBlockCombiner FIRST).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from odyssey.sim.inventory import ItemStack, PlayerInventory, Stack
from odyssey.sim.slots import Container, Menu, Slot
from odyssey.sim.stats import Stats

# Vanilla's menu types by container size (MenuType.GENERIC_9x3 ...)
MENU_TYPES = {27: "generic_9x3", 54: "generic_9x6", 5: "hopper"}


def is_shulker_box(item: str) -> bool:
    """Items that cannot go inside another container item (BlockItem.canFitInsideContainerItems)."""
    return item.endswith("shulker_box")


class CompoundContainer:
    """Vanilla's CompoundContainer: two containers seen as one (slots of ``first`` first)."""

    def __init__(self, first: Container, second: Container, size: int) -> None:
        self.first, self.second, self.size = first, second, size

    def get(self, index: int) -> Stack:
        if index < self.size:
            return self.first.get(index)
        return self.second.get(index - self.size)

    def set(self, index: int, stack: Stack) -> None:
        if index < self.size:
            self.first.set(index, stack)
        else:
            self.second.set(index - self.size, stack)


class ShulkerBoxSlot(Slot):
    """ShulkerBoxSlot: anything but another shulker box."""

    def may_place(self, stack: ItemStack) -> bool:
        return not is_shulker_box(stack.item)


class ContainerMenu(Menu):
    """ChestMenu / ShulkerBoxMenu / HopperMenu: ``size`` container slots then the inventory.

    ``kind`` is the screen's name, as ``Survival.menu_kind`` and the renderer call it:
    vanilla's menu type (``generic_9x3`` for a chest, ``generic_9x6`` for a double chest,
    ``shulker_box``, ``hopper``) or, where the title differs, the block (``barrel``,
    ``ender_chest``: generic_9x3 screens). ``on_close`` runs once when the screen closes (the
    lid's sound, a barrel's ``open`` property)."""

    def __init__(
        self,
        kind: str,
        container: Container,
        size: int,
        inventory: PlayerInventory,
        stats: Stats | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(inventory, stats)
        self.kind, self.container, self.size = kind, container, size
        self.on_close = on_close
        slot = ShulkerBoxSlot if kind == "shulker_box" else Slot
        for i in range(size):
            self.add_slot(slot(self, container, i))
        for i in range(9, 36):
            self.add_slot(Slot(self, inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, inventory, i))

    @property
    def menu_type(self) -> str:
        """Vanilla's MenuType id of this window."""
        return "shulker_box" if self.kind == "shulker_box" else MENU_TYPES[self.size]

    def container_stacks(self) -> list[Stack]:
        return [self.container.get(i) for i in range(self.size)]

    def quick_move_stack(self, index: int) -> Stack:
        """ChestMenu.quickMoveStack (ShulkerBoxMenu and HopperMenu are the same)."""
        n = self.size

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            if index < n:
                return self.move_item_stack_to(stack, n, len(self.slots), True)
            return self.move_item_stack_to(stack, 0, n, False)

        return self.quick_move_common(index, route, result_slot=None)

    def close(self) -> list[ItemStack]:
        drops = super().close()
        if self.on_close is not None:
            done, self.on_close = self.on_close, None
            done()
        return drops


def generic_menu(kind: str, containers: Sequence[Container], inventory: PlayerInventory,
                 stats: Stats | None = None, on_close: Callable[[], None] | None = None,
                 size: int = 27) -> ContainerMenu:  # fmt: skip
    """The window of one container (or the two halves of a double chest, right half first)."""
    if len(containers) == 2:
        joined = CompoundContainer(containers[0], containers[1], size)
        return ContainerMenu(kind, joined, 2 * size, inventory, stats, on_close)
    return ContainerMenu(kind, containers[0], size, inventory, stats, on_close)
