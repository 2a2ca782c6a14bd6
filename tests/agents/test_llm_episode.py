"""A language-model agent plays a demo task end to end: the real OpenAI and Anthropic SDK clients
talk to local servers replaying scripted replies; the replies' commands run in the bubblewrap
sandbox and walk the route with mcapi alone; the record keeps tokens and cost."""

from __future__ import annotations

import json

import pytest
import typer
from llm_servers import ReplayServer, anthropic_reply, chat_reply, server_error
from route_script import follower_command
from typer.testing import CliRunner

from odyssey.agents import make_agent
from odyssey.agents.llm.messages import ToolCall
from odyssey.agents.llm.prompt import prompt_sha256
from odyssey.bridge.sandbox import bwrap_available
from odyssey.cli.episode_cmd import episode_app
from odyssey.episode.results import read_jsonl
from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.nav.planner import plan_route
from odyssey.tasks import resolve_task
from odyssey.tasks.suites import load_suite

pytestmark = pytest.mark.skipif(bwrap_available() is None, reason="bubblewrap is not installed")
PRICES = {"input": 2.0, "output": 8.0, "cached_input": 0.5}  # USD per million tokens


@pytest.fixture(scope="module")
def demo_task(tmp_path_factory):
    """palace-003 of the demo suite (doors, no ladders), resolved, with its reference route."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(tmp_path_factory.mktemp("llm") / "cache"))
        catalog, references = load_suite("demo")
        task = catalog.by_id()["palace-003"]
        map_dir = resolve_map(task.map_id)
        resolved = resolve_task(task, map_dir)
        stops = [resolved.start.position, *(s.position for s in resolved.stops)]
        route = plan_route(load_package(map_dir).open_world(), stops)
        yield resolved, map_dir, route, references["palace-003"]["reference_length"]


def call(n: int, **arguments) -> ToolCall:
    return ToolCall(f"call_{n}", "minecraft_action", json.dumps(arguments))


def models_file(tmp_path, api: str, base_url: str):
    entry = {"base_url": base_url, "model": "replay-model", "price_per_mtok": PRICES}
    if api == "anthropic":
        entry |= {"provider": "anthropic", "params": {"max_tokens": 2048}}
    else:
        entry |= {"provider": "openai", "api": "chat_completions"}
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"replay": entry}))
    return path


@pytest.mark.parametrize("api", ["openai-chat", "anthropic"])
def test_llm_agent_completes_a_demo_task(demo_task, api, tmp_path):
    task, map_dir, route, reference = demo_task
    walk = call(1, type="exec", content=follower_command(route), observe_after_sec=600)
    claim = call(2, type="claim_done")
    reply = anthropic_reply if api == "anthropic" else chat_reply
    replies = [reply(text="I will walk the route.", tool_calls=[walk]),
               reply(tool_calls=[claim])]  # fmt: skip
    with ReplayServer(api, replies=replies) as server:
        agent = make_agent("llm:replay", models=models_file(tmp_path, api, server.base_url))
        out = tmp_path / "episode"
        summary = run_episode(task, map_dir, agent, out, reference_length=reference)
        bodies = server.bodies
    assert summary["success"] and summary["terminal_reason"] == "claim_done_arrived", summary
    assert len(bodies) == 2

    # what the model was sent: our system prompt, the task prompt, a screenshot, the tool
    first = json.dumps(bodies[0])
    assert task.prompt in first and "minecraft_action" in first
    assert "image/jpeg;base64," in first or '"media_type": "image/jpeg"' in first
    second = json.dumps(bodies[1])
    assert "Confirmed that final destination" in second and "walked" in second

    # the record: every reply with its usage and cost; totals in agent-status.json
    lines = [x["message"] for x in read_jsonl(out / "agent-record" / "messages.jsonl")]
    replies_kept = [m for m in lines if m["role"] == "assistant"]
    assert len(replies_kept) == 2 and all("usage" in m and "cost_usd" in m for m in replies_kept)
    status = json.loads((out / "agent-status.json").read_text())
    assert status["stop_reason"] == "claim_done_accepted" and status["llm_request_success"] == 2
    tokens = sum(m["usage"]["total_tokens"] for m in replies_kept)
    assert status["usage"]["total_tokens"] == tokens > 0
    u = replies_kept[0]["usage"]
    expected = ((u["input_tokens"] - u["cached_input_tokens"]) * PRICES["input"]
                + u["cached_input_tokens"] * PRICES["cached_input"]
                + u["output_tokens"] * PRICES["output"]) / 1e6  # fmt: skip
    assert replies_kept[0]["cost_usd"] == pytest.approx(expected)
    assert status["cost_usd"] == pytest.approx(sum(m["cost_usd"] for m in replies_kept))
    assert all(check["passed"] for check in status["sandbox_check"]["probes"])
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["checkpoints"]["complete"] and metrics["static_spl"] > 0
    agent_json = json.loads((out / "run.json").read_text())["agent"]
    assert agent_json["prompt_sha256"] == prompt_sha256() and agent_json["privileged"] is False
    assert agent_json["model"]["base_url"] == server.base_url
    assert "api_key" not in json.dumps(agent_json)
    assert json.loads((out / "agent-record" / "frame_filter_summary.json").read_text())


def test_provider_failures_are_an_infrastructure_error_and_the_record_is_kept(demo_task, tmp_path):
    task, map_dir, _, _ = demo_task
    with ReplayServer("openai-chat", replies=[server_error("openai-chat")] * 3) as server:
        agent = make_agent("llm:replay", models=models_file(tmp_path, "openai-chat",
                                                             server.base_url))  # fmt: skip
        out = tmp_path / "episode"
        summary = run_episode(task, map_dir, agent, out)
        assert len(server.requests) == 3
    assert summary["terminal_reason"] == "llm_failure_limit"
    assert summary["infrastructure_error"] and not summary["scored"]
    status = json.loads((out / "agent-status.json").read_text())
    assert status["stop_reason"] == "max_consecutive_llm_failures"
    assert status["llm_request_failed"] == 3 and status["llm_request_success"] == 0
    lines = read_jsonl(out / "agent-record" / "messages.jsonl")
    assert lines and lines[0]["message"]["role"] == "system"


def test_cli_runs_a_language_model_agent(demo_task, tmp_path):
    task, _, route, _ = demo_task
    walk = call(1, type="exec", content=follower_command(route), observe_after_sec=600)
    replies = [chat_reply(tool_calls=[walk]), chat_reply(tool_calls=[call(2, type="claim_done")])]
    runner, app = CliRunner(), typer.Typer()
    app.add_typer(episode_app, name="episode")
    with ReplayServer("openai-chat", replies=replies) as server:
        models = models_file(tmp_path, "openai-chat", server.base_url)
        args = ["episode", "run", "--task", task.id, "--agent", "llm:replay", "--models",
                str(models), "--no-screenshots", "--out", str(tmp_path / "cli")]  # fmt: skip
        result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["success"]
    bad = runner.invoke(app, [*args[:5], "llm:nobody", *args[6:]])
    assert bad.exit_code == 2 and "nobody" in bad.output
