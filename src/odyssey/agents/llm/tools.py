"""The one tool the language-model agent has, ``minecraft_action``, and how a reply's tool call
becomes an :class:`Action` (Mine Odyssey notes §3.3).

The schema is Mine Odyssey's ``_action_tools`` word for word, in the neutral OpenAI function
format; providers convert it to their API. A reply must hold exactly one call of this tool; any
other shape is a :class:`ValidationProblem` whose text the loop shows the model.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any

from odyssey.agents.llm.messages import Reply

TOOL_NAME = "minecraft_action"
ACTION_TYPES: tuple[str, ...] = ("exec", "skip", "stop_execute", "claim_done")
DEFAULT_OBSERVE_AFTER_S = 2.0
MIN_OBSERVE_AFTER_S = 1.0
LONG_CALL_ID = 128  # ids longer than this are shown to the model as an action reference

MINECRAFT_ACTION_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": TOOL_NAME,
        "description": (
            "Submit exactly one Minecraft controller action. Use exec to run a Bash command; "
            "use another action type for control-only decisions."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "type": {
                    "type": "string",
                    "enum": list(ACTION_TYPES),
                    "description": "The controller action to perform.",
                },
                "content": {
                    "type": "string",
                    "description": "Required non-empty Bash command for exec; omit otherwise.",
                },
                "observe_after_sec": {
                    "type": "number",
                    "minimum": 1.0,
                    "description": (
                        "Optional target delay before observation for exec; defaults to 2 seconds."
                    ),
                },
            },
            "required": ["type"],
            "additionalProperties": False,
        },
    },
}


def action_tools() -> list[dict[str, Any]]:
    """The ``tools`` list for a decision request (a fresh copy the provider may change)."""
    return [copy.deepcopy(MINECRAFT_ACTION_TOOL)]


@dataclass(frozen=True)
class Action:
    """One valid ``minecraft_action`` call; ``call_id`` is the action's id (notes §3.3)."""

    type: str
    content: str | None
    observe_after_sec: float
    call_id: str


@dataclass(frozen=True)
class ValidationProblem:
    """Why a reply is not exactly one valid call; ``call_ids`` are the calls to reject."""

    error: str
    call_ids: tuple[str, ...] = ()


def action_reference(call_id: str) -> str | None:
    """Mine Odyssey's short stand-in for an id too long (or too odd) to repeat to the model."""
    if len(call_id) > LONG_CALL_ID or "__thought__" in call_id:
        return "action_" + hashlib.sha256(call_id.encode()).hexdigest()[:24]
    return None


def parse_action(reply: Reply) -> Action | ValidationProblem:
    """The reply's action, or what is wrong with it (error texts end without a full stop)."""
    calls = reply.tool_calls
    ids = tuple(c.id for c in calls)
    if len(calls) != 1:
        return ValidationProblem(f"expected exactly one tool call, got {len(calls)}", ids)
    call = calls[0]
    if call.name != TOOL_NAME:
        return ValidationProblem(f"unknown tool {call.name!r}; the only tool is {TOOL_NAME}", ids)
    try:
        args = json.loads(call.arguments or "")
    except json.JSONDecodeError as e:
        return ValidationProblem(f"arguments are not valid JSON ({e.msg})", ids)
    if not isinstance(args, dict):
        return ValidationProblem("arguments must be a JSON object", ids)
    problem = _check_arguments(args)
    if problem:
        return ValidationProblem(problem, ids)
    kind = args["type"]
    content = args.get("content") if kind == "exec" else None
    return Action(kind, content, _observe_after(args.get("observe_after_sec")), call.id)


def _check_arguments(args: dict[str, Any]) -> str | None:
    extra = sorted(set(args) - {"type", "content", "observe_after_sec"})
    if extra:
        return f"unexpected field(s) {', '.join(extra)}"
    kind = args.get("type")
    if kind not in ACTION_TYPES:
        return f"type must be one of {', '.join(ACTION_TYPES)}, got {json.dumps(kind)}"
    content = args.get("content")
    if kind == "exec" and (not isinstance(content, str) or not content.strip()):
        return "exec needs a non-empty string content (the Bash command)"
    wait = args.get("observe_after_sec")
    if wait is not None and (
        isinstance(wait, bool) or not isinstance(wait, int | float) or not math.isfinite(wait)
    ):
        return f"observe_after_sec must be a number, got {json.dumps(wait)}"
    return None


def _observe_after(value: float | None) -> float:
    """Default 2 s; values under 1 s are raised to 1 s (clamped, not rejected)."""
    if value is None:
        return DEFAULT_OBSERVE_AFTER_S
    return max(MIN_OBSERVE_AFTER_S, float(value))
