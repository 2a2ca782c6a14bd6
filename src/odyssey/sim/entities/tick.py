"""``tick``: advance every entity of a store by one 50 ms tick.

Order: peaceful removes monsters; each entity's timers, fire and AI (in id order); one compiled
movement pass for all mobs and items; then landings, item merging and pickup, the creeper fuse
and explosions, arrows, despawning and natural spawning. Block changes (eaten grass, explosions)
go through ``set_block`` (the game's, so snapshots see them) and come back as events too.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from functools import cache

import numpy as np

from odyssey.sim.block_physics import block_physics
from odyssey.sim.entities import motion as m
from odyssey.sim.entities.ai import Context, passive_think
from odyssey.sim.entities.animal_ai import takes_over
from odyssey.sim.entities.combat import difficulty_scaled, hurt
from odyssey.sim.entities.daylight import SkyLight, is_day
from odyssey.sim.entities.explosion import exploded_blocks, impact_on
from odyssey.sim.entities.hostile import MAX_SWELL, hostile_think, sunburn
from odyssey.sim.entities.items import DESPAWN_AGE, try_merge, try_pickup
from odyssey.sim.entities.kinds import Kind, kind
from odyssey.sim.entities.projectiles import TICKERS, entity_box, player_box
from odyssey.sim.entities.spawning import natural_spawn
from odyssey.sim.entities.state import (
    Dice,
    Entity,
    EntityEvent,
    EntityStore,
    PlayerView,
    difficulty_id,
)
from odyssey.sim.entities.villager_ai import THINK
from odyssey.world.blocks import BlockFlag
from odyssey.world.storage import World

CREEPER_POWER = 3.0
SIM_RADIUS = 128.0
GROUP_GAP = 2 * SIM_RADIUS + 64.0  # players further apart than this get separate windows
DESPAWN_FAR_SQ, DESPAWN_RANDOM_SQ = 128.0 * 128.0, 32.0 * 32.0


class Simulation:
    """The per-(store, world) caches a tick reuses: block window, sky columns, state tables."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.windows = [m.EntityWindow(world)]
        self.sky = SkyLight(world)
        phys = block_physics(world.registry)
        self.solid = phys.box_count > 0
        self.fluid = phys.fluid != 0
        self.lava = phys.fluid == 2
        flags = world.registry.state_flags
        self.full_top = ((flags & np.uint32(BlockFlag.FULL_CUBE)) != 0) & (
            (flags & np.uint32(BlockFlag.LEAVES)) == 0
        )

    def window_for(self, group: int) -> m.EntityWindow:
        """The block window of a player group (created on first use)."""
        while len(self.windows) <= group:
            self.windows.append(m.EntityWindow(self.world))
        return self.windows[group]


_sims: weakref.WeakKeyDictionary[EntityStore, Simulation] = weakref.WeakKeyDictionary()


def simulation_for(store: EntityStore, world: World) -> Simulation:
    sim = _sims.get(store)
    if sim is None or sim.world is not world:
        sim = _sims[store] = Simulation(world)
    return sim


def tick(
    store: EntityStore, world: World, players: list[PlayerView], time_of_day: int,
    difficulty: int | str, rng: Dice | None = None, *,
    set_block: Callable[[tuple[int, int, int], int], None] | None = None,
    spawning: bool = True, mob_griefing: bool = True, weather: str = "clear",
) -> list[EntityEvent]:  # fmt: skip
    """Advance all entities one tick; returns what happened (see ``EntityEvent``)."""
    sim = simulation_for(store, world)
    ctx = Context(store, sim.window_for(0), sim.sky, list(players), int(time_of_day),
                  difficulty_id(difficulty), rng or store.dice,
                  set_block or (lambda pos, state: world.set_block(*pos, state)),
                  is_day(int(time_of_day), weather))  # fmt: skip
    ctx.solid, ctx.fluid, ctx.lava, ctx.full_top = sim.solid, sim.fluid, sim.lava, sim.full_top
    ctx.mob_griefing = mob_griefing
    ctx.weather = weather
    store.tick_count += 1
    if ctx.difficulty == 0:
        for e in store.of_type("zombie", "drowned", "skeleton", "spider", "creeper", "enderman"):
            store.remove(e.id)
    entities = active(store, players)
    for i, (group, near) in enumerate(groups(entities, list(players))):
        ctx.window = sim.window_for(i)
        cover(ctx.window, group, near)
        think_all(ctx, group)
        moving = [e for e in group if not e.dead and e.type not in TICKERS]
        move_all(ctx.window, moving)
        after_move(ctx, moving)
        for e in group:
            ticker = TICKERS.get(e.type)  # arrows, thrown items, orbs: their own motion
            if ticker is not None and e.id in store.entities:
                ticker(ctx, e)
    if entities:
        despawn(ctx)
    if spawning:
        ctx.window = sim.window_for(0)
        if not entities:
            cover(ctx.window, [], players)
        natural_spawn(ctx, store.tick_count)
    return ctx.events


