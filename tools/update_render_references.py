"""Regenerate the renderer's reference images (tests/render/reference/*.png).

Runs the reference-image tests with ODYSSEY_UPDATE_REFERENCES=1, which makes them write what
they render instead of comparing. Look at the new images (and ``git diff --stat``) before
committing them: a reference is only as good as the frame it was taken from.

    python tools/update_render_references.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTS = (
    "tests/render/test_scenes.py",
    "tests/render/test_mech_blocks.py",
    "tests/render/test_gui_screens.py",
)
SELECT = "test_scene_matches_reference or reference"


def main() -> int:
    env = {**os.environ, "ODYSSEY_UPDATE_REFERENCES": "1"}
    command = [sys.executable, "-m", "pytest", *TESTS, "-q", "-k", SELECT, "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=REPO, env=env, check=False)
    if done.returncode == 0:
        folder = REPO / "tests" / "render" / "reference"
        for path in sorted(folder.glob("*.png")):
            print(f"{path.relative_to(REPO)}  {path.stat().st_size / 1024:.1f} KiB")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
