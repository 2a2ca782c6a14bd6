"""Command coordinates against hand-computed vanilla results: ~, ^, block flooring, centring."""

from __future__ import annotations

import math

import pytest

from odyssey.sim.commands.coords import (
    MIXED,
    Executor,
    block_of,
    mth_cos,
    mth_sin,
    parse_block_pos,
    parse_rotation,
    parse_vec3,
)
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.reader import Reader

SOUTH = Executor(0.5, 64.0, 0.5, yaw_deg=0.0, pitch_deg=0.0)  # yaw 0 faces +Z
WEST = Executor(0.5, 64.0, 0.5, yaw_deg=90.0, pitch_deg=0.0)  # yaw 90 faces -X
UP = Executor(0.5, 64.0, 0.5, yaw_deg=0.0, pitch_deg=-90.0)  # pitch -90 looks straight up


def vec(text: str, ex: Executor) -> tuple[float, float, float]:
    return parse_vec3(Reader(text)).resolve(ex)


def close(a, b, tol: float = 1e-6) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


def test_vanilla_sine_table_matches_math_to_table_precision() -> None:
    for deg in (0.0, 30.0, 45.0, 90.0, 137.5, -60.0, 270.0):
        rad = deg * math.pi / 180
        assert abs(mth_sin(rad) - math.sin(rad)) < 1e-4
        assert abs(mth_cos(rad) - math.cos(rad)) < 1e-4
    assert mth_sin(math.pi / 2) == 1.0  # table entry 16384 is exactly 1


@pytest.mark.parametrize(
    ("text", "ex", "expected"),
    [
        ("^ ^ ^2", SOUTH, (0.5, 64.0, 2.5)),  # forward = +Z when facing south
        ("^1 ^ ^", SOUTH, (1.5, 64.0, 0.5)),  # left of south is east (+X)
        ("^ ^1 ^", SOUTH, (0.5, 65.0, 0.5)),
        ("^ ^ ^1", WEST, (-0.5, 64.0, 0.5)),  # facing west: forward = -X
        ("^1 ^ ^", WEST, (0.5, 64.0, 1.5)),  # left of west is south (+Z)
        ("^ ^ ^1", UP, (0.5, 65.0, 0.5)),  # looking up: forward = +Y
        ("^ ^1 ^", UP, (0.5, 64.0, -0.5)),  # ...and the head's "up" points north
        ("^-2 ^ ^3", SOUTH, (-1.5, 64.0, 3.5)),
    ],
)
def test_local_coordinates(text: str, ex: Executor, expected) -> None:
    assert close(vec(text, ex), expected)


def test_local_coordinates_at_45_degrees() -> None:
    ex = Executor(0.0, 0.0, 0.0, yaw_deg=45.0)
    x, y, z = vec("^ ^ ^1", ex)
    assert close((x, y, z), (-math.sqrt(0.5), 0.0, math.sqrt(0.5)), 1e-4)


def test_local_coordinates_start_at_the_eyes_when_anchored() -> None:
    ex = Executor(0.5, 64.0, 0.5, eye_height=1.62, anchor_eyes=True)
    assert close(vec("^ ^ ^", ex), (0.5, 65.62, 0.5))
    assert close(vec("~ ~ ~", ex), (0.5, 64.0, 0.5))  # ~ is always from the feet


def test_relative_and_absolute_entity_positions() -> None:
    ex = Executor(10.25, 64.0, -3.75)
    assert vec("~1 ~-1 ~0.5", ex) == (11.25, 63.0, -3.25)
    assert vec("10 64 -3", ex) == (10.5, 64.0, -2.5)  # whole x/z: block centre, y untouched
    assert vec("10.0 64 -3.0", ex) == (10.0, 64.0, -3.0)  # a decimal point: as written
    assert parse_vec3(Reader("10 64 -3"), center=False).resolve(ex) == (10.0, 64.0, -3.0)


def test_block_positions_floor_the_resolved_point() -> None:
    ex = Executor(10.5, 64.9, -0.3)
    assert block_of(parse_block_pos(Reader("~0.7 ~ ~")).resolve(ex)) == (11, 64, -1)
    assert block_of(parse_block_pos(Reader("~ ~-1 ~")).resolve(ex)) == (10, 63, -1)
    assert block_of(parse_block_pos(Reader("3 4 -5")).resolve(ex)) == (3, 4, -5)
    assert block_of(parse_block_pos(Reader("^ ^ ^1")).resolve(Executor(0.5, 64, 0.5))) == (0, 64, 1)


def test_rotation_relative_to_the_executor() -> None:
    ex = Executor(0, 0, 0, yaw_deg=90.0, pitch_deg=10.0)
    assert parse_rotation(Reader("~10 ~-5")).resolve(ex) == (100.0, 5.0)
    assert parse_rotation(Reader("-45 30")).resolve(ex) == (-45.0, 30.0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("^ ~ ^", MIXED),
        ("~ ^ ~", MIXED),
        ("~ ~", "Incomplete (expected 3 coordinates)"),
        ("1.5 2 3", "Invalid integer '1.5'"),
        ("", "Expected a block position"),
    ],
)
def test_block_position_errors(text: str, message: str) -> None:
    with pytest.raises(CommandError) as info:
        parse_block_pos(Reader(text))
    assert info.value.message == message


def test_rotation_rejects_local_coordinates() -> None:
    with pytest.raises(CommandError, match="Cannot mix world & local"):
        parse_rotation(Reader("^ ^"))
