"""Small fixtures in model pixels: torches, buttons, levers, rails, tripwires and hooks, chains,
lanterns, campfires, rods and flower pots (vanilla 1.21 model geometry); redstone dust is in
``mechshapes``.

Fixtures hang on, stand on or lie along one face of their block; the ``facing``/``face``
arguments come from the state (see ``modelrules``).
"""

from __future__ import annotations

import math

from odyssey.render.plantshapes import cross, flat
from odyssey.render.quads import (
    DOWN,
    EAST,
    NORTH,
    SOUTH,
    UP,
    WEST,
    Mesh,
    box,
    boxes,
    concat,
    rotate,
    rotate_box_y,
    rotate_x,
    rotate_y,
    turns_between,
    two_sided,
    vquad,
    with_overrides,
)

_TORCH_UV = {DOWN: (7, 13, 9, 15), UP: (7, 6, 9, 8)}


def torch() -> Mesh:
    """template_torch: a 2x10x2 stick; sides show uv columns 7..9, rows 6..16."""
    return box([7, 0, 7, 9, 10, 9], uv=_TORCH_UV)


def wall_torch(facing: str) -> Mesh:
    """template_torch_wall: the stick tilted 22.5 degrees away from the wall (shaded as up)."""
    sides = {f: (7, 6, 9, 16) for f in (NORTH, SOUTH, WEST, EAST)}
    m = box([-1, 3.5, 7, 1, 13.5, 9], uv={**_TORCH_UV, **sides}, shade=UP)
    m = rotate(m, 2, -22.5, (0, 3.5, 8))
    return rotate_y(m, turns_between("east", facing))


def attach(m: Mesh, face: str, facing: str) -> Mesh:
    """Orient a floor model built facing north like buttons and levers (face=floor|wall|ceiling)."""
    if face == "floor":
        return rotate_y(m, turns_between("north", facing))
    if face == "wall":
        return rotate_y(rotate_x(m, 1), turns_between("north", facing))
    return rotate_y(rotate_x(m, 2), turns_between("south", facing))


def button(face: str, facing: str, pressed: bool) -> Mesh:
    """button / button_pressed: 6x4 px, 2 px deep (1 px pressed)."""
    return attach(box([5, 0, 6, 11, 1 if pressed else 2, 10]), face, facing)


def lever(face: str, facing: str, powered: bool) -> Mesh:
    """lever / lever_on: a 6x3x8 base and a 2x10x2 handle tilted 45 degrees."""
    base = box([5, 0, 4, 11, 3, 12])
    handle = box([7, 1, 7, 9, 11, 9], faces=(UP, NORTH, SOUTH, WEST, EAST))
    handle = rotate(handle, 0, 45 if powered else -45, (8, 1, 8))
    return attach(concat([base, handle]), face, facing)


def rail(shape: str) -> Mesh:
    """rail_flat 1 px above the floor (texture runs north-south); raised rails slope 45 degrees
    from 1 px to 17 px (template_rail_raised_ne); curves turn the corner texture, which joins the
    south (v = 1) and east (u = 1) edges, like rail_corner."""
    if shape.startswith("ascending_"):
        up = box([0, 9, 0, 16, 9, 16], (UP, DOWN))
        up = rotate(up, 0, 45, (8, 9, 8), rescale=True)
        return rotate_y(up, turns_between("north", shape.removeprefix("ascending_")))
    turns = {"east_west": 1, "south_west": 1, "north_west": 2, "north_east": 3}.get(shape, 0)
    return rotate_y(box([0, 1, 0, 16, 1, 16], (UP, DOWN)), turns)


def tripwire(north_south: bool) -> Mesh:
    """The string texture on a plane 1.5 px up, turned east-west unless it runs north-south."""
    return rotate_y(flat(1.5), 0 if north_south else 1)


def tripwire_hook(facing: str) -> Mesh:
    """A 4x8 px plate on the wall behind and the hook ring."""
    m = boxes([[6, 1, 14, 10, 9, 16], [7.5, 4, 10, 8.5, 5, 14]])
    return rotate_y(m, turns_between("north", facing))


def chain_links(y0: float, y1: float, width: float = 3.0) -> Mesh:
    """Two crossed two-sided 3-px planes (vanilla chain: rotated 45 degrees, not rescaled)."""
    d = width / 2 * math.sqrt(0.5)
    a = vquad((8 - d, 8 + d), (8 + d, 8 - d), y0, y1, (0, 0, 3, 16))
    b = vquad((8 - d, 8 - d), (8 + d, 8 + d), y0, y1, (3, 0, 6, 16))
    return with_overrides(two_sided(concat([a, b])), shade=UP)


def chain(axis: str) -> Mesh:
    """iron_chain along its axis."""
    m = chain_links(0, 16)
    if axis == "x":
        return rotate_y(rotate_x(m, 1), 1)
    return rotate_x(m, 1) if axis == "z" else m


def lantern(hanging: bool) -> Mesh:
    """template_lantern / template_hanging_lantern: 6x7x6 body, 4x2x4 cap, chain on top."""
    dy = 1 if hanging else 0
    body = boxes([[5, dy, 5, 11, 7 + dy, 11], [6, 7 + dy, 6, 10, 9 + dy, 10]])
    return concat([body, chain_links(9 + dy, 16 if hanging else 11)])


def campfire(facing: str, lit: bool) -> Mesh:
    """template_campfire: four 4x4 logs crossing, a 1-px ember bed, crossed flames when lit."""
    logs = [
        [1, 0, 0, 5, 4, 16],
        [11, 0, 0, 15, 4, 16],
        [0, 3, 11, 16, 7, 15],
        [0, 3, 1, 16, 7, 5],
        [5, 0, 0, 11, 1, 16],
    ]
    parts = [boxes(rotate_box_y(b, turns_between("south", facing)) for b in logs)]
    if lit:
        parts.append(cross(1, 17))
    return concat(parts)


def point(m: Mesh, facing: str) -> Mesh:
    """Turn a model built pointing up to point ``facing`` (amethyst buds, rods)."""
    if facing == "up":
        return m
    if facing == "down":
        return rotate_x(m, 2)
    return rotate_y(rotate_x(m, 1), turns_between("north", facing))


def flower_pot(plant: str | None) -> Mesh:
    """flower_pot: a hollow 6x6x6 pot with soil at 4 px; a potted plant as a smaller cross
    (flower_pot_cross: 2.6..13.4 px, from 4 px up)."""
    pot = boxes(
        [
            [5, 0, 5, 6, 6, 11],
            [10, 0, 5, 11, 6, 11],
            [6, 0, 5, 10, 6, 6],
            [6, 0, 10, 10, 6, 11],
            [6, 0, 6, 10, 4, 10],
        ]
    )
    if plant is None:
        return pot
    if plant == "cactus":
        return concat([pot, boxes([[6, 4, 6, 10, 16, 10]])])
    return concat([pot, cross(4, 16, 5.4)])


ROD_PARTS = {
    "end_rod": ([6, 0, 6, 10, 1, 10], [7, 1, 7, 9, 16, 9]),
    "lightning_rod": ([7, 0, 7, 9, 12, 9], [6, 12, 6, 10, 16, 10]),
}


def rod(facing: str, kind: str) -> Mesh:
    """end_rod / lightning_rod, built pointing up and turned to ``facing``."""
    return point(boxes(ROD_PARTS[kind]), facing)


def pointed_cross(facing: str) -> Mesh:
    """Amethyst clusters and buds: a cross pointing ``facing``."""
    return point(cross(), facing)
