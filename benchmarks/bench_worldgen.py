"""World generation benchmark: seeded overworld chunks generated per second.

Run: ``python benchmarks/bench_worldgen.py [SIDE]``. Generates a SIDE x SIDE chunk square (16 by
default) around the spawn of seed 1 in a fresh process's caches, to storage chunks (terrain,
surface, vegetation, biome ids), as a player walking into new land needs them. Reports the first
chunk (numpy and table warm-up), the rate over the square, and the time to save it as Anvil.
Last line: worldgen_chunks_per_s.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from odyssey.world import World, save_world
from odyssey.world.gen import OVERWORLD, generate_chunk, spawn_point

SEED = 1


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 3)}), flush=True)


def main() -> None:
    side = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    began = time.perf_counter()
    sx, _, sz = spawn_point(SEED)
    emit("worldgen_spawn_search_s", time.perf_counter() - began)
    cx0, cz0 = (sx >> 4) - side // 2, (sz >> 4) - side // 2
    world = World(OVERWORLD)
    began = time.perf_counter()
    for cz in range(cz0, cz0 + side):
        for cx in range(cx0, cx0 + side):
            made = generate_chunk(SEED, cx, cz).to_chunk()
            chunk = world.chunk(cx, cz, create=True)
            assert chunk is not None
            chunk.sections, chunk.biomes = made.sections, made.biomes
    elapsed = time.perf_counter() - began
    emit("worldgen_chunks", side * side)
    emit("worldgen_s", elapsed)
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        save_world(world, Path(tmp) / "w")
        emit("worldgen_save_s", time.perf_counter() - began)
    emit("worldgen_chunks_per_s", side * side / elapsed)


if __name__ == "__main__":
    main()
