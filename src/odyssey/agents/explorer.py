"""The explorer: a non-privileged scripted baseline that finds the task's places by walking.

It knows only what a player knows: its own position, view, ground contact and health, the
prompt, the evaluator's events and its claims' answers. It never reads ``observation.privileged``,
the world or the map. It explores a grid of cells it has stood in (``explore_grid``): it walks,
one tick per decision, to the nearest cell a stop could still hide in, or tries a direction it
has never tried from a known cell. A move that makes no progress is a wall until proven
otherwise: it right-clicks the block ahead at eye level (a door), then aims at where a button
would sit beside an iron door, then right-clicks low (a fence gate), and only then marks the
move blocked. Every first step into an unknown cell is taken sneaking, so the sneak edge guard
stops it at a drop instead of letting it fall. Stairs, slabs and ramps step up by themselves; a
ladder climbs while it pushes forward into it.

The verifier samples once a second, so only sampled positions count as covering the cells
around them (``SAMPLE_RADIUS``); passing by covers a narrower band. Each evaluator event starts a
new sweep, since the next stop may lie anywhere already walked. It claims done on the final
destination's event, and otherwise only as a last resort when its game-time budget is spent.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar

from odyssey.agents.explore_grid import (
    BLOCKED,
    PASS_RADIUS,
    SAMPLE_RADIUS,
    STEPS,
    Cell,
    ExploreMap,
    cell_of,
    step,
)
from odyssey.episode.events import FINAL_RECORDED, REQUIRED_RECORDED
from odyssey.episode.protocol import Action, ClaimDone, Hold, Look, Observation, Use

SAMPLE_TICKS = 20  # the verifier samples the player once a second of game time (public rule)
BUDGET_TICKS = 20 * 60 * 30  # 30 minutes of game time, about a language model agent's episode
STALL_TICKS = 3  # this many ticks with no progress: the move is blocked
MOVE_TICKS = 160  # a single move (a ladder climb included) gives up after this long
ARRIVE = 0.15  # close enough to a cell's centre (the sneak guard stops 0.2 short of it)
SNEAK_FROM = 0.8  # blocks before a new cell's centre: from here on a first step sneaks
STAGES = ("door", "button")  # what it tries, in order, before calling a move blocked


def yaw_to(dx: float, dz: float) -> float:
    """Vanilla yaw (0 = +Z, 90 = -X) looking along (dx, dz)."""
    return math.degrees(math.atan2(-dx, dz))


class _Move:
    """One move from ``frm`` in direction ``d``: walk to the next cell's centre."""

    def __init__(self, frm: Cell, d: int, tick: int, new: bool) -> None:
        self.frm, self.d, self.start, self.new = frm, d, tick, new
        self.stage = 0  # blocked-move stages used up
        self.clicks_pending = False  # button clicks to aim once it has backed off
        self.best = math.inf  # best progress so far (distance left minus height gained)
        self.last_progress = tick

    def target(self) -> tuple[float, float]:
        x, z, _ = step(self.frm, self.d)
        return x + 0.5, z + 0.5


