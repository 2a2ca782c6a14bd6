"""The oracle walks every task of the built-in suites under the independent verifier (lockstep),
and the random agent almost never succeeds."""

from __future__ import annotations

import pytest

from odyssey.agents import make_agent
from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.tasks import resolve_task
from odyssey.tasks.suites import load_suite


def run_suite(name: str, agent: str, out) -> list[dict]:
    catalog, references = load_suite(name)
    results, packages = [], {}
    for task in catalog.tasks:
        if task.map_id not in packages:
            packages[task.map_id] = resolve_map(task.map_id)
        resolved = resolve_task(task, load_package(packages[task.map_id]))
        length = references.get(task.task_id, {}).get("reference_length")
        summary = run_episode(resolved, packages[task.map_id], make_agent(agent, 0),
                              out / task.task_id, reference_length=length)  # fmt: skip
        results.append(summary)
    return results


def test_oracle_succeeds_on_every_demo_task_and_random_on_none(tmp_path, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(tmp_path / "cache"))
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
    assert len(results) >= 120
    wins = sum(r["success"] for r in results)
    print(f"odyssey-v1: oracle {wins}/{len(results)}")
    assert wins / len(results) >= 0.95, [r["task_id"] for r in results if not r["success"]]
