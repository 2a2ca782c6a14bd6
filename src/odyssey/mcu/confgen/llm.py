"""Configuration generation by a language model, verified in the engine and refined.

Each round the model proposes a configuration as a JSON object (``text``,
``custom_init_commands``, ``thinking``; a fenced ```json block is accepted too),
``verify_config`` runs and checks it, and the failures go back as the next user message. A reply
that cannot be read is a failed round whose parse error is fed back the same way. Every round is
recorded (the message sent, the reply, the parsed configuration, the checks, usage and cost). If
no round passes, the generation says ``failed``: nothing falls back silently.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from typing import Any

from odyssey.agents.llm.messages import Message, ProviderError
from odyssey.agents.llm.models import ModelSpec
from odyssey.agents.llm.providers import make_provider
from odyssey.mcu import setup
from odyssey.mcu.confgen.prompt import PROMPT_VERSION, SYSTEM, feedback_message, task_message
from odyssey.mcu.confgen.verify import Verification, verify_config
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.needs import McuError
from odyssey.mcu.task import AtomicTask

FENCED = re.compile(r"```(?:json)?\s*(\{.*?\})\s*```", re.DOTALL)


class ReplyError(McuError):
    """A model reply that is not a configuration."""


@dataclass
class Round:
    """One request and what came of it."""

    index: int
    sent: str  # the user message of this round
    reply: str | None = None
    config: dict[str, Any] | None = None  # the parsed configuration (TaskConfig.to_data())
    parse_error: str | None = None
    provider_error: str | None = None
    checks: list[dict[str, Any]] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    ok: bool = False
    usage: dict[str, int] | None = None
    cost_usd: float | None = None


@dataclass
class Generation:
    """A model's configuration for one task: every round, and the verified result if any."""

    task_id: str
    model: str
    prompt_version: str
    max_rounds: int
    seed: int
    system: str
    rounds: list[Round] = field(default_factory=list)
    config: TaskConfig | None = None  # the first configuration that passed every check

    @property
    def ok(self) -> bool:
        return self.config is not None

    @property
    def status(self) -> str:
        return "verified" if self.ok else "failed"

    @property
    def cost_usd(self) -> float | None:
        costs = [r.cost_usd for r in self.rounds if r.cost_usd is not None]
        return sum(costs) if costs else None

    def to_data(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id, "model": self.model, "status": self.status,
            "prompt_version": self.prompt_version, "max_rounds": self.max_rounds,
            "seed": self.seed, "cost_usd": self.cost_usd, "system": self.system,
            "config": self.config.to_data() if self.config else None,
            "rounds": [dataclasses.asdict(r) for r in self.rounds],
        }  # fmt: skip

    def to_json(self) -> str:
        return json.dumps(self.to_data(), indent=2, ensure_ascii=False)


def parse_reply(text: str) -> dict[str, Any]:
    """The JSON object in a reply (the whole reply, a fenced block, or the span from the first
    ``{`` to the last ``}``); ReplyError saying what is wrong otherwise."""
    text = (text or "").strip()
    if not text:
        raise ReplyError("the reply is empty")
    if "{" not in text:
        raise ReplyError("the reply holds no JSON object")
    candidates = [text, *FENCED.findall(text), text[text.index("{") : text.rfind("}") + 1]]
    data, error = None, "the reply holds no JSON object"
    for candidate in candidates:
        try:
            data = json.loads(candidate)
            break
        except json.JSONDecodeError as e:
            if error.startswith("the reply holds"):  # report the whole reply's error
                error = f"the reply is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})"
    if not isinstance(data, dict):
        raise ReplyError(error if data is None else "expected a JSON object, got "
                         f"{type(data).__name__}")  # fmt: skip
    commands = data.get("custom_init_commands")
    if not isinstance(commands, list) or not commands:
        raise ReplyError("custom_init_commands: expected a non-empty list of command strings")
    bad = [c for c in commands if not isinstance(c, str) or not c.strip()]
    if bad:
        raise ReplyError(
            f"custom_init_commands: every entry must be a command string, got {bad[0]!r}"
        )
    for key in ("text", "thinking"):
        if key in data and not isinstance(data[key], str):
            raise ReplyError(f"{key}: expected a string, got {type(data[key]).__name__}")
    return data


def config_from_reply(task: AtomicTask, data: dict[str, Any], model: str) -> TaskConfig:
    return TaskConfig(
        id=task.id, text=(data.get("text") or task.text).strip() or task.text,
        custom_init_commands=tuple(c.strip() for c in data["custom_init_commands"]),
        category=task.category, subcategory=task.subcategory, success=task.success,
        judge="autoeval" if task.judge else None, source=f"generated:{model}",
        thinking=data.get("thinking") or None,
    )  # fmt: skip


def generate_with_model(
    task: AtomicTask,
    provider_spec: ModelSpec,
    rounds: int = 3,
    seed: int = 0,
    chunks: setup.SharedChunks | None = None,
) -> Generation:
    """Up to ``rounds`` rounds of propose → verify → feed back; see the module docstring."""
    if rounds < 1:
        raise McuError(f"rounds: expected at least 1, got {rounds}")
    spec = provider_spec
    if spec.api == "chat_completions" and "seed" not in spec.params:  # chat takes a seed
        spec = dataclasses.replace(spec, params={**spec.params, "seed": seed})
    provider = make_provider(spec)
    gen = Generation(task.id, spec.alias, PROMPT_VERSION, rounds, seed, SYSTEM)
    messages: list[Message] = []
    sent = task_message(task)
    for index in range(1, rounds + 1):
        messages.append({"role": "user", "content": sent})
        record = Round(index, sent)
        gen.rounds.append(record)
        try:
            reply = provider.complete(SYSTEM, messages, None)
        except ProviderError as e:  # the model cannot be reached: stop, the result says failed
            record.provider_error = str(e)
            break
        record.reply, record.cost_usd = reply.text, reply.cost_usd
        record.usage = reply.usage.to_json()
        messages.append(reply.message)
        try:
            config = config_from_reply(task, parse_reply(reply.text), spec.alias)
        except (ReplyError, ValueError) as e:
            record.parse_error = str(e)
            sent = feedback_message(f"Your answer could not be read: {e}.")
            continue
        record.config = config.to_data()
        result: Verification = verify_config(config, task, chunks)
        record.checks = [dataclasses.asdict(c) for c in result.checks]
        record.commands = result.commands
        record.ok = result.ok
        if result.ok:
            gen.config = config
            break
        sent = feedback_message(result.feedback())
    return gen
