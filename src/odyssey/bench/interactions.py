"""What agents did with their actions: the interaction categories of the report.

A loop agent's every decision is one ``minecraft_action`` tool call in
``agent-record/messages.jsonl``; ``exec`` calls carry a Bash command in ``content``. Each action
is put in **every** category whose rule it meets (``mcapi look --yaw 90 && mcapi press
MOVE_FORWARD 2`` is a look, a movement and a command sequence), and a category counts actions,
not occurrences (``mcapi press`` three times in one command is one movement action).

Rules, applied to the command with quoted strings and heredoc bodies blanked out (so a Python
program's ``;`` or ``for`` is not read as shell syntax), except where noted:

- ``map_key``: ``xdo key|keydown|keyup`` with the key ``m`` (Xaero's world map).
- ``look``: ``mcapi look`` or ``mcapi look-at``.
- ``movement``: ``mcapi press`` (any input), or ``xdo keydown|key`` of ``w a s d space shift``.
- ``state_query``: ``mcapi state``.
- ``block_use``: ``mcapi right-click-block``.
- ``image_processing``: ``python``/``python3`` whose command (quotes and heredocs included)
  mentions PIL, numpy, cv2, skimage or ``Image.open``; or ImageMagick's ``convert``, ``magick``,
  ``identify`` or ``xwd``.
- ``command_sequence``: more than one command at the top level, joined by ``&&``, ``||``, ``;`` or
  newlines (a loop counts as one command, so a lone loop is not a sequence).
- ``loop``: a shell ``for``, ``while`` or ``until`` loop.
- ``wait``: a ``sleep`` command, or a ``skip`` or ``stop_execute`` action (control-only actions
  that leave the player to the running command or to nothing).
- ``claim``: a ``claim_done`` action.
- ``other``: an ``exec`` command that meets none of the rules above.

Baseline agents (oracle, random, explorer) record their engine actions (``hold``, ``look``,
``use``, ``wait``, ``claim_done``) as tool calls too; those are not commands: only the types of the
model's tool (``exec skip stop_execute claim_done``) are read, and the report reads them only for
loop agents (model or script agents, the episodes with ``turns.jsonl``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

CATEGORIES: tuple[str, ...] = (
    "map_key",
    "look",
    "movement",
    "state_query",
    "block_use",
    "image_processing",
    "command_sequence",
    "loop",
    "wait",
    "claim",
    "other",
)
LABELS = {
    "map_key": "map key",
    "look": "look",
    "movement": "movement",
    "state_query": "state queries",
    "block_use": "block use",
    "image_processing": "image processing",
    "command_sequence": "command sequences",
    "loop": "loops",
    "wait": "waits/skips",
    "claim": "claims",
    "other": "other",
}
MODEL_ACTION_TYPES = ("exec", "skip", "stop_execute", "claim_done")
TOOL_NAME = "minecraft_action"

_HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1[^\n]*\n(.*?)(?:\n\2\b|\Z)", re.S)
_QUOTED = re.compile(r"'[^']*'|\"(?:\\.|[^\"\\])*\"")
_WORD = r"(?:^|[\s;&|(`{])"  # where a command word may start
_MCAPI = _WORD + r"mcapi(?:\s+--?\w[\w-]*(?:\s+[\d.]+)?)*\s+"
_RULES: dict[str, re.Pattern[str]] = {
    "map_key": re.compile(_WORD + r"xdo\s+key(?:down|up)?\s+(?:\S+\s+)*?[mM](?=\s|$|[;&|)])"),
    "look": re.compile(_MCAPI + r"look(?:-at)?\b"),
    "movement": re.compile(
        _MCAPI + r"press\b|" + _WORD + r"xdo\s+key(?:down)?\s+(?:[wasdWASD]|space|shift)\b"
    ),
    "state_query": re.compile(_MCAPI + r"state\b"),
    "block_use": re.compile(_MCAPI + r"right-click-block\b"),
    "loop": re.compile(_WORD + r"(?:for|while|until)\s.*?\bdo\b", re.S),
    "wait": re.compile(_WORD + r"sleep\s"),
}
_PYTHON = re.compile(_WORD + r"python3?\b")
_IMAGE_LIBS = re.compile(r"\bPIL\b|\bnumpy\b|\bcv2\b|\bskimage\b|Image\.open")
_MAGICK = re.compile(_WORD + r"(?:convert|magick|identify|xwd)\s")
_LOOP_BLOCK = re.compile(r"\b(?:for|while|until)\b(?:(?!\b(?:for|while|until)\b).)*?\bdone\b", re.S)
_SEPARATORS = re.compile(r"&&|\|\||;|\n")


@dataclass(frozen=True)
class ModelAction:
    """One ``minecraft_action`` call of a model: its type and, for ``exec``, the command."""

    type: str
    content: str = ""


def shell_skeleton(command: str) -> str:
    """The command with heredoc bodies and quoted strings blanked (kept as ``''``)."""
    text = _HEREDOC.sub("<<EOF\n", command)
    return _QUOTED.sub("''", text)


def is_sequence(skeleton: str) -> bool:
    """More than one top-level command (loops collapsed to one command first)."""
    text = skeleton
    for _ in range(20):  # innermost loops first; bounded for pathological input
        collapsed = _LOOP_BLOCK.sub("LOOP", text)
        if collapsed == text:
            break
        text = collapsed
    parts = [p for p in _SEPARATORS.split(text) if p.strip()]
    return len(parts) > 1


def classify_command(command: str) -> set[str]:
    """The categories of one ``exec`` command (``other`` when none applies)."""
    skeleton = shell_skeleton(command)
    found = {name for name, rule in _RULES.items() if rule.search(skeleton)}
    if (_PYTHON.search(skeleton) and _IMAGE_LIBS.search(command)) or _MAGICK.search(skeleton):
        found.add("image_processing")
    if is_sequence(skeleton):
        found.add("command_sequence")
    return found or {"other"}


def classify_action(action: ModelAction) -> set[str]:
    """The categories of one model action."""
    if action.type == "exec":
        return classify_command(action.content)
    if action.type in ("skip", "stop_execute"):
        return {"wait"}
    if action.type == "claim_done":
        return {"claim"}
    return set()


def model_actions(messages: Iterable[dict]) -> Iterator[ModelAction]:
    """The model's ``minecraft_action`` calls in chat messages, in order (malformed calls and the
    baselines' engine actions are skipped)."""
    for message in messages:
        if message.get("role") != "assistant":
            continue
        for call in message.get("tool_calls") or []:
            function = call.get("function") or {}
            if function.get("name") != TOOL_NAME:
                continue
            try:
                args = json.loads(function.get("arguments") or "")
            except (TypeError, json.JSONDecodeError):
                continue
            if isinstance(args, dict) and args.get("type") in MODEL_ACTION_TYPES:
                content = args.get("content")
                yield ModelAction(args["type"], content if isinstance(content, str) else "")


def read_messages(record_dir: Path) -> list[dict]:
    """The messages of ``agent-record/messages.jsonl`` (archive lines unwrapped); [] if none."""
    path = Path(record_dir) / "messages.jsonl"
    out = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    for line in lines:
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue  # a torn last line of a killed episode
        message = data.get("message", data) if isinstance(data, dict) else None
        if isinstance(message, dict):
            out.append(message)
    return out


def count_interactions(actions: Iterable[ModelAction]) -> Counter[str]:
    """Actions per category, plus ``actions`` (all model actions) and ``exec`` (commands)."""
    counts: Counter[str] = Counter()
    for action in actions:
        counts["actions"] += 1
        counts["exec"] += action.type == "exec"
        counts.update(classify_action(action))
    return counts
