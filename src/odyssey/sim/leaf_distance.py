"""Leaves' ``distance`` (vanilla 1.21.11's ``LeavesBlock.updateDistance``): one more than the
smallest distance of the six neighbours, where a log (the ``logs`` block tag: logs, woods, stems
and hyphae, stripped or not) counts 0, leaves their own ``distance`` and any other block 7; 7
also stands for "7 or more". Used when leaves are placed (``sim.placing``) and when their
neighbours change (``sim.mechanics.leaves``).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.world.blocks import BlockRegistry

Pos = tuple[int, int, int]

DECAY_DISTANCE = 7
KINDS = ("oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "cherry",
         "pale_oak")  # fmt: skip
LEAVES = frozenset([f"{k}_leaves" for k in KINDS] + ["azalea_leaves", "flowering_azalea_leaves"])
# vanilla's ``logs`` block tag: ``logs_that_burn`` and the nether stems (not mushroom or
# pumpkin stems, whose names end the same)
_TREE_LOGS = [f"{k}_{part}" for k in KINDS for part in ("log", "wood")]
_NETHER_STEMS = [f"{k}_{part}" for k in ("crimson", "warped") for part in ("stem", "hyphae")]
LOGS = frozenset(p + n for n in _TREE_LOGS + _NETHER_STEMS for p in ("", "stripped_"))
_OFFSETS = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))  # Direction


@cache
def distances(reg: BlockRegistry) -> np.ndarray:
    """``getDistanceAt`` per state id: 0 for a log, the ``distance`` of leaves, else 7."""
    out = np.full(len(reg.state_flags), DECAY_DISTANCE, dtype=np.int8)
    for state in range(len(out)):
        name = reg.block_of(state).name
        if name in LOGS:
            out[state] = 0
        elif name in LEAVES:
            out[state] = int(reg.properties(state)["distance"])
    return out


def decaying(reg: BlockRegistry, state: int) -> bool:
    """``LeavesBlock.decaying`` (and ``isRandomlyTicking``): leaves at distance 7 that no player
    placed."""
    props = reg.properties(state)
    return props.get("distance") == "7" and props.get("persistent") == "false"


def distance_here(world, pos: Pos) -> int:
    """``updateDistance``'s value at ``pos`` from its neighbours as they are now."""
    table = distances(world.registry)
    best = DECAY_DISTANCE
    x, y, z = pos
    for dx, dy, dz in _OFFSETS:
        best = min(best, int(table[world.get_block(x + dx, y + dy, z + dz)]) + 1)
        if best == 1:
            break
    return best
