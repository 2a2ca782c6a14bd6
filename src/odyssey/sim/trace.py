"""Scripted input sequences run tick by tick: what ``odyssey sim trace`` does.

Inputs are a JSON list of segments ``{"keys": [...], "yaw": deg, "pitch": deg, "use": bool,
"ticks": N}`` or of one object per tick (the same without ``ticks``). Yaw and pitch, when given,
set the look for that segment; otherwise the previous look continues. Output is one dict per tick,
the first being the start state with ``"tick": 0`` (DESIGN.md §7).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from odyssey.sim.physics import check_start, simulator_for
from odyssey.sim.player import KEYS, InputState, PlayerState, SimError
from odyssey.world.storage import World

SEGMENT_FIELDS = {"keys", "yaw", "pitch", "use", "ticks"}
MAX_TICKS = 10_000_000


@dataclass(frozen=True)
class TickInput:
    """What the player does in one tick: keys held and where it looks (None keeps the look)."""

    inputs: InputState
    yaw: float | None = None
    pitch: float | None = None


def _number(value: Any, where: str, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SimError(f"{where}: '{name}' must be a finite number, got {value!r}")
    return float(value)


def parse_segment(item: Any, where: str) -> tuple[TickInput, int]:
    """One input object: (what to do each tick, for how many ticks)."""
    if not isinstance(item, dict):
        raise SimError(f"{where}: expected an object with 'keys', got {type(item).__name__}")
    unknown = set(item) - SEGMENT_FIELDS
    if unknown:
        raise SimError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    keys = item.get("keys", [])
    if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
        raise SimError(f"{where}: 'keys' must be a list of key names ({', '.join(KEYS)})")
    use = item.get("use", False)
    if not isinstance(use, bool):
        raise SimError(f"{where}: 'use' must be true or false, got {use!r}")
    try:
        inputs = InputState.of([*keys, *(["use"] if use else [])])
    except SimError as e:
        raise SimError(f"{where}: {e}") from None
    yaw = _number(item["yaw"], where, "yaw") if "yaw" in item else None
    pitch = _number(item["pitch"], where, "pitch") if "pitch" in item else None
    ticks = item.get("ticks", 1)
    if isinstance(ticks, bool) or not isinstance(ticks, int) or not 0 <= ticks <= MAX_TICKS:
        raise SimError(f"{where}: 'ticks' must be a whole number 0..{MAX_TICKS}, got {ticks!r}")
    return TickInput(inputs, yaw, pitch), ticks


def parse_inputs(data: Any, source: str = "inputs") -> list[tuple[TickInput, int]]:
    """Validate a parsed input file: a list of segments or per-tick objects."""
    if not isinstance(data, list):
        raise SimError(f"{source}: expected a JSON list of input objects")
    return [parse_segment(item, f"{source}[{i}]") for i, item in enumerate(data)]


def load_inputs(path: Path) -> list[tuple[TickInput, int]]:
    """Read and validate an input file; errors name the file and the entry."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as e:
        raise SimError(f"{path}: cannot read ({e.strerror or e})") from e
    except json.JSONDecodeError as e:
        raise SimError(f"{path}: not valid JSON ({e.msg} at line {e.lineno})") from e
    return parse_inputs(data, str(path))


def trace_line(tick: int, player: PlayerState, events: list[str]) -> dict[str, Any]:
    """One output line (DESIGN.md §7 fields)."""
    return {
        "tick": tick,
        "pos": list(player.pos),
        "vel": list(player.vel),
        "yaw": player.yaw,
        "pitch": player.pitch,
        "on_ground": player.on_ground,
        "health": player.health,
        "events": events,
    }


def run_trace(
    world: World, start: PlayerState, segments: list[tuple[TickInput, int]]
) -> Iterator[tuple[PlayerState, dict[str, Any]]]:
    """Run the inputs from ``start``; yields the player and its trace line, tick 0 first."""
    check_start(world, start)
    sim = simulator_for(world)
    player = start
    yield player, trace_line(0, player, [])
    tick = 0
    for action, count in segments:
        for _ in range(count):
            if action.yaw is not None or action.pitch is not None:
                yaw = player.yaw if action.yaw is None else action.yaw
                pitch = player.pitch if action.pitch is None else action.pitch
                player = player.with_look(yaw, pitch)
            result = sim.step(player, action.inputs)
            player = result.player
            tick += 1
            names = [e.kind if not e.value else f"{e.kind}:{e.value:g}" for e in result.events]
            yield player, trace_line(tick, player, names)
