"""Blocks a piston is moving, drawn between the cells they leave and reach (vanilla's
PistonHeadRenderer): the ``moving_piston`` block itself draws nothing, its moved block is drawn
at ``end + offset(progress)``.

The sim keeps them in ``game.survival.mechanics["pistons"].moving`` (``sim.mechanics.pistons``:
position -> ``Moving`` with ``state``, ``end``, ``progress``, ``offset()``, ``source``,
``extending`` and ``head_state``); ``moving_blocks`` turns that into plain ``MovingBlock``s
and ``moving_batch`` into quads for the world pass, lit by the light where each block is.
A frame is drawn at a tick boundary, so the progress is the tick's (no partial-tick lerp).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from odyssey.render.entitylight import LightProbe
from odyssey.render.entitymesh import QuadBatch, box_quads
from odyssey.render.mesher import NO_TINT
from odyssey.render.tables import RenderTables
from odyssey.world.blocks import BlockRegistry


@dataclass(frozen=True)
class MovingBlock:
    """A block state drawn with its minimum corner at a world position (not on the grid)."""

    state: int
    pos: tuple[float, float, float]


def with_property(reg: BlockRegistry, state: int, key: str, value: str) -> int:
    """The state with one property changed."""
    props = {**reg.properties(state), key: value}
    name = reg.block_of(state).name
    inner = ",".join(f"{k}={v}" for k, v in props.items())
    return reg.state(f"{name}[{inner}]")


def moving_blocks(pistons: Any, reg: BlockRegistry) -> tuple[MovingBlock, ...]:
    """The blocks of a ``PistonState`` where they are now. A retracting piston's entry holds
    its base: the base is drawn extended in place and its head sliding back into it."""
    out = []
    for end, m in sorted(pistons.moving.items()):
        dx, dy, dz = m.offset(m.progress)
        moved = (end[0] + dx, end[1] + dy, end[2] + dz)
        if m.source and not m.extending:
            base = with_property(reg, m.state, "extended", "true")
            out.append(MovingBlock(base, (float(end[0]), float(end[1]), float(end[2]))))
            if m.head_state:
                out.append(MovingBlock(m.head_state, moved))
        else:
            out.append(MovingBlock(m.state, moved))
    return tuple(out)


def moving_batch(
    blocks: tuple[MovingBlock, ...], corner: np.ndarray, tables: RenderTables, probe: LightProbe
) -> QuadBatch:
    """Quads of the moving blocks relative to ``corner``: cubes with their six face tiles,
    other states with their model's quads."""
    out = QuadBatch.empty()
    models, atlas = tables.models, tables.atlas
    for b in blocks:
        if b.state == 0:
            continue
        at = np.asarray(b.pos, np.float64)
        light = probe.level(at[0] + 0.5, at[1] + 0.5, at[2] + 0.5)
        if models.cube[b.state]:
            corners, uv = box_quads(np.zeros((1, 3)), np.ones((1, 3)))
            tiles = atlas.face_tiles[b.state]
            out.add(corners + (at - corner), uv * 16, tiles, light, np.arange(6), NO_TINT)
            continue
        span = slice(int(models.start[b.state]), int(models.start[b.state] + models.count[b.state]))
        if span.start == span.stop:
            continue
        pos = models.pos[span].astype(np.float64) + (at - corner)
        out.add(pos, models.uv[span] * 16, models.tile[span], light, models.shade[span],
                models.tint[span])  # fmt: skip
    return out
