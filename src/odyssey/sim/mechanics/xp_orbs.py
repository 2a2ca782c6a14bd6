"""Experience orbs (vanilla 1.21.11 ExperienceOrb): dropped by mobs a player killed and by
mined ores, drawn to the player within 8 blocks, collected into the experience bar.

- Mob rewards (getBaseExperienceReward): animals 1-3 (babies none), monsters 5 (a baby
  zombie 12, ×2.5; a blaze 10), villagers and golems none, only when a player hit the mob in
  its last 100 ticks.
- Ores (the blocks' ``experience`` range, none with Silk Touch or without the right tool):
  coal 0-2, diamond 3-7, emerald 3-7, lapis 2-5, redstone 1-5, nether quartz 2-5, nether
  gold 0-1 (their deepslate forms alike).
- ``award`` splits points into vanilla's orb sizes (2477, 1237, ..., 3, 1); each orb starts
  with velocity ((r·0.2 − 0.1)·2, r·0.4, (r·0.2 − 0.1)·2).
- Each tick an orb falls 0.03, is pulled towards the player's middle (eyes / 2) by
  (1 − d/8)² × 0.1 when closer than 8, moves, and slows by 0.98 (× 0.6 on the ground, where
  its vertical velocity bounces × −0.9); it lasts 6000 ticks. A player touching it (box grown
  by 1, 0.5, 1) takes it when its takeXpDelay is 0 (then 2): ``experience.add_points``,
  sound ``entity.experience_orb.pickup``.

Deliberate differences: orbs collide with blocks as points on the axes they move along (no
box sweep); orbs do not merge; Mending is not simulated.
"""

from __future__ import annotations

import math
import weakref

from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.projectiles import TICKERS
from odyssey.sim.entities.state import Entity, EntityStore
from odyssey.sim.mechanics import experience, hooks, ranged

ORB_SIZES = (2477, 1237, 617, 307, 149, 73, 37, 17, 7, 3, 1)
ORB_LIFETIME = 6000
FOLLOW = 8.0
ORE_XP = {"coal_ore": (0, 2), "diamond_ore": (3, 7), "emerald_ore": (3, 7),
          "lapis_ore": (2, 5), "redstone_ore": (1, 5), "nether_quartz_ore": (2, 5),
          "nether_gold_ore": (0, 1)}  # fmt: skip
ORES = {**ORE_XP, **{f"deepslate_{k}": v for k, v in ORE_XP.items() if not k.startswith("nether")}}

NO_REWARD = frozenset({"villager", "wandering_trader", "iron_golem", "snow_golem"})  # xpReward 0
MONSTER_REWARD = {"blaze": 10}  # the rest: Monster's xpReward 5

# store -> the living mobs seen after the last tick (the objects: a removed one keeps its end)
_seen: weakref.WeakKeyDictionary[EntityStore, dict[int, Entity]] = weakref.WeakKeyDictionary()


def mob_reward(e: Entity, rng) -> int:
    """Mob.getBaseExperienceReward for the types simulated here."""
    k = kind(e.type)
    if e.type in NO_REWARD:
        return 0
    if k.hostile:
        base = MONSTER_REWARD.get(e.type, 5)
        return int(base * 2.5) if e.baby and e.type == "zombie" else base
    if k.category == "creature":
        return 0 if e.baby else 1 + int(rng.integers(3))
    return 0


def split(points: int) -> list[int]:
    """ExperienceOrb.getExperienceValue applied until nothing is left."""
    out = []
    while points > 0:
        size = next(v for v in ORB_SIZES if points >= v)
        out.append(size)
        points -= size
    return out


def award(game, pos: tuple[float, float, float], points: int) -> list[Entity]:
    """ExperienceOrb.award: orbs worth ``points`` at ``pos``."""
    from odyssey.sim.player_body import entity_store as _store

    store, rng = _store(game.survival), game.survival.rng
    orbs = []
    for value in split(points):
        vel = ((rng.random() * 0.2 - 0.1) * 2.0, rng.random() * 0.2 * 2.0,
               (rng.random() * 0.2 - 0.1) * 2.0)  # fmt: skip
        orbs.append(store.add("experience_orb", pos, vx=vel[0], vy=vel[1], vz=vel[2],
                              count=value))  # fmt: skip
    return orbs


