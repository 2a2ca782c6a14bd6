"""Lava's random tick never reaches into a chunk that is not loaded (LavaFluid.randomTick
returns at ``!level.isLoaded(pos)``; ``isFlammable`` says no there): on a world generated as it
is visited, lava at the edge of the loaded area leaves its unloaded neighbour ungenerated."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.mechanics import hooks
from odyssey.world.gen.overworld import lazy_world, spawn_point


def test_lava_at_the_edge_of_the_loaded_area_loads_nothing_beyond_it():
    seed = 3
    sx, sy, sz = spawn_point(seed)
    world = lazy_world(seed)
    game = playground.survival_game(world, pos=(sx + 0.5, float(sy), sz + 0.5))
    pcx, pcz = sx >> 4, sz >> 4
    # the nearest loaded chunk east of the player whose east neighbour is not in memory
    cx = next(c for c in range(pcx, pcx + 3) if world.loaded_chunk(c + 1, pcz) is None)
    beyond = (cx + 1, pcz)
    # a block in from the chunk's east edge, high in the air, so that its own neighbour
    # updates stay in its chunk; its random ticks (the game's dispatch) run 300 times: some look
    # at x + 1 and its east neighbour, some 2 blocks east
    x, z, y = cx * 16 + 14, pcz * 16 + 8, sy + 30
    lava = world.registry.state("lava[level=0]")
    game.set_block((x, y, z), lava)
    assert world.loaded_chunk(*beyond) is None
    (random_tick,) = hooks.RANDOM["lava"]
    for _ in range(300):
        random_tick(game, (x, y, z), lava, game.survival.rng)
    assert world.get_block(x, y, z) == lava
    assert world.loaded_chunk(*beyond) is None
