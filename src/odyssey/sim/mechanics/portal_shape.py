"""Nether portal frames: vanilla's ``PortalShape`` (1.21.11), read from a world.

A frame is obsidian around an interior 2-21 blocks wide and 3-21 tall, standing along the x or
the z axis; the interior may hold air, fire or portal blocks. ``find_empty`` is what lighting a
fire asks (an empty valid frame, the preferred axis first), ``find_any(...).complete`` what a
portal block asks when a neighbour changes (the frame is whole and full of portal blocks).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.world.blocks import BlockRegistry
from odyssey.world.storage import World

Pos = tuple[int, int, int]
MIN_WIDTH, MAX_WIDTH, MIN_HEIGHT, MAX_HEIGHT = 2, 21, 3, 21
# the direction a frame's width runs in (vanilla: WEST for the x axis, SOUTH for z)
RIGHT = {"x": (-1, 0, 0), "z": (0, 0, 1)}


@dataclass(frozen=True)
class PortalShape:
    axis: str
    bottom_left: Pos
    width: int
    height: int
    portal_blocks: int  # portal blocks already inside

    @property
    def valid(self) -> bool:
        return MIN_WIDTH <= self.width <= MAX_WIDTH and MIN_HEIGHT <= self.height <= MAX_HEIGHT

    @property
    def complete(self) -> bool:
        return self.valid and self.portal_blocks == self.width * self.height

    def interior(self) -> list[Pos]:
        """The interior positions, bottom row first."""
        dx, _, dz = RIGHT[self.axis]
        x, y, z = self.bottom_left
        return [(x + dx * i, y + j, z + dz * i)
                for j in range(self.height) for i in range(self.width)]  # fmt: skip


@cache
def _kinds(reg_id: int, reg: BlockRegistry) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-state: obsidian (the frame), empty (air, fire, portal), portal."""

    def of(*names: str) -> np.ndarray:
        return np.isin(reg.state_block, [b.index for b in reg.blocks if b.name in names])

    portal = of("nether_portal")
    empty = of("air", "cave_air", "void_air", "fire", "soul_fire") | portal
    return of("obsidian"), empty, portal


def kinds(reg: BlockRegistry) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return _kinds(id(reg), reg)


def find_empty(world: World, pos: Pos, axis: str) -> PortalShape | None:
    """PortalShape.findEmptyPortalShape: a valid frame around ``pos`` with no portal blocks,
    along ``axis`` or else the other one."""
    for a in (axis, "z" if axis == "x" else "x"):
        shape = find_any(world, pos, a)
        if shape.valid and shape.portal_blocks == 0:
            return shape
    return None


def find_any(world: World, pos: Pos, axis: str) -> PortalShape:
    """PortalShape.findAnyShape: the frame ``pos`` is in along ``axis`` (width 0 when none)."""
    frame, empty, portal = kinds(world.registry)

    def at(p: Pos) -> int:
        return world.get_block(*p)

    right = RIGHT[axis]
    left = (-right[0], 0, -right[2])
    x, y, z = pos
    floor = max(world.dimension.min_y, y - MAX_HEIGHT)
    while y > floor and empty[at((x, y - 1, z))]:
        y -= 1
    edge = _distance_to_edge(at, frame, empty, (x, y, z), left) - 1
    if edge < 0:
        return PortalShape(axis, pos, 0, 0, 0)
    bottom_left = (x + left[0] * edge, y, z + left[2] * edge)
    width = _distance_to_edge(at, frame, empty, bottom_left, right)
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        return PortalShape(axis, bottom_left, 0, 0, 0)
    height, portals = _height(at, frame, empty, portal, bottom_left, right, width)
    return PortalShape(axis, bottom_left, width, height, portals)


def _distance_to_edge(at, frame, empty, pos: Pos, d: Pos) -> int:
    """getDistanceUntilEdgeAboveFrame: empty blocks over a frame floor up to a frame side."""
    x, y, z = pos
    for i in range(MAX_WIDTH + 1):
        p = (x + d[0] * i, y, z + d[2] * i)
        state = at(p)
        if not empty[state]:
            return i if frame[state] else 0
        if not frame[at((p[0], y - 1, p[2]))]:
            break
    return 0


def _height(at, frame, empty, portal, bottom_left: Pos, right: Pos, width: int) -> tuple[int, int]:
    """calculateHeight: rows with frame sides and an empty inside, then a frame top."""
    x, y, z = bottom_left
    dx, dz = right[0], right[2]
    portals = 0
    height = MAX_HEIGHT
    for j in range(MAX_HEIGHT):
        row = y + j
        if not frame[at((x - dx, row, z - dz))] or not frame[at((x + dx * width, row,
                                                                 z + dz * width))]:  # fmt: skip
            height = j
            break
        stop = False
        for i in range(width):
            state = at((x + dx * i, row, z + dz * i))
            if not empty[state]:
                stop = True
                break
            portals += int(portal[state])
        if stop:
            height = j
            break
    if not MIN_HEIGHT <= height <= MAX_HEIGHT:
        return 0, portals
    for i in range(width):
        if not frame[at((x + dx * i, y + height, z + dz * i))]:
            return 0, portals
    return height, portals


def portal_state(reg: BlockRegistry, axis: str) -> int:
    return reg.state_of("nether_portal", {"axis": axis})
