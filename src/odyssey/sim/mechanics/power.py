"""Redstone power: what signal a block gives and receives, as vanilla 1.21.11's ``Level`` asks it.

Vanilla's model, kept here: every block may give a *signal* (``getSignal``) and a *direct*
(strong) signal (``getDirectSignal``) towards each of its six neighbours. A redstone conductor
(a full-cube block that is not glass, leaves, a redstone block, an observer or a piston) gives
its neighbours the strongest direct signal it receives itself (``Level.getSignal``), so a block
is powered when a neighbour signals into it or a neighbouring conductor is strongly powered
(``Level.getBestNeighborSignal``, ``hasNeighborSignal``).

Directions here are vanilla's: ``d`` is the direction *from the receiving block to the emitter*,
in ``Direction`` order (down, up, north, south, west, east). What each block gives:

- lever, button: 15 to every side when powered, direct 15 to the block it is attached to;
- pressure plates: their power to every side, direct to the block below;
- redstone torch: 15 to every side but the block it hangs on, direct 15 to the block above;
- redstone block: 15 to every side, never direct; target block: its power to every side;
- redstone dust: its power to the block below and to the blocks it points into, both direct
  (vanilla's wire gives ``getDirectSignal == getSignal``); dust ignores other dust's power
  through blocks (vanilla's ``shouldSignal`` flag, here the ``wires`` argument);
- repeater, comparator, observer: their output out of the front (the back for an observer),
  direct too. A comparator's output is its block entity's ``OutputSignal`` as in vanilla.

Per-state answers are tables built once per registry (``tables``), so a look-up is a dict or
list index. For the mechanics beside this module: ``notify_neighbours`` (vanilla's
``updateNeighborsAt``) and ``notify_around`` send queued neighbour updates, and
``SURVIVAL_WORLDS`` marks the worlds whose redstone runs here (``sim.redstone`` leaves those to
it). Deliberate difference: daylight detectors, trapped chests, lecterns, tripwire hooks,
sculk sensors and lightning rods give no signal yet; dust's own connection sides are read from
its stored state (vanilla recomputes them, which only differs for a stale state).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from odyssey.sim.blockupdates import update_neighbours
from odyssey.sim.mechanics.neighbours import around
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry

if TYPE_CHECKING:
    from odyssey.world.storage import World

Pos = tuple[int, int, int]
# vanilla Direction order: DOWN, UP, NORTH, SOUTH, WEST, EAST
DIRECTIONS = ("down", "up", "north", "south", "west", "east")
STEPS: tuple[Pos, ...] = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))
INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
OPPOSITE = (1, 0, 3, 2, 5, 4)
DOWN, UP, NORTH, SOUTH, WEST, EAST = range(6)
HORIZONTAL = (NORTH, SOUTH, WEST, EAST)
NOTHING = (0, 0, 0, 0, 0, 0)

NEVER_CONDUCTS = ("glass", "tinted_glass", "redstone_block", "observer", "piston", "sticky_piston",
                  "beacon", "moving_piston")  # fmt: skip
ALWAYS_CONDUCTS = ("soul_sand", "mud")


@dataclass(frozen=True)
class Tables:
    """Per-state facts of one registry: signal out of each side, direct signal, conductors."""

    weak: dict[int, tuple[int, ...]]  # state -> signal towards each d (absent: none)
    strong: dict[int, tuple[int, ...]]  # state -> direct signal towards each d
    conductor: list[bool]
    wire: frozenset[int]  # redstone_wire states (ignored while dust computes its own power)
    comparator: dict[int, int]  # powered comparator state -> its facing (output by block entity)
    # the same as flat lists by state (None / -1: none), the hot paths' look-ups; ``dry_*``
    # leave dust out (what dust asks for its own power)
    weak_rows: list[tuple[int, ...] | None] = field(default_factory=list)
    strong_rows: list[tuple[int, ...] | None] = field(default_factory=list)
    dry_weak: list[tuple[int, ...] | None] = field(default_factory=list)
    dry_strong: list[tuple[int, ...] | None] = field(default_factory=list)
    comparator_facing: list[int] = field(default_factory=list)


_TABLES: dict[int, Tables] = {}


def tables(registry: BlockRegistry) -> Tables:
    """The registry's per-state signal tables (built once)."""
    found = _TABLES.get(id(registry))
    if found is None:
        found = _build(registry)
        _TABLES[id(registry)] = found
    return found


