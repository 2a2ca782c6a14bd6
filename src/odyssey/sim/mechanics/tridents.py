"""Tridents (vanilla 1.21.11 TridentItem, ThrownTrident).

Hold use to raise it; let go after at least 10 ticks. Without Riptide the trident is thrown
from the eyes − 0.1 at 2.5 blocks per tick, inaccuracy 1, leaving the hand (creative keeps it),
sound ``item.trident.throw``, and wears by one. In flight it moves like an arrow (0.99 drag in
air and water, − 0.05 down); its first entity hit deals 8 (``trident`` damage, credited to the
player), then it bounces back (velocity × (−0.01, −0.1, −0.01)) and falls. Stuck or spent, a
player touching it takes it back with its damage and enchantments. With Loyalty it flies back
after a hit or once stuck: each tick it moves towards the thrower's eyes by
0.05 × level (and 0.015 × level of the height difference), velocity × 0.95, through blocks,
sound ``item.trident.return`` once.
With Riptide (only in water or rain) it is not thrown: the player is launched along its look by
3 × (1 + level) / 4 (lifted 1.2 first when on the ground), sound ``item.trident.riptide_N``.
Melee hits use the item's attack damage (9 with the hand's 1).

Deliberate difference: the riptide spin attack (20 ticks of hitting what the player touches)
is not simulated.
"""

from __future__ import annotations

import math

from odyssey.sim import layout as k
from odyssey.sim.entities.combat import hurt
from odyssey.sim.entities.projectiles import ARROW_GRAVITY, TICKERS, first_hit
from odyssey.sim.entities.state import Entity, EntityEvent
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks, ranged
from odyssey.sim.player import PlayerState
from odyssey.sim.reach import look_vector

MIN_TICKS = 10
SPEED, INACCURACY = 2.5, 1.0
DAMAGE = 8.0
DRAG = 0.99
SHAKE_TICKS = 7


def _start(game, held: ItemStack, slot: int | None) -> bool:
    if ranged.using(game, "trident"):
        return True
    if held.is_damageable() and held.damage >= held.max_damage - 1:
        return False  # TridentItem.use: too worn to throw
    if ranged.enchantment(held, "riptide") and not in_water_or_rain(game):
        return False
    ranged.start(game, held, slot)
    return True


@hooks.on_use_item("trident")
def use_trident(game, hit, held: ItemStack) -> bool:
    return _start(game, held, None)


def in_water_or_rain(game) -> bool:
    """Entity.isInWaterOrRain (rain: the weather, the player under the open sky)."""
    if game.player.in_water:
        return True
    if game.survival.weather == "clear":
        return False
    x, y, z = (math.floor(v) for v in game.player.pos)
    world = game.world
    top = world.dimension.min_y + world.dimension.height
    return all(world.get_block(x, yy, z) == 0 for yy in range(y + 2, top))


def release(game, trident: ItemStack, slot: int, ticks: int) -> None:
    """TridentItem.releaseUsing."""
    if ticks < MIN_TICKS:
        return
    riptide = ranged.enchantment(trident, "riptide")
    if riptide and not in_water_or_rain(game):
        return
    ranged.wear(game, slot, 1)
    trident = game.survival.inventory.get(slot)
    if trident is None:
        return
    game.survival.stats.add("used", "trident")
    if riptide:
        launch_player(game, riptide)
        return
    vel = ranged.shot_vector(game, SPEED, INACCURACY)
    creative = ranged.creative(game)
    comps = {"player": 0, "pickup": 2 if creative else 1, "stack": trident.to_dict(),
             "loyalty": ranged.enchantment(trident, "loyalty")}  # fmt: skip
    ranged.launch(game, "trident", vel, components=comps, base_damage=DAMAGE)
    if not creative:
        game.survival.inventory.set(slot, None)
    hooks.sound(game, "item.trident.throw")


def launch_player(game, level: int) -> None:
    """Riptide: push the player along its look."""
    p = game.player
    d = look_vector(p.yaw, p.pitch)
    length = math.sqrt(sum(c * c for c in d))
    push = 3.0 * ((1.0 + level) / 4.0) / length
    st = p.to_array()
    st[k.S_VX] += d[0] * push
    st[k.S_VY] += d[1] * push
    st[k.S_VZ] += d[2] * push
    if p.on_ground:
        st[k.S_Y] += 1.1999999284744263  # Player.move(MoverType.SELF, (0, 1.2, 0))
    game.player = PlayerState.from_array(st, p.attributes)
    hooks.sound(game, f"item.trident.riptide_{min(3, level)}")


