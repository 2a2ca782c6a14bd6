"""Evaluation test helpers: a private map/suite cache and snapshots of a run folder's episodes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from odyssey.bench.layout import COMPLETION_JSON, episode_folders, read_attempts


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """ODYSSEY_CACHE in a tmp folder for the module (the demo suite is built there once)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(tmp_path_factory.mktemp("eval-cache") / "cache"))
        from odyssey.tasks.suites import build_suite

        build_suite("demo")
        yield


def snapshot(run_dir: Path) -> dict[str, tuple[int, int, str]]:
    """Per episode folder (relative): completion.json's mtime (ns), the attempts, its text."""
    shot = {}
    for folder in episode_folders(run_dir):
        completion = folder / COMPLETION_JSON
        shot[str(folder.relative_to(run_dir))] = (
            completion.stat().st_mtime_ns if completion.exists() else 0,
            read_attempts(folder),
            completion.read_text() if completion.exists() else "",
        )
    return shot


def results(run_dir: Path) -> dict[str, tuple]:
    """Per episode: what the run must reproduce (success, terminal reason, path lengths)."""
    out = {}
    for folder in episode_folders(run_dir):
        data = json.loads((folder / COMPLETION_JSON).read_text())
        metrics = data.get("metrics") or {}
        out[str(folder.relative_to(run_dir))] = (
            data["success"],
            data["terminal_reason"],
            metrics.get("path_length_3d"),
            metrics.get("path_length_xz"),
        )
    return out
