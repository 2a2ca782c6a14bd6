"""Rails are outlined as vanilla's BaseRailBlock shapes (2/16 high, 8/16 while ascending), so
the crosshair passes over a rail to the minecart standing beside it."""

from __future__ import annotations

import numpy as np

from odyssey.sim.playground import survival_game
from odyssey.sim.reach import outline_boxes


def test_rail_outlines() -> None:
    world = survival_game().world
    flat = outline_boxes(world, world.state_id("rail[shape=north_south]"))
    up = outline_boxes(world, world.state_id("powered_rail[shape=ascending_east]"))
    assert np.allclose(flat, [[0, 0, 0, 1, 2 / 16, 1]])
    assert np.allclose(up, [[0, 0, 0, 1, 0.5, 1]])
