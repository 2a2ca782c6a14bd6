"""Chest, barrel, shulker box and hopper screens: vanilla's image sizes and slot positions, the
same slot count as the sim's menus, clicks landing on the slot drawn there, and their titles."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render.containers import (
    draw_container,
    geometry,
    image_size,
    screen_slots,
    slot_at,
    slot_center,
)
from odyssey.render.itemicons import IconBook
from odyssey.render.tables import render_tables
from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.mechanics.container_menus import generic_menu
from odyssey.sim.slots import ItemList
from odyssey.world.blocks import registry

SIZE = (854, 480)  # GUI scale 2: 427 x 240 GUI px


@pytest.fixture(scope="module")
def book():
    return IconBook(render_tables(), registry())


def _menu(kind: str, size: int, halves: int = 1):
    parts = [ItemList([None] * size) for _ in range(halves)]
    return generic_menu(kind, parts, PlayerInventory(), size=size)


def test_screens_match_the_sim_menus():
    assert len(screen_slots("generic_9x3")) == len(_menu("generic_9x3", 27).slots) == 63
    assert len(screen_slots("generic_9x6")) == len(_menu("generic_9x6", 27, 2).slots) == 90
    assert len(screen_slots("shulker_box")) == len(_menu("shulker_box", 27).slots) == 63
    assert len(screen_slots("hopper")) == len(_menu("hopper", 5).slots) == 41
    assert _menu("generic_9x6", 27, 2).menu_type == "generic_9x6"
    assert screen_slots("barrel") == screen_slots("ender_chest") == screen_slots("generic_9x3")


def test_vanilla_image_sizes_and_placement():
    assert image_size("generic_9x3") == (176, 168)  # ContainerScreen: 114 + 18 * rows
    assert image_size("generic_9x6") == (176, 222)
    assert image_size("shulker_box") == (176, 167)
    assert image_size("hopper") == (176, 133)
    assert image_size("inventory") == (176, 166)
    g = geometry(SIZE, "generic_9x6")
    assert (g.scale, g.left, g.top) == (2, 125, 9)
    assert geometry(SIZE, "hopper").top == (240 - 133) // 2
    assert geometry(SIZE) == geometry(SIZE, "inventory")


def _gui(kind: str, slot: int) -> tuple[int, int]:
    """The slot's icon corner in the image, from a click at its centre."""
    g = geometry(SIZE, kind)
    x, y = slot_center(kind, SIZE, slot)
    return x // g.scale - g.left - 8, y // g.scale - g.top - 8


def test_slot_positions_follow_vanilla_menus():
    # ChestMenu: container rows from (8, 18); the inventory (rows - 4) * 18 below 103
    assert _gui("generic_9x3", 0) == (8, 18) and _gui("generic_9x3", 26) == (152, 54)
    assert _gui("generic_9x3", 27) == (8, 85) and _gui("generic_9x3", 54) == (8, 143)
    assert _gui("generic_9x6", 53) == (152, 108) and _gui("generic_9x6", 54) == (8, 139)
    assert _gui("generic_9x6", 89) == (152, 197)
    assert _gui("shulker_box", 27) == (8, 84) and _gui("shulker_box", 62) == (152, 142)
    assert _gui("hopper", 0) == (44, 20) and _gui("hopper", 4) == (116, 20)
    assert _gui("hopper", 5) == (8, 51) and _gui("hopper", 40) == (152, 109)


@pytest.mark.parametrize("kind", ["generic_9x3", "generic_9x6", "shulker_box", "hopper"])
def test_clicks_find_the_slots(kind):
    for slot in range(len(screen_slots(kind))):
        assert slot_at(kind, SIZE, *slot_center(kind, SIZE, slot)) == slot
    g = geometry(SIZE, kind)
    assert slot_at(kind, SIZE, (g.left + 3) * 2, (g.top + 3) * 2) is None  # the border


def _frame(book, kind, stacks):
    frame = np.full((SIZE[1], SIZE[0], 3), 120, np.uint8)
    draw_container(frame, book, kind, stacks)
    return frame


def test_a_double_chests_stacks_show_in_their_slots(book):
    menu = _menu("generic_9x6", 27, 2)
    menu.slots[40].set(ItemStack("diamond", 3))  # the second half's 14th slot
    stacks = [slot.item() for slot in menu.slots]
    empty = _frame(book, "generic_9x6", [None] * 90)
    shown = _frame(book, "generic_9x6", stacks)
    x, y = slot_center("generic_9x6", SIZE, 40)
    changed = np.any(shown != empty, axis=2)
    assert changed[y - 20 : y + 20, x - 20 : x + 20].sum() == changed.sum() > 0  # with the count


def test_titles_tell_chests_barrels_and_ender_chests_apart(book):
    blank = [None] * 63
    chest, barrel = _frame(book, "generic_9x3", blank), _frame(book, "barrel", blank)
    ender = _frame(book, "ender_chest", blank)
    g = geometry(SIZE, "generic_9x3")
    title = (slice((g.top + 4) * 2, (g.top + 15) * 2), slice((g.left + 8) * 2, (g.left + 90) * 2))
    differs = np.any(chest != barrel, axis=2)
    assert differs.sum() == differs[title].sum() > 0
    assert np.any(ender[title] != chest[title])
    # every screen has its "Inventory" label at imageHeight - 94
    for kind in ("generic_9x6", "hopper"):
        n = len(screen_slots(kind))
        g = geometry(SIZE, kind)
        frame = _frame(book, kind, [None] * n)
        label_y = image_size(kind)[1] - 94
        row = frame[(g.top + label_y + 3) * 2, (g.left + 8) * 2 : (g.left + 50) * 2]
        assert (row.max(axis=1) < 100).any()  # dark label pixels on the light panel


def test_an_open_chest_in_a_survival_game_is_drawn_as_its_screen():
    from odyssey.render.survival import survival_frame
    from odyssey.sim.entities.arena import flat_arena
    from odyssey.sim.game import Game, GameRules
    from odyssey.sim.mechanics.container_screens import open_container
    from odyssey.sim.player import PlayerState
    from odyssey.sim.survival import Survival

    game = Game(flat_arena(8), PlayerState(pos=(0.5, 64, 0.5), on_ground=True),
                GameRules(adventure=False))  # fmt: skip
    game.survival = Survival(seed=1)
    for z in (0, 1):
        game.world.set_block(2, 64, z, f"chest[facing=west,type={'right' if z == 0 else 'left'}]")
    assert open_container(game, (2, 64, 1))
    game.survival.menu.slots[60].set(ItemStack("apple", 4))
    frame = survival_frame(game, mouse=slot_center("generic_9x6", SIZE, 60))
    assert frame.menu.kind == "generic_9x6" and len(frame.menu.slots) == 90
    assert frame.menu.slots[60] == ItemStack("apple", 4)
    assert slot_at(game.survival.menu_kind, SIZE, *frame.menu.mouse) == 60
