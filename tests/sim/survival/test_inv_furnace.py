"""Furnace block entities (AbstractFurnaceBlockEntity.serverTick) and taking their results."""

from __future__ import annotations

import numpy as np

from odyssey.sim.furnace import FurnaceState, open_furnace
from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.stats import Stats
from odyssey.sim.windows import PICKUP, QUICK_MOVE, click


def _run(furnace: FurnaceState, ticks: int) -> list[int]:
    """Tick ``ticks`` times; the ticks (1-based) at which the lit state changed."""
    return [t for t in range(1, ticks + 1) if furnace.tick()]


def test_one_coal_cooks_eight_beef_in_200_ticks_each() -> None:
    f = FurnaceState("furnace")
    f.set(0, ItemStack("beef", 10))
    f.set(1, ItemStack("coal", 1))
    assert f.cooking_total_time == 200
    assert _run(f, 1) == [1] and f.lit and f.items[1] is None and f.lit_duration == 1600
    _run(f, 198)
    assert f.items[2] is None and f.cooking_progress == 199
    _run(f, 1)
    assert f.items[2] == ItemStack("cooked_beef", 1) and f.items[0].count == 9
    changes = _run(f, 1400)  # ticks 201..1600: the coal runs out at tick 1601
    assert changes == [] and f.items[2].count == 8 and f.items[0].count == 2
    assert _run(f, 1) == [1] and not f.lit  # went out: 8 beef per coal
    assert f.cooking_progress == 0  # lit, could not burn: progress reset


def test_progress_cools_down_without_fuel_and_resets_without_input() -> None:
    f = FurnaceState()
    f.set(0, ItemStack("beef", 1))
    f.set(1, ItemStack("coal", 1))
    _run(f, 50)
    assert f.cooking_progress == 50
    f.set(0, None)  # the input taken out
    _run(f, 1)
    assert f.cooking_progress == 0
    f.set(0, ItemStack("beef", 1))
    _run(f, 10)
    f.lit_time = 0  # let it go out with beef in and no fuel: progress falls 2 per tick
    _run(f, 3)
    assert f.cooking_progress == 4


def test_smoker_is_twice_as_fast_with_half_the_burn_time() -> None:
    f = FurnaceState("smoker")
    f.set(0, ItemStack("beef", 20))
    f.set(1, ItemStack("coal", 1))
    assert f.cooking_total_time == 100
    _run(f, 800)
    assert f.items[2] == ItemStack("cooked_beef", 8) and f.tick() and not f.lit  # went out
    assert FurnaceState("blast_furnace").burn_ticks(ItemStack("coal")) == 800


def test_lava_bucket_leaves_a_bucket_and_result_stacks_to_64() -> None:
    f = FurnaceState()
    f.set(0, ItemStack("beef", 64))
    f.set(1, ItemStack("lava_bucket"))
    f.set(2, ItemStack("cooked_beef", 63))
    f.tick()
    assert f.items[1] == ItemStack("bucket") and f.lit_duration == 20000
    _run(f, 400)
    assert f.items[2].count == 64 and f.items[0].count == 63  # full: stops cooking
    assert f.cooking_progress == 0


def test_taking_the_result_counts_crafted_and_experience() -> None:
    inv, stats = PlayerInventory(), Stats()
    f = FurnaceState()
    f.set(0, ItemStack("beef", 8))
    f.set(1, ItemStack("coal", 1))
    _run(f, 1600)
    assert f.items[2].count == 8
    menu = open_furnace(f, inv, stats, np.random.default_rng(1))
    assert stats.get("custom", "interact_with_furnace") == 1
    result = click(menu, 2, 1, PICKUP)  # half: 4 of 8
    assert menu.carried == ItemStack("cooked_beef", 4) and f.items[2].count == 4
    assert stats.get("crafted", "cooked_beef") == 4
    assert result.experience == 2 or result.experience == 3  # 8 x 0.35 = 2.8
    again = click(menu, 2, 0, QUICK_MOVE)
    assert again.experience == 0 and stats.get("crafted", "cooked_beef") == 8
    assert inv.get(8) == ItemStack("cooked_beef", 4)
