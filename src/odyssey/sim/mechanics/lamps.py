"""Redstone lamps (vanilla 1.21.11's ``RedstoneLampBlock``): ``lit`` at once when the lamp gets
a signal (``hasNeighborSignal``), out 4 game ticks after the signal goes (a scheduled tick that
looks again, so a pulse shorter than 4 ticks keeps it lit)."""

from __future__ import annotations

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import Pos, get_state, is_powered, mark_survival
from odyssey.sim.redstone import prop, with_props

LAMP_OFF_DELAY = 4


def _lit(blocks, state: int) -> bool:
    return prop(blocks, state, "lit") == "true"


def _with_lit(blocks, state: int, lit: bool) -> int:
    return with_props(blocks, state, lit="true" if lit else "false")


@hooks.on_neighbour("redstone_lamp")
def lamp_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """Lit at once by a signal; a scheduled tick puts it out 4 ticks after the signal goes."""
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    lit = _lit(world.registry, state)
    if lit != is_powered(world, pos):
        if lit:
            blockupdates.schedule(game, pos, LAMP_OFF_DELAY, "lamp")
        else:
            game.set_block(pos, _with_lit(world.registry, state, True))


@hooks.on_scheduled("lamp")
def lamp_tick(game, pos: Pos, state: int) -> None:
    world = game.world
    if world.registry.block_of(state).name != "redstone_lamp":
        return
    if _lit(world.registry, state) and not is_powered(world, pos):
        game.set_block(pos, _with_lit(world.registry, state, False))
