"""Positions and rotations in command arguments: absolute, relative ``~`` and local ``^``.

Resolution follows vanilla 1.21.11: ``~`` adds to the executor's position (feet) or rotation;
``^left ^up ^forward`` are along the executor's facing from its anchor (feet, or eyes after
``execute anchored eyes``), with vanilla's float sine table; a block position is the floor of
the resolved point; an entity position (``Vec3Argument``: /tp, /summon, ``execute positioned``)
whose absolute x or z is written without a decimal point is moved to the block centre (+0.5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odyssey.sim.commands.reader import Reader

MIXED = "Cannot mix world & local coordinates (everything must either use ^ or not)"
INCOMPLETE_3 = "Incomplete (expected 3 coordinates)"
INCOMPLETE_2 = "Incomplete (expected 2 coordinates)"
MISSING_DOUBLE = "Expected a coordinate"
MISSING_INT = "Expected a block position"

# Mth.sin/cos: a 65,536-entry float table indexed by angle * 10430.378 (vanilla's lookup).
_SIN_TABLE = np.sin(np.arange(65536, dtype=np.float64) * math.pi * 2.0 / 65536.0).astype(np.float32)
_RAD_PER_INDEX = np.float32(10430.378)


def mth_sin(angle_rad: np.float32) -> float:
    """Vanilla ``Mth.sin`` (table lookup on a float angle)."""
    return float(_SIN_TABLE[int(np.float32(angle_rad) * _RAD_PER_INDEX) & 0xFFFF])


def mth_cos(angle_rad: np.float32) -> float:
    """Vanilla ``Mth.cos``."""
    index = int(np.float32(np.float32(angle_rad) * _RAD_PER_INDEX + np.float32(16384.0)))
    return float(_SIN_TABLE[index & 0xFFFF])


@dataclass(frozen=True)
class Executor:
    """Where a command runs from: feet position, rotation in vanilla degrees, anchor."""

    x: float
    y: float
    z: float
    yaw_deg: float = 0.0
    pitch_deg: float = 0.0
    eye_height: float = 1.62
    anchor_eyes: bool = False

    @property
    def anchor(self) -> tuple[float, float, float]:
        return (self.x, self.y + (self.eye_height if self.anchor_eyes else 0.0), self.z)


@dataclass(frozen=True)
class Coordinate:
    """One world coordinate: ``value`` absolute, or an offset when ``relative``."""

    relative: bool
    value: float

    def resolve(self, origin: float) -> float:
        return origin + self.value if self.relative else self.value

    def __str__(self) -> str:
        number = _number_text(self.value)
        return ("~" + ("" if self.value == 0 else number)) if self.relative else number


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


@dataclass(frozen=True)
class WorldPos:
    """Three world coordinates (each absolute or ``~``)."""

    x: Coordinate
    y: Coordinate
    z: Coordinate

    def resolve(self, ex: Executor) -> tuple[float, float, float]:
        return (self.x.resolve(ex.x), self.y.resolve(ex.y), self.z.resolve(ex.z))

    def __str__(self) -> str:
        return f"{self.x} {self.y} {self.z}"


@dataclass(frozen=True)
class LocalPos:
    """``^left ^up ^forward`` relative to the executor's facing."""

    left: float
    up: float
    forwards: float

    def resolve(self, ex: Executor) -> tuple[float, float, float]:
        rad = np.float32(math.pi / 180.0)
        yaw, pitch = np.float32(ex.yaw_deg), np.float32(ex.pitch_deg)
        f = mth_cos((yaw + np.float32(90.0)) * rad)
        f1 = mth_sin((yaw + np.float32(90.0)) * rad)
        f2 = mth_cos(-pitch * rad)
        f3 = mth_sin(-pitch * rad)
        f4 = mth_cos((-pitch + np.float32(90.0)) * rad)
        f5 = mth_sin((-pitch + np.float32(90.0)) * rad)
        forward = (float(np.float32(f * f2)), f3, float(np.float32(f1 * f2)))
        up = (float(np.float32(f * f4)), f5, float(np.float32(f1 * f4)))
        left = _neg_cross(forward, up)
        ax, ay, az = ex.anchor
        return tuple(  # type: ignore[return-value]
            a + fw * self.forwards + u * self.up + lf * self.left
            for a, fw, u, lf in zip((ax, ay, az), forward, up, left, strict=True)
        )

    def __str__(self) -> str:
        return " ".join("^" + ("" if v == 0 else _number_text(v))
                        for v in (self.left, self.up, self.forwards))  # fmt: skip


