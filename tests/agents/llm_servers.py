"""Local HTTP servers that speak the model APIs and replay queued replies, for offline tests.

    with ReplayServer("openai-chat", [chat_reply(text="hi")]) as srv:
        spec = loopback_spec(srv)            # a ModelSpec pointing at srv.base_url
        make_provider(spec).complete(...)
        srv.requests[0].body                 # the JSON the SDK sent

APIs: ``openai-chat`` (``POST /v1/chat/completions``), ``openai-responses`` (``POST
/v1/responses``), ``anthropic`` (``POST /v1/messages``). A queued item is a reply body (dict,
answered 200), an :class:`HttpError`, a :class:`Slow` reply, a :class:`Raw` answer, or a callable
taking the request body and returning one of those. An empty queue answers 500 with a message
saying so. The reply bodies below are hand-written in each API's documented shape.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from odyssey.agents.llm.messages import ToolCall
from odyssey.agents.llm.models import ModelSpec

PATHS = {
    "openai-chat": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
    "anthropic": "/v1/messages",
}
SPEC_API = {
    "openai-chat": ("openai", "chat_completions"),
    "openai-responses": ("openai", "responses"),
    "anthropic": ("anthropic", "messages"),
}
_ids = itertools.count(1)


@dataclass(frozen=True)
class HttpError:
    """An error answer: ``status`` with a JSON ``body``."""

    status: int
    body: dict[str, Any]


@dataclass(frozen=True)
class Slow:
    """``reply`` after ``delay_s`` seconds (cut short when the server closes)."""

    delay_s: float
    reply: Any


@dataclass(frozen=True)
class Raw:
    """Bytes as they are (an empty or broken body)."""

    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any  # the decoded JSON (or the text when it is none)


@dataclass
class ReplayServer:
    """A loopback server for one API, replaying ``replies`` in order and recording requests."""

    api: str
    replies: list[Any] = field(default_factory=list)
    requests: list[RecordedRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.api not in PATHS:
            raise ValueError(f"api must be one of {sorted(PATHS)}, got {self.api!r}")
        self.replies = list(self.replies)
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        # A short poll interval so that closing (once per test) takes milliseconds, not 0.5 s.
        serve = lambda: self._server.serve_forever(poll_interval=0.02)  # noqa: E731
        self._thread = threading.Thread(target=serve, daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        """The base URL each SDK expects: OpenAI's includes ``/v1``, Anthropic's does not."""
        root = f"http://127.0.0.1:{self.port}"
        return root if self.api == "anthropic" else root + "/v1"

    @property
    def bodies(self) -> list[Any]:
        """The request bodies received so far."""
        return [r.body for r in self.requests]

    def push(self, *replies: Any) -> None:
        """Queues more replies."""
        with self._lock:
            self.replies.extend(replies)

    def close(self) -> None:
        self._closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> ReplayServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _next(self, body: Any) -> Any:
        with self._lock:
            item = self.replies.pop(0) if self.replies else None
        if item is None:
            return HttpError(500, error_body(self.api, 500, "ReplayServer: no reply queued"))
        return item(body) if callable(item) else item


def _handler_for(server: ReplayServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            text = self.rfile.read(length).decode("utf-8")
            try:
                body: Any = json.loads(text)
            except json.JSONDecodeError:
                body = text
            headers = {k.lower(): v for k, v in self.headers.items()}
            server.requests.append(RecordedRequest("POST", self.path, headers, body))
            if self.path.split("?")[0] != PATHS[server.api]:
                self._send(Raw(404, json.dumps(error_body(server.api, 404, self.path)).encode()))
                return
            self._send(server._next(body))

        def _send(self, item: Any) -> None:
            if isinstance(item, Slow):
                if server._closing.wait(item.delay_s):
                    return
                item = item.reply
            if isinstance(item, HttpError):
                item = Raw(item.status, json.dumps(item.body).encode())
            elif not isinstance(item, Raw):
                item = Raw(200, json.dumps(item).encode())
            try:
                self.send_response(item.status)
                self.send_header("content-type", item.content_type)
                self.send_header("content-length", str(len(item.body)))
                self.end_headers()
                self.wfile.write(item.body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

        def log_message(self, *args: Any) -> None:  # keep test output quiet
            pass

    return Handler


def loopback_spec(server: ReplayServer, **changes: Any) -> ModelSpec:
    """A ModelSpec for ``server``'s API at its base URL (no key needed on loopback)."""
    provider, api = SPEC_API[server.api]
    fields: dict[str, Any] = {
        "alias": f"replay-{server.api}",
        "provider": provider,
        "api": api,
        "base_url": server.base_url,
        "api_key_env": None,
        "api_key": None,
        "model": "replay-model",
        "params": {"temperature": 0.7},
        "price_per_mtok": None,
        "timeout_s": 30.0,
        "max_retries": 0,
    }
    return ModelSpec(**(fields | changes))


# --- reply bodies -------------------------------------------------------------------------------


