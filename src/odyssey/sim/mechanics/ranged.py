"""Using an item over time (bows, crossbows, tridents, shields) and what ranged weapons share:
the ammunition search, shooting a projectile from the player's eyes, wearing the weapon.

LivingEntity.startUsingItem / updatingUsingItem / releaseUsing: a use handler (``start``) puts
the item in use; each tick the use key stays held counts one tick of use (the starting tick is
the first); when the key is let go the item's ``release`` handler runs with the ticks used.
Changing the selected slot or the item in the hand stops the use without releasing.

Vanilla uses the main hand first and the offhand when the main hand has no use: here the
offhand's item (a shield, a bow...) starts when the main hand is empty or holds an item that
is neither food, a block nor one of the used items.

Deliberate difference: vanilla slows the player to 0.2 of its input while an item is in use;
the player's physics here does not know about item use (see the report of issue #14).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks
from odyssey.sim.reach import look_vector

OFFHAND = 40
ARROWS = ("arrow", "spectral_arrow", "tipped_arrow")

# item -> fn(game, stack, slot, ticks) when the use key is let go; fn(game, stack, ticks) each tick
RELEASE: dict[str, Callable] = {}
USE_TICK: dict[str, Callable] = {}


@dataclass
class Using:
    """The item in use: its hand's inventory slot and the ticks it has been used."""

    item: str = ""
    slot: int = -1
    ticks: int = 0
    shield_cooldown: int = 0  # ticks the shield stays disabled (an axe's hit)
    take_xp_delay: int = 0  # Player.takeXpDelay: ticks between two orbs


def state_of(game) -> Using:
    m = game.survival.mechanics
    if "ranged" not in m:
        m["ranged"] = Using()
    return m["ranged"]  # type: ignore[return-value]


def using(game, item: str | None = None) -> bool:
    u = state_of(game)
    return bool(u.item) and (item is None or u.item == item)


def start(game, stack: ItemStack, slot: int | None = None) -> None:
    """Start using ``stack`` held in ``slot`` (default: the selected hotbar slot)."""
    u = state_of(game)
    u.item, u.ticks = stack.item, 0
    u.slot = game.survival.inventory.selected if slot is None else slot


def stop(game) -> None:
    u = state_of(game)
    u.item, u.slot, u.ticks = "", -1, 0


def enchantment(stack: ItemStack | None, name: str) -> int:
    return int(stack.enchantments.get(name, 0)) if stack is not None else 0


def creative(game) -> bool:
    return game.survival.gamemode == "creative"


# -- ammunition -------------------------------------------------------------------------------


def find_ammo(game, kinds: tuple[str, ...] = ARROWS) -> int:
    """Player.getProjectile: the offhand, then the main hand, then slots 0..35 in order; the
    slot, or -1 when there is none."""
    inv = game.survival.inventory
    for slot in (OFFHAND, inv.selected, *range(36)):
        stack = inv.get(slot)
        if stack is not None and stack.item in kinds:
            return slot
    return -1


def take_one(game, slot: int) -> str:
    """Take one item from ``slot`` (creative players keep it); its name."""
    inv = game.survival.inventory
    stack = inv.get(slot)
    if stack is None:
        return "arrow"
    if not creative(game):
        inv.set(slot, stack.with_count(stack.count - 1))
    return stack.item


def wear(game, slot: int, amount: int) -> None:
    """ItemStack.hurtAndBreak on the used item (Unbreaking: each point kept with chance
    level/(level+1)); a broken item plays ``entity.item.break``."""
    if creative(game):
        return
    inv = game.survival.inventory
    stack = inv.get(slot)
    if stack is None or not stack.is_damageable():
        return
    level = enchantment(stack, "unbreaking")
    if level:
        rng = game.survival.rng
        amount = sum(1 for _ in range(amount) if rng.integers(level + 1) == 0)
    after = stack.hurt(amount)
    inv.set(slot, after)
    if after is None:
        hooks.sound(game, "entity.item.break")
        game.survival.stats.add("broken", stack.item)


# -- shooting -----------------------------------------------------------------------------------


def shot_vector(
    game, speed: float, inaccuracy: float, yaw_offset: float = 0.0, pitch_offset: float = 0.0
):
    """Projectile.shootFromRotation: the look direction (turned by ``yaw_offset`` degrees; its
    vertical part from the pitch plus ``pitch_offset``, as vanilla's roll argument does),
    jittered by triangle(0, 0.0172275 × inaccuracy) per axis, times ``speed``, plus the
    player's movement (not its vertical movement on the ground)."""
    p = game.player
    d = look_vector(p.yaw + yaw_offset, p.pitch)
    if pitch_offset:
        d = (d[0], look_vector(0.0, p.pitch + pitch_offset)[1], d[2])
    length = math.sqrt(sum(c * c for c in d))
    rng, spread = game.survival.rng, 0.0172275 * inaccuracy
    v = [(c / length + spread * (rng.random() - rng.random())) * speed for c in d]
    v[0] += p.vel[0]
    v[1] += 0.0 if p.on_ground else p.vel[1]
    v[2] += p.vel[2]
    return v


def launch(game, kind: str, vel, **fields):
    """A projectile entity at the player's eyes − 0.1, rotated along ``vel``."""
    from odyssey.sim.player_body import entity_store as _store

    x, y, z = game.player.pos
    e = _store(game.survival).add(kind, (x, y + game.player.eye_height - 0.1, z),
                                  vx=vel[0], vy=vel[1], vz=vel[2], **fields)  # fmt: skip
    e.yaw = math.degrees(math.atan2(vel[0], vel[2]))
    e.pitch = math.degrees(math.atan2(vel[1], math.hypot(vel[0], vel[2])))
    return e


# -- the tick -----------------------------------------------------------------------------------


def _offhand_use(game) -> bool:
    """Whether the use key reaches the offhand: the main hand has nothing to use."""
    s = game.survival
    main = s.inventory.mainhand
    if main is None:
        return True
    t = main.type
    if s.eating or main.item in RELEASE or main.item in hooks.USE_ITEM:
        return False
    return t.food is None and t.block is None


@hooks.on_player_tick
def tick_use(game, before) -> None:
    s = game.survival
    u = state_of(game)
    if u.shield_cooldown > 0:
        u.shield_cooldown -= 1
    if u.take_xp_delay > 0:
        u.take_xp_delay -= 1
    if not u.item:
        if game.inputs.use and s.menu is None and not game.player.dead and _offhand_use(game):
            off = s.inventory.offhand
            starter = OFFHAND_START.get(off.item) if off is not None else None
            if starter is not None:
                starter(game, off, OFFHAND)
        if not u.item:
            return
    stack = s.inventory.get(u.slot)
    moved = u.slot != OFFHAND and u.slot != s.inventory.selected
    if stack is None or stack.item != u.item or moved or game.player.dead or s.menu is not None:
        stop(game)
        return
    if game.inputs.use:
        u.ticks += 1
        tick = USE_TICK.get(u.item)
        if tick is not None:
            tick(game, stack, u.ticks)
        return
    item, slot, ticks = u.item, u.slot, u.ticks
    stop(game)
    release = RELEASE.get(item)
    if release is not None:
        release(game, stack, slot, ticks)


# item -> fn(game, stack, slot): start using the offhand's item when the use key is held
OFFHAND_START: dict[str, Callable] = {}
