"""A seeded city-like grid: the fixed benchmark scene until the real `helsinki` map builds.

Streets every 24 blocks with pavements, 5-40-block buildings of varied materials with windows
every few blocks, doorways, flat roofs, street trees and lamps. Built with whole-box writes so a
city covering a 12-chunk render distance takes about a second.
"""

from __future__ import annotations

import numpy as np

from odyssey.world.storage import World

PITCH = 24  # street grid: one city block every 24 blocks
GROUND_Y = 64
FACADES = ("bricks", "stone_bricks", "white_concrete", "sandstone", "light_gray_concrete",
           "polished_andesite", "red_sandstone", "oak_planks", "yellow_terracotta")  # fmt: skip


def city_world(seed: int = 7, blocks: int = 17) -> World:
    """A ``blocks`` x ``blocks`` grid of city blocks centred on the origin."""
    rng = np.random.default_rng(seed)
    world = World()
    reg = world.registry
    size = PITCH * blocks
    lo = -size // 2
    world.fill((lo, 0, lo), (lo + size, GROUND_Y - 1, lo + size), "stone")
    world.fill((lo, GROUND_Y - 1, lo), (lo + size, GROUND_Y, lo + size), "gray_concrete")
    # panes in a wall join the blocks on either side, as the game's neighbour updates set them
    along_x = reg.state("glass_pane[east=true,west=true]")
    along_z = reg.state("glass_pane[north=true,south=true]")
    for bx in range(blocks):
        for bz in range(blocks):
            x0, z0 = lo + bx * PITCH, lo + bz * PITCH
            # pavement around the lot, grass inside it
            world.fill((x0 + 3, GROUND_Y - 1, z0 + 3), (x0 + 21, GROUND_Y, z0 + 21), "smooth_stone")
            world.fill((x0 + 4, GROUND_Y - 1, z0 + 4), (x0 + 20, GROUND_Y, z0 + 20), "grass_block")
            height = int(rng.integers(5, 41))
            w, d = int(rng.integers(10, 15)), int(rng.integers(10, 15))
            bx0, bz0 = x0 + 5, z0 + 5
            facade = reg.state(FACADES[int(rng.integers(len(FACADES)))])
            box = np.full((height, d, w), facade, np.uint16)
            box[:-1, 1:-1, 1:-1] = 0
            # the ground floor is level with the street, so the doorway leads straight in
            inside = (bx0 + 1, GROUND_Y - 1, bz0 + 1), (bx0 + w - 1, GROUND_Y, bz0 + d - 1)
            world.fill(*inside, "oak_planks")
            # windows: every other block along the walls, two of every three rows
            rows = np.arange(height - 1)
            win_rows = rows[(rows % 3 != 0) & (rows > 0)]
            for r in win_rows:
                box[r, 0, 1:-1:2] = along_x
                box[r, -1, 1:-1:2] = along_x
                box[r, 1:-1:2, 0] = along_z
                box[r, 1:-1:2, -1] = along_z
            box[0:2, 0, w // 2] = 0  # doorway on the north side
            world.set_box((bx0, GROUND_Y, bz0), box)
            world.set_block(bx0 + w // 2, GROUND_Y, bz0, "oak_door[facing=north,half=lower]")
            world.set_block(bx0 + w // 2, GROUND_Y + 1, bz0, "oak_door[facing=north,half=upper]")
            # a street tree and a lamp post on the pavement
            tx, tz = x0 + 3, z0 + 12
            world.fill((tx, GROUND_Y, tz), (tx + 1, GROUND_Y + 4, tz + 1), "oak_log")
            world.fill((tx - 1, GROUND_Y + 3, tz - 1), (tx + 2, GROUND_Y + 6, tz + 2), "oak_leaves")
            world.set_block(tx, GROUND_Y + 3, tz, "oak_log")
            world.fill((x0 + 3, GROUND_Y, z0 + 3), (x0 + 4, GROUND_Y + 3, z0 + 4), "oak_fence")
            world.set_block(x0 + 3, GROUND_Y + 3, z0 + 3, "lantern")
    return world
