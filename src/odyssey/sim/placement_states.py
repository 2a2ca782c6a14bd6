"""The state a block takes when a player places it: each vanilla block's getStateForPlacement
and canSurvive (1.21.11) for the kinds a survival player builds with.

Pure functions of a world and a ``PlaceContext``. A "sturdy face" is approximated from
collision shapes (full cubes, double slabs, the full side of a slab or stairs), as
``odyssey.world.connections`` does. Neighbour reactions are in ``odyssey.sim.placing``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from odyssey.sim.reach import facing_of
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry
from odyssey.world.storage import World

Pos = tuple[int, int, int]
STEP = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0),
        "up": (0, 1, 0), "down": (0, -1, 0)}  # fmt: skip
OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west", "up": "down",
            "down": "up"}  # fmt: skip
CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}
COUNTER = {v: k for k, v in CLOCKWISE.items()}
AXIS = {"north": "z", "south": "z", "west": "x", "east": "x", "up": "y", "down": "y"}
DIRT = ("grass_block", "dirt", "coarse_dirt", "podzol", "rooted_dirt", "moss_block", "mud",
        "muddy_mangrove_roots", "farmland", "pale_moss_block", "mycelium")  # fmt: skip


@dataclass(frozen=True)
class PlaceContext:
    """BlockPlaceContext: where the block goes and how the player clicked.

    ``pos``: the position the block is placed at; ``face``: the clicked face; ``hit``: the
    clicked point in world coordinates; ``replacing``: the clicked block itself is replaced.
    """

    pos: Pos
    face: str
    hit: tuple[float, float, float]
    yaw: float
    pitch: float
    replacing: bool
    sneaking: bool = False

    @property
    def horizontal(self) -> str:
        """The player's horizontal facing (getHorizontalDirection)."""
        return facing_of(self.yaw)

    @property
    def hit_y(self) -> float:
        """How high in the placed block's cell the click landed."""
        return self.hit[1] - self.pos[1]

    def looking_directions(self) -> list[str]:
        """getNearestLookingDirections: the directions nearest the look, the clicked face's
        opposite first when the clicked block is not being replaced."""
        order = nearest_directions(self.yaw, self.pitch)
        if not self.replacing:
            first = OPPOSITE[self.face]
            order = [first, *(d for d in order if d != first)]
        return order


def nearest_directions(yaw: float, pitch: float) -> list[str]:
    """Direction.orderedByNearest: all six directions by how closely the look points at them."""
    f, g = math.radians(pitch), -math.radians(yaw)
    h, i, j, k = math.sin(f), math.cos(f), math.sin(g), math.cos(g)
    east, up, south = j > 0, h < 0, k > 0
    lx, my, nz = abs(j), abs(h), abs(k)
    o, p = lx * i, nz * i
    dx, dy, dz = ("east" if east else "west"), ("up" if up else "down"), (
        "south" if south else "north")  # fmt: skip
    if lx > nz:
        first = (dy, dx, dz) if my > o else (dx, dz, dy) if p > my else (dx, dy, dz)
    elif my > p:
        first = (dy, dz, dx)
    else:
        first = (dz, dx, dy) if o > my else (dz, dy, dx)
    return [*first, *(OPPOSITE[d] for d in reversed(first))]


def neighbour(pos: Pos, direction: str) -> Pos:
    dx, dy, dz = STEP[direction]
    return (pos[0] + dx, pos[1] + dy, pos[2] + dz)


def state(blocks: BlockRegistry, name: str, **props: str) -> int:
    """A block's state with some properties set (the rest default; unknown ones ignored)."""
    return blocks.state_of(name, props, strict=False)


def name_of(blocks: BlockRegistry, state_id: int) -> str:
    return blocks.block_of(state_id).name


def sturdy(world: World, pos: Pos, face: str) -> bool:
    """isFaceSturdy approximation: full cubes, double slabs, a slab's or stairs' full side."""
    blocks = world.registry
    s = world.get_block(*pos)
    flags = BlockFlag(int(blocks.state_flags[s]))
    if flags & BlockFlag.FULL_CUBE:
        return True
    p = blocks.properties(s)
    if flags & BlockFlag.SLAB:
        return p["type"] == "double" or (face, p["type"]) in (("up", "top"), ("down", "bottom"))
    if flags & BlockFlag.STAIRS:
        full = {"up": "top", "down": "bottom"}
        return full.get(face) == p["half"] or face == OPPOSITE[p["facing"]]
    return False


def water_at(world: World, pos: Pos) -> bool:
    """A water source where the block goes (a placed waterloggable block keeps it)."""
    blocks = world.registry
    s = world.get_block(*pos)
    return name_of(blocks, s) == "water" and blocks.properties(s)["level"] == "0"


# -- support (canSurvive) ----------------------------------------------------------------------


