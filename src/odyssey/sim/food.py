"""Hunger: vanilla's FoodData (food level, saturation, exhaustion), regeneration, starvation
and eating.

``FoodData`` is immutable: every change returns a new one. ``tick`` is FoodData.tick (1.21.11),
``peaceful_tick`` the peaceful part of Player.aiStep, ``finish_eating`` Consumable.onConsume
with FoodProperties and UseRemainder. The registry's ``Food.saturation`` is vanilla's
saturation points (nutrition * modifier * 2), which FoodData.add adds directly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from odyssey.sim.inventory import InventoryError, ItemStack, Stack
from odyssey.sim.stats import Stats
from odyssey.world.items import Food

MAX_FOOD = 20
MAX_EXHAUSTION = 40.0
DIFFICULTIES = ("peaceful", "easy", "normal", "hard")

# Exhaustion added by actions (Player, Block.playerDestroy, DamageType.exhaustion).
EXHAUSTION_JUMP = 0.05
EXHAUSTION_SPRINT_JUMP = 0.2
EXHAUSTION_SPRINT_PER_M = 0.1
EXHAUSTION_SWIM_PER_M = 0.01  # swimming, walking under water and walking in water
EXHAUSTION_ATTACK = 0.1
EXHAUSTION_MINE = 0.005
EXHAUSTION_DAMAGE = 0.1  # per hit, for most damage types (starving, falling, drowning: 0)
EXHAUSTION_HEAL = 6.0  # one slow regeneration step
STARVE_DAMAGE = 1.0

# UseRemainder: what is left in hand (or added to the inventory) after eating.
USE_REMAINDER = {"mushroom_stew": "bowl", "rabbit_stew": "bowl", "beetroot_soup": "bowl",
                 "suspicious_stew": "bowl", "honey_bottle": "glass_bottle"}  # fmt: skip


def _check_difficulty(difficulty: str) -> None:
    if difficulty not in DIFFICULTIES:
        raise InventoryError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, "
                             f"got {difficulty!r}")  # fmt: skip


@dataclass(frozen=True)
class FoodData:
    """A player's hunger (vanilla FoodData; a new player has 20 food and 5 saturation)."""

    food_level: int = MAX_FOOD
    saturation: float = 5.0
    exhaustion: float = 0.0
    tick_timer: int = 0

    def needs_food(self) -> bool:
        return self.food_level < MAX_FOOD

    def add_exhaustion(self, amount: float, invulnerable: bool = False) -> FoodData:
        """FoodData.addExhaustion (Player.causeFoodExhaustion: nothing while invulnerable)."""
        if invulnerable:
            return self
        return replace(self, exhaustion=min(self.exhaustion + amount, MAX_EXHAUSTION))

    def add(self, nutrition: int, saturation: float) -> FoodData:
        """FoodData.add: food up to 20, saturation up to the new food level."""
        food = max(0, min(MAX_FOOD, self.food_level + nutrition))
        fed = max(0.0, min(float(food), self.saturation + saturation))
        return replace(self, food_level=food, saturation=fed)

    def eat(self, food: Food) -> FoodData:
        """FoodData.eat(FoodProperties)."""
        return self.add(food.nutrition, food.saturation)

    def tick(self, health: float, max_health: float, difficulty: str,
             natural_regeneration: bool = True) -> tuple[FoodData, float, float]:  # fmt: skip
        """FoodData.tick: returns (new food data, health to heal, starvation damage).

        Exhaustion over 4 costs a saturation point, else (not in peaceful) a food point. With
        the natural regeneration rule and the player hurt: food 20 and saturation left heals
        min(saturation, 6) / 6 every 10 ticks for that much exhaustion; food >= 18 heals 1
        every 80 ticks for 6 exhaustion. At food 0, every 80 ticks starving hurts 1 while
        health > 10 (easy), > 1 (normal), or always (hard)."""
        _check_difficulty(difficulty)
        data = self
        if data.exhaustion > 4.0:
            data = replace(data, exhaustion=data.exhaustion - 4.0)
            if data.saturation > 0.0:
                data = replace(data, saturation=max(data.saturation - 1.0, 0.0))
            elif difficulty != "peaceful":
                data = replace(data, food_level=max(data.food_level - 1, 0))
        hurt = 0.0 < health < max_health
        timer = data.tick_timer + 1
        if natural_regeneration and data.saturation > 0.0 and hurt and data.food_level >= 20:
            if timer >= 10:
                f = min(data.saturation, 6.0)
                return replace(data.add_exhaustion(f), tick_timer=0), f / 6.0, 0.0
            return replace(data, tick_timer=timer), 0.0, 0.0
        if natural_regeneration and data.food_level >= 18 and hurt:
            if timer >= 80:
                return replace(data.add_exhaustion(EXHAUSTION_HEAL), tick_timer=0), 1.0, 0.0
            return replace(data, tick_timer=timer), 0.0, 0.0
        if data.food_level <= 0:
            if timer >= 80:
                starve = (health > 10.0 or difficulty == "hard"
                          or (health > 1.0 and difficulty == "normal"))  # fmt: skip
                return replace(data, tick_timer=0), 0.0, STARVE_DAMAGE if starve else 0.0
            return replace(data, tick_timer=timer), 0.0, 0.0
        if type(data.tick_timer) is int and data.tick_timer == 0:
            return data, 0.0, 0.0  # the timer already 0: the copy would be equal to it
        return replace(data, tick_timer=0), 0.0, 0.0


