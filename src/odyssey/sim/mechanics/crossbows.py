"""Crossbows (vanilla 1.21.11 CrossbowItem): hold use to load, let go once loaded, use again
to shoot.

Loading takes 25 ticks (1.25 s, Quick Charge − 5 ticks per level); the sounds
``item.crossbow.loading_start`` at 20 % and ``item.crossbow.loading_middle`` at 50 % of it,
``item.crossbow.loading_end`` when the key is let go after a full charge: then one arrow is
taken (offhand, main hand, slots 0..35; none in creative) and the crossbow holds it in its
``charged_projectiles`` component (Multishot: three copies). The next use shoots them: each a
critical arrow at 3.15 blocks per tick, inaccuracy 1, base damage 2, Multishot's side arrows
10° left and right (only creative players may pick those up); the crossbow wears by one per
arrow; sound ``item.crossbow.shoot``. Piercing is not simulated (deliberate difference), nor
firework rockets.
"""

from __future__ import annotations

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import bows, hooks, ranged

CHARGE_TICKS = 25
QUICK_CHARGE_STEP = 5
ARROW_SPEED = 3.15
MULTISHOT_ANGLES = (0.0, -10.0, 10.0)
COMPONENT = "charged_projectiles"


def charge_ticks(crossbow: ItemStack) -> int:
    """CrossbowItem.getChargeDuration."""
    return max(0, CHARGE_TICKS - QUICK_CHARGE_STEP * ranged.enchantment(crossbow, "quick_charge"))


def charged(stack: ItemStack | None) -> tuple:
    """The projectiles a crossbow holds (item names), empty when not loaded."""
    return tuple(stack.component(COMPONENT, ())) if stack is not None else ()


def _start(game, held: ItemStack, slot: int | None) -> bool:
    if ranged.using(game, "crossbow"):
        return True
    if charged(held):
        shoot(game, held, game.survival.inventory.selected if slot is None else slot)
        return True
    if not bows.can_draw(game):
        return False
    ranged.start(game, held, slot)
    return True


@hooks.on_use_item("crossbow")
def use_crossbow(game, hit, held: ItemStack) -> bool:
    return _start(game, held, None)


def loading_tick(game, crossbow: ItemStack, ticks: int) -> None:
    """CrossbowItem.onUseTick: the loading sounds."""
    full = max(1, charge_ticks(crossbow))
    before, now = (ticks - 1) / full, ticks / full
    if before < 0.2 <= now:
        hooks.sound(game, "item.crossbow.loading_start")
    if before < 0.5 <= now:
        hooks.sound(game, "item.crossbow.loading_middle")


def release(game, crossbow: ItemStack, slot: int, ticks: int) -> None:
    """CrossbowItem.releaseUsing: loaded when drawn for the whole charge."""
    if ticks < charge_ticks(crossbow) or charged(crossbow):
        return
    ammo = ranged.find_ammo(game)
    if ammo < 0 and not ranged.creative(game):
        return
    item = ranged.take_one(game, ammo) if ammo >= 0 else "arrow"
    copies = 3 if ranged.enchantment(crossbow, "multishot") else 1
    game.survival.inventory.set(slot, crossbow.with_component(COMPONENT, [item] * copies))
    hooks.sound(game, "item.crossbow.loading_end")


def shoot(game, crossbow: ItemStack, slot: int) -> None:
    """CrossbowItem.performShooting: every held projectile, then empty."""
    loaded = charged(crossbow)
    game.survival.inventory.set(slot, crossbow.with_component(COMPONENT, None))
    for i, item in enumerate(loaded):
        angle = MULTISHOT_ANGLES[i] if i < len(MULTISHOT_ANGLES) else 0.0
        pickup = bows.PICKUP_CREATIVE if i > 0 or ranged.creative(game) else bows.PICKUP_ALLOWED
        bows.shoot_arrow(game, crossbow, item, ARROW_SPEED, True, pickup, angle)
    ranged.wear(game, slot, len(loaded))
    game.survival.stats.add("used", "crossbow")
    hooks.sound(game, "item.crossbow.shoot")


ranged.RELEASE["crossbow"] = release
ranged.USE_TICK["crossbow"] = loading_tick
ranged.OFFHAND_START["crossbow"] = lambda game, held, slot: _start(game, held, slot)
