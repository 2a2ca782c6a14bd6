"""Turning a building plan into blocks: walls with windows, floors, a flat roof, doors and the
stairs, written over the terrain in one box; then which floor blocks a player can reach."""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.maps.osm.buildings import Building
from odyssey.maps.osm.doors import FACINGS, padded, wall_and_interior
from odyssey.maps.osm.gridops import label4, shifted
from odyssey.maps.osm.raster import Grid
from odyssey.maps.osm.stairs import Ladder, flights
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry
from odyssey.world.generate import GROUND_Y
from odyssey.world.storage import World

BASE_Y = GROUND_Y - 1  # the ground floor's floor block
WINDOW_ROWS = (2, 3)  # window rows: blocks 2 and 3 above each floor (eye height and above)
WINDOW_SPACING = 3  # two windows, then a pier of wall
CANOPY_POST_SPACING = 5
PANE = "glass_pane"
PASSAGE_FLOOR = "stone_bricks"
LIGHT = "sea_lantern"
HIDDEN_LIGHT = "light[level=15]"  # no shape, no collision: lights the top floor unseen
LIGHT_SPACING = 6
PASSAGE_HEIGHT = 4  # blocks above the floor block: three of headroom


@cache
def _pane_states(reg: BlockRegistry) -> np.ndarray:
    """Glass pane state per connection bits (north 1, east 2, south 4, west 8)."""
    out = np.zeros(16, dtype=np.uint16)
    for bits in range(16):
        props = {side: str(bool(bits & (1 << i))).lower()
                 for i, side in enumerate(("north", "east", "south", "west"))}  # fmt: skip
        out[bits] = reg.state_of(PANE, {**props, "waterlogged": "false"})
    return out


@cache
def _joins_panes(reg: BlockRegistry) -> np.ndarray:
    """Per state: whether a pane beside it connects to it (full cubes other than leaves)."""
    flags = reg.state_flags.astype(np.int64)
    full = (flags & BlockFlag.FULL_CUBE) != 0
    return full & ((flags & BlockFlag.LEAVES) == 0)


def build(world: World, grid: Grid, b: Building, owner: np.ndarray, passage: np.ndarray) -> None:
    """Write building ``b`` into the world (with the passages through it left open) and
    record the blocks a player can stand on, per floor."""
    reg = world.registry
    mask = b.patch.data
    h, w = mask.shape
    x0, z0 = grid.x0 + b.patch.c0, grid.z0 + b.patch.r0
    top = b.height
    y0 = BASE_Y + b.base
    vol = world.get_box((x0, y0, z0), (x0 + w, y0 + top + 1, z0 + h))
    st = reg.state
    wall, interior = wall_and_interior(mask)
    if b.canopy:
        vol[1:, mask] = AIR
        vol[top][mask] = st(b.materials.roof)
        posts = wall & (
            ((np.arange(h)[:, None] + np.arange(w)[None, :]) % CANOPY_POST_SPACING) == 0
        )
        vol[1:top, posts] = st(b.materials.wall)
        world.set_box((x0, y0, z0), vol)
        return
    vol[:, mask] = AIR
    vol[0][mask] = st(b.materials.floor)
    vol[:top, wall] = st(b.materials.wall)
    vol[top][mask] = st(b.materials.roof)
    for f in b.floors[1:]:
        vol[f][interior] = st(b.materials.floor)
    lights = interior & ((np.arange(h)[:, None] + z0) % LIGHT_SPACING == 3)
    lights &= (np.arange(w)[None, :] + x0) % LIGHT_SPACING == 3
    for ceiling in b.floors[1:]:  # lamps set in each ceiling, flush with the floor above
        vol[ceiling][lights] = st(LIGHT)
    vol[top - 1][lights] = st(HIDDEN_LIGHT)  # under the roof: an invisible light
    _windows(vol, b, wall, owner, x0, z0, reg)
    _doors(vol, b, reg)
    if isinstance(b.stairs, Ladder):
        ladder = st(f"ladder[facing={b.stairs.facing}]")
        vol[1 : b.floors[-1] + 1, b.stairs.row, b.stairs.col] = ladder
    elif b.stairs is not None:
        for flight in flights(b, b.stairs):
            facing = b.stairs.facing(flight.lane)
            step = st(f"{b.materials.stairs}[facing={facing},half=bottom,shape=straight]")
            for r, c, y in flight.steps:
                vol[y, r, c] = step
            for r, c in flight.holes:
                vol[b.floors[flight.k + 1], r, c] = AIR
    through = b.patch.of(passage) & mask
    if through.any():  # an arcade or gateway: open at street level, paved
        vol[0][through] = st(PASSAGE_FLOOR)
        vol[1 : min(PASSAGE_HEIGHT, b.floors[1] if len(b.floors) > 1 else top), through] = AIR
    _connect_panes(vol, reg)
    world.set_box((x0, y0, z0), vol)
    b.stand = standing_blocks(vol, b, interior, reg)


