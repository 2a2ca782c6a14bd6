"""The ``odyssey`` command line, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PIL import Image

from conftest import PRISMARINE, shared_path


def odyssey(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "odyssey.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["world"],
        ["blocks"],
        ["demo"],
        ["world", "info"],
        ["world", "topdown"],
        ["world", "generate"],
        ["blocks", "show"],
        ["sim"],
        ["sim", "trace"],
        ["nav"],
        ["nav", "path"],
    ],
)
def test_every_command_has_help(command):
    result = odyssey(*command, "--help")
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout


def test_world_info_on_a_real_world():
    result = odyssey("world", "info", str(shared_path(PRISMARINE / "1.20.6")), "--json")
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["chunks"]["full"] == 16
    assert info["chunk_data_versions"] == {"3839": 16}
    table = odyssey("world", "info", str(PRISMARINE / "1.20.6"))
    assert "chunks full" in table.stdout and "Top blocks" in table.stdout


def test_world_topdown_writes_a_png(tmp_path):
    out = tmp_path / "map.png"
    result = odyssey("world", "topdown", str(shared_path(PRISMARINE / "1.21.1")), "--out", str(out))
    assert result.returncode == 0, result.stderr
    image = Image.open(out)
    assert image.mode == "RGB" and image.size[0] > 0


def test_bad_input_is_one_line_not_a_traceback(tmp_path):
    for args in (
        ["world", "info", str(tmp_path)],
        ["world", "info", str(tmp_path / "nope")],
        ["blocks", "show", "oak_door[open=perhaps]"],
        ["world", "topdown", str(tmp_path), "--out", str(tmp_path / "x.png")],
    ):
        result = odyssey(*args)
        assert result.returncode == 2, args
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_demo_generates_saves_reloads_and_summarises(tmp_path):
    result = odyssey("demo", "--out", str(tmp_path / "demo"))
    assert result.returncode == 0, result.stderr
    assert "blocks read back from Anvil are identical" in result.stdout
    assert "1.21.11 (DataVersion 4671)" in result.stdout
    assert (tmp_path / "demo" / "world" / "level.dat").is_file()
    assert Image.open(tmp_path / "demo" / "topdown.png").size == (128, 128)


def test_world_generate_then_info(tmp_path):
    assert (
        odyssey("world", "generate", str(tmp_path / "w"), "--seed", "3", "--size", "64").returncode
        == 0
    )
    info = json.loads(odyssey("world", "info", str(tmp_path / "w"), "--json").stdout)
    assert info["chunks"]["full"] == 16 and info["height"] == 512


def test_blocks_show():
    result = odyssey("blocks", "show", "oak_fence_gate[open=true]")
    assert result.returncode == 0
    assert (
        "minecraft:oak_fence_gate[facing=north,in_wall=false,open=true,powered=false]"
        in result.stdout
    )
    assert "OPENABLE" in result.stdout and "collision box" not in result.stdout


def test_sim_trace_writes_one_line_per_tick(tmp_path):
    world = tmp_path / "w"
    assert odyssey("world", "generate", str(world), "--size", "64").returncode == 0
    inputs = tmp_path / "in.json"
    inputs.write_text(json.dumps([{"keys": ["forward"], "yaw": 0, "ticks": 5},
                                  {"keys": ["jump"], "pitch": 10, "ticks": 2}]))  # fmt: skip
    out = tmp_path / "trace.jsonl"
    result = odyssey("sim", "trace", "--world", str(world), "--start", "3.5", "70", "0.5",
                     "--inputs", str(inputs), "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["tick"] for line in lines] == list(range(8))
    assert set(lines[0]) == {"tick", "pos", "vel", "yaw", "pitch", "on_ground", "health", "events"}
    assert lines[-1]["pitch"] == 10 and lines[0]["pos"] == [3.5, 70.0, 0.5]
    again = odyssey("sim", "trace", "--world", str(world), "--start", "3.5", "70", "0.5",
                    "--inputs", str(inputs))  # fmt: skip
    assert again.stdout.splitlines() == out.read_text().splitlines()  # reruns are identical


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('[{"keys": ["fly"]}]', "unknown key(s) fly"),
        ('[{"keys": ["forward"], "yaw": NaN}]', "'yaw' must be a finite number"),
        ('[{"keys": ["forward"], "ticks": -1}]', "'ticks' must be a whole number"),
        ('{"keys": []}', "expected a JSON list"),
        ("[{", "not valid JSON"),
    ],
)
def test_sim_trace_bad_inputs_are_one_line(tmp_path, content, message):
    inputs = tmp_path / "in.json"
    inputs.write_text(content)
    result = odyssey("sim", "trace", "--world", "demo", "--start", "3.5", "70", "0.5",
                     "--inputs", str(inputs))  # fmt: skip
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
