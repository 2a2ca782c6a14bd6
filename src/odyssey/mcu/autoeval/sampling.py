"""Which frames of a stream the judge sees, and how they travel (JPEG data URLs).

Default: MCU's rule (``individual_video_rating.py``): every 25th frame from the first; if that
gives more than 60, every 70th. MCU's videos have one frame per env step (20 per second); our
streams default to 4 per second of game time, so the default shows one frame per 6.25 s of game
time; ``fps=`` samples by game time instead. ``every=K`` takes every K-th frame; ``max_frames=M``
then thins the selection to M frames spread evenly over it (first and last kept). ``every`` and
``fps`` exclude each other.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from odyssey.episode.framestream import Frame, FrameStreamError, frame_records, read_frames
from odyssey.mcu.needs import McuError

MCU_EVERY = 25
MCU_EVERY_LONG = 70
MCU_MAX = 60


@dataclass(frozen=True)
class Sampling:
    every: int | None = None
    max_frames: int | None = None
    fps: float | None = None  # frames per second of game time
    jpeg_quality: int = 85

    def __post_init__(self) -> None:
        if self.every is not None and self.every < 1:
            raise McuError(f"sampling: every must be at least 1, got {self.every}")
        if self.max_frames is not None and self.max_frames < 1:
            raise McuError(f"sampling: max_frames must be at least 1, got {self.max_frames}")
        if self.fps is not None and not self.fps > 0:
            raise McuError(f"sampling: fps must be positive, got {self.fps}")
        if self.every is not None and self.fps is not None:
            raise McuError("sampling: give every or fps, not both")
        if not 1 <= self.jpeg_quality <= 95:
            raise McuError(f"sampling: jpeg_quality must be 1..95, got {self.jpeg_quality}")

    def to_json(self) -> dict[str, Any]:
        return {
            "every": self.every,
            "max_frames": self.max_frames,
            "fps": self.fps,
            "jpeg_quality": self.jpeg_quality,
            "rule": self.rule(),
        }

    def rule(self) -> str:
        if self.every is None and self.fps is None:
            base = f"mcu (every {MCU_EVERY}th; every {MCU_EVERY_LONG}th above {MCU_MAX})"
        else:
            base = f"every {self.every}" if self.every else f"{self.fps} per game second"
        return base + (f", at most {self.max_frames}" if self.max_frames else "")

    def pick(self, times_s: Sequence[float]) -> list[int]:
        """Positions (into the stream's frames, given their times) of the frames to show."""
        n = len(times_s)
        if self.fps is not None:
            chosen = _by_time(times_s, 1.0 / self.fps)
        elif self.every is not None:
            chosen = list(range(0, n, self.every))
        else:
            chosen = list(range(0, n, MCU_EVERY))
            if len(chosen) > MCU_MAX:
                chosen = list(range(0, n, MCU_EVERY_LONG))
        if self.max_frames is not None and len(chosen) > self.max_frames:
            spots = np.linspace(0, len(chosen) - 1, self.max_frames).round().astype(int)
            chosen = [chosen[i] for i in spots]
        return chosen


def _by_time(times_s: Sequence[float], period: float) -> list[int]:
    """The first frame at or after each multiple of ``period`` seconds after the first frame."""
    if not times_s:
        return []
    chosen, due = [], times_s[0]
    for i, t in enumerate(times_s):
        if t >= due - 1e-9:
            chosen.append(i)
            while due <= t + 1e-9:
                due += period
    return chosen


def jpeg_data_url(rgb: np.ndarray, quality: int) -> str:
    """A ``data:image/jpeg;base64,...`` URL of an RGB frame."""
    out = io.BytesIO()
    Image.fromarray(rgb).save(out, format="JPEG", quality=quality)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii")


@dataclass(frozen=True)
class Sampled:
    """The frames a judge sees: their indices and ticks in the stream, and their data URLs."""

    indices: list[int]
    ticks: list[int]
    urls: list[str]
    total: int  # frames in the stream

    def to_json(self) -> dict[str, Any]:
        return {"stream_frames": self.total, "indices": self.indices, "ticks": self.ticks}


def sample_stream(folder: Path, sampling: Sampling, name: str = "frames") -> Sampled:
    """Samples an episode's frame stream, decoding it once and keeping only the chosen frames."""
    try:
        records = frame_records(folder, name)
    except FrameStreamError as e:
        raise McuError(f"{folder}: cannot read the episode's frame stream: {e}") from e
    chosen = set(sampling.pick([float(r["time_s"]) for r in records]))
    if not chosen:
        raise McuError(f"{folder}: the frame stream has no frames to judge")
    picked: list[Frame] = []
    for position, frame in enumerate(read_frames(folder, name)):
        if position in chosen:
            picked.append(frame)
    return Sampled(
        indices=[f.index for f in picked],
        ticks=[f.tick for f in picked],
        urls=[jpeg_data_url(f.rgb, sampling.jpeg_quality) for f in picked],
        total=len(records),
    )
