"""Riding a saddled pig (vanilla 1.21.11 Pig, ItemBasedSteering, FoodOnAStickItem).

A saddle used on an adult pig saddles it (``entity.pig.saddle``); a right-click then mounts it
(``riding``). The rider steers only while holding a carrot on a stick in either hand: the pig
turns to the rider's yaw and walks forward at its movement_speed × 0.225 × the boost factor;
otherwise it wanders as its AI likes with the rider on it. Using the carrot on a stick while
steering boosts the pig for 140 + rand(841) ticks (factor 1 + 1.15 sin(π t / total), sound
``entity.pig.boost``) and costs the stick 7 durability (a worn-out stick becomes a fishing
rod). Riding counts ``pig_one_cm``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import Entity
from odyssey.sim.inventory import OFFHAND, ItemStack
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import hooks

NAME = "pigs"
STICK = "carrot_on_a_stick"
RIDDEN_SPEED = 0.225  # Pig.getRiddenSpeed's factor on movement_speed
BOOST_MIN, BOOST_RANGE, BOOST_GAIN = 140, 841, 1.15
STICK_WEAR = 7


@dataclass
class Boost:
    """ItemBasedSteering: boosting, boostTime, boostTimeTotal."""

    on: bool = False
    time: int = 0
    total: int = 0

    def factor(self) -> float:
        if not self.on:
            return 1.0
        return 1.0 + BOOST_GAIN * math.sin(self.time / self.total * math.pi)


def boosts(game) -> dict[int, Boost]:
    return game.survival.mechanics.setdefault(NAME, {})  # type: ignore[return-value]


def steering(game) -> bool:
    """Pig.getControllingPassenger: the rider holds a carrot on a stick in either hand."""
    inv = game.survival.inventory
    return any(s is not None and s.item == STICK for s in (inv.mainhand, inv.get(OFFHAND)))


def saddle_pig(game, e: Entity) -> bool:
    """Saddleable.equipSaddle on an adult pig without one."""
    a = c.animal(game, e)
    if e.baby or a.saddled:
        return False
    a.saddled = True
    hooks.sound(game, "entity.pig.saddle")
    return True


def steer_pig(game, e: Entity) -> None:
    """One ridden tick: steered (tickRidden, travelRidden) or left to its AI."""
    base = kind(e.type).speed
    if not steering(game):
        e.tags.discard("ridden")
        e.speed = base
        return
    e.tags.add("ridden")
    p = game.player
    e.yaw, e.pitch = p.yaw, p.pitch * 0.5
    boost = boosts(game).get(e.id)
    factor = 1.0
    if boost is not None:
        factor = boost.factor()
        boost.time += 1
        if boost.time > boost.total:
            boost.on = False
    e.forward, e.strafe = 1.0, 0.0
    e.speed = base * RIDDEN_SPEED * factor


def leave(e: Entity) -> None:
    """The rider got off: the pig's own speed and AI again."""
    e.tags.discard("ridden")
    e.speed = kind(e.type).speed
    e.forward = e.strafe = 0.0


@hooks.on_use_item(STICK)
def boost(game, hit, held: ItemStack) -> bool:
    """FoodOnAStickItem.use: boost the steered pig (ItemBasedSteering.boost)."""
    v_id = c.vehicle_of(game, c.PLAYER)
    ents = game.survival.entities.entities if game.survival.entities is not None else {}
    pig = ents.get(v_id) if v_id is not None else None
    if pig is None or pig.type != "pig" or not steering(game):
        return False
    state = boosts(game).setdefault(pig.id, Boost())
    if state.on:
        return False
    rng = game.survival.rng
    state.on, state.time, state.total = True, 0, BOOST_MIN + int(rng.integers(BOOST_RANGE))
    s = game.survival
    if s.gamemode != "creative":
        worn = held.hurt(STICK_WEAR)
        s.inventory.set(s.inventory.selected, worn if worn is not None else
                        ItemStack.of("fishing_rod"))  # fmt: skip
    s.stats.add("used", STICK)
    hooks.sound(game, "entity.pig.boost")
    return True
