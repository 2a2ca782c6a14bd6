"""Survival benchmark: a player and 20 mobs on a flat arena, ticks per second (entities + player).

Run: ``python benchmarks/bench_survival.py``. Builds the flat grass arena, puts a standing
survival player (holding wheat, so animals come to it) among 20 mobs of 20 kinds (farm animals,
wolves, cats, goats, a villager, iron and snow golems, the overworld monsters, a witch, a slime,
a blaze and a piglin), and times ``entities.tick`` (AI, movement, combat, arrows and snowballs,
golems fighting; natural spawning off so the scene
stays at 20 mobs) plus the player's ``Simulator.step_array`` with no input, at night on normal
difficulty. Mob damage is not
applied to the player (its health stays), so the scene keeps its load for the whole run; mobs
that die or explode are replaced to keep 20. Last line:
``{"metric": "survival_ticks_per_s", "value": ...}``.
"""

from __future__ import annotations

import json
import time

from odyssey.sim import layout as k
from odyssey.sim.entities import EntityStore, PlayerView, tick
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.physics import Simulator
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState

TICKS = int(__import__("os").environ.get("BENCH_TICKS", 4000))
MIX = ("cow", "pig", "sheep", "chicken", "horse", "zombie", "skeleton", "spider", "creeper",
       "enderman", "wolf", "cat", "goat", "villager", "iron_golem", "snow_golem", "witch",
       "slime", "blaze", "piglin")  # fmt: skip


def place(store: EntityStore, i: int, name: str) -> None:
    store.add(name, (-14.5 + (i % 10) * 3.0, 64.0, 8.5 + (i // 10) * 4.0))


def main() -> None:
    world = flat_arena(64)
    store = EntityStore(seed=1)
    for i, name in enumerate(MIX):
        place(store, i, name)
    sim = Simulator(world)
    st = PlayerState(pos=(0.5, 64.0, 0.5), on_ground=True).to_array()
    attr = PlayerAttributes().as_array(world.dimension.min_y)
    no_keys = InputState().as_array()
    counts = {"player_damage": 0, "arrow_shot": 0, "explosion": 0}

    def one_tick(n: int) -> None:
        sim.step_array(st, attr, no_keys)
        view = PlayerView(pos=(st[k.S_X], st[k.S_Y], st[k.S_Z]), held_item="wheat")
        for e in tick(store, world, [view], 18000, "normal", spawning=False):
            if e.kind in counts:
                counts[e.kind] += 1
        mobs = [e for e in store if e.type not in ("item", "arrow")]
        for i in range(len(mobs), 20):  # keep the load: replace what died
            place(store, n + i, MIX[(n + i) % len(MIX)])

    for n in range(200):  # warm-up: compile and fill caches
        one_tick(n)
    begin = time.perf_counter()
    for n in range(TICKS):
        one_tick(n)
    elapsed = time.perf_counter() - begin
    print(json.dumps({"metric": "survival_entities", "value": len(store)}))
    print(json.dumps({"metric": "survival_events", "value": counts}))
    print(json.dumps({"metric": "survival_us_per_tick", "value": round(elapsed / TICKS * 1e6, 1)}))
    print(json.dumps({"metric": "survival_ticks_per_s", "value": round(TICKS / elapsed)}))


if __name__ == "__main__":
    main()
