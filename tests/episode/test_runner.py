"""The episode runner on the built-in palace and hotel maps: real verifier, nav and game."""

# ruff: noqa: F811 (the env fixture is imported from episode_env and named as a parameter)

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import typer
from episode_env import STOPS, catalog_data, env, run  # noqa: F401
from typer.testing import CliRunner

from conftest import SHARED, shared_path
from odyssey.agents import OracleAgent, RandomAgent
from odyssey.cli.episode_cmd import episode_app
from odyssey.episode.protocol import Hold, Observation, Use
from odyssey.episode.results import RESULT_FILES, read_jsonl
from odyssey.episode.runner import EpisodeError, run_episode
from odyssey.episode.settings import Settings, SettingsError, load_settings, parse_settings
from odyssey.episode.view import EvalSettingError

SETTINGS_FILE = SHARED / "reference" / "mineodyssey-formats" / "settings.final-navigation-v1.json"


def fingerprint_v1(folder: Path) -> str:
    """sha256-relative-path-and-content-v1, written out independently of odyssey's."""
    h = hashlib.sha256()
    for f in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        h.update(f.relative_to(folder).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def stripped_positions(out: Path) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "sampled_at_utc"}
            for r in read_jsonl(out / "positions.jsonl")]  # fmt: skip


@pytest.mark.parametrize("task_id", list(STOPS))
def test_oracle_succeeds_and_writes_every_file(env, task_id, tmp_path):
    task = env["tasks"][task_id]
    summary = run(env, task_id, OracleAgent(), tmp_path, reference_length=20.0)
    assert summary["success"] and summary["scored"], summary
    assert summary["terminal_reason"] == "claim_done_arrived"
    assert {p.name for p in tmp_path.iterdir()} == {
        *RESULT_FILES,
        "snapshot-after-run.json",
        "agent-record",
    }
    snapshot = json.loads((tmp_path / "snapshot-after-run.json").read_text())
    assert snapshot["verified"] and snapshot["expected"] == snapshot["actual"]
    assert snapshot["artifact_kind"] == "navigation-post-run-snapshot-check"
    assert snapshot["expected"]["value"] == fingerprint_v1(env["maps"][task.map_id])

    completion = json.loads((tmp_path / "completion.json").read_text())
    assert completion["terminal"] and completion["oracle_arrived"]
    assert not completion["infrastructure_error"] and completion["task_id"] == task_id
    assert completion["arrival"] == {"radius_3d": 3.5, "radius_y": 1.5, "sample_interval_sec": 1.0}
    assert [r["waypoint_id"] for r in completion["reached"]] == [s.waypoint_id for s in task.stops]

    metrics = json.loads((tmp_path / "metrics.json").read_text())
    cp = metrics["checkpoints"]
    assert (
        cp["complete"] and cp["coverage"] == 1.0 and cp["ordered_total"] == len(STOPS[task_id]) - 2
    )
    assert metrics["path_length_3d"] > 0 and 0 < metrics["static_spl"] <= 1.0
    assert metrics["success"] and metrics["final_distance_3d"] < 3.5

    rows = read_jsonl(tmp_path / "positions.jsonl")
    assert [r["elapsed_sec"] for r in rows] == [float(i) for i in range(len(rows))]
    assert all(r["sampled_at_utc"].endswith("Z") and "block_position" in r for r in rows)
    assert rows[-1]["oracle_arrived"] and not rows[0]["oracle_arrived"]
    events = read_jsonl(tmp_path / "evaluator-events.jsonl")
    assert [e["kind"] for e in events] == ["required_waypoint_recorded"] * (len(task.stops) - 1) + [
        "final_destination_recorded"
    ]

    claims = read_jsonl(tmp_path / "claims.jsonl")
    assert len(claims) == 1 and claims[0]["response"]["reason"] == "arrived"
    assert len(claims[0]["request"]["claim_id"]) == 32

    run_json = json.loads((tmp_path / "run.json").read_text())
    assert run_json["task_digest"] == task.digest and run_json["clock"]["kind"] == "lockstep"
    assert run_json["game"]["gamemode"] == "adventure" and run_json["game"]["time_of_day"] == 6000
    assert run_json["game"]["hotbar"] == {"2": "minecraft:torch"}
    assert run_json["agent"] == {"name": "oracle", "privileged": True, "seed": 0}
    supervisor = json.loads((tmp_path / "supervisor.json").read_text())
    assert supervisor["success"] and supervisor["terminal_reason"] == "claim_done_arrived"
    agent = json.loads((tmp_path / "agent-result.json").read_text())
    assert agent["agent_started"] and agent["agent_status"] == "finished"
    assert agent["decision_count"] == summary["decision_count"] > 0


