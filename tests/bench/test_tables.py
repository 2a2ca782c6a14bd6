"""The results table (the paper's Table 1 layout) and its JSON, on synthetic and real runs."""

from __future__ import annotations

import re

import pytest
from runstore_env import ALPHA, EXPECTED, real_run, synthetic_run

from odyssey.bench import query
from odyssey.bench.tables import percent, results_json, results_table, usd


def cells(text: str, first: str, second: str | None = None) -> list[str]:
    """The cells of the table line whose first (and second) cell is given."""
    for line in text.splitlines():
        parts = [c.strip() for c in re.split("[│┃]", line)[1:-1]]
        if parts and parts[0] == first and (second is None or parts[1] == second):
            return parts
    raise AssertionError(f"no line for {first!r} {second!r} in\n{text}")


@pytest.fixture
def syn(tmp_path):
    return synthetic_run(tmp_path / "syn-run")


def test_table_one_has_the_hand_worked_figures_per_agent(syn):
    text = results_table(syn)
    assert "run syn-run" in text and "suite demo v1" in text
    header = cells(text, "Agent")
    assert header[:9] == ["Agent", "SR", "SR out", "SR in", "C", "SPL", "Turns", "PL", "Tokens"]
    alpha = dict(zip(header, cells(text, ALPHA), strict=True))
    assert alpha == {"Agent": ALPHA, "SR": "66.7", "SR out": "50.0", "SR in": "100.0",
                     "C": "75.0", "SPL": "43.3", "Turns": "11.7", "PL": "60.0",
                     "Tokens": "3,800", "Tokens/ep": "950", "Cost $": "1.80",
                     "Scored/Total": "3/6", "Infra": "1"}  # fmt: skip
    random = dict(zip(header, cells(text, "random"), strict=True))
    assert random["SR"] == "0.0" and random["Cost $"] == "—" and random["Scored/Total"] == "2/6"
    assert "llm:alpha: 1 incomplete, 1 pending" in text
    assert "random: 0 incomplete, 4 pending" in text
    assert "\x1b[" not in text  # plain text: no colour codes in a string


def test_per_map_breakdown(syn):
    assert "per map" not in results_table(syn)
    text = results_table(syn, per_map=True)
    header = cells(text, "Agent", "Map")
    house = dict(zip(header, cells(text, ALPHA, "house"), strict=True))
    assert (house["SR"], house["Scored/Total"], house["Infra"]) == ("100.0", "1/2", "1")
    assert (house["Tokens"], house["Cost $"]) == ("800", "0.30")
    city = dict(zip(header, cells(text, ALPHA, "city"), strict=True))
    assert (city["SR"], city["C"], city["PL"], city["Turns"]) == ("50.0", "75.0", "75.0", "15.0")


def test_results_json_matches_the_query_and_counts_pending(syn):
    data = results_json(syn)
    assert data["run"]["run_id"] == "syn-run" and data["run"]["agents"] == [ALPHA, "random"]
    agents = {r["agent"]: r for r in data["agents"]}
    for agent, expected in EXPECTED.items():
        assert {k: agents[agent][k] for k in expected} == expected
    assert (agents[ALPHA]["planned"], agents[ALPHA]["pending"]) == (6, 1)
    assert data["maps"] == query.summary(syn, by=("agent", "map_id"))


def test_an_agent_without_episodes_still_gets_its_row(tmp_path):
    from runstore_env import manifest

    from odyssey.bench.layout import write_manifest

    run = tmp_path / "fresh"
    write_manifest(run, manifest("fresh", ["oracle"], 12, seeds=2))
    (row,) = results_json(run)["agents"]
    assert (row["agent"], row["planned"], row["pending"], row["success_rate"]) == (
        "oracle", 24, 24, None)  # fmt: skip
    assert cells(results_table(run), "oracle")[1:3] == ["—", "—"]


def test_real_demo_run_has_no_outdoor_figure(tmp_path, monkeypatch):
    monkeypatch.setenv("ODYSSEY_CACHE", str(tmp_path / "cache"))
    run = real_run(tmp_path / "demo", ["oracle"], ("palace-001", "hotel-001"))
    oracle = cells(results_table(run), "oracle")
    assert oracle[1:4] == ["100.0", "—", "100.0"]
    assert oracle[-2:] == ["2/2", "0"] and oracle[-3] == "—"  # unpriced agent: no cost


def test_formatting():
    assert [percent(None), percent(0.416667), percent(1.0)] == ["—", "41.7", "100.0"]
    assert [usd(None), usd(0.0), usd(0.004), usd(12.5, partial=True)] == [
        "—", "0.00", "0.0040", "≥12.50"]  # fmt: skip
