"""The providers through the real SDK clients against loopback servers that speak each API."""

from __future__ import annotations

import json
import socket

import pytest
from llm_servers import (
    PATHS,
    Raw,
    ReplayServer,
    Slow,
    anthropic_reply,
    chat_reply,
    context_length_error,
    loopback_spec,
    rate_limited,
    reply_for,
    responses_reply,
    server_error,
)

from odyssey.agents.llm.messages import ProviderError, ToolCall
from odyssey.agents.llm.providers import make_provider

APIS = sorted(PATHS)
PRICES = {"input": 2.0, "output": 8.0, "cached_input": 0.5}
IMAGE_URL = "data:image/png;base64,iVBORw0KGgo="
SCHEMA = {
    "type": "object",
    "properties": {
        "type": {"type": "string", "enum": ["exec", "skip", "stop_execute", "claim_done"]},
        "content": {"type": "string"},
        "observe_after_sec": {"type": "number", "minimum": 1.0},
    },
    "required": ["type"],
    "additionalProperties": False,
}
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "minecraft_action",
            "description": "One action.",
            "parameters": SCHEMA,
        },
    }
]
USER = {
    "role": "user",
    "content": [
        {"type": "text", "text": "[Screenshot at 12:00:00.00] [initial trajectory snapshot]\n"},
        {"type": "image_url", "image_url": {"url": IMAGE_URL}},
    ],
}
CALL = ToolCall("call_abc123", "minecraft_action", '{"type": "exec", "content": "mcapi state"}')


def provider_for(srv: ReplayServer, **changes):
    spec = loopback_spec(srv, price_per_mtok=PRICES, **changes)
    return make_provider(spec)


def test_chat_completions_request_and_reply() -> None:
    reply = chat_reply(
        text="Checking state.", tool_calls=[CALL], reasoning_content="I should look."
    )
    with ReplayServer("openai-chat", [reply]) as srv:
        got = provider_for(srv, params={"temperature": 0.7, "max_tokens": 32000}).complete(
            "You are a player.", [USER], TOOLS
        )
    assert srv.requests[0].path == "/v1/chat/completions"
    assert srv.bodies == [
        {
            "model": "replay-model",
            "messages": [{"role": "system", "content": "You are a player."}, USER],
            "temperature": 0.7,
            "max_tokens": 32000,
            "tools": TOOLS,
        }
    ]
    assert got.text == "Checking state."
    assert got.tool_calls == [CALL]
    assert got.reasoning == "I should look."
    assert got.finish_reason == "tool_calls"
    assert got.usage.to_json() == {
        "input_tokens": 1200,
        "output_tokens": 85,
        "cached_input_tokens": 1024,
        "reasoning_tokens": 40,
        "total_tokens": 1285,
    }
    assert got.cost_usd == pytest.approx((176 * 2.0 + 1024 * 0.5 + 85 * 8.0) / 1e6)
    assert got.message["reasoning_content"] == "I should look."
    assert got.message["usage"] == got.usage.to_json()
    assert got.message["cost_usd"] == got.cost_usd


def test_responses_request_and_reply() -> None:
    reply = responses_reply(
        text="Checking.",
        tool_calls=[CALL],
        reasoning_summary="Look first.",
        encrypted_content="gAAA",
    )
    with ReplayServer("openai-responses", [reply]) as srv:
        got = provider_for(
            srv, params={"temperature": 0.7, "reasoning": {"effort": "high"}}
        ).complete("You are a player.", [USER], TOOLS)
    body = srv.bodies[0]
    assert srv.requests[0].path == "/v1/responses"
    assert body["instructions"] == "You are a player."
    assert body["input"] == [
        {
            "type": "message",
            "role": "user",
            "content": [
                {"type": "input_text", "text": USER["content"][0]["text"]},
                {"type": "input_image", "image_url": IMAGE_URL, "detail": "auto"},
            ],
        }
    ]
    assert body["tools"] == [
        {
            "type": "function",
            "name": "minecraft_action",
            "description": "One action.",
            "parameters": SCHEMA,
            "strict": False,
        }
    ]
    assert (body["temperature"], body["reasoning"], body["model"]) == (
        0.7,
        {"effort": "high"},
        "replay-model",
    )
    assert got.text == "Checking."
    assert got.tool_calls == [CALL]
    assert got.reasoning == "Look first."
    assert got.usage.to_json()["cached_input_tokens"] == 2048
    assert got.usage.reasoning_tokens == 256
    assert got.cost_usd == pytest.approx((252 * 2.0 + 2048 * 0.5 + 310 * 8.0) / 1e6)


