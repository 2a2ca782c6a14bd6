"""The brewing stand, enchanting table, anvil, grindstone and trading screens: vanilla's image
sizes and slot positions, the same slots as the sim's menus, offer buttons under the pointer,
what the bars, offers and costs show, and reference images (``reference/gui_*.png``)."""

from __future__ import annotations

import numpy as np
import pytest
from test_scenes import check_reference

from odyssey.render.containers import (
    button_at,
    draw_container,
    geometry,
    image_size,
    screen_slots,
    slot_at,
    slot_center,
)
from odyssey.render.itemicons import IconBook
from odyssey.render.merchantscreen import xp_pixels
from odyssey.render.stationscreens import StationView, TradeRow, brewing_pixels
from odyssey.render.survival import survival_frame
from odyssey.render.tables import render_tables
from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.mechanics import anvil, enchanting_menu, experience, grindstone, villagers
from odyssey.sim.mechanics.brewing import BrewingStand
from odyssey.sim.mechanics.brewing_menu import BrewingStandMenu, open_brewing_stand
from odyssey.sim.mechanics.trading_menu import MerchantMenu
from odyssey.sim.playground import GROUND, survival_game
from odyssey.world.blocks import registry

SIZE = (854, 480)  # GUI scale 2: 427 x 240 GUI px
SMALL = (320, 240)  # GUI scale 1: the reference images
GREEN, RED = np.array([0x80, 0xFF, 0x20]), np.array([0xFF, 0x60, 0x60])
E = ItemStack


@pytest.fixture(scope="module")
def book():
    return IconBook(render_tables(), registry())


def _frame(book, kind, stacks=None, size=SIZE, **kw):
    frame = np.full((size[1], size[0], 3), 120, np.uint8)
    stacks = stacks if stacks is not None else [None] * len(screen_slots(kind))
    draw_container(frame, book, kind, stacks, **kw)
    return frame


def _box(kind, x, y, w, h, size=SIZE):
    """Frame slices of the GUI-px box (x, y, w, h) of the screen image."""
    g = geometry(size, kind)
    x, y = g.left + x, g.top + y
    return slice(y * g.scale, (y + h) * g.scale), slice(x * g.scale, (x + w) * g.scale)


def _gui(kind, slot):
    g = geometry(SIZE, kind)
    x, y = slot_center(kind, SIZE, slot)
    return x // g.scale - g.left - 8, y // g.scale - g.top - 8


def _has(region, color, tol=8):
    return bool((np.abs(region.astype(int) - color).max(axis=-1) <= tol).any())


def station_game(block: str, opener):
    game = survival_game(seed=3)
    pos = (2, GROUND, 0)
    game.set_block(pos, game.world.registry.default_state(block))
    return game, opener(game, pos)


STATIONS = (
    ("enchanting_table", enchanting_menu.open_table, "enchantment"),
    ("anvil", anvil.open_anvil, "anvil"),
    ("grindstone", grindstone.open_grindstone, "grindstone"),
)


def test_screens_match_the_sim_menus():
    inv = PlayerInventory()
    assert len(screen_slots("brewing_stand")) == len(BrewingStandMenu(BrewingStand(), inv).slots)
    assert len(screen_slots("merchant")) == len(MerchantMenu([], inv).slots) == 39
    for block, opener, kind in STATIONS:
        _, menu = station_game(block, opener)
        assert len(screen_slots(kind)) == len(menu.slots)


