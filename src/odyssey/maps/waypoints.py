"""``waypoints.json``: a map's named places, and reading waypoint files in every layout met.

A map package's ``waypoints.json`` is Mine Odyssey's format (its notes §4.3)::

    {"schema_version": 1, "map_id": "white-house", "annotation_source": {...},
     "dimension": "overworld", "waypoint_count": 40,
     "waypoints": [{"id": "WHI-WP-01", "name": "Greenhouse",
                    "position": {"x": -15, "y": 94, "z": 128},
                    "route_ids": [], "initials": "G", "color": 12, "xaero": {...}}, ...]}

``dimension``, ``annotation_source``, ``excluded_waypoints``, ``local_position_corrections``,
``source_record_count``, and per waypoint ``initials`` (may be null), ``color``, ``xaero``,
``floor_index``, ``kind`` are optional; any other field is kept and written back. Positions are
the feet of a player standing at the place, kept exactly as written (never rounded).

``load_waypoints`` (used by ``maps import``) also accepts, and turns into the format above:

- a bare JSON list of waypoint objects, or ``{"waypoints": [...]}`` without the other top-level
  fields (``map_id``, ``schema_version`` and ``waypoint_count`` are filled in);
- a position as ``{"x", "y", "z"}``, as ``[x, y, z]``, under ``pos``, or as ``x``/``y``/``z``
  keys on the waypoint itself (JourneyMap's layout);
- waypoints without ``id`` (numbered ``<PREFIX>-WP-NN`` in file order, PREFIX = the first three
  letters of the map id upper-cased, as Mine Odyssey's ``WHI-WP-01``), numeric ids, and
  waypoints without ``route_ids``;
- Xaero's Minimap text files (see ``odyssey.maps.xaero``).

Disabled waypoints (``xaero.disabled``) are kept unless ``skip_disabled`` is asked for; skipped
ones are listed in ``excluded_waypoints``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from odyssey.maps import xaero
from odyssey.maps.manifest import (
    MapFormatError,
    NonEmptyStr,
    Position,
    describe,
    read_json,
    slugify,
    validation_problems,
)


class Waypoint(BaseModel):
    """One named place; ``position`` is the arrival anchor (a player's feet)."""

    model_config = ConfigDict(extra="allow")

    id: NonEmptyStr
    name: NonEmptyStr
    position: Position
    route_ids: list[str]
    initials: str | None = None
    color: int | None = None
    xaero: dict[str, Any] | None = None
    floor_index: int | None = None
    kind: str | None = None

    @field_validator("name")
    @classmethod
    def _visible_name(cls, name: str) -> str:
        if not name.strip():
            raise ValueError("must not be only spaces")
        return name

    @property
    def caption(self) -> str:
        """The letters Mine Odyssey shows on the marker: the initials, else the name's first."""
        return self.initials if self.initials else self.name[:1]

    @property
    def disabled(self) -> bool:
        return bool((self.xaero or {}).get("disabled", False))


class ExcludedWaypoint(BaseModel):
    """A place the annotators left out, with why."""

    model_config = ConfigDict(extra="allow")

    point_id: str | None = None
    name: str | None = None
    reason: str | None = None
    position: Position | None = None


class PositionCorrections(BaseModel):
    """Arrival anchors moved after review; the original annotation is kept for provenance."""

    model_config = ConfigDict(extra="allow")

    approved_on: str | None = None
    rounding: str | None = None
    reason: str | None = None
    original_positions: dict[str, Position] = Field(default_factory=dict)
    suggested_positions: dict[str, Position] = Field(default_factory=dict)


class WaypointsFile(BaseModel):
    """``waypoints.json``."""

    model_config = ConfigDict(extra="allow")

    schema_version: int
    map_id: NonEmptyStr
    annotation_source: dict[str, Any] | None = None
    dimension: str | None = None
    waypoint_count: int
    waypoints: list[Waypoint]
    excluded_waypoints: list[ExcludedWaypoint] | None = None
    local_position_corrections: PositionCorrections | None = None
    source_record_count: int | None = None

    def by_id(self) -> dict[str, Waypoint]:
        return {w.id: w for w in self.waypoints}


# -- checking -----------------------------------------------------------------------------------


def parse_waypoints(data: Any, label: str) -> tuple[WaypointsFile | None, list[str]]:
    """Check waypoints.json data in the package format; the model (if its shape is right) and
    every problem found, each naming the file and field."""
    if not isinstance(data, dict):
        return None, [
            f"{label}: expected an object with schema_version, map_id, waypoint_count and "
            f"waypoints, got {describe(data)} (`odyssey maps import` reads other layouts)"
        ]
    try:
        doc = WaypointsFile.model_validate(data)
    except ValidationError as e:
        return None, validation_problems(e, label)
    return doc, waypoint_problems(doc, label)


def waypoint_problems(doc: WaypointsFile, label: str) -> list[str]:
    """What the shape alone cannot catch: the count, repeated ids, corrections of nothing."""
    problems: list[str] = []
    if doc.waypoint_count != len(doc.waypoints):
        problems.append(
            f"{label}: waypoint_count: says {doc.waypoint_count} but "
            f"{len(doc.waypoints)} waypoints are listed"
        )
    first: dict[str, int] = {}
    for i, waypoint in enumerate(doc.waypoints):
        if waypoint.id in first:
            problems.append(
                f"{label}: waypoints[{i}].id: {waypoint.id!r} is also the id of "
                f"waypoints[{first[waypoint.id]}]"
            )
        first.setdefault(waypoint.id, i)
    corrections = doc.local_position_corrections
    if corrections is not None:
        for key in ("original_positions", "suggested_positions"):
            for point in getattr(corrections, key):
                if point not in first:
                    problems.append(
                        f"{label}: local_position_corrections.{key}.{point}: names no waypoint"
                    )
    return problems


# -- any layout -> waypoints.json ---------------------------------------------------------------


def load_waypoints(
    path: Path | str,
    map_id: str | None = None,
    skip_disabled: bool = False,
    label: str | None = None,
) -> WaypointsFile:
    """A waypoint file of any accepted layout (module docstring) as package ``waypoints.json``
    data; MapFormatError lists every problem. ``map_id`` is used where the file names none."""
    path = Path(path)
    label = label or path.name
    text = _read_text(path, label)
    hint = map_id or _map_id_from_path(path)
    if text.lstrip()[:1] in ("{", "["):
        data = normalize_layout(read_json(path, label), hint)
        if not isinstance(data, dict) or not isinstance(data.get("waypoints"), list):
            got = describe(data.get("waypoints")) if isinstance(data, dict) else describe(data)
            raise MapFormatError(
                [
                    f"{label}: expected a list of waypoints or an object with a 'waypoints' list, "
                    f"got {'no waypoints' if got == 'null' else got}"
                ]
            )
    elif xaero.looks_like_xaero(text) or path.suffix == ".txt":
        raw, problems = xaero.parse_xaero(text, label)
        if problems:
            raise MapFormatError(problems)
        data = normalize_layout(raw, hint)
        if dimension := xaero.dimension_of(path):
            data["dimension"] = dimension
    else:
        raise MapFormatError(
            [f"{label}: neither JSON nor a Xaero waypoint file (lines 'waypoint:name:...')"]
        )
    doc, problems = parse_waypoints(data, label)
    if problems or doc is None:
        raise MapFormatError(problems)
    return drop_disabled(doc) if skip_disabled else doc


def _read_text(path: Path, label: str) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise MapFormatError([f"{label}: no such file ({path})"]) from None
    except IsADirectoryError:
        raise MapFormatError([f"{label}: is a folder, expected a waypoint file"]) from None
    except UnicodeDecodeError as e:
        raise MapFormatError([f"{label}: not UTF-8 text (byte {e.start})"]) from e


def _map_id_from_path(path: Path) -> str:
    """A map id for a file that names none: its folder for ``waypoints.json``, else its stem."""
    generic = path.stem in ("waypoints", "waypoint") or path.stem.startswith("mw$")
    return slugify(path.resolve().parent.name if generic else path.stem)


def normalize_layout(data: Any, map_id: str) -> Any:
    """Any accepted JSON layout as package-layout data (unknown shapes pass through unchanged,
    so that checking them names what is wrong)."""
    if isinstance(data, list):
        data = {"waypoints": data}
    if not isinstance(data, dict) or not isinstance(data.get("waypoints"), list):
        return data
    doc = dict(data)
    entries = [_normalize_entry(e) for e in doc["waypoints"]]
    _number_missing_ids(entries, str(doc.get("map_id") or map_id))
    doc["waypoints"] = entries
    doc.setdefault("schema_version", 1)
    doc.setdefault("map_id", map_id)
    doc.setdefault("waypoint_count", len(entries))
    return doc


def _normalize_entry(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    out = dict(entry)
    if "position" not in out and "pos" in out:
        out["position"] = out.pop("pos")
    if "position" not in out and all(axis in out for axis in "xyz"):
        out["position"] = {axis: out.pop(axis) for axis in "xyz"}
    if isinstance(out.get("id"), int) and not isinstance(out["id"], bool):
        out["id"] = str(out["id"])
    out.setdefault("route_ids", [])
    return out


def _number_missing_ids(entries: list[Any], map_id: str) -> None:
    """Give waypoints without an id ``<PREFIX>-WP-NN`` by file position, skipping taken ids."""
    missing = [e for e in entries if isinstance(e, dict) and e.get("id") is None]
    if not missing:
        return
    taken = {e["id"] for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str)}
    width = max(2, len(str(len(entries))))
    number = 0
    for entry in entries:
        number += 1
        if not isinstance(entry, dict) or entry.get("id") is not None:
            continue
        candidate = waypoint_id(map_id, number, width)
        while candidate in taken:
            number += 1
            candidate = waypoint_id(map_id, number, width)
        taken.add(candidate)
        entry["id"] = candidate


def id_prefix(map_id: str) -> str:
    """``white-house`` -> ``WHI`` (the first three letters or digits, upper-cased)."""
    letters = "".join(c for c in slugify(map_id) if c.isalnum())
    return letters[:3].upper() or "MAP"


def waypoint_id(map_id: str, number: int, width: int = 2) -> str:
    """The id of the ``number``-th waypoint (1-based) of a map: ``WHI-WP-01``."""
    return f"{id_prefix(map_id)}-WP-{number:0{width}d}"


def waypoint_ids(map_id: str, count: int) -> list[str]:
    """The ids ``write_package`` gives a map's waypoints, in order (to build routes beforehand)."""
    width = max(2, len(str(count)))
    return [waypoint_id(map_id, i, width) for i in range(1, count + 1)]


def drop_disabled(doc: WaypointsFile) -> WaypointsFile:
    """The file without its disabled waypoints; they move to ``excluded_waypoints``."""
    kept = [w for w in doc.waypoints if not w.disabled]
    gone = [
        ExcludedWaypoint(
            point_id=w.id, name=w.name, reason="disabled_in_xaero", position=w.position
        )
        for w in doc.waypoints
        if w.disabled
    ]
    if not gone:
        return doc
    excluded = [*(doc.excluded_waypoints or []), *gone]
    return doc.model_copy(
        update={"waypoints": kept, "waypoint_count": len(kept), "excluded_waypoints": excluded}
    )