def test_anthropic_request_and_reply() -> None:
    reply = anthropic_reply(text="Checking.", tool_calls=[CALL], thinking="Look first.")
    with ReplayServer("anthropic", [reply]) as srv:
        got = provider_for(srv, params={"temperature": 0.7, "max_tokens": 2048}).complete(
            "You are a player.", [USER], TOOLS
        )
    assert srv.requests[0].path == "/v1/messages"
    assert srv.bodies == [
        {
            "model": "replay-model",
            "max_tokens": 2048,
            "system": "You are a player.",
            "messages": [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": USER["content"][0]["text"]},
                        {
                            "type": "image",
                            "source": {
                                "type": "base64",
                                "media_type": "image/png",
                                "data": "iVBORw0KGgo=",
                            },
                        },
                    ],
                }
            ],
            "tools": [
                {"name": "minecraft_action", "description": "One action.", "input_schema": SCHEMA}
            ],
            "temperature": 0.7,
        }
    ]
    assert got.tool_calls[0].id == CALL.id
    assert json.loads(got.tool_calls[0].arguments) == json.loads(CALL.arguments)
    assert (got.text, got.reasoning, got.finish_reason) == ("Checking.", "Look first.", "tool_use")
    # Anthropic's input_tokens leave out cache reads (3000) and writes (200).
    assert got.usage.input_tokens == 150 + 3000 + 200
    assert got.usage.cached_input_tokens == 3000
    assert got.cost_usd == pytest.approx((350 * 2.0 + 3000 * 0.5 + 420 * 8.0) / 1e6)


def test_anthropic_default_max_tokens_and_no_tools() -> None:
    with ReplayServer("anthropic", [anthropic_reply(text="<summary>x</summary>")]) as srv:
        provider_for(srv).complete("sys", [USER], None)
    assert srv.bodies[0]["max_tokens"] == 4096
    assert "tools" not in srv.bodies[0]


@pytest.mark.parametrize("api", APIS)
def test_summary_turn_sends_no_tools(api: str) -> None:
    with ReplayServer(api, [reply_for(api, text="<summary>here</summary>")]) as srv:
        got = provider_for(srv).complete("sys", [USER], None)
    assert "tools" not in srv.bodies[0]
    assert got.text == "<summary>here</summary>"
    assert got.tool_calls == []


def conversation(first_reply_message: dict) -> list[dict]:
    """The first turn's user message, the assistant's call, its tool result and new observations."""
    return [
        USER,
        first_reply_message,
        {"role": "tool", "tool_call_id": CALL.id, "content": '{"status":"received"}'},
        {"role": "user", "content": [{"type": "text", "text": "[Command Result at 12:00:02.00]"}]},
    ]


def test_chat_multi_turn_passes_reasoning_back_and_strips_private_keys() -> None:
    first = chat_reply(tool_calls=[CALL], reasoning_content="think")
    with ReplayServer("openai-chat", [first, chat_reply(text="done")]) as srv:
        provider = provider_for(srv)
        reply = provider.complete("sys", [USER], TOOLS)
        provider.complete("sys", conversation(reply.message), TOOLS)
    sent = srv.bodies[1]["messages"]
    assert sent[2] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": CALL.id,
                "type": "function",
                "function": {"name": CALL.name, "arguments": CALL.arguments},
            }
        ],
        "reasoning_content": "think",
    }
    assert sent[3] == {"role": "tool", "tool_call_id": CALL.id, "content": '{"status":"received"}'}
    assert sent[4]["role"] == "user"


