"""The oracle: privileged, it plans the route through the task's stops with ``odyssey.nav`` and
drives the player with nav's ``PathFollower``, one tick per decision, then claims done once the
verifier has announced the final destination.

The verifier samples only once a second, and the follower may cross a stop's region faster than
that, so whenever the follower is ahead of the announced stops the oracle dwells: it stands still
until the next sample, stepping towards the stop's anchor first if it is near the region's edge.

The follower is given a stand-in for the game: it reads the true player and world, and its
``look``/``hold``/``use`` calls become this tick's action instead of touching the game, so the
runner alone advances time and the verifier's sampling stays independent.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from odyssey.episode.events import FINAL_RECORDED, REQUIRED_RECORDED
from odyssey.episode.protocol import Action, ClaimDone, Hold, Observation, Wait
from odyssey.nav.follow import PathFollower, arrived, yaw_towards
from odyssey.nav.graph import NavGraph
from odyssey.nav.planner import plan_route
from odyssey.sim.player import InputState

WAIT_FOR_EVENT = 5  # one-second waits for the final event before claiming anyway
SAMPLE_TICKS = 20
SAFE_RADIUS = 2.5  # dwell here: sliding to a stop cannot carry the feet out of the region
DWELL_LIMIT = 200  # ticks spent on one stop before following on regardless


class _GameView:
    """What PathFollower touches of a Game; actions are recorded, time is the runner's."""

    def __init__(self, world: Any) -> None:
        self.world = world
        self.player = None
        self.tick_count = 0
        self.inputs = InputState()
        self.yaw_pitch: tuple[float, float] | None = None
        self.used: list[tuple[int, int, int]] = []

    def hold(self, inputs: InputState) -> None:
        self.inputs = inputs

    def look(self, yaw: float, pitch: float) -> None:
        self.yaw_pitch = (yaw, pitch)
        self.player = self.player.with_look(yaw, pitch)

    def use(self, pos=None) -> list:
        self.used.append(tuple(pos))
        return []

    def tick(self) -> list:
        return []  # the runner advances the game after this decision


class OracleAgent:
    name: ClassVar[str] = "oracle"
    privileged: ClassVar[bool] = True
    max_decisions: ClassVar[int] = 20 * 900  # it decides every tick: 15 minutes of game time

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.follower: PathFollower | None = None
        self.view: _GameView | None = None
        self.arrived = False
        self.waits = 0
        self.route_length: float | None = None
        self.stops: tuple = ()
        self.recorded = 0  # stops after the start the verifier has announced
        self.dwell_ticks = 0

    def start(self, observation: Observation) -> None:
        info = observation.privileged
        if info is None:
            raise RuntimeError("the oracle is privileged: the runner gave it no stop positions")
        self.view = _GameView(info.world)
        graph = NavGraph(info.world, "odyssey")
        stops = [observation.player.pos, *info.stops[1:]]
        route = plan_route(graph, stops)
        if not route.reachable:
            raise RuntimeError(f"oracle: no route through the stops: {route.message}")
        self.route_length = route.length
        self.stops = tuple(info.stops)
        self.recorded, self.dwell_ticks = 0, 0
        # a stop inside the start's arrival region is recorded by the very first sample
        self.recorded = sum(
            e.kind in (REQUIRED_RECORDED, FINAL_RECORDED) for e in observation.events
        )
        self._sync(observation)
        self.follower = PathFollower(self.view, route, graph)
        self.arrived, self.waits = False, 0

    def _sync(self, observation: Observation) -> None:
        self.view.player = observation.player
        self.view.tick_count = observation.tick
        self.view.yaw_pitch, self.view.used = None, []

    def act(self, observation: Observation) -> Action:
        for event in observation.events:
            if event.kind in (REQUIRED_RECORDED, FINAL_RECORDED):
                self.recorded += 1
                self.dwell_ticks = 0
        self.arrived = self.arrived or any(e.kind == FINAL_RECORDED for e in observation.events)
        if self.arrived:
            return ClaimDone()
        self._sync(observation)
        follower = self.follower
        waiting_for = self.recorded + 1  # index into stops (0 is the start)
        if follower.next_stop > waiting_for and self.dwell_ticks < DWELL_LIMIT:
            return self._dwell(observation, self.stops[waiting_for])
        if follower.done() or observation.player.dead:
            self.waits += 1
            return ClaimDone() if self.waits > WAIT_FOR_EVENT else Wait(20)
        follower.tick()
        # crossed into the stop this tick: stop here (unless this stop's dwell is used up)
        if follower.next_stop > waiting_for and self.dwell_ticks < DWELL_LIMIT:
            return self._dwell(observation, self.stops[waiting_for])
        yaw, pitch = self.view.yaw_pitch or (None, None)
        return Hold(tuple(self.view.inputs.keys()), 1, yaw, pitch, tuple(self.view.used))

    def _dwell(self, observation: Observation, stop) -> Action:
        pos = observation.player.pos
        if arrived(pos, stop, SAFE_RADIUS) or math.dist(pos[::2], stop[::2]) < 0.5:
            ticks = SAMPLE_TICKS - observation.tick % SAMPLE_TICKS
            self.dwell_ticks += ticks
            return Wait(ticks)
        self.dwell_ticks += 1
        return Hold(("forward",), 1, yaw_towards(pos, stop), 0.0)
