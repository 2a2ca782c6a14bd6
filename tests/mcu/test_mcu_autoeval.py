"""AutoEval against a local OpenAI-chat server with scripted replies: a real frame stream (frames
drawn by the real renderer, written with FrameWriter) is scored in all six dimensions; every kind
of malformed answer is retried with feedback and, when the attempts run out, rejected with no
scores; requests carry the sampled images; MineStudio's criteria and prompts load from ../shared;
pairwise comparison and criteria generation work."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))

from llm_servers import ReplayServer, anthropic_reply, chat_reply, loopback_spec, server_error

from conftest import SHARED, shared_path
from odyssey.episode.framestream import FrameWriter
from odyssey.mcu.autoeval import (
    DIMENSIONS,
    CriteriaError,
    Sampling,
    TaskText,
    compare_episodes,
    criteria_for,
    generate_criteria,
    load_criteria,
    rate_episode,
    read_judgement,
    read_minestudio_criteria,
)
from odyssey.mcu.autoeval.prompts import system_prompt
from odyssey.mcu.needs import McuError

AUTO_EVAL = SHARED / "reference/mcu-data/minestudio/benchmark/auto_eval"
TASK = TaskText("sleep_in_bed", "Sleep in a bed to skip the night.")
PRICES = {"input": 2.0, "output": 8.0}
REPLY_COST = ((1200 - 1024) * 2.0 + 1024 * 2.0 + 85 * 8.0) / 1e6  # chat_reply's default usage
FRAMES = 30


def record_episode(folder: Path, frames: int = FRAMES, turn: float = 12.0) -> Path:
    """An episode's frame stream drawn by the real renderer: the player turns on a flat arena."""
    from odyssey.render import GameView, ViewSettings
    from odyssey.sim.playground import survival_game

    game = survival_game()
    view = GameView(game.world, ViewSettings(width=160, height=120))
    with FrameWriter(folder, 160, 120) as writer:
        for i in range(frames):
            game.look(i * turn, 10.0)
            for _ in range(5):  # 4 frames per second of game time
                game.tick()
            writer.add(view.game_frame(game), game.tick_count, action="look", step=i)
    return folder


@pytest.fixture(scope="module")
def episode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return record_episode(tmp_path_factory.mktemp("ep") / "run-a")


@pytest.fixture(scope="module")
def criteria() -> Any:
    return read_minestudio_criteria(shared_path(AUTO_EVAL / "criteria_files/sleep_in_bed.txt"))


def good_rating(score: int = 7) -> str:
    return json.dumps({d: {"evidence": f"saw {d.lower()}", "score": score} for d in DIMENSIONS})


def images(body: dict[str, Any]) -> list[str]:
    parts = [p for m in body["messages"] if isinstance(m["content"], list) for p in m["content"]]
    return [p["image_url"]["url"] for p in parts if p["type"] == "image_url"]


def test_a_real_stream_is_scored_in_all_six_dimensions(episode: Path, criteria: Any) -> None:
    with ReplayServer("openai-chat", [chat_reply(good_rating(7))]) as srv:
        spec = loopback_spec(srv, price_per_mtok=PRICES)
        j = rate_episode(episode, TASK, criteria, spec, Sampling(every=5))
        body = srv.requests[0].body
    assert j.ok and j.failure is None
    assert j.scores == dict.fromkeys(DIMENSIONS, 7)
    assert j.evidence["Action Control"] == "saw action control"
    assert len(j.attempts) == 1 and j.cost_usd == pytest.approx(REPLY_COST)
    assert j.usage["input_tokens"] == 1200
    # the request: system prompt, one user message with task, criteria, 6 frames and the format
    assert body["messages"][0]["role"] == "system"
    assert "banded scale" in body["messages"][0]["content"]
    urls = images(body)
    assert len(urls) == FRAMES // 5 and all(u.startswith("data:image/jpeg;base64,") for u in urls)
    text = body["messages"][1]["content"][0]["text"]
    assert "Sleep in a bed to skip the night." in text
    assert "whether the agent interacts with the bed" in text  # MineStudio's criteria
    assert '"score"' in body["messages"][1]["content"][-1]["text"]
    assert j.sampling["frames"][0]["indices"] == [0, 5, 10, 15, 20, 25]
    # one file per episode, written atomically, read back the same
    saved = read_judgement(episode)
    assert saved.scores == j.scores and saved.prompt["version"] == "odyssey-autoeval-rating-v1"
    assert saved.criteria["sha256"] == criteria.sha256() and saved.episode == "run-a"


