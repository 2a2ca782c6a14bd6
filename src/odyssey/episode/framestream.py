"""An episode's frame stream (DESIGN.md "Episodes can record a frame stream"): WebM/VP9 video plus
a JSON-lines sidecar, read back by AutoEval and replays.

Files in ``folder`` (``name`` defaults to ``frames``):

- ``frames.webm``: VP9 in WebM, ``yuv420p`` (plays in browsers). A frame's timestamp is its game
  time since the first frame (``tick`` difference / 20 ticks per second), so a replay runs at game
  speed even when the caller skipped frames; ``fps`` is the nominal rate given to the encoder.
  Settings are fixed (constant quality ``crf``, one thread, no look-ahead, bit-exact muxing) so the
  same frames give the same bytes.
- ``frames.jsonl``: one line per frame, ``{"index", "tick", "time_s", "info"}``; ``info`` is the
  caller's small JSON-able dict (action, events...).

Odd sizes: VP9 ``yuv420p`` needs even sides, so a frame is *padded* by one repeated edge column /
row on the right / bottom; the true size is kept in the container's metadata and
:func:`read_frames` crops it away again.

Crashes: every sidecar line is flushed as written; the encoder keeps no look-ahead, each frame
gets its own WebM cluster and every packet is flushed, so a process that dies mid-episode leaves a
readable file that lacks only the last frame it added (the muxer holds the open cluster back; the
sidecar then has one line more than the video has frames, and readers take the shorter). Only
:meth:`FrameWriter.close` writes the seek index and final durations; it is idempotent, and the
writer is a context manager that closes on the way out of an exception too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

import av
import numpy as np

from odyssey.errors import OdysseyError
from odyssey.sim.game import TICKS_PER_SECOND

SIZE_KEY = "ODYSSEY_FRAME_SIZE"  # container metadata: the frames' true "WxH"
CRF = 32  # constant quality; 0 (lossless) .. 63
CPU_USED = 5  # libvpx speed/quality trade-off for "good" deadline
CLUSTER_MS = 1  # a cluster per frame: the muxer holds back only the open (last) one
TIME_BASE = Fraction(1, 1000)  # WebM's own (milliseconds)
MS_PER_TICK = 1000 // TICKS_PER_SECOND


class FrameStreamError(OdysseyError):
    """A frame stream that cannot be written or read."""


@dataclass(frozen=True)
class Frame:
    index: int
    tick: int
    time_s: float
    rgb: np.ndarray  # (height, width, 3) uint8
    info: dict[str, Any] = field(default_factory=dict)


def _even(n: int) -> int:
    return n + (n % 2)


class FrameWriter:
    """Appends frames to ``folder/name.webm`` and ``folder/name.jsonl``."""

    def __init__(
        self, folder: Path, width: int, height: int, fps: float = 4.0, name: str = "frames"
    ) -> None:
        if width < 1 or height < 1:
            raise FrameStreamError(f"frame size must be positive, got {width}x{height}")
        if not fps > 0:
            raise FrameStreamError(f"fps must be positive, got {fps}")
        self.folder = Path(folder)
        self.width, self.height, self.fps, self.name = width, height, fps, name
        self.folder.mkdir(parents=True, exist_ok=True)
        self.video_path = self.folder / f"{name}.webm"
        self.sidecar_path = self.folder / f"{name}.jsonl"
        self.count = 0
        self._first_tick: int | None = None
        self._last_tick: int | None = None
        self._closed = False
        self._sidecar: IO[str] = self.sidecar_path.open("w", encoding="utf-8")
        self._container = av.open(
            str(self.video_path),
            "w",
            format="webm",
            options={
                "fflags": "+bitexact+flush_packets",
                "flush_packets": "1",
                "cluster_time_limit": str(CLUSTER_MS),
            },
        )
        self._container.metadata[SIZE_KEY] = f"{width}x{height}"
        stream = self._container.add_stream(
            "libvpx-vp9", rate=Fraction(fps).limit_denominator(1001)
        )
        stream.width, stream.height = _even(width), _even(height)
        stream.pix_fmt = "yuv420p"
        stream.codec_context.time_base = TIME_BASE
        stream.codec_context.thread_count = 1
        stream.options = {
            "crf": str(CRF),
            "b": "0",
            "deadline": "good",
            "cpu-used": str(CPU_USED),
            "row-mt": "0",
            "threads": "1",
            "lag-in-frames": "0",  # no look-ahead: each frame is written as it comes
        }
        self._stream = stream

    def add(self, rgb: np.ndarray, tick: int, **info: Any) -> None:
        """Appends one frame seen at game ``tick`` (ticks must increase strictly)."""
        if self._closed:
            raise FrameStreamError(f"{self.video_path}: the writer is closed")
        frame = np.asarray(rgb)
        if frame.shape != (self.height, self.width, 3) or frame.dtype != np.uint8:
            raise FrameStreamError(
                f"{self.video_path}: frame {self.count}: expected a ({self.height}, {self.width}, "
                f"3) uint8 array, got {frame.shape} {frame.dtype}"
            )
        if self._last_tick is not None and tick <= self._last_tick:
            raise FrameStreamError(
                f"{self.video_path}: frame {self.count}: tick {tick} is not after the previous "
                f"frame's tick {self._last_tick}"
            )
        try:
            line = json.dumps({"index": self.count, "tick": tick, "time_s": 0.0, "info": info})
        except (TypeError, ValueError) as e:
            raise FrameStreamError(
                f"{self.sidecar_path}: frame {self.count}: info is not JSON-able: {e}"
            ) from e
        if self._first_tick is None:
            self._first_tick = tick
        ticks = tick - self._first_tick
        padded = np.pad(
            frame, ((0, self._stream.height - self.height), (0, self._stream.width - self.width),
                    (0, 0)), mode="edge",
        )  # fmt: skip
        video_frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(padded), format="rgb24")
        video_frame.pts = ticks * MS_PER_TICK
        video_frame.time_base = TIME_BASE
        for packet in self._stream.encode(video_frame):
            self._container.mux(packet)
        record = json.loads(line) | {"time_s": ticks / TICKS_PER_SECOND}
        self._sidecar.write(json.dumps(record) + "\n")
        self._sidecar.flush()
        self._last_tick = tick
        self.count += 1

    def close(self) -> None:
        """Flushes the encoder and finishes both files; calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        try:
            for packet in self._stream.encode():
                self._container.mux(packet)
        finally:
            self._container.close()
            self._sidecar.close()

    def __enter__(self) -> FrameWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _paths(folder: Path, name: str) -> tuple[Path, Path]:
    folder = Path(folder)
    video, sidecar = folder / f"{name}.webm", folder / f"{name}.jsonl"
    for path in (video, sidecar):
        if not path.is_file():
            raise FrameStreamError(f"{path}: no such file (expected a frame stream in {folder})")
    return video, sidecar


