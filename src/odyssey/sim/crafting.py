"""The player's inventory screen and the crafting table: 2x2 and 3x3 grids with a result slot,
and ``craft()``, the recipe-book path for scripted agents.

Vanilla classes: InventoryMenu, CraftingMenu, AbstractCraftingMenu, ResultSlot, ArmorSlot,
ServerPlaceRecipe. Slot numbers are vanilla's (see each menu's docstring).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from odyssey.sim.inventory import (
    HEAD,
    OFFHAND,
    InventoryError,
    ItemStack,
    PlayerInventory,
    Stack,
    crafting_remainder,
    equipment_slot,
    usable_for_crafting,
)
from odyssey.sim.slots import ItemList, Menu, Slot
from odyssey.sim.stats import Stats
from odyssey.sim.windows import QUICK_MOVE, click
from odyssey.world.items import Recipe, items, strip_namespace

ARMOR_ORDER = ("feet", "legs", "chest", "head")  # EquipmentSlot.getIndex(): feet 0 .. head 3


class CraftingError(InventoryError):
    """A craft that cannot be done: no such recipe, missing ingredients, grid too small."""


class CraftResultSlot(Slot):
    """ResultSlot: shows the recipe's output, cannot be placed into; taking counts ``crafted``
    (by ``removeCount``, as vanilla: a right-click takes the whole result but counts half)
    and uses up one of each ingredient."""

    def __init__(self, menu: CraftingGridMenu, container: ItemList) -> None:
        super().__init__(menu, container, 0)
        self.grid_menu = menu
        self.remove_count = 0

    def may_place(self, stack: ItemStack) -> bool:
        return False

    def remove(self, amount: int) -> Stack:
        here = self.item()  # ResultContainer.removeItem takes the whole stack
        if here is not None:
            self.remove_count += min(amount, here.count)
            self.container.set(0, None)
        return here

    def on_quick_craft(self, original: ItemStack, moved: int) -> None:
        if moved > 0:
            self.remove_count += moved
            self._award(original)

    def on_swap_craft(self, amount: int) -> None:
        self.remove_count += amount

    def on_take(self, stack: ItemStack) -> None:
        self._award(stack)
        self.grid_menu.use_ingredients()

    def _award(self, stack: ItemStack) -> None:
        if self.remove_count > 0:
            self.menu.stats.add("crafted", stack.item, self.remove_count)
        self.remove_count = 0


class ArmorSlot(Slot):
    """InventoryMenu's ArmorSlot: one piece for its body part; Curse of Binding keeps it on
    (outside creative)."""

    def __init__(self, menu: Menu, inventory: PlayerInventory, index: int, part: str) -> None:
        super().__init__(menu, inventory, index)
        self.part = part

    def may_place(self, stack: ItemStack) -> bool:
        return equipment_slot(stack) == self.part

    def max_stack(self, stack: ItemStack) -> int:
        return 1

    def may_pickup(self) -> bool:
        here = self.item()
        bound = here is not None and "binding_curse" in {strip_namespace(e) for e in
                                                         here.enchantments}  # fmt: skip
        return not (bound and not self.menu.creative)


class CraftingGridMenu(Menu):
    """AbstractCraftingMenu: a square grid whose changes recompute the result slot."""

    width = 2

    def __init__(self, inventory: PlayerInventory, stats: Stats | None = None) -> None:
        super().__init__(inventory, stats)
        self.grid = ItemList([None] * self.width * self.width)
        self.result_box = ItemList([None])
        self.recipe: Recipe | None = None
        self.add_slot(CraftResultSlot(self, self.result_box))
        for i in range(self.width * self.width):
            self.add_slot(Slot(self, self.grid, i))

    def slot_changed(self, slot: Slot) -> None:
        if slot.container is self.grid:
            self.update_result()

    def update_result(self) -> None:
        """CraftingMenu.slotChangedCraftingGrid: the matched recipe's output, or nothing."""
        names = [s.item if s is not None else None for s in self.grid.items]
        self.recipe = items().match_crafting(names, self.width)
        made = ItemStack(self.recipe.result, self.recipe.count) if self.recipe else None
        self.result_box.set(0, made)

    def use_ingredients(self) -> None:
        """ResultSlot.onTake: one of each ingredient goes; containers (buckets) stay behind."""
        for i, here in enumerate(self.grid.items):
            if here is None:
                continue
            left = crafting_remainder(here.item)
            here = here.with_count(here.count - 1)
            if left is not None and here is None:
                here = left
            elif left is not None and here is not None and here.same_item_same_components(left):
                here = left.with_count(left.count + here.count)
            elif left is not None:
                self.drop(self.inventory.add(left), thrown=False)
            self.grid.set(i, here)
        self.update_result()

    def can_take_for_pick_all(self, stack: ItemStack, slot: Slot) -> bool:
        return slot.container is not self.result_box

    def can_drag_to(self, slot: Slot) -> bool:
        return slot.container is not self.result_box

    def close(self) -> list[ItemStack]:
        """Closing the screen: carried stack, then the grid, back into the inventory."""
        drops = super().close()
        self.result_box.set(0, None)
        for i, here in enumerate(self.grid.items):
            self.grid.set(i, None)
            drops += self.inventory.place_back(here)
        self.recipe = None
        return drops


