"""Render benchmark: frames per second of a city-like scene, and chunk meshing time.

Run: ``python benchmarks/bench_render.py``. The scene is the generated city grid
(``odyssey.world.city``, stand-in for helsinki until that map exists), seen from a street
crossing with the benchmark profile (FOV 100, render distance 12 chunks, hotbar and crosshair,
markers for two waypoints). A frame is everything an agent's screenshot costs: meshes brought up
to date, the 3-D draw, overlays and reading the pixels back (JPEG encoding is reported apart).
Prints one JSON line per metric; the last two are render_fps_854x480 and render_fps_128x128.
``render_cpu_ms_*`` is the CPU time per frame of the whole process (llvmpipe's threads included):
steadier than frames per second when other jobs share the machine.
"""

from __future__ import annotations

import json
import time

from odyssey.render.screen import GameView, encode_jpeg
from odyssey.render.view import Hotbar, ViewSettings, Waypoint
from odyssey.sim.player import PlayerState
from odyssey.world.city import GROUND_Y, city_world

FRAMES = 120
VIEWPOINT = PlayerState(pos=(-10.5, float(GROUND_Y), -10.5), yaw=-20.0, pitch=0.0)  # a crossing


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 3)}), flush=True)


def fps(view: GameView, frames: int) -> tuple[float, float]:
    """Frames per second and CPU milliseconds per frame."""
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(frames):
        # turn a little every frame so nothing can be reused from the frame before
        player = VIEWPOINT.with_look(VIEWPOINT.yaw + (i % 10) * 0.5, VIEWPOINT.pitch)
        view.frame(player, tick=i)
    cpu_ms = (time.process_time() - cpu) * 1000 / frames
    return frames / (time.perf_counter() - start), cpu_ms


def main() -> None:
    world = city_world()
    waypoints = [
        Waypoint("Town Hall", "TH", (20.0, 64.0, 30.0), 12),
        Waypoint("Market", "M", (-25.0, 64.0, 10.0), 9),
    ]
    settings = ViewSettings.benchmark()
    view = GameView(world, settings, waypoints, Hotbar.benchmark())
    start = time.perf_counter()
    view.frame(VIEWPOINT)
    first = time.perf_counter() - start
    meshed = view.renderer.meshed_chunks
    start = time.perf_counter()
    for key in list(view.renderer.meshes):
        view.renderer._remesh(key)
    mesh_ms = (time.perf_counter() - start) * 1000 / max(len(view.renderer.meshes), 1)
    quads = sum(m.quad_count for m in view.renderer.meshes.values() if m is not None)
    emit("first_frame_s", first)
    emit("chunks_meshed", meshed)
    emit("chunk_mesh_ms", mesh_ms)
    emit("quads_loaded", quads)
    frame = view.frame(VIEWPOINT)
    start = time.perf_counter()
    for _ in range(20):
        encode_jpeg(frame, 75)
    emit("jpeg_encode_ms_854x480", (time.perf_counter() - start) * 1000 / 20)
    big, big_cpu = fps(view, FRAMES)
    view.with_settings(width=128, height=128)
    small, small_cpu = fps(view, FRAMES * 4)
    emit("render_cpu_ms_854x480", big_cpu)
    emit("render_cpu_ms_128x128", small_cpu)
    emit("render_fps_854x480", big)
    emit("render_fps_128x128", small)
    view.close()


if __name__ == "__main__":
    main()
