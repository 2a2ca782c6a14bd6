"""The cached random-ticking sections (``blockupdates._refresh_sections``) after single block
changes, most of them settled without ``_one_changed``: always what a fresh search finds."""

from __future__ import annotations

import numpy as np

from odyssey.sim import blockupdates, playground
from odyssey.sim.mechanics import load


def _fresh(game) -> dict:
    u = game.survival.block_updates
    out = {}
    for key in u.ticking_sections:
        chunk = game.world.loaded_chunk(*key)
        out[key] = blockupdates._ticking_sections(game.world.registry, chunk)
    return out


def test_cached_sections_follow_random_single_changes(monkeypatch):
    load()
    game = playground.survival_game(seed=3)
    game.run(2)  # the cache is filled
    u = game.survival.block_updates
    assert u.ticking_sections
    calls = []
    real = blockupdates._one_changed
    monkeypatch.setattr(blockupdates, "_one_changed", lambda *a: calls.append(a) or real(*a))
    reg = game.world.registry
    specs = ["wheat", "air", "stone", "farmland", "grass_block", "sugar_cane", "dirt"]
    states = [reg.state(s) for s in specs]
    rng = np.random.default_rng(4)
    changes = 0
    for _ in range(300):
        x, z = (int(v) for v in rng.integers(-20, 20, 2))
        y = int(rng.choice([63, 64, 80, 95, 96]))  # the ground, above it, section edges
        game.set_block((x, y, z), states[int(rng.integers(len(states)))], update=False)
        changes += 1
        if rng.random() < 0.3:
            blockupdates._refresh_sections(game, u)
            assert u.ticking_sections == _fresh(game)
    blockupdates._refresh_sections(game, u)
    assert u.ticking_sections == _fresh(game)
    assert 0 < len(calls) < changes  # the shortcut settles most changes without the call


def test_a_section_is_dropped_when_its_last_ticking_block_goes():
    load()
    game = playground.survival_game(seed=3)
    game.run(2)
    u = game.survival.block_updates
    reg = game.world.registry
    wheat, air = reg.state("wheat"), reg.state("air")
    spots = [(1, 100, 1), (5, 101, 7), (9, 110, 3)]  # one section (sy 6) of chunk (0, 0)
    for pos in spots:
        game.set_block(pos, wheat, update=False)
    blockupdates._refresh_sections(game, u)
    assert 6 in u.ticking_sections[(0, 0)]
    for pos in spots:  # the witness among them at some point
        game.set_block(pos, air, update=False)
        blockupdates._refresh_sections(game, u)
        assert u.ticking_sections == _fresh(game)
    assert 6 not in u.ticking_sections[(0, 0)]
