"""World-layer benchmark: chunk decode time (compressed bytes -> state ids) on real chunks.

Run: ``python benchmarks/bench_world.py``. Prints one JSON line per metric; the last line is
``{"metric": "chunk_decode_ms", ...}``: the median over every full chunk of the real region files
in ../shared/fixtures/worlds (1.18.2-1.21.1), of zlib inflate + NBT scan + palette resolve +
unpack into uint16 state ids, after one warm-up pass (numba compiles and palettes are cached,
as in a long-running process).
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
from pathlib import Path

from odyssey.world.blocks import registry
from odyssey.world.chunk_codec import ChunkDecoder, decode_chunk_reference
from odyssey.world.generate import generate_demo_world
from odyssey.world.region import RegionFile, decompress

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures" / "worlds"
REPEATS = 5


def emit(metric: str, value: float, **extra: object) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 4), **extra}), flush=True)


def full_chunk_records(decoder: ChunkDecoder) -> list[tuple[int, bytes, str]]:
    """(payload, compression, where) of every full chunk of the fixture regions."""
    records = []
    for path in sorted(FIXTURES.glob("prismarine-provider-anvil/*/region/*.mca")):
        with RegionFile(path) as region:
            for cx, cz in region.chunk_positions():
                compression, payload = region.read_chunk_record(cx, cz)
                where = region.where(cx, cz)
                if decoder.decode(decompress(payload, compression, where)).is_full:
                    records.append((bytes(payload), compression, where))
    return records


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1e3


def time_each(records, fn) -> list[float]:
    samples = []
    for _ in range(REPEATS):
        for record in records:
            start = time.perf_counter()
            fn(record)
            samples.append(time.perf_counter() - start)
    return samples


def main() -> int:
    blocks = registry()
    decoder = ChunkDecoder(blocks)
    if not FIXTURES.is_dir():
        print(f"{FIXTURES} is absent: put ../shared beside the repository", file=sys.stderr)
        return 2
    records = full_chunk_records(decoder)
    raw = [decompress(*record) for record in records]

    def inflate(record):
        return decompress(*record)

    def fast(record):
        return decoder.decode(decompress(*record), record[2])

    emit("chunks_measured", len(records))
    emit("zlib_inflate_ms", median_ms(time_each(records, inflate)))
    ref_samples = time_each(raw[: len(raw) // 4], lambda r: decode_chunk_reference(r, blocks))
    emit("chunk_decode_reference_ms", median_ms(ref_samples), note="pure-Python NBT tree")
    try:
        import nbtlib

        nbtlib_samples = time_each(raw, lambda r: nbtlib.File.parse(io.BytesIO(r)))
        emit("nbtlib_parse_ms", median_ms(nbtlib_samples), note="anchor: NBT parse only")
    except ImportError:
        pass
    start = time.perf_counter()
    world = generate_demo_world(seed=0)
    emit("demo_world_generate_s", time.perf_counter() - start)
    emit("chunk_decode_ms", median_ms(time_each(records, fast)))
    del world
    return 0


if __name__ == "__main__":
    sys.exit(main())
