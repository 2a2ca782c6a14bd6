"""Automatic summarisation and context resets (Mine Odyssey notes §3.4-3.5, ``agent.py``
``_should_trigger_summarize``, ``_perform_summary_reset``, ``_reset_context_after_llm_request_
failure``): when a summary is due, what the model is asked, how its ``<summary>`` is read, and
the texts that start a fresh context window. Pure functions; the loop does the sequencing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

OBSERVE_MODE = "event_only"
LAST_EXEC_INLINE_MAX = 500

_SUMMARY_INSTRUCTIONS = (
    "Before continuing, write a concise summary of your navigation progress. "
    "This summary will be the only previous context carried into the next turn. "
    "When useful, consider mentioning your current location or orientation, route progress, "
    "relevant observations, obstacles or failed approaches, and a sensible next step. "
    "Include only what is relevant to continuing the task effectively. "
    "Keep the original navigation task unchanged, and do not invent progress or waypoint "
    "information. At the end of your response, put the final summary inside exactly one "
    "`<summary>...</summary>` block. Only the content of the last complete `<summary>` block "
    "will be retained. Do not put an executable `<action>` block inside the summary."
)


@dataclass(frozen=True)
class SummaryThresholds:
    turns: int = 100  # assistant messages in the window (>=)
    tokens: int = 200_000  # the last reply's total tokens (>), checked after a call only
    images: int = 100  # images in the context (>)
    rounds: int = 0  # non-system messages in the context (>); 0 = off (formal)


@dataclass(frozen=True)
class Trigger:
    reason: str  # round_limit | image_limit | token_threshold | turn_threshold
    count: int


def count_images(message: dict[str, Any]) -> int:
    content = message.get("content")
    if not isinstance(content, list):
        return 0
    return sum(1 for p in content if isinstance(p, dict) and p.get("type") == "image_url")


def summary_trigger(
    context: list[dict[str, Any]], limits: SummaryThresholds, last_total_tokens: int | None
) -> Trigger | None:
    """The first trigger that fires, in Mine Odyssey's order; ``last_total_tokens`` is None
    before a call (the token trigger is then not checked)."""
    messages = [m for m in context if m.get("role") != "system"]
    images = sum(count_images(m) for m in messages)
    turns = sum(1 for m in messages if m.get("role") == "assistant")
    if limits.rounds > 0 and len(messages) > limits.rounds:
        return Trigger("round_limit", len(messages))
    if limits.images > 0 and images > limits.images:
        return Trigger("image_limit", images)
    if last_total_tokens is not None and 0 < limits.tokens < last_total_tokens:
        return Trigger("token_threshold", last_total_tokens)
    if limits.turns > 0 and turns >= limits.turns:
        return Trigger("turn_threshold", turns)
    return None


def summary_request_text(ts: str, trigger: Trigger, limits: SummaryThresholds) -> str:
    n = trigger.count
    if trigger.reason == "image_limit":
        line = (
            f"Your active context has accumulated **{n}** images, "
            f"exceeding the configured maximum (`{limits.images}`). "
        )
    elif trigger.reason == "round_limit":
        line = (
            f"Your active conversation has reached **{n}** messages, "
            f"exceeding the configured round limit (`{limits.rounds}`). "
        )
    elif trigger.reason == "turn_threshold":
        line = f"You have taken **{n}** turns in the current window (threshold: {limits.turns}). "
    else:
        line = (
            "Your combined context+response tokens on the previous turn totalled "
            f"**{n}** (threshold: {limits.tokens}). "
        )
    return f"[Summary Request at {ts}] " + line + _SUMMARY_INSTRUCTIONS


def barrier_text(ts: str, withheld_type: str) -> str:
    return (
        f"[Summary barrier at {ts}] The previous `{withheld_type}` response was not executed "
        "because the context reached an automatic-summary boundary. Any earlier running command "
        "is being stopped. Summarize the state after the stop; do not assume the withheld action "
        "occurred."
    )


def invalid_summary_text(ts: str) -> str:
    return (
        f"[Invalid summary response at {ts}] Your previous reply did not contain a usable "
        "summary and has NOT been executed. Put the final navigation summary inside a complete "
        "`<summary>...</summary>` block. Do not put an executable `<action>` block inside the "
        "summary."
    )


def extract_summary(text: str) -> str | None:
    """The content of the last complete ``<summary>`` block; None when missing, empty or
    holding an ``<action`` block."""
    openings = list(re.finditer(r"<\s*summary\s*>", text or "", flags=re.IGNORECASE))
    if not openings:
        return None
    start = openings[-1].end()
    closing = re.search(r"</\s*summary\s*>", text[start:], flags=re.IGNORECASE)
    if closing is None:
        return None
    summary = text[start : start + closing.start()].strip()
    if not summary or re.search(r"<\s*action(?:\s|>)", summary, flags=re.IGNORECASE):
        return None
    return summary


def last_exec_hint(command: str | None, issued_ts: str | None) -> str:
    """A reminder of the last ``exec`` after a reset (it may still be acting in the world).
    Deliberate difference: Mine Odyssey's example stop command is Baritone's; we have none, and
    an over-long command is cut (we keep no copy the sandbox could read)."""
    if not command:
        return ""
    if len(command) > LAST_EXEC_INLINE_MAX:
        block = (
            f"`{command[:LAST_EXEC_INLINE_MAX].rstrip()} ...(truncated, full content unavailable)`"
        )
    else:
        block = f"`{command.strip()}`"
    return (
        f" Your most recent `exec` action was: {block} (issued at {issued_ts or 'unknown time'}). "
        "If it was a long-running directive that keeps controlling the bot in the background, "
        "it may still be running — the observations in the recent window above could be "
        "produced by it. Inspect the scene and issue an explicit stop (a `stop_execute` action) "
        "or send a new exec to regain control, otherwise continue the task if it is still "
        "appropriate."
    )


def summarized_text(ts: str, summary: str, hint: str) -> str:
    summary = summary.strip() or "(empty summary — model returned no content)"
    return (
        f"[Context Summarized at {ts}] Your previous context is too long and you produced the "
        "summary below. Treat the summary as your authoritative memory of everything before "
        "this point; the older messages are no longer visible. "
        f"Observation mode is currently `{OBSERVE_MODE}`."
        + hint
        + "\n\n**Summary:**\n"
        + summary
        + "\n\nContinue your task from here."
    )


def context_reset_text(ts: str, staged: int, error: str, hint: str) -> str:
    error = error.strip() or "error"
    if len(error) > 500:
        error = error[:500] + "...(truncated)"
    return (
        f"[Context Reset at {ts}] LLM request failed after retries while conversation exceeded "
        "round limit. Context was reset to recover. "
        f"staged_buffer_recovered={staged}. error={error}\n"
        f"Observation mode is currently `{OBSERVE_MODE}`." + hint
    )


def unread_notice_text(kind: str) -> str:
    """``kind``: ``summary`` or ``context``."""
    return (
        f"[Unread observations after {kind} reset] The following observations arrived after the "
        "previous request's input was frozen and were not seen by that request. Use them to "
        "update the state described above before choosing the next action."
    )
