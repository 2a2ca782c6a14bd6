"""Snowballs and eggs (vanilla 1.21.11 SnowballItem, EggItem, ThrowableProjectile).

Using one throws it at once (one per use, so every 4 ticks while use is held): from the eyes
− 0.1 at 1.5 blocks per tick, inaccuracy 1, one taken from the hand (not in creative), sound
``entity.snowball.throw`` / ``entity.egg.throw``. In flight: move (hitting the first entity
box grown by 0.3 or block on the way), velocity × 0.99 (0.8 in water), − 0.03 down.
A snowball deals 3 to a blaze and 0 to anything else, which still knocks it back (0.4 along
the flight); an egg deals 0 with knockback, and on any hit spawns a baby chicken 1 time in
8 (then 4 of them 1 time in 32). Both break on hit.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.combat import hurt
from odyssey.sim.entities.projectiles import TICKERS, first_hit
from odyssey.sim.entities.state import Entity, EntityEvent
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks, ranged

SPEED, INACCURACY = 1.5, 1.0
GRAVITY, DRAG, WATER_DRAG = 0.03, 0.99, 0.8


@hooks.on_use_item("snowball", "egg")
def throw(game, hit, held: ItemStack) -> bool:
    """SnowballItem.use / EggItem.use."""
    s = game.survival
    vel = ranged.shot_vector(game, SPEED, INACCURACY)
    e = ranged.launch(game, held.item, vel, components={"player": 0})
    e.item = held.item
    if not ranged.creative(game):
        s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
    s.stats.add("used", held.item)
    hooks.sound(game, f"entity.{held.item}.throw")
    return True


def tick_thrown(ctx, e: Entity) -> None:
    """ThrowableProjectile.tick for a snowball or an egg."""
    p0, d = (e.x, e.y, e.z), (e.vx, e.vy, e.vz)
    t_block = ctx.window.ray(*p0, p0[0] + d[0], p0[1] + d[1], p0[2] + d[2])
    t_hit, who, mob = first_hit(ctx, e, p0, d)
    if t_hit <= min(1.0, t_block):
        t = t_hit
    elif t_block <= 1.0:
        t, who, mob = t_block, -1, None
    else:
        e.x, e.y, e.z = p0[0] + d[0], p0[1] + d[1], p0[2] + d[2]
        state = ctx.window.block(math.floor(e.x), math.floor(e.y), math.floor(e.z))
        drag = WATER_DRAG if ctx.fluid[state] and not ctx.lava[state] else DRAG
        e.vx, e.vy, e.vz = d[0] * drag, d[1] * drag - GRAVITY, d[2] * drag
        if e.y < ctx.window.world.dimension.min_y - 64:
            ctx.store.remove(e.id)
        return
    e.x, e.y, e.z = (p0[a] + d[a] * t for a in range(3))
    impact(ctx, e, who, mob)


def impact(ctx, e: Entity, who: int, mob: Entity | None) -> None:
    """Snowball/ThrownEgg.onHit: the hit, then the egg's chickens, then the projectile breaks."""
    if mob is not None:
        damage = 3.0 if e.type == "snowball" and mob.type == "blaze" else 0.0
        back = (mob.x - e.vx, mob.y, mob.z - e.vz)
        hurt(ctx.store, mob, damage, "thrown", ctx.events, back, e.components.get("player", -1))
    elif who >= 0:
        ctx.events.append(EntityEvent("player_damage", e.id, who, 0.0, "thrown", e.pos,
                                      knockback=(0.4, -e.vx, -e.vz)))  # fmt: skip
    if e.type == "egg" and ctx.dice.integers(8) == 0:
        n = 4 if ctx.dice.integers(32) == 0 else 1
        for _ in range(n):
            chick = ctx.store.add("chicken", (e.x, e.y, e.z), yaw=e.yaw, baby=True)
            ctx.events.append(EntityEvent("spawned", chick.id, pos=chick.pos, source="egg"))
    ctx.store.remove(e.id)
    e.dead = True


TICKERS["snowball"] = tick_thrown
TICKERS["egg"] = tick_thrown