@pytest.mark.parametrize("task_id", ["palace-001", "hotel-001"])
def test_random_agent_fails(env, task_id, tmp_path):
    summary = run(env, task_id, RandomAgent(seed=3), tmp_path)
    assert not summary["success"] and summary["scored"] and not summary["infrastructure_error"]
    completion = json.loads((tmp_path / "completion.json").read_text())
    assert completion["terminal_reason"] in {"claim_attempts_exhausted", "step_limit", "death"}
    assert not json.loads((tmp_path / "run.json").read_text())["agent"]["privileged"]


def test_map_on_disk_is_unchanged(env, tmp_path):
    folder = env["maps"]["palace"]
    before = fingerprint_v1(folder)
    assert run(env, "palace-001", OracleAgent(), tmp_path)["success"]  # it opens doors
    assert fingerprint_v1(folder) == before
    # and the next episode starts from the map as built: doors shut again
    assert run(env, "palace-001", OracleAgent(), tmp_path / "again")["success"]


class Crashing:
    name = "crashing"
    privileged = False

    def __init__(self, when: str) -> None:
        self.when, self.calls = when, 0

    def start(self, observation: Observation) -> None:
        if self.when == "start":
            raise RuntimeError("boom at start")

    def act(self, observation: Observation):
        self.calls += 1
        if self.when == "act" and self.calls > 3:
            raise RuntimeError("boom in act")
        if self.when == "bad-action":
            return "walk north"
        if self.when == "bad-key":
            return Hold(("fly",), 10)
        return Hold(("forward",), 10)


@pytest.mark.parametrize("when", ["start", "act", "bad-action", "bad-key"])
def test_agent_exception_is_infrastructure(env, when, tmp_path):
    summary = run(env, "hotel-001", Crashing(when), tmp_path)
    assert summary["infrastructure_error"] and not summary["scored"] and not summary["success"]
    assert summary["terminal_reason"] == "agent_crash"
    completion = json.loads((tmp_path / "completion.json").read_text())
    assert completion["infrastructure_error"] and not completion["scored"]
    agent = json.loads((tmp_path / "agent-result.json").read_text())
    assert agent["agent_status"] == "crashed" and agent["error"]
    assert agent["agent_started"] == (when != "start")
    assert json.loads((tmp_path / "supervisor.json").read_text())["infrastructure_error"]


def test_lockstep_is_deterministic(env, tmp_path):
    for agent in (OracleAgent, lambda: RandomAgent(seed=7)):
        a = run(env, "palace-002", agent(), tmp_path / "a")
        b = run(env, "palace-002", agent(), tmp_path / "b")
        assert a["decision_count"] == b["decision_count"]
        assert stripped_positions(tmp_path / "a") == stripped_positions(tmp_path / "b")


def test_privileged_info_only_for_privileged_agents(env, tmp_path):
    seen: list[Observation] = []

    class Spy(RandomAgent):
        def act(self, observation):
            seen.append(observation)
            return super().act(observation)

    run(env, "palace-001", Spy(), tmp_path, max_decisions=5)
    assert len(seen) == 5 and all(o.privileged is None for o in seen)
    completion = json.loads((tmp_path / "completion.json").read_text())
    assert completion["terminal_reason"] == "step_limit" and completion["scored"]


