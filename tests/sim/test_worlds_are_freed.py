"""Per-world helpers (the physics simulator, the pistons' entity window, the plants' sky light)
live on the world they serve, so a finished game's world is freed: runs of many episodes in one
process do not grow without bound."""

from __future__ import annotations

import gc
import weakref

from odyssey.sim.mechanics.piston_motion import window
from odyssey.sim.mechanics.plant_env import block_light
from odyssey.sim.playground import survival_game


def test_a_finished_games_world_is_freed() -> None:
    refs = []
    for _ in range(3):
        game = survival_game()
        game.run(10)  # the physics simulator and entity windows are made
        window(game.world, (0.0, 64.0, 0.0), (1.0, 65.0, 1.0))
        block_light(game.world, (0, 64, 0))
        refs.append(weakref.ref(game.world))
        del game
    gc.collect()
    assert [r() for r in refs] == [None, None, None]
