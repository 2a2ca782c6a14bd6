"""Burning: the player and the mobs in fire, put out by water and rain, and the fire resistance
effect (vanilla 1.21.11's ``BaseFireBlock.entityInside``/``fireIgnite``, ``Entity.baseTick``
and ``applyEffectsFromBlocks``).

The physics kernel already does the lava (4 damage and 15 s of fire), the burning itself (1
damage every 20 ticks while the fire ticks last, not in lava) and water putting it out, for the
player and for the mobs (``entities.tick.base_tick``). This adds what fire blocks do: a body
in fire takes 1 damage (soul fire 2) through the hurt cooldown and catches fire. A fire tick
count below zero climbs by one per tick in fire first (a player not touching fire or lava has
-20 of them, ``Player.getFireImmuneTicks``; a mob -1); a player's count then grows by 1-2 a
tick, and burning is at least 8 s (160 ticks). Rain under the open sky puts a burning body
out. With fire resistance the player takes no fire, lava or burning damage (the kernel's hits
of the tick are given back). The player's remaining fire ticks are copied into
``game.survival.mechanics["burning"]`` every tick.

Deliberate difference: the kernel's lava and burning damage ignore armour, as before; an item
in fire loses 1 health a tick (soul fire 2) without a cooldown, like vanilla's ItemEntity.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from odyssey.sim import effects
from odyssey.sim import layout as k
from odyssey.sim.actions import hurt_player
from odyssey.sim.entities.combat import hurt
from odyssey.sim.entities.kinds import kind
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.fire import rained_on
from odyssey.sim.mechanics.flammability import tables
from odyssey.sim.player import PlayerState

MECHANIC = "burning"
IGNITE_TICKS = 160  # igniteForSeconds(8)
PLAYER_IMMUNE, MOB_IMMUNE = 20, 1  # getFireImmuneTicks
FIRE_DAMAGE = {"fire": 1.0, "soul_fire": 2.0}
FIRE_SOURCES = ("damage_fire", "damage_lava")
HEIGHTS = {k.POSE_STANDING: 1.8, k.POSE_CROUCHING: 1.5, k.POSE_SWIMMING: 0.6}


@dataclass
class Burning:
    """The player's remaining fire ticks (vanilla's remainingFireTicks; > 0: on fire)."""

    fire_ticks: int = 0


def touching(game, box: tuple[float, ...]) -> tuple[str | None, bool]:
    """The fire block the box (deflated by 1e-5) is in, if any, and whether it touches lava."""
    world = game.world
    names = tables(world.registry).names
    get_block = world.get_block
    eps = 1.0e-5
    x0, y0, z0, x1, y1, z1 = box
    fire, lava = None, False
    # the z and x ranges made once (the same for every layer; each only when the one before
    # is not empty, as the nested loops would), visited y, z, x as always
    ys = range(math.floor(y0 + eps), math.floor(y1 - eps) + 1)
    zs = range(math.floor(z0 + eps), math.floor(z1 - eps) + 1) if ys else ()
    xs = range(math.floor(x0 + eps), math.floor(x1 - eps) + 1) if zs else ()
    for by in ys:
        for bz in zs:
            for bx in xs:
                name = names[get_block(bx, by, bz)]
                if name in FIRE_DAMAGE and fire is None:
                    fire = name
                lava = lava or name == "lava"
    return fire, lava


def in_rain(game, x: float, y: float, z: float, height: float) -> bool:
    """Entity.isInRain: rain at the feet or at the top of the box."""
    return rained_on(game, (math.floor(x), math.floor(y), math.floor(z))) or rained_on(
        game, (math.floor(x), math.floor(y + height), math.floor(z))
    )


@hooks.on_player_tick
def _player(game, before) -> None:
    s = game.survival
    p = game.player
    state = s.mechanics.get(MECHANIC)
    if not isinstance(state, Burning):
        state = s.mechanics[MECHANIC] = Burning()
    resistant = effects.level(s.effects, "fire_resistance") > 0
    if resistant:
        _give_back(game, before)
        p = game.player
    if p.dead:
        state.fire_ticks = int(_fire_ticks(p))
        return
    height = HEIGHTS.get(p.pose, 1.8) * p.attributes.scale
    half = 0.3 * p.attributes.scale
    x, y, z = p.pos
    fire, lava = touching(game, (x - half, y, z - half, x + half, y + height, z + half))
    was = ticks = _fire_ticks(p)
    if fire is not None:
        if ticks < 0:
            ticks += 1
        else:
            ticks += int(s.rng.integers(1, 3))
        if ticks >= 0:
            ticks = max(ticks, IGNITE_TICKS)
    elif not lava and ticks <= 0:
        ticks = -PLAYER_IMMUNE
    if ticks > 0 and in_rain(game, x, y, z, height):
        ticks = -PLAYER_IMMUNE
        hooks.sound(game, "entity.generic.extinguish_fire", (math.floor(x), math.floor(y),
                                                              math.floor(z)))  # fmt: skip
    if ticks != was or not p.internal:  # unchanged: the player as the array would give it back
        st = p.to_array()
        st[k.S_FIRE] = ticks
        game.player = PlayerState.from_array(st, p.attributes)
    if fire is not None and not resistant and s.gamemode not in ("creative", "spectator"):
        dealt = _cooldown(game, FIRE_DAMAGE[fire])
        if dealt > 0:
            hurt_player(game, dealt, "in_fire")
    state.fire_ticks = int(_fire_ticks(game.player))


def _fire_ticks(p: PlayerState) -> float:
    """The player's fire ticks (``to_array()[S_FIRE]`` without building the array)."""
    return p.internal[k.S_FIRE] if p.internal else float(p.to_array()[k.S_FIRE])