def _sidecar_lines(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    records = []
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            record = json.loads(text)
        except json.JSONDecodeError:
            if n == len(lines):
                break  # a last line cut short by a crash
            raise FrameStreamError(f"{path}: line {n} is not JSON") from None
        if not isinstance(record, dict) or not {"index", "tick", "time_s"} <= set(record):
            raise FrameStreamError(f"{path}: line {n}: expected index, tick, time_s and info")
        records.append(record)
    return records


def _open_video(path: Path) -> Any:
    try:
        return av.open(str(path))
    except av.error.FFmpegError as e:
        raise FrameStreamError(f"{path}: not a readable video: {e}") from e


def read_frames(folder: Path, name: str = "frames") -> Iterator[Frame]:
    """The frames of a stream, decoded in order, with their sidecar records."""
    video, sidecar = _paths(folder, name)
    records = _sidecar_lines(sidecar)
    with _open_video(video) as container:
        size = container.metadata.get(SIZE_KEY, "")
        width, height = (int(v) for v in size.split("x")) if "x" in size else (None, None)
        decoded = container.decode(video=0)
        for record in records:
            try:
                frame = next(decoded)
            except (StopIteration, av.error.FFmpegError):
                return  # a stream cut short by a crash ends at its last whole frame
            rgb = frame.to_ndarray(format="rgb24")[:height, :width]
            yield Frame(
                index=int(record["index"]),
                tick=int(record["tick"]),
                time_s=float(record["time_s"]),
                rgb=rgb,
                info=dict(record.get("info") or {}),
            )


def frame_records(folder: Path, name: str = "frames") -> list[dict[str, Any]]:
    """The sidecar records of the frames :func:`read_frames` yields (no decoding)."""
    _, sidecar = _paths(folder, name)
    return _sidecar_lines(sidecar)[: frame_count(folder, name)]


def frame_count(folder: Path, name: str = "frames") -> int:
    """How many frames :func:`read_frames` yields (video packets and sidecar lines, the fewer)."""
    video, sidecar = _paths(folder, name)
    records = len(_sidecar_lines(sidecar))
    with _open_video(video) as container:
        packets = 0
        try:
            for packet in container.demux(video=0):
                packets += 1 if packet.size else 0
        except av.error.FFmpegError:
            pass  # a stream cut short by a crash: count its whole packets
    return min(records, packets)
