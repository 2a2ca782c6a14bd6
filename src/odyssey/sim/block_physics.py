"""Per-state physics facts (friction, speed and jump factors, fluids, climbing, bounce, ...) as
arrays indexed by block state id, built once from the block registry and the rules below.

The rules are vanilla 1.21.11's block classes written as data: which blocks are slippery, which
slow you, which are fluids of which height, which you can climb, which bounce or soften falls.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.world.blocks import BlockFlag, BlockRegistry

DEFAULT_FRICTION = np.float32(0.6)
FRICTION = {"ice": 0.98, "packed_ice": 0.98, "frosted_ice": 0.98, "blue_ice": 0.989,
            "slime_block": 0.8}  # fmt: skip
SPEED_FACTOR = {"soul_sand": 0.4, "honey_block": 0.4}
JUMP_FACTOR = {"honey_block": 0.5}
# Entities inside these are slowed: the movement of the next move is multiplied (makeStuckInBlock).
STUCK = {"cobweb": (0.25, 0.05, 0.25), "sweet_berry_bush": (0.8, 0.75, 0.8),
         "powder_snow": (0.9, 1.5, 0.9)}  # fmt: skip
WATER_PLANTS = ("kelp", "kelp_plant", "seagrass", "tall_seagrass", "bubble_column")

# What landing on a block does: bounce kind and fall-damage rule.
LAND_NORMAL, LAND_SLIME, LAND_BED, LAND_HAY, LAND_POWDER_SNOW = 0, 1, 2, 3, 4
FLUID_NONE, FLUID_WATER, FLUID_LAVA = 0, 1, 2
BUBBLE_NONE, BUBBLE_UP, BUBBLE_DOWN = 0, 1, 2
FACINGS = ("north", "south", "west", "east")

# Kinds of collision that depend on the player (static shapes cannot say).
SHAPE_STATIC, SHAPE_SCAFFOLDING, SHAPE_POWDER_SNOW = 0, 1, 2
# PowderSnowBlock's shape for a falling entity (fall distance > 2.5): 0.9 high
POWDER_SNOW_FALLING_BOX = (0.0, 0.0, 0.0, 1.0, 0.9, 1.0)


@dataclass(frozen=True)
class BlockPhysics:
    """Arrays indexed by state id; boxes are float64 copies of the registry's collision boxes."""

    box_start: np.ndarray  # int32: first box of the state's shape
    box_count: np.ndarray  # int32
    boxes: np.ndarray  # float64 (n, 6)
    friction: np.ndarray  # float32
    speed_factor: np.ndarray  # float32
    jump_factor: np.ndarray  # float32
    fluid: np.ndarray  # int8: FLUID_*
    fluid_amount: np.ndarray  # int8: 0..8 (source 8)
    fluid_falling: np.ndarray  # bool
    climbable: np.ndarray  # bool
    trapdoor: np.ndarray  # bool: a trapdoor (climbable when open above a same-facing ladder)
    ladder: np.ndarray  # bool
    facing: np.ndarray  # int8: index into FACINGS or -1
    is_open: np.ndarray  # bool
    stuck: np.ndarray  # float64 (n, 3); zeros where the block does not slow
    land: np.ndarray  # int8: LAND_*
    bubble: np.ndarray  # int8: BUBBLE_*
    large_shape: np.ndarray  # bool: fences and walls reach 0.5 into the block above
    blocks_motion: np.ndarray  # bool: vanilla's legacy solidity (fluid flow, heightmaps)
    fence: np.ndarray  # bool: fences (walls and gates are the other large shapes)
    shape_kind: np.ndarray  # int8: SHAPE_*
    berry_hurts: np.ndarray  # bool: a grown sweet berry bush (age > 0) hurts a moving player


def _by_name(blocks: BlockRegistry, table: dict, dtype, default) -> np.ndarray:
    out = np.full(blocks.state_count, default, dtype=dtype)
    for name, value in table.items():
        block = blocks.block(name)
        out[block.min_state : block.max_state + 1] = value
    return out


def _states_of(blocks: BlockRegistry, names) -> np.ndarray:
    mask = np.zeros(blocks.state_count, dtype=bool)
    for name in names:
        block = blocks.block(name)
        mask[block.min_state : block.max_state + 1] = True
    return mask


def _property_index(blocks: BlockRegistry, prop: str, values: tuple[str, ...]) -> np.ndarray:
    out = np.full(blocks.state_count, -1, dtype=np.int8)
    for block in blocks.blocks:
        if prop not in dict(block.properties):
            continue
        for state in range(block.min_state, block.max_state + 1):
            value = blocks.properties(state)[prop]
            if value in values:
                out[state] = values.index(value)
    return out


