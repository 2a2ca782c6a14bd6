"""What a running MCU episode shows the dashboard (``odyssey mcu run --live``): ``live.json``
rewritten atomically every game second and at the end (tick, progress, decisions, status), and
``live-frame.jpg``, the player's screen, at most once per wall-clock second — the files and
names of ``episode.live`` for navigation episodes. Readers never see half a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from odyssey.atomic import write_text_atomic
from odyssey.episode.live import LIVE_FRAME, LIVE_JSON, LiveFrame
from odyssey.episode.results import utc_now
from odyssey.sim.game import TICKS_PER_SECOND

EVERY_TICKS = TICKS_PER_SECOND  # live.json once per game second


class McuLive(LiveFrame):
    """Writes one MCU episode's live files; ``screen``: its ``McuScreen`` (frames), or None."""

    def __init__(self, out_dir: Path, config: Any, agent: str, screen: Any = None) -> None:
        super().__init__(out_dir)
        self.config, self.agent, self.screen = config, agent, screen
        self.play: Any = None  # the episode's Play, once made

    def ticked(self) -> None:
        """After a tick of ``self.play`` (an ``mcu.play.Play``): the files when they are due."""
        play = self.play
        if play is not None and (play.game.tick_count - play.start_tick) % EVERY_TICKS == 0:
            self.update(play)

    def update(self, play: Any, status: str = "running", reason: str | None = None) -> None:
        if self.screen is not None and self.frame_due():
            from odyssey.render.screen import encode_jpeg

            self.frame(encode_jpeg(self.screen.frame()))
        ticks = play.game.tick_count - play.start_tick if play is not None else 0
        verdict = play.verdict if play is not None else None
        state = {
            "schema_version": 1,
            "status": status,
            "task_id": self.config.id,
            "agent": self.agent,
            "text": self.config.text,
            "tick": ticks,
            "time_s": ticks / TICKS_PER_SECOND,
            "progress": verdict.progress if verdict is not None else 0.0,
            "detail": verdict.detail if verdict is not None else "",
            "decisions": play.decisions if play is not None else 0,
            "terminal_reason": reason,
            "frame": LIVE_FRAME if self.has_frame else None,
            "updated_at_utc": utc_now(),
        }
        write_text_atomic(self.out_dir / LIVE_JSON, json.dumps(state) + "\n")
