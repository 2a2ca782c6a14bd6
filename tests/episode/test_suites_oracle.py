"""The oracle walks every task of the built-in suites under the independent verifier (lockstep),
and the random agent almost never succeeds."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from odyssey.cli.episode_cmd import episode_app
from odyssey.tasks.suites import load_suite, suite_spec
from oracle_runs import run_tasks


def run_suite(name: str, agent: str, out) -> list[dict]:
    catalog, references = load_suite(name)
    return run_tasks(catalog.tasks, references, agent, out)


@pytest.fixture(scope="module")
def demo_cache(tmp_path_factory):
    """A private map and suite cache, shared by this module's demo tests."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(tmp_path_factory.mktemp("suites") / "cache"))
        yield


def test_oracle_succeeds_on_every_demo_task_and_random_on_none(demo_cache, tmp_path):
    oracle = run_suite("demo", "oracle", tmp_path / "oracle")
    assert len(oracle) == 12
    assert [r["task_id"] for r in oracle if not r["success"]] == []
    assert not any(r["infrastructure_error"] for r in oracle)
    random = run_suite("demo", "random", tmp_path / "random")
    assert sum(r["success"] for r in random) <= 1


@pytest.mark.acceptance
def test_oracle_succeeds_on_at_least_95_percent_of_odyssey_v1(tmp_path, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(tmp_path / "cache"))
    results = run_suite("odyssey-v1", "oracle", tmp_path / "oracle")
    assert len(results) == suite_spec("odyssey-v1").task_count
    wins = sum(r["success"] for r in results)
    print(f"odyssey-v1: oracle {wins}/{len(results)}")
    assert wins / len(results) >= 0.95, [r["task_id"] for r in results if not r["success"]]


def test_episode_run_finds_a_demo_task_by_id(demo_cache, tmp_path):
    runner, app = CliRunner(), typer.Typer()
    app.add_typer(episode_app, name="episode")
    out = tmp_path / "ep"
    args = ["episode", "run", "--task", "palace-001", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["success"] and summary["clock"] == "lockstep"
    metrics = json.loads((out / "metrics.json").read_text())
    _, references = load_suite("demo")
    assert metrics["reference_length_blocks"] == references["palace-001"]["reference_length"]
    assert 0 < metrics["static_spl"] <= 1
    assert len(list((out / "agent-record" / "screenshots").iterdir())) >= 3

    random_out = tmp_path / "random"
    args = ["episode", "run", "--task", "palace-001", "--suite", "demo", "--agent", "random",
            "--no-screenshots", "--out", str(random_out)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output  # a scored failure
    assert not (random_out / "agent-record" / "screenshots").exists()
    assert json.loads((random_out / "metrics.json").read_text())["static_spl"] == 0.0

    for bad, message in [
        (["--task", "nowhere-001"], "no task 'nowhere-001' in the demo suite"),
        (["--task", "palace-001", "--suite", "nope"], "no suite 'nope'"),
        (["--task", "palace-001", "--maps", "palace"], "--maps and --references go with"),
        (["--task", "palace-001", "--clock", "fast"], "clock 'fast' is not one of"),
    ]:
        result = runner.invoke(app, ["episode", "run", *bad, "--out", str(tmp_path / "bad")])
        assert result.exit_code == 2 and message in result.output, result.output
