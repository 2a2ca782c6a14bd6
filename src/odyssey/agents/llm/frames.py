"""Which screenshots the model gets to see: Mine Odyssey's duplicate-frame filter (notes §3.2,
``agent/frame_filter.py`` ``ExactFrameDeduper``) with its formal settings.

A frame is dropped when it is byte-identical (SHA-1) to the last kept frame, or when a small
grayscale signature (24x14) barely differs from the last kept one: the mean absolute difference,
with the centre 60 % x 60 % weighted 2.8, is at most 3.0 and no tile of a 4x3 grid differs by 10
or more (a small local change still counts). A frame is kept anyway when 8 s or more have passed
since the last kept one (keepalive), or when it is one of the event frames the formal mode always
keeps (:data:`FORCE_KEEP_LABELS`). The class is pure: no clock, no I/O; timestamps are given.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field

import numpy as np

# Event frames the formal (event_only) mode always keeps; only the observe_after capture may drop.
FORCE_KEEP_LABELS = frozenset(
    {
        "initial trajectory snapshot",
        "post-exec snapshot",
        "post-skip snapshot",
        "post-stop_execute snapshot",
        "post-reset snapshot",
        "post-exec fallback kept",
    }
)
FALLBACK_LABEL = "post-exec fallback kept"


@dataclass(frozen=True)
class FrameFilterConfig:
    """The formal settings (the notes' values, not the agent's older constructor defaults)."""

    enabled: bool = True
    approx: bool = True
    signature_size: tuple[int, int] = (24, 14)
    tiles: tuple[int, int] = (4, 3)
    centre_ratio: tuple[float, float] = (0.6, 0.6)
    centre_weight: float = 2.8
    diff_threshold: float = 3.0
    peak_tile_guard: float = 10.0
    keepalive_s: float = 8.0
    force_labels: frozenset[str] = FORCE_KEEP_LABELS


@dataclass(frozen=True)
class FrameDecision:
    kept: bool
    reason: str  # forced_event | new_frame | local_peak_change | keepalive | exact_duplicate | ...
    sha1: str
    mean_diff: float | None = None
    peak_tile_diff: float | None = None


@dataclass
class FrameFilter:
    """Keep/drop decisions plus the counters written to ``frame_filter_summary.json``."""

    config: FrameFilterConfig = field(default_factory=FrameFilterConfig)
    counts: dict[str, int] = field(default_factory=dict)
    _last_sha1: str | None = None
    _last_signature: np.ndarray | None = None
    _last_kept_at: float | None = None

    def decide(self, jpeg: bytes, at_s: float, label: str) -> FrameDecision:
        """Whether the frame taken at ``at_s`` (seconds, any origin) under ``label`` is shown."""
        sha1 = hashlib.sha1(jpeg).hexdigest()
        signature = _signature(jpeg, self.config.signature_size) if self.config.approx else None
        decision = self._judge(sha1, signature, at_s, label)
        self._count(decision, label, len(jpeg))
        if decision.kept:
            self._last_sha1 = sha1
            # A frame that cannot be decoded keeps the earlier baseline (as Mine Odyssey does).
            self._last_signature = signature if signature is not None else self._last_signature
            self._last_kept_at = at_s
        return decision

    def _judge(
        self, sha1: str, signature: np.ndarray | None, at_s: float, label: str
    ) -> FrameDecision:
        cfg = self.config
        if not cfg.enabled:
            return FrameDecision(True, "filter_disabled", sha1)
        if label in cfg.force_labels:
            return FrameDecision(True, "forced_event", sha1)
        if sha1 == self._last_sha1:
            return self._keepalive(FrameDecision(False, "exact_duplicate", sha1), at_s)
        if signature is None or self._last_signature is None:
            return FrameDecision(True, "new_frame", sha1)
        mean = centre_weighted_mean_diff(
            signature, self._last_signature, cfg.centre_ratio, cfg.centre_weight
        )
        peak = peak_tile_diff(signature, self._last_signature, cfg.tiles)
        if mean > cfg.diff_threshold:
            return FrameDecision(True, "new_frame", sha1, mean, peak)
        if peak >= cfg.peak_tile_guard:
            return FrameDecision(True, "local_peak_change", sha1, mean, peak)
        return self._keepalive(FrameDecision(False, "approx_duplicate", sha1, mean, peak), at_s)

    def _keepalive(self, dropped: FrameDecision, at_s: float) -> FrameDecision:
        last = self._last_kept_at
        if last is not None and at_s - last >= self.config.keepalive_s:
            return FrameDecision(True, "keepalive", dropped.sha1, dropped.mean_diff)
        return dropped

    def _count(self, decision: FrameDecision, label: str, size: int) -> None:
        outcome = "kept" if decision.kept else "dropped"
        for key in ("total", outcome, f"{outcome}:{decision.reason}", f"label:{label}"):
            self.counts[key] = self.counts.get(key, 0) + 1
        self.counts[f"bytes_{outcome}"] = self.counts.get(f"bytes_{outcome}", 0) + size

    def note_fallback(self) -> None:
        """Counts a dropped frame re-inserted as ``post-exec fallback kept``."""
        self.counts["fallback_reinserted"] = self.counts.get("fallback_reinserted", 0) + 1

    def summary(self) -> dict[str, object]:
        """The ``frame_filter_summary.json`` content."""
        total = self.counts.get("total", 0)
        kept = self.counts.get("kept", 0)
        return {
            "screenshot_frames_total": total,
            "screenshot_frames_kept": kept,
            "screenshot_frames_dropped": self.counts.get("dropped", 0),
            "keep_ratio": kept / total if total else 0.0,
            "fallback_reinserted": self.counts.get("fallback_reinserted", 0),
            "counts": dict(sorted(self.counts.items())),
        }


def _signature(jpeg: bytes, size: tuple[int, int]) -> np.ndarray | None:
    """A tiny grayscale image (bilinear), or None when the bytes are not an image."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(jpeg)) as image:
            small = image.convert("L").resize(size, Image.Resampling.BILINEAR)
            return np.asarray(small, dtype=np.int16)
    except (UnidentifiedImageError, OSError, ValueError):
        return None


def centre_weighted_mean_diff(
    a: np.ndarray, b: np.ndarray, ratio: tuple[float, float], weight: float
) -> float:
    """Mean absolute difference with the centred ``ratio`` rectangle weighted ``weight``."""
    height, width = a.shape
    roi_w = min(width, max(round(width * ratio[0]), 1))
    roi_h = min(height, max(round(height * ratio[1]), 1))
    x0, y0 = (width - roi_w) // 2, (height - roi_h) // 2
    weights = np.ones(a.shape)
    weights[y0 : y0 + roi_h, x0 : x0 + roi_w] = max(weight, 0.0)
    diff = np.abs(a.astype(np.int32) - b.astype(np.int32))
    return float((weights * diff).sum() / weights.sum())


def peak_tile_diff(a: np.ndarray, b: np.ndarray, tiles: tuple[int, int]) -> float:
    """The largest mean absolute difference over a ``cols x rows`` grid of tiles."""
    height, width = a.shape
    cols, rows = tiles
    diff = np.abs(a.astype(np.int32) - b.astype(np.int32))
    peak = 0.0
    for row in range(rows):
        y0, y1 = row * height // rows, (row + 1) * height // rows
        for col in range(cols):
            x0, x1 = col * width // cols, (col + 1) * width // cols
            if y1 > y0 and x1 > x0:
                peak = max(peak, float(diff[y0:y1, x0:x1].mean()))
    return peak
