"""Container screens: vanilla slot geometry for clicks, and what each slot shows."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render.containers import (
    SLOTS,
    ContainerError,
    draw_container,
    furnace_pixels,
    geometry,
    screen_slots,
    slot_at,
    slot_center,
)
from odyssey.render.itemicons import IconBook
from odyssey.render.tables import render_tables
from odyssey.sim.crafting import CraftingMenu, InventoryMenu
from odyssey.sim.furnace import FurnaceMenu, FurnaceState
from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.world.blocks import registry

SIZES = [(854, 480), (640, 360)]
KINDS = sorted(SLOTS)


@pytest.fixture(scope="module")
def book():
    return IconBook(render_tables(), registry())


def test_screens_have_as_many_slots_as_the_sim_menus():
    inv = PlayerInventory()
    assert len(screen_slots("inventory")) == len(InventoryMenu(inv).slots) == 46
    assert len(screen_slots("crafting")) == len(CraftingMenu(inv).slots) == 46
    assert len(screen_slots("furnace")) == len(FurnaceMenu(FurnaceState(), inv).slots) == 39
    assert screen_slots("smoker") == screen_slots("blast_furnace") == screen_slots("furnace")
    with pytest.raises(ContainerError, match="screen kind 'chest'"):
        screen_slots("chest")


def test_vanilla_placement_at_the_auto_gui_scale():
    assert geometry((854, 480)) == geometry((854, 480))
    g = geometry((854, 480))
    assert (g.scale, g.left, g.top) == (2, 125, 37)  # 427 x 240 GUI px
    g = geometry((640, 360))
    assert (g.scale, g.left, g.top) == (1, 232, 97)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_slot_centre_and_slot_at_round_trip(kind, size):
    for slot in range(len(screen_slots(kind))):
        x, y = slot_center(kind, size, slot)
        assert 0 <= x < size[0] and 0 <= y < size[1]
        assert slot_at(kind, size, x, y) == slot
        # the hover square reaches 1 GUI px outside the 16 x 16 icon on every side
        s = geometry(size).scale
        assert slot_at(kind, size, x - 9 * s, y - 9 * s) == slot
        assert slot_at(kind, size, x + 9 * s - 0.01, y + 9 * s - 0.01) == slot


@pytest.mark.parametrize("size", SIZES)
def test_no_slot_outside_the_slots(size):
    assert slot_at("inventory", size, 0, 0) is None
    assert slot_at("furnace", size, size[0] - 1, size[1] - 1) is None
    x, y = slot_center("crafting", size, 1)  # left of the grid is panel, not a slot
    assert slot_at("crafting", size, x - 12 * geometry(size).scale, y) is None
    with pytest.raises(ContainerError, match=r"slots 0\.\.38"):
        slot_center("furnace", size, 39)


def _screen(book, kind, size, stacks, **kw):
    frame = np.full((size[1], size[0], 3), 120, np.uint8)
    draw_container(frame, book, kind, stacks, **kw)
    return frame


def _region(frame, centre, scale):
    x, y = centre
    return frame[y - 8 * scale : y + 8 * scale, x - 8 * scale : x + 8 * scale]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_slots_stack_shows_at_its_centre(book, kind, size):
    n = len(screen_slots(kind))
    empty = _screen(book, kind, size, [None] * n)
    scale = geometry(size).scale
    for slot in range(n):
        stacks = [None] * n
        stacks[slot] = ItemStack("diamond_pickaxe")
        frame = _screen(book, kind, size, stacks)
        centre = slot_center(kind, size, slot)
        changed = np.any(frame != empty, axis=2)
        here = _region(changed, centre, scale)
        assert here.mean() > 0.2  # the pickaxe's pixels
        assert changed.sum() == here.sum()  # and nothing outside the slot changed


def test_the_world_is_dimmed_behind_the_screen(book):
    frame = _screen(book, "inventory", (854, 480), [None] * 46)
    assert (frame[5, 5] < 60).all()  # 120 grey under 0xC0 of 0x101010


def test_hover_highlight_and_carried_stack(book):
    size = (854, 480)
    stacks = [None] * 46
    centre = slot_center("inventory", size, 20)
    plain = _screen(book, "inventory", size, stacks)
    hovered = _screen(book, "inventory", size, stacks, mouse=centre)
    assert (_region(hovered, centre, 2).astype(int) > _region(plain, centre, 2)).all()
    carried = _screen(
        book, "inventory", size, stacks, mouse=(100.0, 100.0), carried=ItemStack("apple", 5)
    )
    assert np.any(carried[84:116, 84:116] != plain[84:116, 84:116])


def test_furnace_flame_and_arrow_follow_fuel_and_progress(book):
    assert furnace_pixels(0.0, 0.0) == (0, 0)
    assert furnace_pixels(1.0, 1.0) == (14, 24)
    assert furnace_pixels(0.5, 0.5) == (8, 12)
    size = (854, 480)
    stacks = [None] * 39
    cold = _screen(book, "furnace", size, stacks)
    burning = _screen(book, "furnace", size, stacks, lit=0.7, progress=0.5)
    g = geometry(size)

    def box(x, y, w, h):  # GUI px in the screen image -> frame slices (scale 2)
        x, y = g.left + x, g.top + y
        return slice(y * 2, (y + h) * 2), slice(x * 2, (x + w) * 2)

    flame, arrow = box(56, 36, 14, 14), box(79, 34, 24, 16)
    assert np.any(cold[flame] != burning[flame])
    assert np.any(cold[arrow] != burning[arrow])
    changed = np.any(cold != burning, axis=2)
    assert changed.sum() == changed[flame].sum() + changed[arrow].sum()
