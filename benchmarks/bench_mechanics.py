"""Block mechanics benchmark: a whole survival game ticking with water and lava flowing, a farm
growing, an observer clock driving a line of redstone dust, lamps and a piston, and a hopper
chain moving items — ticks per second of ``Game.tick`` (player, entities and block updates).

Run: ``python benchmarks/bench_mechanics.py``. The scene is rebuilt and replayed from the same
seed each time, so the figures compare across changes. First the same scene with a lever the
player flips every 40 ticks in place of the clock (``mechanics_lever_ticks_per_s``: a redstone
build at work now and then), then with the clock running all the time; prints the events
counted and the last line ``{"metric": "mechanics_ticks_per_s", "value": ...}`` (target: the
survival tick target, ≥ 2,000 ticks/s).
"""

from __future__ import annotations

import json
import os
import time

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.inventory import ItemStack
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival

TICKS = int(os.environ.get("BENCH_TICKS", 2000))
GROUND = 64
LEVER = (1, GROUND, 10)


def build(clock: bool = True) -> Game:
    world = flat_arena(40)
    game = Game(world, PlayerState(pos=(0.5, GROUND, 7.5), on_ground=True),
                GameRules(adventure=False, peaceful=True))  # fmt: skip
    game.survival = Survival(seed=5, difficulty="peaceful")
    game.survival.entities = EntityStore(5)
    game.survival.rules["do_mob_spawning"] = False
    reg = world.registry

    def put(pos: tuple[int, int, int], spec: str) -> None:
        game.set_block(pos, reg.state(spec))

    # a stone cliff 8 high with a water source and a lava source on top: both flow down
    world.fill((10, GROUND, -12), (22, GROUND + 8, 12), reg.state("stone"))
    put((12, GROUND + 8, -4), "water")
    put((12, GROUND + 8, 6), "lava")
    # a 9x9 wheat farm around a water source
    for x in range(-20, -11):
        for z in range(-4, 5):
            if (x, z) == (-16, 0):
                put((x, GROUND - 1, z), "water")
            else:
                put((x, GROUND - 1, z), "farmland[moisture=7]")
                put((x, GROUND, z), "wheat[age=0]")
    # an observer clock: two observers face each other; the back of one feeds 14 dust and a
    # lamp, the back of the other a lamp that powers a piston beside it
    if clock:
        put((0, GROUND, 10), "observer[facing=east]")
        put((1, GROUND, 10), "observer[facing=west]")
    else:  # a lever the player flips now and then instead (main: every 40 ticks)
        put((1, GROUND, 10), "lever[face=floor,facing=east]")
    for x in range(2, 16):
        put((x, GROUND, 10), "redstone_wire")
    put((16, GROUND, 10), "redstone_lamp")
    put((-1, GROUND, 10), "redstone_lamp")
    put((-2, GROUND, 10), "piston[facing=west]")
    # a chest over a hopper chain into a chest
    put((0, GROUND + 2, -10), "chest")
    put((0, GROUND + 1, -10), "hopper[facing=east]")
    put((1, GROUND + 1, -10), "hopper[facing=down]")
    put((1, GROUND, -10), "chest")
    items = [{"Slot": i, "id": "minecraft:cobblestone", "count": 64} for i in range(27)]
    world.set_block_entity(0, GROUND + 2, -10, {"id": "minecraft:chest", "Items": items})
    game.survival.inventory.set(0, ItemStack.of("bread", 16))
    return game


def timed(game: Game, ticks: int, lever: bool) -> tuple[float, float]:
    """Wall-clock and CPU seconds for ``ticks`` ticks (the lever flipped every 40 ticks when
    ``lever``); CPU time is what to compare on a machine shared with other jobs."""
    begin, cpu = time.perf_counter(), time.process_time()
    for n in range(ticks):
        if lever and n % 40 == 0:
            game.use(LEVER)
        game.tick()
    return time.perf_counter() - begin, time.process_time() - cpu


def main() -> None:
    quiet = build(clock=False)
    quiet.run(100)
    quiet_s, quiet_cpu = timed(quiet, TICKS, lever=True)
    game = build()
    game.run(100)  # warm-up: compile and fill caches
    events = len(game.events)
    elapsed, cpu = timed(game, TICKS, lever=False)
    kinds: dict[str, int] = {}
    for e in game.events[events:]:
        kinds[e.detail or e.kind] = kinds.get(e.detail or e.kind, 0) + 1
    top = sorted(kinds.items(), key=lambda kv: -kv[1])[:8]
    print(json.dumps({"metric": "mechanics_events", "value": sum(kinds.values()), "top": top}))
    print(json.dumps({"metric": "mechanics_lever_ticks_per_s", "value": round(TICKS / quiet_s)}))
    lever_cpu = round(TICKS / quiet_cpu)
    print(json.dumps({"metric": "mechanics_lever_ticks_per_cpu_s", "value": lever_cpu}))
    print(json.dumps({"metric": "mechanics_us_per_tick", "value": round(elapsed / TICKS * 1e6)}))
    print(json.dumps({"metric": "mechanics_cpu_us_per_tick", "value": round(cpu / TICKS * 1e6)}))
    print(json.dumps({"metric": "mechanics_ticks_per_s", "value": round(TICKS / elapsed)}))


if __name__ == "__main__":
    main()
