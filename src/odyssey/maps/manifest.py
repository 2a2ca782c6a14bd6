"""``map.json``, the manifest of a map package, and what every package file shares: reading
JSON with errors that name the file and line, turning pydantic's errors into messages that name
the file and the field, and writing JSON atomically.

``map.json`` follows Mine Odyssey's manifest (schema_version, map_id, display_name, environment,
out_of_bounds, source, world, license); Odyssey adds ``origin`` (where a real place lies on
Earth), ``builder`` (what made the world, with its seed), ``bounds``, ``spawn`` and ``locale``.
Fields Odyssey does not know are kept and written back unchanged.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from odyssey.atomic import write_text_atomic
from odyssey.errors import OdysseyError, problems_text

MINECRAFT_VERSION = "1.21.11"
DATA_VERSION = 4671
OUT_OF_BOUNDS_SECONDS = 15  # Mine Odyssey's duration below the floor before a run ends
MAX_LISTED_PROBLEMS = 8  # how many problems one error message spells out


class MapPackageError(OdysseyError):
    """A map package could not be read, written or imported."""


class MapFormatError(MapPackageError):
    """A map package file does not follow its format; ``problems`` lists every finding."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(problems_text(self.problems, MAX_LISTED_PROBLEMS))


# -- field types shared by the package files ---------------------------------------------------


def _coordinate(value: Any) -> int | float:
    """A finite number kept exactly as written: ints stay ints, floats are never rounded."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    if isinstance(value, str):
        number = number_from_text(value)
        if number is not None:
            return number
    raise PydanticCustomError(
        "finite_number", "expected a finite number, got {got}", {"got": describe(value)}
    )


def number_from_text(text: str) -> int | float | None:
    """A number written as text ("12", "-8520000.5"), or None if it is not a finite one."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


Coordinate = Annotated[int | float, PlainValidator(_coordinate)]
NonEmptyStr = Annotated[str, Field(min_length=1)]


class Position(BaseModel):
    """A point in block coordinates; given as ``{x, y, z}`` or ``[x, y, z]``."""

    model_config = ConfigDict(extra="allow")

    x: Coordinate
    y: Coordinate
    z: Coordinate

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, data: Any) -> Any:
        if isinstance(data, list | tuple):
            if len(data) != 3:
                raise PydanticCustomError(
                    "position_shape",
                    "expected [x, y, z] or {x, y, z}, got a list of {n}",
                    {"n": len(data)},
                )
            return dict(zip("xyz", data, strict=True))
        return data

    def as_tuple(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)

    # Read like a 3-tuple or a {x, y, z} dict, so code written for either takes a Position.
    def __iter__(self) -> Iterator[Any]:  # type: ignore[override]
        return iter(self.as_tuple())

    def __getitem__(self, key: int | str) -> int | float:
        if isinstance(key, str):
            if key not in ("x", "y", "z"):
                raise KeyError(key)
            return getattr(self, key)
        return self.as_tuple()[key]

    def __len__(self) -> int:
        return 3


# -- map.json -----------------------------------------------------------------------------------


class OutOfBounds(BaseModel):
    model_config = ConfigDict(extra="allow")

    at_or_below_y: Coordinate
    duration_sec: Coordinate = OUT_OF_BOUNDS_SECONDS

    @model_validator(mode="after")
    def _positive(self) -> OutOfBounds:
        if self.duration_sec <= 0:
            raise PydanticCustomError(
                "odyssey_duration",
                "duration_sec: expected a positive number of seconds, got {got}",
                {"got": describe(self.duration_sec)},
            )
        return self


class WorldVersion(BaseModel):
    model_config = ConfigDict(extra="allow")

    minecraft_version: NonEmptyStr
    version_name: str | None = None
    data_version: int | None = None


class License(BaseModel):
    model_config = ConfigDict(extra="allow")

    scope: NonEmptyStr
    redistribution: NonEmptyStr
    note: str = ""


class Origin(BaseModel):
    """Where block (0, 0) of a real place lies on Earth, and the data it came from."""

    model_config = ConfigDict(extra="allow")

    lat: Annotated[float, Field(ge=-90, le=90)]
    lon: Annotated[float, Field(ge=-180, le=180)]
    projection: str = ""
    source: str = ""
    attribution: str = ""


