"""Redstone torches and the redstone block (vanilla 1.21.11).

Torch (``RedstoneTorchBlock``): lit unless the block it hangs on gives it a signal
(``hasNeighborSignal``: that block's signal towards the torch); a change is a scheduled tick
2 ticks later. Lit, it gives 15 to every side but its block and strongly powers the block above
(``sim.mechanics.power``), and its changes update the neighbours of its neighbours. Burnout: a
torch turned off 8 times within 60 ticks stays off (``block.redstone_torch.burnout`` sound) and
looks again 160 ticks later, as vanilla's ``RECENT_TOGGLES``.

Lamps are in ``lamps``. The redstone block needs nothing here: it is a constant source in
``power``; placing or removing it updates its neighbours, and the neighbours of its neighbours.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import (
    INDEX,
    OPPOSITE,
    STEPS,
    Pos,
    get_state,
    mark_survival,
    notify_around,
    signal,
)
from odyssey.sim.redstone import prop

TORCHES = ("redstone_torch", "redstone_wall_torch")
TORCH_DELAY = 2
BURNOUT_WINDOW = 60
BURNOUT_TOGGLES = 8
BURNOUT_RETRY = 160


@dataclass
class TorchState:
    """Vanilla's RECENT_TOGGLES of the level: (position, game tick) of torches turned off."""

    toggles: deque[tuple[Pos, int]] = field(default_factory=deque)


def _state(game) -> TorchState:
    found = game.survival.mechanics.get("torches")
    if found is None:
        found = game.survival.mechanics["torches"] = TorchState()
    return found


def _hung_on(blocks, pos: Pos, state: int) -> int:
    """Direction index from the torch to the block it hangs on."""
    facing = prop(blocks, state, "facing")
    if facing is not None:
        return OPPOSITE[INDEX[facing]]
    return 0  # down


def torch_signal(world, pos: Pos, state: int) -> bool:
    """Whether the block the torch hangs on gives it a signal (``hasNeighborSignal``)."""
    d = _hung_on(world.registry, pos, state)
    dx, dy, dz = STEPS[d]
    return signal(world, (pos[0] + dx, pos[1] + dy, pos[2] + dz), d) > 0


def _lit(blocks, state: int) -> bool:
    return prop(blocks, state, "lit") == "true"


@hooks.on_neighbour(*TORCHES)
def torch_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    if source == pos:  # lit or placed: its neighbours' neighbours learn (vanilla onPlace)
        notify_around(game, pos)
    if _lit(world.registry, state) == torch_signal(world, pos, state):
        blockupdates.schedule(game, pos, TORCH_DELAY, "torch")


@hooks.on_removed(*TORCHES, "redstone_block")
def source_removed(game, pos: Pos, old: int, state: int) -> None:
    notify_around(game, pos)


@hooks.on_placed("redstone_block")
def block_placed(game, pos: Pos, state: int, old: int) -> None:
    notify_around(game, pos)


@hooks.on_scheduled("torch")
def torch_tick(game, pos: Pos, state: int) -> None:
    world = game.world
    blocks = world.registry
    if blocks.block_of(state).name not in TORCHES:
        return
    powered = torch_signal(world, pos, state)
    toggles = _state(game).toggles
    while toggles and game.tick_count - toggles[0][1] > BURNOUT_WINDOW:
        toggles.popleft()
    if _lit(blocks, state):
        if powered:
            game.set_block(pos, _with_lit(blocks, state, False))
            if _too_frequent(game, pos, add=True):
                hooks.sound(game, "block.redstone_torch.burnout", pos)
                blockupdates.schedule(game, pos, BURNOUT_RETRY, "torch")
    elif not powered and not _too_frequent(game, pos, add=False):
        game.set_block(pos, _with_lit(blocks, state, True))


def _too_frequent(game, pos: Pos, add: bool) -> bool:
    toggles = _state(game).toggles
    if add:
        toggles.append((pos, game.tick_count))
    return sum(1 for p, _ in toggles if p == pos) >= BURNOUT_TOGGLES


def _with_lit(blocks, state: int, lit: bool) -> int:
    from odyssey.sim.redstone import with_props

    return with_props(blocks, state, lit="true" if lit else "false")
