"""Where a Nether portal leads (vanilla 1.21.11's ``NetherPortalBlock.getPortalDestination`` and
``PortalForcer``).

The player's position is scaled (x/8, z/8 into the Nether; ×8 back), clamped to the world
border. The nearest portal block within 16 blocks (into the Nether) or 128 (into the overworld),
in a square, at any height, is the exit (``findClosestPortalPosition``: closest, then lowest).
Without one a 2x3 portal is built (``createPortal``): within 16 blocks, spiralling out, the
closest spot on solid ground with room for the frame and air on both sides, else one with room
for the frame only, else a forced one at the scaled position (y clamped to 70 .. logical top −
9) with a 2x3 obsidian platform and air around. The player keeps its place across the portal
(``getRelativePortalPosition``) and turns 90° when the exit runs along the other axis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.dimensions import arrive, clamp_border, scale, top_y, world_of
from odyssey.sim.mechanics.flammability import tables
from odyssey.sim.mechanics.nether_portal import place_portal, records
from odyssey.world.storage import World

Pos = tuple[int, int, int]
DIR = {"x": (1, 0, 0), "z": (0, 0, 1)}  # Direction.get(POSITIVE, axis)
CLOCKWISE = {"x": (0, 0, 1), "z": (-1, 0, 0)}  # its getClockWise()
SEARCH_TO_NETHER, SEARCH_TO_OVERWORLD, CREATE_RADIUS = 16, 128, 16
PLAYER_WIDTH, PLAYER_HEIGHT = 0.6, 1.8


@dataclass(frozen=True)
class Rect:
    """A portal's blocks: the lowest corner, the axis, the width along it and the height."""

    corner: Pos
    axis: str
    width: int
    height: int


def spiral(cx: int, cz: int, size: int) -> list[tuple[int, int]]:
    """BlockPos.spiralAround(centre, size, EAST, SOUTH): the centre, then a square spiral."""
    dirs = ((1, 0), (0, 1), (-1, 0), (0, -1))  # east, south, west, north
    x, z = cx, cz + 1  # the cursor starts one step along the expansion direction
    leg, leg_size, leg_index, out = -1, 0, 0, []
    while True:
        dx, dz = dirs[(leg + 4) % 4]
        x, z = x + dx, z + dz
        if leg_index >= leg_size:
            if leg >= 4 * size:
                return out
            leg, leg_index = leg + 1, 0
            leg_size = leg // 2 + 1
        leg_index += 1
        out.append((x, z))


def axis_of(world: World, pos: Pos) -> str | None:
    state = world.get_block(*pos)
    if world.registry.block_of(state).name != "nether_portal":
        return None
    return world.registry.properties(state)["axis"]


def closest_portal(game, dimension: str, pos: Pos, radius: int) -> Pos | None:
    """PortalForcer.findClosestPortalPosition over the recorded portal blocks."""
    world = game.world
    found = [p for p in records(game).by_dimension.get(dimension, ())
             if abs(p[0] - pos[0]) <= radius and abs(p[2] - pos[2]) <= radius
             and axis_of(world, p) is not None]  # fmt: skip
    if not found:
        return None
    return min(found, key=lambda p: (sum((a - b) ** 2 for a, b in zip(p, pos, strict=True)),
                                     p[1]))  # fmt: skip


def rectangle(world: World, pos: Pos) -> Rect:
    """BlockUtil.getLargestRectangleAround for a rectangular portal: its corner and size."""
    state = world.get_block(*pos)
    axis = world.registry.properties(state)["axis"]
    dx, _, dz = DIR[axis]
    x, y, z = pos
    while world.get_block(x, y - 1, z) == state:
        y -= 1
    while world.get_block(x - dx, y, z - dz) == state:
        x, z = x - dx, z - dz
    width = 1
    while width < 21 and world.get_block(x + dx * width, y, z + dz * width) == state:
        width += 1
    height = 1
    while height < 21 and world.get_block(x, y + height, z) == state:
        height += 1
    return Rect((x, y, z), axis, width, height)


def relative(pos: tuple[float, float, float], rect: Rect) -> tuple[float, float, float]:
    """PortalShape.getRelativePosition: where in the portal the player stands (0..1 across,
    0..1 up, the offset from its middle plane)."""
    a = 0 if rect.axis == "x" else 2
    other = 2 - a
    room_w, room_h = rect.width - PLAYER_WIDTH, rect.height - PLAYER_HEIGHT
    across = 0.5
    if room_w > 0:
        start = rect.corner[a] + PLAYER_WIDTH / 2
        across = min(1.0, max(0.0, (pos[a] - start) / room_w))
    up = 0.0
    if room_h > 0:
        up = min(1.0, max(0.0, (pos[1] - rect.corner[1]) / room_h))
    return across, up, pos[other] - (rect.corner[other] + 0.5)


def exit_position(rect: Rect, offset: tuple[float, float, float]) -> tuple[float, float, float]:
    """NetherPortalBlock.createDimensionTransition's position in the exit portal."""
    along = PLAYER_WIDTH / 2 + (rect.width - PLAYER_WIDTH) * offset[0]
    up = (rect.height - PLAYER_HEIGHT) * offset[1]
    side = 0.5 + offset[2]
    x, y, z = rect.corner
    if rect.axis == "x":
        return x + along, y + up, z + side
    return x + side, y + up, z + along