def _neg_cross(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float, float]:
    """``a.cross(b).scale(-1)`` in doubles, as Vec3 does."""
    cx = a[1] * b[2] - a[2] * b[1]
    cy = a[2] * b[0] - a[0] * b[2]
    cz = a[0] * b[1] - a[1] * b[0]
    return (-cx, -cy, -cz)


Position = WorldPos | LocalPos


def block_of(point: tuple[float, float, float]) -> tuple[int, int, int]:
    """The block containing a point (``BlockPos.containing``: floor of each axis)."""
    return (math.floor(point[0]), math.floor(point[1]), math.floor(point[2]))


@dataclass(frozen=True)
class Rotation:
    """Yaw and pitch, each absolute or ``~`` relative to the executor's."""

    yaw: Coordinate
    pitch: Coordinate

    def resolve(self, ex: Executor) -> tuple[float, float]:
        return (self.yaw.resolve(ex.yaw_deg), self.pitch.resolve(ex.pitch_deg))

    def __str__(self) -> str:
        return f"{self.yaw} {self.pitch}"


def parse_block_pos(reader: Reader) -> Position:
    """A block position: whole absolute numbers; ``~``/``^`` offsets may have decimals."""
    return _parse_pos(reader, integer=True, center=False)


def parse_vec3(reader: Reader, center: bool = True) -> Position:
    """An entity position; ``center`` puts whole absolute x/z at the block centre as vanilla."""
    return _parse_pos(reader, integer=False, center=center)


def parse_rotation(reader: Reader) -> Rotation:
    """``yaw pitch``, each absolute or ``~``; ``^`` is an error."""
    start = reader.cursor
    if reader.can_read() and reader.peek() == "^":
        raise reader.error(MIXED)
    yaw = world_coordinate(reader, integer=False, center=False)
    _separate(reader, start, INCOMPLETE_2)
    if reader.peek() == "^":
        raise reader.error(MIXED)
    pitch = world_coordinate(reader, integer=False, center=False)
    return Rotation(yaw, pitch)


def _parse_pos(reader: Reader, integer: bool, center: bool) -> Position:
    start = reader.cursor
    if not reader.can_read():
        raise reader.error(MISSING_INT if integer else MISSING_DOUBLE)
    if reader.peek() == "^":
        return _parse_local(reader, start)
    x = world_coordinate(reader, integer, center)
    _separate(reader, start, INCOMPLETE_3)
    y = world_coordinate(reader, integer, False)
    _separate(reader, start, INCOMPLETE_3)
    z = world_coordinate(reader, integer, center)
    return WorldPos(x, y, z)


def _separate(reader: Reader, start: int, incomplete: str) -> None:
    if not reader.can_read() or reader.peek() != " ":
        raise reader.error(incomplete, start)
    reader.read()
    if not reader.can_read():
        raise reader.error(incomplete, start)


def _parse_local(reader: Reader, start: int) -> LocalPos:
    values: list[float] = []
    for i in range(3):
        if i:
            _separate(reader, start, INCOMPLETE_3)
        if reader.peek() != "^":
            raise reader.error(MIXED, start)
        reader.read()
        values.append(_offset(reader))
    return LocalPos(*values)


def _offset(reader: Reader) -> float:
    if not reader.can_read() or reader.peek() == " ":
        return 0.0
    return reader.read_float(double=True)


def world_coordinate(reader: Reader, integer: bool, center: bool) -> Coordinate:
    if reader.can_read() and reader.peek() == "^":
        raise reader.error(MIXED)
    if not reader.can_read():
        raise reader.error(MISSING_INT if integer else MISSING_DOUBLE)
    if reader.peek() == "~":
        reader.read()
        return Coordinate(True, _offset(reader))
    at = reader.cursor
    if integer:
        return Coordinate(False, float(reader.read_int()))
    value = reader.read_float(double=True)
    if center and "." not in reader.line[at : reader.cursor]:
        value += 0.5
    return Coordinate(False, value)
