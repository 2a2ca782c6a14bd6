"""Bows (vanilla 1.21.11 BowItem): hold use to draw, let go to shoot an arrow.

A bow starts drawing only with an arrow to shoot (or in creative). On release after ``ticks``
of drawing, ``power_for_time`` = min(1, (f² + 2f) / 3) with f = ticks / 20; below 0.1 nothing
happens. The arrow leaves the eyes − 0.1 at 3 × power blocks per tick, inaccuracy 1, is
critical at full power, base damage 2 (+ 0.5 × Power + 0.5), Punch pushes, Flame sets it on
fire (100 s); it is taken from the inventory (offhand, main hand, then slots 0..35) unless the
bow has Infinity and the arrow is a plain arrow, or the player is creative (those arrows can
only be picked up by creative players). The bow wears by one per shot (384 uses).
Sound ``entity.arrow.shoot``. Arrows fly and hit as ``sim.entities.projectiles`` does.
"""

from __future__ import annotations

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks, ranged

ARROW_SPEED = 3.0
INACCURACY = 1.0
BASE_DAMAGE = 2.0
PICKUP_ALLOWED, PICKUP_CREATIVE = 1, 2
FLAME_TICKS = 2000  # igniteForSeconds(100)


def power_for_time(ticks: int) -> float:
    """BowItem.getPowerForTime."""
    f = ticks / 20.0
    f = (f * f + f * 2.0) / 3.0
    return min(1.0, f)


def can_draw(game) -> bool:
    return ranged.creative(game) or ranged.find_ammo(game) >= 0


def _start(game, held: ItemStack, slot: int | None) -> bool:
    if ranged.using(game, "bow"):
        return True
    if not can_draw(game):
        return False
    ranged.start(game, held, slot)
    return True


@hooks.on_use_item("bow")
def use_bow(game, hit, held: ItemStack) -> bool:
    return _start(game, held, None)


def release_bow(game, bow: ItemStack, slot: int, ticks: int) -> None:
    """BowItem.releaseUsing: shoot when drawn enough."""
    power = power_for_time(ticks)
    if power < 0.1:
        return
    ammo = ranged.find_ammo(game)
    if ammo < 0 and not ranged.creative(game):
        return
    infinite = ranged.creative(game) or (
        ranged.enchantment(bow, "infinity") > 0
        and (ammo < 0 or game.survival.inventory.get(ammo).item == "arrow")
    )
    if ammo >= 0 and not infinite:
        item = ranged.take_one(game, ammo)
    else:
        item = game.survival.inventory.get(ammo).item if ammo >= 0 else "arrow"
    shoot_arrow(game, bow, item, power * ARROW_SPEED, power == 1.0,
                PICKUP_CREATIVE if infinite else PICKUP_ALLOWED)  # fmt: skip
    ranged.wear(game, slot, 1)
    game.survival.stats.add("used", "bow")
    hooks.sound(game, "entity.arrow.shoot")


def shoot_arrow(
    game, weapon: ItemStack, item: str, speed: float, crit: bool, pickup: int,
    yaw_offset: float = 0.0,
):  # fmt: skip
    """A player's arrow with the weapon's enchantments (Power, Punch, Flame)."""
    vel = ranged.shot_vector(game, speed, INACCURACY, yaw_offset)
    power = ranged.enchantment(weapon, "power")
    damage = BASE_DAMAGE + (0.5 * power + 0.5 if power > 0 else 0.0)
    comps = {"player": 0, "pickup": pickup, "punch": ranged.enchantment(weapon, "punch"),
             "item": item}  # fmt: skip
    fire = FLAME_TICKS if ranged.enchantment(weapon, "flame") > 0 else 0
    arrow = ranged.launch(game, "arrow", vel, base_damage=damage, crit=crit, components=comps,
                          fire_ticks=fire)  # fmt: skip
    game.emit("arrow_shot", speed, None, "arrow")
    return arrow


ranged.RELEASE["bow"] = release_bow
ranged.OFFHAND_START["bow"] = lambda game, held, slot: _start(game, held, slot)
