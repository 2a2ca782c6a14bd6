"""Map build benchmark: building the built-in real places from their OpenStreetMap extracts.

Run: ``python benchmarks/bench_maps.py``. ``build_helsinki_s`` is the time from the bundled
extract (src/odyssey/data/osm/helsinki.osm.pbf) to a finished map package on disk — world
generated, waypoints placed, Anvil region files and JSON written — in a process that has loaded
Odyssey's modules. Every other built-in map is reported too. Last line: build_helsinki_s.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from odyssey.maps.catalog import CATALOG
from odyssey.maps.package import write_package


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 3)}), flush=True)


def build(map_id: str, out: Path) -> tuple[float, float, int]:
    """Seconds to generate the world and its waypoints, seconds to write the package."""
    began = time.perf_counter()
    entry = CATALOG[map_id]
    built = entry.build(entry.seed)
    generated = time.perf_counter() - began
    write_package(built, out / map_id)
    return generated, time.perf_counter() - began - generated, len(built.waypoints)


def main() -> None:
    # every built-in map, helsinki last (its figure is the last line)
    ids = sys.argv[1:] or [m for m in CATALOG if m != "helsinki"] + ["helsinki"]
    with tempfile.TemporaryDirectory() as tmp:
        for map_id in ids:
            generated, written, waypoints = build(map_id, Path(tmp))
            emit(f"waypoints_{map_id}", waypoints)
            emit(f"generate_{map_id}_s", generated)
            emit(f"write_{map_id}_s", written)
            emit(f"build_{map_id}_s", generated + written)


if __name__ == "__main__":
    main()
