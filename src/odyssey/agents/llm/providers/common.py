"""What the three providers share: parameter routing, error mapping, data URLs, reply assembly."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from typing import Any

from odyssey.agents.llm.messages import Message, ProviderError, ToolCall, Usage

# Keys our records add to messages; never sent to an API (Mine Odyssey strips its `mcbots_*` keys).
PRIVATE_KEYS = ("provider_state", "usage", "cost_usd")
CONTEXT_WORDING = (
    "context length",
    "context_length",
    "context window",
    "maximum context",
    "prompt is too long",
    "too many tokens",
    "input is too long",
    "reduce the length",
)


def sdk_client(factory: Callable[..., Any], spec: Any) -> Any:
    """An official SDK client (``openai.OpenAI``, ``anthropic.Anthropic``) for a model spec: its
    base URL, key, timeout and SDK retries (Mine Odyssey: none; the loop retries)."""
    from odyssey.agents.llm.models import api_key_for

    return factory(
        base_url=spec.base_url,
        api_key=api_key_for(spec),
        timeout=spec.timeout_s,
        max_retries=spec.max_retries,
    )


def split_params(create: Callable[..., Any], params: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for an SDK ``create``: the parameters it names, the rest in ``extra_body``.

    As Mine Odyssey, keys the SDK does not know (``thinking``, ``top_k``, host extensions) travel in
    ``extra_body`` rather than failing in the SDK.
    """
    known = set(inspect.signature(create).parameters) - {"extra_body", "extra_headers"}
    kwargs = {k: v for k, v in params.items() if k in known}
    extra = {k: v for k, v in params.items() if k not in known}
    if extra:
        kwargs["extra_body"] = extra
    return kwargs


def public_message(message: Message) -> Message:
    """``message`` without the keys only our records use."""
    return {
        k: v for k, v in message.items() if k not in PRIVATE_KEYS and not k.startswith("mcbots_")
    }


def content_parts(content: Any) -> list[dict[str, Any]]:
    """A message's content as a list of parts (a plain string becomes one text part)."""
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    return list(content)


def text_of(content: Any) -> str:
    """The text parts of a content value, joined (for APIs that want a string)."""
    return "".join(p.get("text", "") for p in content_parts(content) if p.get("type") == "text")


def image_url_of(part: dict[str, Any]) -> str:
    """The URL of an ``image_url`` part (either ``{"url": ...}`` or a bare string)."""
    image = part.get("image_url")
    return image.get("url", "") if isinstance(image, dict) else str(image or "")


def parse_data_url(url: str) -> tuple[str, str] | None:
    """``(media_type, base64 data)`` of a ``data:<type>;base64,<data>`` URL, else None."""
    if not url.startswith("data:") or "," not in url:
        return None
    header, data = url[5:].split(",", 1)
    media_type, _, encoding = header.partition(";")
    if encoding != "base64":
        return None
    return media_type or "image/jpeg", data


def tool_functions(tools: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The ``function`` objects of neutral (OpenAI chat) tools."""
    return [t["function"] for t in tools or [] if t.get("type", "function") == "function"]


def neutral_tool_calls(calls: list[ToolCall]) -> list[dict[str, Any]]:
    """Tool calls in the neutral (OpenAI chat) message shape."""
    return [
        {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
        for c in calls
    ]


def assistant_message(
    text: str | None,
    calls: list[ToolCall],
    usage: Usage,
    cost: float | None,
    state: dict[str, Any] | None = None,
    extra: dict[str, Any] | None = None,
) -> Message:
    """The assistant message to append to the conversation, with what the record keeps."""
    message: Message = {"role": "assistant", "content": text or None}
    if calls:
        message["tool_calls"] = neutral_tool_calls(calls)
    message.update(extra or {})
    if state:
        message["provider_state"] = state
    message["usage"] = usage.to_json()
    message["cost_usd"] = cost
    return message


def require_content(text: str, calls: list[ToolCall], model: str) -> None:
    """Refuses a reply with neither text (whitespace counts as none) nor a tool call; Mine Odyssey
    counts such a reply as a failed request."""
    if not text.strip() and not calls:
        raise ProviderError("empty", f"{model} replied with neither text nor a tool call")


def map_sdk_error(exc: Exception, sdk: Any) -> ProviderError:
    """The ProviderError for an exception of the ``openai`` or ``anthropic`` SDK module ``sdk``
    (or for a reply body that is no JSON, which the SDKs let through as JSONDecodeError)."""
    if isinstance(exc, sdk.APITimeoutError):
        return ProviderError("timeout", str(exc))
    if isinstance(exc, sdk.APIConnectionError):
        return ProviderError("connection", str(exc))
    if isinstance(exc, sdk.APIStatusError):
        status = exc.status_code
        return ProviderError(_status_kind(status, exc), _error_text(exc), status=status)
    if isinstance(exc, json.JSONDecodeError):  # the host answered 200 with no JSON
        kind = "empty" if not exc.doc.strip() else "server"
        return ProviderError(kind, f"unreadable reply body: {exc}")
    return ProviderError("server", f"unexpected reply: {exc}")


def _status_kind(status: int, exc: Any) -> str:
    if status == 429:
        return "rate_limit"
    if status in (401, 403):
        return "auth"
    if status == 408:
        return "timeout"
    if status >= 500:
        return "server"
    # 413 (request too large: usually too many images) calls for the same remedy as a full context.
    if status == 413 or _is_context_length(exc):
        return "context_length"
    return "bad_request"


def _is_context_length(exc: Any) -> bool:
    if getattr(exc, "code", None) == "context_length_exceeded":
        return True
    text = _error_text(exc).lower()
    return any(w in text for w in CONTEXT_WORDING)


def _error_text(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
    return str(getattr(exc, "message", exc))
