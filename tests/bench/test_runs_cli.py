"""``odyssey runs list|show`` on run folders: tables, JSON, and clear errors for non-runs."""

from __future__ import annotations

import json

import pytest
import typer
from runstore_env import ALPHA, EXPECTED, manifest, real_run, synthetic_run
from typer.testing import CliRunner

from odyssey.bench.layout import RUN_JSON, write_manifest
from odyssey.cli.runs_cmd import runs_app


def invoke(*args: str):
    app = typer.Typer()
    app.add_typer(runs_app, name="runs")
    return CliRunner().invoke(app, ["runs", *args])


@pytest.fixture
def runs(tmp_path):
    """A runs folder: a synthetic run, a finished fresh one, a non-run folder, an old run."""
    root = tmp_path / "runs"
    synthetic_run(root / "syn-run")
    write_manifest(root / "fresh", manifest("fresh", ["oracle", "explorer"], 12, seeds=2))
    (root / "episodes" / "palace-001-oracle").mkdir(parents=True)  # `episode run`'s default
    old = root / "old"
    write_manifest(old, manifest("old", ["oracle"], 12))
    data = json.loads((old / RUN_JSON).read_text())
    (old / RUN_JSON).write_text(json.dumps({**data, "schema_version": 0}))
    return root


def test_list_shows_every_run_with_done_and_total(runs):
    result = invoke("list", "--runs", str(runs))
    assert result.exit_code == 0, result.output
    lines = {line.split("│")[1].strip(): line for line in result.output.splitlines()
             if line.count("│") > 2}  # fmt: skip
    assert set(lines) == {"syn-run", "fresh", "old"}  # the non-run folder is not listed
    syn = [c.strip() for c in lines["syn-run"].split("│")[1:-1]]
    # 6 of 12 planned episodes finished (one of them an infrastructure failure)
    assert syn == ["syn-run", "demo v1", "llm:alpha, random", "6/12", "1", "running",
                   "2026-01-02T03:04:05Z"]  # fmt: skip
    assert "0/48" in lines["fresh"]
    assert "unreadable" in lines["old"]
    assert "another version (schema_version 0" in result.output


def test_list_errors(tmp_path):
    result = invoke("list", "--runs", str(tmp_path / "nowhere"))
    assert result.exit_code == 2 and "no such folder" in result.output
    (tmp_path / "empty").mkdir()
    result = invoke("list", "--runs", str(tmp_path / "empty"))
    assert result.exit_code == 0 and "no runs under" in result.output


def test_show_by_id_and_by_folder(runs):
    by_id = invoke("show", "syn-run", "--runs", str(runs))
    assert by_id.exit_code == 0, by_id.output
    assert "66.7" in by_id.output and "per map" not in by_id.output
    by_folder = invoke("show", str(runs / "syn-run"), "--per-map")
    assert by_folder.exit_code == 0, by_folder.output
    assert "per map" in by_folder.output and "house" in by_folder.output


def test_show_json(runs):
    result = invoke("show", "syn-run", "--runs", str(runs), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    alpha = next(r for r in data["agents"] if r["agent"] == ALPHA)
    assert {k: alpha[k] for k in EXPECTED[ALPHA]} == EXPECTED[ALPHA]
    pairs = {(r["agent"], r["map_id"]) for r in data["maps"]}
    assert pairs >= {(ALPHA, "city"), ("random", "house")}


@pytest.mark.parametrize(
    ("run", "message"),
    [
        ("episodes", "not a run folder"),
        ("old", "another version"),
        ("missing", "no run 'missing'"),
    ],
)
def test_show_refuses_what_is_not_a_run(runs, run, message):
    result = invoke("show", run, "--runs", str(runs))
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_show_a_real_run(tmp_path, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(tmp_path / "cache"))
    run = real_run(tmp_path / "runs" / "real", ["oracle", "random"], ("liner-001",))
    result = invoke("show", "real", "--runs", str(tmp_path / "runs"), "--per-map")
    assert result.exit_code == 0, result.output
    oracle = next(line for line in result.output.splitlines() if line.startswith("│ oracle "))
    assert [c.strip() for c in oracle.split("│")[2:5]] == ["100.0", "—", "100.0"]
    assert "liner" in result.output
    listed = invoke("list", "--runs", str(run.parent))
    assert "2/2" in listed.output and "finished" in listed.output
