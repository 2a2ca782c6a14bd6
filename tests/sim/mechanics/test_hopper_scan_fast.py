"""Hoppers set in the world directly are found among the tick's changes (``hoppers.
_forget_changed`` reading each changed block with ``peek_block`` inlined and a list mask): the
same hoppers as a full search of the chunks finds, whatever else changed around them."""

from __future__ import annotations

import numpy as np

from odyssey.sim import playground
from odyssey.sim.mechanics import containers, hoppers
from odyssey.world.blocks import registry

GROUND = 64


def test_the_list_is_the_mask():
    reg = registry()
    assert hoppers._hopper_list(reg) == hoppers._hopper_mask(reg).tolist()


def test_hoppers_among_many_changes_are_all_found():
    game = playground.survival_game(seed=5, difficulty="peaceful", radius=16)
    game.run(2)
    world, reg = game.world, game.world.registry
    specs = ["hopper[facing=down]", "stone", "air", "hopper[facing=east]", "dirt"]
    rng = np.random.default_rng(2)
    for _ in range(200):
        x, z = (int(v) for v in rng.integers(-12, 12, 2))
        y = int(rng.choice([GROUND, GROUND + 1, GROUND + 30]))  # a section not stored, too
        world.set_block(x, y, z, reg.state(specs[int(rng.integers(len(specs)))]))
    game.tick()
    mask = hoppers._hopper_mask(reg)
    expected = set()
    for cx in range(-2, 2):
        for cz in range(-2, 2):
            chunk = world.loaded_chunk(cx, cz)
            if chunk is None:
                continue
            for sy, section in chunk.sections.items():
                for y, z, x in zip(*np.nonzero(mask[np.asarray(section)]), strict=True):
                    expected.add(
                        ("overworld", cx * 16 + int(x), sy * 16 + int(y), cz * 16 + int(z))
                    )
    assert expected and containers.state(game).hoppers == expected
