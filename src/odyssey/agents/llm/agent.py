"""Agents that play through the harness with the language-model loop: ``llm:ALIAS`` (a model
from the models file) and ``script:FILE`` (a fixed list of ``minecraft_action`` calls replayed in
order through the same loop, for debugging and tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from odyssey.agents.llm.messages import Message, ProviderError, Reply, ToolCall, Usage
from odyssey.errors import OdysseyError


class ScriptError(OdysseyError):
    """A script file that is not a list of minecraft_action calls."""


class ScriptProvider:
    """A 'model' that answers each request with the script's next call; when the script is used
    up it answers ``claim_done`` no more: it raises ``ProviderError("exhausted")``, which the
    loop treats as the agent stopping on its own."""

    def __init__(self, calls: list[dict[str, Any]], source: str = "script") -> None:
        self.calls = calls
        self.source = source
        self.index = 0

    def complete(
        self, system: str, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> Reply:
        if tools is None:  # a summary turn: the script has nothing to summarise
            text = "<summary>Scripted agent: the script continues.</summary>"
            return Reply(text, [], Usage(), {"role": "assistant", "content": text}, "script")
        if self.index >= len(self.calls):
            raise ProviderError("exhausted", f"{self.source}: all {len(self.calls)} calls made")
        args = json.dumps(self.calls[self.index], ensure_ascii=False)
        self.index += 1
        call_id = f"script_{self.index:04d}"
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "minecraft_action", "arguments": args},
                }
            ],
        }
        return Reply("", [ToolCall(call_id, "minecraft_action", args)], Usage(), message, "script")


def load_script(path: Path | str) -> list[dict[str, Any]]:
    """A script file: a JSON list of ``minecraft_action`` argument objects
    (``{"type": "exec", "content": "mcapi press MOVE_FORWARD 2", "observe_after_sec": 3}``)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ScriptError(f"{path}: cannot read the script: {e}") from None
    if not isinstance(data, list) or not all(isinstance(c, dict) for c in data):
        raise ScriptError(f"{path}: expected a JSON list of minecraft_action objects")
    for i, call in enumerate(data):
        if "type" not in call:
            raise ScriptError(f"{path}: call {i}: missing field 'type'")
    return data


class LoopAgent:
    """Plays an episode with the agent loop over ``provider``."""

    privileged: ClassVar[bool] = False

    def __init__(self, name: str, provider: Any, limits: Any = None, model: Any = None) -> None:
        self.name = name
        self.provider = provider
        self.limits = limits
        self.model = model  # the ModelSpec, recorded in run.json
        self.seed = None

    def describe(self) -> dict[str, Any]:
        """For run.json: the system prompt's version and hash, and the model (never the key)."""
        from odyssey.agents.llm.prompt import PROMPT_VERSION, prompt_sha256

        out: dict[str, Any] = {"prompt_version": PROMPT_VERSION, "prompt_sha256": prompt_sha256()}
        if self.model is not None:
            m = self.model
            out["model"] = {"alias": m.alias, "provider": m.provider, "api": m.api,
                            "base_url": m.base_url, "model": m.model, "params": m.params,
                            "price_per_mtok": m.price_per_mtok}  # fmt: skip
        return out

    def drive(self, harness: Any, task_prompt: str, record: Any) -> Any:
        from odyssey.agents.llm.loop import AgentLoop, LoopLimits

        loop = AgentLoop(self.provider, harness, task_prompt, record, self.limits or LoopLimits())
        return loop.run()