def can_survive(world: World, pos: Pos, state_id: int) -> bool:
    """Block.canSurvive for the blocks that need something to stand on or hang from."""
    blocks = world.registry
    name, p = name_of(blocks, state_id), blocks.properties(state_id)
    flags = BlockFlag(int(blocks.state_flags[state_id]))
    below = neighbour(pos, "down")
    if name.endswith("wall_torch") or name.endswith("wall_sign") or name == "ladder":
        return sturdy(world, neighbour(pos, OPPOSITE[p["facing"]]), p["facing"])
    if flags & (BlockFlag.BUTTON | BlockFlag.LEVER):
        face = {"floor": "up", "ceiling": "down"}.get(p["face"], p["facing"])
        return sturdy(world, neighbour(pos, OPPOSITE[face]), face)
    if name.endswith("torch") or flags & (BlockFlag.SIGN | BlockFlag.PRESSURE_PLATE):
        return sturdy(world, below, "up")
    if flags & BlockFlag.DOOR:
        return p["half"] == "upper" or sturdy(world, below, "up")
    if name.endswith("carpet"):
        return world.get_block(*below) != AIR
    if name == "snow":
        return sturdy(world, below, "up")
    if _is_plant(name):
        return name_of(blocks, world.get_block(*below)) in DIRT
    return True


def _is_plant(name: str) -> bool:
    """Bushes placed on dirt-like blocks: flowers, saplings, grass and ferns."""
    plants = ("short_grass", "fern", "tall_grass", "large_fern", "dandelion", "poppy",
              "blue_orchid", "allium", "azure_bluet", "oxeye_daisy", "cornflower",
              "lily_of_the_valley", "torchflower", "sunflower", "lilac", "rose_bush", "peony",
              "bush", "open_eyeblossom", "closed_eyeblossom", "pink_petals",
              "wildflowers")  # fmt: skip
    return name in plants or name.endswith(("_tulip", "_sapling")) or name == "mangrove_propagule"


# -- states for placement ----------------------------------------------------------------------


def slab_state(world: World, ctx: PlaceContext, block: str) -> int:
    """SlabBlock: double into a matching slab; else top when clicking a bottom face or the
    upper half of a side."""
    blocks = world.registry
    here = world.get_block(*ctx.pos)
    if name_of(blocks, here) == block:
        return state(blocks, block, type="double", waterlogged="false")
    top = ctx.face == "down" or (ctx.face != "up" and ctx.hit_y > 0.5)
    return state(blocks, block, type="top" if top else "bottom",
                 waterlogged=str(water_at(world, ctx.pos)).lower())  # fmt: skip


def stairs_state(world: World, ctx: PlaceContext, block: str) -> int:
    """StairBlock: facing the player's way, upside down from a bottom face or an upper side
    click, shape (corners) from the stairs in front and behind."""
    blocks = world.registry
    top = ctx.face == "down" or (ctx.face != "up" and ctx.hit_y > 0.5)
    s = state(blocks, block, facing=ctx.horizontal, half="top" if top else "bottom",
              waterlogged=str(water_at(world, ctx.pos)).lower())  # fmt: skip
    shape = stairs_shape(world, ctx.pos, s)
    return state(blocks, block, **{**blocks.properties(s), "shape": shape})


def stairs_shape(world: World, pos: Pos, s: int) -> str:
    """StairBlock.getStairsShape: outer corner from the stairs in front, inner from behind."""
    blocks = world.registry
    p = blocks.properties(s)
    facing, half = p["facing"], p["half"]
    for direction, kind in ((facing, "outer"), (OPPOSITE[facing], "inner")):
        other = world.get_block(*neighbour(pos, direction))
        if not blocks.has_flag(other, BlockFlag.STAIRS):
            continue
        q = blocks.properties(other)
        turn = q["facing"]
        side = OPPOSITE[turn] if kind == "outer" else turn
        if q["half"] == half and AXIS[turn] != AXIS[facing] and _takes_shape(world, pos, p, side):
            return f"{kind}_{'left' if turn == COUNTER[facing] else 'right'}"
    return "straight"


def _takes_shape(world: World, pos: Pos, p: dict[str, str], side: str) -> bool:
    blocks = world.registry
    other = world.get_block(*neighbour(pos, side))
    if not blocks.has_flag(other, BlockFlag.STAIRS):
        return True
    q = blocks.properties(other)
    return q["facing"] != p["facing"] or q["half"] != p["half"]


