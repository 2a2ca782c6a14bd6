"""The trade tables and the merchant menu's slots and clicks (vanilla MerchantMenu)."""

import numpy as np

from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.mechanics.trades import TRADES, Offer, make_offer, new_offers, pick_listings
from odyssey.sim.mechanics.trading_menu import MerchantMenu
from odyssey.sim.windows import PICKUP, QUICK_MOVE, click
from odyssey.world.items import items

PROFESSIONS = ("farmer", "librarian", "armorer", "butcher", "cartographer", "cleric",
               "fisherman", "fletcher", "leatherworker", "mason", "shepherd", "toolsmith",
               "weaponsmith")  # fmt: skip


def test_every_profession_has_five_levels_of_known_items() -> None:
    reg = items()
    for prof in PROFESSIONS:
        table = TRADES[prof]
        assert len(table) == 5 and all(table), prof
        for listing in (li for level in table for li in level):
            for name in (listing.a, listing.result, listing.b):
                assert not name or reg.has(name), (prof, name)


def test_two_distinct_offers_per_level_from_the_games_random_stream() -> None:
    rng = np.random.default_rng(5)
    for prof in PROFESSIONS:
        for level in range(1, 6):
            listings = TRADES[prof][level - 1]
            picked = pick_listings(listings, rng)
            assert len(picked) == min(2, len(listings))
            assert all(li in listings for li in picked)
    for _ in range(20):
        a, b = pick_listings(list(range(7)), rng)  # two different indices, ascending
        assert a < b
    a = new_offers("librarian", 1, np.random.default_rng(9))
    b = new_offers("librarian", 1, np.random.default_rng(9))
    assert a == b  # the same seed, the same offers


def test_enchanted_book_offer_costs_emeralds_and_a_book() -> None:
    rng = np.random.default_rng(1)
    book = next(li for li in TRADES["librarian"][0] if li.kind == "book")
    for _ in range(50):
        o = make_offer(book, rng)
        ((_name, level),) = o.result_components["stored_enchantments"].items()
        assert o.b == "book" and o.b_count == 1 and 2 + 3 * level <= o.a_count <= 64
        assert o.max_uses == 12 and o.mult == 0.2
    sword = make_offer(TRADES["weaponsmith"][0][2], rng)
    assert sword.result == "iron_sword" and 2 + 5 <= sword.a_count <= 2 + 19
    assert "sharpness" in sword.result_components["enchantments"]


def menu_with(offers: list[Offer]) -> tuple[MerchantMenu, PlayerInventory, list[Offer]]:
    inv = PlayerInventory()
    traded: list[Offer] = []
    return MerchantMenu(offers, inv, on_trade=traded.append), inv, traded


def test_slots_are_payments_result_then_inventory() -> None:
    menu, inv, _ = menu_with([Offer("wheat", 20, "emerald", 1, 16, 2)])
    assert len(menu.slots) == 39
    inv.set(9, ItemStack.of("stone", 1))
    inv.set(0, ItemStack.of("dirt", 1))
    assert menu.slots[3].item() == ItemStack.of("stone", 1)  # main inventory first
    assert menu.slots[30].item() == ItemStack.of("dirt", 1)  # hotbar last


def test_payment_placed_by_hand_in_either_slot_trades() -> None:
    menu, inv, traded = menu_with([Offer("wheat", 20, "emerald", 1, 16, 2)])
    inv.set(0, ItemStack.of("wheat", 30))
    click(menu, 30, 0, PICKUP)  # pick up the wheat
    click(menu, 1, 0, PICKUP)  # into the second payment slot: still matches (swapped order)
    assert menu.slots[2].item() == ItemStack.of("emerald", 1)
    click(menu, 2, 0, PICKUP)
    assert menu.carried == ItemStack.of("emerald", 1) and traded and traded[0].uses == 1
    assert menu.slots[1].item() == ItemStack.of("wheat", 10)
    assert menu.slots[2].item() is None  # 10 wheat is not enough
    drops = menu.close()
    assert drops == [] and inv.count("wheat") == 10 and inv.count("emerald") == 1


def test_two_item_offer_and_select_trade_fills_both_payments() -> None:
    menu, inv, traded = menu_with([Offer("emerald", 1, "cooked_cod", 6, 16, 1, b="cod",
                                         b_count=6)])  # fmt: skip
    inv.set(2, ItemStack.of("emerald", 3))
    inv.set(12, ItemStack.of("cod", 7))
    menu.select_trade(0)
    assert menu.slots[0].item() == ItemStack.of("emerald", 3)
    assert menu.slots[1].item() == ItemStack.of("cod", 7)
    click(menu, 2, 0, QUICK_MOVE)
    assert len(traded) == 1  # one cod short of a second trade
    assert inv.count("cooked_cod") == 6
    assert menu.slots[0].item() == ItemStack.of("emerald", 2)
    assert menu.slots[1].item() == ItemStack.of("cod", 1)


def test_shift_click_moves_between_main_inventory_and_hotbar() -> None:
    menu, inv, _ = menu_with([])
    inv.set(9, ItemStack.of("stone", 5))
    click(menu, 3, 0, QUICK_MOVE)
    assert inv.get(0) == ItemStack.of("stone", 5) and inv.get(9) is None
    click(menu, 30, 0, QUICK_MOVE)
    assert inv.get(9) == ItemStack.of("stone", 5)


def test_result_slot_refuses_items() -> None:
    menu, inv, _ = menu_with([Offer("wheat", 20, "emerald", 1, 16, 2)])
    inv.set(0, ItemStack.of("emerald", 1))
    click(menu, 30, 0, PICKUP)
    click(menu, 2, 0, PICKUP)
    assert menu.slots[2].item() is None and menu.carried == ItemStack.of("emerald", 1)