def block_at(world: World, x: int, y: int, z: int) -> int:
    """The block at (x, y, z) without the chunk cache's bookkeeping (the hot path of every
    signal look-up)."""
    return world.peek_block(x, y, z)


def get_state(world: World, x: int, y: int, z: int) -> int:
    """``World.get_block`` (the same chunk look-up, loading and cache recency) with a cheaper
    read of the section (a flat index, no numpy scalar)."""
    chunk = world.chunk(x >> 4, z >> 4)
    if chunk is None:
        return AIR
    section = chunk.sections.get(y >> 4)
    return AIR if section is None else section.item((y & 15) << 8 | (z & 15) << 4 | (x & 15))


def is_conductor(registry: BlockRegistry, state: int) -> bool:
    """Vanilla ``isRedstoneConductor``: a full collision cube, bar glass, leaves and a few."""
    return tables(registry).conductor[state]


def signal(world: World, pos: Pos, d: int, wires: bool = True) -> int:
    """``Level.getSignal``: what the block at ``pos`` gives the neighbour at ``pos - d``; a
    conductor also passes on the strongest direct signal it receives."""
    t = tables(world.registry)
    state = world.peek_block(*pos)
    out = _weak(world, t, pos, state, d, wires)
    if out < 15 and t.conductor[state]:
        out = max(out, _direct(world, t, pos, wires))
    return out


def direct_signal_to(world: World, pos: Pos, wires: bool = True) -> int:
    """``Level.getDirectSignalTo``: the strongest direct signal into ``pos``."""
    return _direct(world, tables(world.registry), pos, wires)


class _Facts:
    """Answers about one world as it is at one revision (any change of a block or a block
    entity bumps it): the same question asked again before the next change is answered from
    here. Every answer is a pure function of the blocks, so this changes no result."""

    __slots__ = ("direct", "powered", "revision", "signalled", "world")

    def __init__(self, world: World) -> None:
        self.world = weakref.ref(world)
        self.revision = world.revision
        self.direct: dict[tuple[Pos, bool], int] = {}  # (pos, wires) -> _direct
        self.powered: dict[Pos, bool] = {}  # is_powered
        self.signalled: dict[tuple[Pos, int], bool] = {}  # (pos, skip) -> signalled


_FACTS: list[_Facts | None] = [None]


def _facts(world: World) -> _Facts:
    found = _FACTS[0]
    if found is None or found.revision != world.revision or found.world() is not world:
        found = _FACTS[0] = _Facts(world)
    return found


def _direct(world: World, t: Tables, pos: Pos, wires: bool) -> int:
    facts = _FACTS[0]  # _facts(world) without the call when it is current (the usual case)
    if facts is None or facts.revision != world.revision or facts.world() is not world:
        facts = _facts(world)
    known = facts.direct
    key = (pos, wires)
    found = known.get(key)
    if found is None:
        found = known[key] = _direct_now(world, t, pos, wires)
    return found


def _direct_now(world: World, t: Tables, pos: Pos, wires: bool) -> int:
    x, y, z = pos
    best = 0
    strong = t.strong_rows if wires else t.dry_strong
    facing = t.comparator_facing
    states = around(world, x, y, z)
    for d, i in _AROUND:
        state = states[i] if states[i] >= 0 else _peek(world, x, y, z, d)
        row = strong[state]
        if row is not None:
            if row[d] > best:
                best = row[d]
                if best >= 15:
                    return best
        elif facing[state] == d:
            dx, dy, dz = STEPS[d]
            best = max(best, comparator_output(world, (x + dx, y + dy, z + dz)))
    return best


def _peek(world: World, x: int, y: int, z: int, d: int) -> int:
    """The neighbour in direction ``d`` read alone (``around``'s ``NOT_LOADED``: may load)."""
    dx, dy, dz = STEPS[d]
    return world.peek_block(x + dx, y + dy, z + dz)


# (d, index in ``around``'s answer: west, east, down, up, north, south) in Direction order
_AROUND = ((DOWN, 2), (UP, 3), (NORTH, 4), (SOUTH, 5), (WEST, 0), (EAST, 1))


