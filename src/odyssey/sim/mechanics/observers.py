"""Observers (vanilla 1.21.11's ``ObserverBlock``).

An observer's face looks at the block in its ``facing`` direction. When that block's state
changes, the observer schedules a tick 2 game ticks later (unless one is pending); the tick turns
``powered`` on and schedules another 2 ticks later that turns it off: a 2-tick pulse of 15 out of
the back, strong (``sim.mechanics.power``), updating the block behind and its neighbours. Two
observers facing each other make a clock.

Vanilla reacts to shape updates of the watched block; this framework has neighbour updates only,
so each observer remembers the state it last saw in front (``ObserverState``) and fires when a
neighbour update from there finds a different one. An observer placed powered turns off without
a pulse (``onPlace``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import INDEX, Pos, get_state, mark_survival
from odyssey.sim.mechanics.repeaters import step, update_front
from odyssey.sim.redstone import prop, with_props

OBSERVER_DELAY = 2


@dataclass
class ObserverState:
    """The state each observer last saw in front of it."""

    seen: dict[Pos, int] = field(default_factory=dict)


def _state(game) -> ObserverState:
    found = game.survival.mechanics.get("observers")
    if found is None:
        found = game.survival.mechanics["observers"] = ObserverState()
    return found


def _facing(blocks, state: int) -> int:
    return INDEX[prop(blocks, state, "facing")]


@hooks.on_neighbour("observer")
def observer_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    facing = _facing(world.registry, state)
    front = step(pos, facing)
    if source == pos:  # powered changed or placed: the block behind hears of it
        update_front(game, pos, facing)
        return
    if source != front:
        return
    seen = _state(game).seen
    now = world.get_block(*front)
    if seen.get(pos) == now:
        return
    seen[pos] = now
    if prop(world.registry, state, "powered") == "false":
        blockupdates.schedule(game, pos, OBSERVER_DELAY, "observer")


@hooks.on_placed("observer")
def observer_placed(game, pos: Pos, state: int, old: int) -> None:
    world = game.world
    facing = _facing(world.registry, state)
    _state(game).seen[pos] = world.get_block(*step(pos, facing))
    if prop(world.registry, state, "powered") == "true" and not blockupdates.is_scheduled(
        game, pos, "observer"
    ):
        game.set_block(pos, with_props(world.registry, state, powered="false"), update=False)
        update_front(game, pos, facing)


@hooks.on_removed("observer")
def observer_removed(game, pos: Pos, old: int, state: int) -> None:
    _state(game).seen.pop(pos, None)
    if prop(game.world.registry, old, "powered") == "true":
        update_front(game, pos, _facing(game.world.registry, old))


@hooks.on_scheduled("observer")
def observer_tick(game, pos: Pos, state: int) -> None:
    blocks = game.world.registry
    if blocks.block_of(state).name != "observer":
        return
    if prop(blocks, state, "powered") == "true":
        game.set_block(pos, with_props(blocks, state, powered="false"))
    else:
        game.set_block(pos, with_props(blocks, state, powered="true"))
        blockupdates.schedule(game, pos, OBSERVER_DELAY, "observer")
