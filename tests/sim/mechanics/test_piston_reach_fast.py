"""The cheap test before a moving block pushes anyone (``piston_motion._reach``): its box holds
every area the block sweeps, for every collision shape, facing and progress, so skipping the
exact test when the player is outside it changes nothing; and the skip is taken."""

from __future__ import annotations

import itertools

from odyssey.sim import playground
from odyssey.sim.mechanics import piston_motion
from odyssey.sim.mechanics.pistons import Moving
from odyssey.world.blocks import registry


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return all(outer[i] <= inner[i] and inner[i + 3] <= outer[i + 3] for i in range(3))


def test_the_reach_holds_every_swept_area():
    reg = registry()
    shapes = {}
    for s in range(reg.state_count):  # one state per distinct collision shape
        shapes.setdefault(int(reg.state_shape[s]), s)
    game = playground.survival_game(seed=3)
    end = (5, 70, -3)
    for state, facing, extending, progress in itertools.product(
        shapes.values(), range(6), (True, False), (0.0, 0.5, 1.0)
    ):
        m = Moving(end, state, facing, extending, False, progress=progress)
        reach = piston_motion._reach(m, game.world.registry, 0.5)
        d = facing if extending else piston_motion.OPPOSITE[facing]
        for box in piston_motion._boxes(game, m):
            assert _inside(piston_motion._swept(box, d, 0.5), reach)


def test_no_boxes_are_made_for_a_player_out_of_reach(monkeypatch):
    game = playground.survival_game(seed=3)
    reg = game.world.registry
    made = []
    real = piston_motion._boxes
    monkeypatch.setattr(piston_motion, "_boxes", lambda g, m: made.append(m) or real(g, m))
    x, y, z = (int(v) for v in game.player.pos)
    stone = reg.state("stone")
    far = Moving((x + 4, y, z), stone, 5, True, False)  # east of the player, 3+ blocks away
    before = game.player
    piston_motion.push_entities(game, far, 0.5)
    assert made == [] and game.player == before  # skipped, and nothing moved
    near = Moving((x - 1, y, z), stone, 5, True, False)  # pushes into the player
    piston_motion.push_entities(game, near, 0.5)
    assert made == [near]
