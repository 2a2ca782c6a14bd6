"""Sky and block light for rendering, as vanilla's light engine spreads it (levels 0..15).

Sky light enters every column from above at 15 and keeps that level straight down through
blocks that filter nothing; blocks such as leaves and water take their ``filter_light`` off it,
opaque blocks stop it. Block light starts at each block's emission. Both then spread to the six
neighbours, losing max(1, filter) per step. Light is computed for one chunk column at a time over
a window 15 blocks wider on every side, so every light source that can reach the column counts.

Deliberate differences: we do not use block shapes for light occlusion (vanilla lets light
through the open side of a slab or stairs only; we let it through both) and light from a chunk's
neighbours is recomputed with the chunk, never stored between meshes.
"""

from __future__ import annotations

from functools import cache

import numba as nb
import numpy as np

from odyssey.world.blocks import BlockRegistry

MAX_LIGHT = 15
REACH = 15  # blocks: the farthest a light source can light anything (levels 1..15)


@cache
def light_tables(reg: BlockRegistry) -> tuple[np.ndarray, np.ndarray]:
    """Per-state (emission, filter) levels, with the state-dependent emitters fixed up:
    unlit furnaces, lamps, candles and campfires give no light; candles give 3 per candle."""
    emit = reg.state_emit_light.copy()
    for block in reg.blocks:
        names = [name for name, _ in block.properties]
        if "lit" not in names:
            continue
        for sid in range(block.min_state, block.max_state + 1):
            props = reg.properties(sid)
            if props["lit"] != "true":
                emit[sid] = 0
            elif block.name.endswith("candle") or block.name == "candle":
                emit[sid] = 3 * int(props.get("candles", "1"))
            elif block.name == "redstone_lamp":
                emit[sid] = 15
            elif block.name in ("furnace", "blast_furnace", "smoker"):
                emit[sid] = 13
            elif block.name == "redstone_ore" or block.name == "deepslate_redstone_ore":
                emit[sid] = 9
    return emit.astype(np.uint8), reg.state_filter_light.astype(np.uint8)


@nb.njit(cache=True)
def _spread(level: np.ndarray, filt: np.ndarray, queue: np.ndarray, count: int) -> None:
    """Breadth-first spread of ``level`` from the queued cells (flat indices)."""
    ny, nz, nx = level.shape
    head = 0
    tail = count
    cap = queue.shape[0]
    while head != tail:
        i = queue[head]
        head = (head + 1) % cap
        y = i // (nz * nx)
        z = (i // nx) % nz
        x = i % nx
        cur = level[y, z, x]
        if cur <= 1:
            continue
        for d in range(6):
            yy, zz, xx = y, z, x
            if d == 0:
                yy -= 1
            elif d == 1:
                yy += 1
            elif d == 2:
                zz -= 1
            elif d == 3:
                zz += 1
            elif d == 4:
                xx -= 1
            else:
                xx += 1
            if yy < 0 or yy >= ny or zz < 0 or zz >= nz or xx < 0 or xx >= nx:
                continue
            f = filt[yy, zz, xx]
            if f >= MAX_LIGHT:
                continue
            new = np.int32(cur) - max(np.int32(1), np.int32(f))
            if new > level[yy, zz, xx]:
                level[yy, zz, xx] = new
                queue[tail] = (yy * nz + zz) * nx + xx
                tail = (tail + 1) % cap


@nb.njit(cache=True)
def _dimmer(level, filt, y, z, x, below) -> bool:
    return level[y, z, x] < below and filt[y, z, x] < MAX_LIGHT


@nb.njit(cache=True)
def _darker_neighbour(level, filt, y, z, x, below) -> bool:
    """Whether light at (y, z, x) could raise a neighbour (any side but the one above)."""
    _, nz, nx = level.shape
    return (
        (x > 0 and _dimmer(level, filt, y, z, x - 1, below))
        or (x < nx - 1 and _dimmer(level, filt, y, z, x + 1, below))
        or (z > 0 and _dimmer(level, filt, y, z - 1, x, below))
        or (z < nz - 1 and _dimmer(level, filt, y, z + 1, x, below))
        or (y > 0 and _dimmer(level, filt, y - 1, z, x, below))
    )


@nb.njit(cache=True)
def _light(states: np.ndarray, emit_table: np.ndarray, filt_table: np.ndarray) -> np.ndarray:
    ny, nz, nx = states.shape
    filt = np.empty((ny, nz, nx), np.uint8)
    sky = np.zeros((ny, nz, nx), np.uint8)
    block = np.zeros((ny, nz, nx), np.uint8)
    queue = np.empty(ny * nz * nx + 1, np.int32)
    count = 0
    for y in range(ny):
        for z in range(nz):
            for x in range(nx):
                s = states[y, z, x]
                filt[y, z, x] = filt_table[s]
                e = emit_table[s]
                if e > 0:
                    block[y, z, x] = e
                    queue[count] = (y * nz + z) * nx + x
                    count += 1
    _spread(block, filt, queue, count)
    # Sky light straight down each column; the window's top is above every block.
    for z in range(nz):
        for x in range(nx):
            lvl = np.int32(MAX_LIGHT)
            for y in range(ny - 1, -1, -1):
                f = np.int32(filt[y, z, x])
                if f >= MAX_LIGHT:
                    lvl = 0
                elif f > 0:
                    lvl = max(0, lvl - f)
                sky[y, z, x] = lvl
                if lvl == 0:
                    break
    # Seed the spread with lit cells next to a darker cell light can enter.
    count = 0
    for y in range(ny):
        for z in range(nz):
            for x in range(nx):
                cur = np.int32(sky[y, z, x])
                if cur <= 1:
                    continue
                darker = _darker_neighbour(sky, filt, y, z, x, cur - 1)
                if darker:
                    queue[count] = (y * nz + z) * nx + x
                    count += 1
    _spread(sky, filt, queue, count)
    out = np.empty((ny, nz, nx), np.uint8)
    for y in range(ny):
        for z in range(nz):
            for x in range(nx):
                out[y, z, x] = (sky[y, z, x] << 4) | block[y, z, x]
    return out


def compute_light(states: np.ndarray, emit: np.ndarray, filt: np.ndarray) -> np.ndarray:
    """Light of every cell of a [y][z][x] window of states whose top is open sky: an array of
    the same shape holding ``sky << 4 | block``."""
    return _light(np.ascontiguousarray(states), emit, filt)
