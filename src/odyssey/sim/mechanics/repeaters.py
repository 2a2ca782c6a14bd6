"""Redstone repeaters (vanilla 1.21.11's ``DiodeBlock`` and ``RepeaterBlock``).

``facing`` points to the input: the repeater reads the signal of the block behind it (plus the
power of dust there) and, ``delay`` x 2 game ticks after it changes, turns ``powered`` and gives
15 out of its front, strongly (``sim.mechanics.power``). A pulse shorter than the delay is
stretched to the delay (on a rising edge the repeater stays on one full delay). A powered
repeater or comparator facing into its side locks it (``locked``): it keeps its output until
unlocked. Right-click cycles the delay 1-4. Changes update the block in front and that block's
neighbours (``updateNeighborsInFront``).

Deliberate difference: vanilla's tick priorities (a repeater feeding another's side ticks
first) are not kept; ticks due the same game tick run in the order they were scheduled, and a
tick already pending is kept (``hasScheduledTick`` rather than ``willTickThisTick``).
"""

from __future__ import annotations

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import (
    INDEX,
    OPPOSITE,
    STEPS,
    Pos,
    get_state,
    mark_survival,
    notify_neighbours,
    signal,
    tables,
)
from odyssey.sim.mechanics.wire_shapes import wire_tables
from odyssey.sim.redstone import with_props

CLOCKWISE = {2: 5, 5: 3, 3: 4, 4: 2}  # north -> east -> south -> west (direction indices)
COUNTER = {v: k for k, v in CLOCKWISE.items()}
DIODES = ("repeater", "comparator")


def step(pos: Pos, d: int) -> Pos:
    dx, dy, dz = STEPS[d]
    return (pos[0] + dx, pos[1] + dy, pos[2] + dz)


def input_signal(world, pos: Pos, facing: int) -> int:
    """``DiodeBlock.getInputSignal``: the signal from behind, or the power of dust there."""
    behind = step(pos, facing)
    out = signal(world, behind, facing)
    if out >= 15:
        return out
    wt = wire_tables(world.registry)
    state = world.get_block(*behind)
    return max(out, wt.decode(state)[1]) if wt.is_wire(state) else out


def control_signal(world, pos: Pos, d: int, diodes_only: bool) -> int:
    """``Level.getControlInputSignal`` of the side neighbour in direction ``d``."""
    side = step(pos, d)
    state = world.get_block(*side)
    t = tables(world.registry)
    name = world.registry.block_of(state).name
    if diodes_only and name not in DIODES:
        return 0
    if not diodes_only:
        if name == "redstone_block":
            return 15
        wt = wire_tables(world.registry)
        if wt.is_wire(state):
            return wt.decode(state)[1]
    row = t.strong.get(state)
    if row is not None:
        return row[d]
    if state in t.comparator and t.comparator[state] == d:
        from odyssey.sim.mechanics.power import comparator_output

        return comparator_output(world, side)
    return 0


def side_signal(world, pos: Pos, facing: int, diodes_only: bool) -> int:
    """``getAlternateSignal``: the stronger of the two side inputs."""
    return max(control_signal(world, pos, CLOCKWISE[facing], diodes_only),
               control_signal(world, pos, COUNTER[facing], diodes_only))  # fmt: skip


def facing_of(blocks, state: int) -> int:
    return INDEX[blocks.properties(state)["facing"]]


def update_front(game, pos: Pos, facing: int) -> None:
    """``updateNeighborsInFront``: the block in front and its neighbours hear of the change
    (the front through the diode's own neighbours: a changed output may not change its state)."""
    notify_neighbours(game, pos)
    notify_neighbours(game, step(pos, OPPOSITE[facing]))


# -- repeater -------------------------------------------------------------------------------------


def _locked(world, pos: Pos, facing: int) -> bool:
    return side_signal(world, pos, facing, diodes_only=True) > 0


@hooks.on_neighbour("repeater")
def repeater_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    blocks = world.registry
    p = blocks.properties(state)
    facing = INDEX[p["facing"]]
    if source == pos:
        update_front(game, pos, facing)
    locked = _locked(world, pos, facing)
    if locked != (p["locked"] == "true"):
        game.set_block(pos, with_props(blocks, state, locked="true" if locked else "false"))
        return
    if locked:
        return
    on = input_signal(world, pos, facing) > 0
    if on != (p["powered"] == "true"):
        blockupdates.schedule(game, pos, 2 * int(p["delay"]), "repeater")


@hooks.on_placed("repeater")
def repeater_placed(game, pos: Pos, state: int, old: int) -> None:
    """``setPlacedBy``: a repeater placed on a live input turns on after one tick."""
    facing = facing_of(game.world.registry, state)
    if input_signal(game.world, pos, facing) > 0:
        blockupdates.schedule(game, pos, 1, "repeater")


@hooks.on_removed(*DIODES)
def diode_removed(game, pos: Pos, old: int, state: int) -> None:
    update_front(game, pos, facing_of(game.world.registry, old))


@hooks.on_scheduled("repeater")
def repeater_tick(game, pos: Pos, state: int) -> None:
    world = game.world
    blocks = world.registry
    if blocks.block_of(state).name != "repeater":
        return
    p = blocks.properties(state)
    facing = INDEX[p["facing"]]
    if _locked(world, pos, facing):
        return
    on = input_signal(world, pos, facing) > 0
    if p["powered"] == "true" and not on:
        game.set_block(pos, with_props(blocks, state, powered="false"))
    elif p["powered"] == "false":
        game.set_block(pos, with_props(blocks, state, powered="true"))
        if not on:  # a short pulse: off again after one more delay
            blockupdates.schedule(game, pos, 2 * int(p["delay"]), "repeater")


@hooks.on_use_block("repeater")
def repeater_use(game, hit, held) -> bool:
    """Right-click cycles the delay 1 -> 2 -> 3 -> 4 -> 1."""
    if not game.survival.builds:
        return False
    blocks = game.world.registry
    state = game.world.get_block(*hit.pos)
    delay = int(blocks.properties(state)["delay"]) % 4 + 1
    game.set_block(hit.pos, with_props(blocks, state, delay=str(delay)))
    return True