def idle_tick(
    store: EntityStore, world: World, pos: tuple[float, float, float], spawning: bool
) -> bool:
    """``tick`` of a store with no entities and no spawning, for one player at ``pos``: there
    it only advances the store's clock, fits the block window around the player (which reads,
    and may load, the chunks around it: the world's loaded chunks are part of the game) and
    returns no events; do that and say True. Else False: call ``tick``."""
    if store.entities or spawning:
        return False
    store.tick_count += 1
    x, y, z = (float(v) for v in pos)  # ``cover`` with no entities and one player's view
    simulation_for(store, world).window_for(0).cover((x, y, z), (x, y + 3.0, z))
    return True


def groups(
    entities: list[Entity], players: list[PlayerView]
) -> list[tuple[list[Entity], list[PlayerView]]]:
    """Entities split by far-apart player groups (one block window each); one group when the
    players are near each other."""
    if len(players) <= 1:
        return [(entities, players)]
    label = list(range(len(players)))  # single linkage: players within GROUP_GAP join
    for a in range(len(players)):
        for b in range(a):
            pa, pb = players[a].pos, players[b].pos
            if (pa[0] - pb[0]) ** 2 + (pa[2] - pb[2]) ** 2 <= GROUP_GAP**2:
                old = label[a]
                label = [label[b] if v == old else v for v in label]
    keys = sorted(set(label))
    out: list[tuple[list[Entity], list[PlayerView]]] = [
        ([], [p for p, v in zip(players, label, strict=True) if v == key]) for key in keys
    ]
    for e in entities:
        near = min(
            range(len(players)),
            key=lambda i: (players[i].pos[0] - e.x) ** 2 + (players[i].pos[2] - e.z) ** 2,
        )
        out[keys.index(label[near])][0].append(e)  # fmt: skip
    return out


def active(store: EntityStore, players: list[PlayerView]) -> list[Entity]:
    """Entities within ``SIM_RADIUS`` blocks (horizontally) of a player, or all without
    players: like vanilla's unloaded chunks, the others wait unchanged."""
    if not players:
        return list(store.entities.values())
    r2 = SIM_RADIUS * SIM_RADIUS
    spots = [(p.pos[0], p.pos[2]) for p in players]
    return [e for e in store.entities.values()
            if any((e.x - x) ** 2 + (e.z - z) ** 2 <= r2 for x, z in spots)]  # fmt: skip


def cover(window: m.EntityWindow, entities: list[Entity], players: list[PlayerView]) -> None:
    """Fit the block window around the entities and the players (lines of sight between them
    stay inside it)."""
    pts = [(e.x, e.y, e.z) for e in entities] + [p.pos for p in players] or [(0.0, 64.0, 0.0)]
    xs, ys, zs = zip(*pts, strict=True)
    window.cover((min(xs), min(ys), min(zs)), (max(xs), max(ys) + 3.0, max(zs)))


def think_all(ctx: Context, entities: list[Entity]) -> None:
    """Timers, fire, and the AI of every living mob (the base tick and serverAiStep)."""
    for e in entities:
        if e.dead or e.id not in ctx.store.entities:
            continue
        k = kind(e.type)
        e.age += 1
        if not k.living:
            if e.y < ctx.window.world.dimension.min_y - 64:
                ctx.store.remove(e.id)  # Entity.onBelowWorld
                e.dead = True
            elif e.pickup_delay > 0:
                e.pickup_delay -= 1
            continue
        base_tick(ctx, e, k)
        if e.dead:
            continue
        if k.burns_in_day:
            sunburn(ctx, e, k)  # not a goal: mobs without AI burn too
        if e.no_ai or not k.simulated:
            e.forward = e.strafe = 0.0
            e.jump = False
        else:
            if not takes_over(ctx, e, k):  # bred, tamed, ridden, seated animals
                think = THINK.get(e.type) or (hostile_think if k.hostile else passive_think)
                think(ctx, e, k)
            if (e.in_water or e.in_lava) and ctx.dice.random() < 0.8:
                e.jump = True  # FloatGoal, every mob's first goal: swim up


