"""The block-breaking crack overlay: destroy stages 0-9 drawn on the six faces of a block.

Vanilla draws ``destroy_stage_N`` textures over the block being broken, darkening it with a
multiplying blend. Ours are procedural: a few branching cracks grow from near the centre of the
face, and stage N shows the first (N + 1) / 10 of their pixels, so each stage holds every
crack of the one before. The cracks are dark quads half a model pixel (1/32 block, the vertex
grid) in front of each face, lit by the light of the cell that face looks into.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.render.entitylight import LightProbe
from odyssey.render.entitymesh import UNIT_FACES, QuadBatch, tints
from odyssey.render.mesher import FACE_NORMAL

STAGES = 10
CRACK_COLOR = (38, 34, 30)
LIFT = 1.0 / 32  # blocks in front of the face: one step of the vertex grid
_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


@cache
def crack_order() -> np.ndarray:
    """(16, 16) int: the stage-fraction rank at which each pixel cracks (large = never)."""
    rng = np.random.default_rng(20261203)
    order = np.full((16, 16), 10**6, np.int64)
    rank = 0
    tips = [((7, 8), d) for d in (0, 2, 4, 6)] + [((8, 7), d) for d in (1, 5)]
    for _ in range(13):
        grown = []
        for (x, y), d in tips:
            d = (d + int(rng.integers(-1, 2))) % 8
            x, y = x + _STEPS[d][0], y + _STEPS[d][1]
            if 0 <= x < 16 and 0 <= y < 16:
                if order[y, x] > rank:
                    order[y, x] = rank
                    rank += 1
                grown.append(((x, y), d))
                if rng.random() < 0.12:  # a branch
                    grown.append(((x, y), (d + 2) % 8))
        tips = grown
    order[order < 10**6] = np.argsort(np.argsort(order[order < 10**6]))
    return order


def crack_mask(stage: int) -> np.ndarray:
    """(16, 16) bool: the crack pixels of destroy stage ``stage`` (0-9)."""
    if not 0 <= stage < STAGES:
        raise ValueError(f"destroy stage must be 0..9, got {stage}")
    order = crack_order()
    total = int((order < 10**6).sum())
    return order < round(total * (stage + 1) / STAGES)


@cache
def _face_runs(stage: int) -> tuple[np.ndarray, np.ndarray]:
    """The stage's crack pixels as (s0, s1, t0, t1) runs in face units [0, 1]."""
    mask = crack_mask(stage)
    runs = []
    for row in range(16):
        col = 0
        while col < 16:
            if not mask[row, col]:
                col += 1
                continue
            end = col
            while end < 16 and mask[row, end]:
                end += 1
            runs.append((col / 16, end / 16, row / 16, (row + 1) / 16))
            col = end
    r = np.array(runs, float).reshape(-1, 4)
    return r[:, 0:2], r[:, 2:4]


def crack_batch(
    pos: tuple[int, int, int], stage: int, corner: np.ndarray, white_tile: int, probe: LightProbe
) -> QuadBatch:
    """Crack quads on the six faces of the block at ``pos`` (relative to ``corner``)."""
    out = QuadBatch.empty()
    s, t = _face_runs(stage)
    if not len(s):
        return out
    base = np.asarray(pos, float) - corner
    tint = tints(np.array([CRACK_COLOR], float))[0]
    for f in range(6):
        c = UNIT_FACES[f] + FACE_NORMAL[f] * LIFT
        du, dv = c[1] - c[0], c[3] - c[0]
        quad = np.stack(
            [
                c[0] + s[:, 0:1] * du + t[:, 0:1] * dv,
                c[0] + s[:, 1:2] * du + t[:, 0:1] * dv,
                c[0] + s[:, 1:2] * du + t[:, 1:2] * dv,
                c[0] + s[:, 0:1] * du + t[:, 1:2] * dv,
            ],
            axis=1,
        )
        n = FACE_NORMAL[f]
        light = probe.level(pos[0] + n[0] + 0.5, pos[1] + n[1] + 0.5, pos[2] + n[2] + 0.5)
        out.add(quad + base, np.zeros((len(quad), 4, 2)), white_tile, light, f, tint)
    return out
