"""MCU episodes and runs: the files an episode leaves, infrastructure failures never scored,
resuming a run, the report, and ``odyssey mcu run`` on configurations from a folder."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import ClassVar

import pytest

from mcu_small_tasks import JUMP, STICK
from odyssey.episode.protocol import Wait
from odyssey.mcu.actions import Craft
from odyssey.mcu.config import write_config
from odyssey.mcu.episode import SETUP_FAILED, run_mcu_episode
from odyssey.mcu.needs import McuError
from odyssey.mcu.play import AGENT_CRASH, SUCCESS, TIME_LIMIT
from odyssey.mcu.report import summarise, write_report
from odyssey.mcu.run import load_results, run_mcu


class Crafter:
    """Waits a second, then crafts sticks with the recipe book."""

    name: ClassVar[str] = "crafter"
    privileged: ClassVar[bool] = False

    def __init__(self) -> None:
        self.turn = 0

    def start(self, observation) -> None:
        assert observation.privileged is None  # not privileged: no game in its observation
        assert "oak_planks" in {item for _, item, _ in observation.inventory}

    def act(self, observation):
        self.turn += 1
        return Wait(20) if self.turn == 1 else Craft("stick")


class Crasher(Crafter):
    def act(self, observation):
        raise RuntimeError("the agent broke")


def test_an_episode_writes_its_files_and_is_scored(tmp_path) -> None:
    result = run_mcu_episode(STICK, Crafter(), tmp_path, record=False)
    assert result["success"] and result["terminal_reason"] == SUCCESS
    assert result["scored"] and not result["infrastructure_error"]
    assert result["decisions"] == 2 and result["game_seconds"] == 1.0
    assert json.loads((tmp_path / "completion.json").read_text()) == result
    setup = json.loads((tmp_path / "setup.json").read_text())
    assert setup == [{"command": "/give @s minecraft:oak_planks 4", "translated":
                      "/give @s minecraft:oak_planks 4", "ok": True, "message": setup[0]["message"],
                      "known": None}]  # fmt: skip
    actions = [json.loads(line) for line in (tmp_path / "actions.jsonl").read_text().splitlines()]
    assert actions[-1] == {"tick": 20, "action": {"type": "Craft", "item": "stick", "times": 1}}
    assert "craft to stick" in (tmp_path / "task.yaml").read_text()


def test_failures_of_the_setup_and_the_agent_are_infrastructure(tmp_path) -> None:
    bad = STICK.model_copy(update={"custom_init_commands": ("/give @s minecraft:no_such_item",)})
    result = run_mcu_episode(bad, Crafter(), tmp_path / "a", record=False)
    assert result["terminal_reason"] == SETUP_FAILED and not result["scored"]
    assert "no_such_item" in result["error"]
    crashed = run_mcu_episode(STICK, Crasher(), tmp_path / "b", record=False)
    assert crashed["terminal_reason"] == AGENT_CRASH and crashed["infrastructure_error"]
    assert "the agent broke" in crashed["error"]


def test_a_run_resumes_and_reports(tmp_path) -> None:
    seen: list[dict] = []
    run_dir = run_mcu([STICK, JUMP], ["noop"], tmp_path / "run", seeds=[0, 1],
                      options={"record": False}, progress=seen.append)  # fmt: skip
    assert len(seen) == 4 and all(r["terminal_reason"] == TIME_LIMIT for r in seen)
    again: list[dict] = []
    run_mcu([STICK, JUMP], ["noop"], run_dir, seeds=[0, 1], options={"record": False},
            progress=again.append)  # fmt: skip
    assert again == []  # everything was finished: nothing played twice
    with pytest.raises(McuError, match="different run"):
        run_mcu([STICK], ["noop"], run_dir, seeds=[0, 1])
    results = load_results(run_dir)
    assert len(results) == 4
    summary = summarise(results)
    group = summary["groups"][0]
    assert group["overall"]["scored"] == 4 and group["overall"]["success_rate"] == 0.0
    assert set(group["categories"]) == {"craft", "motion"}
    page = write_report(run_dir)
    assert "Craft Tools" in (run_dir / "report.md").read_text()
    assert "craft_to_stick" in page.read_text()
    assert (run_dir / "mcu-categories.png").stat().st_size > 1000


def test_the_cli_runs_configurations_from_a_folder(tmp_path) -> None:
    folder = tmp_path / "configs"
    write_config(STICK, folder / "craft_to_stick.yaml")
    write_config(JUMP, folder / "jump.yaml")
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "odyssey", "mcu", "run", "--tasks", str(folder), "--agent",
           "noop", "--agent", "random", "--no-record", "--out", str(out)]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| noop | simple | 2 |" in done.stdout and "| random | simple | 2 |" in done.stdout
    assert (out / "report.html").is_file()
    runs = [sys.executable, "-m", "odyssey", "runs"]
    listed = subprocess.run([*runs, "list", "--runs", str(tmp_path)], capture_output=True,
                            text=True, timeout=120)  # fmt: skip
    assert listed.returncode == 0 and "mcu" in listed.stdout and "4/4" in listed.stdout
    shown = subprocess.run([*runs, "show", str(out)], capture_output=True, text=True,
                           timeout=120)  # fmt: skip
    assert "| random | simple | 2 |" in shown.stdout
    bad = subprocess.run([*cmd[:6], str(tmp_path / "nothing-here"), "--out", str(tmp_path / "x")],
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert bad.returncode == 2 and "error:" in bad.stderr and "Traceback" not in bad.stderr


def test_minestudio_configurations_from_their_folder_run(tmp_path) -> None:
    from conftest import SHARED, shared_path
    from odyssey.mcu.suite import resolve_tasks

    folder = shared_path(SHARED / "reference/mcu-data/minestudio/benchmark/task_configs")
    configs = resolve_tasks(str(folder), "hard")
    assert len(configs) == 77 and {c.difficulty for c in configs} == {"hard"}
    picked = [c for c in configs if c.id in ("sleep_in_bed", "collect_wood", "combat_spiders")]
    picked = [c.model_copy(update={"time_limit_s": 2.0}) for c in picked]
    run_dir = run_mcu(picked, ["noop"], tmp_path / "run", difficulty="hard",
                      options={"record": False})  # fmt: skip
    results = load_results(run_dir)
    assert len(results) == 3
    assert all(r["scored"] and not r["programmatic"] and r["judge"] == "autoeval" for r in results)
    assert all(r["setup_failures"] == 0 and r["setup_commands"] > 3 for r in results)
    summary = summarise(results)["groups"][0]["overall"]
    assert summary["open_ended"] == 3 and summary["success_rate"] is None
