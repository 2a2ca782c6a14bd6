"""Structures: villages, desert pyramids, ruined portals (spread over regions) and dungeons.

``structure_layout`` builds the structure whose start chunk is given (cached: a pure function of
the seed); ``place_structures`` is the generator stage that stamps into a chunk every structure
reaching it, in a fixed order, so chunks come out the same whatever order they are made in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from odyssey.world.gen.structures.canvas import BlockPos, Layout, stamp
from odyssey.world.gen.structures.dungeon import dungeon
from odyssey.world.gen.structures.placement import PLACEMENTS, placement, starts_reaching
from odyssey.world.gen.structures.pyramid import desert_pyramid
from odyssey.world.gen.structures.ruined_portal import ruined_portal
from odyssey.world.gen.structures.village import village

BUILDERS: dict[str, Callable[[int, int, int], Layout]] = {
    "village": village,
    "desert_pyramid": desert_pyramid,
    "ruined_portal": ruined_portal,
}
# Stamping order where structures overlap: later kinds win.
ORDER = ("ruined_portal", "desert_pyramid", "village")
assert set(ORDER) == set(BUILDERS) == set(PLACEMENTS)


@lru_cache(maxsize=128)
def structure_layout(seed: int, kind: str, cx: int, cz: int) -> Layout:
    """The blocks of the ``kind`` structure starting in chunk (cx, cz)."""
    placement(kind)  # a clear error for an unknown kind
    return BUILDERS[kind](seed, cx, cz)


def layouts_reaching(seed: int, cx: int, cz: int) -> list[Layout]:
    """Every structure that may touch chunk (cx, cz), in stamping order (dungeon first)."""
    out = [d for d in (dungeon(seed, cx, cz),) if d is not None]
    for kind in ORDER:
        starts = starts_reaching(seed, kind, cx, cz)
        out += [structure_layout(seed, kind, sx, sz) for sx, sz in starts]
    return out


def place_structures(
    seed: int, cx: int, cz: int, blocks: np.ndarray, entities: dict[BlockPos, dict[str, Any]]
) -> None:
    """Stamp the structures reaching chunk (cx, cz) into its blocks and block entities."""
    for layout in layouts_reaching(seed, cx, cz):
        stamp(layout, cx, cz, blocks, entities)


__all__ = ["BUILDERS", "Layout", "layouts_reaching", "place_structures", "structure_layout"]
