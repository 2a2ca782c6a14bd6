"""The anvil: vanilla's AnvilMenu (menu ``anvil``; slots 0 left, 1 right, 2 result, then the
27 main and 9 hotbar slots) for ``anvil``, ``chipped_anvil`` and ``damaged_anvil``.

``create_result`` is AnvilMenu.createResult: repair with the item's material (each unit mends
a quarter of the maximum durability, 1 level each), combine two of the same item (their
durabilities plus 12 % of the maximum, 2 levels; the right item's enchantments merged: equal
levels go up one up to the maximum, incompatible ones cost 1 level each and are dropped, each
kept one costs its anvil cost times its level, halved for a book), rename (1 level; blank
removes a custom name), plus the prior work penalty of both inputs (``repair_cost``, which the
result raises to 2n+1). A cost of 40 or more is "Too Expensive!" in survival (a rename alone is
capped at 39). Taking the result spends the levels, uses up the inputs, and damages the anvil
with chance 0.12 (anvil -> chipped -> damaged -> gone; sounds ``block.anvil.use`` and
``block.anvil.destroy``). ``set_name(game, text)`` is the rename packet (at most 50
characters); placing an item in the left slot resets the name to that item's, as the screen's
text box does.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.inventory import ItemStack, Stack
from odyssey.sim.mechanics import experience, hooks
from odyssey.sim.mechanics.enchant_data import ENCHANTMENTS, bare, can_enchant, compatible
from odyssey.sim.mechanics.stations import StationMenu, open_station
from odyssey.sim.player import SimError
from odyssey.sim.slots import ItemList, Slot

KIND = "anvil"
LEFT, RIGHT, RESULT = 0, 1, 2
ANVILS = ("anvil", "chipped_anvil", "damaged_anvil")
NEXT_DAMAGE = {"anvil": "chipped_anvil", "chipped_anvil": "damaged_anvil", "damaged_anvil": None}
TOO_EXPENSIVE = 40
MAX_NAME = 50
BREAK_CHANCE = 0.12


@dataclass(frozen=True)
class AnvilResult:
    result: Stack
    cost: int  # the level cost shown (0: none)
    repair_items: int = 0  # material units used up by a repair
    only_renaming: bool = False


def enchantments_of(stack: ItemStack) -> dict[str, int]:
    """EnchantmentHelper.getEnchantmentsForCrafting: a book's stored ones, else its own."""
    key = "stored_enchantments" if stack.item == "enchanted_book" else "enchantments"
    return {bare(k): int(v) for k, v in dict(stack.component(key, ())).items()}


def with_enchantments(stack: ItemStack, enchants: dict[str, int]) -> ItemStack:
    key = "stored_enchantments" if stack.item == "enchanted_book" else "enchantments"
    return stack.with_component(key, dict(enchants) or None)


def hover_name(stack: ItemStack) -> str:
    name = stack.component("custom_name")
    return str(name) if name is not None else stack.type.display_name


def work_penalty(stack: Stack) -> int:
    """The ``repair_cost`` component (0 when absent)."""
    return int(stack.component("repair_cost", 0)) if stack is not None else 0


def increased_repair_cost(cost: int) -> int:
    """AnvilMenu.calculateIncreasedRepairCost."""
    return min(cost * 2 + 1, 2**31 - 1)


def _empty() -> AnvilResult:
    return AnvilResult(None, 0)


