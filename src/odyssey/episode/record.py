"""The agent's record (Mine Odyssey notes §5.5 ``agent-record/``): what the agent was told, what
it did, and the screenshots taken along the way.

``messages.jsonl`` holds Mine Odyssey's archive lines ``{"schema_version": 1, "seq": N,
"message": {...}}`` with chat-style messages; consecutive messages of one role are merged into one
(a user turn holds several text and image parts), as Mine Odyssey does. The baseline agents
(oracle, random) send no model messages, so their assistant turns are their actions written as
``minecraft_action`` tool calls; runs of ``hold`` decisions with the same keys are merged into
one call with a ``decisions`` count, which keeps a tick-by-tick oracle's record small.

Deliberate difference: screenshots are referenced by file (``screenshots/screenshot_NNN.jpg``)
instead of being inlined as base64 data URLs, so the record stays small; the files are the same.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from odyssey.atomic import write_bytes_atomic
from odyssey.episode.protocol import Action, ClaimDone, Hold, Look, Use, Wait
from odyssey.episode.results import write_json, write_jsonl

RECORD_DIR = "agent-record"
SCREENSHOT_DIR = "screenshots"


def label_stamp(now: datetime | None = None) -> str:
    """A time as Mine Odyssey writes it in observation labels (centiseconds), in UTC."""
    now = now or datetime.now(UTC)
    return now.strftime("%Y-%m-%d %H:%M:%S.") + f"{now.microsecond // 10000:02d}"


def action_arguments(action: Action) -> dict[str, Any]:
    """An action as the arguments of a ``minecraft_action`` tool call."""
    if isinstance(action, Hold):
        out: dict[str, Any] = {"type": "hold", "keys": list(action.keys), "ticks": action.ticks}
        if action.yaw is not None or action.pitch is not None:
            out.update(yaw=action.yaw, pitch=action.pitch)
        if action.use:
            out["use"] = [list(p) for p in action.use]
        return out
    if isinstance(action, Look):
        return {"type": "look", "yaw": action.yaw, "pitch": action.pitch}
    if isinstance(action, Use):
        return {"type": "use", "block": None if action.pos is None else list(action.pos)}
    if isinstance(action, Wait):
        return {"type": "wait", "ticks": action.ticks}
    if isinstance(action, ClaimDone):
        return {"type": "claim_done"}
    raise TypeError(f"not an action: {action!r}")


@dataclass
class AgentRecord:
    """Collects the record during an episode; ``write`` puts it under ``agent-record/``."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    screenshots: list[tuple[str, bytes]] = field(default_factory=list)
    _open_hold: dict[str, Any] | None = None  # the tool call a following hold may extend
    _calls: int = 0
    live: Any = None  # an odyssey.episode.live.LiveState: screenshots become the live frame
    live_messages: Path | None = None  # messages are appended here as they come (the dashboard)

    def user_text(self, text: str) -> None:
        self._add("user", [{"type": "text", "text": text}])

    def screenshot(self, jpeg: bytes, label: str, stamp: str | None = None) -> str:
        """Stores a JPEG and adds it to the user turn; returns its file name. ``stamp``:
        Mine Odyssey's ``YYYY-MM-DD HH:MM:SS.cc`` (here in UTC), now by default."""
        stamp = stamp or label_stamp()
        name = self.add_screenshot(jpeg)
        self._add(
            "user",
            [
                {"type": "text", "text": f"[Screenshot at {stamp}] [{label}]\n"},
                {"type": "image_url", "image_url": {"url": name}},
            ],
        )
        return name

    def action(self, action: Action) -> None:
        args = action_arguments(action)
        held = self._open_hold
        if (
            isinstance(action, Hold)
            and held is not None
            and self.messages
            and self.messages[-1]["role"] == "assistant"
            and held["keys"] == args["keys"]
            and "use" not in args
            and "use" not in held
        ):
            held["ticks"] += args["ticks"]
            held["decisions"] += 1
            if "yaw" in args:
                held.update(yaw=args["yaw"], pitch=args["pitch"])
            self._sync(held)
            return
        args["decisions"] = 1
        self._calls += 1
        call = {
            "id": f"call_{self._calls:05d}",
            "type": "function",
            "function": {"name": "minecraft_action", "arguments": ""},
        }
        self.messages.append({"role": "assistant", "content": "", "tool_calls": [call]})
        self._open_hold = args if isinstance(action, Hold) else None
        self._sync(args)

    def _sync(self, args: dict[str, Any]) -> None:
        """Keeps the last tool call's JSON arguments in step with its (merged) arguments."""
        call = self.messages[-1]["tool_calls"][-1]
        call["function"]["arguments"] = json.dumps(args, separators=(",", ":"))

    def _add(self, role: str, parts: list[dict[str, Any]]) -> None:
        if self.messages and self.messages[-1]["role"] == role and role == "user":
            self.messages[-1]["content"].extend(parts)
        else:
            self.messages.append({"role": role, "content": parts})
        self._open_hold = None

    def archive(self) -> list[dict[str, Any]]:
        """The ``messages.jsonl`` lines."""
        return [
            {"schema_version": 1, "seq": seq, "message": message}
            for seq, message in enumerate(self.messages, 1)
        ]

    def write(self, out_dir: Path) -> None:
        folder = Path(out_dir) / RECORD_DIR
        lines = self.archive()
        write_jsonl(folder / "messages.jsonl", lines)
        write_json(folder / "messages.json", [line["message"] for line in lines])
        for name, data in self.screenshots:
            write_bytes_atomic(folder / name, data)

    # -- for agents that keep their own conversation (the language-model agent) -----------------

    def append(self, message: dict[str, Any]) -> None:
        """Archives one message as the agent sent or received it (no merging, no rewriting)."""
        self.messages.append(message)
        self._open_hold = None
        if self.live_messages is not None:
            line = {"schema_version": 1, "seq": len(self.messages), "message": message}
            self.live_messages.parent.mkdir(parents=True, exist_ok=True)
            with self.live_messages.open("a", encoding="utf-8") as out:
                out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")

    def add_screenshot(self, jpeg: bytes) -> str:
        """Stores a JPEG without adding a message; returns its file name in the record."""
        name = f"{SCREENSHOT_DIR}/screenshot_{len(self.screenshots) + 1:03d}.jpg"
        self.screenshots.append((name, jpeg))
        if self.live is not None:
            self.live.frame(jpeg)
        return name
