"""Vanilla's MerchantMenu (menu kind ``merchant``): the trading screen of a villager.

Slots: 0 and 1 the payments (MerchantContainer), 2 the result (MerchantResultSlot), then the
27 main slots (inventory 9-35) and the 9 hotbar slots (inventory 0-8). Putting items in the
payment slots shows the result of the selected offer, or of the first offer they satisfy
(either order: MerchantContainer.updateSellItem); taking the result pays (MerchantOffer.take),
uses the offer and lets the villager reward the trade (``on_trade``, AbstractVillager.notifyTrade);
shift-clicking it trades again while the payment lasts (the doClick QUICK_MOVE loop).
``select_trade`` is the select-trade packet: it moves the payment slots back into the
inventory and fills them from the inventory with the offer's costs (tryMoveItems). Closing
gives the payments back (the result slot is not a real stack).
"""

from __future__ import annotations

from collections.abc import Callable

from odyssey.sim.inventory import ItemStack, PlayerInventory, Stack
from odyssey.sim.mechanics.trades import Offer
from odyssey.sim.slots import ItemList, Menu, Slot
from odyssey.sim.stats import Stats

PAYMENT_A, PAYMENT_B, RESULT = 0, 1, 2
INV_START, HOTBAR_START, END = 3, 30, 39


def _satisfies(offer: Offer, a: Stack, b: Stack) -> bool:
    """MerchantOffer.satisfiedBy(a, b)."""
    if a is None or a.item != offer.a or a.count < offer.cost_a():
        return False
    if not offer.b:
        return b is None
    return b is not None and b.item == offer.b and b.count >= offer.b_count


def offer_result(offer: Offer) -> ItemStack:
    """MerchantOffer.assemble: a copy of the result."""
    return ItemStack.of(offer.result, offer.count, **offer.result_components)


class MerchantResultSlot(Slot):
    """MerchantResultSlot: cannot be placed into; taking it trades."""

    def __init__(self, menu: MerchantMenu) -> None:
        super().__init__(menu, menu.result_box, 0)
        self.merchant = menu

    def may_place(self, stack: ItemStack) -> bool:
        return False

    def remove(self, amount: int) -> Stack:
        here = self.item()  # the whole result, as a ResultContainer gives it
        if here is not None:
            self.container.set(0, None)
        return here

    def on_take(self, stack: ItemStack) -> None:
        self.merchant.trade()


