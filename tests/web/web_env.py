"""Web fixtures: a runs folder with one real finished oracle episode (palace, built in a private
cache) and a fake *running* episode whose live files a thread rewrites, as the runner does."""

from __future__ import annotations

import inspect
import io
import json
import threading
from pathlib import Path

import pytest
from PIL import Image

from odyssey.atomic import write_bytes_atomic, write_text_atomic
from odyssey.bench.layout import EpisodeKey, RunManifest, write_manifest
from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.tasks import load_catalog, resolve_task

RUN = "r1"
TASK = "palace-001"
STOPS = [("PAL-WP-02", "Garden Hall"), ("PAL-WP-04", "Gun Room"), ("PAL-WP-06", "Ballroom")]


def palace_task(root: Path):
    data = {
        "schema_version": 2,
        "tasks": [
            {
                "task_id": TASK,
                "prompt": "Visit the Garden Hall, then the Gun Room, then the Ballroom.",
                "map_id": "palace",
                "waypoints": [{"id": i, "name": n, "caption": n[0]} for i, n in STOPS],
                "eval_setting": {},
                "metadata": {},
            }
        ],
    }
    path = root / "tasks.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    palace = resolve_map("palace")
    return resolve_task(load_catalog(path).tasks[0], palace), palace


def jpeg(shade: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 36), (shade, 80, 160)).save(out, format="JPEG")
    return out.getvalue()


class FakeEpisode:
    """Rewrites live.json (and the frame, and a loop agent's live messages) every ``period_s``
    with a growing tick and path, like a running episode; ``stop()`` ends it."""

    def __init__(self, folder: Path, stops: list[dict], period_s: float = 0.2) -> None:
        self.folder, self.stops, self.period_s = folder, stops, period_s
        self.tick = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def state(self) -> dict:
        step = self.tick // 20
        path = [[53.0, 64.0, 2.5 + i] for i in range(step + 1)]
        reached = min(step // 5, len(self.stops))
        stops = [dict(s, reached=i < reached) for i, s in enumerate(self.stops)]
        return {
            "schema_version": 1, "status": "running", "task_id": TASK, "map_id": "palace",
            "agent": "random", "prompt": "Walk.", "tick": self.tick, "time_s": self.tick / 20,
            "position": path[-1], "yaw": 0.0, "pitch": 0.0, "path": path, "stops": stops,
            "events": [{"kind": "required_waypoint_recorded", "message": f"reached {s['name']}",
                        "at_utc": None} for s in stops if s["reached"]],
            "claims": [], "decisions": step, "terminal_reason": None,
            "frame": "live-frame.jpg", "updated_at_utc": f"t{self.tick}",
        }  # fmt: skip

    def write(self) -> None:
        write_bytes_atomic(self.folder / "live-frame.jpg", jpeg(self.tick % 256))
        write_text_atomic(self.folder / "live.json", json.dumps(self.state()))
        line = {
            "schema_version": 1,
            "seq": self.tick // 20 + 1,
            "message": {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": f"c{self.tick}",
                        "type": "function",
                        "function": {
                            "name": "minecraft_action",
                            "arguments": json.dumps(
                                {"type": "exec", "command": f"mcapi press MOVE_FORWARD {self.tick}"}
                            ),
                        },
                    }
                ],
            },
        }
        with (self.folder / "agent-record" / "messages.live.jsonl").open("a") as out:
            out.write(json.dumps(line) + "\n")  # fmt: skip

    def _loop(self) -> None:
        for _ in range(100_000):  # bounded: stop() ends it long before
            if self._stop.wait(self.period_s):
                return
            self.tick += 20
            self.write()

    def start(self) -> FakeEpisode:
        (self.folder / "agent-record").mkdir(parents=True, exist_ok=True)
        self.write()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


def supports_live() -> bool:
    return "live" in inspect.signature(run_episode).parameters


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """``{"runs": runs folder, "run": run folder, "finished": oracle episode folder,
    "live": folder for a fake running episode, "stops": the task's stops, "task", "map"}``."""
    root = tmp_path_factory.mktemp("web")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(root / "cache"))
        task, palace = palace_task(root)
        run_dir = root / "runs" / RUN
        manifest = RunManifest(
            run_id=RUN, suite={"name": "web-test", "task_count": 1}, agents=["oracle", "random"],
            seeds=1, clock="lockstep", settings={},
        )  # fmt: skip
        write_manifest(run_dir, manifest)
        from odyssey.agents import OracleAgent

        finished = EpisodeKey(TASK, "oracle", 0).folder(run_dir)
        extra = {"live": True} if supports_live() else {}
        run_episode(task, palace, OracleAgent(), finished, screenshots=True, **extra)
        stops = [
            {"waypoint_id": s.waypoint_id, "name": s.name, "position": list(s.position)}
            for s in task.stops
        ]
        yield {
            "runs": root / "runs", "run": run_dir, "finished": finished, "stops": stops,
            "live": EpisodeKey(TASK, "random", 0).folder(run_dir), "task": task, "map": palace,
            "root": root,
        }  # fmt: skip
