"""While an episode runs with ``live`` on, its folder shows it: live.json (status, tick, path,
stops, events, claims) and the agent's current frame; at the end the same file says finished."""

# ruff: noqa: F811 (the env fixture is imported from episode_env and named as a parameter)

from __future__ import annotations

import json

from episode_env import env, run  # noqa: F401

from odyssey.agents import OracleAgent
from odyssey.episode.results import read_jsonl


class Watching(OracleAgent):
    """The oracle, reading live.json at some of its decisions (as the dashboard would)."""

    def __init__(self, out) -> None:
        super().__init__()
        self.out, self.seen = out, []

    def act(self, observation):
        if observation.tick in (40, 200):
            self.seen.append(json.loads((self.out / "live.json").read_text()))
        return super().act(observation)


def test_live_state_follows_the_episode(env, tmp_path):
    agent = Watching(tmp_path)
    summary = run(env, "palace-001", agent, tmp_path, live=True)
    assert summary["success"]
    early, later = agent.seen
    assert early["status"] == "running" and early["tick"] == 40 and len(early["path"]) == 3
    assert later["tick"] == 200 and len(later["path"]) == 11
    assert early["stops"][-1]["name"] == "Ballroom" and early["agent"] == "oracle"
    final = json.loads((tmp_path / "live.json").read_text())
    assert final["status"] == "finished" and all(s["reached"] for s in final["stops"])
    assert final["terminal_reason"] == "claim_done_arrived"
    assert final["claims"] == [{"attempt": 1, "reason": "arrived", "accepted": True}]
    rows = read_jsonl(tmp_path / "positions.jsonl")
    assert final["path"] == [[r["position"][k] for k in "xyz"] for r in rows]
    assert [e["kind"] for e in final["events"]][-1] == "final_destination_recorded"
    assert final["frame"] == "live-frame.jpg" and (tmp_path / "live-frame.jpg").stat().st_size > 0


def test_no_live_files_unless_asked(env, tmp_path):
    run(env, "palace-001", OracleAgent(), tmp_path)
    assert not (tmp_path / "live.json").exists() and not (tmp_path / "live-frame.jpg").exists()