class MerchantMenu(Menu):
    """The trading window of one merchant (its offers are the villager's own list)."""

    kind = "merchant"
    menu_type = "merchant"

    def __init__(
        self, offers: list[Offer], inventory: PlayerInventory, stats: Stats | None = None,
        on_trade: Callable[[Offer], None] | None = None,
        on_close: Callable[[], None] | None = None, level: int = 0, xp: int = 0,
        villager_id: int = -1,
    ) -> None:  # fmt: skip
        super().__init__(inventory, stats)
        self.offers = offers
        self.on_trade, self.on_close = on_trade, on_close
        self.level, self.xp = level, xp  # shown by the screen (0: a wandering trader's)
        self.villager_id = villager_id  # the trading entity
        self.payments = ItemList([None, None])
        self.result_box = ItemList([None])
        self.selection = 0  # selectionHint
        self.active: Offer | None = None
        self.add_slot(Slot(self, self.payments, 0))
        self.add_slot(Slot(self, self.payments, 1))
        self.add_slot(MerchantResultSlot(self))
        for i in range(9, 36):
            self.add_slot(Slot(self, inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, inventory, i))

    # -- the result --------------------------------------------------------------------------
    def slot_changed(self, slot: Slot) -> None:
        if slot.container is self.payments:
            self.update_result()

    def find_offer(self, a: Stack, b: Stack) -> Offer | None:
        """MerchantOffers.getRecipeFor: the selected offer first, then any."""
        if 0 <= self.selection < len(self.offers):
            chosen = self.offers[self.selection]
            if _satisfies(chosen, a, b):
                return chosen
        for offer in self.offers:
            if _satisfies(offer, a, b):
                return offer
        return None

    def update_result(self) -> None:
        """MerchantContainer.updateSellItem."""
        a, b = self.payments.get(0), self.payments.get(1)
        if a is None:
            a, b = b, None
        offer = None
        if a is not None:
            offer = self.find_offer(a, b)
            if offer is None or offer.out_of_stock:
                offer = self.find_offer(b, a)
        if offer is not None and not offer.out_of_stock:
            self.active = offer
            self.result_box.set(0, offer_result(offer))
        else:
            self.active = None
            self.result_box.set(0, None)

    def trade(self) -> None:
        """MerchantResultSlot.onTake: pay (either order), use the offer, reward the trade."""
        offer = self.active
        if offer is not None:
            a, b = self.payments.get(0), self.payments.get(1)
            paid = self._take(offer, a, b, 0, 1) or self._take(offer, b, a, 1, 0)
            if paid:
                offer.uses += 1
                self.stats.add("custom", "traded_with_villager")
                if self.on_trade is not None:
                    self.on_trade(offer)
        self.update_result()

    def _take(self, offer: Offer, a: Stack, b: Stack, ia: int, ib: int) -> bool:
        """MerchantOffer.take: shrink the payments by the costs."""
        if not _satisfies(offer, a, b):
            return False
        assert a is not None
        self.payments.set(ia, a.with_count(a.count - offer.cost_a()))
        if offer.b and b is not None:
            self.payments.set(ib, b.with_count(b.count - offer.b_count))
        return True

    # -- clicks ------------------------------------------------------------------------------
    def quick_move_stack(self, index: int) -> Stack:
        """MerchantMenu.quickMoveStack."""

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            if index == RESULT:
                return self.move_item_stack_to(stack, INV_START, END, True)
            if index in (PAYMENT_A, PAYMENT_B):
                return self.move_item_stack_to(stack, INV_START, END, False)
            if index < HOTBAR_START:
                return self.move_item_stack_to(stack, HOTBAR_START, END, False)
            return self.move_item_stack_to(stack, INV_START, HOTBAR_START, False)

        return self.quick_move_common(index, route, result_slot=RESULT)

    def select_trade(self, index: int) -> None:
        """ServerboundSelectTradePacket: setSelectionHint + tryMoveItems."""
        if not 0 <= index < len(self.offers):
            return
        self.selection = index
        for i in (PAYMENT_A, PAYMENT_B):
            here = self.payments.get(i)
            if here is not None:
                moved, rest = self.move_item_stack_to(here, INV_START, END, True)
                if not moved:
                    self.update_result()
                    return
                self.payments.set(i, rest)
        if self.payments.get(PAYMENT_A) is None and self.payments.get(PAYMENT_B) is None:
            offer = self.offers[index]
            self._fill(PAYMENT_A, offer.a)
            if offer.b:
                self._fill(PAYMENT_B, offer.b)
        self.update_result()

    def _fill(self, index: int, item: str) -> None:
        """MerchantMenu.moveFromInventoryToPaymentSlot: whole stacks up to a full one."""
        for i in range(INV_START, END):
            slot = self.slots[i]
            stack = slot.item()
            if stack is None or stack.item != item:
                continue
            pay = self.payments.get(index)
            if pay is None or stack.same_item_same_components(pay):
                have = pay.count if pay is not None else 0
                k = min(stack.max_stack_size - have, stack.count)
                full = stack.with_count(have + k)
                slot.container.set(slot.index, stack.with_count(stack.count - k))
                self.payments.set(index, full)
                if full is not None and full.count >= stack.max_stack_size:
                    break

    def close(self) -> list[ItemStack]:
        """MerchantMenu.removed: the carried stack and the payments go back to the player."""
        drops = super().close()
        for i in (PAYMENT_A, PAYMENT_B):
            drops += self.inventory.place_back(self.payments.get(i))
            self.payments.set(i, None)
        self.result_box.set(0, None)
        if self.on_close is not None:
            done, self.on_close = self.on_close, None
            done()
        return drops