def create_portal(game, dimension: str, pos: Pos, axis: str) -> Rect | None:
    """PortalForcer.createPortal in the current world (the destination)."""
    world = game.world
    spot = _find_spot(world, dimension, pos, axis)
    d, c = DIR[axis], CLOCKWISE[axis]
    obsidian = world.registry.default_state("obsidian")
    if spot is None:
        low, high = max(world.dimension.min_y + 1, 70), top_y(world, dimension) - 9
        if high < low:
            return None
        spot = (pos[0] - d[0], min(max(pos[1], low), high), pos[2] - d[2])
        air = world.registry.default_state("air")
        for i in (-1, 0, 1):
            for j in (0, 1):
                for h in (-1, 0, 1, 2):
                    p = (spot[0] + j * d[0] + i * c[0], spot[1] + h, spot[2] + j * d[2] + i * c[2])
                    game.set_block(p, obsidian if h < 0 else air)
    x, y, z = spot
    for i in range(-1, 3):
        for h in range(-1, 4):
            if i in (-1, 2) or h in (-1, 3):
                game.set_block((x + i * d[0], y + h, z + i * d[2]), obsidian)
    cells = [(x + i * d[0], y + h, z + i * d[2]) for i in (0, 1) for h in (0, 1, 2)]
    place_portal(game, cells, axis)
    game.emit("portal_created", 0.0, spot, axis)
    return Rect(spot, axis, 2, 3)


def _find_spot(world: World, dimension: str, pos: Pos, axis: str) -> Pos | None:
    """createPortal's search: the closest spot with room for the frame and air on both sides,
    else the closest with room for the frame (spiral order breaks ties)."""
    t = tables(world.registry)
    lo, top = world.dimension.min_y, top_y(world, dimension)
    m = CREATE_RADIUS + 3
    x0, z0 = pos[0] - m, pos[2] - m
    box = world.get_box((x0, lo, z0), (pos[0] + m + 1, top + 1, pos[2] + m + 1))
    repl, solid, motion = t.replaceable[box], t.solid[box], t.motion[box]
    ny = box.shape[0]
    d, c = DIR[axis], CLOCKWISE[axis]

    def host(x: int, y: int, z: int, o: int) -> bool:
        for i in range(-1, 3):
            px, pz = x + d[0] * i + c[0] * o - x0, z + d[2] * i + c[2] * o - z0
            for j in range(-1, 4):
                py = y + j - lo
                if not 0 <= py < ny:
                    return False
                if not (solid if j < 0 else repl)[py, pz, px]:
                    return False
        return True

    best, best_d, alt, alt_d = None, -1.0, None, -1.0
    for cx, cz in spiral(pos[0], pos[2], CREATE_RADIUS):
        col_motion = np.flatnonzero(motion[:, cz - z0, cx - x0])
        height = lo + (int(col_motion[-1]) + 1 if len(col_motion) else 0)
        start = min(top, height)
        column = repl[:, cz - z0, cx - x0]
        for bottom, run_top in _runs(column, start - lo):
            y, y_top = bottom + lo, run_top + lo
            if y + 4 > top:
                continue
            if 0 < y_top - y < 3 or not host(cx, y, cz, 0):
                continue
            dist = float((cx - pos[0]) ** 2 + (y - pos[1]) ** 2 + (cz - pos[2]) ** 2)
            if host(cx, y, cz, -1) and host(cx, y, cz, 1):
                if best_d == -1.0 or best_d > dist:
                    best, best_d = (cx, y, cz), dist
            elif best_d == -1.0 and (alt_d == -1.0 or alt_d > dist):
                alt, alt_d = (cx, y, cz), dist
    return best if best is not None else alt


def _runs(column: np.ndarray, start: int) -> list[tuple[int, int]]:
    """Runs of replaceable blocks at or below ``start`` (indices), top first: (bottom, top)."""
    if start < 0:
        return []
    part = column[: start + 1].astype(np.int8)
    edges = np.diff(np.concatenate(([0], part, [0])))
    bottoms, tops = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1) - 1
    return list(zip(bottoms[::-1].tolist(), tops[::-1].tolist(), strict=True))


def travel(game, entry: Pos) -> None:
    """Take the player through the Nether portal at ``entry`` (vanilla's getPortalDestination
    then the teleport)."""
    s = game.survival
    source = s.dimension
    target = "overworld" if source == "the_nether" else "the_nether"
    f = scale(source, target)
    p = game.player
    exit_pos = (math.floor(clamp_border(p.pos[0] * f)), math.floor(p.pos[1]),
                math.floor(clamp_border(p.pos[2] * f)))  # fmt: skip
    entry_axis = axis_of(game.world, entry)
    if entry_axis is not None:
        offset = relative(p.pos, rectangle(game.world, entry))
    else:
        entry_axis, offset = "x", (0.5, 0.0, 0.0)
    radius = SEARCH_TO_NETHER if target == "the_nether" else SEARCH_TO_OVERWORLD
    world_of(game, target)

    def build(game) -> tuple[tuple[float, float, float], float]:
        found = closest_portal(game, target, exit_pos, radius)
        rect = rectangle(game.world, found) if found is not None else None
        if rect is None:
            rect = create_portal(game, target, exit_pos, entry_axis)
        if rect is None:  # no room under the dimension's top: stand at the scaled position
            return (exit_pos[0] + 0.5, float(exit_pos[1]), exit_pos[2] + 0.5), p.yaw
        turn = 0.0 if rect.axis == entry_axis else 90.0
        return exit_position(rect, offset), p.yaw + turn

    arrive(game, target, build, p.pitch, (exit_pos[0] + 0.5, exit_pos[2] + 0.5))
    hooks.sound(game, "block.portal.travel", tuple(math.floor(v) for v in game.player.pos))
