"""Fluid states of block states, as vanilla 1.21.11's ``BlockState.getFluidState`` and the
block facts ``FlowingFluid`` asks about, as per-state lists built once per block registry.

A fluid state is a small int (``code``): kind (water 1, lava 2), source, falling and amount
(1..8; sources and falling fluid 8). Water and lava blocks map their ``level`` (0 source, 1-7
flowing with amount 8 - level, 8-15 falling); ``waterlogged=true`` blocks, kelp, seagrass and
bubble columns hold a water source. The lists are plain Python lists: indexing one with a state
id is the cheapest look-up there is in the flow's hot loops.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry

EMPTY, WATER, LAVA = 0, 1, 2
SOURCE_BIT, FALLING_BIT = 32, 16
KIND_NAMES = {WATER: "water", LAVA: "lava"}
# Direction ordinals (vanilla's Direction enum): down, up, north, south, west, east.
DOWN, UP, NORTH, SOUTH, WEST, EAST = range(6)
OFFSETS = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))
OPPOSITE = (UP, DOWN, SOUTH, NORTH, EAST, WEST)
PLANE = (NORTH, EAST, SOUTH, WEST)  # Direction.Plane.HORIZONTAL's order
FULL_FACE = (1 << 256) - 1  # a 16x16 face, one bit per 1/16 square
# Blocks that hold a water source without a waterlogged property (LiquidBlockContainers that
# refuse more fluid, and the bubble column).
WATER_PLANTS = ("kelp", "kelp_plant", "seagrass", "tall_seagrass")
# FlowingFluid.canHoldAnyFluid: non-solid blocks fluids still cannot enter.
NO_FLUID = ("ladder", "sugar_cane", "bubble_column", "nether_portal", "end_portal",
            "end_gateway", "structure_void")  # fmt: skip
NOT_CONTAINER, WATERLOGGABLE, REFUSES = 0, 1, 2


def code(kind: int, amount: int, source: bool = False, falling: bool = False) -> int:
    """A fluid state's code (0: empty)."""
    if kind == EMPTY or amount <= 0:
        return EMPTY
    return (kind << 6) | (SOURCE_BIT if source else 0) | (FALLING_BIT if falling else 0) | amount


def kind_of(c: int) -> int:
    return c >> 6


def amount_of(c: int) -> int:
    return c & 15


def is_source(c: int) -> bool:
    return bool(c & SOURCE_BIT)


def is_falling(c: int) -> bool:
    return bool(c & FALLING_BIT)


def level_of(c: int) -> int:
    """The ``level`` of the fluid's own block (LiquidBlock's state for a fluid state)."""
    if c & SOURCE_BIT:
        return 0
    return 8 - (c & 15) + (8 if c & FALLING_BIT else 0)


def source_code(kind: int) -> int:
    return code(kind, 8, source=True)


@dataclass(frozen=True)
class FluidTables:
    """Per-state facts (lists indexed by state id) and the fluids' own block states."""

    fluid: list[int]  # the fluid state's code
    holds: list[bool]  # FlowingFluid.canHoldAnyFluid
    container: list[int]  # NOT_CONTAINER, WATERLOGGABLE (SimpleWaterloggedBlock), REFUSES
    solid: list[bool]  # BlockState.isSolid (legacy: what blocks motion)
    faces: list[tuple[int, ...] | None]  # collision face masks by direction; None: no shape
    full: list[bool]  # collision is the whole cube (Shapes.block())
    liquid_block: list[bool]  # a water or lava block (LiquidBlock), not a waterlogged one
    toggled: list[int]  # the same state with ``waterlogged`` flipped (-1: no such property)
    water: tuple[int, ...]  # water block state by level 0..15
    lava: tuple[int, ...]

    def block_of(self, c: int) -> int:
        """FluidState.createLegacyBlock: the water or lava block of a fluid state (air if empty)."""
        if c == EMPTY:
            return AIR
        return (self.water if c >> 6 == WATER else self.lava)[level_of(c)]

    def passes(self, direction: int, state: int, other: int) -> bool:
        """FlowingFluid.canPassThroughWall: the faces of ``state`` towards ``direction`` and of
        ``other`` back together do not cover the whole square (Shapes.mergedFaceOccludes)."""
        a, b = self.faces[state], self.faces[other]
        if a is None and b is None:
            return True
        if self.full[state] or self.full[other]:
            return False
        mask = (a[direction] if a else 0) | (b[OPPOSITE[direction]] if b else 0)
        return mask != FULL_FACE


