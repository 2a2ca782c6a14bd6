"""The minecraft_action tool: its schema exactly as Mine Odyssey's, and reply validation."""

from __future__ import annotations

import json

import pytest
from loop_fakes import act, reply_calls, text_reply

from odyssey.agents.llm.tools import (
    MINECRAFT_ACTION_TOOL,
    Action,
    ValidationProblem,
    action_reference,
    action_tools,
    parse_action,
)


def test_schema_is_mine_odysseys() -> None:
    assert MINECRAFT_ACTION_TOOL == {
        "type": "function",
        "function": {
            "name": "minecraft_action",
            "description": "Submit exactly one Minecraft controller action. Use exec to run a "
            "Bash command; use another action type for control-only decisions.",
            "parameters": {
                "type": "object",
                "properties": {
                    "type": {
                        "type": "string",
                        "enum": ["exec", "skip", "stop_execute", "claim_done"],
                        "description": "The controller action to perform.",
                    },
                    "content": {
                        "type": "string",
                        "description": "Required non-empty Bash command for exec; omit otherwise.",
                    },
                    "observe_after_sec": {
                        "type": "number",
                        "minimum": 1.0,
                        "description": "Optional target delay before observation for exec; "
                        "defaults to 2 seconds.",
                    },
                },
                "required": ["type"],
                "additionalProperties": False,
            },
        },
    }


def test_action_tools_is_a_copy() -> None:
    tools = action_tools()
    tools[0]["function"]["name"] = "changed"
    assert MINECRAFT_ACTION_TOOL["function"]["name"] == "minecraft_action"


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (act("c1", "exec", "mcapi state"), Action("exec", "mcapi state", 2.0, "c1")),
        (act("c2", "exec", "ls", observe=7.5), Action("exec", "ls", 7.5, "c2")),
        (act("c3", "exec", "ls", observe=0.2), Action("exec", "ls", 1.0, "c3")),  # clamped
        (act("c4", "exec", "ls", observe=0), Action("exec", "ls", 1.0, "c4")),
        (act("c5", "skip"), Action("skip", None, 2.0, "c5")),
        (act("c6", "stop_execute"), Action("stop_execute", None, 2.0, "c6")),
        (act("c7", "claim_done", content="ignored"), Action("claim_done", None, 2.0, "c7")),
    ],
)
def test_valid_actions(reply, expected) -> None:
    assert parse_action(reply) == expected


def _args(**kw) -> str:
    return json.dumps(kw)


@pytest.mark.parametrize(
    ("reply", "needle"),
    [
        (text_reply("I will walk north."), "exactly one tool call, got 0"),
        (
            reply_calls([("a", "minecraft_action", _args(type="skip"))] * 2),
            "exactly one tool call, got 2",
        ),
        (reply_calls([("a", "minecraft_action", "{type: skip")]), "not valid JSON"),
        (reply_calls([("a", "minecraft_action", "[1, 2]")]), "must be a JSON object"),
        (reply_calls([("a", "bash", _args(type="exec", content="ls"))]), "unknown tool 'bash'"),
        (reply_calls([("a", "minecraft_action", _args(type="jump"))]), 'got "jump"'),
        (reply_calls([("a", "minecraft_action", _args(content="ls"))]), "got null"),
        (reply_calls([("a", "minecraft_action", _args(type="exec"))]), "non-empty string"),
        (reply_calls([("a", "minecraft_action", _args(type="exec", content="  "))]), "non-empty"),
        (reply_calls([("a", "minecraft_action", _args(type="exec", content=3))]), "non-empty"),
        (
            reply_calls([("a", "minecraft_action", _args(type="skip", reason="tired"))]),
            "unexpected field(s) reason",
        ),
        (
            reply_calls(
                [("a", "minecraft_action", _args(type="exec", content="ls", observe_after_sec="3"))]
            ),
            "observe_after_sec must be a number",
        ),
        (
            reply_calls([("a", "minecraft_action", _args(type="skip", observe_after_sec=True))]),
            "observe_after_sec must be a number",
        ),
    ],
)
def test_invalid_replies(reply, needle) -> None:
    problem = parse_action(reply)
    assert isinstance(problem, ValidationProblem)
    assert needle in problem.error
    assert not problem.error.endswith(".")
    assert problem.call_ids == tuple(c.id for c in reply.tool_calls)


def test_long_ids_get_an_action_reference() -> None:
    assert action_reference("call_1") is None
    long_id = "x" * 129
    ref = action_reference(long_id)
    assert ref is not None and ref.startswith("action_") and len(ref) == len("action_") + 24
    assert action_reference("abc__thought__sig") is not None
