"""What the player can interact with: the block under the crosshair within reach, and the
server's reach check for a block named by coordinates (vanilla 1.21.11 ranges)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from odyssey.sim import layout as k
from odyssey.sim.player import PlayerState
from odyssey.world.blocks import AIR, BlockFlag
from odyssey.world.storage import World

BLOCK_INTERACTION_RANGE = 4.5  # attribute block_interaction_range
SERVER_REACH_BUFFER = 1.0  # ServerGamePacketListenerImpl accepts range + 1.0
DIRECTIONS = ("south", "west", "north", "east")  # Direction.fromYRot order


@dataclass(frozen=True)
class BlockHit:
    """A block hit by the crosshair ray: its position, the face and the distance from the eye."""

    pos: tuple[int, int, int]
    face: str
    distance: float


def look_vector(yaw: float, pitch: float) -> tuple[float, float, float]:
    """Entity.calculateViewVector with Mth's sin table."""
    f = float(np.float32(np.float32(pitch) * k.DEG_TO_RAD_F))
    g = float(np.float32(-np.float32(yaw) * k.DEG_TO_RAD_F))
    h, i = k.mth_cos(g), k.mth_sin(g)
    j, s = k.mth_cos(f), k.mth_sin(f)
    return (i * j, -s, h * j)


def eye_position(player: PlayerState) -> tuple[float, float, float]:
    x, y, z = player.pos
    return (x, y + player.eye_height, z)


def facing_of(yaw: float) -> str:
    """Direction.fromYRot: the horizontal direction the player faces."""
    return DIRECTIONS[math.floor(yaw / 90.0 + 0.5) & 3]


NO_OUTLINE = frozenset({"cave_air", "void_air", "water", "lava", "bubble_column"})
# Outline shapes (in 16ths) of blocks without collision, from vanilla's block classes.
FLOWERS = frozenset({"dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "red_tulip",
                     "orange_tulip", "white_tulip", "pink_tulip", "oxeye_daisy", "cornflower",
                     "lily_of_the_valley", "wither_rose", "torchflower"})  # fmt: skip
PLANT_SHAPES = {
    "short_grass": (2, 0, 2, 14, 13, 14), "fern": (2, 0, 2, 14, 13, 14),
    "dead_bush": (2, 0, 2, 14, 13, 14), "seagrass": (2, 0, 2, 14, 12, 14),
    "tall_seagrass": (2, 0, 2, 14, 16, 14), "tall_grass": (2, 0, 2, 14, 16, 14),
    "large_fern": (2, 0, 2, 14, 16, 14), "sugar_cane": (2, 0, 2, 14, 16, 14),
    "kelp": (0, 0, 0, 16, 9, 16), "kelp_plant": (0, 0, 0, 16, 16, 16),
    "torch": (6, 0, 6, 10, 10, 10), "redstone_torch": (6, 0, 6, 10, 10, 10),
    "soul_torch": (6, 0, 6, 10, 10, 10),
}  # fmt: skip
CROP_HEIGHTS = {"wheat": (2, 4, 6, 8, 10, 12, 14, 16), "carrots": (2, 3, 4, 5, 6, 7, 8, 9),
                "potatoes": (2, 3, 4, 5, 6, 7, 8, 9), "beetroots": (2, 4, 6, 8)}  # fmt: skip


RAILS = frozenset({"rail", "powered_rail", "detector_rail", "activator_rail"})


def _plant_outline(name: str, p: dict[str, str]) -> tuple[float, ...] | None:
    """The outline of a plant, a snow layer, a standing torch or a rail; None for others."""
    if name in PLANT_SHAPES:
        return PLANT_SHAPES[name]
    if name in FLOWERS:
        return (5, 0, 5, 11, 10, 11)
    if name.endswith("_sapling"):
        return (2, 0, 2, 14, 12, 14)
    if name == "snow":
        return (0, 0, 0, 16, 2 * int(p.get("layers", "1")), 16)
    if name in CROP_HEIGHTS:
        return (0, 0, 0, 16, CROP_HEIGHTS[name][int(p.get("age", "0"))], 16)
    if name in RAILS:  # BaseRailBlock: flat 2/16, half a block while ascending
        return (0, 0, 0, 16, 8 if p.get("shape", "").startswith("ascending") else 2, 16)
    return None


def outline_boxes(world: World, state: int) -> np.ndarray:
    """Boxes the crosshair can hit: the collision shape, or the small shapes of switches, or the
    whole cell for other blocks without collision; plants, snow layers and torches have their
    vanilla outlines; fluids and air are not hit (waterlogged plants are)."""
    blocks = world.registry
    boxes = blocks.collision_boxes(state)
    name = blocks.block_of(state).name
    if len(boxes) and name != "snow":  # snow's outline is a layer higher than its collision
        return boxes
    flags = BlockFlag(int(blocks.state_flags[state]))
    if state == AIR or name in NO_OUTLINE:
        return boxes
    shape = _plant_outline(name, blocks.properties(state))
    if shape is not None:
        return np.array([[v / 16 for v in shape]], dtype=np.float32)
    if flags & BlockFlag.PRESSURE_PLATE:
        return np.array([[1 / 16, 0, 1 / 16, 15 / 16, 1 / 16, 15 / 16]], dtype=np.float32)
    if flags & (BlockFlag.BUTTON | BlockFlag.LEVER):
        return _switch_box(blocks.properties(state))
    return np.array([[0, 0, 0, 1, 1, 1]], dtype=np.float32)


