"""``odyssey nav path`` as a real subprocess on a saved world."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from odyssey.world.anvil import save_world
from odyssey.world.generate import GENERATED_DIMENSION
from odyssey.world.storage import World


def odyssey(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "odyssey.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """A walled floor split by a wall with an oak door, saved as an Anvil world."""
    world = World(GENERATED_DIMENSION)
    world.fill((0, 63, 0), (24, 64, 12), "stone")
    world.fill((12, 64, 0), (13, 67, 12), "stone_bricks")
    world.set_block(12, 64, 6, "oak_door[facing=east,half=lower]")
    world.set_block(12, 65, 6, "oak_door[facing=east,half=upper]")
    return save_world(world, tmp_path_factory.mktemp("hall") / "world", last_played_ms=0)


def test_path_through_a_door_is_planned_written_and_followed(hall, tmp_path):
    out = tmp_path / "route.json"
    result = odyssey(
        "nav", "path", str(hall), "--from", "2.5", "64", "6.5", "--via", "10 64 6",
        "--to", "20.5", "64", "6.5", "--radius", "0.6", "--out", str(out), "--follow",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "status reachable" in result.stdout
    assert "expansions" in result.stdout and "open door at [12, 64, 6]" in result.stdout
    assert "stop 1: reached" in result.stdout and "stop 2: reached" in result.stdout
    data = json.loads(out.read_text())
    assert data["status"] == "reachable" and len(data["segments"]) == 2
    assert data["length_blocks"] == pytest.approx(17.4, abs=0.6)
    assert [s["action"] for s in data["steps"]].count("open_door") == 1
    assert data["follow"]["reached"] == [True, True]


def test_unreachable_is_a_verdict_with_exit_code_1(hall):
    # the top of the 3-block wall: no step or ladder leads up there
    result = odyssey(
        "nav", "path", str(hall), "--from", "2.5", "64", "2.5", "--to", "12.5", "67", "2.5",
        "--radius", "0.6", "--radius-y", "0.3",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert "status unreachable" in result.stdout


def test_target_outside_the_world_is_a_clear_error(hall):
    result = odyssey(
        "nav", "path", str(hall), "--from", "2.5", "64", "2.5", "--to", "2.5", "64", "300",
    )  # fmt: skip
    assert result.returncode == 2
    assert "outside the loaded world" in result.stderr and "Traceback" not in result.stderr


def test_bad_via_and_profile_are_named(hall):
    bad = odyssey("nav", "path", str(hall), "--from", "2.5", "64", "6.5", "--to", "20", "64", "6",
                  "--via", "1 2")  # fmt: skip
    assert bad.returncode == 2 and "--via" in bad.stderr
    prof = odyssey("nav", "path", str(hall), "--from", "2.5", "64", "6.5", "--to", "20", "64", "6",
                   "--profile", "parkour")  # fmt: skip
    assert prof.returncode == 2 and "unknown movement profile 'parkour'" in prof.stderr