def chat_reply(
    text: str | None = None,
    tool_calls: Iterable[ToolCall] = (),
    reasoning_content: str | None = None,
    model: str = "replay-model",
    usage: dict[str, int] | None = None,
    finish_reason: str | None = None,
) -> dict[str, Any]:
    """A ``chat.completion`` body (vLLM/DeepSeek/GLM add ``reasoning_content`` to the message)."""
    calls = [
        {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
        for c in tool_calls
    ]
    message: dict[str, Any] = {"role": "assistant", "content": text, "refusal": None}
    if calls:
        message["tool_calls"] = calls
    if reasoning_content is not None:
        message["reasoning_content"] = reasoning_content
    u = {"prompt": 1200, "cached": 1024, "completion": 85, "reasoning": 40} | (usage or {})
    return {
        "id": f"chatcmpl-replay{next(_ids)}",
        "object": "chat.completion",
        "created": 1767225600,
        "model": model,
        "system_fingerprint": "fp_replay",
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": finish_reason or ("tool_calls" if calls else "stop"),
            }
        ],
        "usage": {
            "prompt_tokens": u["prompt"],
            "completion_tokens": u["completion"],
            "total_tokens": u["prompt"] + u["completion"],
            "prompt_tokens_details": {"cached_tokens": u["cached"], "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": u["reasoning"],
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        },
    }


def responses_reply(
    text: str | None = None,
    tool_calls: Iterable[ToolCall] = (),
    reasoning_summary: str | None = None,
    encrypted_content: str | None = None,
    model: str = "replay-model",
    usage: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A Responses API ``response`` body: reasoning item, message item, function_call items."""
    n = next(_ids)
    output: list[dict[str, Any]] = []
    if reasoning_summary is not None:
        item: dict[str, Any] = {
            "id": f"rs_replay{n}",
            "type": "reasoning",
            "summary": [{"type": "summary_text", "text": reasoning_summary}],
        }
        if encrypted_content is not None:
            item["encrypted_content"] = encrypted_content
        output.append(item)
    if text is not None:
        output.append(
            {
                "id": f"msg_replay{n}",
                "type": "message",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        )
    for i, c in enumerate(tool_calls):
        output.append(
            {
                "id": f"fc_replay{n}_{i}",
                "type": "function_call",
                "status": "completed",
                "call_id": c.id,
                "name": c.name,
                "arguments": c.arguments,
            }
        )
    u = {"input": 2300, "cached": 2048, "output": 310, "reasoning": 256} | (usage or {})
    return {
        "id": f"resp_replay{n}",
        "object": "response",
        "created_at": 1767225600,
        "status": "completed",
        "error": None,
        "incomplete_details": None,
        "instructions": None,
        "model": model,
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": {
            "input_tokens": u["input"],
            "input_tokens_details": {"cached_tokens": u["cached"], "cache_write_tokens": 0},
            "output_tokens": u["output"],
            "output_tokens_details": {"reasoning_tokens": u["reasoning"]},
            "total_tokens": u["input"] + u["output"],
        },
    }


def anthropic_reply(
    text: str | None = None,
    tool_calls: Iterable[ToolCall] = (),
    thinking: str | None = None,
    signature: str = "EqQBCkYIARgCIkD0replaysignature==",
    model: str = "replay-model",
    usage: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A Messages API ``message`` body: thinking (signed), text and tool_use blocks."""
    content: list[dict[str, Any]] = []
    if thinking is not None:
        content.append({"type": "thinking", "thinking": thinking, "signature": signature})
    if text is not None:
        content.append({"type": "text", "text": text})
    calls = list(tool_calls)
    for c in calls:
        content.append(
            {"type": "tool_use", "id": c.id, "name": c.name, "input": json.loads(c.arguments)}
        )
    u = {"input": 150, "cache_read": 3000, "cache_creation": 200, "output": 420} | (usage or {})
    return {
        "id": f"msg_replay{next(_ids)}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": "tool_use" if calls else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": u["input"],
            "cache_creation_input_tokens": u["cache_creation"],
            "cache_read_input_tokens": u["cache_read"],
            "output_tokens": u["output"],
            "service_tier": "standard",
        },
    }


def error_body(api: str, status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """An error body in the API's shape."""
    if api == "anthropic":
        kinds = {400: "invalid_request_error", 429: "rate_limit_error", 529: "overloaded_error"}
        kind = kinds.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    kinds = {400: "invalid_request_error", 429: "rate_limit_exceeded"}
    error = {"message": message, "type": kinds.get(status, "server_error"), "param": None}
    return {"error": error | {"code": code}}


def rate_limited(api: str) -> HttpError:
    """429, as each API words it."""
    return HttpError(429, error_body(api, 429, "Rate limit reached for requests", "rate_limit"))


def server_error(api: str) -> HttpError:
    """500 from the host."""
    return HttpError(500, error_body(api, 500, "The server had an error processing your request."))


def context_length_error(api: str) -> HttpError:
    """400 for a prompt over the context window, as each API words it."""
    if api == "anthropic":
        return HttpError(
            400, error_body(api, 400, "prompt is too long: 210412 tokens > 200000 maximum")
        )
    message = (
        "This model's maximum context length is 131072 tokens. However, your messages resulted "
        "in 140213 tokens. Please reduce the length of the messages."
    )
    return HttpError(400, error_body(api, 400, message, "context_length_exceeded"))


def reply_for(api: str, **kwargs: Any) -> dict[str, Any]:
    """A reply body for ``api`` (text=, tool_calls=; other keywords as the API's builder)."""
    builders: dict[str, Callable[..., dict[str, Any]]] = {
        "openai-chat": chat_reply,
        "openai-responses": responses_reply,
        "anthropic": anthropic_reply,
    }
    return builders[api](**kwargs)
