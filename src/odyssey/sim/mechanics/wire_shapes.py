"""Redstone dust's per-state tables and connection shapes (vanilla 1.21.11's
``RedStoneWireBlock.getConnectionState``; ``wire`` has its power and its block updates).

Shapes (``north/east/south/west`` = ``side``, ``up`` or ``none``): a side connects to dust beside
it, dust one block down (through a non-conductor) or one block up (when no conductor sits on this
dust), and to signal sources that face it (a repeater along its axis, an observer's back, any
other source); ``up`` where the dust climbs a sturdy face. A dust connected to nothing is a cross
(all sides), or a dot (all none) after a right-click toggles it. Faces are sturdy when one
collision box covers them whole (``isFaceSturdy`` from the collision shapes).
"""

from __future__ import annotations

import numpy as np

from odyssey.sim.mechanics.power import (
    DOWN,
    EAST,
    HORIZONTAL,
    NORTH,
    OPPOSITE,
    SOUTH,
    STEPS,
    UP,
    WEST,
    Pos,
    block_at,
    tables,
)
from odyssey.world.blocks import BlockFlag, BlockRegistry

WIRE = "redstone_wire"
SIDE_UP, SIDE, NONE = 0, 1, 2  # value indices of the side properties (up, side, none)
SIGNAL_SOURCES = frozenset({"lever", "redstone_torch", "redstone_wall_torch", "redstone_block",
    "target", "comparator", "daylight_detector", "trapped_chest", "tripwire_hook", "lectern",
    "sculk_sensor", "calibrated_sculk_sensor", "lightning_rod", "detector_rail", "jukebox",
    "repeater", "observer", WIRE})  # fmt: skip


class WireTables:
    """Per-state facts the dust needs, for one registry."""

    def __init__(self, reg: BlockRegistry) -> None:
        block = reg.block(WIRE)
        self.min = block.min_state
        self.max = block.max_state
        self.sturdy = _sturdy_faces(reg)  # per state: bit d set when face d is sturdy
        names = [b.name for b in reg.blocks]
        source = np.zeros(len(names), bool)
        flags = {b.index: int(b.flags) for b in reg.blocks}
        for b in reg.blocks:
            emitter = flags[b.index] & (
                BlockFlag.BUTTON | BlockFlag.LEVER | BlockFlag.PRESSURE_PLATE
            )
            source[b.index] = b.name in SIGNAL_SOURCES or bool(emitter)
        self.source = source[reg.state_block].tolist()
        self.trapdoor = ((reg.state_flags & BlockFlag.TRAPDOOR) != 0).tolist()
        self.hopper = (reg.state_block == reg.block("hopper").index).tolist()
        rep, obs = reg.block("repeater"), reg.block("observer")
        self.axis: dict[int, tuple[int, ...]] = {}  # repeater/observer state -> dirs it links
        for s in range(rep.min_state, rep.max_state + 1):
            f = _facing(reg, s)
            self.axis[s] = (f, OPPOSITE[f])
        for s in range(obs.min_state, obs.max_state + 1):
            self.axis[s] = (_facing(reg, s),)
        self.shape_class = self._shape_classes(reg)

    def _shape_classes(self, reg: BlockRegistry) -> list[int]:
        """Per state, everything dust's shape and links read of a block there (dust or not,
        conductor, signal source, the directions a repeater or observer links, trapdoor,
        hopper, sturdy faces) packed in one int: two states with the same class are the same
        to every shape and link (an observer's ``powered`` or a lamp's ``lit`` are not seen)."""
        conductor = tables(reg).conductor
        wire = np.zeros(len(conductor), bool)
        wire[self.min : self.max + 1] = True
        key = np.array(self.sturdy, np.int64)  # bits 0-5
        key |= np.array(conductor, np.int64) << 6
        key |= wire.astype(np.int64) << 7
        key |= np.array(self.source, np.int64) << 8
        key |= np.array(self.trapdoor, np.int64) << 9
        key |= np.array(self.hopper, np.int64) << 10
        for s, dirs in self.axis.items():  # bit 11: has an axis; 12-17: its directions
            key[s] |= 1 << 11 | sum(1 << (12 + d) for d in dirs)
        return key.tolist()

    def is_wire(self, state: int) -> bool:
        return self.min <= state <= self.max

    def decode(self, state: int) -> tuple[list[int], int]:
        """Side value per direction index (north, south, west, east slots) and power."""
        o = state - self.min
        o, w = divmod(o, 3)
        o, s = divmod(o, 3)
        o, p = divmod(o, 16)
        e, n = divmod(o, 3)
        sides = [NONE] * 6
        sides[NORTH], sides[SOUTH], sides[WEST], sides[EAST] = n, s, w, e
        return sides, p

    def encode(self, sides: list[int], power: int) -> int:
        high = (sides[EAST] * 3 + sides[NORTH]) * 16 + power
        return self.min + (high * 3 + sides[SOUTH]) * 3 + sides[WEST]

    def supports(self, state: int) -> bool:
        """``canSurviveOn``: a sturdy top face or a hopper."""
        return bool(self.sturdy[state] & (1 << UP)) or self.hopper[state]


