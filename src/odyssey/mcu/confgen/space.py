"""The space around the player, read from the world after the set-up commands: which blocks the
commands changed, where the player can walk, whether it is trapped, what it can reach.

Walking is judged on a grid, soundly and simply: a *walkable cell* has no collision at the feet
or the head and something to stand on (or water at the feet: the player swims). From a cell the
player steps to a side neighbour on the same level, one up (with room above its head for the
jump) or down by up to three. The fill stays within ``RADIUS`` blocks of the start.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import numpy as np

from odyssey.sim.game import Game
from odyssey.world.blocks import AIR, BlockFlag

RADIUS = 8  # the walkable flood fill's horizontal reach
SCAN = 32  # the changed-block scan's half-width: blocks placed far away show
SCAN_DOWN, SCAN_UP = 16, 40  # ... and high in the sky
REACH = 4.5  # block interaction range (1.20.5+: 4.5 in survival)
ATTACK = 3.0  # entity interaction range
EYE = 1.62
FLUIDS = ("water", "lava")

Cell = tuple[int, int, int]


@dataclass(frozen=True)
class Changed:
    """One block a command changed."""

    pos: Cell
    before: str
    after: str


def feet_cell(game: Game) -> Cell:
    x, y, z = game.player.pos
    return (math.floor(x), math.floor(y + 1e-6), math.floor(z))


def scan_box(game: Game) -> tuple[Cell, Cell]:
    x, y, z = feet_cell(game)
    return (x - SCAN, y - SCAN_DOWN, z - SCAN), (x + SCAN + 1, y + SCAN_UP + 1, z + SCAN + 1)


def snapshot(game: Game, box: tuple[Cell, Cell]) -> np.ndarray:
    lo, hi = box
    for cx in range(lo[0] >> 4, ((hi[0] - 1) >> 4) + 1):  # load every chunk the box touches
        for cz in range(lo[2] >> 4, ((hi[2] - 1) >> 4) + 1):
            game.world.get_block(cx * 16, lo[1], cz * 16)
    return game.world.get_box(lo, hi).copy()


def changes(game: Game, box: tuple[Cell, Cell], before: np.ndarray) -> list[Changed]:
    """Blocks in ``box`` that differ from ``before``."""
    after = snapshot(game, box)
    name = game.world.registry.block_of
    lo = box[0]
    out = []
    for y, z, x in zip(*np.nonzero(after != before), strict=True):
        pos = (lo[0] + int(x), lo[1] + int(y), lo[2] + int(z))
        out.append(Changed(pos, name(int(before[y, z, x])).name, name(int(after[y, z, x])).name))
    return out


class Space:
    """Block facts near the player, read once per question from the live world."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.world = game.world
        self.reg = game.world.registry
        self.start = feet_cell(game)

    def name(self, c: Cell) -> str:
        return self.reg.block_of(self.world.get_block(*c)).name

    def solid(self, c: Cell) -> bool:
        return self.reg.has_flag(self.world.get_block(*c), BlockFlag.SOLID)

    def fluid(self, c: Cell) -> str | None:
        n = self.name(c)
        return n if n in FLUIDS else None

    def open(self, c: Cell) -> bool:
        """Room for a body part: no collision, no lava."""
        return not self.solid(c) and self.fluid(c) != "lava"

    def walkable(self, c: Cell) -> bool:
        x, y, z = c
        if not (self.open(c) and self.open((x, y + 1, z))):
            return False
        return self.solid((x, y - 1, z)) or self.fluid(c) == "water"

    def walk(self) -> set[Cell]:
        """Every walkable cell the player can get to from where it stands (within RADIUS)."""
        if not self.walkable(self.start):
            return set()
        sx, _, sz = self.start
        seen, queue = {self.start}, deque([self.start])
        while queue:
            x, y, z = queue.popleft()
            for dx, dz in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, nz = x + dx, z + dz
                if max(abs(nx - sx), abs(nz - sz)) > RADIUS:
                    continue
                for ny in self._steps(x, y, z, nx, nz):
                    c = (nx, ny, nz)
                    if c not in seen and self.walkable(c):
                        seen.add(c)
                        queue.append(c)
                    break
        return seen

    def _steps(self, x: int, y: int, z: int, nx: int, nz: int) -> list[int]:
        """Levels to try at the neighbour column: the first walkable one is taken."""
        out = []
        if self.open((x, y + 2, z)):
            out.append(y + 1)  # a jump up needs room above the head
        out.append(y)
        for drop in (1, 2, 3):
            if not self.open((nx, y - drop + 1, nz)):
                break
            out.append(y - drop)
        return [ny for ny in out if self.walkable((nx, ny, nz))][:1]

    def reaches_block(self, cells: set[Cell], block: Cell) -> bool:
        bx, by, bz = (v + 0.5 for v in block)
        return any(
            math.dist((x + 0.5, y + EYE, z + 0.5), (bx, by, bz)) <= REACH for x, y, z in cells
        )

    def reaches_point(self, cells: set[Cell], point: tuple[float, float, float]) -> bool:
        px, py, pz = point
        return any(
            math.hypot(x + 0.5 - px, z + 0.5 - pz) <= ATTACK and -2.0 <= py - y <= 2.5
            for x, y, z in cells
        )


def horizontal(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return math.hypot(a[0] - b[0], a[2] - b[2])


def is_air(name: str) -> bool:
    return name in ("air", "cave_air", "void_air")


__all__ = ["AIR", "Changed", "Space", "changes", "horizontal", "is_air", "scan_box", "snapshot"]