def base_tick(ctx: Context, e: Entity, k: Kind) -> None:
    """Entity/LivingEntity.baseTick: hurt timers, fire, lava and water damage, the void."""
    if e.y < ctx.window.world.dimension.min_y - 64:
        e.invulnerable_time = 0  # fell_out_of_world bypasses the invulnerability frames
        hurt(ctx.store, e, 4.0, "out_of_world", ctx.events)
        if e.dead:
            return
    if e.invulnerable_time > 0:
        e.invulnerable_time -= 1
    if e.hurt_time > 0:
        e.hurt_time -= 1
    if e.hurt_by_player_ticks > 0:
        e.hurt_by_player_ticks -= 1
    if e.in_water:
        e.fire_ticks = 0
        if e.type == "enderman":
            hurt(ctx.store, e, 1.0, "drown", ctx.events)
    if e.in_lava:
        hurt(ctx.store, e, 4.0, "lava", ctx.events)
        e.fire_ticks = max(e.fire_ticks, 300)
    if e.fire_ticks > 0 and not e.dead:
        if e.fire_ticks % 20 == 0 and not e.in_lava:
            hurt(ctx.store, e, 1.0, "on_fire", ctx.events)
        e.fire_ticks -= 1


def move_all(w: m.EntityWindow, entities: list[Entity]) -> None:
    """Pack the movers into rows, run the compiled step and pushing, unpack."""
    n = len(entities)
    if n == 0:
        return
    flat: list[float] = []
    for e in entities:  # one row of m.ROW values (the M_* order), the type's part cached
        wd, ht, mode, step, flags, grav = static_parts(e.type)
        flat += (e.x, e.y, e.z, e.vx, e.vy, e.vz, e.yaw, wd, ht,
                 e.on_ground, e.collided_h, e.forward, e.strafe, e.speed, e.jump, e.jump_delay,
                 mode, step, flags, e.in_water, e.in_lava, e.fall_distance, -1.0, e.age + e.id,
                 grav)  # fmt: skip
    rows = np.array(flat, dtype=np.float64).reshape(n, m.ROW)
    living = rows[:, m.M_MODE] == m.MODE_LIVING
    m.step_all(w.states, w.origin, w.tables, rows, w.scratch)
    m.push_apart(rows, living)
    floor = math.floor
    for e, r in zip(entities, rows.tolist(), strict=True):
        ox, oy, oz = e.x, e.y, e.z
        x, y, z = r[0], r[1], r[2]
        e.x, e.y, e.z, e.vx, e.vy, e.vz = x, y, z, r[3], r[4], r[5]
        e.on_ground, e.collided_h = r[_GROUND] != 0.0, r[_COLL_H] != 0.0
        e.jump_delay = int(r[_JUMP_DELAY])
        e.in_water, e.in_lava = r[_WATER] != 0.0, r[_LAVA] != 0.0
        e.fall_distance = r[_FALL]
        e.landed_fall = max(0.0, r[_LANDED])
        e.moved_block = floor(ox) != floor(x) or floor(oy) != floor(y) or floor(oz) != floor(z)


# the row slots read back, as module constants (one look-up each instead of two)
_GROUND, _COLL_H, _JUMP_DELAY = m.M_GROUND, m.M_COLL_H, m.M_JUMP_DELAY
_WATER, _LAVA, _FALL, _LANDED = m.M_WATER, m.M_LAVA, m.M_FALL, m.M_LANDED


@cache
def static_parts(name: str) -> tuple[float, float, float, float, float, float]:
    """A type's fixed values of a row: width, height, mode, step height, flags, gravity."""
    return (*static_row(name), *static_tail(name), gravity(name))


@cache
def static_row(name: str) -> tuple[float, float]:
    k = kind(name)
    return (k.width, k.height)


@cache
def static_tail(name: str) -> tuple[float, float, float]:
    """Mode, step height and flags of a type."""
    flags = (m.FLAG_SLOW_FALL if name == "chicken" else 0) | (
        m.FLAG_CLIMBER if name == "spider" else 0
    )
    return (m.MODE_ITEM if name == "item" else m.MODE_LIVING, kind(name).step, float(flags))