def door_hinge(world: World, ctx: PlaceContext) -> str:
    """DoorBlock.getHinge: away from full blocks and next to another door's lower half, else
    from which half of the cell was clicked."""
    blocks = world.registry
    facing, pos = ctx.horizontal, ctx.pos
    above = neighbour(pos, "up")
    left, right = COUNTER[facing], CLOCKWISE[facing]
    full = [blocks.has_flag(world.get_block(*neighbour(p, d)), BlockFlag.FULL_CUBE)
            for p, d in ((pos, left), (above, left), (pos, right), (above, right))]  # fmt: skip
    score = -full[0] - full[1] + full[2] + full[3]
    door_left = _lower_door(blocks, world.get_block(*neighbour(pos, left)))
    door_right = _lower_door(blocks, world.get_block(*neighbour(pos, right)))
    if (door_left and not door_right) or score > 0:
        return "right"
    if (door_right and not door_left) or score < 0:
        return "left"
    sx, _, sz = STEP[facing]
    dx, dz = ctx.hit[0] - pos[0], ctx.hit[2] - pos[2]
    left_ok = ((sx >= 0 or dz >= 0.5) and (sx <= 0 or dz <= 0.5) and (sz >= 0 or dx <= 0.5)
               and (sz <= 0 or dx >= 0.5))  # fmt: skip
    return "left" if left_ok else "right"


def _lower_door(blocks: BlockRegistry, s: int) -> bool:
    return blocks.has_flag(s, BlockFlag.DOOR) and blocks.properties(s)["half"] == "lower"


def attached_state(world: World, ctx: PlaceContext, block: str) -> int | None:
    """Buttons and levers (FaceAttachedHorizontalDirectionalBlock): the first looking direction
    with a face to attach to: floor or ceiling (facing the player's way) or a wall."""
    blocks = world.registry
    for direction in ctx.looking_directions():
        if direction in ("up", "down"):
            face = "ceiling" if direction == "up" else "floor"
            s = state(blocks, block, face=face, facing=ctx.horizontal)
        else:
            s = state(blocks, block, face="wall", facing=OPPOSITE[direction])
        if can_survive(world, ctx.pos, s):
            return s
    return None


def wall_state(world: World, ctx: PlaceContext, block: str, **extra: str) -> int | None:
    """Wall torches, wall signs and ladders: facing away from the first horizontal looking
    direction with a sturdy wall."""
    blocks = world.registry
    for direction in ctx.looking_directions():
        if direction not in ("up", "down"):
            s = state(blocks, block, facing=OPPOSITE[direction], **extra)
            if can_survive(world, ctx.pos, s):
                return s
    return None


def standing_or_wall(
    world: World, ctx: PlaceContext, standing: int, wall_block: str | None
) -> int | None:
    """StandingAndWallBlockItem (torches, signs): standing when the first usable looking
    direction is down, else on a wall; never hanging from a ceiling."""
    water = str(water_at(world, ctx.pos)).lower()
    wall = wall_state(world, ctx, wall_block, waterlogged=water) if wall_block else None
    for direction in ctx.looking_directions():
        if direction == "up":
            continue
        candidate = standing if direction == "down" else wall
        if candidate is not None and can_survive(world, ctx.pos, candidate):
            return candidate
    return None


def sign_rotation(yaw: float) -> str:
    """RotationSegment.convertToSegment(yaw + 180): the standing sign faces the player."""
    return str(math.floor((yaw + 180.0) * 16.0 / 360.0 + 0.5) & 15)


def trapdoor_state(world: World, ctx: PlaceContext, block: str) -> int:
    """TrapDoorBlock: on a side face hinged to it (top half if clicked high); otherwise facing
    the player, top half from a bottom face."""
    blocks = world.registry
    if not ctx.replacing and ctx.face not in ("up", "down"):
        facing, half = ctx.face, "top" if ctx.hit_y > 0.5 else "bottom"
    else:
        facing, half = OPPOSITE[ctx.horizontal], "bottom" if ctx.face == "up" else "top"
    return state(blocks, block, facing=facing, half=half,
                 waterlogged=str(water_at(world, ctx.pos)).lower())  # fmt: skip


def chest_state(world: World, ctx: PlaceContext, block: str) -> tuple[int, tuple[Pos, int] | None]:
    """ChestBlock (not sneaking): facing the player, joined with a single chest beside it that
    faces the same way (the partner changes type too)."""
    blocks = world.registry
    facing = OPPOSITE[ctx.horizontal]
    water = str(water_at(world, ctx.pos)).lower()
    if not ctx.sneaking:
        for side, kind, other in ((CLOCKWISE[facing], "left", "right"),
                                  (COUNTER[facing], "right", "left")):  # fmt: skip
            at = neighbour(ctx.pos, side)
            s = world.get_block(*at)
            if name_of(blocks, s) == block:
                q = blocks.properties(s)
                if q["type"] == "single" and q["facing"] == facing:
                    partner = state(blocks, block, **{**q, "type": other})
                    return state(blocks, block, facing=facing, type=kind, waterlogged=water), (
                        at, partner)  # fmt: skip
    return state(blocks, block, facing=facing, type="single", waterlogged=water), None