def peaceful_tick(data: FoodData, tick_count: int, health: float, max_health: float,
                  natural_regeneration: bool = True) -> tuple[FoodData, float]:  # fmt: skip
    """Player.aiStep in peaceful with natural regeneration: +1 health every 20 ticks while
    hurt, +1 saturation every 20 ticks below 20, +1 food every 10 ticks while hungry.
    Returns (new food data, health to heal)."""
    if not natural_regeneration:
        return data, 0.0
    heal = 1.0 if health < max_health and tick_count % 20 == 0 else 0.0
    if data.saturation < 20.0 and tick_count % 20 == 0:
        data = replace(data, saturation=data.saturation + 1.0)
    if data.needs_food() and tick_count % 10 == 0:
        data = replace(data, food_level=data.food_level + 1)
    return data, heal


def movement_exhaustion(distance_cm: int, how: str) -> float:
    """Player.checkMovementStatistics: exhaustion for a tick's movement (``sprint``, ``swim``,
    ``under_water``, ``in_water``; walking, crouching, climbing and flying cost nothing)."""
    per_m = {"sprint": EXHAUSTION_SPRINT_PER_M, "swim": EXHAUSTION_SWIM_PER_M,
             "under_water": EXHAUSTION_SWIM_PER_M, "in_water": EXHAUSTION_SWIM_PER_M}  # fmt: skip
    return per_m.get(how, 0.0) * distance_cm * 0.01


# -- eating --------------------------------------------------------------------------------


def food_of(stack: ItemStack) -> Food:
    food = stack.type.food
    if food is None:
        raise InventoryError(f"{stack.item} is not food")
    return food


def can_eat(data: FoodData, stack: Stack, creative: bool = False) -> bool:
    """Player.canEat: food can be started while hungry, or always if always-edible (golden
    apples, chorus fruit, honey, suspicious stew) or in creative."""
    if stack is None or stack.type.food is None:
        return False
    return creative or stack.type.food.always_edible or data.needs_food()


def eat_ticks(stack: ItemStack) -> int:
    """How long the use key is held to eat it (Consumable.consume_seconds * 20: 32, dried
    kelp 16, honey 40)."""
    return food_of(stack).eat_ticks


@dataclass(frozen=True)
class Eaten:
    """After eating: the new hunger, what is left in the hand, and a container (bowl, bottle)
    to add to the inventory (drop it if it does not fit) when the hand still holds food."""

    food: FoodData
    hand: Stack
    extra: Stack


def finish_eating(data: FoodData, stack: ItemStack, stats: Stats | None = None,
                  creative: bool = False) -> Eaten:  # fmt: skip
    """Consumable.onConsume for food: count ``used``, add nutrition and saturation, use one
    item (not in creative) and leave its remainder (UseRemainder.convertIntoRemainder)."""
    food = food_of(stack)
    if stats is not None:
        stats.add("used", stack.item)
    fed = data.eat(food)
    if creative:
        return Eaten(fed, stack, None)
    hand = stack.with_count(stack.count - 1)
    left = USE_REMAINDER.get(stack.item)
    if left is None:
        return Eaten(fed, hand, None)
    if hand is None:
        return Eaten(fed, ItemStack(left), None)
    return Eaten(fed, hand, ItemStack(left))
