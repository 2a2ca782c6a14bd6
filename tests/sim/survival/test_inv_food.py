"""Hunger as vanilla FoodData: exhaustion, regeneration, starvation and eating."""

from __future__ import annotations

import pytest

from odyssey.sim.food import (
    EXHAUSTION_JUMP,
    EXHAUSTION_SPRINT_JUMP,
    FoodData,
    can_eat,
    eat_ticks,
    finish_eating,
    movement_exhaustion,
    peaceful_tick,
)
from odyssey.sim.inventory import InventoryError, ItemStack
from odyssey.sim.stats import Stats


def _ticks(data: FoodData, n: int, health: float, difficulty: str = "normal"):
    healed = damage = 0.0
    for _ in range(n):
        data, h, d = data.tick(health + healed - damage, 20.0, difficulty)
        healed, damage = healed + h, damage + d
    return data, healed, damage


def test_sprinting_and_jumping_drain_saturation_then_food() -> None:
    data = FoodData(food_level=20, saturation=1.0)
    for _ in range(100):  # 100 m sprinting: 10 exhaustion
        data = data.add_exhaustion(movement_exhaustion(100, "sprint"))
    assert data.exhaustion == pytest.approx(10.0)
    data, _, _ = _ticks(data, 2, 20.0)
    assert data.saturation == 0.0 and data.food_level == 19  # saturation first, then food
    data = data.add_exhaustion(20 * EXHAUSTION_SPRINT_JUMP + 1 * EXHAUSTION_JUMP)
    assert data.exhaustion == pytest.approx(2.0 + 4.05)
    assert FoodData().add_exhaustion(100).exhaustion == 40.0
    assert FoodData().add_exhaustion(1, invulnerable=True).exhaustion == 0.0
    assert movement_exhaustion(100, "walk") == 0.0


def test_fast_regeneration_at_full_food_uses_saturation() -> None:
    data, healed, _ = _ticks(FoodData(20, 5.0), 9, 10.0)
    assert healed == 0.0
    data, h, _ = data.tick(10.0, 20.0, "normal")
    assert h == pytest.approx(5.0 / 6.0) and data.exhaustion == pytest.approx(5.0)


def test_slow_regeneration_every_80_ticks() -> None:
    data, healed, _ = _ticks(FoodData(18, 0.0), 79, 10.0)
    assert healed == 0.0
    data, h, _ = data.tick(10.0, 20.0, "normal")
    assert h == 1.0 and data.exhaustion == 6.0 and data.tick_timer == 0
    assert _ticks(FoodData(17, 0.0), 200, 10.0)[1] == 0.0  # below 18: none
    off = FoodData(18, 0.0).tick(10.0, 20.0, "normal", natural_regeneration=False)
    assert off[1] == 0.0


@pytest.mark.parametrize(("difficulty", "floor"), [("easy", 10.0), ("normal", 1.0),
                                                   ("hard", 0.0)])  # fmt: skip
def test_starving_stops_by_difficulty(difficulty: str, floor: float) -> None:
    _, _, damage = _ticks(FoodData(0, 0.0), 80 * 20, 20.0, difficulty)  # 20 chances
    assert 20.0 - damage == floor


def test_peaceful_refills_food_and_health() -> None:
    data, heal = peaceful_tick(FoodData(10, 0.0), 20, 15.0, 20.0)
    assert heal == 1.0 and data.food_level == 11 and data.saturation == 1.0
    data, heal = peaceful_tick(data, 30, 16.0, 20.0)
    assert heal == 0.0 and data.food_level == 12
    # peaceful never takes food for exhaustion
    assert FoodData(10, 0.0, 4.5).tick(20.0, 20.0, "peaceful")[0].food_level == 10


def test_eating_restores_and_counts_used() -> None:
    stats = Stats()
    full, hungry = FoodData(), FoodData(food_level=10, saturation=0.0)
    beef = ItemStack("cooked_beef", 3)
    assert not can_eat(full, beef) and can_eat(hungry, beef) and can_eat(full, beef, creative=True)
    assert can_eat(full, ItemStack("golden_apple")) and not can_eat(hungry, ItemStack("stone"))
    assert eat_ticks(beef) == 32 and eat_ticks(ItemStack("dried_kelp")) == 16
    eaten = finish_eating(hungry, beef, stats)
    assert eaten.food.food_level == 18 and eaten.food.saturation == pytest.approx(12.8)
    assert eaten.hand == ItemStack("cooked_beef", 2) and stats.get("used", "cooked_beef") == 1
    # saturation is capped by the new food level
    assert finish_eating(FoodData(0, 0.0), ItemStack("cooked_beef")).food.saturation == 8.0
    stew = finish_eating(hungry, ItemStack("mushroom_stew"))
    assert stew.hand == ItemStack("bowl") and stew.extra is None
    honey = finish_eating(hungry, ItemStack("honey_bottle", 3))
    assert honey.hand == ItemStack("honey_bottle", 2) and honey.extra == ItemStack("glass_bottle")
    with pytest.raises(InventoryError, match="not food"):
        finish_eating(hungry, ItemStack("stone"))