def _windows(vol, b: Building, wall, owner, x0: int, z0: int, reg: BlockRegistry) -> None:
    """Panes in straight stretches of outside wall (not where another building stands)."""
    h, w = wall.shape
    mask = np.pad(b.patch.data, 2)
    pwall = np.pad(wall, 2)
    open_side = padded(owner, b.patch.r0, b.patch.c0, h, w, fill=-1) < 0
    facade = np.zeros_like(mask)
    outside_sides = np.zeros(mask.shape, dtype=np.int8)
    wall_sides = np.zeros(mask.shape, dtype=np.int8)
    for dr, dc in FACINGS.values():
        facade |= pwall & shifted(open_side & ~mask, dr, dc)
        outside_sides += shifted(~mask, dr, dc)
        wall_sides += shifted(pwall, dr, dc)
    facade &= ~((outside_sides >= 2) & (wall_sides >= 2))  # no panes in corners
    facade = facade[2:-2, 2:-2]
    xs = x0 + np.arange(w)[None, :]
    zs = z0 + np.arange(h)[:, None]
    facade &= ((xs + zs) % WINDOW_SPACING) != 0
    pane = reg.state(PANE)
    limits = [*b.floors[1:], b.height]
    for f, limit in zip(b.floors, limits, strict=True):
        for y in range(f + WINDOW_ROWS[0], limit):
            if (y - f - WINDOW_ROWS[0]) % 4 < len(WINDOW_ROWS):
                vol[y][facade] = pane


def _doors(vol, b: Building, reg: BlockRegistry) -> None:
    floor = reg.state(b.materials.floor)
    for door in b.doors:
        r, c = door.row - b.patch.r0, door.col - b.patch.c0
        name = f"{b.materials.door}[facing={door.facing}"
        vol[0, r, c] = floor
        vol[1, r, c] = reg.state(f"{name},half=lower]")
        vol[2, r, c] = reg.state(f"{name},half=upper]")
        ir, ic = door.inside[0] - b.patch.r0, door.inside[1] - b.patch.c0
        vol[1:3, ir, ic] = AIR  # no pane or step right behind a door


def _connect_panes(vol: np.ndarray, reg: BlockRegistry) -> None:
    """Set each pane's sides from its neighbours, as vanilla's neighbour updates would."""
    states = _pane_states(reg)
    is_pane = np.isin(vol, states)
    if not is_pane.any():
        return
    joins = _joins_panes(reg)[vol] | is_pane
    bits = np.zeros(vol.shape, dtype=np.uint8)
    bits[:, 1:, :] |= joins[:, :-1, :].astype(np.uint8)  # north: the block at z - 1
    bits[:, :, :-1] |= joins[:, :, 1:].astype(np.uint8) << 1  # east
    bits[:, :-1, :] |= joins[:, 1:, :].astype(np.uint8) << 2  # south
    bits[:, :, 1:] |= joins[:, :, :-1].astype(np.uint8) << 3  # west
    vol[is_pane] = states[bits[is_pane]]


def standing_blocks(vol, b: Building, interior, reg: BlockRegistry) -> dict[int, np.ndarray]:
    """Per floor, the floor blocks inside the walls with two blocks of air above."""
    solid = (reg.state_flags.astype(np.int64) & BlockFlag.FULL_CUBE) != 0
    free = reg.shape_box_count[reg.state_shape] == 0
    out: dict[int, np.ndarray] = {}
    for k, f in enumerate(b.floors):
        if f + 2 < vol.shape[0]:
            out[k] = interior & solid[vol[f]] & free[vol[f + 1]] & free[vol[f + 2]]
    return out


def reachable_floors(b: Building, doors: list) -> dict[int, np.ndarray]:
    """Per floor, the standing blocks joined to one of ``doors`` (ground floor) or to the
    stairs arriving from the floor below."""
    out: dict[int, np.ndarray] = {}
    seeds = [(d.inside[0] - b.patch.r0, d.inside[1] - b.patch.c0) for d in doors]
    ups = {f.k: f for f in flights(b, b.stairs)} if b.stairs is not None else {}
    for k in range(len(b.floors)):
        stand = b.stand.get(k)
        if stand is None:
            break
        labels, _ = label4(stand)
        keep = sorted({int(labels[r, c]) for r, c in seeds if labels[r, c] >= 0})
        if not keep:
            break
        out[k] = np.isin(labels, keep)
        up = ups.get(k)
        if up is None or not out[k][up.start]:
            break
        seeds = [up.end]
    return out