def tick_orb(ctx, orb: Entity) -> None:
    """ExperienceOrb.tick: fall, follow the nearest player, move, slow down."""
    if orb.age >= ORB_LIFETIME:
        ctx.store.remove(orb.id)
        orb.dead = True
        return
    orb.vy -= 0.03
    best, target = FOLLOW * FOLLOW, None
    for p in ctx.players:
        if p.dead or p.gamemode == "spectator":
            continue
        dx, dy, dz = p.pos[0] - orb.x, p.pos[1] + p.eye_height / 2.0 - orb.y, p.pos[2] - orb.z
        d2 = dx * dx + dy * dy + dz * dz
        if d2 < best:
            best, target = d2, (dx, dy, dz)
    if target is not None and best > 1.0e-12:
        d = math.sqrt(best)
        pull = (1.0 - d / FOLLOW) ** 2 * 0.1 / d
        orb.vx += target[0] * pull
        orb.vy += target[1] * pull
        orb.vz += target[2] * pull
    _move(ctx.window, orb)
    f = 0.98 * (0.6 if orb.on_ground else 1.0)
    orb.vx, orb.vy, orb.vz = orb.vx * f, orb.vy * 0.98, orb.vz * f
    if orb.on_ground:
        orb.vy *= -0.9


def _move(window, orb: Entity) -> None:
    """Move axis by axis, stopping on a block's collision box."""
    orb.on_ground = False
    for axis in (1, 0, 2):
        v = (orb.vx, orb.vy, orb.vz)[axis]
        if v == 0.0:
            continue
        p0 = [orb.x, orb.y, orb.z]
        p1 = list(p0)
        p1[axis] += v
        lift = 0.0 if axis == 1 else 0.125  # sideways: from the box's lower middle
        t = window.ray(p0[0], p0[1] + lift, p0[2], p1[0], p1[1] + lift, p1[2])
        if t <= 1.0:
            p1[axis] = p0[axis] + v * max(0.0, t - 1.0e-3 / abs(v))
            if axis == 1 and v < 0.0:
                orb.on_ground = True
            setattr(orb, ("vx", "vy", "vz")[axis], 0.0)
        orb.x, orb.y, orb.z = p1


def collect(game) -> None:
    """Player.touch → ExperienceOrb.playerTouch for the orbs the player touches."""
    s = game.survival
    if s.entities is None or game.player.dead or s.gamemode == "spectator":
        return
    u = ranged.state_of(game)
    if not s.entities.entities:
        return  # no orb to touch
    x, y, z = game.player.pos
    for orb in s.entities.of_type("experience_orb"):
        if u.take_xp_delay > 0:
            return
        if abs(orb.x - x) < 1.55 and abs(orb.z - z) < 1.55 and y - 1.0 < orb.y < y + 2.3:
            u.take_xp_delay = 2
            s.entities.remove(orb.id)
            orb.dead = True
            hooks.sound(game, "entity.experience_orb.pickup")
            experience.add_points(game, orb.count)


def drop_for_deaths(game) -> None:
    """Orbs where the mobs that died since the last tick fell, if a player killed them."""
    store = game.survival.entities
    if store is None:
        return
    before = _seen.get(store, {})
    if not before and not store.entities:
        return  # nobody seen, nobody here: the record stays empty (as storing {} would leave it)
    for eid, e in before.items():
        if eid in store.entities or not e.dead or e.health > 0.0:
            continue  # alive, or removed without dying (despawned, restored)
        if e.hurt_by_player >= 0 and e.hurt_by_player_ticks > 0:
            points = mob_reward(e, game.survival.rng)
            if points:
                award(game, (e.x, e.y, e.z), points)
    _seen[store] = {e.id: e for e in store.entities.values() if kind(e.type).living}


@hooks.on_player_tick
def orbs_tick(game, before) -> None:
    drop_for_deaths(game)
    collect(game)


@hooks.on_removed(*ORES)
def ore_mined(game, pos, old, state) -> None:
    """Block.spawnAfterBreak: a player's pick breaking an ore (no Silk Touch) drops orbs."""
    from odyssey.sim.mining import can_harvest

    s = game.survival
    if s.gamemode != "survival" or s.breaking.pos != tuple(pos) or not game.inputs.attack:
        return
    if game.world.registry.block_of(state).name == game.world.registry.block_of(old).name:
        return  # lit ↔ unlit redstone ore
    held = s.inventory.mainhand
    name = game.world.registry.block_of(old).name
    if ranged.enchantment(held, "silk_touch") or not can_harvest(name, held.item if held else None):
        return
    lo, hi = ORES[name]
    points = lo + int(s.rng.integers(hi - lo + 1))
    if points:
        award(game, (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5), points)


TICKERS["experience_orb"] = tick_orb
