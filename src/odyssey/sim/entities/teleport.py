"""Enderman teleports (Enderman.teleport / teleportTowards / randomTeleport, simplified: the
landing spot is found by moving down to the first block that blocks motion, and the mob's
column of cells must be free of collision boxes and fluids)."""

from __future__ import annotations

import math

from odyssey.sim.entities.ai import Context
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.state import Entity, EntityEvent, PlayerView


def teleport_to(ctx: Context, e: Entity, k: Kind, x: float, y: float, z: float) -> bool:
    """Move to (x, ~y, z) if there is ground below and room; True on success."""
    w, solid, fluid = ctx.window, ctx.solid, ctx.fluid
    bx, by, bz = math.floor(x), math.floor(y), math.floor(z)
    min_y = w.world.dimension.min_y
    while by > min_y and not solid[w.block(bx, by - 1, bz)]:
        by -= 1
    if by <= min_y or fluid[w.block(bx, by - 1, bz)]:
        return False
    for cy in range(by, by + math.ceil(k.height)):
        state = w.block(bx, cy, bz)
        if solid[state] or fluid[state]:
            return False
    ctx.events.append(EntityEvent("teleport", e.id, pos=(e.x, e.y, e.z)))
    e.x, e.y, e.z = bx + 0.5, float(by), bz + 0.5
    e.vx = e.vy = e.vz = 0.0
    e.nav = None
    e.fall_distance = 0.0
    return True


def teleport(ctx: Context, e: Entity, k: Kind, tries: int = 1) -> bool:
    """Enderman.teleport: a random spot within ±32 horizontally and ±32 vertically."""
    d = ctx.dice
    for _ in range(tries):
        x = e.x + (d.random() - 0.5) * 64.0
        y = e.y + (d.integers(64) - 32)
        z = e.z + (d.random() - 0.5) * 64.0
        if teleport_to(ctx, e, k, x, y, z):
            return True
    return False


def teleport_towards(ctx: Context, e: Entity, k: Kind, p: PlayerView) -> bool:
    """Enderman.teleportTowards: 16 blocks along the line to the player, ±4 sideways."""
    d = ctx.dice
    vx, vy = e.x - p.pos[0], e.y + k.height / 2.0 - (p.pos[1] + p.eye_height)
    vz = e.z - p.pos[2]
    length = math.sqrt(vx * vx + vy * vy + vz * vz) or 1.0
    vx, vy, vz = vx / length, vy / length, vz / length
    x = e.x + (d.random() - 0.5) * 8.0 - vx * 16.0
    y = e.y + (d.integers(16) - 8) - vy * 16.0
    z = e.z + (d.random() - 0.5) * 8.0 - vz * 16.0
    return teleport_to(ctx, e, k, x, y, z)
