"""The duplicate-frame filter: exact and approximate dedup, the local-change guard, keepalive,
forced event frames and the counters."""

from __future__ import annotations

import io

import numpy as np
from loop_fakes import jpeg
from PIL import Image

from odyssey.agents.llm.frames import (
    FORCE_KEEP_LABELS,
    FrameFilter,
    FrameFilterConfig,
    centre_weighted_mean_diff,
    peak_tile_diff,
)

OBS = "observe_after snapshot"


def _jpeg_from(array: np.ndarray) -> bytes:
    out = io.BytesIO()
    Image.fromarray(array.astype(np.uint8)).convert("RGB").save(out, "PNG")  # lossless
    return out.getvalue()


def test_identical_frames_are_dropped_and_distinct_kept() -> None:
    f = FrameFilter()
    assert f.decide(jpeg(50), 0.0, OBS).kept
    again = f.decide(jpeg(50), 1.0, OBS)
    assert (again.kept, again.reason) == (False, "exact_duplicate")
    assert f.decide(jpeg(150), 2.0, OBS).reason == "new_frame"
    assert f.counts["kept"] == 2 and f.counts["dropped"] == 1
    assert f.summary()["screenshot_frames_total"] == 3


def test_nearly_identical_frames_are_dropped() -> None:
    f = FrameFilter()
    f.decide(jpeg(100), 0.0, OBS)
    near = f.decide(jpeg(101), 1.0, OBS)
    assert (near.kept, near.reason) == (False, "approx_duplicate")
    assert near.mean_diff is not None and near.mean_diff <= 3.0


def test_a_small_local_change_is_kept_by_the_peak_tile_guard() -> None:
    base = np.full((140, 240), 100)
    changed = base.copy()
    changed[0:35, 0:60] = 140  # one corner tile (outside the centre) brightens by 40
    f = FrameFilter()
    f.decide(_jpeg_from(base), 0.0, OBS)
    d = f.decide(_jpeg_from(changed), 1.0, OBS)
    assert d.mean_diff is not None and d.mean_diff <= 3.0
    assert (d.kept, d.reason) == (True, "local_peak_change")


def test_keepalive_after_eight_seconds() -> None:
    f = FrameFilter()
    f.decide(jpeg(80), 0.0, OBS)
    assert not f.decide(jpeg(80), 7.9, OBS).kept
    d = f.decide(jpeg(80), 8.0, OBS)
    assert (d.kept, d.reason) == (True, "keepalive")


def test_event_frames_are_always_kept() -> None:
    f = FrameFilter()
    f.decide(jpeg(80), 0.0, OBS)
    for label in sorted(FORCE_KEEP_LABELS):
        assert f.decide(jpeg(80), 0.1, label).reason == "forced_event"
    assert f.counts["label:post-exec snapshot"] == 1


def test_disabled_filter_and_undecodable_bytes_keep_frames() -> None:
    f = FrameFilter(FrameFilterConfig(enabled=False))
    assert f.decide(jpeg(1), 0, OBS).kept and f.decide(jpeg(1), 0, OBS).kept
    g = FrameFilter()
    g.decide(b"not an image", 0, OBS)
    assert g.decide(b"also not an image", 0, OBS).kept
    assert not g.decide(b"also not an image", 0, OBS).kept


def test_weighted_diff_and_peak_tile_by_hand() -> None:
    a = np.zeros((14, 24), dtype=np.int16)
    b = a.copy()
    b[0, 0] = 100  # an edge pixel: weight 1 of total 24*14 - 14*8 + 14*8*2.8
    total = 24 * 14 - 14 * 8 + 14 * 8 * 2.8
    assert abs(centre_weighted_mean_diff(a, b, (0.6, 0.6), 2.8) - 100 / total) < 1e-9
    # The top-left tile of a 4x3 grid is 6x4 pixels: its mean is 100/24.
    assert abs(peak_tile_diff(a, b, (4, 3)) - 100 / 24) < 1e-9
