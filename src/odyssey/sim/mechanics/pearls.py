"""Ender pearls and bottles o' enchanting (vanilla 1.21.11 EnderpearlItem, ThrownEnderpearl,
ExperienceBottleItem, ThrownExperienceBottle).

An ender pearl is thrown like a snowball (1.5 blocks a tick, inaccuracy 1, sound
``entity.ender_pearl.throw``) and the item then cools down for 20 ticks. Where it lands — a
block, or a mob it hits for 0 damage — the thrower is teleported (at rest, fall distance
reset) and takes 5 damage (sound ``entity.player.teleport``); 1 time in 20 an endermite comes
out where it landed (unless the difficulty is peaceful). A bottle o' enchanting is thrown 20°
higher than the look at 0.7 blocks a tick (sound ``entity.experience_bottle.throw``), falls by
0.07 a tick and breaks where it lands, giving 3 + rand(5) + rand(5) experience as orbs. Both:
velocity × 0.99 a tick (0.8 in water), one taken from the hand (not in creative), ``used``
counted.

Deliberate differences: the pearl's damage is counted as fall damage (vanilla's
``ender_pearl`` damage type shares the fall tags: armour ignored, Feather Falling protects);
a pearl does not carry the player across dimensions, and its chunk-loading is not modelled;
the bottle's breaking sound and particles (level event 2002) are not events.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.combat import hurt
from odyssey.sim.entities.projectiles import TICKERS, first_hit
from odyssey.sim.entities.state import Entity, EntityEvent
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks, ranged
from odyssey.sim.mechanics.creatures import consume

NAME = "pearls"
PEARL_SPEED, BOTTLE_SPEED, INACCURACY = 1.5, 0.7, 1.0
BOTTLE_PITCH = -20.0  # the bottle leaves 20° above the look
PEARL_GRAVITY, BOTTLE_GRAVITY, DRAG, WATER_DRAG = 0.03, 0.07, 0.99, 0.8
COOLDOWN = 20  # ticks
TELEPORT_DAMAGE = 5.0
ENDERMITE_CHANCE = 0.05


@hooks.on_use_item("ender_pearl")
def throw_pearl(game, hit, held: ItemStack) -> bool:
    """EnderpearlItem.use (nothing while the item cools down)."""
    s = game.survival
    ready = s.mechanics.setdefault(NAME, {"pearl_ready": 0})
    if game.tick_count < ready["pearl_ready"]:
        return False
    vel = ranged.shot_vector(game, PEARL_SPEED, INACCURACY)
    ranged.launch(game, "ender_pearl", vel, components={"player": 0})
    ready["pearl_ready"] = game.tick_count + COOLDOWN
    _take_one(game, held)
    hooks.sound(game, "entity.ender_pearl.throw")
    return True


@hooks.on_use_item("experience_bottle")
def throw_bottle(game, hit, held: ItemStack) -> bool:
    """ExperienceBottleItem.use."""
    vel = ranged.shot_vector(game, BOTTLE_SPEED, INACCURACY, pitch_offset=BOTTLE_PITCH)
    ranged.launch(game, "experience_bottle", vel, components={"player": 0})
    _take_one(game, held)
    hooks.sound(game, "entity.experience_bottle.throw")
    return True


def _take_one(game, held: ItemStack) -> None:
    consume(game)
    game.survival.stats.add("used", held.item)


def tick_flight(ctx, e: Entity) -> None:
    """ThrowableProjectile.tick: move to the first block or entity on the way, or fly on."""
    p0, d = (e.x, e.y, e.z), (e.vx, e.vy, e.vz)
    t_block = ctx.window.ray(*p0, p0[0] + d[0], p0[1] + d[1], p0[2] + d[2])
    t_hit, _, mob = first_hit(ctx, e, p0, d)  # a player hit takes 0 damage: nothing to do
    if t_hit > min(1.0, t_block) and t_block > 1.0:
        e.x, e.y, e.z = p0[0] + d[0], p0[1] + d[1], p0[2] + d[2]
        state = ctx.window.block(math.floor(e.x), math.floor(e.y), math.floor(e.z))
        drag = WATER_DRAG if ctx.fluid[state] and not ctx.lava[state] else DRAG
        gravity = PEARL_GRAVITY if e.type == "ender_pearl" else BOTTLE_GRAVITY
        e.vx, e.vy, e.vz = d[0] * drag, d[1] * drag - gravity, d[2] * drag
        if e.y < ctx.window.world.dimension.min_y - 64:
            ctx.store.remove(e.id)
        return
    if t_hit <= min(1.0, t_block):
        t = t_hit
    else:
        t, mob = t_block, None
    e.x, e.y, e.z = (p0[a] + d[a] * t for a in range(3))
    if e.type == "ender_pearl":
        _pearl_lands(ctx, e, mob)
    else:
        _bottle_breaks(ctx, e)
    ctx.store.remove(e.id)
    e.dead = True


def _pearl_lands(ctx, e: Entity, mob: Entity | None) -> None:
    """ThrownEnderpearl.onHitEntity (0 damage) and onHit: an endermite now and then, and the
    thrower's teleport (done by the game: ``pearl_landed``)."""
    if mob is not None:
        hurt(ctx.store, mob, 0.0, "thrown", ctx.events, (mob.x - e.vx, mob.y, mob.z - e.vz),
             e.components.get("player", -1))  # fmt: skip
    if ctx.dice.random() < ENDERMITE_CHANCE and ctx.difficulty != 0:  # 0: peaceful
        mite = ctx.store.add("endermite", (e.x, e.y, e.z), yaw=e.yaw)
        ctx.events.append(EntityEvent("spawned", mite.id, pos=mite.pos, source="ender_pearl"))
    ctx.events.append(EntityEvent("pearl_landed", e.id, e.components.get("player", -1),
                                  TELEPORT_DAMAGE, "fall", (e.x, e.y, e.z)))  # fmt: skip


def _bottle_breaks(ctx, e: Entity) -> None:
    """ThrownExperienceBottle.onHit: 3 + rand(5) + rand(5) experience as orbs."""
    from odyssey.sim.mechanics.xp_orbs import split

    points = 3 + int(ctx.dice.integers(5)) + int(ctx.dice.integers(5))
    for value in split(points):
        vel = [(ctx.dice.random() * 0.2 - 0.1) * 2.0, ctx.dice.random() * 0.4,
               (ctx.dice.random() * 0.2 - 0.1) * 2.0]  # fmt: skip
        ctx.store.add("experience_orb", (e.x, e.y, e.z), vx=vel[0], vy=vel[1], vz=vel[2],
                      count=value)  # fmt: skip


def pearl_landed(game, event: EntityEvent) -> None:
    """The thrower of a pearl that landed: teleported there and hurt (vanilla: only a living
    player not asleep)."""
    from odyssey.sim.actions import hurt_player
    from odyssey.sim.mechanics.beds import sleeping

    if game.player.dead or sleeping(game):
        return
    p = game.player
    game.move_player(tuple(event.pos), p.yaw, p.pitch)
    hooks.sound(game, "entity.player.teleport", event.pos)
    hurt_player(game, event.amount, event.source)


TICKERS["ender_pearl"] = tick_flight
TICKERS["experience_bottle"] = tick_flight
