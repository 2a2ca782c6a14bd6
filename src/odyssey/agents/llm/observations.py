"""The texts the agent loop shows the model between its replies, word for word as Mine Odyssey's
agent writes them (notes §3.1-3.3): action events, command results, the in-flight ("async")
notices, the invalid-reply feedback, and screenshot parts. Pure functions of their inputs.

``ts`` is always Mine Odyssey's label stamp ``YYYY-MM-DD HH:MM:SS.cc``.
"""

from __future__ import annotations

import base64
import json
import shlex
from typing import Any

from odyssey.agents.llm.tools import ACTION_TYPES, TOOL_NAME, action_reference
from odyssey.episode.harness_api import CommandResult

Part = dict[str, Any]
INTERRUPTED = "Action Interrupted because a new `exec` action is starting"
TIMEOUT_EXIT_CODE = 124


def text_part(text: str) -> Part:
    return {"type": "text", "text": text}


def screenshot_parts(ts: str, label: str, jpeg: bytes, url: str | None = None) -> list[Part]:
    """The label text and the image; ``url`` (a record file name) replaces the data URL."""
    image = url or "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")
    return [
        text_part(f"[Screenshot at {ts}] [{label}]\n"),
        {"type": "image_url", "image_url": {"url": image}},
    ]


def call_reference_line(call_id: str, prefix: str = "Tool call ID") -> str:
    """``Tool call ID: <id>``, or ``Action reference: action_...`` for over-long ids."""
    ref = action_reference(call_id)
    return f"Action reference: {ref}" if ref else f"{prefix}: {call_id}"


def action_event(ts: str, event: str, call_id: str, related_id: str | None = None) -> str:
    """``[Action Event at <ts>] <event>`` with the tool-call correlation lines of tool mode."""
    lines = [f"[Action Event at {ts}] {event}", call_reference_line(call_id)]
    if related_id is not None:
        lines.append(call_reference_line(related_id, "Related tool call ID"))
    return "\n".join(lines) + "\n"


def end_event_name(result: CommandResult) -> str:
    if result.status == "timed_out":
        return "Action Timeout"
    return f"Action End (exit_code={result.exit_code if result.exit_code is not None else 0})"


def command_result_text(ts: str, call_id: str, result: CommandResult, earlier: bool) -> str:
    """The ``[Command Result at <ts>]`` block (stdout/stderr lines only when non-empty)."""
    if earlier:
        lines = [
            f"[Earlier Interrupted Command Result at {ts}]",
            "This result belongs to an earlier command and does not finish the current command.",
        ]
    else:
        lines = [f"[Command Result at {ts}]"]
    lines.append(call_reference_line(call_id))
    if result.stdout:
        lines.append(f"Stdout:\n{result.stdout}")
    if result.stderr:
        lines.append(f"Stderr:\n{result.stderr}")
    lines.append(f"Exit code: {result.exit_code}")
    return "\n".join(lines) + "\n"


def is_silent_mcapi_success(result: CommandResult) -> bool:
    """A successful ``mcapi`` action that printed nothing: its result is not shown (notes §3.2)."""
    return (
        result.command.strip().startswith("mcapi ")
        and not requests_mcapi_state(result.command)
        and (result.exit_code or 0) == 0
        and not result.stdout
        and not result.stderr
    )


def requests_mcapi_state(command: str) -> bool:
    """Whether the shell text runs ``mcapi state`` as a command (not inside quoted text)."""
    if "mcapi state" not in command:
        return False
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|()")
        lexer.whitespace_split = True
        lexer.commenters = ""
        tokens = list(lexer)
    except ValueError:
        return True  # ambiguous: keep the output rather than risk hiding a state read
    separators = {"&&", "||", ";", "|", "&", "("}
    return any(
        tokens[i] == "mcapi"
        and tokens[i + 1] == "state"
        and (i == 0 or tokens[i - 1] in separators)
        for i in range(len(tokens) - 1)
    )


def async_notice_start(ts: str) -> str:
    return (
        f"[Async Notice Start at {ts}] The following observations were captured while the "
        "previous LLM request was in-flight. They were not seen by that request and are not "
        "direct results of its action."
    )


def async_notice_end(ts: str) -> str:
    return (
        f"[Async Notice End at {ts}] The in-flight observation segment ended. Observations "
        "between Async Notice and this line belong to that thinking window."
    )


def invalid_response_text(ts: str, error: str) -> str:
    return (
        f"[Invalid response at {ts}] Your previous reply did not contain exactly one valid "
        f"`{TOOL_NAME}` tool call. Validation error: {error.rstrip('.')}. So no action was "
        f"executed. Please call `{TOOL_NAME}` exactly once now (allowed types: "
        f"{', '.join(ACTION_TYPES)})."
    )


def tool_reply(call_id: str, status: str, error: str | None = None) -> dict[str, Any]:
    """The ``role:"tool"`` message answering one call (``received`` or ``rejected``)."""
    body: dict[str, str] = {"status": status}
    if error:
        body["error"] = error
    ref = action_reference(call_id)
    if ref:
        body["action_ref"] = ref
    return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(body)}
