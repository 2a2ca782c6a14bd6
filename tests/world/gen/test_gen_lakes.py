"""Surface lava lakes: rare, on dry land above sea level, open to the sky, in a stone bowl."""

from __future__ import annotations

import numpy as np

from odyssey.world.blocks import registry
from odyssey.world.gen import generate_chunk
from odyssey.world.gen.terrain import MIN_Y, SEA_LEVEL


def test_a_lava_lake_lies_open_on_dry_land_in_a_stone_bowl():
    reg = registry()
    lava, stone = reg.state("lava[level=0]"), reg.state("stone")
    blocks = generate_chunk(1, -20, -15).blocks  # seed 1's lake near the spawn
    ys, zs, xs = np.nonzero(blocks == lava)
    surface = ys + MIN_Y > SEA_LEVEL
    assert surface.sum() >= 10
    top = ys[surface].max()
    for z, x in zip(zs[ys == top], xs[ys == top], strict=True):
        assert (blocks[top + 1 :, z, x] == 0).all()  # open to the sky
    bottom = ys[surface].min()
    under = blocks[bottom - 1, zs[ys == bottom], xs[ys == bottom]]
    assert (under == stone).all()
    assert not (generate_chunk(1, -20, -14).blocks == lava)[SEA_LEVEL - MIN_Y :].any()
