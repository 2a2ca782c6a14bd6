"""Physics benchmark: player ticks per second in a city-like world (DESIGN.md §7 scene).

Run: ``python benchmarks/bench_physics.py``. Builds a generated grid of streets and 5-40-block
buildings (stand-in for helsinki until that map exists), then steps one player through it with a
fixed input script (walking, sprinting, jumping, turning at corners) for a fixed number of ticks,
through the same ``Simulator.step_array`` the game loop uses. Last line:
``{"metric": "physics_ticks_per_s", "value": ...}``.
"""

from __future__ import annotations

import json
import time

import numpy as np

from odyssey.sim import layout as k
from odyssey.sim.physics import Simulator
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState
from odyssey.world import World

TICKS = 200_000
BLOCK_SIZE = 24  # street grid pitch
CITY_BLOCKS = 6


def city_world(seed: int = 7) -> World:
    """Streets every 24 blocks; buildings 5-40 high with doorways; a few stairs and slabs."""
    rng = np.random.default_rng(seed)
    world = World()
    size = BLOCK_SIZE * CITY_BLOCKS
    world.fill((-4, 0, -4), (size + 4, 64, size + 4), "stone")
    world.fill((-4, 63, -4), (size + 4, 64, size + 4), "smooth_stone")
    for side in ((-4, -4, size + 4, -3), (-4, size + 3, size + 4, size + 4),
                 (-4, -4, -3, size + 4), (size + 3, -4, size + 4, size + 4)):  # fmt: skip
        world.fill((side[0], 64, side[1]), (side[2], 68, side[3]), "stone_bricks")
    for bx in range(CITY_BLOCKS):
        for bz in range(CITY_BLOCKS):
            x0, z0 = bx * BLOCK_SIZE + 5, bz * BLOCK_SIZE + 5
            height = int(rng.integers(5, 41))
            world.fill((x0, 64, z0), (x0 + 14, 64 + height, z0 + 14), "bricks")
            world.fill((x0 + 1, 64, z0 + 1), (x0 + 13, 64 + height - 1, z0 + 13), "air")
            world.fill((x0 + 6, 64, z0), (x0 + 8, 67, z0 + 1), "air")  # doorway
            world.set_block(x0 - 2, 64, z0 + 3, "oak_stairs[facing=east]")
            world.set_block(x0 - 2, 64, z0 + 6, "stone_slab[type=bottom]")
            world.set_block(x0 - 3, 64, z0 + 9, "oak_fence")
    return world


def script(tick: int) -> tuple[np.ndarray, float]:
    """Inputs and yaw for a tick: long walks along the streets with sprints and jumps."""
    leg = (tick // 400) % 4
    keys = InputState(forward=True, sprint=(tick // 100) % 2 == 0, jump=tick % 37 == 0)
    return keys.as_array(), 90.0 * leg - 90.0


def main() -> None:
    world = city_world()
    sim = Simulator(world)
    start = PlayerState(pos=(2.5, 64.0, 2.5), on_ground=True)
    st = start.to_array()
    attr = PlayerAttributes().as_array(world.dimension.min_y)
    plan = [script(t) for t in range(1600)]
    for inputs, yaw in plan[:200]:  # warm-up: compile and fill caches
        st[k.S_YAW] = yaw
        sim.step_array(st, attr, inputs)
    st = start.to_array()
    begin = time.perf_counter()
    for tick in range(TICKS):
        inputs, yaw = plan[tick % 1600]
        st[k.S_YAW] = yaw
        sim.step_array(st, attr, inputs)
    elapsed = time.perf_counter() - begin
    assert st[k.S_DEAD] == 0.0, "the benchmark player must stay alive (dead players cost nothing)"
    print(json.dumps({"metric": "final_position", "value": [round(v, 3) for v in st[0:3]]}))
    print(json.dumps({"metric": "physics_us_per_tick", "value": round(elapsed / TICKS * 1e6, 3)}))
    print(json.dumps({"metric": "episode_reset_ms", "value": round(reset_ms(world), 3)}))
    print(json.dumps({"metric": "physics_ticks_per_s", "value": round(TICKS / elapsed)}))


def reset_ms(world: World) -> float:
    """Median time to restore a game snapshot after a minute of play that opened a door."""
    from odyssey.sim.game import Game

    world.set_block(4, 64, 2, "oak_door[half=lower,facing=west]")
    world.set_block(4, 65, 2, "oak_door[half=upper,facing=west]")
    game = Game(world, PlayerState(pos=(2.5, 64.0, 2.5), on_ground=True))
    snap = game.snapshot()
    samples = []
    for _ in range(20):
        game.hold(InputState(forward=True, sprint=True))
        game.look(-90.0, 0.0)
        game.use((4, 64, 2))
        game.run(1200)
        begin = time.perf_counter()
        game.restore(snap)
        samples.append(time.perf_counter() - begin)
    return float(np.median(samples)) * 1e3


if __name__ == "__main__":
    main()
