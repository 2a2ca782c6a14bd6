"""Player physics against golden traces from prismarine-physics 1.11.1, tick by tick.

Where prismarine-physics and vanilla 1.21.11 disagree, vanilla wins: tests/sim/deviations.json
names the scenario, the mechanism and the vanilla rule, and the test checks that the traces agree
up to the tick where that mechanism first acts and differ from then on.
"""

from __future__ import annotations

import json

import pytest
from scenarios import HERE, SCENARIOS, build_world, golden, inputs, start_player

from odyssey.sim.trace import run_trace

TOLERANCE = 1e-5
DEVIATIONS = {d["scenario"]: d for d in json.loads((HERE / "deviations.json").read_text())}


def our_trace(name: str) -> list[dict]:
    scenario = SCENARIOS[name]
    return [line for _, line in run_trace(build_world(scenario), start_player(scenario),
                                          inputs(scenario))]  # fmt: skip


def first_divergence(ours: list[dict], reference: list[dict]) -> int | None:
    assert len(ours) == len(reference)
    for a, b in zip(ours, reference, strict=True):
        assert a["tick"] == b["tick"]
        error = max(
            abs(x - y) for x, y in zip(a["pos"] + a["vel"], b["pos"] + b["vel"], strict=True)
        )
        if error > TOLERANCE or a["on_ground"] != b["on_ground"]:
            return a["tick"]
    return None


def test_there_are_enough_scenarios():
    assert len(SCENARIOS) >= 25
    assert set(DEVIATIONS) <= set(SCENARIOS)
    for name in SCENARIOS:
        assert (HERE / "golden" / f"{name}.jsonl").is_file(), f"golden trace missing for {name}"


@pytest.mark.parametrize("name", sorted(set(SCENARIOS) - set(DEVIATIONS)))
def test_matches_prismarine_physics(name):
    diverged = first_divergence(our_trace(name), golden(name))
    assert diverged is None, f"{name}: differs from prismarine-physics from tick {diverged}"


@pytest.mark.parametrize("name", sorted(DEVIATIONS))
def test_named_deviation_from_prismarine_physics(name):
    deviation = DEVIATIONS[name]
    diverged = first_divergence(our_trace(name), golden(name))
    assert diverged == deviation["from_tick"], (
        f"{name}: expected to follow prismarine-physics until tick {deviation['from_tick']}"
        f" ({deviation['mechanism']}), diverged at {diverged}"
    )
