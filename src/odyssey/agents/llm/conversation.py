"""The agent's live context window and its archive, kept in step.

Observations collect as user *parts* and become one user message when the loop next sends or
appends something (Mine Odyssey merges consecutive same-role messages the same way). Every
message goes to the record in order as it enters the context; the archived copy of an image
part names its file (``screenshots/screenshot_NNN.jpg``) instead of carrying base64, which stays
in the live context only. A reset replaces the window (keeping the pinned task message) while
the archive keeps everything.
"""

from __future__ import annotations

from typing import Any

from odyssey.agents.llm.messages import Message
from odyssey.episode.record import AgentRecord

Part = dict[str, Any]


class Conversation:
    """The context sent to the model, the pinned task message and the unsent parts."""

    def __init__(self, record: AgentRecord, system: str, task_prompt: str) -> None:
        self.record = record
        self.pinned: Message = {"role": "user", "content": [_text(task_prompt + "\n")]}
        self.context: list[Message] = []
        self.pending: list[tuple[Part, Part]] = []  # (live part, archived part)
        record.append({"role": "system", "content": system})
        self.append(self.pinned)

    def add_text(self, text: str) -> None:
        part = _text(text)
        self.pending.append((part, part))

    def add_parts(self, live: list[Part], archived: list[Part]) -> None:
        self.pending.extend(zip(live, archived, strict=True))

    def flush(self) -> None:
        """Turns the unsent parts into one user message (live and archived)."""
        if not self.pending:
            return
        live = [p for p, _ in self.pending]
        archived = [a for _, a in self.pending]
        self.pending = []
        self.context.append({"role": "user", "content": live})
        self.record.append({"role": "user", "content": archived})

    def append(self, message: Message, archived: Message | None = None) -> None:
        """Adds one message after any unsent parts (``archived``: the record's copy)."""
        self.flush()
        self.context.append(message)
        self.record.append(dict(archived if archived is not None else message))

    def take_pending(self) -> list[tuple[Part, Part]]:
        taken, self.pending = self.pending, []
        return taken

    def reset(self, first_text: str) -> None:
        """A fresh window: the pinned task message, then ``first_text`` as its own message."""
        self.context = [self.pinned]
        self.add_text(first_text)
        self.flush()


def _text(text: str) -> Part:
    return {"type": "text", "text": text}
