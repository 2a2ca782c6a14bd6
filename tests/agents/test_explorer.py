"""The explorer baseline: deterministic for a seed, blind to privileged information, and better
than the random walker on the demo suite (a quick subset here, the whole suite in acceptance)."""

from __future__ import annotations

import dataclasses
import json
from typing import ClassVar

import pytest

from odyssey.agents.explore_grid import ExploreMap
from odyssey.agents.explorer import ExplorerAgent
from odyssey.agents.random_walk import RandomAgent
from odyssey.episode.protocol import Observation
from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.tasks import resolve_task
from odyssey.tasks.suites import load_suite

SHORT = 1500  # decisions: about a minute of game time, enough to leave the start room


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo suite's tasks resolved on their maps, from a private cache."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(tmp_path_factory.mktemp("explorer") / "cache"))
        catalog, _ = load_suite("demo")
        out = []
        for task in catalog.tasks:
            package = resolve_map(task.map_id)
            out.append((resolve_task(task, load_package(package)), package))
        yield out


class _Poison:
    """Stands in for privileged information: any use of it fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the explorer read privileged.{name}")

    def __bool__(self):
        raise AssertionError("the explorer tested observation.privileged")

    def __iter__(self):
        raise AssertionError("the explorer iterated observation.privileged")


class _Guarded:
    """Passes the explorer observations whose ``privileged`` is poisoned; records positions."""

    name: ClassVar[str] = "explorer"
    privileged: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.inner = ExplorerAgent(seed)
        self.trace: list[tuple] = []

    def _poison(self, observation: Observation) -> Observation:
        assert observation.privileged is None  # the runner gives non-privileged agents nothing
        self.trace.append((observation.tick, observation.player.pos))
        return dataclasses.replace(observation, privileged=_Poison())

    def start(self, observation: Observation) -> None:
        self.inner.start(self._poison(observation))

    def act(self, observation: Observation):
        action = self.inner.act(self._poison(observation))
        self.trace.append(action)
        return action


def test_explorer_is_deterministic_and_never_reads_privileged_information(demo, tmp_path):
    task, package = demo[4]  # hotel-001: starts in a room behind an iron door
    runs = []
    for i in range(2):
        agent = _Guarded(seed=0)
        summary = run_episode(task, package, agent, tmp_path / str(i), max_decisions=SHORT)
        assert summary["error"] is None and not summary["infrastructure_error"], summary
        runs.append((summary["decision_count"], agent.trace))
    assert runs[0] == runs[1]
    assert runs[0][0] == SHORT
    positions = {tuple(round(c) for c in item[1]) for item in runs[0][1] if isinstance(item, tuple)}
    assert len(positions) > 10  # it went somewhere


def test_a_different_seed_tries_directions_in_another_order():
    assert ExplorerAgent(0).grid.order != ExplorerAgent(3).grid.order


def test_grid_plans_towards_uncovered_cells_and_learns_blocked_moves():
    grid = ExploreMap()
    grid.visit((0, 0, 64))
    goal = grid.next_goal((0, 0, 64))
    assert goal is not None and goal.path == () and goal.kind == "frontier"
    for d in range(4):
        grid.record((0, 0, 64), d, None)
    assert grid.next_goal((0, 0, 64)) is None  # a closed box: nothing left to try
    assert grid.forget_blocked() == 4
    grid.record((0, 0, 64), 0, (0, 1, 64))
    assert grid.edges[((0, 1, 64), 2)] == (0, 0, 64)  # a step is assumed walkable back
    grid.credit((0.5, 64.0, 0.5), 2.9)
    assert (2, 0, 64) in grid.covered and (4, 0, 64) not in grid.covered


def _solved(demo, agent_of, task_ids, out) -> list[str]:
    wins = []
    for task, package in demo:
        if task_ids is None or task.id in task_ids:
            summary = run_episode(task, package, agent_of(), out / task.id)
            assert not summary["infrastructure_error"], summary
            if summary["success"]:
                wins.append(task.id)
    return wins


def test_explorer_solves_a_cellar_and_a_deck_task_that_random_cannot(demo, tmp_path):
    """A quick subset of the demo suite: palace-004 (up a ladder and stairs from the wine
    cellar) and liner-001 (decks, doors, stairs); the full suite is the acceptance test."""
    subset = {"palace-004", "liner-001"}
    assert sorted(_solved(demo, lambda: ExplorerAgent(0), subset, tmp_path / "e")) == sorted(subset)
    assert _solved(demo, lambda: RandomAgent(0), subset, tmp_path / "r") == []


@pytest.mark.acceptance
def test_explorer_beats_random_on_the_demo_suite(demo, tmp_path):
    explorer = _solved(demo, lambda: ExplorerAgent(0), None, tmp_path / "explorer")
    random = _solved(demo, lambda: RandomAgent(0), None, tmp_path / "random")
    print(json.dumps({"explorer": explorer, "random": random}))
    assert len(explorer) >= 2 and len(explorer) >= len(random) + 2, (explorer, random)