class Builder(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: NonEmptyStr
    version: str
    seed: int = 0


class Bounds(BaseModel):
    """The playable area in blocks, inclusive."""

    model_config = ConfigDict(extra="allow")

    min_x: int
    min_z: int
    max_x: int
    max_z: int


class MapManifest(BaseModel):
    """``map.json``."""

    model_config = ConfigDict(extra="allow")

    schema_version: int
    map_id: NonEmptyStr
    display_name: NonEmptyStr
    environment: Literal["outdoor", "indoor", "mixed"] | None = None
    out_of_bounds: OutOfBounds | None = None
    source: dict[str, Any] | None = None
    world: WorldVersion
    license: License | None = None
    origin: Origin | None = None
    builder: Builder | None = None
    bounds: Bounds | None = None
    spawn: Position | None = None
    locale: str | None = None


# -- reading, checking and writing JSON ---------------------------------------------------------

M = TypeVar("M", bound=BaseModel)


def read_json(path: Path, label: str | None = None) -> Any:
    """The parsed contents of a JSON file; broken JSON names the file, line and column."""
    label = label or path.name
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise MapFormatError([f"{label}: no such file ({path})"]) from None
    except IsADirectoryError:
        raise MapFormatError([f"{label}: is a folder, expected a JSON file"]) from None
    except UnicodeDecodeError as e:
        raise MapFormatError([f"{label}: not UTF-8 text (byte {e.start})"]) from e
    except OSError as e:
        raise MapFormatError([f"{label}: cannot read ({e.strerror or e})"]) from e
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise MapFormatError(
            [f"{label}: line {e.lineno} column {e.colno}: not valid JSON ({e.msg})"]
        ) from e


def parse_model(model: type[M], data: Any, label: str) -> M:
    """``data`` as ``model``, or MapFormatError listing every problem by file and field."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise MapFormatError(validation_problems(e, label)) from None


def validation_problems(error: ValidationError, label: str) -> list[str]:
    """One ``file: field.path: what was expected, got what`` line per pydantic error."""
    seen: set[tuple[str, str]] = set()
    problems: list[str] = []
    for item in error.errors(include_url=False):
        where = field_path(item["loc"])
        text = _explain(item)
        if (where, text) in seen:
            continue
        seen.add((where, text))
        problems.append(f"{label}: {where}: {text}" if where else f"{label}: {text}")
    return problems


def field_path(loc: tuple[Any, ...]) -> str:
    """``("waypoints", 3, "position", "y")`` -> ``waypoints[3].position.y``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_EXPECTED = {
    "string_type": "expected a string",
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "int_from_float": "expected an integer",
    "float_type": "expected a finite number",
    "float_parsing": "expected a finite number",
    "finite_number": "expected a finite number",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "model_attributes_type": "expected an object",
    "list_type": "expected a list",
}


def _explain(item: dict[str, Any]) -> str:
    kind = item["type"]
    got = describe(item.get("input"))
    if kind == "missing":
        return "required field is missing"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "value_error":
        return f"{item['ctx']['error']}, got {got}"
    if kind == "literal_error":
        return f"expected {item['ctx']['expected']}, got {got}"
    if kind in _EXPECTED:
        return f"{_EXPECTED[kind]}, got {got}"
    if kind in {"finite_number", "position_shape"} or kind.startswith("odyssey_"):
        return item["msg"]
    return f"{item['msg'][0].lower()}{item['msg'][1:]}, got {got}"


def describe(value: Any) -> str:
    """A short, JSON-flavoured rendering of a bad value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def write_json(path: Path, data: Any) -> None:
    """Write JSON (UTF-8, non-ASCII kept, indent 2) atomically: a reader never sees half a file."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False) + "\n")


def dump(model: BaseModel) -> dict[str, Any]:
    """A model as plain JSON data: the fields the file had (or the writer set), extras kept."""
    return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def slugify(text: str) -> str:
    """A map id from free text: lower-case ASCII letters, digits and single hyphens."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug or "map"


def load_manifest(path: Path, label: str | None = None) -> MapManifest:
    """Read and check a ``map.json``."""
    label = label or path.name
    return parse_model(MapManifest, read_json(path, label), label)
