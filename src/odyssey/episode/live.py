"""What a running episode shows the outside world while it runs (the dashboard reads it).

With ``live`` on, the episode folder holds ``live.json``, rewritten atomically at every verifier
sample and at the end, and ``live-frame.jpg``, the agent's current screen (rewritten at most once
per second of wall time). Loop agents also append their messages to
``agent-record/messages.live.jsonl`` as they happen. Readers never see half a file.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from odyssey.atomic import write_bytes_atomic, write_text_atomic
from odyssey.episode.results import utc_now

LIVE_JSON = "live.json"
LIVE_FRAME = "live-frame.jpg"
FRAME_EVERY_S = 1.0
MAX_EVENTS = 50


class LiveFrame:
    """``live-frame.jpg`` of one episode, rewritten at most once per ``FRAME_EVERY_S`` of wall
    time (navigation and MCU episodes alike)."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = Path(out_dir)
        self.has_frame = False
        self._last_frame = -FRAME_EVERY_S

    def frame_due(self) -> bool:
        return time.monotonic() - self._last_frame >= FRAME_EVERY_S

    def frame(self, jpeg: bytes) -> None:
        """The agent's current screen."""
        write_bytes_atomic(self.out_dir / LIVE_FRAME, jpeg)
        self._last_frame = time.monotonic()
        self.has_frame = True


class LiveState(LiveFrame):
    """Writes ``live.json`` and ``live-frame.jpg`` for one episode."""

    def __init__(self, out_dir: Path, task: Any, agent: str) -> None:
        super().__init__(out_dir)
        self.task, self.agent = task, agent

    def update(self, episode: Any, status: str = "running") -> None:
        """Rewrites ``live.json`` from the episode's verifier and game (under the game lock)."""
        verifier, game, task = episode.verifier, episode.game, self.task
        reached = len(verifier.reached)
        stops = [
            {
                "waypoint_id": s.waypoint_id,
                "name": s.name,
                "position": list(s.position),
                "reached": i < reached or (i == len(task.stops) - 1 and verifier.oracle_arrived),
            }
            for i, s in enumerate(task.stops)
        ]
        player = game.player if game is not None else None
        path = [
            [r["position"]["x"], r["position"]["y"], r["position"]["z"]]
            for r in verifier.positions
            if "position" in r
        ]
        state = {
            "schema_version": 1,
            "status": status,
            "task_id": task.id,
            "map_id": task.map_id,
            "agent": self.agent,
            "prompt": task.prompt,
            "tick": game.tick_count if game is not None else 0,
            "time_s": episode.game_time(),
            "position": list(player.pos) if player is not None else None,
            "yaw": player.yaw if player is not None else None,
            "pitch": player.pitch if player is not None else None,
            "path": path,
            "start": {"name": task.start.name, "position": list(task.start.position)},
            "stops": stops,
            "events": [
                {"kind": e["kind"], "message": e["message"], "at_utc": e["created_at_utc"]}
                for e in episode.event_rows[-MAX_EVENTS:]
            ],
            "claims": [
                {
                    "attempt": c["response"].get("attempt"),
                    "reason": c["response"].get("reason"),
                    "accepted": c["response"].get("accepted"),
                }
                for c in episode.claim_rows
            ],
            "decisions": episode.decisions,
            "terminal_reason": verifier.terminal_reason,
            "frame": LIVE_FRAME if self.has_frame else None,
            "updated_at_utc": utc_now(),
        }
        write_text_atomic(self.out_dir / LIVE_JSON, json.dumps(state) + "\n")
