"""Shared test fixtures: paths to ../shared's real Minecraft files and small generated worlds."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
FIXTURE_WORLDS = SHARED / "fixtures" / "worlds"
PRISMARINE = FIXTURE_WORLDS / "prismarine-provider-anvil"
MINESTOM = FIXTURE_WORLDS / "minestom-anvil-loader"
# Full chunks per fixture version (DESIGN.md §7).
FIXTURE_FULL_CHUNKS = {"1.18.2": 27, "1.19.4": 144, "1.20.6": 16, "1.21.1": 16}


def pytest_collection_modifyitems(config, items) -> None:
    """The acceptance tier runs only when asked for (``pytest -m acceptance``)."""
    if "acceptance" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="acceptance tier: run with -m acceptance")
    for item in items:
        if "acceptance" in item.keywords:
            item.add_marker(skip)


def shared_path(path: Path) -> Path:
    """A path under ../shared, skipping the test with a reason when it is absent."""
    if not path.exists():
        pytest.skip(f"{path} is absent: ../shared (real Minecraft files) is not beside the repo")
    return path


@pytest.fixture(scope="session")
def demo_world():
    """The seed-0 demo world, generated once per session (read-only for tests)."""
    from odyssey.world.generate import generate_demo_world

    return generate_demo_world(seed=0, size=64)


@pytest.fixture(scope="session")
def demo_world_dir(tmp_path_factory, demo_world):
    """The demo world saved as an Anvil folder."""
    from odyssey.world.anvil import save_world

    return save_world(demo_world, tmp_path_factory.mktemp("demo") / "world", last_played_ms=0)
