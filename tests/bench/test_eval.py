"""``evaluate`` on the demo suite with real worker processes: results, the run folder, resuming,
retries of crashed workers, and the errors a user must read."""

# ruff: noqa: F811 (the cache fixture is imported from eval_env and named as a parameter)
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from eval_env import cache, snapshot  # noqa: F401
from typer.testing import CliRunner

from odyssey.agents import UnknownAgentError
from odyssey.agents.llm.models import ModelsError
from odyssey.bench.evaluate import RunMismatchError, evaluate
from odyssey.bench.layout import (
    ATTEMPT_JSON,
    COMPLETION_JSON,
    DONE,
    INCOMPLETE,
    RunStoreError,
    episode_folders,
    episode_state,
    read_attempts,
    read_manifest,
)
from odyssey.bench.local import run_local
from odyssey.bench.plan import EpisodeSpec
from odyssey.bench.progress import EvalProgress
from odyssey.bench.rows import load_run_rows
from odyssey.bench.worker import SPEC_FILE, runnable
from odyssey.cli.eval_cmd import eval_app
from odyssey.episode.metrics import aggregate
from odyssey.tasks.suites import TASKS_JSON, suite_dir

AGENTS = ["oracle", "random"]


@pytest.fixture(scope="module")
def demo_run(cache, tmp_path_factory):
    """The whole demo suite with the oracle and the random agent, 2 workers, lockstep."""
    progress = EvalProgress()
    out = tmp_path_factory.mktemp("eval") / "demo-run"
    run_dir = evaluate("demo", AGENTS, workers=2, out=out, progress=progress)
    return run_dir, progress


def test_every_demo_episode_is_scored_oracle_succeeds_and_random_does_not(demo_run):
    run_dir, progress = demo_run
    rows = load_run_rows(run_dir)
    assert len(rows) == 24
    assert {r.state for r in rows} == {DONE}
    figures = {a: aggregate([r.outcome for r in rows if r.agent == a]) for a in AGENTS}
    assert figures["oracle"]["successes"] == 12
    assert figures["oracle"]["infrastructure_errors"] == 0
    assert figures["random"]["successes"] <= 1
    assert progress.agents["oracle"].successes == 12
    assert progress.agents["oracle"].finished == progress.agents["random"].finished == 12
    assert progress.remaining == 0


def test_the_run_folder_holds_the_manifest_and_one_folder_per_episode(demo_run):
    run_dir, _ = demo_run
    manifest = read_manifest(run_dir)
    tasks_json = (suite_dir("demo") / TASKS_JSON).read_bytes()
    assert manifest.suite == {
        "name": "demo",
        "version": "1",
        "digest": hashlib.sha256(tasks_json).hexdigest(),
        "task_count": 12,
    }
    assert (manifest.agents, manifest.seeds, manifest.clock) == (AGENTS, 1, "lockstep")
    assert (manifest.status, manifest.extra["states"]) == ("finished", {DONE: 24})
    task_ids = [t["task_id"] for t in json.loads(tasks_json)["tasks"]]
    expected = {run_dir / "episodes" / a / "s0" / t for a in AGENTS for t in task_ids}
    assert set(episode_folders(run_dir)) == expected
    for folder in expected:
        for name in (COMPLETION_JSON, "run.json", "metrics.json", "positions.jsonl"):
            assert (folder / name).is_file(), folder / name
        attempt = json.loads((folder / ATTEMPT_JSON).read_text())
        assert (attempt["attempts"], attempt["last_error"]) == (1, None)
        spec = EpisodeSpec.from_json((folder / SPEC_FILE).read_text())
        assert spec.folder == folder


def test_resuming_a_finished_run_reruns_nothing(demo_run, tmp_path):
    run_dir = shutil.copytree(demo_run[0], tmp_path / "run")
    before = snapshot(run_dir)
    progress = EvalProgress()
    assert evaluate("demo", AGENTS, workers=2, out=run_dir, progress=progress) == run_dir
    assert snapshot(run_dir) == before
    assert progress.ran_here == 0
    assert progress.agents["oracle"].successes == 12  # kept episodes are tallied


def test_incomplete_missing_and_infrastructure_failed_episodes_are_redone(demo_run, tmp_path):
    run_dir = shutil.copytree(demo_run[0], tmp_path / "run")
    killed = run_dir / "episodes/oracle/s0/palace-002"
    missing = run_dir / "episodes/random/s0/hotel-001"
    infra = run_dir / "episodes/oracle/s0/liner-003"
    (killed / COMPLETION_JSON).unlink()
    shutil.rmtree(missing)
    (infra / COMPLETION_JSON).write_text(json.dumps({"infrastructure_error": True}))
    before = snapshot(run_dir)
    evaluate("demo", AGENTS, workers=2, out=run_dir)
    after = snapshot(run_dir)
    redone = {str(f.relative_to(run_dir)) for f in (killed, missing, infra)}
    assert {k: v for k, v in after.items() if k not in redone} == {
        k: v for k, v in before.items() if k not in redone
    }
    assert all(episode_state(f) == DONE for f in (killed, missing, infra))
    assert (read_attempts(killed), read_attempts(missing), read_attempts(infra)) == (2, 1, 2)
    assert json.loads((infra / COMPLETION_JSON).read_text())["success"] is True