def _switch_box(p: dict[str, str]) -> np.ndarray:
    """Button/lever outline: a 6/16 x 4/16 plate, 2/16 deep, on the face it sits on."""
    lo, hi, depth = 5 / 16, 11 / 16, 2 / 16
    face, facing = p.get("face", "floor"), p.get("facing", "north")
    if face == "floor":
        return np.array([[lo, 0, 6 / 16, hi, depth, 10 / 16]], dtype=np.float32)
    if face == "ceiling":
        return np.array([[lo, 1 - depth, 6 / 16, hi, 1, 10 / 16]], dtype=np.float32)
    boxes = {
        "north": [lo, 6 / 16, 1 - depth, hi, 10 / 16, 1],
        "south": [lo, 6 / 16, 0, hi, 10 / 16, depth],
        "west": [1 - depth, 6 / 16, lo, 1, 10 / 16, hi],
        "east": [0, 6 / 16, lo, depth, 10 / 16, hi],
    }
    return np.array([boxes[facing]], dtype=np.float32)


def ray_box(origin, direction, box) -> tuple[float, int] | None:
    """Slab test: entry distance and the axis entered through, or None."""
    t_near, t_far, axis = -math.inf, math.inf, -1
    for a in range(3):
        if abs(direction[a]) < 1e-12:
            if not box[a] <= origin[a] <= box[a + 3]:
                return None
            continue
        t1 = (box[a] - origin[a]) / direction[a]
        t2 = (box[a + 3] - origin[a]) / direction[a]
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > t_near:
            t_near, axis = t1, a
        t_far = min(t_far, t2)
        if t_near > t_far:
            return None
    return (t_near, axis) if t_far >= 0 and t_near >= 0 else None


FACE_NAMES = {(0, -1): "east", (0, 1): "west", (1, -1): "up", (1, 1): "down", (2, -1): "south",
              (2, 1): "north"}  # fmt: skip


def crosshair_block(
    world: World,
    player: PlayerState,
    reach: float = BLOCK_INTERACTION_RANGE,
    shapes: Callable[[World, list[int], int], Iterable] | None = None,
) -> BlockHit | None:
    """The first block the look ray hits within ``reach`` of the eye (cells walked in order).
    ``shapes(world, cell, state)``: the boxes to hit in a cell (default: ``outline_boxes``;
    buckets add fluid sources' surfaces)."""
    origin = eye_position(player)
    direction = look_vector(player.yaw, player.pitch)
    cell = [math.floor(c) for c in origin]
    step = [1 if d > 0 else -1 for d in direction]
    t_max, t_delta = [], []
    for a in range(3):
        if direction[a] == 0:
            t_max.append(math.inf)
            t_delta.append(math.inf)
        else:
            edge = cell[a] + (1 if direction[a] > 0 else 0)
            t_max.append((edge - origin[a]) / direction[a])
            t_delta.append(abs(1 / direction[a]))
    travelled = 0.0
    while travelled <= reach:
        state = world.get_block(*cell)
        best = None
        boxes = outline_boxes(world, state) if shapes is None else shapes(world, cell, state)
        for box in boxes:
            shifted = [box[a] + cell[a % 3] for a in range(6)]
            hit = ray_box(origin, direction, shifted)
            if hit and hit[0] <= reach and (best is None or hit[0] < best[0]):
                best = hit
        if best is not None:
            axis = best[1]
            face = FACE_NAMES[(axis, step[axis])] if axis >= 0 else "up"
            return BlockHit((cell[0], cell[1], cell[2]), face, best[0])
        axis = int(np.argmin(t_max))
        travelled = t_max[axis]
        cell[axis] += step[axis]
        t_max[axis] += t_delta[axis]
    return None


def within_server_reach(player: PlayerState, pos: tuple[int, int, int]) -> bool:
    """Player.canInteractWithBlock(pos, 1.0): the eye within range + 1 of the block's box."""
    ex, ey, ez = eye_position(player)
    dx = max(pos[0] - ex, 0.0, ex - (pos[0] + 1))
    dy = max(pos[1] - ey, 0.0, ey - (pos[1] + 1))
    dz = max(pos[2] - ez, 0.0, ez - (pos[2] + 1))
    limit = BLOCK_INTERACTION_RANGE + SERVER_REACH_BUFFER
    return dx * dx + dy * dy + dz * dz < limit * limit
