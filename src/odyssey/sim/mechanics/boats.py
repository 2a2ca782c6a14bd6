"""Boats (vanilla BoatItem, AbstractBoat): placing, floating, rowing, carrying mobs, breaking.

- Placing: the boat item's use puts a boat where the look ray meets water or a block top
  (within 5 blocks), facing the player's yaw.
- Each tick (AbstractBoat.tick): the status (in water, under water, on land, in air), then
  floatBoat — gravity 0.04, friction 0.9 in water and air, 0.45 under water, the ground's
  friction on land (halved with a player rowing), buoyancy (dy + (level − y) / 0.5625 ×
  0.0615385) × 0.75 — then controlBoat for a rowing player: left/right turn the boat by a
  deltaRotation that grows 1° a tick (and decays with the friction); forward adds 0.04 along the
  boat's yaw, back −0.005, turning without forward/back 0.005; then the move against the
  blocks. The rider's yaw turns with the boat.
- A mob (living, not a player, not a water animal) that touches an empty or half-full boat that
  no player rows gets in (the second seat when a player is in front): how a spider is trapped.
- Breaking: hits add 10 × damage to the boat's damage (it falls 1 a tick); above 40 the boat
  breaks and drops its item (nothing for creative players).

Deliberate differences: the boat collides with blocks as full cubes; mobs wider than the boat
(spiders) still get in, as in the versions MCU's tasks were written for; no paddle sounds per
stroke (an ``entity.boat.paddle_water`` sound when rowing starts).
"""

from __future__ import annotations

import math

from odyssey.sim.entities.items import spawn_item
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.projectiles import TICKERS
from odyssey.sim.entities.state import Entity
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics import vehicle_motion as vm
from odyssey.sim.reach import eye_position, look_vector

HEIGHT, WIDTH = 0.5625, 1.375
GRAVITY = 0.04
BOAT_ITEMS = c.BOATS  # item names equal the entity names in 1.21
WATER_ANIMALS = frozenset({"cod", "salmon", "squid", "glow_squid", "dolphin", "tropical_fish",
                           "pufferfish", "tadpole"})  # fmt: skip


def _stay(ctx, e: Entity) -> None:
    """Vehicles and knots move in the mechanics' tick, not in the mobs' movement pass."""


for _name in c.VEHICLES | {"leash_knot"}:
    TICKERS.setdefault(_name, _stay)


@hooks.on_use_item(*BOAT_ITEMS)
def place_boat(game, hit, held) -> bool:
    spot = boat_spot(game)
    if spot is None:
        return False
    boat = c.store(game).add(held.item, spot, yaw=game.player.yaw)
    boat.persistent = True
    c.consume(game)
    c.state_of(game).used_tick = game.tick_count
    game.survival.stats.add("used", held.item)
    game.emit("boat_placed", float(boat.id), tuple(math.floor(v) for v in spot), held.item)
    return True


def boat_spot(game, reach: float = 5.0) -> tuple[float, float, float] | None:
    """Where the look ray first meets water (its surface) or a block's top."""
    solid, height, _ = vm.tables(game)
    o = eye_position(game.player)
    d = look_vector(game.player.yaw, game.player.pitch)
    prev = None
    for i in range(1, int(reach / 0.05) + 1):
        p = tuple(o[a] + d[a] * i * 0.05 for a in range(3))
        cell = tuple(math.floor(v) for v in p)
        if cell == prev:
            continue
        state = game.world.get_block(*cell)
        if height[state] > 0.0:
            return (p[0], cell[1] + float(height[state]), p[2])
        if solid[state]:
            if prev is not None and prev[1] == cell[1] + 1:
                return (p[0], cell[1] + 1.0, p[2])
            return None
        prev = cell
    return None


def controller(game, boat: Entity) -> bool:
    riders = c.state_of(game).passengers.get(boat.id, [])
    return bool(riders) and riders[0] == c.PLAYER


@hooks.on_player_tick
def tick(game, before) -> None:
    if game.survival.entities is None:
        return
    st = c.state_of(game)
    if not game.survival.entities.entities:
        return  # no boat
    for boat in game.survival.entities.of_type(*c.BOATS, *c.CHEST_BOATS):
        if take_damage(game, boat, st):
            continue
        step(game, boat, st)
        if not controller(game, boat):
            pick_up(game, boat, st)


