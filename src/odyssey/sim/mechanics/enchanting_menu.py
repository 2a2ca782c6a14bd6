"""The enchanting table's screen: vanilla's EnchantmentMenu (menu ``enchantment``).

Slots: 0 the item (one at a time), 1 lapis lazuli, then the 27 main and 9 hotbar slots. The
three offers (``menu.offers``: costs, clues, enchantments) are recomputed whenever the two slots
change, from the player's enchantment seed (``Player.enchantmentSeed``: drawn from the game's
rng on first use, kept in ``mechanics["enchanting"]``, and redrawn after each enchanting) and
the bookshelves around the table. ``choose_offer(game, index)`` is the button click (vanilla's
``container button click`` packet with button ``index``): it needs ``index + 1`` lapis, and at
least ``index + 1`` levels and the offer's level requirement; it spends ``index + 1`` levels
and lapis, enchants the item (a book becomes an enchanted book with ``stored_enchantments``),
counts ``enchant_item`` and plays ``block.enchantment_table.use``.

Deliberate difference: creative players spend no levels (``experience.spend_levels``; vanilla's
onEnchantmentPerformed takes them in creative too) and, as in vanilla, no lapis.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import enchanting as ench
from odyssey.sim.mechanics import experience, hooks
from odyssey.sim.mechanics.enchanting import Offers, int32
from odyssey.sim.mechanics.stations import StationMenu, open_station
from odyssey.sim.slots import Slot
from odyssey.sim.stats import Stats

KIND = "enchantment"
ITEM, LAPIS = 0, 1


@dataclass
class EnchantingState:
    seed: int | None = None  # Player.enchantmentSeed


def state_of(game) -> EnchantingState:
    m = game.survival.mechanics
    if "enchanting" not in m:
        m["enchanting"] = EnchantingState()
    return m["enchanting"]  # type: ignore[return-value]


def _draw_seed(game) -> int:
    return int32(int(game.survival.rng.integers(0, 2**32)))


def enchantment_seed(game) -> int:
    """Player.getEnchantmentSeed (drawn from the game's rng the first time)."""
    st = state_of(game)
    if st.seed is None:
        st.seed = _draw_seed(game)
    return st.seed


class ItemSlot(Slot):
    def max_stack(self, stack: ItemStack) -> int:
        return 1  # EnchantmentMenu's slot 0: getMaxStackSize() == 1


class LapisSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return stack.item == "lapis_lazuli"


class EnchantmentMenu(StationMenu):
    blocks = frozenset({"enchanting_table"})

    def __init__(self, game, pos: tuple[int, int, int], stats: Stats | None = None) -> None:
        s = game.survival
        super().__init__(s.inventory, stats if stats is not None else s.stats, 2)
        self.game, self.pos = game, pos
        self.offers = Offers()
        self.add_slot(ItemSlot(self, self.inputs, ITEM))
        self.add_slot(LapisSlot(self, self.inputs, LAPIS))
        self.add_inventory_slots()

    def slot_changed(self, slot: Slot) -> None:
        if slot.container is self.inputs:
            self.refresh()

    def refresh(self) -> None:
        """EnchantmentMenu.slotsChanged."""
        shelves = ench.count_bookshelves(self.game.world, self.pos)
        self.offers = ench.offers(enchantment_seed(self.game), shelves, self.inputs.get(ITEM))

    def quick_move_stack(self, index: int) -> ItemStack | None:
        """EnchantmentMenu.quickMoveStack: out of the two slots into the inventory (from the
        hotbar's end), lapis into its slot, anything else one at a time into slot 0."""
        n = len(self.slots)
        slot = self.slots[index]
        original = slot.item()
        if original is None:
            return None
        if index in (ITEM, LAPIS):
            return self.quick_move_common(index, lambda st: self.move_item_stack_to(st, 2, n, True),
                                          result_slot=None)  # fmt: skip
        if original.item == "lapis_lazuli":
            to_lapis = lambda st: self.move_item_stack_to(st, LAPIS, LAPIS + 1, True)  # noqa: E731
            return self.quick_move_common(index, to_lapis, result_slot=None)
        target = self.slots[ITEM]
        if target.item() is not None or not target.may_place(original):
            return None
        slot.set(original.with_count(original.count - 1))
        target.set(original.with_count(1))
        return original

    def click_menu_button(self, button: int) -> bool:
        """EnchantmentMenu.clickMenuButton: take offer ``button`` (0-2)."""
        return choose(self.game, self, button)


def choose(game, menu: EnchantmentMenu, index: int) -> bool:
    """Enchant with offer ``index``; False when it may not (vanilla's checks)."""
    if not 0 <= index < 3:
        return False
    s = game.survival
    item, lapis = menu.inputs.get(ITEM), menu.inputs.get(LAPIS)
    need = index + 1
    creative = s.gamemode == "creative"
    level = experience.level_of(game)
    if (lapis is None or lapis.count < need) and not creative:
        return False
    cost = menu.offers.costs[index]
    if cost <= 0 or item is None or ((level < need or level < cost) and not creative):
        return False
    got = ench.enchantment_list(enchantment_seed(game), item, index, cost)
    if not got:
        return True
    experience.spend_levels(game, need)
    state_of(game).seed = _draw_seed(game)  # Player.onEnchantmentPerformed
    menu.inputs.set(ITEM, enchant(item, got))
    if not creative and lapis is not None:
        menu.inputs.set(LAPIS, lapis.with_count(lapis.count - need))
    s.stats.add("custom", "enchant_item")
    menu.refresh()
    hooks.sound(game, "block.enchantment_table.use", menu.pos)
    game.emit("enchanted", float(need), menu.pos, item.item)
    return True


def enchant(stack: ItemStack, got: list[tuple[str, int]]) -> ItemStack:
    """ItemStack.enchant for each: a book turns into an enchanted book storing them."""
    key = "enchantments"
    if stack.item == "book":
        stack = ItemStack("enchanted_book", stack.count, stack.components)
        key = "stored_enchantments"
    have = dict(stack.component(key, ()))
    for name, lvl in got:
        have[name] = max(lvl, int(have.get(name, 0)))
    return stack.with_component(key, have)


def choose_offer(game, index: int) -> bool:
    """Click offer button ``index`` (0-2) of the open enchanting table."""
    menu = game.survival.menu
    if not isinstance(menu, EnchantmentMenu):
        from odyssey.sim.player import SimError

        raise SimError("no enchanting table screen is open")
    return choose(game, menu, index)


def open_table(game, pos: tuple[int, int, int]) -> EnchantmentMenu:
    menu = EnchantmentMenu(game, pos)
    open_station(game, pos, KIND, menu)
    menu.refresh()
    return menu


@hooks.on_use_block("enchanting_table")
def use(game, hit, held) -> bool:
    """Right-click: open the table's screen."""
    open_table(game, tuple(hit.pos))
    return True
