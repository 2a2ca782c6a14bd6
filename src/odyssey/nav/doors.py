"""Which buttons and levers open which iron doors (the redstone rules of ``sim.redstone``)."""

from __future__ import annotations

import numpy as np

from odyssey.sim import redstone
from odyssey.world.blocks import BlockFlag
from odyssey.world.storage import World

Pos = tuple[int, int, int]
SWITCH_DEPTH = 2 / 16  # a button or lever base stands this far out of the face it sits on


def _iron_doors(world: World, x0: int, z0: int, size: int) -> list[Pos]:
    reg = world.registry
    door = reg.block("iron_door")
    lo_y, hi_y = world.dimension.min_y, world.dimension.max_y
    states = world.get_box((x0, lo_y, z0), (x0 + size, hi_y, z0 + size))
    is_door = (states >= door.min_state) & (states <= door.max_state)
    ys, zs, xs = np.nonzero(is_door)
    return [(x0 + int(x), lo_y + int(y), z0 + int(z)) for y, z, x in zip(ys, zs, xs, strict=True)]


def powers(world: World, emitter: Pos, door: Pos) -> bool:
    """Whether pressing the button or lever at ``emitter`` powers the door block at ``door``:
    the door is next to the emitter, or next to the conductor it is attached to."""
    reg = world.registry
    state = world.get_block(*emitter)
    if not redstone.is_emitter(reg, state):
        return False
    near = {redstone.add(emitter, s) for s in redstone.NEIGHBOURS}
    base = redstone.attached_to(reg, emitter, state)
    if redstone.is_conductor(reg, world.get_block(*base)):
        near |= {redstone.add(base, s) for s in redstone.NEIGHBOURS}
    return door in near


def openers_of(world: World, door: Pos) -> list[Pos]:
    """Buttons and levers that open the iron door with a block at ``door`` (either half)."""
    reg = world.registry
    state = world.get_block(*door)
    halves = [door, redstone.door_other_half(reg, door, state)]
    found: list[Pos] = []
    x, y, z = door
    for dy in range(-3, 4):
        for dz in range(-2, 3):
            for dx in range(-2, 3):
                pos = (x + dx, y + dy, z + dz)
                s = world.get_block(*pos)
                flags = BlockFlag(int(reg.state_flags[s]))
                if not flags & (BlockFlag.BUTTON | BlockFlag.LEVER) or pos in found:
                    continue
                if any(powers(world, pos, half) for half in halves):
                    found.append(pos)
    return found


def face_normal(world: World, pos: Pos) -> tuple[float, float, float]:
    """The direction a button or lever faces (from the block it sits on towards the player
    who can press it)."""
    p = world.registry.properties(world.get_block(*pos))
    face = p.get("face", "floor")
    if face == "floor":
        return (0.0, 1.0, 0.0)
    if face == "ceiling":
        return (0.0, -1.0, 0.0)
    dx, dy, dz = redstone.FACING_STEP[p.get("facing", "north")]
    return (float(dx), float(dy), float(dz))


def openers_in(world: World, x0: int, z0: int, size: int) -> list[Pos]:
    """Openers of every closed or open iron door in the square x0..x0+size, z0..z0+size."""
    out: list[Pos] = []
    for door in _iron_doors(world, x0, z0, size):
        for pos in openers_of(world, door):
            if pos not in out:
                out.append(pos)
    return out
