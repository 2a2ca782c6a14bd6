"""Tree shapes of each wood type as block templates: offsets from the trunk base and states.

A template lists (dx, dy, dz) offsets from the block above the ground, each a log, leaves or
ground (dirt under the trunk). Leaves carry their true distance to the nearest log (persistent
false), so they behave as vanilla's generated leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.world.blocks import registry

LEAVES, LOG, GROUND = 1, 2, 3
KINDS = ("oak", "birch", "spruce", "jungle", "acacia", "dark_oak")


@dataclass(frozen=True)
class Template:
    """A tree: int64 offsets (N, 3) as (dx, dy, dz), uint16 states (N,), uint8 layers (N,)."""

    offsets: np.ndarray
    states: np.ndarray
    layers: np.ndarray


def _blob(radius: int, dy: int, corners: bool) -> list[tuple[int, int, int]]:
    """A square layer of leaves at height dy; without corners it is rounded."""
    out = []
    for dz in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            if not corners and radius > 0 and abs(dx) == radius and abs(dz) == radius:
                continue
            out.append((dx, dy, dz))
    return out


def _shape(kind: str, trunk: int, variant: int) -> tuple[list, list]:
    """Log and leaf positions of one tree (offsets from the block above the ground)."""
    logs: list[tuple[int, int, int]] = []
    leaves: list[tuple[int, int, int]] = []
    corners = variant % 2 == 0
    if kind in ("oak", "birch", "jungle"):
        logs = [(0, y, 0) for y in range(trunk)]
        for dy in (trunk - 3, trunk - 2):
            leaves += _blob(2, dy, corners)
        leaves += _blob(1, trunk - 1, False) + _blob(1, trunk, False)
        if kind == "jungle" and trunk > 8:  # tall jungle trees: a wider crown
            leaves += _blob(3, trunk - 4, False)
    elif kind == "spruce":
        logs = [(0, y, 0) for y in range(trunk)]
        radius, dy = 1, trunk
        leaves += [(0, trunk, 0)]
        while dy > 2:
            dy -= 1
            leaves += _blob(radius, dy, False)
            radius = 1 if radius >= 2 + (variant % 2) else radius + 1
    elif kind == "acacia":
        bend = 2 + variant % 2
        direction = ((1, 0), (-1, 0), (0, 1), (0, -1))[variant % 4]
        logs = [(0, y, 0) for y in range(bend)]
        x = z = 0
        for y in range(bend, trunk):
            x, z = x + direction[0], z + direction[1]
            logs.append((x, y, z))
        top = trunk - 1
        leaves += [(x + dx, top + 1, z + dz) for dx, _, dz in _blob(2, 0, False)]
        leaves += [(x + dx, top + 2, z + dz) for dx, _, dz in _blob(1, 0, True)]
    elif kind == "dark_oak":
        logs = [(dx, y, dz) for y in range(trunk) for dx in (0, 1) for dz in (0, 1)]
        for dy, radius in ((trunk - 2, 3), (trunk - 1, 3), (trunk, 2), (trunk + 1, 1)):
            leaves += [(dx + 0, dy, dz) for dx, _, dz in _blob(radius, 0, False)]
            leaves += [(dx + 1, dy, dz + 1) for dx, _, dz in _blob(radius, 0, False)]
    return logs, leaves


@cache
def template(kind: str, trunk: int, variant: int) -> Template:
    """The cached template of a tree kind with a trunk height and a shape variant (0..3)."""
    blocks = registry()
    logs, leaves = _shape(kind, trunk, variant)
    log_set = set(logs)
    leaf_list = sorted(set(leaves) - log_set)
    distance = [
        min(7, min(abs(x - a) + abs(y - b) + abs(z - c) for a, b, c in logs))
        for x, y, z in leaf_list
    ]
    grounds = sorted({(x, -1, z) for x, y, z in logs if y == 0})
    log_state = blocks.state(f"{kind}_log[axis=y]")
    dirt = blocks.state("dirt")
    leaf_states = [
        blocks.state(f"{kind}_leaves[distance={d},persistent=false,waterlogged=false]")
        for d in distance
    ]
    offsets = np.array(grounds + leaf_list + logs, dtype=np.int64).reshape(-1, 3)
    states = np.array([dirt] * len(grounds) + leaf_states + [log_state] * len(logs), np.uint16)
    layers = np.array(
        [GROUND] * len(grounds) + [LEAVES] * len(leaf_list) + [LOG] * len(logs), np.uint8
    )
    return Template(offsets, states, layers)


def trunk_range(kind: str) -> tuple[int, int]:
    """Trunk heights (low, high inclusive) of a kind."""
    return {
        "oak": (4, 6),
        "birch": (5, 7),
        "spruce": (6, 10),
        "jungle": (4, 12),
        "acacia": (5, 7),
        "dark_oak": (6, 8),
    }[kind]
