"""The grindstone: vanilla's GrindstoneMenu (menu ``grindstone``; slots 0 and 1 the inputs,
2 the result, then the 27 main and 9 hotbar slots).

The inputs take damageable or enchanted items. One item alone loses its enchantments but the
curses (an enchanted book with none left becomes a book); two of the same item merge their
durabilities plus 5 % of the maximum and keep the curses of both. The result's prior work
penalty becomes that of its remaining enchantments (2n+1 per enchantment). Taking the result
uses up both inputs and gives back experience: the sum of the removed enchantments' minimum
costs ``s``, then ``ceil(s/2) + rand(ceil(s/2))`` points, and plays ``block.grindstone.use``.

Deliberate difference: the experience goes straight into the player's bar instead of orbs
spawned at the grindstone.
"""

from __future__ import annotations

import math

from odyssey.sim.inventory import ItemStack, Stack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.anvil import enchantments_of, increased_repair_cost
from odyssey.sim.mechanics.enchant_data import ENCHANTMENTS, is_curse
from odyssey.sim.mechanics.stations import StationMenu, open_station
from odyssey.sim.slots import ItemList, Slot

KIND = "grindstone"
TOP, BOTTOM, RESULT = 0, 1, 2


def _key(stack: ItemStack) -> str:
    return "stored_enchantments" if stack.item == "enchanted_book" else "enchantments"


def has_enchantments(stack: ItemStack) -> bool:
    """EnchantmentHelper.hasAnyEnchantments."""
    return bool(stack.component("enchantments")) or bool(stack.component("stored_enchantments"))


def remove_non_curses(stack: ItemStack) -> ItemStack:
    """GrindstoneMenu.removeNonCursesFrom."""
    kept = {k: v for k, v in enchantments_of(stack).items() if is_curse(k)}
    stack = stack.with_component(_key(stack), kept or None)
    if stack.item == "enchanted_book" and not kept:
        stack = ItemStack("book", stack.count, stack.components)
    work = 0
    for _ in kept:
        work = increased_repair_cost(work)
    return stack.with_component("repair_cost", work or None)


def merge(top: ItemStack, bottom: ItemStack) -> Stack:
    """GrindstoneMenu.mergeItems."""
    if top.item != bottom.item:
        return None
    most = max(top.max_damage, bottom.max_damage)
    left = top.max_damage - top.damage
    other = bottom.max_damage - bottom.damage
    total = left + other + most * 5 // 100
    count = 1
    if not top.is_damageable():
        if top.max_stack_size < 2 or top != bottom:
            return None
        count = 2
    out = ItemStack(top.item, count, top.components)
    if out.is_damageable():
        out = out.with_component("max_damage", most if most != out.type.max_damage else None)
        out = out.with_component("damage", max(most - total, 0) or None)
    have = enchantments_of(out)
    for name, level in enchantments_of(bottom).items():
        if is_curse(name) and have.get(name, 0) == 0:
            have[name] = level
    out = out.with_component(_key(out), have or None)
    return remove_non_curses(out)


def compute_result(top: Stack, bottom: Stack) -> Stack:
    """GrindstoneMenu.computeResult."""
    if top is None and bottom is None:
        return None
    if (top is not None and top.count > 1) or (bottom is not None and bottom.count > 1):
        return None
    if top is not None and bottom is not None:
        return merge(top, bottom)
    alone = top if top is not None else bottom
    assert alone is not None
    return remove_non_curses(alone) if has_enchantments(alone) else None


def experience_from(stack: Stack) -> int:
    """GrindstoneMenu.getExperienceFromItem: the minimum costs of its non-curse enchantments."""
    if stack is None:
        return 0
    total = 0
    for name, level in enchantments_of(stack).items():
        e = ENCHANTMENTS.get(name)
        if e is not None and not e.curse:
            total += e.min_cost(level)
    return total


def experience_amount(top: Stack, bottom: Stack, rng) -> int:
    """GrindstoneMenu.getExperienceAmount."""
    total = experience_from(top) + experience_from(bottom)
    if total <= 0:
        return 0
    half = math.ceil(total / 2)
    return half + int(rng.integers(0, half))


class InputSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return stack.is_damageable() or has_enchantments(stack)


class ResultSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return False

    def on_take(self, stack: ItemStack) -> None:
        self.menu.on_take()  # type: ignore[attr-defined]


class GrindstoneMenu(StationMenu):
    blocks = frozenset({"grindstone"})

    def __init__(self, game, pos: tuple[int, int, int]) -> None:
        s = game.survival
        super().__init__(s.inventory, s.stats, 2)
        self.game, self.pos = game, pos
        self.output = ItemList([None])
        self.add_slot(InputSlot(self, self.inputs, TOP))
        self.add_slot(InputSlot(self, self.inputs, BOTTOM))
        self.add_slot(ResultSlot(self, self.output, 0))
        self.add_inventory_slots()

    def slot_changed(self, slot: Slot) -> None:
        if slot.container is self.inputs:
            self.refresh()

    def refresh(self) -> None:
        self.output.set(0, compute_result(self.inputs.get(TOP), self.inputs.get(BOTTOM)))

    def on_take(self) -> None:
        """The result slot's onTake: experience, the sound, both inputs used up."""
        top, bottom = self.inputs.get(TOP), self.inputs.get(BOTTOM)
        self.result.experience += experience_amount(top, bottom, self.game.survival.rng)
        hooks.sound(self.game, "block.grindstone.use", self.pos)
        self.inputs.set(TOP, None)
        self.inputs.set(BOTTOM, None)
        self.refresh()

    def quick_move_stack(self, index: int) -> Stack:
        """GrindstoneMenu.quickMoveStack."""
        n = len(self.slots)
        full = self.inputs.get(TOP) is not None and self.inputs.get(BOTTOM) is not None

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            if index in (TOP, BOTTOM, RESULT):
                return self.move_item_stack_to(stack, 3, n, index == RESULT)
            if not full:
                return self.move_item_stack_to(stack, TOP, RESULT, False)
            if index < 30:
                return self.move_item_stack_to(stack, 30, n, False)
            return self.move_item_stack_to(stack, 3, 30, False)

        return self.quick_move_common(index, route, result_slot=RESULT)


def open_grindstone(game, pos: tuple[int, int, int]) -> GrindstoneMenu:
    menu = GrindstoneMenu(game, pos)
    open_station(game, pos, KIND, menu)
    return menu


@hooks.on_use_block("grindstone")
def use(game, hit, held) -> bool:
    """Right-click: open the grindstone's screen (statistic ``interact_with_grindstone``)."""
    open_grindstone(game, tuple(hit.pos))
    game.survival.stats.add("custom", "interact_with_grindstone")
    return True