def test_eval_setting_time_and_bad_clock(env, tmp_path):
    task = env["tasks"]["palace-001"]
    night = task.model_copy(update={"eval_setting": {**task.eval_setting, "time": "midnight"}})
    run_episode(night, env["maps"]["palace"], RandomAgent(), tmp_path, max_decisions=1)
    assert json.loads((tmp_path / "run.json").read_text())["game"]["time_of_day"] == 18000
    bad = task.model_copy(update={"eval_setting": {**task.eval_setting, "time": "teatime"}})
    with pytest.raises(EvalSettingError, match=r"palace-001: eval_setting.time"):
        run_episode(bad, env["maps"]["palace"], RandomAgent(), tmp_path)
    with pytest.raises(EpisodeError, match="clock 'fast' is not one of lockstep, paused, realtime"):
        run_episode(task, env["maps"]["palace"], RandomAgent(), tmp_path, clock="fast")


def test_settings_defaults_equal_the_formal_file():
    assert load_settings(shared_path(SETTINGS_FILE)) == Settings()
    data = json.loads(SETTINGS_FILE.read_text())
    assert Settings().to_json() == {
        **data,
        "arrival": {**data["arrival"], "sample_interval_sec": 1.0},
    }


def test_settings_unknown_field_is_named():
    with pytest.raises(SettingsError, match=r"s.json: runtime.gamemod: unknown field"):
        parse_settings({"runtime": {"gamemod": "adventure"}}, "s.json")
    with pytest.raises(SettingsError, match=r"limits.max_assistant_steps"):
        parse_settings({"limits": {"max_assistant_steps": 0}}, "s.json")


def test_cli_runs_an_episode(env, tmp_path):
    runner, app = CliRunner(), typer.Typer()
    app.add_typer(episode_app, name="episode")  # as the lead registers it
    args = ["episode", "run", "--task", "hotel-001", "--catalog", str(env["catalog"]), "--maps",
            "palace,hotel", "--out", str(tmp_path / "o")]  # fmt: skip
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(env["root"] / "cache"))
        result = runner.invoke(app, [*args, "--agent", "oracle"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["success"]
        result = runner.invoke(app, [*args, "--agent", "random", "--seed", "2"])
        assert result.exit_code == 2 and not json.loads(result.output)["success"]
        result = runner.invoke(app, [*args, "--agent", "nobody"])
        assert result.exit_code == 2 and "nobody" in result.output


def test_settings_apply_to_the_episode(env, tmp_path):
    settings = parse_settings({"completion": {"claim_attempt_limit": 1}})
    agent = RandomAgent(seed=1, claim_after=2)
    summary = run(env, "palace-001", agent, tmp_path, settings=settings)
    assert summary["terminal_reason"] == "claim_attempts_exhausted"
    assert len(read_jsonl(tmp_path / "claims.jsonl")) == 1
    assert json.loads((tmp_path / "run.json").read_text())["settings"]["completion"] == {
        "action": "claim_done",
        "claim_attempt_limit": 1,
    }


def test_use_out_of_reach_is_ignored(env, tmp_path):
    class FarUser(RandomAgent):
        def act(self, observation):
            if self.decisions == 0:
                self.decisions += 1
                return Use((500, 64, 500))
            return super().act(observation)

    summary = run(env, "palace-001", FarUser(), tmp_path, max_decisions=3)
    assert summary["terminal_reason"] == "step_limit" and summary["scored"]
    assert json.loads((tmp_path / "agent-result.json").read_text())["ignored_uses"] == 1


def test_runtime_settings_set_the_game_rules(env, tmp_path):
    moving = parse_settings({"runtime": {"time": {"value": 6000, "freeze": False}}})
    run(env, "palace-001", RandomAgent(seed=2), tmp_path, settings=moving, max_decisions=3)
    game = json.loads((tmp_path / "run.json").read_text())["game"]
    assert game["time_frozen"] is False and game["weather_frozen"] is True
    survival = parse_settings({"runtime": {"gamemode": "survival"}})
    with pytest.raises(EpisodeError, match=r"runtime\.gamemode 'survival'"):
        run(env, "palace-001", RandomAgent(), tmp_path / "s", settings=survival)