def take_damage(game, boat: Entity, st: c.Creatures) -> bool:
    """VehicleEntity.hurt: True when the boat broke."""
    lost = boat.max_health - boat.health
    damage = max(0.0, st.vehicle_damage.get(boat.id, 0.0) - 1.0)
    if lost > 0.0:
        damage += lost * 10.0
        boat.health = boat.max_health
    boat.invulnerable_time, boat.last_hurt = 0, 0.0  # vehicles have no invulnerability frames
    st.vehicle_damage[boat.id] = damage
    creative = game.survival.gamemode == "creative" and lost > 0.0
    if damage <= 40.0 and not creative:
        return False
    c.store(game).remove(boat.id)
    st.vehicle_damage.pop(boat.id, None)
    st.deltas.pop(boat.id, None)
    st.motion.pop(boat.id, None)
    if not creative and game.survival.rules.get("do_entity_drops", True):
        spawn_item(c.store(game), boat.type, 1, boat.pos)
    hooks.sound(game, "entity.item.break")
    game.emit("boat_broken", float(boat.id), None, boat.type)
    return True


def step(game, boat: Entity, st: c.Creatures) -> None:
    """AbstractBoat.tick: status, floatBoat, controlBoat, move."""
    box = vm.box_of(boat.x, boat.y, boat.z, WIDTH, HEIGHT)
    level, under = vm.water_surface(game, box)
    rowing = controller(game, boat)
    if under:
        buoy, friction = 0.01, 0.45
    elif level is not None and boat.y < level:
        buoy, friction = (level - boat.y) / HEIGHT, 0.9
    else:
        ground = vm.ground_friction(game, box)
        buoy = 0.0
        friction = (ground / 2 if rowing else ground) if ground > 0.0 else 0.9  # land or air
    delta = st.deltas.get(boat.id, 0.0) * friction
    vx, vy, vz = st.motion.get(boat.id, (boat.vx, boat.vy, boat.vz))  # pushes do not move it
    vx, vy, vz = vx * friction, vy - GRAVITY, vz * friction
    if buoy > 0.0:
        vy = (vy + buoy * 0.06153846016296973) * 0.75
    if rowing:
        inp = game.inputs
        f = 0.0
        if inp.left:
            delta -= 1.0
        if inp.right:
            delta += 1.0
        if inp.right != inp.left and not inp.forward and not inp.back:
            f += 0.005
        boat.yaw += delta
        if inp.forward:
            f += 0.04
        if inp.back:
            f -= 0.005
        yaw = math.radians(boat.yaw)
        vx += math.sin(-yaw) * f
        vz += math.cos(yaw) * f
        game.player = game.player.with_look(game.player.yaw + delta, game.player.pitch)
    st.deltas[boat.id] = delta
    mx, my, mz = vm.move(game, box, vx, vy, vz)
    boat.x, boat.y, boat.z = boat.x + mx, boat.y + my, boat.z + mz
    boat.vx = vx if mx == vx else 0.0
    boat.vy = vy if my == vy else 0.0
    boat.vz = vz if mz == vz else 0.0
    st.motion[boat.id] = (boat.vx, boat.vy, boat.vz)
    boat.on_ground = my != vy and vy < 0.0
    boat.in_water = level is not None


def pick_up(game, boat: Entity, st: c.Creatures) -> None:
    """Mobs touching the boat (its box grown 0.2 sideways, shrunk 0.01 in height) get in."""
    riders = st.passengers.get(boat.id, [])
    if len(riders) >= 2:
        return
    x0, y0, z0, x1, y1, z1 = vm.box_of(boat.x, boat.y, boat.z, WIDTH, HEIGHT)
    x0, x1, z0, z1, y0, y1 = x0 - 0.2, x1 + 0.2, z0 - 0.2, z1 + 0.2, y0 + 0.01, y1 - 0.01
    for e in list(game.survival.entities.entities.values()):
        k = kind(e.type)
        if (e.dead or not k.living or not k.simulated or e.type in c.VEHICLES
                or e.type in WATER_ANIMALS or "seated" in e.tags):  # fmt: skip
            continue
        h = k.width / 2
        if e.x + h < x0 or e.x - h > x1 or e.z + h < z0 or e.z - h > z1:
            continue
        if e.y + k.height < y0 or e.y > y1:
            continue
        from odyssey.sim.mechanics.riding import mount

        mount(game, boat, e.id)
        if len(st.passengers.get(boat.id, [])) >= 2:
            return
