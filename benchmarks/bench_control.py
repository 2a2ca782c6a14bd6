"""Control benchmark: the round trip of ``mcapi state`` from inside the bubblewrap sandbox.

Run: ``python benchmarks/bench_control.py`` (needs bwrap; builds the ``palace`` map into the
cache on first use). A control server serves a real game (lockstep clock) on its socket; one
sandboxed command then times, from inside the sandbox:

- ``mcapi_state_ms``: ``mcapi state`` run as a command (process start, request, JSON printed),
  the way an agent's script calls it; median of 60 calls;
- ``socket_state_ms``: the bare request over the relay socket from an already running Python
  process (the client's framing without the process start); median of 300 calls;
- ``sandbox_command_ms``: starting a trivial sandboxed command (``true``) through the command
  runner, start to end; median of 20.
Prints one JSON line per metric; the last line is ``mcapi_state_ms``.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from odyssey.bridge.commands import CommandRunner
from odyssey.bridge.sandbox import bwrap_available, prepare_sandbox
from odyssey.bridge.server import ControlServer
from odyssey.episode.view import EpisodeScreen
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.sim.clock import LockstepClock
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.tasks import resolve_task
from odyssey.tasks.suites import load_suite

INSIDE = r"""
import json, socket, statistics, subprocess, sys, time
sys.path.insert(0, "/opt/odyssey/clients")
import _wire
runs = []
for _ in range(60):
    t = time.perf_counter()
    subprocess.run(["mcapi", "state"], capture_output=True, check=True)
    runs.append((time.perf_counter() - t) * 1000)
bare = []
path = _wire.find_socket()
for _ in range(300):
    t = time.perf_counter()
    _wire.call(path, "state", {}, 8.0)
    bare.append((time.perf_counter() - t) * 1000)
print(json.dumps({"mcapi": statistics.median(runs), "socket": statistics.median(bare)}))
"""


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 3)}), flush=True)


def main() -> None:
    if bwrap_available() is None:
        raise SystemExit("bubblewrap (bwrap) is not installed: apt-get install bubblewrap")
    catalog, _ = load_suite("demo")
    task = catalog.by_id()["palace-001"]
    map_dir = resolve_map(task.map_id)
    resolved = resolve_task(task, map_dir)
    game = Game(load_package(map_dir).open_world(), PlayerState(pos=resolved.start.position))
    clock = LockstepClock(game)
    with tempfile.TemporaryDirectory() as tmp:
        socket_path = Path(tmp) / "control.sock"
        server = ControlServer(game, clock, EpisodeScreen(game, resolved, {}), socket_path)
        server.start()
        spec = prepare_sandbox(Path(tmp) / "sandbox", socket_path)
        runner = CommandRunner(spec, timeout_s=120)
        try:
            starts = []
            for _ in range(20):
                t = time.perf_counter()
                runner.wait(runner.start("true").task_id, timeout=30)
                starts.append((time.perf_counter() - t) * 1000)
            status = runner.wait(runner.start(f"python3 -c '{INSIDE}'").task_id, timeout=120)
            if status.exit_code != 0:
                raise SystemExit(f"the sandboxed timing failed: {status.stderr}")
            inside = json.loads(status.stdout)
        finally:
            runner.close()
            server.close()
    emit("sandbox_command_ms", statistics.median(starts))
    emit("socket_state_ms", inside["socket"])
    emit("mcapi_state_ms", inside["mcapi"])


if __name__ == "__main__":
    main()
