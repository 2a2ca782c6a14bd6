"""OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, OpenRouter, DeepSeek, GLM, ...).

The neutral messages already are in this API's shape, so conversion only strips our private keys.
Reasoning a host returns on the message (``reasoning_content`` for DeepSeek/GLM/vLLM, ``reasoning``
and ``reasoning_details`` for OpenRouter) is kept on the assistant message and sent back as is.
"""

from __future__ import annotations

import json
from typing import Any

from odyssey.agents.llm.messages import Message, Reply, ToolCall, Usage
from odyssey.agents.llm.models import ModelSpec, cost_usd
from odyssey.agents.llm.providers.common import (
    assistant_message,
    map_sdk_error,
    public_message,
    require_content,
    sdk_client,
    split_params,
)

REASONING_KEYS = ("reasoning_content", "reasoning", "reasoning_details")


class OpenAIChatProvider:
    """A model behind ``POST {base_url}/chat/completions``."""

    def __init__(self, spec: ModelSpec, client: Any = None) -> None:
        import openai

        self.spec = spec
        self._sdk = openai
        self.client = client or sdk_client(openai.OpenAI, spec)

    def complete(
        self, system: str, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> Reply:
        """One chat completion; SDK errors become ProviderError."""
        create = self.client.chat.completions.create
        kwargs = split_params(create, dict(self.spec.params))
        if tools:
            kwargs["tools"] = tools
        try:
            completion = create(
                model=self.spec.model, messages=chat_messages(system, messages), **kwargs
            )
        except (self._sdk.APIError, json.JSONDecodeError) as e:
            raise map_sdk_error(e, self._sdk) from e
        return parse_completion(completion.model_dump(mode="json"), self.spec)


def chat_messages(system: str, messages: list[Message]) -> list[Message]:
    """The request's ``messages``: the system prompt, then the conversation minus private keys."""
    head = [{"role": "system", "content": system}] if system else []
    return head + [public_message(m) for m in messages]


def parse_completion(data: dict[str, Any], spec: ModelSpec) -> Reply:
    """A chat completion body (as JSON) as a Reply."""
    usage = chat_usage(data.get("usage") or {})
    cost = cost_usd(spec, usage)
    model = data.get("model") or spec.model
    choices = data.get("choices") or []
    message = (choices[0].get("message") if choices else None) or {}
    text = message.get("content") or ""
    calls = [
        ToolCall(
            id=c.get("id") or "",
            name=(c.get("function") or {}).get("name") or "",
            arguments=(c.get("function") or {}).get("arguments") or "",
        )
        for c in message.get("tool_calls") or []
    ]
    require_content(text, calls, model)
    extra = {k: message[k] for k in REASONING_KEYS if message.get(k)}
    reasoning = message.get("reasoning_content") or message.get("reasoning")
    return Reply(
        text=text,
        tool_calls=calls,
        usage=usage,
        message=assistant_message(text, calls, usage, cost, extra=extra),
        model=model,
        cost_usd=cost,
        reasoning=reasoning if isinstance(reasoning, str) else None,
        finish_reason=choices[0].get("finish_reason") if choices else None,
        raw=data,
    )


def chat_usage(usage: dict[str, Any]) -> Usage:
    """Usage from a chat completion's ``usage`` (DeepSeek reports cache hits at the top level)."""
    prompt = usage.get("prompt_tokens_details") or {}
    completion = usage.get("completion_tokens_details") or {}
    cached = prompt.get("cached_tokens") or usage.get("prompt_cache_hit_tokens") or 0
    return Usage(
        input_tokens=usage.get("prompt_tokens") or 0,
        output_tokens=usage.get("completion_tokens") or 0,
        cached_input_tokens=cached,
        reasoning_tokens=completion.get("reasoning_tokens") or 0,
    )