class InventoryMenu(CraftingGridMenu):
    """The player's own screen: 0 result, 1-4 the 2x2 grid, 5-8 armour head..feet, 9-35 main
    (inventory 9-35), 36-44 hotbar (inventory 0-8), 45 offhand."""

    width = 2

    def __init__(self, inventory: PlayerInventory, stats: Stats | None = None) -> None:
        super().__init__(inventory, stats)
        for i, part in enumerate(reversed(ARMOR_ORDER)):
            self.add_slot(ArmorSlot(self, inventory, HEAD - i, part))
        for i in range(9, 36):
            self.add_slot(Slot(self, inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, inventory, i))
        self.add_slot(Slot(self, inventory, OFFHAND))

    def quick_move_stack(self, index: int) -> Stack:
        """InventoryMenu.quickMoveStack."""

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            part = equipment_slot(stack)
            if index == 0:
                return self.move_item_stack_to(stack, 9, 45, True)
            if 1 <= index < 9:
                return self.move_item_stack_to(stack, 9, 45, False)
            if part in ARMOR_ORDER:
                target = 8 - ARMOR_ORDER.index(part)
                if self.slots[target].item() is None:
                    return self.move_item_stack_to(stack, target, target + 1, False)
            if part == "offhand" and self.slots[45].item() is None:
                return self.move_item_stack_to(stack, 45, 46, False)
            if 9 <= index < 36:
                return self.move_item_stack_to(stack, 36, 45, False)
            if 36 <= index < 45:
                return self.move_item_stack_to(stack, 9, 36, False)
            return self.move_item_stack_to(stack, 9, 45, False)

        return self.quick_move_common(index, route, result_slot=0)


class CraftingMenu(CraftingGridMenu):
    """The crafting table: 0 result, 1-9 the 3x3 grid, 10-36 main (inventory 9-35), 37-45
    hotbar (inventory 0-8)."""

    width = 3

    def __init__(self, inventory: PlayerInventory, stats: Stats | None = None) -> None:
        super().__init__(inventory, stats)
        for i in range(9, 36):
            self.add_slot(Slot(self, inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, inventory, i))

    def quick_move_stack(self, index: int) -> Stack:
        """CraftingMenu.quickMoveStack: inventory items go into the grid first."""

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            if index == 0:
                return self.move_item_stack_to(stack, 10, 46, True)
            if 10 <= index < 46:
                moved, rest = self.move_item_stack_to(stack, 1, 10, False)
                if moved:
                    return moved, rest
                if index < 37:
                    return self.move_item_stack_to(stack, 37, 46, False)
                return self.move_item_stack_to(stack, 10, 37, False)
            return self.move_item_stack_to(stack, 10, 46, False)

        return self.quick_move_common(index, route, result_slot=0)


def open_crafting_table(inventory: PlayerInventory, stats: Stats) -> CraftingMenu:
    """CraftingTableBlock.useWithoutItem: open the table and count the interaction."""
    stats.add("custom", "interact_with_crafting_table")
    return CraftingMenu(inventory, stats)


# -- the recipe-book path ------------------------------------------------------------------


@dataclass
class CraftOutcome:
    """What ``craft`` did: how many times, the result item and how many were made, and the
    stacks that did not fit (to drop at the player)."""

    times: int
    item: str
    count: int
    drops: list[ItemStack] = field(default_factory=list)


def _fits(recipe: Recipe, width: int) -> bool:
    if recipe.kind == "shaped":
        return recipe.width <= width and recipe.height <= width
    return len(recipe.ingredients) <= width * width


