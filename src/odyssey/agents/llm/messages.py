"""What the language-model agent and its providers exchange, independent of any one API.

Messages are kept in the OpenAI chat-completions shape (the lingua franca of hosts): ``system``,
``user`` (text and ``image_url`` parts, images as ``data:image/jpeg;base64,...`` URLs),
``assistant`` (``content``, ``tool_calls``) and ``tool`` (``tool_call_id``, ``content``). A
provider converts them to its API and back. What one API needs passed back verbatim on the next
turn (Anthropic's signed thinking blocks, a Responses API reasoning item, a host's
``reasoning_content``) rides on the assistant message under ``provider_state`` / keys the provider
documents; other providers ignore them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

Message = dict[str, Any]


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str  # the raw JSON text the model wrote (may be invalid: the loop judges it)


@dataclass(frozen=True)
class Usage:
    input_tokens: int = 0  # prompt tokens, cached ones included
    output_tokens: int = 0  # completion tokens, reasoning included
    cached_input_tokens: int = 0
    reasoning_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def to_json(self) -> dict[str, int]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cached_input_tokens": self.cached_input_tokens,
            "reasoning_tokens": self.reasoning_tokens,
            "total_tokens": self.total_tokens,
        }


@dataclass
class Reply:
    """One model reply: its text, tool calls, usage and cost, and the assistant message to append
    to the conversation (in the neutral shape, with whatever the API needs passed back)."""

    text: str
    tool_calls: list[ToolCall]
    usage: Usage
    message: Message
    model: str = ""
    cost_usd: float | None = None
    reasoning: str | None = None
    finish_reason: str | None = None
    raw: dict[str, Any] = field(default_factory=dict)


class ProviderError(Exception):
    """A failed model request. ``kind``: timeout, connection, rate_limit, context_length,
    bad_request, server, auth, empty (a reply with neither text nor tool call)."""

    def __init__(self, kind: str, message: str, status: int | None = None) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.status = status


class Provider(Protocol):
    """A model behind one API; ``complete`` makes one request (no hidden retries)."""

    def complete(
        self, system: str, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> Reply: ...