def _face_masks(boxes: list[list[float]]) -> tuple[int, ...] | None:
    """Per direction, the 1/16 squares of the block's face that its boxes touching it cover."""
    if not boxes:
        return None
    out = []
    for direction in range(6):
        axis = (1, 1, 2, 2, 0, 0)[direction]
        positive = direction in (UP, SOUTH, EAST)
        u, v = [a for a in range(3) if a != axis]
        mask = 0
        for box in boxes:
            touches = box[axis + 3] >= 1.0 - 1e-7 if positive else box[axis] <= 1e-7
            if not touches:
                continue
            u0, u1 = round(box[u] * 16), round(box[u + 3] * 16)
            v0, v1 = round(box[v] * 16), round(box[v + 3] * 16)
            row = ((1 << max(0, u1 - u0)) - 1) << u0
            for j in range(v0, v1):
                mask |= row << (16 * j)
        out.append(mask)
    return tuple(out)


@cache
def tables(blocks: BlockRegistry) -> FluidTables:
    """The fluid tables of a registry (built once per registry)."""
    n = blocks.state_count
    flags = [int(f) for f in blocks.state_flags]
    fluid = [EMPTY] * n
    for name, kind in (("water", WATER), ("lava", LAVA)):
        block = blocks.block(name)
        for level in range(16):
            state = block.min_state + level  # the only property: level 0..15 in order
            if level == 0:
                fluid[state] = source_code(kind)
            elif level >= 8:
                fluid[state] = code(kind, 8, falling=True)
            else:
                fluid[state] = code(kind, 8 - level)
    container = [NOT_CONTAINER] * n
    toggled = [-1] * n
    for block in blocks.blocks:
        props = dict(block.properties)
        if "waterlogged" not in props:
            continue
        # the property's stride in the state ids (the last property varies fastest)
        names = [key for key, _ in block.properties]
        after = names[names.index("waterlogged") + 1 :]
        stride = 1
        for key in after:
            stride *= len(props[key])
        wet_index = props["waterlogged"].index("true")
        for state in range(block.min_state, block.max_state + 1):
            index = ((state - block.min_state) // stride) % 2
            container[state] = WATERLOGGABLE
            toggled[state] = state + (stride if index == 0 else -stride)
            if index == wet_index:
                fluid[state] = source_code(WATER)
    for name in (*WATER_PLANTS, "bubble_column"):
        block = blocks.block(name)
        for state in range(block.min_state, block.max_state + 1):
            fluid[state] = source_code(WATER)
            if name != "bubble_column":
                container[state] = REFUSES
    no_fluid = {blocks.block(name).index for name in NO_FLUID}
    holds = [False] * n
    solid = [False] * n
    for state in range(n):
        f = flags[state]
        solid[state] = bool(f & BlockFlag.BLOCKS_MOTION)
        if container[state]:
            holds[state] = True
        elif not solid[state]:
            index = int(blocks.state_block[state])
            holds[state] = not (f & (BlockFlag.DOOR | BlockFlag.SIGN) or index in no_fluid)
    by_shape: dict[int, tuple[int, ...] | None] = {}
    faces: list[tuple[int, ...] | None] = [None] * n
    full = [False] * n
    for state in range(n):
        shape = int(blocks.state_shape[state])
        if shape not in by_shape:
            by_shape[shape] = _face_masks(blocks.collision_boxes(state).tolist())
        faces[state] = by_shape[shape]
        full[state] = bool(flags[state] & BlockFlag.FULL_CUBE)
    water, lava = blocks.block("water"), blocks.block("lava")
    liquid = [False] * n
    for block in (water, lava):
        for state in range(block.min_state, block.max_state + 1):
            liquid[state] = True
    return FluidTables(
        fluid=fluid, holds=holds, container=container, solid=solid, faces=faces, full=full,
        liquid_block=liquid, toggled=toggled,
        water=tuple(water.min_state + i for i in range(16)),
        lava=tuple(lava.min_state + i for i in range(16)),
    )  # fmt: skip
