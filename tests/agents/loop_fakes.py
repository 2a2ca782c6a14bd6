"""A scripted provider and a lockstep fake harness for the agent-loop tests.

The harness keeps its own game clock: time passes only in ``wait`` (in 50 ms steps, as the real
harness polls) and, when ``think_s`` is set, while the model "thinks" (to imitate a real-time
clock where commands keep running during a request). Commands are simulated from a table of
command text -> (duration, stdout, stderr, exit code).
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from odyssey.agents.llm.loop import AgentLoop, LoopLimits
from odyssey.agents.llm.messages import ProviderError, Reply, ToolCall, Usage
from odyssey.episode.harness_api import ClaimAnswer, CommandResult
from odyssey.episode.record import AgentRecord

TS = "2026-01-02 03:04:05.06"
TASK = "Geh zum Brunnen."


def jpeg(level: int, size: tuple[int, int] = (64, 36)) -> bytes:
    """A solid grey JPEG; levels further apart than ~4 are distinct frames to the filter."""
    out = io.BytesIO()
    Image.new("RGB", size, (level, level, level)).save(out, "JPEG", quality=90)
    return out.getvalue()


# -- replies -------------------------------------------------------------------------------------


def reply_calls(calls: list[tuple[str, str, str]], text: str = "", tokens: int = 10) -> Reply:
    """A reply with raw tool calls ``(id, name, arguments JSON text)``."""
    tool_calls = [ToolCall(i, n, a) for i, n, a in calls]
    message = {
        "role": "assistant",
        "content": text or None,
        "tool_calls": [
            {"id": i, "type": "function", "function": {"name": n, "arguments": a}}
            for i, n, a in calls
        ],
    }
    return Reply(text, tool_calls, Usage(tokens, 5), message, "fake", cost_usd=0.001)


def act(
    call_id: str,
    kind: str,
    content: str | None = None,
    observe: float | None = None,
    tokens: int = 10,
) -> Reply:
    args: dict[str, Any] = {"type": kind}
    if content is not None:
        args["content"] = content
    if observe is not None:
        args["observe_after_sec"] = observe
    return reply_calls([(call_id, "minecraft_action", json.dumps(args))], tokens=tokens)


def text_reply(text: str) -> Reply:
    return Reply(text, [], Usage(20, 30), {"role": "assistant", "content": text}, "fake")


class ScriptedProvider:
    """Answers each request with the next queued Reply (or raises the queued ProviderError);
    when the queue is used up it raises ``ProviderError("exhausted")``."""

    def __init__(self, items: list[Reply | ProviderError]) -> None:
        self.items = list(items)
        self.requests: list[tuple[str, list[dict[str, Any]], Any]] = []

    def complete(self, system: str, messages: list[dict[str, Any]], tools: Any) -> Reply:
        self.requests.append((system, copy.deepcopy(messages), copy.deepcopy(tools)))
        if not self.items:
            raise ProviderError("exhausted", "script used up")
        item = self.items.pop(0)
        if isinstance(item, Exception):
            raise item
        return item


# -- harness -------------------------------------------------------------------------------------


@dataclass
class Spec:
    duration: float = 0.2
    stdout: str = ""
    stderr: str = ""
    exit_code: int = 0


@dataclass
class _Cmd:
    id: str
    command: str
    spec: Spec
    started: float
    stopped_at: float | None = None


@dataclass
class FakeHarness:
    specs: dict[str, Spec] = field(default_factory=dict)
    frames: Callable[[int], bytes] = lambda n: jpeg(20 + 10 * (n % 20))  # distinct by default
    claims: list[ClaimAnswer] = field(default_factory=list)
    evaluator: list[tuple[float, str]] = field(default_factory=list)  # (at game time, text)
    think_s: float = 0.0
    terminal_at_calls: int | None = None
    clock_kind: str = "lockstep"
    t: float = 0.0
    shots: int = 0
    commands: dict[str, _Cmd] = field(default_factory=dict)
    waits: list[float] = field(default_factory=list)
    stopped: list[str] = field(default_factory=list)
    thinking_log: list[bool] = field(default_factory=list)

    def screenshot(self) -> bytes:
        self.shots += 1
        return self.frames(self.shots)

    def _result(self, cmd: _Cmd) -> CommandResult:
        end = cmd.started + cmd.spec.duration
        if cmd.stopped_at is not None and cmd.stopped_at < end:
            return CommandResult(cmd.id, cmd.command, "stopped", -15, "", "", cmd.stopped_at)
        if self.t + 1e-9 >= end:
            s = cmd.spec
            status = "completed" if s.exit_code == 0 else "failed"
            return CommandResult(
                cmd.id, cmd.command, status, s.exit_code, s.stdout, s.stderr, s.duration
            )
        return CommandResult(cmd.id, cmd.command, "running", None, "", "", self.t - cmd.started)

    def start_command(self, command: str) -> CommandResult:
        cmd_id = f"task{len(self.commands) + 1}"
        if command.strip().startswith("#"):
            return CommandResult(cmd_id, command, "rejected", 2, "", "comment only", 0.0)
        cmd = _Cmd(cmd_id, command, self.specs.get(command, Spec()), self.t)
        self.commands[cmd_id] = cmd
        return self._result(cmd)

    def poll_command(self, action_id: str) -> CommandResult:
        return self._result(self.commands[action_id])

    def stop_command(self, action_id: str) -> CommandResult:
        cmd = self.commands[action_id]
        self.stopped.append(action_id)
        if self._result(cmd).status == "running":
            cmd.stopped_at = self.t
        return self._result(cmd)

    def wait(self, seconds: float, until: Callable[[], bool] | None = None) -> None:
        self.waits.append(seconds)
        for _ in range(round(seconds / 0.05)):
            if until is not None and until():
                return
            self.t += 0.05

    def claim_done(self) -> ClaimAnswer:
        return self.claims.pop(0)

    def evaluator_messages(self) -> list[str]:
        due = [text for at, text in self.evaluator if at <= self.t]
        self.evaluator = [(at, text) for at, text in self.evaluator if at > self.t]
        return due

    def terminal(self) -> bool:
        calls = self.thinking_log.count(True)
        return self.terminal_at_calls is not None and calls >= self.terminal_at_calls

    def thinking(self, active: bool) -> None:
        self.thinking_log.append(active)
        if active:
            self.t += self.think_s


ACCEPT = ClaimAnswer(True, True, "arrived", None)


def run_loop(
    items: list[Reply | ProviderError], harness: FakeHarness | None = None, **limits: Any
) -> tuple[Any, ScriptedProvider, FakeHarness, AgentRecord, list]:
    """Runs a loop to its end; returns (result, provider, harness, record, sleeps)."""
    harness = harness or FakeHarness()
    provider = ScriptedProvider(items)
    record = AgentRecord()
    sleeps: list[float] = []
    loop = AgentLoop(
        provider,
        harness,
        TASK,
        record,
        LoopLimits(**limits),
        system="SYS",
        now=lambda: TS,
        sleep=sleeps.append,
        clock=lambda: harness.t,
    )
    return loop.run(), provider, harness, record, sleeps


def texts(message: dict[str, Any]) -> list[str]:
    content = message.get("content")
    if isinstance(content, str):
        return [content]
    return [p["text"] for p in content or [] if p.get("type") == "text"]


def last_user_text(messages: list[dict[str, Any]]) -> str:
    """All text of the trailing user message (the observations the model sees last)."""
    return "".join(texts(messages[-1])) if messages[-1]["role"] == "user" else ""