def test_a_crashing_worker_is_retried_up_to_the_limit_and_spares_the_others(cache, tmp_path):
    # evaluate() refuses unknown agents up front; a spec naming one makes the worker itself
    # raise, as a real crash in a worker would
    bad = EpisodeSpec(str(tmp_path), "palace-001", "no-such-agent", 0, "demo")
    good = EpisodeSpec(str(tmp_path), "palace-001", "oracle", 0, "demo")
    progress = EvalProgress()
    reports = run_local([bad, good], workers=2, retry_limit=2, progress=progress)
    by_agent = {r.spec.agent: r for r in reports}
    assert (by_agent["oracle"].state, by_agent["oracle"].attempts) == (DONE, 1)
    assert by_agent["oracle"].success
    assert (by_agent["no-such-agent"].state, by_agent["no-such-agent"].attempts) == (INCOMPLETE, 2)
    attempt = json.loads((bad.folder / ATTEMPT_JSON).read_text())
    assert attempt["attempts"] == 2
    assert "exited with status 1" in attempt["last_error"]
    assert "no-such-agent" in attempt["last_error"]
    assert not runnable(bad.folder, 2) and runnable(bad.folder, 3)
    assert progress.agents["no-such-agent"].failures == 1


def test_bad_agents_and_models_files_fail_before_any_episode(cache, tmp_path):
    with pytest.raises(UnknownAgentError, match="nosuch"):
        evaluate("demo", ["oracle", "nosuch"], out=tmp_path / "a")
    models = tmp_path / "models.json"
    entry = {"provider": "openai", "model": "gpt-x", "api_key_env": "ODYSSEY_TEST_NO_SUCH_KEY"}
    models.write_text(json.dumps({"gpt": entry}))
    with pytest.raises(ModelsError, match="ODYSSEY_TEST_NO_SUCH_KEY"):
        evaluate("demo", ["llm:gpt"], out=tmp_path / "b", models=models)
    with pytest.raises(ModelsError, match="no model 'other'"):
        evaluate("demo", ["llm:other"], out=tmp_path / "c", models=models)
    assert not any((tmp_path / n).exists() for n in "abc")


def test_resuming_with_other_options_or_into_a_foreign_folder_is_refused(demo_run, tmp_path):
    run_dir = demo_run[0]
    with pytest.raises(RunMismatchError, match="agents: run has"):
        evaluate("demo", ["oracle"], out=run_dir)
    with pytest.raises(RunMismatchError, match="seeds"):
        evaluate("demo", AGENTS, seeds=2, out=run_dir)
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(RunStoreError, match="not a run folder"):
        evaluate("demo", AGENTS, out=tmp_path)


def test_the_cli_runs_a_subset_prints_the_results_and_refuses_bad_input(cache, tmp_path):
    runner = CliRunner()
    args = ["--suite", "demo", "--agent", "oracle", "--tasks", "hotel-002", "--quiet"]
    result = runner.invoke(eval_app, [*args, "--out", str(tmp_path / "run")])
    assert result.exit_code == 0, result.output
    assert "oracle" in result.output and str(tmp_path / "run") in result.output
    assert episode_state(tmp_path / "run/episodes/oracle/s0/hotel-002") == DONE
    for bad, message in [
        (["--suite", "nope", "--agent", "oracle"], "no suite 'nope'"),
        (["--suite", "demo", "--agent", "oracle,nosuch"], "agent 'nosuch'"),
        (["--suite", "demo", "--agent", "oracle", "--tasks", "zz-9"], "zz-9"),
        (["--suite", "demo", "--agent", "oracle", "--backend", "slurm"], "backend 'slurm'"),
    ]:
        result = runner.invoke(eval_app, [*bad, "--out", str(tmp_path / "other")])
        assert result.exit_code == 2, (bad, result.output)
        assert message in result.output
    assert not Path(tmp_path / "other").exists()


def test_progress_shows_success_so_far_retries_and_spend():
    import io

    from rich.console import Console

    from odyssey.bench.progress import LineProgress, RichProgress
    from odyssey.bench.worker import EpisodeReport

    spec = EpisodeSpec("/nonexistent", "t1", "llm:x", 0, "demo")
    kept = [{"agent": "oracle", "success": True, "failed": False, "cost_usd": None}]
    lines, drawn = io.StringIO(), io.StringIO()
    for progress in (LineProgress(lines), RichProgress(Console(file=drawn, width=140))):
        progress.begin({"oracle": 1, "llm:x": 2}, kept)
        progress.started(spec)
        progress.finished(EpisodeReport(spec, INCOMPLETE, 1, error="boom"), final=False)
        progress.started(spec)
        progress.finished(EpisodeReport(spec, DONE, 2, success=True, cost_usd=0.25), final=True)
        progress.close()
        assert (progress.agents["llm:x"].finished, progress.agents["llm:x"].successes) == (1, 1)
        assert progress.agents["oracle"].successes == 1  # kept from before a resume
        assert progress.spend_usd == 0.25 and progress.remaining == 1
        assert progress.eta_s() is not None
    text = lines.getvalue()
    assert "llm:x s0 t1: incomplete (attempt 1, will retry)" in text
    assert "llm:x s0 t1: success | llm:x: 1/2 done, 1 ok (100%)" in text
    assert "spend $0.2500" in text
    assert "1 ok, $0.2500" in drawn.getvalue() and "2/3" in drawn.getvalue()


def test_the_ray_backend_without_ray_names_the_extra_to_install(cache, tmp_path, monkeypatch):
    import sys

    from odyssey.bench.ray_backend import RayUnavailableError

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    with pytest.raises(RayUnavailableError, match=r"pip install 'odyssey\[ray\]'"):
        evaluate("demo", ["oracle"], backend="ray", out=tmp_path / "run")
    assert not (tmp_path / "run").exists()