def _facing(reg: BlockRegistry, s: int) -> int:
    from odyssey.sim.mechanics.power import INDEX

    return INDEX[reg.properties(s)["facing"]]


def _sturdy_faces(reg: BlockRegistry) -> list[int]:
    """Per state, which faces are full (vanilla ``isFaceSturdy``, from the collision boxes: a face
    is sturdy when one box covers it whole)."""
    boxes = reg.boxes
    per_shape = np.zeros(len(reg.shape_box_count), np.int32)
    spans = zip(reg.shape_box_start, reg.shape_box_count, strict=True)
    for shape, (start, count) in enumerate(spans):
        mask = 0
        for b in boxes[start : start + count]:
            x0, y0, z0, x1, y1, z1 = (float(v) for v in b)
            full_xz = x0 <= 0 and z0 <= 0 and x1 >= 1 and z1 >= 1
            full_xy = x0 <= 0 and y0 <= 0 and x1 >= 1 and y1 >= 1
            full_yz = y0 <= 0 and z0 <= 0 and y1 >= 1 and z1 >= 1
            mask |= (full_xz and y0 <= 0) << DOWN | (full_xz and y1 >= 1) << UP
            mask |= (full_xy and z0 <= 0) << NORTH | (full_xy and z1 >= 1) << SOUTH
            mask |= (full_yz and x0 <= 0) << WEST | (full_yz and x1 >= 1) << EAST
        per_shape[shape] = mask
    return per_shape[reg.state_shape].tolist()


_WIRE_TABLES: dict[int, WireTables] = {}


def wire_tables(reg: BlockRegistry) -> WireTables:
    found = _WIRE_TABLES.get(id(reg))
    if found is None:
        found = _WIRE_TABLES[id(reg)] = WireTables(reg)
    return found


# -- shapes -------------------------------------------------------------------------------------


def _connects(wt: WireTables, state: int, d: int | None) -> bool:
    """``shouldConnectTo(state, direction)``; ``d`` from the dust towards the block."""
    if wt.is_wire(state):
        return True
    axis = wt.axis.get(state)
    if axis is not None:
        return d in axis
    return wt.source[state] and d is not None


def connecting_side(world, pos: Pos, d: int, can_climb: bool) -> int:
    """``getConnectingSide``: up, side or none towards horizontal direction ``d``."""
    wt = wire_tables(world.registry)
    conductor = tables(world.registry).conductor
    x, y, z = pos
    dx, _, dz = STEPS[d]
    rel = block_at(world, x + dx, y, z + dz)
    above = block_at(world, x + dx, y + 1, z + dz)
    if can_climb and (wt.trapdoor[rel] or wt.supports(rel)) and _connects(wt, above, None):
        return SIDE_UP if wt.sturdy[rel] & (1 << OPPOSITE[d]) else SIDE
    if _connects(wt, rel, d):
        return SIDE
    if conductor[rel] or not _connects(wt, block_at(world, x + dx, y - 1, z + dz), None):
        return NONE
    return SIDE


def connection_state(world, pos: Pos, power: int, was_dot: bool) -> int:
    """``getConnectionState``: the dust's shape from its surroundings (a dot stays a dot while
    nothing connects; otherwise unconnected axes fill in as a line or a cross)."""
    wt = wire_tables(world.registry)
    x, y, z = pos
    can_climb = not tables(world.registry).conductor[block_at(world, x, y + 1, z)]
    sides = [NONE] * 6
    for d in HORIZONTAL:
        sides[d] = connecting_side(world, pos, d, can_climb)
    if was_dot and all(sides[d] == NONE for d in HORIZONTAL):
        return wt.encode(sides, power)
    n, s, w, e = (sides[d] != NONE for d in (NORTH, SOUTH, WEST, EAST))
    ns_none, ew_none = not n and not s, not e and not w
    if not w and ns_none:
        sides[WEST] = SIDE
    if not e and ns_none:
        sides[EAST] = SIDE
    if not n and ew_none:
        sides[NORTH] = SIDE
    if not s and ew_none:
        sides[SOUTH] = SIDE
    return wt.encode(sides, power)


def is_dot(wt: WireTables, state: int) -> bool:
    sides, _ = wt.decode(state)
    return all(sides[d] == NONE for d in HORIZONTAL)


def is_cross(wt: WireTables, state: int) -> bool:
    sides, _ = wt.decode(state)
    return all(sides[d] == SIDE for d in HORIZONTAL)


def placement_state(world, pos: Pos) -> int:
    """``getStateForPlacement``: the shape from the cross state, power 0."""
    return connection_state(world, pos, 0, was_dot=False)
