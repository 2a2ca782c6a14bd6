"""Shapes of the survival mechanics' blocks in model pixels (vanilla 1.21 models): redstone
dust, repeaters, comparators, pistons and their heads, beds, hoppers, cauldrons and End portal
frames.

Parts made of another material than the block's faces name their tile (``textured``): the
torches on a repeater, a bed's pillow and frame, a piston's arm, a cauldron's content.
"""

from __future__ import annotations

from collections.abc import Sequence

from odyssey.render.fixtureshapes import point
from odyssey.render.plantshapes import face_planes, flat
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
    rotate_box_y,
    rotate_y,
    textured,
    turns_between,
)

SIDES = ("north", "east", "south", "west")
# vanilla lifts dust 0.25 px; vertex positions are stored in 1/32 block (0.5 px), so 0.25 px
# would round onto the floor and flicker with it
DUST_LIFT = 0.5


def wire(connections: tuple[str, ...]) -> Mesh:
    """redstone_dust multipart: a line from the centre to each side connected (``side`` or
    ``up``), climbing the wall where ``up``; the dot when nothing connects or the lines turn
    (north/south and east/west both connected). ``connections`` are the north, east, south
    and west values."""
    value = dict(zip(SIDES, connections, strict=True))
    linked = [s for s in SIDES if value[s] != "none"]
    parts = []
    along_z = {"north", "south"} & set(linked)
    along_x = {"east", "west"} & set(linked)
    if not linked or (along_z and along_x):
        parts.append(flat(DUST_LIFT, two=False))
    for side in linked:
        half = box([0, DUST_LIFT, 0, 16, DUST_LIFT, 8], (UP,))  # the north half, its line along z
        parts.append(textured(rotate_y(half, turns_between("north", side)), "redstone_dust_line"))
        if value[side] == "up":
            parts.append(textured(face_planes([side], DUST_LIFT), "redstone_dust_line"))
    return concat(parts)


def _torch(b: Sequence[float], lit: bool, height: float = 5) -> Mesh:
    """A redstone torch on a diode: 2x``height``x2 showing the torch tile's flame and stick."""
    uv = {DOWN: (7, 13, 9, 15), UP: (7, 6, 9, 8)}
    uv |= {f: (7, 6, 9, 6 + height) for f in (NORTH, SOUTH, WEST, EAST)}
    return textured(box(b, uv=uv), "redstone_torch" if lit else "redstone_torch_off")


def repeater(facing: str, delay: int, locked: bool, powered: bool) -> Mesh:
    """repeater_Ntick(_on)(_locked), built facing south (input south, output north): the 2-px
    slab, the fixed torch at the output and the movable one 2 px further back per delay tick,
    or the bedrock lock bar in its place when locked."""
    z = 6 + 2 * (delay - 1)
    parts = [box([0, 0, 0, 16, 2, 16]), _torch([7, 2, 2, 9, 7, 4], powered)]
    if locked:
        parts.append(textured(box([2, 2, z, 14, 4, z + 2]), "bedrock"))
    else:
        parts.append(_torch([7, 2, z, 9, 7, z + 2], powered))
    return rotate_y(concat(parts), turns_between("south", facing))


def comparator(facing: str, subtract: bool, powered: bool) -> Mesh:
    """comparator(_on)(_subtract), built facing south: two back torches lit when powered and
    the short front torch lit in subtract mode."""
    parts = [
        box([0, 0, 0, 16, 2, 16]),
        _torch([4, 2, 11, 6, 7, 13], powered),
        _torch([10, 2, 11, 12, 7, 13], powered),
        _torch([7, 2, 2, 9, 4, 4], subtract, height=2),
    ]
    return rotate_y(concat(parts), turns_between("south", facing))


def orient_box(b: Sequence[float], facing: str) -> list[float]:
    """A box given for a block pointing up, turned to point ``facing`` (still a box, so its
    faces keep the default uvs of where they end up)."""
    pos = point(box(b), facing).pos.reshape(-1, 3)
    return [*pos.min(axis=0).tolist(), *pos.max(axis=0).tolist()]


def piston_base(facing: str) -> Mesh:
    """piston_base: the 12-px body of an extended piston, its front the inner face."""
    return box(orient_box([0, 0, 0, 16, 12, 16], facing))


def piston_head(facing: str, short: bool) -> Mesh:
    """piston_head(_short): the 4-px plate and the arm reaching 4 px into the base (its
    planks-coloured rod)."""
    arm = orient_box([6, 0 if short else -4, 6, 10, 12, 10], facing)
    plate = box(orient_box([0, 12, 0, 16, 16, 16], facing))
    return concat([plate, textured(box(arm), "oak_planks")])


PILLOW = (1, 1, 15, 7)  # x0, z0, x1, z1 on the head's top, head to the north


