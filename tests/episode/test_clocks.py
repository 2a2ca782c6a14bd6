"""Episodes under the three clocks: paused replays lockstep exactly (at wall-clock pace); realtime
keeps the world moving while the agent thinks; paused freezes it then."""

# ruff: noqa: F811 (the env fixture is imported from episode_env and named as a parameter)

from __future__ import annotations

import json
import time

from episode_env import env, run  # noqa: F401

from odyssey.episode.protocol import ClaimDone, Hold, Observation, Wait
from odyssey.episode.results import read_jsonl


class Thinker:
    """Walks a little, waits, then claims; sleeps ``think_s`` of wall time before each decision
    and notes the game tick it was shown."""

    name = "thinker"
    privileged = False

    def __init__(self, think_s: float = 0.0) -> None:
        self.think_s = think_s
        self.ticks: list[int] = []
        self.plan = [Hold(("forward",), 12, yaw=0.0), Wait(6), Hold(("left", "jump"), 8)]

    def start(self, observation: Observation) -> None:
        self.ticks = []

    def act(self, observation: Observation):
        self.ticks.append(observation.tick)
        time.sleep(self.think_s)
        return self.plan[len(self.ticks) - 1] if len(self.ticks) <= len(self.plan) else ClaimDone()


def positions(out) -> list[dict]:
    return [
        {k: v for k, v in r.items() if k != "sampled_at_utc"}
        for r in read_jsonl(out / "positions.jsonl")
    ]


def test_paused_replays_lockstep_exactly(env, tmp_path):
    lock, paused = Thinker(), Thinker()
    a = run(env, "hotel-001", lock, tmp_path / "lockstep", clock="lockstep")
    b = run(env, "hotel-001", paused, tmp_path / "paused", clock="paused")
    assert a["terminal_reason"] == b["terminal_reason"] == "claim_attempts_exhausted"
    assert lock.ticks == paused.ticks == [0, 12, 18, 26, 26, 26]
    assert positions(tmp_path / "lockstep") == positions(tmp_path / "paused")
    clock = json.loads((tmp_path / "paused" / "run.json").read_text())["clock"]
    assert clock["kind"] == "paused" and clock["ticks"] == 26


def test_realtime_moves_while_the_agent_thinks_and_paused_does_not(env, tmp_path):
    think = 0.3  # six ticks of wall time per decision
    paused = Thinker(think)
    run(env, "hotel-001", paused, tmp_path / "paused", clock="paused")
    assert paused.ticks == [0, 12, 18, 26, 26, 26]  # thinking cost no game time

    realtime = Thinker(think)
    summary = run(env, "hotel-001", realtime, tmp_path / "realtime", clock="realtime")
    assert summary["terminal_reason"] == "claim_attempts_exhausted"
    gaps = [b - a for a, b in zip(realtime.ticks, realtime.ticks[1:], strict=False)]
    # each gap is the action's ticks plus the ticks that passed while the agent thought
    assert all(g > planned for g, planned in zip(gaps, [12, 6, 8, 0, 0], strict=True)), gaps
    clock = json.loads((tmp_path / "realtime" / "run.json").read_text())["clock"]
    assert clock["kind"] == "realtime" and clock["ticks"] >= 26
    # the verifier sampled on game time throughout, once a second
    rows = read_jsonl(tmp_path / "realtime" / "positions.jsonl")
    assert [r["elapsed_sec"] for r in rows] == [float(i) for i in range(len(rows))]


def test_oracle_succeeds_in_realtime(env, tmp_path):
    from odyssey.agents import OracleAgent

    summary = run(env, "hotel-001", OracleAgent(), tmp_path, clock="realtime")
    assert summary["success"] and summary["terminal_reason"] == "claim_done_arrived", summary