def test_responses_multi_turn_pairs_call_ids_and_passes_reasoning_back() -> None:
    first = responses_reply(tool_calls=[CALL], reasoning_summary="think", encrypted_content="gAAA")
    rs_id = first["output"][0]["id"]
    fc_id = first["output"][1]["id"]
    with ReplayServer("openai-responses", [first, responses_reply(text="done")]) as srv:
        provider = provider_for(srv)
        reply = provider.complete("sys", [USER], TOOLS)
        provider.complete("sys", conversation(reply.message), TOOLS)
    items = srv.bodies[1]["input"]
    assert [i["type"] for i in items] == [
        "message",
        "reasoning",
        "function_call",
        "function_call_output",
        "message",
    ]
    assert items[1] == {
        "type": "reasoning",
        "id": rs_id,
        "summary": [{"type": "summary_text", "text": "think"}],
        "encrypted_content": "gAAA",
    }
    assert items[2] == {
        "type": "function_call",
        "id": fc_id,
        "call_id": CALL.id,
        "name": CALL.name,
        "arguments": CALL.arguments,
    }
    assert items[3] == {
        "type": "function_call_output",
        "call_id": CALL.id,
        "output": '{"status":"received"}',
    }
    assert items[4]["content"] == [
        {"type": "input_text", "text": "[Command Result at 12:00:02.00]"}
    ]


def test_anthropic_multi_turn_alternates_and_passes_thinking_back() -> None:
    first = anthropic_reply(
        text="Let me look.", tool_calls=[CALL], thinking="think", signature="sig=="
    )
    with ReplayServer("anthropic", [first, anthropic_reply(text="done")]) as srv:
        provider = provider_for(srv)
        reply = provider.complete("sys", [USER], TOOLS)
        messages = conversation(reply.message)
        # An observation that arrived before the tool result still goes after it in the user turn.
        messages.insert(
            2, {"role": "user", "content": "[Action Event at 12:00:01.00] Action Start"}
        )
        provider.complete("sys", messages, TOOLS)
    turns = srv.bodies[1]["messages"]
    assert [t["role"] for t in turns] == ["user", "assistant", "user"]
    assert turns[1]["content"] == [
        {"type": "thinking", "thinking": "think", "signature": "sig=="},
        {"type": "text", "text": "Let me look."},
        {"type": "tool_use", "id": CALL.id, "name": CALL.name, "input": json.loads(CALL.arguments)},
    ]
    assert turns[2]["content"] == [
        {"type": "tool_result", "tool_use_id": CALL.id, "content": '{"status":"received"}'},
        {"type": "text", "text": "[Action Event at 12:00:01.00] Action Start"},
        {"type": "text", "text": "[Command Result at 12:00:02.00]"},
    ]


def test_anthropic_sends_invalid_arguments_as_raw() -> None:
    broken = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "toolu_1",
                "type": "function",
                "function": {"name": "minecraft_action", "arguments": "{oops"},
            }
        ],
    }
    messages = [USER, broken, {"role": "tool", "tool_call_id": "toolu_1", "content": "rejected"}]
    with ReplayServer("anthropic", [anthropic_reply(text="ok")]) as srv:
        provider_for(srv).complete("sys", messages, TOOLS)
    tool_use = srv.bodies[0]["messages"][1]["content"][0]
    assert tool_use["input"] == {"_raw": "{oops"}


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize(
    ("answer", "kind", "status"),
    [
        (rate_limited, "rate_limit", 429),
        (server_error, "server", 500),
        (context_length_error, "context_length", 400),
    ],
)
def test_http_errors_map_to_kinds_without_retries(api: str, answer, kind: str, status: int) -> None:
    with (
        ReplayServer(api, [answer(api), reply_for(api, text="never sent")]) as srv,
        pytest.raises(ProviderError) as caught,
    ):
        provider_for(srv).complete("sys", [USER], TOOLS)
    assert (caught.value.kind, caught.value.status) == (kind, status)
    assert len(srv.requests) == 1  # max_retries 0: the loop owns the retry policy


