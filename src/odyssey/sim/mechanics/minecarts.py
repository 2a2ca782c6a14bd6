"""Minecarts on rails (vanilla MinecartItem, the classic AbstractMinecart.moveAlongTrack).

- Placing: a minecart item used on a rail puts a cart on it (y + 0.0625, + 0.5 on a slope).
- On a rail the cart keeps its speed along the rail's direction (straight, sloped and, for
  plain rails, the four curves: the velocity turns with the rail and the cart is pulled onto
  its centre line), slopes push it downhill (0.0078125 a tick), a powered rail adds 0.06 along
  the motion (a stopped cart is kicked 0.02 away from a block), an unpowered one brakes it
  (× 0.5, stopping below 0.03). Per tick it moves at most 0.4 blocks (× 0.75 with a rider),
  and its speed falls by × 0.997 with a rider and × 0.96 without.
- A rider pressing forward nudges a nearly stopped cart along the look (0.1 × the walking
  step, vanilla's "player pushes the cart" rule).
- Off rails it falls (0.04 a tick), slides (× 0.5 on the ground) and collides with blocks.
- Breaking: like boats, hits over 40 damage drop the ``minecart`` item.

Deliberate differences: no detector/activator behaviour, no mob pick-up, no cart-to-cart
collisions; rails on slopes follow the classic (pre-1.21.2 "minecart improvements") rules.
"""

from __future__ import annotations

import math

from odyssey.sim.block_physics import block_physics
from odyssey.sim.entities.state import Entity
from odyssey.sim.mechanics import boats, hooks
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import vehicle_motion as vm

RAILS = ("rail", "powered_rail", "detector_rail", "activator_rail")
EXITS = {
    "north_south": ((0, 0, -1), (0, 0, 1)), "east_west": ((-1, 0, 0), (1, 0, 0)),
    "ascending_east": ((-1, -1, 0), (1, 0, 0)), "ascending_west": ((-1, 0, 0), (1, -1, 0)),
    "ascending_north": ((0, 0, -1), (0, -1, 1)), "ascending_south": ((0, -1, -1), (0, 0, 1)),
    "south_east": ((0, 0, 1), (1, 0, 0)), "south_west": ((0, 0, 1), (-1, 0, 0)),
    "north_west": ((0, 0, -1), (-1, 0, 0)), "north_east": ((0, 0, -1), (1, 0, 0)),
}  # fmt: skip
MAX_SPEED, SLOPE, POWER_BOOST = 0.4, 0.0078125, 0.06
WIDTH, HEIGHT = 0.98, 0.7


@hooks.on_use_item("minecart")
def place_cart(game, hit, held) -> bool:
    if hit is None or rail_at(game, hit.pos) is None:
        return False
    shape = rail_at(game, hit.pos)[1]
    x, y, z = hit.pos
    up = 0.5 if shape.startswith("ascending") else 0.0
    cart = c.store(game).add("minecart", (x + 0.5, y + 0.0625 + up, z + 0.5),
                             yaw=game.player.yaw)  # fmt: skip
    cart.persistent = True
    c.consume(game)
    c.state_of(game).used_tick = game.tick_count
    return True


def rail_at(game, pos) -> tuple[str, str, bool] | None:
    """(block, shape, powered) of a rail at pos, or None."""
    reg = game.world.registry
    state = game.world.get_block(*pos)
    name = reg.block_of(state).name
    if name not in RAILS:
        return None
    props = reg.properties(state)
    return name, props.get("shape", "north_south"), props.get("powered") == "true"


@hooks.on_player_tick
def tick(game, before) -> None:
    if game.survival.entities is None:
        return
    st = c.state_of(game)
    if not game.survival.entities.entities:
        return  # no minecart
    for cart in game.survival.entities.of_type(*c.MINECARTS):
        if boats.take_damage(game, cart, st):
            continue
        step(game, cart, st)


def step(game, cart: Entity, st: c.Creatures) -> None:
    vx, vy, vz = st.motion.get(cart.id, (cart.vx, cart.vy, cart.vz))
    bx, by, bz = math.floor(cart.x), math.floor(cart.y), math.floor(cart.z)
    rail = rail_at(game, (bx, by, bz))
    if rail is None:
        rail = rail_at(game, (bx, by - 1, bz))
        by -= 1
    riders = st.passengers.get(cart.id, [])
    if rail is None:
        vy -= 0.04
        if cart.on_ground:
            vx, vz = vx * 0.5, vz * 0.5
        vx, vz = max(-MAX_SPEED, min(MAX_SPEED, vx)), max(-MAX_SPEED, min(MAX_SPEED, vz))
        box = vm.box_of(cart.x, cart.y, cart.z, WIDTH, HEIGHT)
        mx, my, mz = vm.move(game, box, vx, vy, vz)
        cart.x, cart.y, cart.z = cart.x + mx, cart.y + my, cart.z + mz
        cart.on_ground = my != vy and vy < 0
        vx, vy, vz = (vx if mx == vx else 0.0), (vy if my == vy else 0.0), (vz if mz == vz else 0.0)
        vx, vz = vx * 0.95, vz * 0.95  # air drag
    else:
        vx, vy, vz = along_track(game, cart, (bx, by, bz), rail, (vx, vz), bool(riders))
    st.motion[cart.id] = (vx, vy, vz)
    cart.vx, cart.vy, cart.vz = vx, vy, vz
    if abs(vx) + abs(vz) > 1e-4:
        cart.yaw = math.degrees(math.atan2(-vx, vz))