def received_power(world: World, pos: Pos, wires: bool = True) -> int:
    """``Level.getBestNeighborSignal``: the strongest signal 0-15 the block at ``pos`` gets
    from its six neighbours (``wires=False``: ignoring dust, as dust itself asks)."""
    t = tables(world.registry)
    x, y, z = pos
    best = 0
    conductor = t.conductor
    weak = t.weak_rows if wires else t.dry_weak
    facing = t.comparator_facing
    states = around(world, x, y, z)
    for d, i in _AROUND:
        state = states[i] if states[i] >= 0 else _peek(world, x, y, z, d)
        row = weak[state]
        if row is not None:
            out = row[d]
        elif facing[state] == d:
            dx, dy, dz = STEPS[d]
            out = comparator_output(world, (x + dx, y + dy, z + dz))
        else:
            out = 0
        if out < 15 and best < 15 and conductor[state]:
            dx, dy, dz = STEPS[d]
            out = max(out, _direct(world, t, (x + dx, y + dy, z + dz), wires))
        if out > best:
            best = out
            if best >= 15:
                break
    return best


def is_powered(world: World, pos: Pos) -> bool:
    """``Level.hasNeighborSignal``: whether any neighbour gives the block a signal."""
    known = _facts(world).powered
    found = known.get(pos)
    if found is None:
        found = known[pos] = signalled(world, pos)
    return found


def signalled_known(world: World, pos: Pos, skip: int = -1) -> bool:
    """``signalled``, remembered until the world changes (asked again and again by pistons
    hearing several updates between two changes)."""
    known = _facts(world).signalled
    key = (pos, skip)
    found = known.get(key)
    if found is None:
        found = known[key] = signalled(world, pos, skip)
    return found


def signalled(world: World, pos: Pos, skip: int = -1) -> bool:
    """Whether any neighbour of ``pos`` (but the one in direction ``skip``) gives it a signal
    (``signal(...) > 0``): the neighbours' own signals first, then what conductors among them
    pass on: the same answer, found sooner where a neighbour signals."""
    t = tables(world.registry)
    x, y, z = pos
    conductor = t.conductor
    weak = t.weak_rows
    facing = t.comparator_facing
    conductors = []
    states = around(world, x, y, z)
    for d, i in _AROUND:
        if d == skip:
            continue
        state = states[i] if states[i] >= 0 else _peek(world, x, y, z, d)
        row = weak[state]
        if row is not None:
            if row[d] > 0:
                return True
        elif facing[state] == d:
            dx, dy, dz = STEPS[d]
            if comparator_output(world, (x + dx, y + dy, z + dz)) > 0:
                return True
        if conductor[state]:
            dx, dy, dz = STEPS[d]
            conductors.append((x + dx, y + dy, z + dz))
    return any(_direct(world, t, other, True) > 0 for other in conductors)


def signal_towards(world: World, pos: Pos, d: int) -> int:
    """The signal the block at ``pos`` gets from its neighbour in direction ``d`` only
    (a repeater's or comparator's input)."""
    dx, dy, dz = STEPS[d]
    return signal(world, (pos[0] + dx, pos[1] + dy, pos[2] + dz), d)


def comparator_output(world: World, pos: Pos) -> int:
    """A comparator's output, kept in its block entity as vanilla's ``OutputSignal``."""
    entity = world.block_entity(*pos)
    return 0 if entity is None else int(entity.get("OutputSignal", 0))


def _weak(world: World, t: Tables, pos: Pos, state: int, d: int, wires: bool) -> int:
    row = (t.weak_rows if wires else t.dry_weak)[state]
    if row is not None:
        return row[d]
    if t.comparator_facing[state] == d:
        return comparator_output(world, pos)
    return 0


# -- updates of a survival game -----------------------------------------------------------------

# Worlds whose redstone these mechanics run (sim.redstone's navigation model stays out of them).
SURVIVAL_WORLDS: weakref.WeakSet = weakref.WeakSet()


def mark_survival(world: World) -> None:
    last = _MARKED[0]
    if last is not None and last() is world:
        return  # the world marked last (the usual case: a cheap check on a hot path)
    if world not in SURVIVAL_WORLDS:
        SURVIVAL_WORLDS.add(world)
    _MARKED[0] = weakref.ref(world)


_MARKED: list[weakref.ref | None] = [None]