@pytest.mark.parametrize("api", APIS)
def test_slow_reply_times_out(api: str) -> None:
    with (
        ReplayServer(api, [Slow(30.0, reply_for(api, text="late"))]) as srv,
        pytest.raises(ProviderError) as caught,
    ):
        provider_for(srv, timeout_s=0.3).complete("sys", [USER], TOOLS)
    assert caught.value.kind == "timeout"


@pytest.mark.parametrize("api", APIS)
def test_reply_without_text_or_call_is_empty(api: str) -> None:
    with (
        ReplayServer(api, [reply_for(api, text="")]) as srv,
        pytest.raises(ProviderError) as caught,
    ):
        provider_for(srv).complete("sys", [USER], TOOLS)
    assert caught.value.kind == "empty"


@pytest.mark.parametrize("api", APIS)
def test_unparseable_body_is_an_error(api: str) -> None:
    with ReplayServer(api, [Raw(200, b"")]) as srv, pytest.raises(ProviderError):
        provider_for(srv).complete("sys", [USER], TOOLS)


@pytest.mark.parametrize("api", APIS)
def test_closed_port_is_a_connection_error(api: str) -> None:
    with socket.socket() as sock:  # a port nobody listens on once the socket closes
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with ReplayServer(api) as srv:
        base_url = srv.base_url.replace(str(srv.port), str(port))
        with pytest.raises(ProviderError) as caught:
            provider_for(srv, base_url=base_url).complete("sys", [USER], TOOLS)
    assert caught.value.kind == "connection"


def test_key_from_the_named_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ODYSSEY_TEST_KEY", "sk-test-123")
    with ReplayServer("openai-chat", [chat_reply(text="hi")]) as srv:
        provider_for(srv, api_key_env="ODYSSEY_TEST_KEY").complete("sys", [USER], None)
    assert srv.requests[0].headers["authorization"] == "Bearer sk-test-123"


def test_responses_takes_max_tokens_as_max_output_tokens() -> None:
    with ReplayServer("openai-responses", [responses_reply(text="ok")]) as srv:
        provider_for(srv, params={"max_tokens": 900}).complete("sys", [USER], None)
    assert srv.bodies[0]["max_output_tokens"] == 900
    assert "max_tokens" not in srv.bodies[0]


def test_replay_server_answers_callables_and_reports_an_empty_queue() -> None:
    def echo(body: dict) -> dict:
        return chat_reply(text=f"you sent {len(body['messages'])} messages")

    with ReplayServer("openai-chat", [echo]) as srv:
        provider = provider_for(srv)
        assert provider.complete("sys", [USER], None).text == "you sent 2 messages"
        with pytest.raises(ProviderError) as caught:
            provider.complete("sys", [USER], None)
    assert caught.value.kind == "server"
    assert "no reply queued" in str(caught.value)


def test_anthropic_summary_turn_keeps_the_tools_defined_but_disabled() -> None:
    replies = [anthropic_reply(tool_calls=[CALL]), anthropic_reply(text="<summary>ok</summary>")]
    with ReplayServer("anthropic", replies) as srv:
        provider = provider_for(srv)
        reply = provider.complete("sys", [USER], TOOLS)
        provider.complete("sys", conversation(reply.message), None)  # a summary turn
    summary = srv.bodies[1]
    assert summary["tool_choice"] == {"type": "none"}
    assert [t["name"] for t in summary["tools"]] == ["minecraft_action"]
    assert "tool_choice" not in srv.bodies[0]