def create_result(left: Stack, right: Stack, name: str | None, creative: bool) -> AnvilResult:
    """AnvilMenu.createResult."""
    if left is None:
        return _empty()
    out = left
    enchants = enchantments_of(left)
    cost = 0
    prior = work_penalty(left) + work_penalty(right)
    rename_cost = 0
    repair_items = 0
    if right is not None:
        book = right.component("stored_enchantments") is not None
        if out.is_damageable() and right.item in left.type.repair_with:
            step = min(out.damage, out.max_damage // 4)
            if step <= 0:
                return _empty()
            while step > 0 and repair_items < right.count:
                out = out.with_component("damage", out.damage - step)
                cost += 1
                repair_items += 1
                step = min(out.damage, out.max_damage // 4)
        else:
            if not book and (right.item != out.item or not out.is_damageable()):
                return _empty()
            if out.is_damageable() and not book:
                durability = left.max_damage - left.damage
                other = right.max_damage - right.damage + out.max_damage * 12 // 100
                damage = max(out.max_damage - (durability + other), 0)
                if damage < out.damage:
                    out = out.with_component("damage", damage)
                    cost += 2
            kept = dropped = False
            for ench, level in enchantments_of(right).items():
                e = ENCHANTMENTS.get(ench)
                have = enchants.get(ench, 0)
                level = level + 1 if have == level else max(level, have)
                ok = creative or left.item == "enchanted_book" or can_enchant(ench, left.item)
                for other_name in list(enchants):
                    if other_name != ench and not compatible(ench, other_name):
                        ok = False
                        cost += 1
                if not ok or e is None:
                    dropped = True
                    continue
                kept = True
                enchants[ench] = min(level, e.max_level)
                unit = max(1, e.anvil_cost // 2) if book else e.anvil_cost
                cost += unit * enchants[ench]
                if left.count > 1:
                    cost = TOO_EXPENSIVE
            if dropped and not kept:
                return _empty()
    if name is not None and name.strip():
        if name != hover_name(left):
            rename_cost = 1
            cost += 1
            out = out.with_component("custom_name", name)
    elif left.component("custom_name") is not None:
        rename_cost = 1
        cost += 1
        out = out.with_component("custom_name", None)
    shown = 0 if cost <= 0 else min(prior + cost, 2**31 - 1)
    result: Stack = out if cost > 0 else None
    only_renaming = rename_cost == cost and rename_cost > 0
    if only_renaming and shown >= TOO_EXPENSIVE:
        shown = TOO_EXPENSIVE - 1
    if shown >= TOO_EXPENSIVE and not creative:
        result = None
    if result is not None:
        work = max(work_penalty(result), work_penalty(right))
        if rename_cost != cost or rename_cost == 0:
            work = increased_repair_cost(work)
        result = with_enchantments(result.with_component("repair_cost", work or None), enchants)
    return AnvilResult(result, shown, repair_items, only_renaming)


def valid_name(text: str) -> str | None:
    """AnvilMenu.validateName: control characters and section signs removed; None over 50."""
    clean = "".join(c for c in text if c >= " " and c not in "\x7f\u00a7")
    return clean if len(clean) <= MAX_NAME else None


class ResultSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return False

    def may_pickup(self) -> bool:
        menu: AnvilMenu = self.menu  # type: ignore[assignment]
        return menu.may_pickup()

    def on_take(self, stack: ItemStack) -> None:
        self.menu.on_take()  # type: ignore[attr-defined]


class AnvilMenu(StationMenu):
    blocks = frozenset(ANVILS)

    def __init__(self, game, pos: tuple[int, int, int]) -> None:
        s = game.survival
        super().__init__(s.inventory, s.stats, 2)
        self.game, self.pos = game, pos
        self.output = ItemList([None])
        self.item_name: str | None = None
        self.state = _empty()
        self._left_seen: Stack = None
        self.add_slot(Slot(self, self.inputs, LEFT))
        self.add_slot(Slot(self, self.inputs, RIGHT))
        self.add_slot(ResultSlot(self, self.output, 0))
        self.add_inventory_slots()

    @property
    def creative(self) -> bool:
        return self.game.survival.gamemode == "creative"

    @property
    def cost(self) -> int:
        return self.state.cost

    @property
    def too_expensive(self) -> bool:
        """What the screen shows as "Too Expensive!"."""
        return self.state.cost >= TOO_EXPENSIVE and not self.creative

    def slot_changed(self, slot: Slot) -> None:
        if slot.container is not self.inputs:
            return
        left = self.inputs.get(LEFT)
        if left is not None and left != self._left_seen:
            # AnvilScreen.slotChanged sets the text box to the item's name and sends it
            self.item_name = str(left.component("custom_name", ""))
        self._left_seen = left
        self.refresh()

    def refresh(self) -> None:
        left, right = self.inputs.get(LEFT), self.inputs.get(RIGHT)
        self.state = create_result(left, right, self.item_name, self.creative)
        self.output.set(0, self.state.result)

    def set_item_name(self, text: str) -> bool:
        """AnvilMenu.setItemName (the rename packet)."""
        name = valid_name(text)
        if name is None or name == self.item_name:
            return False
        self.item_name = name
        self.refresh()
        return True

    def may_pickup(self) -> bool:
        level = experience.level_of(self.game)
        return (self.creative or level >= self.state.cost) and self.state.cost > 0

    def on_take(self) -> None:
        """AnvilMenu.onTake: pay, use up the inputs, maybe damage the anvil."""
        game, st = self.game, self.state
        if not self.creative:
            experience.add_levels(game, -st.cost)
        right = self.inputs.get(RIGHT)
        if st.repair_items > 0:
            left_over = right.count - st.repair_items if right is not None else 0
            self.inputs.set(RIGHT, right.with_count(left_over) if right and left_over > 0 else None)
        elif not st.only_renaming:
            self.inputs.set(RIGHT, None)
        self.inputs.set(LEFT, None)
        self._left_seen = None
        damage_anvil(game, self.pos, self.creative)
        self.refresh()

    def quick_move_stack(self, index: int) -> Stack:
        """ItemCombinerMenu.quickMoveStack."""
        n = len(self.slots)

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            if index == RESULT:
                return self.move_item_stack_to(stack, 3, n, True)
            if index < RESULT:
                return self.move_item_stack_to(stack, 3, n, False)
            return self.move_item_stack_to(stack, LEFT, RESULT, False)

        return self.quick_move_common(index, route, result_slot=RESULT)


def damage_anvil(game, pos: tuple[int, int, int], creative: bool) -> None:
    """The anvil wears with chance 0.12 per use (AnvilBlock.damage)."""
    reg = game.world.registry
    state = game.world.get_block(*pos)
    name = reg.block_of(state).name
    if creative or name not in ANVILS or game.survival.rng.random() >= BREAK_CHANCE:
        hooks.sound(game, "block.anvil.use", pos)
        return
    nxt = NEXT_DAMAGE[name]
    if nxt is None:
        game.set_block(pos, reg.default_state("air"))
        hooks.sound(game, "block.anvil.destroy", pos)
        return
    props = {k: v for k, v in reg.properties(state).items()}
    game.set_block(pos, reg.state_of(nxt, props), update=False)
    hooks.sound(game, "block.anvil.use", pos)


def set_name(game, text: str) -> bool:
    """The rename packet: the name typed in the open anvil's text box."""
    menu = game.survival.menu
    if not isinstance(menu, AnvilMenu):
        raise SimError("no anvil screen is open")
    return menu.set_item_name(text)


def open_anvil(game, pos: tuple[int, int, int]) -> AnvilMenu:
    menu = AnvilMenu(game, pos)
    open_station(game, pos, KIND, menu)
    return menu


@hooks.on_use_block(*ANVILS)
def use(game, hit, held) -> bool:
    """Right-click: open the anvil's screen (statistic ``interact_with_anvil``)."""
    open_anvil(game, tuple(hit.pos))
    game.survival.stats.add("custom", "interact_with_anvil")
    return True
