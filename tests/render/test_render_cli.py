"""``odyssey render`` as a user runs it: a real subprocess on the built-in demo world or a saved
world folder, real image files out, and one-line errors (exit code 2, no traceback) for bad
arguments."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_MAGIC = b"\xff\xd8\xff"
SIZE = "160x90"
FAST = ("--size", SIZE, "--render-distance", "4")  # small and near: each run stays ~1-2 s


def odyssey_render(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m odyssey render ARGS`` in ``cwd`` (an empty folder: a folder named like
    a built-in world there would be taken for it)."""
    return subprocess.run(
        [sys.executable, "-m", "odyssey", "render", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def rgb(path: Path) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(path.read_bytes())).convert("RGB"))


def luminance(image: np.ndarray) -> float:
    return float((image.astype(np.float64) @ np.array([0.2126, 0.7152, 0.0722])).mean())


@pytest.fixture(scope="module")
def spawn() -> tuple[str, str, str]:
    """The demo world's spawn (feet on the ground beside the central crossing)."""
    from odyssey.world.generate import generate_demo_world

    return tuple(str(v) for v in generate_demo_world(seed=0).info.spawn)  # type: ignore[return-value]


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("render_cli")


@pytest.fixture(scope="module")
def first_person(spawn: tuple[str, str, str], out_dir: Path) -> Path:
    """A plain first-person PNG of the demo world, shared by the tests that compare with it."""
    out = out_dir / "first.png"
    done = odyssey_render(
        "demo", "--at", *spawn, "--yaw", "0", "--pitch", "10", *FAST, "--out", str(out), cwd=out_dir
    )
    assert done.returncode == 0, done.stderr
    return out


def test_png_of_the_demo_world(first_person: Path):
    data = first_person.read_bytes()
    assert data.startswith(PNG_MAGIC)
    image = rgb(first_person)
    assert image.shape == (90, 160, 3)
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 50  # a scene, not a blank frame
    assert not first_person.with_name("first.png.tmp").exists()  # written atomically


def test_jpeg_from_a_world_folder_with_a_waypoint(demo_world, demo_world_dir, out_dir: Path):
    x, y, z = demo_world.info.spawn
    out = out_dir / "folder.jpg"
    args = ["--at", str(x), str(y), str(z), "--yaw", "0", *FAST]
    done = odyssey_render(
        str(demo_world_dir),
        *args,
        "--waypoint",
        f"Goal,{x},{y},{z + 12},GL,12",
        "--out",
        str(out),
        cwd=out_dir,
    )
    assert done.returncode == 0, done.stderr
    assert "wrote" in done.stdout and "160x90" in done.stdout
    data = out.read_bytes()
    assert data.startswith(JPEG_MAGIC) and data.endswith(b"\xff\xd9")
    assert Image.open(out).size == (160, 90)
    plain = out_dir / "plain.jpg"
    assert (
        odyssey_render(str(demo_world_dir), *args, "--out", str(plain), cwd=out_dir).returncode == 0
    )
    # the marker (red box, white "GL" and "12.0m") is the difference
    diff = np.abs(rgb(out).astype(np.int64) - rgb(plain)).max(axis=2) > 40
    assert diff.sum() > 30
    ys, xs = np.nonzero(diff)
    assert 50 < xs.mean() < 110 and 25 < ys.mean() < 65  # near the screen's centre


def test_map_screen(spawn, first_person: Path, out_dir: Path):
    out = out_dir / "map.png"
    done = odyssey_render("demo", "--at", *spawn, *FAST, "--map", "--out", str(out), cwd=out_dir)
    assert done.returncode == 0, done.stderr
    image = rgb(out)
    assert image.shape == (90, 160, 3)
    # top-down: no sky at the top, unlike the first-person view, and the red player arrow
    sky = np.array([120, 167, 255])
    assert np.all(np.abs(rgb(first_person)[0, 0].astype(int) - sky) < 30)
    assert (np.abs(image[:10].astype(int) - sky).max(axis=2) < 30).mean() < 0.05
    centre = image[30:60, 65:95].reshape(-1, 3).astype(int)
    assert np.any((centre[:, 0] > 180) & (centre[:, 1] < 60) & (centre[:, 2] < 60))


def test_six_view(spawn, out_dir: Path):
    out = out_dir / "six.png"
    done = odyssey_render(
        "demo", "--at", *spawn, *FAST, "--view", "six", "--out", str(out), cwd=out_dir
    )
    assert done.returncode == 0, done.stderr
    image = rgb(out)
    assert image.shape == (90, 160, 3)
    up, feet = image[12:45, :53], image[12:45, 53:106]  # below the tiles' captions
    assert luminance(up) > luminance(feet)  # bright sky above, ground below
    assert up.reshape(-1, 3)[:, 2].mean() > 200  # the up tile is blue sky


def test_midnight_with_the_torch_is_darker_than_noon(spawn, first_person: Path, out_dir: Path):
    out = out_dir / "night.png"
    args = ["--at", *spawn, "--yaw", "0", "--pitch", "10", *FAST]
    done = odyssey_render(
        "demo", *args, "--time", "midnight", "--torch", "--out", str(out), cwd=out_dir
    )
    assert done.returncode == 0, done.stderr
    assert luminance(rgb(out)) < 0.5 * luminance(rgb(first_person))


BAD_ARGUMENTS = {  # id: (world, --at, --out file name, further options, what the error names)
    "size-text": ("demo", "3 70 0", "shot.png", ["--size", "abc"], "--size abc"),
    "size-zero": ("demo", "3 70 0", "shot.png", ["--size", "0x10"], "--size 0x10"),
    "size-huge": ("demo", "3 70 0", "shot.png", ["--size", "9000x10"], "--size 9000x10"),
    "view": ("demo", "3 70 0", "shot.png", ["--view", "sideways"], "view"),
    "waypoint": ("demo", "3 70 0", "shot.png", ["--waypoint", "Goal,1,2"], "--waypoint"),
    "extension": ("demo", "3 70 0", "shot.gif", [], ".png, .jpg or .jpeg"),
    "folder": ("demo", "3 70 0", "no/such/folder/shot.png", [], "does not exist"),
    "no-chunk": ("demo", "5000 70 5000", "shot.png", [], "has no chunk there"),
    "world": ("no_such_world", "3 70 0", "shot.png", [], "no such world folder"),
}


@pytest.mark.parametrize("case", sorted(BAD_ARGUMENTS))
def test_bad_arguments_give_one_error_line(tmp_path: Path, case: str):
    world, at, name, options, expected = BAD_ARGUMENTS[case]
    out = tmp_path / name
    done = odyssey_render(world, "--at", *at.split(), *options, "--out", str(out), cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr
    assert expected in lines[0]
    assert not any(tmp_path.rglob("*.*"))  # nothing written