def _cells(recipe: Recipe, width: int) -> list[tuple[int, frozenset[str]]]:
    """Grid cells and ingredient choices, placed from the top-left as the recipe book does."""
    if recipe.kind != "shaped":
        return [(i, s) for i, s in enumerate(s for s in recipe.ingredients if s)]
    return [((i // recipe.width) * width + i % recipe.width, s)
            for i, s in enumerate(recipe.ingredients) if s]  # fmt: skip


def _choose(cells: list[tuple[int, frozenset[str]]], have: Counter[str]) -> list[str] | None:
    """One item per cell from what the inventory holds (the most plentiful choice first)."""
    if not cells:
        return []
    for name in sorted(cells[0][1], key=lambda n: (-have[n], n)):
        if have[name] <= 0:
            break
        have[name] -= 1
        rest = _choose(cells[1:], have)
        have[name] += 1
        if rest is not None:
            return [name, *rest]
    return None


def _usable(inventory: PlayerInventory) -> Counter[str]:
    counts: Counter[str] = Counter()
    for i in range(36):
        here = inventory.get(i)
        if here is not None and usable_for_crafting(here):
            counts[here.item] += here.count
    return counts


def _take_one(inventory: PlayerInventory, name: str) -> ItemStack:
    """Inventory.findSlotMatchingCraftingIngredient + removeItem(slot, 1): lowest index."""
    for i in range(36):
        here = inventory.get(i)
        if here is not None and here.item == name and usable_for_crafting(here):
            inventory.set(i, here.with_count(here.count - 1))
            return here.with_count(1)  # type: ignore[return-value]
    raise AssertionError(f"{name} was counted but not found")


def _recipes(target: Recipe | str, width: int) -> list[Recipe]:
    recipes = [target] if isinstance(target, Recipe) else items().recipes_for(target)
    if not recipes:
        raise CraftingError(f"no crafting recipe makes {target!r}")
    fitting = [r for r in recipes if _fits(r, width)]
    if not fitting:
        raise CraftingError(f"{recipes[0].result} needs a 3x3 crafting table, not the "
                            f"{width}x{width} inventory grid")  # fmt: skip
    return fitting


def craft(inventory: PlayerInventory, target: Recipe | str, times: int = 1,
          grid_size: int = 2, stats: Stats | None = None) -> CraftOutcome:  # fmt: skip
    """Craft ``times`` times as a player with the recipe book would: ingredients move from the
    inventory into the grid (ServerPlaceRecipe) and the result is shift-clicked out, so stats
    and where the result lands are the GUI's. Stops early when ingredients run out; a craft
    that cannot happen once raises CraftingError naming what is missing."""
    if grid_size not in (2, 3):
        raise CraftingError(f"grid_size must be 2 (inventory) or 3 (crafting table), "
                            f"got {grid_size}")  # fmt: skip
    if times < 1:
        raise CraftingError(f"times must be >= 1, got {times}")
    recipes = _recipes(target, grid_size)
    stats = stats if stats is not None else Stats()
    menu: CraftingGridMenu = (InventoryMenu if grid_size == 2 else CraftingMenu)(inventory, stats)
    outcome = CraftOutcome(0, recipes[0].result, 0)
    for _ in range(times):
        outcome.drops += _clear_grid(menu)
        placed = _place(menu, recipes)
        if placed is None:
            break
        before = stats.get("crafted", placed.result)
        outcome.drops += click(menu, 0, 0, QUICK_MOVE).drops
        made = stats.get("crafted", placed.result) - before
        if made == 0:
            break  # no room for the result
        outcome.times, outcome.item, outcome.count = outcome.times + 1, placed.result, (
            outcome.count + made)  # fmt: skip
    outcome.drops += menu.close()
    if outcome.times == 0:
        raise CraftingError(_why_not(inventory, recipes, menu))
    return outcome


def _clear_grid(menu: CraftingGridMenu) -> list[ItemStack]:
    """ServerPlaceRecipe.clearGrid: what is left in the grid goes back to the inventory."""
    drops: list[ItemStack] = []
    for i, here in enumerate(menu.grid.items):
        menu.grid.set(i, None)
        drops += menu.inventory.place_back(here)
    return drops


def _place(menu: CraftingGridMenu, recipes: list[Recipe]) -> Recipe | None:
    """Move one craft's ingredients from the inventory into the empty grid."""
    have = _usable(menu.inventory)
    for recipe in recipes:
        cells = _cells(recipe, menu.width)
        chosen = _choose(cells, have)
        if chosen is None:
            continue
        for (cell, _), name in zip(cells, chosen, strict=True):
            menu.grid.set(cell, _take_one(menu.inventory, name))
        menu.update_result()
        return recipe
    menu.update_result()
    return None


def _why_not(inventory: PlayerInventory, recipes: list[Recipe], menu: CraftingGridMenu) -> str:
    have = _usable(inventory)
    cells = _cells(recipes[0], menu.width)
    if _choose(cells, Counter(have)) is not None:
        return f"no room in the inventory for {recipes[0].result}"
    needs = Counter(" or ".join(sorted(s)) if len(s) < 4 else f"any of {len(s)} kinds"
                    for _, s in cells)  # fmt: skip
    wanted = ", ".join(f"{n} x {what}" for what, n in needs.items())
    return f"not enough ingredients to craft {recipes[0].result}: needs {wanted}"
