"""Plane shapes in model pixels: crossed and # plants, flat pads, vines and lichen, stems,
dripleaves, coral fans, bamboo and fire (vanilla 1.21 models ``cross``, ``crop`` and kin).

Plant planes get no directional shading (``NO_SHADE``) and are seen from both sides, as in
vanilla; they are not offset by the position hash (a model here cannot see its position).
"""

from __future__ import annotations

from collections.abc import Iterable

from odyssey.render.quads import (
    DOWN,
    EAST,
    NO_SHADE,
    NORTH,
    SOUTH,
    UP,
    WEST,
    Mesh,
    box,
    concat,
    quad,
    rotate,
    rotate_y,
    turns_between,
    two_sided,
    vquad,
    with_overrides,
)


def cross(y0: float = 0, y1: float = 16, half: float = 7.2) -> Mesh:
    """vanilla ``cross``: two two-sided diagonal planes, 0.8..15.2 px after its 45-degree
    rescaled rotation, with no directional shading."""
    lo, hi = 8 - half, 8 + half
    m = concat([vquad((lo, hi), (hi, lo), y0, y1), vquad((lo, lo), (hi, hi), y0, y1)])
    return two_sided(m)


def crop(y0: float = -1, y1: float = 15) -> Mesh:
    """vanilla ``crop``: four two-sided planes in a # at 4 and 12 px, sunk 1 px into farmland."""
    planes = [box([4, y0, 0, 4, y1, 16], (WEST, EAST)), box([12, y0, 0, 12, y1, 16], (WEST, EAST))]
    planes += [box([0, y0, 4, 16, y1, 4], (NORTH, SOUTH))]
    planes += [box([0, y0, 12, 16, y1, 12], (NORTH, SOUTH))]
    return with_overrides(concat(planes), shade=NO_SHADE)


def flat(y: float, two: bool = True) -> Mesh:
    """A horizontal full-block plane at height ``y`` px (lily pads, frogspawn, redstone dust)."""
    return box([0, y, 0, 16, y, 16], (UP, DOWN) if two else (UP,))


def face_planes(sides: Iterable[str], inset: float) -> Mesh:
    """Two-sided planes ``inset`` px inside the listed block faces (vines, glow lichen)."""
    parts = []
    for side in sides:
        if side == "up":
            parts.append(box([0, 16 - inset, 0, 16, 16 - inset, 16], (UP, DOWN)))
        elif side == "down":
            parts.append(box([0, inset, 0, 16, inset, 16], (UP, DOWN)))
        else:
            plane = box([0, 0, inset, 16, 16, inset], (NORTH, SOUTH))
            parts.append(rotate_y(plane, turns_between("north", side)))
    return with_overrides(concat(parts), shade=NO_SHADE)


def stem(age: int) -> Mesh:
    """stem_growth0..7: 2 px per age, from 1 px below the farmland top."""
    return cross(-1, 2 * (age + 1) - 1)


def attached_stem(facing: str) -> Mesh:
    """stem_fruit: a plane from the block centre to the fruit."""
    m = two_sided(with_overrides(vquad((0, 8), (9, 8), -1, 15), shade=NO_SHADE))
    return rotate_y(m, turns_between("west", facing))


_DRIPLEAF_TIP = {"none": 0.0, "unstable": 0.0, "partial": 22.5, "full": 45.0}


def big_dripleaf(facing: str, tilt: str) -> Mesh:
    """The leaf at 15 px, tipping down away from its stem."""
    leaf = rotate(flat(15), 0, -_DRIPLEAF_TIP[tilt], (8, 15, 16))
    m = concat([leaf, cross(0, 15)])
    return rotate_y(m, turns_between("north", facing))


def coral_fan() -> Mesh:
    """A coral fan on the floor: a cross 12 px tall."""
    return cross(0, 12)


def coral_wall_fan(facing: str) -> Mesh:
    """A fan leaning out of the wall behind it."""
    m = two_sided(quad([[16, 12, 4], [16, 4, 16], [0, 4, 16], [0, 12, 4]]))
    return rotate_y(m, turns_between("north", facing))


def bamboo(age: int, leaves: str) -> Mesh:
    """bamboo1_age0/1 stalk and the unrotated + of leaf planes."""
    w = 1.0 if age == 0 else 1.5
    parts = [box([8 - w, 0, 8 - w, 8 + w, 16, 8 + w])]
    if leaves != "none":
        planes = [box([0.8, 0, 8, 15.2, 16, 8], (NORTH, SOUTH))]
        planes.append(box([8, 0, 0.8, 8, 16, 15.2], (WEST, EAST)))
        parts.append(with_overrides(concat(planes), shade=NO_SHADE))
    return concat(parts)


def fire(sides: tuple[str, ...]) -> Mesh:
    """Floor fire as crossed flames, side and top fire as planes 1 px in."""
    return face_planes(sides, 1.0) if sides else cross()