def gravity(name: str) -> float:
    return 0.04 if name == "item" else 0.08


def after_move(ctx: Context, entities: list[Entity]) -> None:
    """Landing damage, items (merge, pickup, despawn), the creeper fuse."""
    items = [e for e in entities if e.type == "item"]
    for e in entities:
        if e.dead or e.id not in ctx.store.entities:
            continue
        if e.type == "item":
            item_after_move(ctx, e, items)
            continue
        k = kind(e.type)
        if e.landed_fall > 0.0:
            fall, e.landed_fall = e.landed_fall, 0.0
            damage = math.floor(fall + 1.0e-6 - 3.0)
            if damage > 0 and not k.fall_immune:
                hurt(ctx.store, e, float(damage), "fall", ctx.events)
        if e.type == "creeper" and e.swell >= MAX_SWELL and not e.dead:
            explode(ctx, e, CREEPER_POWER)


def item_after_move(ctx: Context, e: Entity, items: list[Entity]) -> None:
    if e.in_lava:
        e.health -= 4.0
        if e.health <= 0.0:
            e.dead = True
            ctx.store.remove(e.id)
            return
    if e.age % (2 if e.moved_block else 40) == 0:
        try_merge(ctx.store, e, items)
        if e.dead:
            return
    try_pickup(ctx.store, e, ctx.players, ctx.events)
    if not e.dead and e.age >= DESPAWN_AGE:
        e.dead = True
        ctx.store.remove(e.id)
        ctx.events.append(EntityEvent("despawned", e.id, item=e.item, count=e.count))


def explode(ctx: Context, e: Entity, power: float) -> None:
    """Creeper.explodeCreeper: damage and push everything near, then break blocks."""
    centre = (e.x, e.y, e.z)
    e.dead = True
    ctx.store.remove(e.id)
    ctx.events.append(EntityEvent("explosion", e.id, amount=power, pos=centre))
    w = ctx.window
    for other in list(ctx.store.entities.values()):
        k = kind(other.type)
        if other.dead or other.type in TICKERS:
            continue
        if other.type == "item":  # 5 health: a close blast destroys dropped items
            got = impact_on(w, centre, power, other.pos, other.y, entity_box(other, k, 0.0))
            if got is not None and got[0] >= other.health:
                other.dead = True
                ctx.store.remove(other.id)
            continue
        got = impact_on(w, centre, power, other.pos, other.y + k.eye, entity_box(other, k, 0.0))
        if got is not None:
            other.vx, other.vy, other.vz = (a + b for a, b in zip(other.velocity, got[1],
                                                                   strict=True))  # fmt: skip
            hurt(ctx.store, other, got[0], "explosion", ctx.events)
    for i, p in enumerate(ctx.players):
        if p.dead or p.gamemode in ("creative", "spectator"):
            continue
        got = impact_on(w, centre, power, p.pos, p.pos[1] + p.eye_height, player_box(p, 0.0))
        if got is not None:
            ctx.events.append(EntityEvent("player_damage", e.id, i,
                                          difficulty_scaled(got[0], ctx.difficulty),
                                          "explosion", centre, impulse=got[1]))  # fmt: skip
    if not ctx.mob_griefing:
        return
    randoms = np.array([ctx.dice.random() for _ in range(1352)])
    for pos in exploded_blocks(w, centre, power, randoms):
        ctx.set_block(pos, 0)
        ctx.events.append(EntityEvent("block_changed", e.id, block=pos, state=0,
                                      source="explosion"))  # fmt: skip


def despawn(ctx: Context) -> None:
    """Mob.checkDespawn for monsters: gone beyond 128 blocks, 1/800 per tick beyond 32."""
    for e in list(ctx.store.entities.values()):
        k = kind(e.type)
        if not k.hostile or e.persistent or e.custom_name or e.dead:
            continue
        near = min(((p.pos[0] - e.x) ** 2 + (p.pos[1] - e.y) ** 2 + (p.pos[2] - e.z) ** 2
                    for p in ctx.players if p.gamemode != "spectator"), default=None)  # fmt: skip
        if near is None:
            continue
        if near > DESPAWN_FAR_SQ or (near > DESPAWN_RANDOM_SQ and ctx.dice.integers(800) == 0):
            ctx.store.remove(e.id)
            ctx.events.append(EntityEvent("despawned", e.id, pos=e.pos))