def test_vanilla_sizes_and_slot_positions():
    assert image_size("merchant") == (276, 166)
    for kind in ("brewing_stand", "enchantment", "anvil", "grindstone"):
        assert image_size(kind) == (176, 166)
    g = geometry(SIZE, "merchant")
    assert (g.scale, g.left, g.top) == (2, (427 - 276) // 2, 37)
    assert geometry(SIZE, "anvil") == geometry(SIZE, "inventory")  # the others stay put
    assert [_gui("brewing_stand", i) for i in range(5)] == [
        (56, 51), (79, 58), (102, 51), (79, 17), (17, 17)]  # fmt: skip
    assert _gui("brewing_stand", 5) == (8, 84) and _gui("brewing_stand", 40) == (152, 142)
    assert [_gui("enchantment", i) for i in range(3)] == [(15, 47), (35, 47), (8, 84)]
    assert [_gui("anvil", i) for i in range(4)] == [(27, 47), (76, 47), (134, 47), (8, 84)]
    assert [_gui("grindstone", i) for i in range(3)] == [(49, 19), (49, 40), (129, 34)]
    assert [_gui("merchant", i) for i in range(4)] == [(136, 37), (162, 37), (220, 37), (108, 84)]
    assert _gui("merchant", 38) == (252, 142)
    for slot in range(39):
        assert slot_at("merchant", SIZE, *slot_center("merchant", SIZE, slot)) == slot


def _at(kind, x, y):
    g = geometry(SIZE, kind)
    return (g.left + x) * g.scale, (g.top + y) * g.scale


def test_offer_buttons_under_the_pointer():
    assert [button_at("enchantment", SIZE, *_at("enchantment", 60 + 50, 14 + 19 * i + 9))
            for i in range(3)] == [0, 1, 2]  # fmt: skip
    assert button_at("enchantment", SIZE, *_at("enchantment", 59, 20)) is None
    assert button_at("enchantment", SIZE, *_at("enchantment", 100, 71)) is None  # below the 3rd
    assert button_at("merchant", SIZE, *_at("merchant", 6, 18)) == 0
    assert button_at("merchant", SIZE, *_at("merchant", 92, 18 + 20 * 6 + 19)) == 6
    assert button_at("merchant", SIZE, *_at("merchant", 50, 18 + 20 * 3 + 5), count=3) is None
    assert button_at("merchant", SIZE, *_at("merchant", 50, 18 + 20 * 2 + 5), count=3) == 2
    assert button_at("anvil", SIZE, *_at("anvil", 100, 30)) is None  # no buttons there
    assert slot_at("merchant", SIZE, *_at("merchant", 50, 30)) is None


def test_brewing_bars_follow_the_stand():
    assert brewing_pixels(0, 0) == (0, 0, 0)
    # fuel (18 f + 19) / 20; arrow 28 (1 - t / 400); bubbles BUBBLELENGTHS[t / 2 % 7]
    assert brewing_pixels(400, 20) == (18, 0, 11)
    assert brewing_pixels(200, 1) == (1, 14, 20)
    assert brewing_pixels(2, 10) == (9, 27, 24)


def test_brewing_stand_screen_draws_only_its_bars(book):
    cold = _frame(book, "brewing_stand", station=StationView())
    brewing = _frame(book, "brewing_stand", station=StationView(brew_time=200, fuel=20))
    fuel, arrow, bubbles = (_box("brewing_stand", *r) for r in
                            ((60, 44, 18, 4), (97, 16, 9, 28), (63, 14, 12, 29)))  # fmt: skip
    changed = np.any(cold != brewing, axis=2)
    assert changed[fuel].all() and changed[arrow].any() and changed[bubbles].any()
    assert changed.sum() == changed[fuel].sum() + changed[arrow].sum() + changed[bubbles].sum()


def test_enchanting_offers_show_costs_greyed_when_unaffordable(book):
    view = StationView(costs=(3, 12, 0), clues=("Sharpness I", "Looting II", None),
                       usable=(True, False, False))  # fmt: skip
    frame = _frame(book, "enchantment", station=view)
    first, second = _box("enchantment", 140, 21, 28, 9), _box("enchantment", 140, 40, 28, 9)
    assert _has(frame[first], GREEN, 2) and not _has(frame[second], GREEN, 2)
    assert _has(frame[second], np.array([0x40, 0x7F, 0x10]), 2)
    blank = _frame(book, "enchantment", station=StationView())
    third = _box("enchantment", 60, 52, 108, 19)
    assert np.array_equal(frame[third], blank[third])  # cost 0: the blank greyed button
    hovered = _frame(book, "enchantment", station=view, mouse=_at("enchantment", 120, 20))
    assert np.any(hovered[_box("enchantment", 60, 14, 108, 19)] != frame[
        _box("enchantment", 60, 14, 108, 19)])  # fmt: skip


def test_anvil_cost_line_and_name(book):
    stacks = [None] * 39
    stacks[0], stacks[2] = E("iron_sword"), E("iron_sword")
    line = _box("anvil", 60, 66, 110, 14)
    ok = _frame(book, "anvil", stacks, station=StationView(item_name="Sword", cost=5))
    short = _frame(book, "anvil", stacks,
                   station=StationView(item_name="Sword", cost=5, affordable=False))  # fmt: skip
    dear = _frame(book, "anvil", stacks[:2] + [None] * 37,
                  station=StationView(item_name="Sword", cost=41, too_expensive=True))  # fmt: skip
    assert _has(ok[line], GREEN, 2) and not _has(ok[line], RED, 2)
    assert _has(short[line], RED, 2) and not _has(short[line], GREEN, 2)
    assert _has(dear[line], RED, 2)
    named = _frame(book, "anvil", stacks, station=StationView(item_name="Excalibur", cost=5))
    field = _box("anvil", 60, 21, 108, 14)
    assert np.any(named[field] != ok[field]) and np.array_equal(named[line], ok[line])
    # inputs without a result: vanilla's red X over the arrow
    error = _box("anvil", 99, 45, 28, 21)
    assert _has(dear[error], np.array([220, 30, 30]), 2) and not _has(ok[error], [220, 30, 30], 2)


def test_grindstone_error_only_without_a_result(book):
    stacks = [None] * 39
    stacks[0] = E("dirt")
    error = _box("grindstone", 92, 31, 28, 21)
    bad = _frame(book, "grindstone", stacks, station=StationView())
    stacks[2] = E("dirt")
    good = _frame(book, "grindstone", stacks, station=StationView())
    assert _has(bad[error], np.array([220, 30, 30]), 2)
    assert not _has(good[error], np.array([220, 30, 30]), 2)


TRADES = (
    TradeRow(E("wheat", 20), None, E("emerald")),
    TradeRow(E("emerald", 3), E("book"), E("enchanted_book"), out_of_stock=True),
    TradeRow(E("emerald"), None, E("bread", 6)),
)


def test_merchant_offers_bar_and_used_up_offers(book):
    assert xp_pixels(1, 0) == 0 and xp_pixels(1, 5) == 51 and xp_pixels(3, 110) == 51
    assert xp_pixels(5, 300) is None and xp_pixels(0, 0) is None
    view = StationView(trades=TRADES, selected=0, level=1, xp=5, title="Farmer")
    frame = _frame(book, "merchant", station=view)
    bare = _frame(book, "merchant")
    rows = _box("merchant", 5, 18, 88, 20 * 3)
    assert np.any(frame[rows] != bare[rows])
    assert np.array_equal(frame[_box("merchant", 5, 18 + 60, 88, 20)],
                          bare[_box("merchant", 5, 18 + 60, 88, 20)])  # no 4th offer  # fmt: skip
    assert _has(frame[_box("merchant", 60, 42, 10, 9)], np.array([220, 30, 30]), 2)
    assert not _has(frame[_box("merchant", 60, 22, 10, 9)], np.array([220, 30, 30]), 2)
    bar = frame[_box("merchant", 136, 16, 102, 5)]
    assert _has(bar[:, : 40 * 2], np.array([128, 255, 32]), 2)
    assert not _has(bar[:, 60 * 2 :], np.array([128, 255, 32]), 2)
    # the selected offer used up: the red cross over the big arrow
    used = _frame(book, "merchant", station=StationView(trades=TRADES, selected=1, level=1))
    assert _has(used[_box("merchant", 182, 35, 28, 21)], np.array([220, 30, 30]), 2)


def test_titles_name_the_trader_and_its_level(book):
    titled = _frame(book, "merchant", station=StationView(trades=TRADES, level=2, title="Farmer"))
    plain = _frame(book, "merchant", station=StationView(trades=TRADES, level=2, title="Cleric"))
    title = _box("merchant", 99, 4, 176, 11)
    changed = np.any(titled != plain, axis=2)
    assert changed.sum() == changed[title].sum() > 0


def test_open_stations_in_a_survival_game_show_their_state():
    game, menu = station_game("brewing_stand", open_brewing_stand)
    menu.stand.brew_time, menu.stand.fuel = 120, 7
    view = survival_frame(game).menu
    assert view.kind == "brewing_stand" and len(view.slots) == 41
    assert (view.station.brew_time, view.station.fuel) == (120, 7)

    game, menu = station_game("enchanting_table", enchanting_menu.open_table)
    experience.add_points(game, 200)  # level 11
    menu.slots[0].set(E("diamond_sword"))
    menu.slots[1].set(E("lapis_lazuli", 1))
    st = survival_frame(game).menu.station
    assert st.costs == menu.offers.costs and st.costs[0] > 0
    assert st.usable[0] and not st.usable[1]  # one lapis pays for the first offer only
    assert st.clues[0] is not None and st.clues[0][0].isupper()

    game, menu = station_game("anvil", anvil.open_anvil)
    menu.slots[0].set(E("iron_sword").with_component("damage", 100))
    menu.slots[1].set(E("iron_ingot"))
    menu.set_item_name("Excalibur")
    st = survival_frame(game).menu.station
    assert st.item_name == "Excalibur" and st.cost == menu.cost > 0
    assert not st.affordable and not st.too_expensive  # level 0

    game = survival_game(seed=1)
    v = game.survival.entities.add("villager", (2.5, GROUND, 0.5))
    villagers.set_profession(game, v.id, "armorer", 2)
    assert villagers.open_trading(game, v.id)
    st = survival_frame(game).menu.station
    assert st.title == "Armorer" and st.level == 2 and len(st.trades) == 4
    offer = game.survival.menu.offers[0]
    assert st.trades[0].cost_a == E(offer.a, offer.cost_a())


# -- reference images ---------------------------------------------------------------------------


def _reference_views():
    potions = [E("potion")] * 2 + [None, E("nether_wart"), E("blaze_powder", 3)] + [None] * 36
    sword = [E("diamond_sword"), E("lapis_lazuli", 2)] + [None] * 36
    repair = [E("iron_sword").with_component("damage", 100), E("iron_ingot", 2),
              E("iron_sword").with_component("damage", 0)] + [None] * 36  # fmt: skip
    trade = [E("wheat", 20), None, E("emerald")] + [None] * 36
    ench = StationView(costs=(2, 9, 30), clues=("Sharpness I", "Looting II", "Unbreaking III"),
                       usable=(True, True, False))  # fmt: skip
    return {
        "gui_brewing_stand": ("brewing_stand", potions, StationView(brew_time=300, fuel=12), None),
        "gui_enchantment": ("enchantment", sword, ench, (60 + 50, 14 + 19 + 5)),
        "gui_anvil": ("anvil", repair, StationView(item_name="Excalibur", cost=3), None),
        "gui_merchant": ("merchant", trade,
                         StationView(trades=TRADES, level=1, xp=4, title="Farmer"), None),
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(_reference_views()))
def test_gui_screen_matches_reference(book, name):
    kind, stacks, view, hover = _reference_views()[name]
    mouse = None
    if hover is not None:
        g = geometry(SMALL, kind)
        mouse = (float(g.left + hover[0]), float(g.top + hover[1]))
    frame = _frame(book, kind, stacks, size=SMALL, station=view, mouse=mouse)
    check_reference(name, frame)
