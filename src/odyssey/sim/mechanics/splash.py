"""Splash and lingering potions, as vanilla 1.21.11's ThrowablePotionItem, ThrownSplashPotion,
ThrownLingeringPotion and AreaEffectCloud.

- Using ``splash_potion`` / ``lingering_potion`` throws it (``entity.splash_potion.throw`` /
  ``entity.lingering_potion.throw``) from the eyes − 0.1: shootFromRotation(pitch, yaw, −20°
  offset, speed 0.5, inaccuracy 1) plus the player's motion. In flight: gravity 0.05 then drag
  0.99 a tick; it breaks on the first block or mob on its path (``entity.splash_potion.break``).
- A splash potion affects every living thing whose feet are within 4 blocks of where it broke
  (and no more than 2 blocks above or below): scale 1 − distance / 4 (1 for a mob hit
  directly); instant effects act with that scale, others last (scale × duration + 0.5) ticks
  when that is over 20.
- A lingering potion leaves a cloud: radius 3, shrinking by 3/600 a tick, gone after 600 ticks
  (plus 10 of waiting) or under radius 0.5. Every 5 ticks it gives its effects (a quarter of the
  durations, instant ones at half strength) to those inside it not affected in the last 20
  ticks, shrinking by 0.5 each time.

Thrown potions and clouds live in this mechanic's state, not in the entity store. Deliberate
differences: the thrower is never hit directly; water splash potions do not put out fire.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.projectiles import segment_hits
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.potion_table import INSTANT, effects_of
from odyssey.sim.mechanics.potions import give_effect, give_mob_effect
from odyssey.sim.reach import eye_position, outline_boxes

GRAVITY, DRAG = 0.05, 0.99
SPEED, PITCH_OFFSET, INACCURACY = 0.5, -20.0, 1.0
SPLASH_RANGE = 4.0
CLOUD_RADIUS, CLOUD_DURATION, CLOUD_WAIT, RADIUS_ON_USE, REAPPLY = 3.0, 600, 10, -0.5, 20
LIFETIME = 1200  # a thrown potion that never lands is dropped after a minute (below the world)
Vec = tuple[float, float, float]
PLAYER = -1  # the player's key among the cloud's victims


@dataclass
class Thrown:
    stack: ItemStack
    x: float
    y: float
    z: float
    vx: float
    vy: float
    vz: float
    age: int = 0


@dataclass
class Cloud:
    stack: ItemStack
    x: float
    y: float
    z: float
    radius: float = CLOUD_RADIUS
    age: int = 0
    victims: dict[int, int] = field(default_factory=dict)  # entity id -> tick it may again


@dataclass
class SplashState:
    thrown: list[Thrown] = field(default_factory=list)
    clouds: list[Cloud] = field(default_factory=list)


def state(game) -> SplashState:
    found = game.survival.mechanics.get("splash")
    if found is None:
        found = game.survival.mechanics["splash"] = SplashState()
    return found


# -- throwing --------------------------------------------------------------------------------


def throw_velocity(game, yaw: float, pitch: float) -> Vec:
    """Projectile.shootFromRotation with the −20° offset, jittered, plus the player's motion
    (its vertical part only when in the air)."""
    rng = game.survival.rng
    r = math.radians
    d = (-math.sin(r(yaw)) * math.cos(r(pitch)), -math.sin(r(pitch + PITCH_OFFSET)),
         math.cos(r(yaw)) * math.cos(r(pitch)))  # fmt: skip
    n = math.sqrt(sum(c * c for c in d))
    spread = 0.0172275 * INACCURACY
    v = [(c / n + spread * (rng.random() - rng.random())) * SPEED for c in d]
    p = game.player
    v[0] += p.vel[0]
    v[2] += p.vel[2]
    if not p.on_ground:
        v[1] += p.vel[1]
    return v[0], v[1], v[2]


@hooks.on_use_item("splash_potion", "lingering_potion")
def throw(game, hit, held: ItemStack) -> bool:
    """ThrowablePotionItem.use."""
    s = game.survival
    p = game.player
    x, y, z = eye_position(p)
    vx, vy, vz = throw_velocity(game, p.yaw, p.pitch)
    state(game).thrown.append(Thrown(held.with_count(1), x, y - 0.1, z, vx, vy, vz))
    sound = "lingering" if held.item == "lingering_potion" else "splash"
    hooks.sound(game, f"entity.{sound}_potion.throw", None)
    s.stats.add("used", held.item)
    if s.gamemode != "creative":
        s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
    return True


# -- flight ----------------------------------------------------------------------------------


def _block_t(game, p0: Vec, d: Vec) -> float:
    """Where on the segment p0 + t·d (0..1) the first block outline is entered, or 2."""
    length = math.sqrt(sum(c * c for c in d))
    steps = max(1, math.ceil(length / 0.25))
    seen: set[tuple[int, int, int]] = set()
    best = 2.0
    for i in range(steps + 1):
        q = [p0[a] + d[a] * i / steps for a in range(3)]
        cell = tuple(math.floor(c) for c in q)
        for cx in (cell[0] - 1, cell[0], cell[0] + 1):
            for cy in (cell[1] - 1, cell[1], cell[1] + 1):
                for cz in (cell[2] - 1, cell[2], cell[2] + 1):
                    if (cx, cy, cz) in seen:
                        continue
                    seen.add((cx, cy, cz))
                    for b in outline_boxes(game.world, game.world.get_block(cx, cy, cz)):
                        box = (b[0] + cx, b[1] + cy, b[2] + cz, b[3] + cx, b[4] + cy, b[5] + cz)
                        best = min(best, segment_hits(p0, d, box))
        if best <= i / steps:
            break
    return best


def _mob_hit(game, p0: Vec, d: Vec) -> tuple[float, int]:
    best, who = 2.0, -1
    store = game.survival.entities
    if store is None:
        return best, who
    for e in store.entities.values():
        k = kind(e.type)
        if e.dead or not k.living:
            continue
        h = k.width / 2 + 0.3
        box = (e.x - h, e.y - 0.3, e.z - h, e.x + h, e.y + k.height + 0.3, e.z + h)
        t = segment_hits(p0, d, box)
        if t < best:
            best, who = t, e.id
    return best, who


def _fly(game, t: Thrown) -> tuple[Vec, int] | None:
    """One tick of flight: where it broke and the mob hit directly (-1: none), or None."""
    t.age += 1
    t.vx, t.vy, t.vz = t.vx * DRAG, (t.vy - GRAVITY) * DRAG, t.vz * DRAG
    p0, d = (t.x, t.y, t.z), (t.vx, t.vy, t.vz)
    t_block = _block_t(game, p0, d)
    t_mob, who = _mob_hit(game, p0, d)
    if min(t_block, t_mob) <= 1.0:
        u = min(t_block, t_mob)
        where = (p0[0] + d[0] * u, p0[1] + d[1] * u, p0[2] + d[2] * u)
        return where, who if t_mob <= t_block else -1
    t.x, t.y, t.z = p0[0] + d[0], p0[1] + d[1], p0[2] + d[2]
    return None


def splash(game, stack: ItemStack, where: Vec, direct: int = -1) -> None:
    """ThrownSplashPotion.applySplash (or a lingering potion's cloud) at ``where``."""
    hooks.sound(game, "entity.splash_potion.break", tuple(math.floor(c) for c in where))
    game.emit("potion_splashed", 0.0, tuple(math.floor(c) for c in where), stack.item)
    fx = effects_of(stack)
    if stack.item == "lingering_potion":
        if fx:
            state(game).clouds.append(Cloud(stack, *where))
        return
    if not fx:
        return
    for who, pos in _targets(game):
        dx, dy, dz = (pos[a] - where[a] for a in range(3))
        if abs(dx) > SPLASH_RANGE or abs(dz) > SPLASH_RANGE or abs(dy) > 2.0:
            continue
        dist2 = dx * dx + dy * dy + dz * dz
        if dist2 >= SPLASH_RANGE**2:
            continue
        scale = 1.0 if who == direct and who != PLAYER else 1.0 - math.sqrt(dist2) / 4.0
        for name, ticks, amplifier in fx:
            if name in INSTANT:
                _give(game, who, name, ticks, amplifier, scale)
            else:
                scaled = int(scale * ticks + 0.5)
                if scaled > 20:
                    _give(game, who, name, scaled, amplifier, 1.0)


def _targets(game) -> list[tuple[int, Vec]]:
    """Living things a splash or cloud can reach: the player (PLAYER) and the mobs."""
    out: list[tuple[int, Vec]] = []
    if not game.player.dead and game.survival.gamemode != "spectator":
        out.append((PLAYER, tuple(float(c) for c in game.player.pos)))
    store = game.survival.entities
    if store is not None:
        for e in store.entities.values():
            if not e.dead and kind(e.type).living:
                out.append((e.id, (e.x, e.y, e.z)))
    return out


def _give(game, who: int, name: str, ticks: int, amplifier: int, scale: float) -> None:
    if who == PLAYER:
        give_effect(game, name, ticks, amplifier, scale)
    else:
        give_mob_effect(game, who, name, ticks, amplifier, scale)


# -- clouds ----------------------------------------------------------------------------------


def _tick_cloud(game, c: Cloud) -> bool:
    """AreaEffectCloud.serverTick; False when the cloud is gone."""
    c.age += 1
    if c.age >= CLOUD_WAIT + CLOUD_DURATION:
        return False
    if c.age < CLOUD_WAIT:
        return True
    c.radius -= CLOUD_RADIUS / CLOUD_DURATION
    if c.radius < 0.5:
        return False
    if c.age % 5 != 0:
        return True
    c.victims = {k: v for k, v in c.victims.items() if c.age < v}
    for who, pos in _targets(game):
        if who in c.victims:
            continue
        height = 1.8 if who == PLAYER else kind(game.survival.entities.get(who).type).height
        if not (pos[1] < c.y + 0.5 and pos[1] + height > c.y):
            continue
        dx, dz = pos[0] - c.x, pos[2] - c.z
        if dx * dx + dz * dz > c.radius * c.radius:
            continue
        c.victims[who] = c.age + REAPPLY
        for name, ticks, amplifier in effects_of(c.stack):
            _give(game, who, name, ticks, amplifier, 0.5 if name in INSTANT else 1.0)
        c.radius += RADIUS_ON_USE
        if c.radius < 0.5:
            return False
    return True


@hooks.on_player_tick
def _tick(game, before) -> None:
    st = game.survival.mechanics.get("splash")
    if st is None or not (st.thrown or st.clouds):
        return
    flying: list[Thrown] = []
    for t in st.thrown:
        landed = _fly(game, t)
        if landed is not None:
            splash(game, t.stack, *landed)
        elif t.age < LIFETIME and t.y > game.world.dimension.min_y - 64:
            flying.append(t)
    st.thrown = flying
    st.clouds = [c for c in st.clouds if _tick_cloud(game, c)]