class ExplorerAgent:
    """Frontier exploration on a cell grid; see the module docstring."""

    name: ClassVar[str] = "explorer"
    privileged: ClassVar[bool] = False
    max_decisions: ClassVar[int] = 2 * BUDGET_TICKS  # clicks and turns take no game time

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._reset()

    def _reset(self) -> None:
        order = [0, 1, 2, 3]
        random.Random(self.seed).shuffle(order)
        self.grid = ExploreMap(order=tuple(order))
        self.move: _Move | None = None
        self.path: list[tuple[Cell, int]] = []
        self.explore: int | None = None
        self.queue: list[Action] = []  # clicks and turns of a blocked-move stage
        self.arrived = False
        self.recorded = 0
        self.health = 20.0
        self.moves = 0
        self.blocked = 0
        self.retries = 0
        # the cell the last move ended in (its start if blocked): feet pressed against an edge
        # by the sneak guard stand over the next cell, so the raw position can mislead
        self.here: Cell | None = None

    def start(self, observation: Observation) -> None:
        self._reset()
        self.health = observation.player.health
        self._note_events(observation)

    def summary(self) -> str:
        """A one-line account for logs and tests."""
        cells = len(self.grid.nodes)
        return f"cells={cells} moves={self.moves} blocked={self.blocked} stops={self.recorded}"

    # -- decisions ------------------------------------------------------------------------------

    def act(self, observation: Observation) -> Action:
        self._note_events(observation)
        if self.arrived or observation.tick >= BUDGET_TICKS:
            return ClaimDone()  # arrived; or, with the budget spent, a last resort
        player = observation.player
        self._observe(observation)
        if self.queue:
            return self.queue.pop(0)
        if self.move is not None and self.move.clicks_pending:
            self.move.clicks_pending = False
            self.move.last_progress = observation.tick
            yaw = 90.0 * self.move.d
            clicks = self._button_clicks(observation)
            self.queue = [*clicks, Look(yaw, 50.0), Use(None), Look(yaw, 0.0)]
            return self.queue.pop(0)
        for _ in range(4):  # bounded: a finished move or an empty plan falls through
            if self.move is None and not self._plan(player.pos, observation.tick):
                return Hold((), SAMPLE_TICKS)  # nothing left at all: wait out the budget
            action = self._drive(observation)
            if action is not None:
                return action
        return Hold((), 1)

    def _note_events(self, observation: Observation) -> None:
        for event in observation.events:
            if event.kind == FINAL_RECORDED:
                self.arrived = True
            elif event.kind == REQUIRED_RECORDED:
                self.recorded += 1
                self.grid.reset_coverage()  # the next stop may be anywhere walked already

    def _observe(self, observation: Observation) -> None:
        player = observation.player
        sampled = observation.tick % SAMPLE_TICKS == 0
        self.grid.credit(player.pos, SAMPLE_RADIUS if sampled else PASS_RADIUS)
        if self.here is None:
            self.here = cell_of(player.pos)
            self.grid.visit(self.here)

    def _plan(self, pos: tuple[float, float, float], tick: int) -> bool:
        """Starts the next move of the current path, or plans a new one; False if none."""
        here = self.here or cell_of(pos)
        if self.path and self.path[0][0] != here:  # carried off the plan (a slide, a fall)
            self.path, self.explore = [], None
        if not self.path and self.explore is None:
            goal = self.grid.next_goal(here)
            if goal is None and self.grid.forget_blocked():
                self.retries += 1
                goal = self.grid.next_goal(here)
            if goal is None:
                return False
            self.path, self.explore = list(goal.path), goal.explore
        if self.path:
            _, d = self.path.pop(0)
        else:
            d, self.explore = self.explore, None
        self.move = _Move(here, d, tick, (here, d) not in self.grid.edges)
        return True

    def _drive(self, observation: Observation) -> Action | None:
        """This tick's action for the current move, or None once it is over."""
        move, player = self.move, observation.player
        pos, here = player.pos, cell_of(player.pos)
        tx, tz = move.target()
        left = math.hypot(tx - pos[0], tz - pos[2])
        if player.health < self.health - 0.5:  # it hurt (a fall): never take that move again
            self.health = player.health
            return self._finish(BLOCKED)
        self.health = player.health
        ahead = step(move.frm, move.d)[:2]
        # where the feet are is not always where the player stands: the sneak guard holds it
        # over a drop, so a cell counts as reached only at its centre (or a cell off the line)
        settled = player.on_ground and here != move.frm
        if settled and here[:2] == ahead and left < ARRIVE:
            return self._finish(here)
        if settled and here[2] != move.frm[2] and here[:2] != ahead:
            return self._finish(here)  # fell or climbed somewhere else
        if not player.on_ground and left < ARRIVE:
            return Hold((), 1)  # over a drop or on a ladder: let it take us down
        progress = left - max(0.0, pos[1] - move.frm[2])  # climbing a ladder is progress too
        if progress < move.best - 0.05:
            move.best, move.last_progress = progress, observation.tick
        elif observation.tick - move.last_progress >= STALL_TICKS:
            if settled and here[:2] == ahead and left < 0.1:
                return self._finish(here)  # held by a door panel near the centre: it is in
            return self._unblock(observation)
        if observation.tick - move.start > MOVE_TICKS:
            return self._finish(BLOCKED)
        yaw = yaw_to(tx - pos[0], tz - pos[2])
        if move.new and left < SNEAK_FROM:  # a first step into a cell: sneak past its edge,
            # so the sneak edge guard stops us at a drop instead of letting us fall
            return Hold(("forward", "sneak"), 1, yaw, 0.0)
        if not move.new and self.path and self.path[0][1] == move.d and left > 0.6:
            return Hold(("forward", "sprint"), 1, yaw, 0.0)  # a known straight run
        return Hold(("forward",), 1, yaw, 0.0)

    def _finish(self, to: Cell | None) -> None:
        move = self.move
        self.grid.record(move.frm, move.d, to)
        self.here = move.frm if to is BLOCKED else to
        self.grid.visit(self.here)
        self.moves += 1
        self.move = None
        if to is BLOCKED:
            self.blocked += 1
            self.path, self.explore = [], None  # the plan went through here: plan afresh
        return None

    def _unblock(self, observation: Observation) -> Action | None:
        """The next stage of getting past whatever stopped the move."""
        move = self.move
        if move.stage >= len(STAGES):
            return self._finish(BLOCKED)
        stage = STAGES[move.stage]
        move.stage += 1
        move.last_progress, move.best = observation.tick, math.inf
        yaw = 90.0 * move.d
        if stage == "door":  # the upper half of a door ahead, at eye level
            self.queue = [Use(None)]
            return Look(yaw, 0.0)
        # a button beside an iron door; then a fence gate below eye level (or a door the first
        # click shut, which this lower click opens again)
        move.clicks_pending = True
        self.queue = []
        pos, (cx, cz) = observation.player.pos, move.target()
        dx, dz = STEPS[move.d]
        if (pos[0] - cx + dx) * dx + (pos[2] - cz + dz) * dz < 0.15:
            # stopped short of the cell's edge: a door panel in this cell, so the buttons are
            # beside us in the wall, out of sight from here; back off a step
            self.queue += [Hold(("back",), 4, yaw, 0.0), Hold((), 2)]
        return Look(yaw, 0.0)

    def _button_clicks(self, observation: Observation) -> list[Action]:
        """Look at and click where a button would sit on the wall either side of the way ahead
        (beside an iron door, at head height, on this side of the wall)."""
        player, move = observation.player, self.move
        dx, dz = STEPS[move.d]
        ex, ey, ez = player.pos[0], player.pos[1] + player.eye_height, player.pos[2]
        fx, fz, _ = move.frm
        out: list[Action] = []
        for row, side in ((0, 1), (0, -1), (1, 1), (1, -1)):  # the door in this row or the next
            wall = (fx + 0.5 + (row - 0.5) * dx, fz + 0.5 + (row - 0.5) * dz)  # its near face
            sx, sz = -dz * side, dx * side
            bx = wall[0] + sx - 0.06 * dx
            bz = wall[1] + sz - 0.06 * dz
            by = math.floor(player.pos[1] + 0.3) + 1.5
            flat = math.hypot(bx - ex, bz - ez)
            pitch = -math.degrees(math.atan2(by - ey, flat))
            out += [Look(yaw_to(bx - ex, bz - ez), pitch), Use(None)]
        return out
