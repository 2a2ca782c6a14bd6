"""Path following: a controller that turns a planned route into player inputs and drives the
game's real physics along it — turning, walking, jumping up steps, climbing ladders, opening
doors, pressing buttons, and planning again from where it is when it drifts or gets stuck.

It only does what a player can: hold keys, turn, and use blocks within reach. The oracle agent
and task admission use it to prove a planned path walkable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from odyssey.nav.graph import NavGraph
from odyssey.nav.path import Route, Step
from odyssey.nav.planner import ARRIVAL_DY, ARRIVAL_RADIUS, plan_route
from odyssey.nav.profile import NavError
from odyssey.sim.game import Game
from odyssey.sim.player import InputState, PlayerState, SimError
from odyssey.sim.reach import eye_position, within_server_reach

NEAR = 0.3  # horizontal distance at which a step counts as reached
DRIFT = 2.5  # blocks off the path before planning again
STUCK_TICKS = 60  # ticks without getting closer before planning again
MAX_REPLANS = 8


@dataclass
class FollowResult:
    reached: list[bool]  # per stop after the start: the arrival rule held there, in order
    completed: bool  # the last step of the route was reached
    ticks: int
    replans: int
    final: PlayerState
    events: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "reached": self.reached,
            "completed": self.completed,
            "ticks": self.ticks,
            "replans": self.replans,
            "final": [round(v, 4) for v in self.final.pos],
            "health": self.final.health,
            "events": self.events,
        }


def yaw_towards(frm, to) -> float:
    """Vanilla yaw (0 = +Z, 90 = -X) that faces from ``frm`` to ``to`` horizontally."""
    return math.degrees(math.atan2(-(to[0] - frm[0]), to[2] - frm[2]))


def arrived(pos, stop, radius: float = ARRIVAL_RADIUS, radius_y: float = ARRIVAL_DY) -> bool:
    """Mine Odyssey's arrival rule (3-D distance < 3.5, |dy| <= 1.5 unless told otherwise)."""
    return math.dist(pos, stop) < radius and abs(pos[1] - stop[1]) <= radius_y


