"""Riding: mounting boats, minecarts, horses and saddled pigs (``pigs``) with a right-click,
the rider's seat and view, saddles and steering a horse, dismounting with sneak.

The player sits at the vehicle's passenger attachment minus the player's vehicle attachment
(1.21: boat and minecart 0.1875 − 0.6, horse 1.44 − 0.6), so the camera rises or sinks with the
vehicle. ``game.survival.mechanics["riding"]`` (``Riding``) names the vehicle for the renderer.

A saddled tamed horse is steered by its rider (AbstractHorse.getRiddenInput: forward 1, back
−0.25, sideways half the player's strafe, the horse turning to the rider's yaw) at its own
movement_speed attribute; holding jump charges a jump (ticks < 10: 0.1 per tick, then
0.8 + 0.2 / (ticks − 9)), released on the ground it jumps with jump_strength × charge
(strength rolled 0.4–1.0 as AbstractHorse.generateJumpStrength) and a 0.4 × charge forward push.
An untamed horse ridden bucks its rider (see taming.horse_bucks).

Deliberate differences: the empty-hand right-click on an entity is read from the use key's press
in a player tick (actions.py calls no entity hook for an empty hand); dismounting tries the four
sides of the vehicle, then its top (vanilla searches more spots).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from odyssey.sim.block_physics import block_physics
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import Entity
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import hooks, pigs, taming

HORSES = frozenset({"horse", "donkey", "mule"})
PLAYER_ATTACH = 0.6
PASSENGER_ATTACH = {"minecart": 0.1875, "horse": 1.44, "donkey": 1.2, "mule": 1.2, "pig": 0.86875}
BOAT_ATTACH = 0.1875  # AbstractBoat: a third of its 0.5625 height


@dataclass
class Riding:
    """What the player rides (for the renderer and the agent's view): None when on foot."""

    vehicle: int | None = None
    type: str = ""
    eye: tuple[float, float, float] | None = None
    last: tuple[float, float, float] | None = None  # the seat last tick (riding statistics)


def riding_of(game) -> Riding:
    m = game.survival.mechanics
    if "riding" not in m:
        m["riding"] = Riding()
    return m["riding"]  # type: ignore[return-value]


def attach(vehicle: Entity) -> float:
    return PASSENGER_ATTACH.get(vehicle.type, BOAT_ATTACH)


def seat(vehicle: Entity, index: int, riders: int) -> tuple[float, float, float]:
    """Boat seats: one rider in the middle, two at +0.2 and −0.6 along the boat's length."""
    along = 0.0
    if riders > 1 and vehicle.type in c.BOATS + c.CHEST_BOATS:
        along = 0.2 if index == 0 else -0.6
    yaw = math.radians(vehicle.yaw)
    return (vehicle.x - math.sin(yaw) * along, vehicle.y + attach(vehicle),
            vehicle.z + math.cos(yaw) * along)  # fmt: skip


def mount(game, vehicle: Entity, rider: int) -> bool:
    """Entity.startRiding: a player always takes the front (controlling) seat."""
    st = c.state_of(game)
    riders = st.passengers.setdefault(vehicle.id, [])
    limit = 2 if vehicle.type in c.BOATS else 1
    if rider in riders or len(riders) >= limit or c.vehicle_of(game, rider) is not None:
        return False
    if rider == c.PLAYER:
        riders.insert(0, rider)
        r = riding_of(game)
        r.vehicle, r.type = vehicle.id, vehicle.type
        if vehicle.type in HORSES:
            vehicle.tags.add("ridden")
        sound = ("entity.horse.saddle" if vehicle.type in HORSES else "entity.pig.saddle"
                 if vehicle.type == "pig" else "entity.boat.paddle_water")  # fmt: skip
        hooks.sound(game, sound)
    else:
        riders.append(rider)
        game.survival.entities.entities[rider].tags.add("seated")
    game.emit("mounted", float(vehicle.id), None, vehicle.type)
    return True


def dismount(game, rider: int) -> None:
    """Entity.stopRiding (and the player's dismount location)."""
    st = c.state_of(game)
    v = c.vehicle_of(game, rider)
    if v is None:
        return
    st.passengers[v].remove(rider)
    ents = game.survival.entities.entities
    vehicle = ents.get(v)
    if rider == c.PLAYER:
        r = riding_of(game)
        r.vehicle, r.type, r.eye, r.last = None, "", None, None
        if vehicle is not None:
            vehicle.tags.discard("ridden")
            vehicle.forward = vehicle.strafe = 0.0
            if vehicle.type == "pig":
                pigs.leave(vehicle)
            spot = dismount_spot(game, vehicle)
            game.player = replace(game.player, pos=spot, vel=(0.0, 0.0, 0.0), fall_distance=0.0)
    elif rider in ents:
        ents[rider].tags.discard("seated")
        if vehicle is not None:
            e = ents[rider]
            e.y = vehicle.y + kind(vehicle.type).height
    game.emit("dismounted", float(v), None, vehicle.type if vehicle else "")


def dismount_spot(game, v: Entity) -> tuple[float, float, float]:
    solid = block_physics(game.world.registry).box_count > 0
    world = game.world
    reach = kind(v.type).width / 2 + 0.5
    yaw = math.radians(v.yaw)
    sides = ((math.cos(yaw), math.sin(yaw)), (-math.cos(yaw), -math.sin(yaw)),
             (-math.sin(yaw), math.cos(yaw)), (math.sin(yaw), -math.cos(yaw)))  # fmt: skip
    for dx, dz in sides:
        x, z = v.x + dx * reach, v.z + dz * reach
        bx, bz = math.floor(x), math.floor(z)
        for by in (math.floor(v.y), math.floor(v.y) + 1):
            free = (
                not solid[world.get_block(bx, by, bz)]
                and not solid[world.get_block(bx, by + 1, bz)]
            )
            if free and solid[world.get_block(bx, by - 1, bz)]:
                return (x, float(by), z)
    return (v.x, v.y + kind(v.type).height, v.z)


@hooks.on_use_item("saddle")
def saddle(game, hit, held) -> bool:
    e = c.pick(game, vehicles=False)
    if e is not None and e.type == "pig":
        if not pigs.saddle_pig(game, e):
            return False
        c.consume(game)
        c.state_of(game).used_tick = game.tick_count
        return True
    if e is None or e.type not in HORSES or e.baby:
        return False
    a = c.animal(game, e)
    if not a.tamed or a.saddled:
        return False
    a.saddled = True
    c.consume(game)
    c.state_of(game).used_tick = game.tick_count
    hooks.sound(game, "entity.horse.saddle")
    return True


def interact(game) -> None:
    """A right-click on an entity that no item handler used: mount, sit, unleash."""
    e = c.pick(game)
    if e is None or c.vehicle_of(game, c.PLAYER) is not None:
        return
    from odyssey.sim.mechanics import leads

    if leads.unleash_by_hand(game, e):
        return
    a = c.state_of(game).animals.get(e.id)
    if e.type in c.VEHICLES - {"leash_knot"}:
        if not game.player.crouching:
            mount(game, e, c.PLAYER)
    elif e.type in HORSES or (e.type == "pig" and a is not None and a.saddled):
        if not e.baby and not game.player.crouching:
            mount(game, e, c.PLAYER)
    elif a is not None and a.tamed and e.type in taming.TAME_ITEMS:
        taming.toggle_sit(e)


@hooks.on_player_tick
def tick(game, before) -> None:
    st = c.state_of(game)
    s = game.survival
    pressed = game.inputs.use and not st.use_held
    st.use_held = game.inputs.use
    if pressed and st.used_tick != game.tick_count and not game.player.dead and s.menu is None:
        held = s.inventory.mainhand
        if held is None or held.item not in ("shears", "bucket", "lead"):
            interact(game)
    if s.entities is None or not st.passengers:
        return  # (nobody rides anything: no one to get off, steer or place)
    ents = s.entities.entities
    for v_id in list(st.passengers):
        if v_id not in ents:  # the vehicle is gone: everyone gets off
            for rider in list(st.passengers[v_id]):
                if rider == c.PLAYER:
                    r = riding_of(game)
                    r.vehicle, r.type, r.eye, r.last = None, "", None, None
                elif rider in ents:
                    ents[rider].tags.discard("seated")
            del st.passengers[v_id]
    v_id = c.vehicle_of(game, c.PLAYER)
    if v_id is not None and (game.inputs.sneak or game.player.dead):
        dismount(game, c.PLAYER)
    elif v_id is not None and ents[v_id].type in HORSES:
        steer_horse(game, ents[v_id])
    elif v_id is not None and ents[v_id].type == "pig":
        pigs.steer_pig(game, ents[v_id])
    place_riders(game)


def place_riders(game) -> None:
    """Passengers follow their vehicle (Entity.positionRider)."""
    st = c.state_of(game)
    ents = game.survival.entities.entities
    for v_id, riders in st.passengers.items():
        v = ents[v_id]
        for i, rider in enumerate(riders):
            x, y, z = seat(v, i, len(riders))
            if rider == c.PLAYER:
                pos = (x, y - PLAYER_ATTACH, z)
                game.player = replace(game.player, pos=pos, vel=(0.0, 0.0, 0.0),
                                      fall_distance=0.0, on_ground=False)  # fmt: skip
                r = riding_of(game)
                r.eye = (pos[0], pos[1] + game.player.eye_height, pos[2])
                ride_stat(game, r, v, pos)
            elif rider in ents:
                e = ents[rider]
                e.x, e.y, e.z = x, y, z
                e.vx = e.vy = e.vz = 0.0
                e.fall_distance = 0.0


def ride_stat(game, r: Riding, v: Entity, pos: tuple[float, float, float]) -> None:
    """ServerPlayer.checkRidingStatistics: boat_one_cm, horse_one_cm, minecart_one_cm,
    pig_one_cm."""
    if r.last is not None:
        cm = round(math.dist(r.last, pos) * 100)
        key = ("minecart" if v.type in c.MINECARTS else "horse" if v.type in HORSES
               else "pig" if v.type == "pig" else "boat")  # fmt: skip
        if cm > 0:
            game.survival.stats.add("custom", f"{key}_one_cm", cm)
    r.last = pos


def steer_horse(game, e: Entity) -> None:
    a = c.animal(game, e)
    if not a.tamed:
        e.forward = e.strafe = 0.0
        if taming.horse_bucks(game, e, a):
            dismount(game, c.PLAYER)
        return
    if not a.saddled:
        e.forward = e.strafe = 0.0
        return
    inp = game.inputs
    zza = (1.0 if inp.forward else 0.0) - (1.0 if inp.back else 0.0)
    xxa = (1.0 if inp.left else 0.0) - (1.0 if inp.right else 0.0)
    e.yaw = game.player.yaw
    e.forward = zza if zza > 0 else zza * 0.25
    e.strafe = xxa * 0.5
    if a.jump_strength <= 0.0:
        rng = game.survival.rng
        a.jump_strength = 0.4 + float(rng.random()) * 0.2 + float(rng.random()) * 0.2 + float(
            rng.random()) * 0.2  # fmt: skip
    if inp.jump:
        a.jump_held += 1
        return
    if a.jump_held > 0 and e.on_ground:
        t = a.jump_held
        charge = t * 0.1 if t < 10 else min(1.0, 0.8 + 2.0 / (t - 9) * 0.1)
        e.vy = a.jump_strength * charge
        if zza > 0:
            yaw = math.radians(e.yaw)
            e.vx += -0.4 * math.sin(yaw) * charge
            e.vz += 0.4 * math.cos(yaw) * charge
        hooks.sound(game, "entity.horse.jump")
    a.jump_held = 0


c.first(saddle, ("saddle",))
