"""Redstone dust (``redstone_wire``) as vanilla 1.21.11's ``RedStoneWireBlock`` with its default
wire evaluator: connection shapes, signal strength 0-15 falling by one per dust, support.

Shapes follow ``getConnectionState`` (``wire_shapes``): re-read when a block beside or above
changes, when dust is placed or removed one up or down beside, and on a right-click that turns a
lone cross into a dot and back.

Power (``calculateTargetStrength``): the strongest signal the dust gets from non-dust neighbours
(dust ignoring dust through blocks, vanilla's ``shouldSignal``), else the strongest linked dust
minus one. Linked dust: beside it; on top of a conductor beside it when no conductor is above
this dust; below a non-conductor beside it (so power runs both ways on stairs of conductors,
and only upwards on glass or slab stairs). Dust gives its power to the block below and the
blocks it points into (``sim.mechanics.power``).

Deliberate differences (efficiency, same end states): instead of vanilla's recursive neighbour
updates, a dust whose power disagrees with its neighbours recomputes its whole linked network at
once: every dust's own input, then the strongest-first flood of power minus one per dust (the
unique fixed point vanilla's updates also reach), and only changed dust is set; the updates the
members of one such network send each other are skipped (``WireState``). Changed dust updates
the neighbours of the conductors around it (vanilla: of all six neighbours, which differs only
for block-update-detector builds).

Dust with no sturdy top (or hopper) under it breaks and drops its item.

What dust reads of its surroundings is remembered while they stay the same (``wire_memo``): a
cache only, every answer is the one looking again would give.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from odyssey.sim.blockupdates import update_neighbours
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.neighbours import around
from odyssey.sim.mechanics.power import (
    HORIZONTAL,
    STEPS,
    UP,
    Pos,
    block_at,
    mark_survival,
    received_power,
    tables,
)
from odyssey.sim.mechanics.wire_memo import CURRENT, WireMemo, mark_wire_only, memo
from odyssey.sim.mechanics.wire_shapes import (
    WIRE,
    WireTables,
    connection_state,
    is_cross,
    is_dot,
    wire_tables,
)

MAX_NETWORK = 20_000  # dust in one recomputed network (a runaway build stops here)


# -- power --------------------------------------------------------------------------------------


def linked(world, pos: Pos) -> list[Pos]:
    """The dust this dust takes power from (``calculateTargetStrength``'s neighbours)."""
    wt = wire_tables(world.registry)
    lo, hi = wt.min, wt.max
    conductor = tables(world.registry).conductor
    peek = world.peek_block
    x, y, z = pos
    roofed = conductor[peek(x, y + 1, z)]
    out = []
    for dx, dz in _SIDES:
        state = peek(x + dx, y, z + dz)
        if lo <= state <= hi:
            out.append((x + dx, y, z + dz))
        if conductor[state]:
            if not roofed and lo <= peek(x + dx, y + 1, z + dz) <= hi:
                out.append((x + dx, y + 1, z + dz))
        elif lo <= peek(x + dx, y - 1, z + dz) <= hi:
            out.append((x + dx, y - 1, z + dz))
    return out


_SIDES = tuple((STEPS[d][0], STEPS[d][2]) for d in HORIZONTAL)  # (dx, dz) in vanilla's order


def target_power(world, pos: Pos) -> int:
    """``calculateTargetStrength`` of one dust from its neighbours as they are now."""
    m = memo(world)
    found = m.target.get(pos)
    if found is not None:
        return found
    own = _own(m, world, pos)
    if own < 15:
        lo = wire_tables(world.registry).min
        peek = world.peek_block
        best = 0
        for other in _linked(m, world, pos):
            best = max(best, (peek(*other) - lo) // 9 % 16)  # the power of wt.decode
        own = max(own, best - 1)
    m.target[pos] = own
    return own


def _own(m: WireMemo, world, pos: Pos) -> int:
    """The dust's input from other blocks (``received_power(wires=False)``), remembered."""
    found = m.own.get(pos)
    if found is None:
        found = m.own[pos] = received_power(world, pos, wires=False)
        m.add(pos)
    return found


def _linked(m: WireMemo, world, pos: Pos) -> list[Pos]:
    found = m.linked.get(pos)
    if found is None:
        found = m.linked[pos] = linked(world, pos)
        m.add(pos)
    return found


def _shape(world, pos: Pos, power: int, was_dot: bool) -> int:
    """``connection_state``, remembered (the shape does not depend on power: power 0's state
    plus the power's place in the state id)."""
    m = memo(world)
    key = (pos, was_dot)
    found = m.shape.get(key)
    if found is None:
        found = m.shape[key] = connection_state(world, pos, 0, was_dot)
        m.add(pos)
    return found + 9 * power


def _candidates(world, wt: WireTables, pos: Pos) -> list[Pos]:
    """Dust that may be linked with ``pos`` either way (beside, and one up or down beside)."""
    x, y, z = pos
    lo, hi = wt.min, wt.max
    peek = world.peek_block
    out = []
    for dx, dz in _SIDES:
        for dy in (0, 1, -1):
            if lo <= peek(x + dx, y + dy, z + dz) <= hi:
                out.append((x + dx, y + dy, z + dz))
    return out


def network_powers(world, start: Pos) -> dict[Pos, int]:
    """The power every dust of the network around ``start`` should have."""
    wt = wire_tables(world.registry)
    m = memo(world)
    candidates = m.candidates
    seen = {start}
    queue = [start]
    while queue and len(seen) < MAX_NETWORK:
        pos = queue.pop()
        found = candidates.get(pos)
        if found is None:
            found = candidates[pos] = _candidates(world, wt, pos)
            m.add(pos)
        for other in found:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    feeds: dict[Pos, list[Pos]] = {p: [] for p in seen}  # dust -> dust it gives power to
    power: dict[Pos, int] = {}
    for pos in seen:
        power[pos] = _own(m, world, pos)
        for source in _linked(m, world, pos):
            if source in feeds:
                feeds[source].append(pos)
    buckets: list[list[Pos]] = [[] for _ in range(16)]
    for pos, p in power.items():
        buckets[p].append(pos)
    for level in range(15, 1, -1):
        for pos in buckets[level]:
            if power[pos] != level:
                continue
            for other in feeds[pos]:
                if power[other] < level - 1:
                    power[other] = level - 1
                    buckets[level - 1].append(other)
    return power


@dataclass
class WireState:
    """Dust states the last network updates settled (position -> state): their own updates to
    each other are known to change nothing and are skipped."""

    settled: dict[Pos, int] = field(default_factory=dict)
    tick: int = -1  # the game tick they were settled in (older ones are forgotten)
    # The dust of the last network update (position -> power) while the world is at
    # ``fresh_revision`` (of the world ``fresh_world`` refers to), the revision right after its
    # changes when nothing else changed: each of them is in ``settled`` with the state it has
    # then, so the settled check is known to pass without reading them (-1: none).
    fresh: dict[Pos, int] = field(default_factory=dict)
    fresh_revision: int = -1
    fresh_world: Any = None  # a weak reference


def _wire_state(game) -> WireState:
    found = game.survival.mechanics.get("wire")
    if found is None:
        found = game.survival.mechanics["wire"] = WireState()
    if found.tick != game.tick_count:
        found.settled.clear()
        found.fresh_revision = -1
        found.tick = game.tick_count
    return found


def update_power(game, pos: Pos) -> None:
    """``updatePowerStrength``: set every dust of the network whose power is wrong."""
    world = game.world
    wt = wire_tables(world.registry)
    ws = _wire_state(game)
    ws.fresh_revision = -1  # set again below when this update leaves it so
    settled = ws.settled
    if len(settled) > MAX_NETWORK:
        settled.clear()
    changes = []
    powers = network_powers(world, pos)
    peek = world.peek_block
    for other, power in powers.items():
        state = peek(*other)
        old = (state - wt.min) // 9 % 16
        new = state + (power - old) * 9  # the same shape with the new power (wt.encode)
        settled[other] = new
        if old != power:
            changes.append((other, new))
    revision = world.revision
    for other, new in changes:
        game.set_block(other, new)
    if world.revision == revision + len(changes) and len(powers) < MAX_NETWORK:
        # nothing else changed meanwhile: only powers did, and every dust of the network now
        # has its target power
        mark_wire_only(world, revision + 1, world.revision)
        memo(world).target.update(powers)
        ws.fresh, ws.fresh_revision, ws.fresh_world = powers, world.revision, weakref.ref(world)


# -- hooks --------------------------------------------------------------------------------------


@hooks.on_neighbour(WIRE)
def neighbour_changed(game, pos: Pos, state: int, source: Pos) -> None:
    world = game.world
    ws = game.survival.mechanics.get("wire")
    if (
        ws is not None
        and ws.fresh_revision == world.revision
        and _fresh_pair(ws, game, pos, source)
    ):
        # both dust set by the last network update, nothing changed since: the settled check
        # below would return (found out without reading the world)
        return
    peek = world.peek_block
    x, y, z = pos
    if peek(x, y, z) != state:
        return  # changed by an earlier handler of this update
    last = _LAST
    seen = last[0]
    if seen is not None and seen() is world and last[1] is world.registry:
        wt = last[2]  # marked already (a world is never unmarked)
    else:
        wt = _mark(world)
    lo = wt.min
    sx, sy, sz = source
    below = sy == y - 1 and sx == x and sz == z  # source == (x, y - 1, z)
    if below or source == pos:
        under = peek(x, y - 1, z)
        if not (wt.sturdy[under] & _UP_FACE or wt.hopper[under]):  # not wt.supports(under)
            _break(game, pos)
            return
        if not below:  # the dust itself changed: what it powers tells its neighbours
            _notify_powered(game, pos)
            return  # (its power: set by a network update, or kept by a new shape, as vanilla)
        source_state = under
        source_wire = lo <= under <= wt.max
    else:
        source_state = peek(sx, sy, sz)
        source_wire = lo <= source_state <= wt.max
        if source_wire:
            found = game.survival.mechanics.get("wire")  # _wire_state without the call
            if found is None or found.tick != game.tick_count:
                found = _wire_state(game)
            settled = found.settled
            if settled.get(pos) == state and settled.get(source) == source_state:
                return  # both set by the same network update: nothing to do
    m = CURRENT[0]  # memo(world) without the call when it is up to date (the usual case)
    if m is None or m.revision != world.revision or m.world() is not world:
        m = memo(world)
    if m.quiet.get(pos) == state:
        return  # shape and power found right since the last change: nothing to do
    revision = world.revision
    power = (state - lo) // 9 % 16
    # The shape depends on the blocks beside, above and one up or down beside, not on what is
    # below nor on the power of dust beside (placed dust updates its neighbours' shapes).
    if not below and not source_wire:
        shaped = _shape(world, pos, power, is_dot(wt, state))
        if shaped != state:
            game.set_block(pos, shaped)
    target = m.target.get(pos) if world.revision == revision else None
    if target is None:
        target = target_power(world, pos)
    if target != power:
        update_power(game, pos)
    elif not below and not source_wire and world.revision == revision:
        m.quiet[pos] = state  # both checked, nothing changed


def _fresh_pair(ws: WireState, game, pos: Pos, source: Pos) -> bool:
    """Whether ``pos`` and ``source`` are beside each other (not one above the other: those
    take the support checks) in the last network update, which is the last change of the world
    (``ws.fresh_revision`` is its revision: checked by the caller), in this tick, and the world
    is the one ``neighbour_changed`` marked last (so marking it again does nothing). Then the
    full path finds both states current and settled and returns."""
    fresh = ws.fresh
    seen = _LAST[0]
    return (pos in fresh and source in fresh and (source[0] != pos[0] or source[2] != pos[2])
            and ws.tick == game.tick_count and ws.fresh_world() is game.world
            and seen is not None and seen() is game.world)  # fmt: skip


_UP_FACE = 1 << UP
# the world ``neighbour_changed`` marked last (a weak reference), its registry and that
# registry's wire tables: the hot path's ``mark_survival`` and ``wire_tables`` in one look
_LAST: list = [None, None, None]


def _mark(world) -> WireTables:
    """``mark_survival(world)``; the wire tables of its registry (both remembered in
    ``_LAST``)."""
    mark_survival(world)
    wt = wire_tables(world.registry)
    _LAST[:] = [weakref.ref(world), world.registry, wt]
    return wt


def _notify_powered(game, pos: Pos) -> None:
    """Vanilla updates the neighbours of all six neighbours of changed dust; only conductors
    pass its power on, so only theirs are told here (the neighbours themselves heard already).
    Deliberate difference: no extra updates through non-conductors (affects block-update
    detector builds only)."""
    world = game.world
    conductor = tables(world.registry).conductor
    x, y, z = pos
    states = around(world, x, y, z)
    # in Direction order (called by block update handlers, so update_neighbours, vanilla's
    # updateNeighborsAt, only queues updates: nothing changes meanwhile)
    for i, dx, dy, dz in _DIRECTION_ORDER:
        state = states[i]
        if state < 0:  # in a chunk not in memory: read (and load) it now
            state = world.peek_block(x + dx, y + dy, z + dz)
        if conductor[state]:
            update_neighbours(game, (x + dx, y + dy, z + dz))


# (index in ``around``'s answer: west, east, down, up, north, south; step) in Direction order:
# down, up, north, south, west, east
_DIRECTION_ORDER = ((2, 0, -1, 0), (3, 0, 1, 0), (4, 0, 0, -1), (5, 0, 0, 1), (0, -1, 0, 0),
                    (1, 1, 0, 0))  # fmt: skip


@hooks.on_placed(WIRE)
def placed(game, pos: Pos, state: int, old: int) -> None:
    """``onPlace``: the shape from the cross (a placed registry default is a dot), and the
    shapes of dust beside and one up or down beside."""
    wt = wire_tables(game.world.registry)
    shaped = connection_state(game.world, pos, wt.decode(state)[1], was_dot=False)
    if shaped != state:
        game.set_block(pos, shaped)
    _beside(game, pos)
    _diagonals(game, pos)
    if target_power(game.world, pos) != wt.decode(state)[1]:
        update_power(game, pos)


@hooks.on_removed(WIRE)
def removed(game, pos: Pos, old: int, state: int) -> None:
    _notify_powered(game, pos)
    _diagonals(game, pos)


def reshape(game, pos: Pos, state: int) -> bool:
    """Set the dust's shape from its surroundings; whether it changed."""
    wt = wire_tables(game.world.registry)
    shaped = connection_state(game.world, pos, wt.decode(state)[1], is_dot(wt, state))
    if shaped != state:
        game.set_block(pos, shaped)
    return shaped != state


def _beside(game, pos: Pos) -> None:
    """Dust beside placed dust re-reads its shape (its neighbour update skips the shape when
    the neighbour is dust)."""
    world = game.world
    wt = wire_tables(world.registry)
    x, y, z = pos
    for d in HORIZONTAL:
        dx, _, dz = STEPS[d]
        other = (x + dx, y, z + dz)
        state = block_at(world, *other)
        if wt.is_wire(state):
            reshape(game, other, state)


def _diagonals(game, pos: Pos) -> None:
    """``updateNeighborsOfNeighboringWires`` / indirect shape updates: dust one up or down beside
    this one re-reads its shape and power."""
    world = game.world
    wt = wire_tables(world.registry)
    x, y, z = pos
    for d in HORIZONTAL:
        dx, _, dz = STEPS[d]
        for dy in (1, -1):
            other = (x + dx, y + dy, z + dz)
            state = block_at(world, *other)
            if not wt.is_wire(state) or reshape(game, other, state):
                continue
            if target_power(world, other) != wt.decode(state)[1]:
                update_power(game, other)


@hooks.on_use_block(WIRE)
def use(game, hit, held) -> bool:
    """Right-click toggles a cross into a dot and back (``useWithoutItem``)."""
    if not game.survival.builds:
        return False
    world = game.world
    wt = wire_tables(world.registry)
    state = block_at(world, *hit.pos)
    cross, dot = is_cross(wt, state), is_dot(wt, state)
    if not (cross or dot):
        return False
    power = wt.decode(state)[1]
    new = connection_state(world, hit.pos, power, was_dot=cross)
    if new != state:
        game.set_block(hit.pos, new)
    return True


def _break(game, pos: Pos) -> None:
    game.set_block(pos, 0)
    store = game.survival.entities
    if store is not None and game.survival.rules.get("do_tile_drops", True):
        from odyssey.sim.entities.items import drop_from_block

        drop_from_block(store, "redstone", 1, pos)
