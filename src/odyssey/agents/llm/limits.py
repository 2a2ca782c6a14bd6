"""What bounds an agent loop and what it reports at the end (the fields of Mine Odyssey's
``control/agent-status.json``, notes §3.6, plus usage, cost and decisions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from odyssey.agents.llm.messages import Usage


@dataclass
class LoopLimits:
    max_decisions: int = 500
    watchdog_s: float = 21600
    max_consecutive_failures: int = 3
    bash_timeout_s: float = 300
    turn_threshold: int = 100
    token_threshold: int = 200000
    image_limit: int = 100
    round_limit: int = 0
    failure_pause_s: float = 2.0
    rate_limit_backoff_s: float = 5.0  # first pause after a 429, doubling; 0 = like any failure

    @classmethod
    def from_settings(cls, settings: Any) -> LoopLimits:
        """The limits of a settings file (``odyssey.episode.settings.Settings``)."""
        agent, limits = settings.agent, settings.limits
        return cls(
            max_decisions=limits.max_assistant_steps,
            watchdog_s=limits.watchdog_timeout_sec,
            max_consecutive_failures=agent.max_consecutive_llm_failures,
            bash_timeout_s=agent.bash_timeout_sec,
            turn_threshold=agent.auto_summarize_turn_threshold,
            token_threshold=agent.auto_summarize_token_threshold,
            image_limit=agent.max_images_in_context,
            round_limit=agent.max_conversation_rounds,
        )


@dataclass
class LoopResult:
    status: str  # stopped | crashed
    stop_reason: str
    llm_request_total: int = 0
    llm_request_success: int = 0
    llm_request_failed: int = 0
    consecutive_llm_failures: int = 0
    decisions: int = 0
    usage: Usage = field(default_factory=Usage)
    cost_usd: float | None = None
    summaries: int = 0
    frame_filter: dict[str, Any] = field(default_factory=dict)


def add_usage(a: Usage, b: Usage) -> Usage:
    """Token counts summed field by field."""
    return Usage(
        a.input_tokens + b.input_tokens,
        a.output_tokens + b.output_tokens,
        a.cached_input_tokens + b.cached_input_tokens,
        a.reasoning_tokens + b.reasoning_tokens,
    )
