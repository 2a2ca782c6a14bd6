"""Anthropic's Messages API (``POST {base_url}/v1/messages``).

Conversion from the neutral shape: the system prompt is the ``system`` parameter; user parts become
``text`` / base64 ``image`` blocks; an assistant turn becomes its signed thinking blocks (kept in
``provider_state["anthropic"]``), its text and ``tool_use`` blocks; tool results become
``tool_result`` blocks at the head of the next user turn, because the API wants user and assistant
turns to alternate and tool results first in the turn that answers the tool use.
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
    parse_data_url,
    require_content,
    sdk_client,
    split_params,
    text_of,
    tool_functions,
)

DEFAULT_MAX_TOKENS = 4096


class AnthropicMessagesProvider:
    """A Claude model behind the Messages API."""

    def __init__(self, spec: ModelSpec, client: Any = None) -> None:
        import anthropic

        self.spec = spec
        self._sdk = anthropic
        self._tools: list[dict[str, Any]] | None = None  # the last tools sent
        self.client = client or sdk_client(anthropic.Anthropic, spec)

    def complete(
        self, system: str, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> Reply:
        """One message; SDK errors become ProviderError."""
        create = self.client.messages.create
        params = dict(self.spec.params)
        max_tokens = int(params.pop("max_tokens", DEFAULT_MAX_TOKENS))
        kwargs = split_params(create, params)
        if system:
            kwargs["system"] = system
        if tools:
            self._tools = tools
            kwargs["tools"] = anthropic_tools(tools)
        elif self._tools and any(m.get("tool_calls") for m in messages):
            # A turn without tools (a summary) whose history holds tool calls: the Messages API
            # refuses tool_use blocks unless tools are defined, so they are sent and disabled.
            kwargs["tools"] = anthropic_tools(self._tools)
            kwargs["tool_choice"] = {"type": "none"}
        # A per-call timeout also stops the SDK refusing a large max_tokens without streaming.
        kwargs.setdefault("timeout", self.spec.timeout_s)
        try:
            message = create(
                model=self.spec.model,
                max_tokens=max_tokens,
                messages=anthropic_messages(messages),
                **kwargs,
            )
        except (self._sdk.APIError, json.JSONDecodeError) as e:
            raise map_sdk_error(e, self._sdk) from e
        return parse_message(message.model_dump(mode="json", exclude_none=True), self.spec)


def anthropic_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral tools as Anthropic tools (``input_schema``)."""
    return [
        {
            "name": f["name"],
            "description": f.get("description", ""),
            "input_schema": f.get("parameters", {"type": "object", "properties": {}}),
        }
        for f in tool_functions(tools)
    ]


def anthropic_messages(messages: list[Message]) -> list[dict[str, Any]]:
    """The conversation as alternating user/assistant turns of content blocks."""
    turns: list[dict[str, Any]] = []
    for message in messages:
        role = "assistant" if message.get("role") == "assistant" else "user"
        blocks = _blocks(message)
        if not blocks:
            continue  # an empty turn would be refused
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})
    for turn in turns:
        if turn["role"] == "user":  # tool results first, the rest in order (stable sort)
            turn["content"].sort(key=lambda b: b["type"] != "tool_result")
    return turns


def _blocks(message: Message) -> list[dict[str, Any]]:
    role = message.get("role")
    if role == "assistant":
        return _assistant_blocks(message)
    if role == "tool":
        result = {
            "type": "tool_result",
            "tool_use_id": message.get("tool_call_id", ""),
            "content": _tool_result_content(message.get("content")),
        }
        return [result]
    return _user_blocks(message.get("content"))


def _user_blocks(content: Any) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    for part in content_parts(content):
        if part.get("type") == "text" and part.get("text"):
            blocks.append({"type": "text", "text": part["text"]})
        elif part.get("type") == "image_url":
            blocks.append({"type": "image", "source": _image_source(image_url_of(part))})
    return blocks


def _image_source(url: str) -> dict[str, Any]:
    parsed = parse_data_url(url)
    if parsed is None:
        return {"type": "url", "url": url}
    media_type, data = parsed
    return {"type": "base64", "media_type": media_type, "data": data}


def _tool_result_content(content: Any) -> str | list[dict[str, Any]]:
    return content if isinstance(content, str) else _user_blocks(content)


def _assistant_blocks(message: Message) -> list[dict[str, Any]]:
    state = (message.get("provider_state") or {}).get("anthropic") or {}
    blocks: list[dict[str, Any]] = list(state.get("thinking") or [])
    text = text_of(message.get("content"))
    if text:
        blocks.append({"type": "text", "text": text})
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        blocks.append(
            {
                "type": "tool_use",
                "id": call.get("id", ""),
                "name": function.get("name", ""),
                "input": _tool_input(function.get("arguments") or ""),
            }
        )
    return blocks


def _tool_input(arguments: str) -> dict[str, Any]:
    """Parsed arguments; text that is no JSON object still goes back, as ``{"_raw": text}``."""
    try:
        value = json.loads(arguments) if arguments.strip() else {}
    except json.JSONDecodeError:
        return {"_raw": arguments}
    return value if isinstance(value, dict) else {"_raw": arguments}


def parse_message(data: dict[str, Any], spec: ModelSpec) -> Reply:
    """A Messages API body (as JSON) as a Reply."""
    usage = anthropic_usage(data.get("usage") or {})
    cost = cost_usd(spec, usage)
    model = data.get("model") or spec.model
    texts: list[str] = []
    thoughts: list[str] = []
    calls: list[ToolCall] = []
    thinking: list[dict[str, Any]] = []
    for block in data.get("content") or []:
        kind = block.get("type")
        if kind == "text":
            texts.append(block.get("text", ""))
        elif kind == "tool_use":
            arguments = json.dumps(block.get("input") or {}, ensure_ascii=False)
            calls.append(ToolCall(block.get("id", ""), block.get("name", ""), arguments))
        elif kind in ("thinking", "redacted_thinking"):
            thinking.append(block)  # sent back verbatim, signature included
            if kind == "thinking":
                thoughts.append(block.get("thinking", ""))
    text = "".join(texts)
    require_content(text, calls, model)
    state = {"anthropic": {"thinking": thinking}} if thinking else None
    return Reply(
        text=text,
        tool_calls=calls,
        usage=usage,
        message=assistant_message(text, calls, usage, cost, state=state),
        model=model,
        cost_usd=cost,
        reasoning="\n".join(thoughts) or None,
        finish_reason=data.get("stop_reason"),
        raw=data,
    )


def anthropic_usage(usage: dict[str, Any]) -> Usage:
    """Usage from Anthropic's ``usage``: its ``input_tokens`` leave out cache reads and writes."""
    read = usage.get("cache_read_input_tokens") or 0
    written = usage.get("cache_creation_input_tokens") or 0
    return Usage(
        input_tokens=(usage.get("input_tokens") or 0) + read + written,
        output_tokens=usage.get("output_tokens") or 0,
        cached_input_tokens=read,
    )