def tick_trident(ctx, t: Entity) -> None:
    """ThrownTrident.tick: fly like an arrow until the first hit, return with Loyalty, be
    picked up when touched."""
    loyalty = t.components.get("loyalty", 0)
    spent = t.components.get("dealt", False)
    if (spent or t.in_ground) and loyalty and ctx.players and not ctx.players[0].dead:
        _return(ctx, t, loyalty)
        _pick_up(ctx, t, returning=True)
        return
    if t.in_ground:
        if t.age >= SHAKE_TICKS:
            _pick_up(ctx, t)
        return
    p0, d = (t.x, t.y, t.z), (t.vx, t.vy, t.vz)
    t_block = ctx.window.ray(*p0, p0[0] + d[0], p0[1] + d[1], p0[2] + d[2])
    t_hit, who, mob = (2.0, -1, None) if spent else first_hit(ctx, t, p0, d)
    if t_hit <= min(1.0, t_block):
        t.x, t.y, t.z = (p0[a] + d[a] * t_hit for a in range(3))
        _hit(ctx, t, who, mob)
        return
    if t_block <= 1.0:
        back = 0.05 / max(1.0e-9, math.sqrt(sum(c * c for c in d)))
        t.x, t.y, t.z = (p0[a] + d[a] * (t_block - back) for a in range(3))
        t.vx = t.vy = t.vz = 0.0
        t.in_ground, t.age = True, 0
        ctx.events.append(EntityEvent("trident_stuck", t.id, pos=t.pos))
        return
    t.x, t.y, t.z = p0[0] + d[0], p0[1] + d[1], p0[2] + d[2]
    t.vx, t.vy, t.vz = d[0] * DRAG, d[1] * DRAG - ARROW_GRAVITY, d[2] * DRAG
    if t.y < ctx.window.world.dimension.min_y - 64:
        ctx.store.remove(t.id)


def _hit(ctx, t: Entity, who: int, mob: Entity | None) -> None:
    """ThrownTrident.onHitEntity: 8 damage, then bounce back."""
    t.components["dealt"] = True
    if mob is not None:
        back = (mob.x - t.vx, mob.y, mob.z - t.vz)
        hurt(ctx.store, mob, t.base_damage, "trident", ctx.events, back,
             t.components.get("player", -1))  # fmt: skip
    elif who >= 0:
        ctx.events.append(EntityEvent("player_damage", t.id, who, t.base_damage, "trident",
                                      t.pos, knockback=(0.4, -t.vx, -t.vz)))  # fmt: skip
    t.vx, t.vy, t.vz = t.vx * -0.01, t.vy * -0.1, t.vz * -0.01


def _return(ctx, t: Entity, loyalty: int) -> None:
    """Loyalty: no collisions, steer towards the thrower's eyes."""
    p = ctx.players[0]
    dx, dy, dz = p.pos[0] - t.x, p.pos[1] + p.eye_height - t.y, p.pos[2] - t.z
    t.in_ground = False
    t.y += dy * 0.015 * loyalty
    if not t.components.get("returning"):
        t.components["returning"] = True
        ctx.events.append(EntityEvent("trident_return", t.id, pos=t.pos))
    length = math.sqrt(dx * dx + dy * dy + dz * dz) or 1.0
    s = 0.05 * loyalty / length
    t.vx, t.vy, t.vz = t.vx * 0.95 + dx * s, t.vy * 0.95 + dy * s, t.vz * 0.95 + dz * s
    t.x, t.y, t.z = t.x + t.vx, t.y + t.vy, t.z + t.vz


def _pick_up(ctx, t: Entity, returning: bool = False) -> None:
    """ThrownTrident.tryPickup: the thrower (or anyone for a stuck one) touching it."""
    for i, p in enumerate(ctx.players):
        if p.dead or p.gamemode == "spectator" or p.pickup is None:
            continue
        x, y, z = p.pos
        if not (abs(t.x - x) < p.width / 2 + 1.25 and abs(t.z - z) < p.width / 2 + 1.25
                and y - 1.0 < t.y < y + p.height + 0.5):  # fmt: skip
            continue
        rule = t.components.get("pickup", 1)
        if rule == 1:
            stack = t.components.get("stack") or {"id": "trident"}
            comps = dict(stack.get("components", {}))
            if p.pickup("trident", 1, comps) < 1:
                continue
        t.dead = True
        ctx.store.remove(t.id)
        ctx.events.append(EntityEvent("item_picked_up", t.id, i, item="trident", count=1,
                                      pos=t.pos))  # fmt: skip
        return


TICKERS["trident"] = tick_trident
ranged.RELEASE["trident"] = release
ranged.OFFHAND_START["trident"] = lambda game, held, slot: _start(game, held, slot)