def test_sampling_mcu_default_fps_and_cap_set_the_number_of_images(episode: Path) -> None:
    assert Sampling().pick([0.25 * i for i in range(600)]) == list(range(0, 600, 25))
    assert len(Sampling().pick([0.25 * i for i in range(1500)])) == 60
    assert len(Sampling().pick([0.25 * i for i in range(1525)])) == 22  # every 70th above 60
    assert Sampling(fps=1.0).pick([0.25 * i for i in range(10)]) == [0, 4, 8]
    assert Sampling(every=2, max_frames=3).pick([0.0] * 10) == [0, 4, 8]
    with pytest.raises(McuError, match="every or fps"):
        Sampling(every=2, fps=1.0)
    criteria = load_criteria(shared_path(AUTO_EVAL / "criteria_files/sleep_in_bed.txt"))
    cases = [(Sampling(), 2), (Sampling(fps=0.5), 4), (Sampling(every=1, max_frames=7), 7)]
    with ReplayServer("openai-chat", [chat_reply(good_rating())] * len(cases)) as srv:
        for sampling, _ in cases:
            rate_episode(episode, TASK, criteria, loopback_spec(srv), sampling, write=False)
        counts = [len(images(r.body)) for r in srv.requests]
    assert counts == [n for _, n in cases]


def bad_score(value: Any) -> str:
    answer = json.loads(good_rating())
    answer["Task Progress"]["score"] = value
    return json.dumps(answer)


def missing_dimension() -> str:
    answer = json.loads(good_rating())
    del answer["Creative Attempts"]
    return json.dumps(answer)


def extra_key() -> str:
    return json.dumps(json.loads(good_rating()) | {"Overall": {"evidence": "x", "score": 5}})