def _cooldown(game, amount: float) -> float:
    """LivingEntity.hurt's invulnerability window on the player's kernel state: the damage
    that gets through (0 when the window blocks it)."""
    p = game.player
    st = p.to_array()
    if st[k.S_INVULNERABLE] > 10.0:
        if amount <= st[k.S_LAST_HURT]:
            return 0.0
        dealt = amount - st[k.S_LAST_HURT]
    else:
        dealt = amount
        st[k.S_INVULNERABLE] = 20.0
    st[k.S_LAST_HURT] = amount
    game.player = PlayerState.from_array(st, p.attributes)
    return dealt


def _give_back(game, before: PlayerState) -> None:
    """Fire resistance: undo the kernel's lava and burning hits of this tick."""
    tick = game.tick_count
    hits = [e for e in game.events if e.tick == tick and e.kind in FIRE_SOURCES]
    if not hits:
        return
    p = game.player
    st = p.to_array()
    old = before.to_array()
    st[k.S_HEALTH] = min(20.0, st[k.S_HEALTH] + sum(e.value for e in hits))
    st[k.S_INVULNERABLE] = max(0.0, old[k.S_INVULNERABLE] - 1.0)
    st[k.S_LAST_HURT] = old[k.S_LAST_HURT]
    dropped = set(map(id, hits))
    if st[k.S_DEAD] and st[k.S_HEALTH] > 0.0:
        st[k.S_DEAD] = 0.0
        dropped |= {id(e) for e in game.events if e.tick == tick and e.kind == "death"}
    game.events[:] = [e for e in game.events if id(e) not in dropped]
    game.player = PlayerState.from_array(st, p.attributes)


@hooks.on_player_tick
def _mobs(game, before) -> None:
    """Mobs and items in fire blocks; rain puts burning mobs out."""
    store = game.survival.entities
    if store is None:
        return
    events: list = []
    for e in list(store.entities.values()):
        if e.dead:
            continue
        size = kind(e.type)
        half = size.width / 2
        box = (e.x - half, e.y, e.z - half, e.x + half, e.y + size.height, e.z + half)
        fire, lava = touching(game, box)
        if e.type == "item":
            if fire is not None:
                e.health -= FIRE_DAMAGE[fire]
                if e.health <= 0.0:
                    e.dead = True
                    store.remove(e.id)
            continue
        if not size.living:
            continue
        if fire is not None:
            if e.fire_ticks < 0:
                e.fire_ticks += 1
            if e.fire_ticks >= 0:
                e.fire_ticks = max(e.fire_ticks, IGNITE_TICKS)
            hurt(store, e, FIRE_DAMAGE[fire], "in_fire", events)
        elif not lava and e.fire_ticks <= 0:
            e.fire_ticks = -MOB_IMMUNE
        if e.fire_ticks > 0 and in_rain(game, e.x, e.y, e.z, size.height):
            e.fire_ticks = -MOB_IMMUNE
