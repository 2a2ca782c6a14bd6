"""Per-state tables the navigation kernels read: the collision boxes a profile plans with and
what a block means to a walking player (climbable, fluid, harmful, a door it can open)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.nav.profile import MovementProfile
from odyssey.sim.block_physics import block_physics
from odyssey.world.blocks import BlockFlag, BlockRegistry

K_CLIMB = 1  # ladder, vines: the player can climb up and down in it
K_FLUID = 2  # water, lava, waterlogged: no swimming, so no standing with the body in it
K_HARM = 4  # lava, fire, magma, cactus, berry bushes, powder snow: never stood in or on
K_DOOR = 8  # a closed door or gate the player opens by hand (its boxes are left out)
K_IRON = 16  # a closed iron door (boxes left out): passable only after pressing its opener
K_NO_STAND = 32  # Mine Odyssey: fences, walls and gates are tall, never stood on

HARMFUL = ("lava", "fire", "soul_fire", "magma_block", "cactus", "sweet_berry_bush", "powder_snow",
           "campfire", "soul_campfire", "wither_rose", "pointed_dripstone")  # fmt: skip
# Mine Odyssey's planner lets the player through these whatever their collision shape
MO_PASSABLE_SUFFIXES = ("_door", "_sign", "_pressure_plate", "_carpet", "_rail", "_sapling",
                        "_tulip", "_mushroom", "_button", "torch", "ladder", "vine", "lever",
                        "tripwire", "short_grass", "tall_grass", "fern", "air")  # fmt: skip


@dataclass(frozen=True)
class NavTables:
    box_start: np.ndarray  # int32 per state
    box_count: np.ndarray  # int32 per state
    boxes: np.ndarray  # float64 (n, 6): x0 y0 z0 x1 y1 z1 within the block
    kind: np.ndarray  # uint8 per state: K_* bits


def _names(reg: BlockRegistry) -> np.ndarray:
    return np.array([b.name for b in reg.blocks], dtype=object)[reg.state_block]


@cache
def _tables(
    reg: BlockRegistry, block_cells: bool, tall: bool, gates: bool, iron: bool
) -> NavTables:
    phys = block_physics(reg)
    flags = reg.state_flags.astype(np.int64)
    names = _names(reg)
    n = reg.state_count
    kind = np.zeros(n, np.uint8)
    kind[phys.climbable] |= K_CLIMB
    fluid = (phys.fluid != 0) | ((flags & BlockFlag.WATERLOGGED) != 0)
    kind[fluid] |= K_FLUID
    harm = np.isin(names, HARMFUL)
    kind[harm] |= K_HARM
    is_open = (flags & BlockFlag.OPEN) != 0
    door = (flags & BlockFlag.DOOR) != 0
    gate = (flags & BlockFlag.FENCE_GATE) != 0
    iron_door = np.array([str(x) == "iron_door" for x in names])
    wooden_door = door & ~iron_door
    operable = (wooden_door | (gate & gates)) & ~is_open
    kind[operable] |= K_DOOR
    if iron:
        kind[iron_door & ~is_open] |= K_IRON
    start = phys.box_start.astype(np.int32).copy()
    count = phys.box_count.astype(np.int32).copy()
    boxes = phys.boxes
    drop = (kind & (K_DOOR | K_IRON)) != 0
    if block_cells:
        # whole cells: passable by Mine Odyssey's list, else a block up to its highest box
        passable = np.array([str(x).endswith(MO_PASSABLE_SUFFIXES) for x in names])
        passable &= ~(iron_door & ~is_open)
        tops = np.zeros(n)
        for s in np.flatnonzero(count):
            tops[s] = boxes[start[s] : start[s] + count[s], 4].max()
        fence = (flags & (BlockFlag.FENCE | BlockFlag.WALL | BlockFlag.FENCE_GATE)) != 0
        if tall:
            tops[fence] = 1.5
            kind[fence] |= K_NO_STAND
        tops[passable] = 0.0
        levels, inverse = np.unique(tops, return_inverse=True)
        boxes = np.array([[0.0, 0.0, 0.0, 1.0, t, 1.0] for t in levels])
        start = inverse.astype(np.int32)
        count = (tops > 0).astype(np.int32)
    count[drop] = 0
    return NavTables(start, count, np.ascontiguousarray(boxes, np.float64), kind)


def nav_tables(reg: BlockRegistry, prof: MovementProfile) -> NavTables:
    """The tables ``prof`` plans with (built once per registry and rule set)."""
    return _tables(reg, prof.block_cells, prof.tall_fences, prof.operable_gates, prof.iron_doors)
