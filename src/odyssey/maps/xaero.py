"""Xaero's Minimap waypoint files (``xaero/minimap/<server>/dim%0/mw$default_1.txt``).

One waypoint per line::

    waypoint:<name>:<initials>:x:y:z:color:disabled:type:set:rotate_on_tp:tp_yaw:visibility_type:destination

Accepted: lines starting with ``#`` are comments; ``sets:...`` and other non-waypoint lines are
ignored; the fields after ``z`` are optional (older Xaero versions write fewer, and one wrote a
``global`` true/false where ``visibility_type`` is now); a name may hold ``§§`` (Xaero's escape
for ``:``) or ``-`` (Mine Odyssey replaced ``:`` by ``-``); a name with unescaped ``:`` is put
back together when the line has more fields than the format. ``y`` = ``~`` (a waypoint without a
height) is refused: a waypoint must be a place a player can stand. Waypoints come out in the
shape of ``waypoints.json`` entries, without ids (the caller numbers them).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from odyssey.maps.manifest import number_from_text

FIELDS = (
    "name", "initials", "x", "y", "z", "color", "disabled", "type", "set", "rotate_on_tp",
    "tp_yaw", "visibility_type", "destination",
)  # fmt: skip
_INTS = {"color", "type", "tp_yaw", "visibility_type"}
_BOOLS = {"disabled", "rotate_on_tp", "destination"}
DEFAULTS: dict[str, Any] = {
    "disabled": False,
    "type": 0,
    "set": "gui.xaero_default",
    "rotate_on_tp": False,
    "tp_yaw": 0,
    "visibility_type": 0,
    "destination": False,
}
# Xaero names a dimension's folder dim%<id>.
DIMENSIONS = {"0": "overworld", "-1": "the_nether", "1": "the_end"}


def looks_like_xaero(text: str) -> bool:
    """Whether a text file is a Xaero waypoint file rather than JSON."""
    return any(line.strip().startswith("waypoint:") for line in text.splitlines())


def dimension_of(path: Path) -> str | None:
    """The dimension a Xaero file's folder (``dim%0``, ``dim%-1``) names, if it names one."""
    match = re.fullmatch(r"dim%(-?\d+)", path.parent.name)
    return DIMENSIONS.get(match.group(1)) if match else None


def parse_xaero(text: str, label: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The waypoints of a Xaero file and the problems found, each naming the line."""
    waypoints: list[dict[str, Any]] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line.startswith("waypoint:"):
            continue  # comments, "sets:" lines, blank lines
        try:
            waypoints.append(parse_line(line))
        except ValueError as e:
            problems.append(f"{label}: line {number}: {e}")
    if not waypoints and not problems:
        problems.append(
            f"{label}: no waypoints found (expected JSON, or Xaero lines "
            "'waypoint:name:initials:x:y:z:color:...')"
        )
    return waypoints, problems


def parse_line(line: str) -> dict[str, Any]:
    """One ``waypoint:...`` line as a waypoints.json entry; ValueError names the bad field."""
    parts = line.split(":")[1:]
    if len(parts) < 5:
        raise ValueError(f"expected at least name:initials:x:y:z, got {len(parts)} fields")
    extra = len(parts) - len(FIELDS)
    if extra > 0:  # a name with ':' that was not escaped
        parts = [":".join(parts[: extra + 1]), *parts[extra + 1 :]]
    fields = dict(zip(FIELDS, parts, strict=False))
    name = _unescape(fields["name"])
    if not name.strip():
        raise ValueError("name: must not be empty")
    waypoint: dict[str, Any] = {
        "name": name,
        "position": {axis: _coordinate(axis, fields[axis]) for axis in "xyz"},
        "route_ids": [],
        "initials": _unescape(fields["initials"]),
    }
    settings = dict(_setting(key, value) for key, value in fields.items() if key in FIELDS[5:])
    if "color" in settings:
        waypoint["color"] = settings.pop("color")
    waypoint["source"] = "xaero-minimap-file"
    waypoint["xaero"] = settings
    return waypoint


def _unescape(text: str) -> str:
    return text.replace("§§", ":")


def _coordinate(axis: str, text: str) -> int | float:
    if axis == "y" and text.strip() == "~":
        raise ValueError("y: '~' (no height); a waypoint needs the height a player stands at")
    number = number_from_text(text)
    if number is None:
        raise ValueError(f"{axis}: expected a finite number, got {text!r}")
    return number


def _setting(key: str, text: str) -> tuple[str, Any]:
    """One setting after ``z`` as (key, value)."""
    if key == "visibility_type" and text.lower() in ("true", "false"):
        return "global", _flag("global", text)  # older files: global true/false
    if key in _INTS:
        try:
            return key, int(text)
        except ValueError:
            raise ValueError(f"{key}: expected an integer, got {text!r}") from None
    if key in _BOOLS:
        return key, _flag(key, text)
    return key, text


def _flag(key: str, text: str) -> bool:
    if text.lower() not in ("true", "false"):
        raise ValueError(f"{key}: expected true or false, got {text!r}")
    return text.lower() == "true"


def xaero_line(
    name: str,
    initials: str | None,
    position: tuple[float, float, float],
    color: int = 0,
    settings: dict[str, Any] | None = None,
) -> str:
    """A waypoint as Mine Odyssey writes it for Xaero (':' in names becomes '-', block coords)."""
    merged = {**DEFAULTS, **{k: v for k, v in (settings or {}).items() if k in DEFAULTS}}
    label = (initials if initials is not None else name[:1]).replace(":", "-")
    x, y, z = (math.floor(v) for v in position)
    settings_in_order = (merged[key] for key in FIELDS[6:])
    values = [name.replace(":", "-"), label, x, y, z, color, *settings_in_order]
    return "waypoint:" + ":".join(_text(v) for v in values)


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
