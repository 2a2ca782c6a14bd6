"""``World.replace_block`` (the one-look-up path of ``Game.set_block``) against ``get_block`` then
``set_block``: the same old state, blocks, sections, dirty flags, revisions and change log; None,
changing nothing, where the two calls are needed (chunk not in memory, y outside, not an int)."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.errors import WorldError
from odyssey.sim import playground
from odyssey.world.storage import World

STONE_SPEC = "stone"


def _pair() -> tuple[World, World]:
    """Two equal worlds: a section stored as an array, one uniform (read-only), one absent."""
    worlds = []
    for _ in range(2):
        w = World()
        reg = w.registry
        w.set_block(1, 64, 1, reg.state("dirt"))  # an array section at sy 4
        w.fill((0, 0, 0), (16, 16, 16), reg.state(STONE_SPEC))  # a uniform section at sy 0
        w.chunk(0, 0).compact()
        worlds.append(w)
    return worlds[0], worlds[1]


def _same(a: World, b: World) -> None:
    assert a.revision == b.revision
    assert a.changes_since(0) == b.changes_since(0)
    ca, cb = a.loaded_chunk(0, 0), b.loaded_chunk(0, 0)
    assert ca.dirty == cb.dirty
    assert sorted(ca.sections) == sorted(cb.sections)
    for sy in ca.sections:
        assert np.array_equal(ca.sections[sy], cb.sections[sy])
        assert ca.sections[sy].flags.writeable == cb.sections[sy].flags.writeable


@pytest.mark.parametrize(
    "pos, spec",
    [
        ((1, 64, 1), "gold_block"),  # an array section
        ((2, 3, 2), "gold_block"),  # a uniform section: copied on write
        ((2, 3, 2), "stone"),  # the same state again
        ((5, 40, 5), "gold_block"),  # no section there: one is made
        ((5, 40, 5), "air"),  # air where no section is: nothing changes but the revision
        ((1, 64, 1), "air"),
    ],
)
def test_replace_block_is_get_then_set(pos, spec):
    fast, slow = _pair()
    fast.chunk(0, 0).dirty = slow.chunk(0, 0).dirty = False
    state = fast.registry.state(spec)
    old = fast.replace_block(*pos, state)
    expected = slow.get_block(*pos)
    slow.set_block(*pos, state)
    assert old == expected
    assert fast.get_block(*pos) == slow.get_block(*pos) == state
    _same(fast, slow)


def test_replace_block_leaves_the_rare_cases_to_the_two_calls():
    w, _ = _pair()
    revision = w.revision
    stone = w.registry.state(STONE_SPEC)
    assert w.replace_block(100, 64, 100, stone) is None  # chunk not in memory
    assert w.replace_block(1, 400, 1, stone) is None  # above the world
    assert w.replace_block(1, 64, 1, STONE_SPEC) is None  # a state string
    assert w.replace_block(1, 64, 1, np.int64(stone)) is None  # not a plain int
    assert w.replace_block(1, 64, 1, w.registry.state_count) is None  # out of range
    assert w.revision == revision and w.loaded_chunk(6, 6) is None


def test_game_set_block_keeps_originals_and_errors():
    game = playground.survival_game(seed=3)
    reg = game.world.registry
    pos = (3, 70, 3)
    before = game.world.get_block(*pos)
    game.set_block(pos, reg.state("stone"))
    game.set_block(pos, reg.state("dirt"))
    assert game._originals[pos] == before  # the first state seen, once
    with pytest.raises(WorldError):
        game.set_block((3, 10_000, 3), reg.state("stone"))
    assert game._originals[(3, 10_000, 3)] == 0  # recorded before the error, as before