def notify_neighbours(game: Any, pos: Pos) -> None:
    """Vanilla ``Level.updateNeighborsAt``: the six neighbours of ``pos`` get a neighbour update
    from ``pos`` (queued like every update), though ``pos`` itself did not change."""
    update_neighbours(game, pos)


def notify_around(game: Any, pos: Pos, skip: int = -1) -> None:
    """The neighbours of each neighbour of ``pos`` (what a changed torch or dust does in vanilla;
    ``skip``: a direction index left out)."""
    x, y, z = pos
    for d in range(6):
        if d != skip:
            dx, dy, dz = STEPS[d]
            notify_neighbours(game, (x + dx, y + dy, z + dz))


# -- tables -------------------------------------------------------------------------------------


def _build(reg: BlockRegistry) -> Tables:
    weak: dict[int, tuple[int, ...]] = {}
    strong: dict[int, tuple[int, ...]] = {}
    wire: set[int] = set()
    comparator: dict[int, int] = {}
    flags = reg.state_flags
    conductor = [bool(int(f) & BlockFlag.FULL_CUBE) for f in flags]
    for block in reg.blocks:
        name = block.name
        states = range(block.min_state, block.max_state + 1)
        if name in NEVER_CONDUCTS or name.endswith(("_stained_glass", "_leaves")):
            for s in states:
                conductor[s] = False
        elif name in ALWAYS_CONDUCTS:
            for s in states:
                conductor[s] = True
        if name == "comparator":
            for s in states:
                p = reg.properties(s)
                if p["powered"] == "true":
                    comparator[s] = INDEX[p["facing"]]
            continue
        for s in states:
            rows = _emission(reg, name, s)
            if rows is not None:
                weak[s], strong[s] = rows
        if name == "redstone_wire":
            wire.update(states)
    n = len(flags)
    weak_rows: list[Row | None] = [weak.get(i) for i in range(n)]
    strong_rows: list[Row | None] = [strong.get(i) for i in range(n)]
    dry_weak = [None if i in wire else row for i, row in enumerate(weak_rows)]
    dry_strong = [None if i in wire else row for i, row in enumerate(strong_rows)]
    facing = [comparator.get(i, -1) for i in range(n)]
    return Tables(weak, strong, conductor, frozenset(wire), comparator, weak_rows, strong_rows,
                  dry_weak, dry_strong, facing)  # fmt: skip


Row = tuple[int, ...]


def _emission(reg: BlockRegistry, name: str, s: int) -> tuple[Row, Row] | None:
    """Signal and direct signal of one state towards each d, or None for a non-source."""
    flag = int(reg.state_flags[s])
    if flag & (BlockFlag.LEVER | BlockFlag.BUTTON):
        p = reg.properties(s)
        if p.get("powered") != "true":
            return None
        face = p.get("face", "floor")
        towards = UP if face == "floor" else DOWN if face == "ceiling" else INDEX[p["facing"]]
        return (15,) * 6, _only(towards, 15)
    if flag & BlockFlag.PRESSURE_PLATE:
        p = reg.properties(s)
        power = int(p["power"]) if "power" in p else 15 * (p.get("powered") == "true")
        return ((power,) * 6, _only(UP, power)) if power else None
    if name in ("redstone_torch", "redstone_wall_torch"):
        p = reg.properties(s)
        if p["lit"] != "true":
            return None
        hung = UP if name == "redstone_torch" else INDEX[p["facing"]]
        return tuple(0 if d == hung else 15 for d in range(6)), _only(DOWN, 15)
    if name == "redstone_block":
        return (15,) * 6, NOTHING
    if name == "target":
        power = int(reg.properties(s)["power"])
        return ((power,) * 6, NOTHING) if power else None
    if name in ("repeater", "observer"):
        p = reg.properties(s)
        if p["powered"] != "true":
            return None
        row = _only(INDEX[p["facing"]], 15)
        return row, row
    if name == "redstone_wire":
        p = reg.properties(s)
        power = int(p["power"])
        if not power:
            return None
        # towards the block below (d = up) and each side the dust connects to (d = opposite)
        row = [0, power, 0, 0, 0, 0]
        for side in HORIZONTAL:
            if p[DIRECTIONS[side]] != "none":
                row[OPPOSITE[side]] = power
        return tuple(row), tuple(row)
    return None


def _only(d: int, value: int) -> tuple[int, ...]:
    return tuple(value if i == d else 0 for i in range(6))
