"""What the explorer has learnt by walking: a grid of cells it stood in, the moves it tried
between them, and which cells a stop could still hide in since the last evaluator event.

A cell is ``(floor(x), floor(z), level)`` with ``level = floor(feet_y + 0.3)``, so a slab or a
half step keeps the level of the floor it stands on. Nothing here reads the world: every fact
comes from the player's own position after a move (where it ended up, or that it did not move).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

Cell = tuple[int, int, int]
STEPS = ((0, 1), (-1, 0), (0, -1), (1, 0))  # direction index -> (dx, dz); yaw = 90 * index
BLOCKED = None  # an edge tried and found impassable
SAMPLE_RADIUS = 2.9  # a stop within this of a sampled position would have been recorded (< 3.5)
PASS_RADIUS = 1.5  # walking through: the 1 Hz sampler still catches a stop this close
LOOKAHEAD = 4  # cells beyond an untried move that make it worth trying


def cell_of(pos: tuple[float, float, float]) -> Cell:
    """The grid cell of a feet position."""
    return (math.floor(pos[0]), math.floor(pos[2]), math.floor(pos[1] + 0.3))


def step(cell: Cell, d: int, k: int = 1) -> Cell:
    """The cell ``k`` steps from ``cell`` in direction ``d`` on the same level."""
    dx, dz = STEPS[d]
    return (cell[0] + k * dx, cell[1] + k * dz, cell[2])


@dataclass(frozen=True)
class Goal:
    """Where to go next: follow ``path`` (moves from the current cell), then try ``explore``
    (a direction never tried from the path's last cell), if any."""

    path: tuple[tuple[Cell, int], ...]
    explore: int | None
    kind: str  # "sweep" (an uncovered known cell), "frontier" or "fill" (any untried move)


@dataclass
class ExploreMap:
    """Cells stood in, moves tried and coverage since the last reset."""

    order: tuple[int, ...] = (0, 1, 2, 3)  # the seeded order in which directions are tried
    nodes: dict[Cell, None] = field(default_factory=dict)  # insertion-ordered set
    edges: dict[tuple[Cell, int], Cell | None] = field(default_factory=dict)
    covered: set[Cell] = field(default_factory=set)
    retried: set[tuple[Cell, int]] = field(default_factory=set)  # forgotten blocked moves

    def visit(self, cell: Cell) -> None:
        self.nodes.setdefault(cell, None)

    def record(self, frm: Cell, d: int, to: Cell | None) -> None:
        """The outcome of a move: the cell it reached, or BLOCKED."""
        self.edges[(frm, d)] = to
        if to is not None and to[:2] == step(frm, d)[:2] and abs(to[2] - frm[2]) <= 1:
            self.edges.setdefault((to, (d + 2) % 4), frm)  # a step is walked back the same way

    def credit(self, pos: tuple[float, float, float], radius: float) -> None:
        """Cells around ``pos`` (one level up and down too) where a stop would have been seen."""
        x, z, level = cell_of(pos)
        r = math.ceil(radius)
        for i in range(x - r, x + r + 1):
            for j in range(z - r, z + r + 1):
                if math.hypot(i + 0.5 - pos[0], j + 0.5 - pos[2]) <= radius:
                    for lv in (level - 1, level, level + 1):
                        self.covered.add((i, j, lv))

    def reset_coverage(self) -> None:
        """A stop was recorded: the next one may hide anywhere, visited or not."""
        self.covered = set()

    def neighbours(self, cell: Cell) -> list[tuple[int, Cell]]:
        out = []
        for d in self.order:
            to = self.edges.get((cell, d), BLOCKED)
            if to is not None:
                out.append((d, to))
        return out

    def _interesting(self, cell: Cell, d: int) -> bool:
        """An untried move whose way ahead has cells not yet covered (a move that was blocked
        before is only tried again with the rest, or it could be retried for ever)."""
        if (cell, d) in self.retried:
            return False
        return any(step(cell, d, k) not in self.covered for k in range(1, LOOKAHEAD + 1))

    def next_goal(self, start: Cell, fill: bool = True) -> Goal | None:
        """The nearest thing worth doing (breadth-first over known moves): an uncovered cell,
        or an untried move towards uncovered cells; with ``fill``, then any untried move."""
        parent: dict[Cell, tuple[Cell, int] | None] = {start: None}
        queue = deque([start])
        first_untried: tuple[Cell, int] | None = None
        while queue:
            cell = queue.popleft()
            for d in self.order:
                if (cell, d) not in self.edges:
                    if self._interesting(cell, d):
                        return Goal(self._path(parent, cell), d, "frontier")
                    if first_untried is None:
                        first_untried = (cell, d)
            if cell not in self.covered and cell != start:
                return Goal(self._path(parent, cell), None, "sweep")
            for d, to in self.neighbours(cell):
                if to not in parent:
                    parent[to] = (cell, d)
                    queue.append(to)
        if fill and first_untried is not None:
            cell, d = first_untried
            return Goal(self._path(parent, cell), d, "fill")
        return None

    @staticmethod
    def _path(parent: dict, cell: Cell) -> tuple[tuple[Cell, int], ...]:
        moves = []
        while parent[cell] is not None:
            prev, d = parent[cell]
            moves.append((prev, d))
            cell = prev
        return tuple(reversed(moves))

    def forget_blocked(self) -> int:
        """Everything is explored: let blocked moves be tried again (a door may open now)."""
        blocked = [k for k, v in self.edges.items() if v is BLOCKED]
        for k in blocked:
            del self.edges[k]
        self.retried.update(blocked)
        return len(blocked)
