"""What the dashboard shows of one episode folder, read from the folder's own files.

Two views: the *live* state (``live.json`` while the episode runs, the same shape rebuilt from
the result files once it has finished without one) and the *replay* (the agent's record cut
into steps: what the agent saw, what it ran, what came back, where it stood). Pure readers: no
file here is ever written.
"""

from __future__ import annotations

import bisect
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from odyssey.bench.layout import COMPLETION_JSON
from odyssey.episode.live import LIVE_FRAME, LIVE_JSON
from odyssey.episode.record import RECORD_DIR

MESSAGES = f"{RECORD_DIR}/messages.jsonl"
LIVE_MESSAGES = f"{RECORD_DIR}/messages.live.jsonl"
MAX_TEXT = 4000  # characters of one message part shown; a long command output is cut
_LABEL = re.compile(r"^\[Screenshot at ([0-9: .-]+)\] \[(.*)\]\s*$", re.S)


def read_json(path: Path) -> dict[str, Any]:
    """A JSON object from a file, or {} when it is absent, half-read or not an object."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of a JSONL file; a torn last line (a writer mid-append) is skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return []
    rows = []
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict):
            rows.append(row)
    return rows


def _xyz(p: Any) -> list[float] | None:
    if isinstance(p, dict) and all(k in p for k in "xyz"):
        return [float(p["x"]), float(p["y"]), float(p["z"])]
    if isinstance(p, list | tuple) and len(p) == 3:
        return [float(v) for v in p]
    return None


def live_state(folder: Path) -> dict[str, Any] | None:
    """``live.json`` as written by the runner, or for a finished episode without one the same
    shape rebuilt from its result files; None when the folder shows neither."""
    live = read_json(folder / LIVE_JSON)
    if live:
        if live.get("frame") and not (folder / str(live["frame"])).is_file():
            live["frame"] = None
        return live
    if (folder / COMPLETION_JSON).is_file():
        return finished_state(folder)
    return None


def finished_state(folder: Path) -> dict[str, Any]:
    """The live shape of a finished episode, from completion.json, run.json, positions.jsonl,
    evaluator-events.jsonl and claims.jsonl."""
    completion = read_json(folder / COMPLETION_JSON)
    task = read_json(folder / "run.json").get("task") or {}
    samples = read_lines(folder / "positions.jsonl")
    path = [p for p in (_xyz(s.get("position")) for s in samples) if p is not None]
    checkpoints = (completion.get("metrics") or {}).get("checkpoints") or {}
    reached = {r.get("waypoint_id") for r in checkpoints.get("reached") or []}
    stops = task.get("stops") or []
    return {
        "schema_version": 1,
        "status": "finished",
        "task_id": completion.get("task_id") or task.get("id"),
        "map_id": completion.get("map_id") or task.get("map_id"),
        "agent": (read_json(folder / "agent-result.json")).get("agent"),
        "prompt": task.get("prompt"),
        "tick": None,
        "time_s": samples[-1].get("elapsed_sec") if samples else None,
        "position": path[-1] if path else None,
        "yaw": None,
        "pitch": None,
        "path": path,
        "start": task.get("start"),
        "stops": [
            {
                "waypoint_id": s.get("waypoint_id"),
                "name": s.get("name"),
                "position": s.get("position"),
                "reached": s.get("waypoint_id") in reached
                or (i == len(stops) - 1 and bool(completion.get("oracle_arrived"))),
            }
            for i, s in enumerate(stops)
        ],
        "events": [
            {"kind": e.get("kind"), "message": e.get("message"), "at_utc": e.get("created_at_utc")}
            for e in read_lines(folder / "evaluator-events.jsonl")
        ],
        "claims": [
            {k: (c.get("response") or {}).get(k) for k in ("attempt", "reason", "accepted")}
            for c in read_lines(folder / "claims.jsonl")
        ],
        "decisions": None,
        "terminal_reason": completion.get("terminal_reason"),
        "success": completion.get("success"),
        "frame": LIVE_FRAME if (folder / LIVE_FRAME).is_file() else None,
        "updated_at_utc": completion.get("ended_at_utc"),
    }


def messages(folder: Path, since: int = 0) -> list[dict[str, Any]]:
    """The agent's record lines with ``seq`` above ``since``: the final ``messages.jsonl`` once
    it exists, else what a loop agent has appended to ``messages.live.jsonl`` so far."""
    final = folder / MESSAGES
    rows = read_lines(final if final.is_file() else folder / LIVE_MESSAGES)
    return [r for r in rows if isinstance(r.get("seq"), int) and r["seq"] > since]


def _parts(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    return [p for p in content or [] if isinstance(p, dict)]


def _cut(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + f"\n… ({len(text)} characters)"


def _calls(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool calls of an assistant message: name and arguments (parsed when JSON)."""
    out = []
    for call in message.get("tool_calls") or []:
        fn = call.get("function") or {}
        raw = fn.get("arguments") or ""
        try:
            args: Any = json.loads(raw) if raw else {}
        except ValueError:
            args = raw
        out.append({"id": call.get("id"), "name": fn.get("name"), "arguments": args})
    return out


def command_text(calls: list[dict[str, Any]], text: str) -> str:
    """One line for what the agent did: an ``exec`` command itself, else the action's JSON."""
    shown = []
    for call in calls:
        args = call["arguments"]
        if isinstance(args, dict) and args.get("type") == "exec" and "command" in args:
            shown.append(str(args["command"]))
        else:
            shown.append(json.dumps(args, separators=(", ", ": ")))
    return "\n".join(shown) or text


