"""The OpenAI Responses API (``POST {base_url}/responses``), used statelessly.

Every request carries the whole conversation as ``input`` items; the reasoning items a reply
produced ride on the assistant message (``provider_state["responses"]``) and are sent back before
that turn's function calls. Mine Odyssey chains turns with ``previous_response_id`` instead; a
stateless request works with hosts that keep no state and with ``store: false`` (add
``"include": ["reasoning.encrypted_content"]`` to the params to carry reasoning across turns then).
"""

from __future__ import annotations

import json
from typing import Any

from odyssey.agents.llm.messages import Message, Reply, ToolCall, Usage
from odyssey.agents.llm.models import ModelSpec, cost_usd
from odyssey.agents.llm.providers.common import (
    assistant_message,
    content_parts,
    image_url_of,
    map_sdk_error,
    require_content,
    sdk_client,
    split_params,
    text_of,
    tool_functions,
)


class OpenAIResponsesProvider:
    """A model behind the Responses API."""

    def __init__(self, spec: ModelSpec, client: Any = None) -> None:
        import openai

        self.spec = spec
        self._sdk = openai
        self.client = client or sdk_client(openai.OpenAI, spec)

    def complete(
        self, system: str, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> Reply:
        """One response; SDK errors become ProviderError."""
        create = self.client.responses.create
        params = dict(self.spec.params)
        if "max_tokens" in params:  # chat-completions spelling in a shared models file
            params.setdefault("max_output_tokens", params.pop("max_tokens"))
        kwargs = split_params(create, params)
        if system:
            kwargs["instructions"] = system
        if tools:
            kwargs["tools"] = responses_tools(tools)
        try:
            response = create(model=self.spec.model, input=input_items(messages), **kwargs)
        except (self._sdk.APIError, json.JSONDecodeError) as e:
            raise map_sdk_error(e, self._sdk) from e
        return parse_response(response.model_dump(mode="json", exclude_none=True), self.spec)


def responses_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral tools as Responses function tools (not strict: optional fields stay optional)."""
    return [
        {
            "type": "function",
            "name": f["name"],
            "description": f.get("description", ""),
            "parameters": f.get("parameters", {"type": "object", "properties": {}}),
            "strict": False,
        }
        for f in tool_functions(tools)
    ]


def input_items(messages: list[Message]) -> list[dict[str, Any]]:
    """The conversation as Responses ``input`` items."""
    items: list[dict[str, Any]] = []
    for message in messages:
        role = message.get("role")
        if role == "assistant":
            items.extend(_assistant_items(message))
        elif role == "tool":
            items.append(
                {
                    "type": "function_call_output",
                    "call_id": message.get("tool_call_id", ""),
                    "output": _tool_output(message.get("content")),
                }
            )
        else:
            items.append(_input_message(role or "user", message.get("content")))
    return items


def _input_message(role: str, content: Any) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    for part in content_parts(content):
        if part.get("type") == "text":
            parts.append({"type": "input_text", "text": part.get("text", "")})
        elif part.get("type") == "image_url":
            image = part.get("image_url")
            detail = image.get("detail", "auto") if isinstance(image, dict) else "auto"
            parts.append({"type": "input_image", "image_url": image_url_of(part), "detail": detail})
    return {"type": "message", "role": role, "content": parts}


def _assistant_items(message: Message) -> list[dict[str, Any]]:
    state = (message.get("provider_state") or {}).get("responses") or {}
    items: list[dict[str, Any]] = list(state.get("reasoning") or [])
    item_ids = state.get("call_item_ids") or {}
    text = text_of(message.get("content"))
    if text:
        items.append({"type": "message", "role": "assistant", "content": text})
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        item = {
            "type": "function_call",
            "call_id": call.get("id", ""),
            "name": function.get("name", ""),
            "arguments": function.get("arguments", ""),
        }
        if call.get("id") in item_ids:
            item["id"] = item_ids[call["id"]]
        items.append(item)
    return items


def _tool_output(content: Any) -> str:
    return content if isinstance(content, str) else text_of(content)


def parse_response(data: dict[str, Any], spec: ModelSpec) -> Reply:
    """A Responses API body (as JSON) as a Reply."""
    usage = responses_usage(data.get("usage") or {})
    cost = cost_usd(spec, usage)
    model = data.get("model") or spec.model
    texts: list[str] = []
    thoughts: list[str] = []
    calls: list[ToolCall] = []
    reasoning_items: list[dict[str, Any]] = []
    item_ids: dict[str, str] = {}
    for item in data.get("output") or []:
        kind = item.get("type")
        if kind == "message":
            texts += [c.get("text", "") for c in item.get("content") or [] if "text" in c]
        elif kind == "function_call":
            calls.append(ToolCall(item.get("call_id", ""), item.get("name", ""), item["arguments"]))
            if item.get("id"):
                item_ids[item.get("call_id", "")] = item["id"]
        elif kind == "reasoning":
            reasoning_items.append(_reasoning_input(item))
            parts = (item.get("summary") or []) + (item.get("content") or [])
            thoughts += [p.get("text", "") for p in parts]
    text = "".join(texts)
    require_content(text, calls, model)
    state = {"responses": {"reasoning": reasoning_items, "call_item_ids": item_ids}}
    return Reply(
        text=text,
        tool_calls=calls,
        usage=usage,
        message=assistant_message(
            text, calls, usage, cost, state=state if reasoning_items else None
        ),
        model=model,
        cost_usd=cost,
        reasoning="\n".join(thoughts) or None,
        finish_reason=_finish_reason(data, calls),
        raw=data,
    )


def _reasoning_input(item: dict[str, Any]) -> dict[str, Any]:
    """A reasoning output item as it may be sent back (output-only fields dropped)."""
    keep = ("type", "id", "summary", "encrypted_content", "content")
    return {k: item[k] for k in keep if k in item}


def _finish_reason(data: dict[str, Any], calls: list[ToolCall]) -> str:
    if data.get("status") == "incomplete":
        return (data.get("incomplete_details") or {}).get("reason") or "incomplete"
    return "tool_calls" if calls else "stop"


def responses_usage(usage: dict[str, Any]) -> Usage:
    """Usage from a Responses API ``usage``."""
    return Usage(
        input_tokens=usage.get("input_tokens") or 0,
        output_tokens=usage.get("output_tokens") or 0,
        cached_input_tokens=(usage.get("input_tokens_details") or {}).get("cached_tokens") or 0,
        reasoning_tokens=(usage.get("output_tokens_details") or {}).get("reasoning_tokens") or 0,
    )
