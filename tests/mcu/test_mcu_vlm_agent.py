"""``llm:ALIAS`` for MCU: a model behind a local OpenAI-compatible server (scripted replies)
plays a task from screenshots; invalid answers are asked again; usage and cost are summed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))

from llm_servers import ReplayServer, chat_reply, loopback_spec

from mcu_small_tasks import STICK as SMALL_STICK
from odyssey.agents.llm.messages import ToolCall
from odyssey.mcu.episode import run_mcu_episode
from odyssey.mcu.play import AGENT_CRASH, SUCCESS
from odyssey.mcu.run import load_results, run_mcu
from odyssey.mcu.vlm_agent import VlmAgent, action_from_args

STICK = SMALL_STICK.model_copy(update={"time_limit_s": 10})


def call(n: int, **args) -> dict:
    return chat_reply(tool_calls=[ToolCall(f"call_{n}", "mcu_action", json.dumps(args))])


def test_a_model_plays_from_screenshots_and_is_asked_again_after_a_bad_answer(tmp_path) -> None:
    replies = [
        call(1, type="hold", keys=["forward"], ticks=5, yaw=90),
        chat_reply(text="I will now craft a stick!"),  # prose, no tool call: invalid
        call(2, type="craft", item="stick", times=1),
    ]
    with ReplayServer("openai-chat", replies) as srv:
        agent = VlmAgent(loopback_spec(srv, price_per_mtok={"input": 1.0, "output": 2.0}))
        result = run_mcu_episode(STICK, agent, tmp_path, record=False, size=(160, 90))
        requests = [r.body for r in srv.requests]
    assert result["success"] and result["terminal_reason"] == SUCCESS
    assert result["agent"] == "llm:replay-openai-chat"
    assert len(requests) == 3 and agent.invalid == 1
    first = requests[0]["messages"]
    images = [p for m in first if isinstance(m.get("content"), list) for p in m["content"]
              if p.get("type") == "image_url"]  # fmt: skip
    assert len(images) == 1 and images[0]["image_url"]["url"].startswith("data:image/jpeg")
    assert "oak_planks x4" in json.dumps(first)
    assert "Invalid answer" in json.dumps(requests[2]["messages"])
    assert result["usage"]["input_tokens"] == 3 * 1200
    assert result["cost_usd"] > 0


def test_three_invalid_answers_end_as_infrastructure_not_as_a_score(tmp_path) -> None:
    replies = [call(1, type="teleport"), call(2, type="select"), chat_reply(text="hmm")]
    with ReplayServer("openai-chat", replies) as srv:
        agent = VlmAgent(loopback_spec(srv))
        result = run_mcu_episode(STICK, agent, tmp_path, record=False, size=(160, 90))
    assert result["terminal_reason"] == AGENT_CRASH and not result["scored"]
    assert "3 invalid answers" in result["error"]


def test_action_arguments_map_to_mcu_actions() -> None:
    assert action_from_args({"type": "select", "slot": 3}).slot == 2
    assert action_from_args({"type": "hold", "keys": ["attack"], "ticks": 7}).ticks == 7


def test_a_run_with_an_llm_agent_from_a_models_file(tmp_path) -> None:
    with ReplayServer("openai-chat", [call(1, type="craft", item="stick")]) as srv:
        models = tmp_path / "models.json"
        models.write_text(json.dumps({"replay": {"provider": "openai", "base_url": srv.base_url,
                                                 "model": "replay-model"}}))  # fmt: skip
        run_dir = run_mcu([STICK], ["llm:replay"], tmp_path / "run", models_file=models,
                          options={"record": False, "size": (160, 90)})  # fmt: skip
    [result] = load_results(run_dir)
    assert result["agent"] == "llm:replay" and result["success"]
