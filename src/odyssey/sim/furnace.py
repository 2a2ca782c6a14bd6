"""Furnaces, smokers and blast furnaces: the block entity's tick and its window.

``FurnaceState.tick`` is AbstractFurnaceBlockEntity.serverTick; ``FurnaceMenu`` is
AbstractFurnaceMenu (slots 0 ingredient, 1 fuel, 2 result, 3-29 main, 30-38 hotbar) with
FurnaceFuelSlot and FurnaceResultSlot. Smokers and blast furnaces cook their recipes in half the
time (the registry's cooking ticks) and burn fuel for half as long (their getBurnDuration).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from odyssey.sim.inventory import (
    InventoryError,
    ItemStack,
    PlayerInventory,
    Stack,
    crafting_remainder,
)
from odyssey.sim.slots import Menu, Slot
from odyssey.sim.stats import Stats
from odyssey.world.items import Cooking, items

INPUT, FUEL, RESULT = 0, 1, 2
KINDS = ("furnace", "smoker", "blast_furnace")
DEFAULT_COOK_TICKS = 200  # getTotalCookTime without a recipe


@dataclass
class FurnaceState:
    """One furnace block entity: its three slots, burn and cook timers, and the recipes it has
    cooked since experience was last taken (vanilla's ``RecipesUsed``)."""

    kind: str = "furnace"
    items: list[Stack] = field(default_factory=lambda: [None, None, None])
    lit_time: int = 0  # litTimeRemaining
    lit_duration: int = 0  # litTotalTime
    cooking_progress: int = 0  # cookingTimer
    cooking_total_time: int = DEFAULT_COOK_TICKS
    recipes_used: dict[Cooking, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InventoryError(f"furnace kind must be one of {', '.join(KINDS)}, "
                                 f"got {self.kind!r}")  # fmt: skip

    @property
    def lit(self) -> bool:
        return self.lit_time > 0

    def get(self, index: int) -> Stack:
        return self.items[index]

    def set(self, index: int, stack: Stack) -> None:
        """AbstractFurnaceBlockEntity.setItem: a new kind of ingredient restarts cooking."""
        same = stack is not None and stack.same_item_same_components(self.items[index])
        self.items[index] = stack
        if index == INPUT and not same:
            self.cooking_total_time = self.cook_ticks()
            self.cooking_progress = 0

    def recipe(self) -> Cooking | None:
        here = self.items[INPUT]
        return items().cooking(self.kind, here.item) if here is not None else None

    def cook_ticks(self) -> int:
        recipe = self.recipe()
        return recipe.ticks if recipe is not None else DEFAULT_COOK_TICKS

    def burn_ticks(self, stack: Stack) -> int:
        """getBurnDuration: the fuel table, halved by smokers and blast furnaces."""
        if stack is None:
            return 0
        ticks = items().fuel_ticks(stack.item)
        return ticks if self.kind == "furnace" else ticks // 2

    def _can_burn(self, recipe: Cooking | None) -> bool:
        """AbstractFurnaceBlockEntity.canBurn: an ingredient with a recipe and room for it."""
        if self.items[INPUT] is None or recipe is None:
            return False
        made, out = ItemStack(recipe.result, recipe.count), self.items[RESULT]
        if out is None:
            return True
        if not out.same_item_same_components(made):
            return False
        if out.count < 99 and out.count < out.max_stack_size:
            return True
        return out.count < made.max_stack_size

    def _burn(self, recipe: Cooking) -> None:
        """AbstractFurnaceBlockEntity.burn: one ingredient becomes one result."""
        out = self.items[RESULT]
        made = ItemStack(recipe.result, recipe.count)
        self.items[RESULT] = made if out is None else out.with_count(out.count + 1)
        ingredient = self.items[INPUT]
        assert ingredient is not None
        fuel = self.items[FUEL]
        if ingredient.item == "wet_sponge" and fuel is not None and fuel.item == "bucket":
            self.items[FUEL] = ItemStack("water_bucket")
        self.items[INPUT] = ingredient.with_count(ingredient.count - 1)
        self.recipes_used[recipe] = self.recipes_used.get(recipe, 0) + 1

    def tick(self) -> bool:
        """AbstractFurnaceBlockEntity.serverTick; returns whether the block's ``lit`` property
        changed (the caller updates the block state)."""
        was_lit = self.lit
        if self.lit:
            self.lit_time -= 1
        fuel, ingredient = self.items[FUEL], self.items[INPUT]
        if self.lit or (fuel is not None and ingredient is not None):
            recipe = self.recipe()
            if not self.lit and self._can_burn(recipe):
                self._light(fuel)
            if self.lit and self._can_burn(recipe):
                self.cooking_progress += 1
                if self.cooking_progress == self.cooking_total_time:
                    self.cooking_progress = 0
                    self.cooking_total_time = self.cook_ticks()  # before the ingredient goes
                    assert recipe is not None
                    self._burn(recipe)
            else:
                self.cooking_progress = 0
        elif self.cooking_progress > 0:  # cooling down: progress falls back twice as fast
            self.cooking_progress = max(0, min(self.cooking_progress - 2, self.cooking_total_time))
        return was_lit != self.lit

    def _light(self, fuel: Stack) -> None:
        self.lit_time = self.lit_duration = self.burn_ticks(fuel)
        if self.lit and fuel is not None:
            left = fuel.with_count(fuel.count - 1)
            self.items[FUEL] = left if left is not None else crafting_remainder(fuel.item)

    def take_experience(self, rng: np.random.Generator) -> int:
        """awardUsedRecipesAndPopExperience: per recipe, floor(n * xp) plus one more with the
        chance of the fraction; the record is cleared."""
        total = 0
        for recipe, n in self.recipes_used.items():
            amount = n * recipe.experience
            whole = math.floor(amount)
            total += whole + int(amount - whole > 0 and rng.random() < amount - whole)
        self.recipes_used.clear()
        return total


class FuelSlot(Slot):
    """FurnaceFuelSlot: fuels, and empty buckets (for the wet sponge), one bucket at a time."""

    def may_place(self, stack: ItemStack) -> bool:
        return items().fuel_ticks(stack.item) > 0 or stack.item == "bucket"

    def max_stack(self, stack: ItemStack) -> int:
        return 1 if stack.item == "bucket" else super().max_stack(stack)


class FurnaceResultSlot(Slot):
    """FurnaceResultSlot: take-only; taking counts ``crafted`` and pops the stored xp."""

    def __init__(self, menu: FurnaceMenu, furnace: FurnaceState) -> None:
        super().__init__(menu, furnace, RESULT)
        self.furnace_menu = menu
        self.remove_count = 0

    def may_place(self, stack: ItemStack) -> bool:
        return False

    def remove(self, amount: int) -> Stack:
        here = self.item()
        if here is not None:
            self.remove_count += min(amount, here.count)
        return super().remove(amount)

    def on_take(self, stack: ItemStack) -> None:
        self._award(stack)

    def on_quick_craft(self, original: ItemStack, moved: int) -> None:
        if moved > 0:
            self.remove_count += moved
            self._award(original)

    def _award(self, stack: ItemStack) -> None:
        if self.remove_count > 0:
            self.menu.stats.add("crafted", stack.item, self.remove_count)
        menu = self.furnace_menu
        menu.result.experience += menu.furnace.take_experience(menu.rng)
        self.remove_count = 0


class FurnaceMenu(Menu):
    """AbstractFurnaceMenu: 0 ingredient, 1 fuel, 2 result, 3-29 main (inventory 9-35), 30-38
    hotbar (inventory 0-8). ``rng`` rolls the experience fractions (the game's stream)."""

    def __init__(
        self,
        furnace: FurnaceState,
        inventory: PlayerInventory,
        stats: Stats | None = None,
        rng: np.random.Generator | None = None,
    ) -> None:
        super().__init__(inventory, stats)
        self.furnace = furnace
        self.rng = rng if rng is not None else np.random.default_rng(0)
        self.add_slot(Slot(self, furnace, INPUT))
        self.add_slot(FuelSlot(self, furnace, FUEL))
        self.add_slot(FurnaceResultSlot(self, furnace))
        for i in range(9, 36):
            self.add_slot(Slot(self, inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, inventory, i))

    def quick_move_stack(self, index: int) -> Stack:
        """AbstractFurnaceMenu.quickMoveStack: smeltables to the ingredient slot, fuels to the
        fuel slot, else between main and hotbar."""
        kind = self.furnace.kind

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            if index == RESULT:
                return self.move_item_stack_to(stack, 3, 39, True)
            if index in (INPUT, FUEL):
                return self.move_item_stack_to(stack, 3, 39, False)
            if items().cooking(kind, stack.item) is not None:
                return self.move_item_stack_to(stack, 0, 1, False)
            if items().fuel_ticks(stack.item) > 0:
                return self.move_item_stack_to(stack, 1, 2, False)
            if 3 <= index < 30:
                return self.move_item_stack_to(stack, 30, 39, False)
            return self.move_item_stack_to(stack, 3, 30, False)

        return self.quick_move_common(index, route, result_slot=RESULT)


def open_furnace(furnace: FurnaceState, inventory: PlayerInventory, stats: Stats,
                 rng: np.random.Generator | None = None) -> FurnaceMenu:  # fmt: skip
    """AbstractFurnaceBlock.openContainer: open the window and count interact_with_<kind>."""
    stats.add("custom", f"interact_with_{furnace.kind}")
    return FurnaceMenu(furnace, inventory, stats, rng)