class PathFollower:
    """Drives ``game``'s player along ``route``, one tick at a time."""

    def __init__(self, game: Game, route: Route, graph: NavGraph | None = None) -> None:
        self.game = game
        self.route = route
        self.graph = graph or NavGraph(game.world, route.rules or route.profile)
        self.stops = list(route.stops)
        self.next_stop = 1
        self.reached = [False] * (len(self.stops) - 1)
        self.replans = 0
        self.events: list[str] = []
        self._load(route)

    def _load(self, route: Route | None) -> None:
        steps = route.steps if route is not None and route.reachable else []
        self.steps = steps
        # the step that ends each remaining stop's segment: advanced past only on arrival
        ends = route.stop_steps[1:] if route is not None else []
        self.stop_at = {step: self.next_stop + k for k, step in enumerate(ends)}
        self.i = 1 if len(steps) > 1 else len(steps)
        self.best = math.inf
        self.since_progress = 0
        self.used: set[tuple[int, int, int]] = set()

    # -- one tick -----------------------------------------------------------------------------

    def done(self) -> bool:
        return self.next_stop >= len(self.stops) or self.i >= len(self.steps)

    def tick(self) -> None:
        game = self.game
        player = game.player
        pos = player.pos
        self._mark_stops(pos)
        self._advance(pos)
        if self.done() or player.dead:
            game.hold(InputState())
            return
        step = self.steps[self.i]
        prev = self.steps[self.i - 1]
        self._operate(player, step)
        keys = self._keys(player, prev, step)
        game.look(yaw_towards(pos, step.pos) if _horizontal(pos, step.pos) > 0.05 else player.yaw,
                  0.0)  # fmt: skip
        game.hold(InputState.of(keys))
        game.tick()
        self._watch(game.player.pos, step)

    def _mark_stops(self, pos) -> None:
        while self.next_stop < len(self.stops) and self._arrived(pos, self.stops[self.next_stop]):
            self.reached[self.next_stop - 1] = True
            self.next_stop += 1

    def _arrived(self, pos, stop) -> bool:
        return arrived(pos, stop, self.route.radius, self.route.radius_y)

    def _advance(self, pos) -> None:
        while self.i < len(self.steps):
            step = self.steps[self.i]
            close = _horizontal(pos, step.pos) < NEAR
            level = abs(pos[1] - step.pos[1]) < (0.2 if step.action == "climb" else 0.65)
            if step.action == "climb" and step.pos[1] > self.steps[self.i - 1].pos[1]:
                level = pos[1] >= step.pos[1] - 0.05
            stop = self.stop_at.get(self.i)
            if stop is not None and stop < len(self.stops):
                # the step that ends a segment is passed on arrival (even mid-ladder)
                close = close or _horizontal(pos, step.pos) < 1.0
                level = self._arrived(pos, self.stops[stop])
            if close and level:
                self.i += 1
                self.best, self.since_progress = math.inf, 0
            else:
                break

    def _operate(self, player: PlayerState, step: Step) -> None:
        """Open the door or press the button the next step needs, once it is within reach."""
        if step.target is None or step.action not in ("open_door", "press_button"):
            return
        target = tuple(step.target)
        world = self.game.world
        state = world.get_block(*target)
        props = world.registry.properties(state)
        if step.action == "open_door" and props.get("open") == "true":
            return
        if step.action == "press_button" and props.get("powered") == "true":
            return
        if not within_server_reach(player, target) or _eye_distance(player, target) > 4.5:
            return
        # a button may be pressed again (it only holds the door open longer); a lever toggles,
        # so it is thrown only while the door is shut
        is_lever = world.registry.block_of(state).name == "lever"
        if step.action == "press_button" and is_lever and self._door_open_near(step):
            return
        try:
            self.game.use(target)
        except SimError:
            return
        self.events.append(f"{step.action} {list(target)} at tick {self.game.tick_count}")

    def _door_open_near(self, step: Step) -> bool:
        """An iron door on the next steps is open already (no need to press again)."""
        world = self.game.world
        for s in self.steps[self.i : self.i + 4]:
            x, y, z = (math.floor(v) for v in s.pos)
            for dy in (0, 1):
                state = world.get_block(x, y + dy, z)
                if world.registry.block_of(state).name == "iron_door":
                    return world.registry.properties(state).get("open") == "true"
        return False

    def _keys(self, player: PlayerState, prev: Step, step: Step) -> list[str]:
        pos = player.pos
        keys: list[str] = []
        dist = _horizontal(pos, step.pos)
        rise = step.pos[1] - pos[1]
        climbing = step.action == "climb" and _horizontal(prev.pos, step.pos) < 1e-6
        if climbing and rise > 0:
            keys.append("jump")  # on a ladder, jumping climbs
            if dist > 0.1:
                keys.append("forward")
            return keys
        if climbing:
            return ["forward"] if dist > 0.15 else []  # slide down the ladder
        if dist > 0.05:
            keys.append("forward")
        if rise > 0.6 and dist < 1.3 and (player.on_ground or self._on_ladder(pos)):
            keys.append("jump")
        if (step.crouch or prev.crouch) and step.action not in ("drop",):
            keys.append("sneak")
        return keys

    def _on_ladder(self, pos) -> bool:
        world = self.game.world
        state = world.get_block(*(math.floor(v) for v in pos))
        return bool(self.graph.tables.kind[state] & 1)

    def _watch(self, pos, step: Step) -> None:
        """Notice drift and lack of progress; plan again from here when needed."""
        d = math.dist(pos, step.pos)
        if d < self.best - 0.05:
            self.best, self.since_progress = d, 0
        else:
            self.since_progress += 1
        off_path = _horizontal(pos, step.pos) > DRIFT + _horizontal(
            self.steps[self.i - 1].pos, step.pos
        )
        fell = pos[1] < step.pos[1] - 1.5 and self.game.player.on_ground
        # plan again only from the ground: mid-jump, the feet are above where they will land
        grounded = self.game.player.on_ground or self._on_ladder(pos)
        if grounded and (off_path or fell or self.since_progress > STUCK_TICKS):
            self.replan("drifted off the path" if off_path or fell else "no progress")

    def replan(self, why: str) -> None:
        if self.replans >= MAX_REPLANS:
            return
        self.replans += 1
        self.events.append(f"replan ({why}) at tick {self.game.tick_count}")
        stops = [self.game.player.pos, *self.stops[self.next_stop :]]
        try:
            route = plan_route(self.graph, stops, radius=self.route.radius,
                               radius_y=self.route.radius_y)  # fmt: skip
        except NavError:
            route = None
        self._load(route)

    # -- whole runs ---------------------------------------------------------------------------

    def run(self, max_ticks: int = 20 * 600) -> FollowResult:
        start = self.game.tick_count
        while not self.done() and self.game.tick_count - start < max_ticks:
            if self.game.player.dead:
                self.events.append(f"died at tick {self.game.tick_count}")
                break
            self.tick()
        self._mark_stops(self.game.player.pos)
        self.game.hold(InputState())
        return FollowResult(
            reached=self.reached,
            completed=self.i >= len(self.steps) and len(self.steps) > 0,
            ticks=self.game.tick_count - start,
            replans=self.replans,
            final=self.game.player,
            events=self.events,
        )


def follow(game: Game, route: Route, max_ticks: int = 20 * 600) -> FollowResult:
    """Walk ``route`` in ``game`` from the player's position; report which stops were reached."""
    return PathFollower(game, route).run(max_ticks)


def _horizontal(a, b) -> float:
    return math.hypot(a[0] - b[0], a[2] - b[2])


def _eye_distance(player: PlayerState, block) -> float:
    return math.dist(eye_position(player), tuple(v + 0.5 for v in block))