def _fluids(blocks: BlockRegistry) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fluid kind, amount (source 8) and falling flag of every state, waterlogged included."""
    kind = np.zeros(blocks.state_count, dtype=np.int8)
    amount = np.zeros(blocks.state_count, dtype=np.int8)
    falling = np.zeros(blocks.state_count, dtype=bool)
    for name, fluid in (("water", FLUID_WATER), ("lava", FLUID_LAVA)):
        block = blocks.block(name)
        for state in range(block.min_state, block.max_state + 1):
            level = int(blocks.properties(state)["level"])
            kind[state] = fluid
            amount[state] = 8 if level == 0 or level >= 8 else 8 - level
            falling[state] = level >= 8
    sources = _states_of(blocks, WATER_PLANTS) | (
        (blocks.state_flags & np.uint32(BlockFlag.WATERLOGGED)) != 0
    )
    kind[sources] = FLUID_WATER
    amount[sources] = 8
    return kind, amount, falling


def _land_rules(blocks: BlockRegistry) -> np.ndarray:
    land = np.zeros(blocks.state_count, dtype=np.int8)
    land[_states_of(blocks, ["slime_block"])] = LAND_SLIME
    land[(blocks.state_flags & np.uint32(BlockFlag.BED)) != 0] = LAND_BED
    land[_states_of(blocks, ["hay_block", "honey_block"])] = LAND_HAY
    land[_states_of(blocks, ["powder_snow"])] = LAND_POWDER_SNOW
    return land


def _flag(blocks: BlockRegistry, flag: BlockFlag) -> np.ndarray:
    return (blocks.state_flags & np.uint32(flag)) != 0


@cache
def block_physics(blocks: BlockRegistry) -> BlockPhysics:
    """The physics tables of a registry (built once per registry)."""
    fluid, amount, falling = _fluids(blocks)
    stuck = np.zeros((blocks.state_count, 3), dtype=np.float64)
    for name, factors in STUCK.items():
        block = blocks.block(name)
        # vanilla passes these as Vec3(0.25, 0.05F, 0.25) etc.: float literals stay float32
        stuck[block.min_state : block.max_state + 1] = [float(np.float32(f)) for f in factors]
    bubble = np.zeros(blocks.state_count, dtype=np.int8)
    column = blocks.block("bubble_column")
    for state in range(column.min_state, column.max_state + 1):
        bubble[state] = BUBBLE_DOWN if blocks.properties(state)["drag"] == "true" else BUBBLE_UP
    fences = _flag(blocks, BlockFlag.FENCE) | _flag(blocks, BlockFlag.WALL)
    shape_kind = np.zeros(blocks.state_count, dtype=np.int8)
    shape_kind[_states_of(blocks, ["scaffolding"])] = SHAPE_SCAFFOLDING
    powder = _states_of(blocks, ["powder_snow"])
    shape_kind[powder] = SHAPE_POWDER_SNOW
    boxes = np.vstack([blocks.boxes.astype(np.float64), [POWDER_SNOW_FALLING_BOX]])
    box_start = blocks.shape_box_start[blocks.state_shape].astype(np.int32)
    box_start[powder] = len(boxes) - 1
    bush = blocks.block("sweet_berry_bush")
    berry = np.zeros(blocks.state_count, dtype=bool)
    berry[bush.min_state + 1 : bush.max_state + 1] = True  # age 0 is the first state
    return BlockPhysics(
        box_start=box_start,
        box_count=blocks.shape_box_count[blocks.state_shape].astype(np.int32),
        boxes=boxes,
        friction=_by_name(blocks, FRICTION, np.float32, DEFAULT_FRICTION),
        speed_factor=_by_name(blocks, SPEED_FACTOR, np.float32, 1.0),
        jump_factor=_by_name(blocks, JUMP_FACTOR, np.float32, 1.0),
        fluid=fluid,
        fluid_amount=amount,
        fluid_falling=falling,
        climbable=_flag(blocks, BlockFlag.CLIMBABLE),
        trapdoor=_flag(blocks, BlockFlag.TRAPDOOR),
        ladder=_states_of(blocks, ["ladder"]),
        facing=_property_index(blocks, "facing", FACINGS),
        is_open=_flag(blocks, BlockFlag.OPEN),
        stuck=stuck,
        land=_land_rules(blocks),
        bubble=bubble,
        large_shape=fences | _flag(blocks, BlockFlag.FENCE_GATE),
        blocks_motion=_flag(blocks, BlockFlag.BLOCKS_MOTION),
        fence=_flag(blocks, BlockFlag.FENCE),
        shape_kind=shape_kind,
        berry_hurts=berry,
    )
