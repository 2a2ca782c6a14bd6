"""Nether portal blocks: lighting a frame, the portal breaking with its frame, and the record of
where portals are in each dimension (vanilla's nether portal points of interest, which the
portal forcer searches when linking).

A fire in an empty obsidian frame fills its interior with ``nether_portal`` blocks along the
frame's axis (``PortalShape.createPortalBlocks``, without neighbour updates). A portal block
whose neighbour above, below or along its axis stops being a portal checks that its frame is
still whole and full; if not it becomes air, and the neighbours' checks take the rest of the
portal with it (``NetherPortalBlock.updateShape``).

Deliberate difference: the record only knows portal blocks that a game placed (lighting,
commands, the portal forcer); portal blocks saved in a loaded map are not searched for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.portal_shape import PortalShape, find_any, find_empty, portal_state
from odyssey.world.blocks import AIR

Pos = tuple[int, int, int]
MECHANIC = "nether_portal"


@dataclass
class PortalRecords:
    """Positions of portal blocks, per dimension ("overworld", "the_nether", ...)."""

    by_dimension: dict[str, set[Pos]] = field(default_factory=dict)

    def add(self, dimension: str, cells: list[Pos]) -> None:
        self.by_dimension.setdefault(dimension, set()).update(cells)

    def discard(self, dimension: str, pos: Pos) -> None:
        self.by_dimension.get(dimension, set()).discard(pos)


def records(game) -> PortalRecords:
    found = game.survival.mechanics.get(MECHANIC)
    if not isinstance(found, PortalRecords):
        found = game.survival.mechanics[MECHANIC] = PortalRecords()
    return found


def place_portal(game, cells: list[Pos], axis: str) -> None:
    """Portal blocks at ``cells`` without neighbour updates (vanilla's flags 18), recorded."""
    state = portal_state(game.world.registry, axis)
    for p in cells:
        game.set_block(p, state, update=False)
    records(game).add(game.survival.dimension, cells)


def light(game, pos: Pos, axis: str) -> PortalShape | None:
    """Fill the empty frame around ``pos`` with portal blocks (``axis`` tried first)."""
    shape = find_empty(game.world, pos, axis)
    if shape is None:
        return None
    place_portal(game, shape.interior(), shape.axis)
    game.emit("portal_lit", float(shape.width * shape.height), shape.bottom_left, shape.axis)
    return shape


def is_portal(game, pos: Pos) -> bool:
    return game.world.registry.block_of(game.world.get_block(*pos)).name == "nether_portal"


@hooks.on_placed("nether_portal")
def _placed(game, pos: Pos, state: int, old: int) -> None:
    records(game).add(game.survival.dimension, [pos])


@hooks.on_removed("nether_portal")
def _removed(game, pos: Pos, old: int, state: int) -> None:
    records(game).discard(game.survival.dimension, pos)


@hooks.on_neighbour("nether_portal")
def _neighbour(game, pos: Pos, state: int, source: Pos) -> None:
    if source == pos:
        return
    axis = game.world.registry.properties(state)["axis"]
    d = tuple(b - a for a, b in zip(pos, source, strict=True))
    along = {"x": d[0], "z": d[2]}[axis] != 0 or d[1] != 0
    if not along or is_portal(game, source):
        return
    if not find_any(game.world, pos, axis).complete:
        game.set_block(pos, AIR)