class _Step:
    """One assistant turn being assembled (see :func:`replay`)."""

    def __init__(self, seen: tuple[str | None, str | None, str | None]) -> None:
        self.screenshot, self.label, self.stamp = seen
        self.thought = ""
        self.calls: list[dict[str, Any]] = []
        self.result: list[str] = []


def _stamp_seconds(stamp: str | None) -> float | None:
    """A label stamp (``YYYY-MM-DD HH:MM:SS.cc``, UTC) or an ISO ``...Z`` time as epoch s."""
    if not stamp:
        return None
    text = stamp.strip().replace("T", " ").rstrip("Z")
    for fmt in ("%Y-%m-%d %H:%M:%S.%f", "%Y-%m-%d %H:%M:%S"):
        try:
            return datetime.strptime(text, fmt).replace(tzinfo=UTC).timestamp()
        except ValueError:
            continue
    return None


def _steps(lines: list[dict[str, Any]]) -> list[_Step]:
    """Cuts the record into steps, one per assistant message: the last screenshot seen before
    it, its words and calls, and the texts (tool replies, command results, events) after it. A
    screenshot after the last assistant message (the end of the episode) is a last step."""
    seen: tuple[str | None, str | None, str | None] = (None, None, None)
    label: tuple[str | None, str | None] = (None, None)
    steps: list[_Step] = []
    fresh = False  # a screenshot came after the last assistant message
    for line in lines:
        message = line.get("message") or {}
        role = message.get("role")
        if role == "assistant":
            step = _Step(seen)
            texts = [p.get("text", "") for p in _parts(message) if p.get("type") == "text"]
            step.thought, step.calls = _cut("".join(texts)), _calls(message)
            steps.append(step)
            fresh = False
            continue
        if role not in ("user", "tool"):
            continue
        for part in _parts(message):
            if part.get("type") == "image_url":
                url = (part.get("image_url") or {}).get("url", "")
                if not url.startswith("data:"):  # inline images are not files to serve
                    seen, fresh = (url, *label), True
                label = (None, None)
            elif part.get("type") == "text":
                text = part.get("text", "")
                match = _LABEL.match(text)
                if match:
                    label = (match.group(2), match.group(1))
                elif steps:
                    steps[-1].result.append(_cut(text))
    if fresh and steps:
        steps.append(_Step(seen))
    return steps


def _game_times(steps: list[_Step]) -> list[float] | None:
    """Game seconds at the start of each step when the record is a baseline agent's (its calls
    are ``minecraft_action`` holds and waits that say their ticks); None otherwise."""
    times, ticks = [], 0
    for step in steps:
        times.append(ticks / 20.0)
        for call in step.calls:
            args = call["arguments"]
            if not isinstance(args, dict) or args.get("type") not in BASELINE_ACTIONS:
                return None
            ticks += int(args.get("ticks") or 0)
    return times


BASELINE_ACTIONS = ("hold", "wait", "look", "use", "claim_done")


def _nearest(keys: list[float], at: float) -> int:
    j = min(bisect.bisect_left(keys, at), len(keys) - 1)
    return j - 1 if j > 0 and abs(keys[j - 1] - at) <= abs(keys[j] - at) else j


def step_positions(folder: Path, steps: list[_Step]) -> list[list[float] | None]:
    """Where the agent stood at each step: ``turns.jsonl`` (loop agents: the feet at each model
    request) when it has a row per step; for a baseline the sample at the step's game time;
    else the sample nearest the step's screenshot time."""
    acting = [i for i, s in enumerate(steps) if s.calls]
    turns = read_lines(folder / "turns.jsonl")
    samples = read_lines(folder / "positions.jsonl")
    out: list[list[float] | None] = [None] * len(steps)
    if turns and len(turns) == len(acting):
        for i, row in zip(acting, turns, strict=True):
            out[i] = _xyz(row.get("position"))
        return out
    if not samples:
        return out
    points = [_xyz(s.get("position")) for s in samples]
    game = _game_times(steps)
    if game is not None:
        keys = [float(s.get("elapsed_sec") or 0.0) for s in samples]
        return [points[_nearest(keys, t)] for t in game]
    wall = [_stamp_seconds(s.get("sampled_at_utc")) or 0.0 for s in samples]
    for i, step in enumerate(steps):
        at = _stamp_seconds(step.stamp)
        out[i] = None if at is None else points[_nearest(wall, at)]
    return out


def replay(folder: Path) -> dict[str, Any]:
    """The episode as steps for the replay page, with its live-shaped state (path, stops,
    events, claims) for the map."""
    steps = _steps(messages(folder))
    positions = step_positions(folder, steps)
    out = [
        {
            "index": i + 1,
            "screenshot": f"{RECORD_DIR}/{step.screenshot}" if step.screenshot else None,
            "label": step.label,
            "stamp": step.stamp,
            "thought": step.thought,
            "command": command_text(step.calls, step.thought),
            "calls": step.calls,
            "result": "\n".join(r.rstrip("\n") for r in step.result if r.strip()),
            "position": position,
        }
        for i, (step, position) in enumerate(zip(steps, positions, strict=True))
    ]
    return {"state": live_state(folder) or {}, "steps": out}