MCU_TEXT = (
    "Task Progress:\n- evidence the agent walks\nScore: 3\n\nOverall Scores:\n- Task Progress: 3"
)
MALFORMED = {
    "bold score": (bad_score("**3**"), "'Task Progress'.score is a string '**3**'"),
    "N/A": (bad_score("N/A"), "'Task Progress'.score is a string 'N/A'"),
    "text score": (bad_score("seven"), "expected a bare integer from 0 to 10"),
    "quoted digit": (bad_score("7"), "'Task Progress'.score is a string '7'"),
    "fraction": (bad_score(7.5), "is float 7.5"),
    "out of range": (bad_score(11), "is 11, outside 0 to 10"),
    "missing dimension": (missing_dimension(), "missing dimensions: 'Creative Attempts'"),
    "extra key": (extra_key(), "unexpected keys: 'Overall'"),
    "prose around": (f"Here is my rating:\n{good_rating()}\nHope it helps!", "text before"),
    "MCU text format": (MCU_TEXT, "holds no JSON object"),
    "broken JSON": ('{"Task Progress": {"score": 3,}}', "does not parse"),
    "duplicate key": ('{"Task Progress": {"score": 3, "score": 4}}', "'score' appears twice"),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_each_malformed_answer_is_retried_with_feedback(
    kind: str, episode: Path, criteria: Any
) -> None:
    bad, problem = MALFORMED[kind]
    with ReplayServer("openai-chat", [chat_reply(bad), chat_reply(good_rating(4))]) as srv:
        j = rate_episode(episode, TASK, criteria, loopback_spec(srv), Sampling(every=10), None, 2,
                         write=False)  # fmt: skip
        second = srv.requests[1].body["messages"]
    assert j.ok and j.scores == dict.fromkeys(DIMENSIONS, 4)
    assert [a.problems == [] for a in j.attempts] == [False, True]
    assert any(problem in p for p in j.attempts[0].problems), j.attempts[0].problems
    # the retry carries the whole conversation: request, the bad answer, then the feedback
    assert [m["role"] for m in second] == ["system", "user", "assistant", "user"]
    assert second[2]["content"] == bad
    assert problem in second[3]["content"] and "(1 more attempt allowed)" in second[3]["content"]
    assert len(images(srv.requests[1].body)) == 3  # the frames travel again


def test_when_the_retries_run_out_the_judgement_fails_with_no_scores(
    tmp_path: Path, episode: Path, criteria: Any
) -> None:
    folder = record_episode(tmp_path / "run-bad", frames=6)
    replies = [chat_reply(MALFORMED[k][0]) for k in ("bold score", "N/A", "prose around")]
    with ReplayServer("openai-chat", replies) as srv:
        j = rate_episode(folder, TASK, criteria, loopback_spec(srv, price_per_mtok=PRICES),
                         attempts=3)  # fmt: skip
        last = srv.requests[2].body["messages"][-1]["content"]
    assert not j.ok and j.scores is None and j.evidence is None
    assert "no valid answer in 3 attempts" in j.failure and "text before" in j.failure
    assert [a.raw for a in j.attempts] == [MALFORMED[k][0] for k in ("bold score", "N/A",
                                                                     "prose around")]  # fmt: skip
    assert j.cost_usd == pytest.approx(3 * REPLY_COST) and j.usage["input_tokens"] == 3 * 1200
    assert "1 more attempt allowed" in last
    saved = json.loads((folder / "autoeval.json").read_text())
    assert saved["ok"] is False and saved["scores"] is None and len(saved["attempts"]) == 3


def test_a_provider_failure_is_recorded_as_a_failed_judgement(episode: Path, criteria: Any) -> None:
    with ReplayServer("openai-chat", [server_error("openai-chat")]) as srv:
        j = rate_episode(episode, TASK, criteria, loopback_spec(srv), write=False)
    assert not j.ok and j.scores is None and j.failure.startswith("provider error: server")
    assert j.attempts[0].error and j.cost_usd is None


def test_minestudio_criteria_files_all_load_from_shared() -> None:
    folder = shared_path(AUTO_EVAL / "criteria_files")
    loaded = {p.stem: read_minestudio_criteria(p) for p in sorted(folder.glob("*.txt"))}
    assert len(loaded) == 83
    complete = [name for name, c in loaded.items() if not c.missing]
    assert len(complete) == 79
    assert loaded["carve_pumpkins"].missing == ("Material Selection and Usage",)
    sleep = loaded["sleep_in_bed"]
    assert sleep.rules["Task Progress"] == (
        "whether the agent finds and approaches a bed",
        "whether the agent interacts with the bed",
        "whether the agent successfully enters the sleep state",
    )
    # the chatty preamble of collect_dirt is skipped, its rules kept
    assert loaded["collect_dirt"].rules["Task Progress"]
    assert criteria_for("sleep_in_bed", folder).rules == sleep.rules
    with pytest.raises(CriteriaError, match="no criteria for task 'nope'"):
        criteria_for("nope", folder)


def test_our_criteria_format_and_its_errors(tmp_path: Path) -> None:
    good = {d: [f"rule for {d}"] for d in DIMENSIONS}
    (tmp_path / "t.json").write_text(json.dumps(good))
    (tmp_path / "t.yaml").write_text("".join(f"{d}:\n  - rule for {d}\n" for d in DIMENSIONS))
    assert load_criteria(tmp_path / "t.json").rules == load_criteria(tmp_path / "t.yaml").rules
    (tmp_path / "bad.json").write_text(json.dumps({"Task Progress": ["x"], "Speed": ["y"]}))
    with pytest.raises(CriteriaError, match=r"bad.json: missing dimensions: .*unexpected keys"):
        load_criteria(tmp_path / "bad.json")
    (tmp_path / "bad.txt").write_text("**Speed: fast**\n - go\n")
    with pytest.raises(CriteriaError, match="line 1: unknown dimension 'Speed'"):
        load_criteria(tmp_path / "bad.txt")


def test_minestudio_prompts_load_and_are_sent(episode: Path, criteria: Any) -> None:
    prompts = shared_path(AUTO_EVAL / "prompts")
    rating = system_prompt("rating", prompts)
    assert rating.version == "minestudio" and rating.source.endswith("single_rating_prompt.txt")
    assert system_prompt("comparison", prompts).text.startswith("You are an expert of Minecraft")
    assert "Task Progress" in system_prompt("criteria", prompts).text
    with ReplayServer("openai-chat", [chat_reply(good_rating())]) as srv:
        j = rate_episode(episode, TASK, criteria, loopback_spec(srv), prompts_dir=prompts,
                         write=False)  # fmt: skip
        system = srv.requests[0].body["messages"][0]["content"]
    assert system == rating.text and j.prompt["sha256"] == rating.sha256 and j.ok
    with pytest.raises(McuError, match=r"single_rating_prompt\.txt"):
        system_prompt("rating", Path("/nonexistent"))


def comparison(label: str = "A is better") -> str:
    return json.dumps({d: {"evidence": "A sleeps, B wanders", "result": label} for d in DIMENSIONS})


def test_pairwise_comparison_with_retry(tmp_path: Path, episode: Path, criteria: Any) -> None:
    other = record_episode(tmp_path / "run-b", frames=20, turn=-20.0)
    answer = json.loads(comparison())
    answer["Creative Attempts"]["result"] = "A"
    replies = [chat_reply(json.dumps(answer)), chat_reply(comparison("tie"))]
    with ReplayServer("openai-chat", replies) as srv:
        out = tmp_path / "a-vs-b.json"
        j = compare_episodes(episode, other, TASK, criteria, loopback_spec(srv), Sampling(every=10),
                             out=out)  # fmt: skip
        body = srv.requests[0].body
    assert "'Creative Attempts'.result is \"A\"" in j.attempts[0].problems[0]
    assert j.ok and j.results == dict.fromkeys(DIMENSIONS, "tie") and j.scores is None
    texts = [p["text"] for p in body["messages"][1]["content"] if p["type"] == "text"]
    assert "video A" in texts[0] and "video B" in texts[1]
    assert len(images(body)) == 3 + 2  # 30 frames and 20 frames, every 10th
    assert read_judgement(out).pair == "run-a|run-b"


def test_criteria_generation_validates_and_retries() -> None:
    generated = {d: [f"e.g. a rule about {d.lower()}"] for d in DIMENSIONS}
    partial = {"Task Progress": ["x"]}
    replies = [chat_reply(json.dumps(partial)), chat_reply(json.dumps(generated))]
    with ReplayServer("openai-chat", replies) as srv:
        criteria, asked = generate_criteria(TASK, loopback_spec(srv))
        first = srv.requests[0].body["messages"]
    assert criteria is not None and criteria.rules["Action Control"] == (
        "e.g. a rule about action control",
    )
    assert "missing dimensions" in asked.attempts[0].problems[0]
    assert criteria.extra["generated"]["prompt"]["version"] == "odyssey-autoeval-criteria-v1"
    assert "Sleep in a bed" in first[1]["content"]
    with ReplayServer("openai-chat", [chat_reply("I cannot")] * 2) as srv:
        none, asked = generate_criteria(TASK, loopback_spec(srv), attempts=2)
    assert none is None and "no valid answer in 2 attempts" in asked.failure


def test_the_anthropic_api_gets_the_frames_as_image_blocks(episode: Path, criteria: Any) -> None:
    replies = [anthropic_reply("**5**"), anthropic_reply(good_rating(5))]
    with ReplayServer("anthropic", replies) as srv:
        spec = loopback_spec(srv, params={"max_tokens": 2048})
        j = rate_episode(episode, TASK, criteria, spec, Sampling(every=10), write=False)
        body = srv.requests[1].body
    assert j.ok and j.scores == dict.fromkeys(DIMENSIONS, 5) and len(j.attempts) == 2
    blocks = [b for b in body["messages"][0]["content"] if b["type"] == "image"]
    assert len(blocks) == 3 and blocks[0]["source"]["media_type"] == "image/jpeg"
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
