"""Redstone benchmark: a survival game running a repeater clock that drives a long dust line on
redstone lamps.

Run: ``python benchmarks/bench_redstone.py [--dust N] [--ticks T]``. The build, in a flat arena:
a ring of four repeaters (delay 4) with dust at its corners carries one pulse round and round
(on 8 game ticks in every 32); one corner feeds a line of ``--dust`` dust (a repeater every 14
to refresh the signal) lying on redstone lamps, so every pulse lights and puts out the whole line.
After a warm-up the game runs ``--ticks`` ticks; printed:

- ``ticks_per_s``: game ticks per second of the whole survival game (player, entities, block
  updates, the redstone), wall clock; ``ticks_per_cpu_s`` the same per second of this process's
  CPU time (steadier on a shared machine); ``idle_ticks_per_cpu_s`` the same game without the
  pulse or the line;
- ``redstone_updates_per_s``: block changes the redstone made per second of game running (the
  world's change counter), the last line.
"""

from __future__ import annotations

import argparse
import json
import time

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival

GROUND = 64


def build(dust: int) -> tuple[Game, list[tuple[int, int, int]]]:
    """The game with the clock and the line; the lamp positions."""
    world = flat_arena(max(32, dust // 2 + 16))
    game = Game(world, PlayerState(pos=(0.5, GROUND, -6.5), on_ground=True),
                GameRules(adventure=False, peaceful=True))  # fmt: skip
    game.survival = Survival(seed=1)
    game.survival.entities = EntityStore(1)
    game.survival.rules["do_mob_spawning"] = False
    reg = world.registry

    def put(pos: tuple[int, int, int], spec: str) -> None:
        game.set_block(pos, reg.state(spec))

    y = GROUND
    # the ring: corners (0,0) (2,0) (2,2) (0,2); repeaters run clockwise seen from above
    for corner in ((0, 0), (2, 0), (2, 2), (0, 2)):
        put((corner[0], y, corner[1]), "redstone_wire")
    put((1, y, 0), "repeater[facing=west,delay=4]")  # west -> east
    put((2, y, 1), "repeater[facing=north,delay=4]")  # north -> south
    put((1, y, 2), "repeater[facing=east,delay=4]")  # east -> west
    put((0, y, 1), "repeater[facing=south,delay=4]")  # south -> north
    # the line leaves the (2, 0) corner eastwards, on lamps, z = 0
    lamps = []
    x = 3
    for i in range(dust):
        if i and i % 14 == 0:
            put((x, y, 0), "repeater[facing=west,delay=1]")
            x += 1
        put((x, y - 1, 0), "redstone_lamp")
        put((x, y, 0), "redstone_wire")
        lamps.append((x, y - 1, 0))
        x += 1
    game.run(2)
    if dust:
        put((0, y, -1), "redstone_block")  # one pulse into the ring
        game.run(1)
        game.set_block((0, y, -1), 0)
    return game, lamps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dust", type=int, default=240)
    parser.add_argument("--ticks", type=int, default=640)
    args = parser.parse_args()
    start = time.perf_counter()
    game, lamps = build(args.dust)
    built = time.perf_counter() - start
    reg = game.world.registry
    game.run(64)  # warm-up: a couple of pulses round
    lit_seen = 0
    revision = game.world.revision
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(args.ticks):
        game.tick()
        last = lamps[-1]
        lit_seen += reg.properties(game.world.get_block(*last))["lit"] == "true"
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    changes = game.world.revision - revision
    idle, _ = build(0)  # the same game without the line or a pulse: what the rest costs
    idle.run(64)
    idle_start = time.process_time()
    idle.run(args.ticks)
    idle_cpu = time.process_time() - idle_start
    if lit_seen == 0:
        raise SystemExit("the last lamp never lit: the clock or the line is broken")
    print(json.dumps({"metric": "build_s", "value": round(built, 3), "dust": args.dust}))
    print(json.dumps({"metric": "last_lamp_lit_ticks", "value": lit_seen, "of": args.ticks}))
    print(json.dumps({"metric": "ticks_per_s", "value": round(args.ticks / elapsed, 1)}))
    print(json.dumps({"metric": "ticks_per_cpu_s", "value": round(args.ticks / cpu, 1)}))
    print(json.dumps({"metric": "idle_ticks_per_cpu_s", "value": round(args.ticks / idle_cpu, 1)}))
    print(json.dumps({"metric": "block_changes", "value": changes}))
    print(json.dumps({"metric": "redstone_updates_per_s", "value": round(changes / elapsed, 1)}))


if __name__ == "__main__":
    main()
