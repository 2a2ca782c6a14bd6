"""``blockupdates.flush`` finds a neighbour in a chunk not in memory through the marker entry
of its handler table (``NOT_LOADED`` reads as a non-empty entry): that neighbour is read then
(loading its chunk) and its handlers run as for any other; one without handlers is skipped."""

from __future__ import annotations

import pytest

from odyssey.sim import blockupdates, playground
from odyssey.sim.mechanics import hooks, load
from odyssey.sim.mechanics.neighbours import NOT_LOADED
from odyssey.world.chunk import Chunk

PROBE = "sponge"  # a block no mechanic of the engine registers


class _Source:
    """Every chunk holds a sponge at local (0, 64, 3); loads are counted."""

    def __init__(self, sponge: int) -> None:
        self.sponge, self.loaded = sponge, []

    def positions(self) -> list[tuple[int, int]]:
        return [(cx, cz) for cx in range(-2, 3) for cz in range(-2, 3)]

    def load(self, cx: int, cz: int) -> Chunk | None:
        self.loaded.append((cx, cz))
        chunk = Chunk(cx, cz)
        chunk.set(cx * 16, 64, cz * 16 + 3, self.sponge)
        return chunk


@pytest.fixture
def heard():
    load()
    assert PROBE not in hooks.NEIGHBOUR
    seen: list = []
    hooks.NEIGHBOUR[PROBE].append(lambda game, pos, state, source: seen.append((pos, source)))
    blockupdates._HANDLERS.clear()
    yield seen
    hooks.NEIGHBOUR.pop(PROBE, None)
    blockupdates._HANDLERS.clear()


def test_the_marker_is_no_state():
    load()
    reg = playground.survival_game(seed=3).world.registry
    table = blockupdates._neighbour_handlers(reg)
    assert len(table) == len(reg.state_flags) + 1 and table[NOT_LOADED]


def test_a_neighbour_in_a_chunk_not_in_memory_hears_the_change(heard):
    game = playground.survival_game(seed=3)
    world = game.world
    world.source = _Source(world.state_id(PROBE))  # chunks the arena lacks come from here
    world.chunk(3, 0)
    assert world.loaded_chunk(4, 0) is None
    game.set_block((63, 64, 3), world.state_id("stone"))  # east: (64, 64, 3), not in memory
    assert world.loaded_chunk(4, 0) is not None  # read (and loaded) for the update
    assert heard == [((64, 64, 3), (63, 64, 3))]
    game.set_block((79, 70, 3), world.state_id("stone"))  # its east neighbour: no handler
    assert world.loaded_chunk(5, 0) is not None and heard == [((64, 64, 3), (63, 64, 3))]