def bed(facing: str, part: str) -> Mesh:
    """BedRenderer at 9/16: a planks frame (3..6 px) under the wool mattress (6..9 px), 3-px
    legs at the part's two outer corners and a white pillow on the head's top (its own
    rectangle of the top face, so the bed stays inside its 9-px shape); built with the head
    to the north and turned to ``facing`` (the direction from foot to head)."""
    t = turns_between("north", facing)
    head = part == "head"
    legs = [[0, 0, 0, 3, 3, 3], [13, 0, 0, 16, 3, 3]] if head else [
        [0, 0, 13, 3, 3, 16], [13, 0, 13, 16, 3, 16]
    ]  # fmt: skip
    wood = boxes([rotate_box_y(b, t) for b in [*legs, [0, 3, 0, 16, 6, 16]]])
    mattress = [0, 6, 0, 16, 9, 16]
    parts = [
        textured(wood, "oak_planks"),
        box(rotate_box_y(mattress, t), (DOWN, NORTH, SOUTH, WEST, EAST)),
    ]
    if not head:
        return concat([*parts, box(rotate_box_y(mattress, t), (UP,))])
    x0, z0, x1, z1 = PILLOW
    rim = [(0, 0, 16, z0), (0, z1, 16, 16), (0, z0, x0, z1), (x1, z0, 16, z1)]
    for a0, b0, a1, b1 in rim:
        parts.append(box(rotate_box_y([a0, 9, b0, a1, 9, b1], t), (UP,)))
    pillow = box(rotate_box_y([x0, 9, z0, x1, 9, z1], t), (UP,))
    return concat([*parts, textured(pillow, "white_wool")])


def hopper(facing: str) -> Mesh:
    """hopper / hopper_side: the bowl (a 1-px floor inside 2-px walls, 10..16 px), the 8-px
    middle and the 4-px spout down or out of the side ``facing``."""
    walls = [[0, 11, 0, 2, 16, 16], [14, 11, 0, 16, 16, 16]]
    walls += [[2, 11, 0, 14, 16, 2], [2, 11, 14, 14, 16, 16]]
    if facing == "down":
        spout = [6, 0, 6, 10, 4, 10]
    else:
        spout = rotate_box_y([6, 4, 0, 10, 8, 4], turns_between("north", facing))
    floor = [0, 10, 0, 16, 11, 16]
    return concat(
        [
            boxes([*walls, [4, 4, 4, 12, 10, 12], spout]),
            box(floor, (DOWN, NORTH, SOUTH, WEST, EAST)),
            textured(box(floor, (UP,)), "hopper_inside"),
        ]
    )


COMPOST_TOP = (0, 3, 5, 7, 9, 11, 13, 15, 15)  # composter_contents1..7 and _ready, per level


def composter(level: int) -> Mesh:
    """composter: 2-px plank walls round a 2-px floor; the compost at 3..15 px by level
    (bone meal on top when ready, level 8)."""
    walls = [[0, 0, 0, 2, 16, 16], [14, 0, 0, 16, 16, 16]]
    walls += [[2, 0, 0, 14, 16, 2], [2, 0, 14, 14, 16, 16], [2, 0, 2, 14, 2, 14]]
    parts = [boxes(walls)]
    if level > 0:
        h = COMPOST_TOP[level]
        tile = "composter_ready" if level == 8 else "composter_compost"
        parts.append(textured(box([2, h, 2, 14, h, 14], (UP,)), tile))
    return concat(parts)


CAULDRON_LEVELS = {1: 9.0, 2: 12.0, 3: 15.0}  # template_cauldron_level1/level2/full


def cauldron(content: str, level: int) -> Mesh:
    """template_cauldron: 2-px walls from 3 px up, a floor at 3..4 px, four L-shaped feet;
    water, lava or powder snow at 9, 12 or 15 px for levels 1..3."""
    walls = [[0, 3, 0, 2, 16, 16], [14, 3, 0, 16, 16, 16]]
    walls += [[2, 3, 0, 14, 16, 2], [2, 3, 14, 14, 16, 16], [2, 3, 2, 14, 4, 14]]
    feet = []
    for t in range(4):
        feet += [rotate_box_y(b, t) for b in ([0, 0, 0, 4, 3, 2], [0, 0, 2, 2, 3, 4])]
    parts = [boxes(walls + feet)]
    if content:
        h = CAULDRON_LEVELS[level]
        parts.append(textured(box([2, h, 2, 14, h, 14], (UP,)), content))
    return concat(parts)


def end_portal_frame(eye: bool) -> Mesh:
    """end_portal_frame(_filled): a 13-px block, the 8x3x8 eye on top when filled."""
    parts = [box([0, 0, 0, 16, 13, 16])]
    if eye:
        parts.append(textured(box([4, 13, 4, 12, 16, 12]), "end_portal_frame_eye"))
    return concat(parts)