def along_track(game, cart: Entity, pos, rail, v, ridden: bool) -> tuple[float, float, float]:
    """AbstractMinecart.moveAlongTrack (classic)."""
    name, shape, powered = rail
    bx, by, bz = pos
    vx, vz = v
    if shape not in EXITS:
        shape = "north_south"
    a, b = EXITS[shape]
    if shape.startswith("ascending"):  # gravity down the slope
        down = (a[0], a[2]) if a[1] < 0 else (b[0], b[2])
        vx, vz = vx + down[0] * SLOPE, vz + down[1] * SLOPE
    dx, dz = b[0] - a[0], b[2] - a[2]
    length = math.hypot(dx, dz)
    if vx * dx + vz * dz < 0.0:
        dx, dz = -dx, -dz
    speed = min(2.0, math.hypot(vx, vz))
    vx, vz = speed * dx / length, speed * dz / length
    riders = c.state_of(game).passengers.get(cart.id, [])
    if riders and riders[0] == c.PLAYER and game.inputs.forward and vx * vx + vz * vz < 0.01:
        yaw = math.radians(game.player.yaw)
        vx, vz = vx - math.sin(yaw) * 0.1 * 0.1, vz + math.cos(yaw) * 0.1 * 0.1
    if name == "powered_rail" and not powered:  # brake
        if math.hypot(vx, vz) < 0.03:
            vx = vz = 0.0
        else:
            vx, vz = vx * 0.5, vz * 0.5
    x0, z0 = bx + 0.5 + a[0] * 0.5, bz + 0.5 + a[2] * 0.5
    x1, z1 = bx + 0.5 + b[0] * 0.5, bz + 0.5 + b[2] * 0.5
    ex, ez = x1 - x0, z1 - z0
    if ex == 0.0:
        x, z = bx + 0.5, cart.z
    elif ez == 0.0:
        x, z = cart.x, bz + 0.5
    else:
        t = ((cart.x - x0) * ex + (cart.z - z0) * ez) * 2.0
        x, z = x0 + ex * t, z0 + ez * t
    scale = 0.75 if ridden else 1.0
    mx = max(-MAX_SPEED, min(MAX_SPEED, vx * scale))
    mz = max(-MAX_SPEED, min(MAX_SPEED, vz * scale))
    box = vm.box_of(x, by + 0.0625, z, WIDTH, HEIGHT)
    mx, _, mz = vm.move(game, box, mx, 0.0, mz)
    cart.x, cart.z = x + mx, z + mz
    cart.y = by + 0.0625 + slope_height(shape, cart.x - bx, cart.z - bz)
    cart.on_ground = True
    friction = 0.997 if ridden else 0.96
    vx, vz = vx * friction, vz * friction
    if name == "powered_rail" and powered:
        h = math.hypot(vx, vz)
        if h > 0.01:
            vx, vz = vx + vx / h * POWER_BOOST, vz + vz / h * POWER_BOOST
        else:
            vx, vz = kick(game, pos, shape, vx, vz)
    return vx, 0.0, vz


def slope_height(shape: str, fx: float, fz: float) -> float:
    fx, fz = min(max(fx, 0.0), 1.0), min(max(fz, 0.0), 1.0)
    return {"ascending_east": fx, "ascending_west": 1.0 - fx, "ascending_south": fz,
            "ascending_north": 1.0 - fz}.get(shape, 0.0)  # fmt: skip


def kick(game, pos, shape: str, vx: float, vz: float) -> tuple[float, float]:
    """A stopped cart on a powered rail starts away from a solid block at one end."""
    solid = block_physics(game.world.registry).box_count > 0
    x, y, z = pos
    get = game.world.get_block
    if shape == "east_west":
        if solid[get(x - 1, y, z)]:
            return 0.02, vz
        if solid[get(x + 1, y, z)]:
            return -0.02, vz
    elif shape == "north_south":
        if solid[get(x, y, z - 1)]:
            return vx, 0.02
        if solid[get(x, y, z + 1)]:
            return vx, -0.02
    return vx, vz
