"""The game: a world, one player, scheduled block ticks, rules and events, advanced by ``tick()``.

Everything stateful about a running world lives here, around the pure physics step. Block
changes go through the game, which keeps the original state of every changed block, so a
snapshot of the whole game is the player, the clock and a few changed blocks: restoring one
(an episode reset) takes milliseconds.
"""

from __future__ import annotations

import heapq
import math
import threading
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING

from odyssey.sim import layout as k
from odyssey.sim import redstone
from odyssey.sim.physics import Simulator, check_start
from odyssey.sim.player import InputState, PlayerState, SimError
from odyssey.sim.reach import crosshair_block, facing_of, within_server_reach
from odyssey.world.blocks import BlockFlag
from odyssey.world.storage import World

if TYPE_CHECKING:  # survival games load their mechanics when they tick (navigation never does)
    from odyssey.sim.survival import Survival

Pos = tuple[int, int, int]
TICKS_PER_SECOND = 20
DAY_TICKS = 24000
_PRESSURE_PLATE = int(BlockFlag.PRESSURE_PLATE)


@cache
def _actions():
    """``odyssey.sim.actions``, imported by the first survival tick (navigation games never
    load it); cached, as an import statement costs about a microsecond each tick."""
    from odyssey.sim import actions

    return actions


@dataclass(frozen=True)
class GameRules:
    """Rules of a navigation episode: adventure mode, peaceful, frozen time and weather."""

    adventure: bool = True  # no breaking or placing blocks
    peaceful: bool = True  # no hostile mobs; health regenerates
    advance_time: bool = False
    advance_weather: bool = False
    natural_regeneration: bool = True
    time_of_day: int = 6000  # noon


@dataclass(frozen=True)
class GameEvent:
    """Something that happened at a tick: damage, death, a door toggled, leaving the world."""

    tick: int
    kind: str
    value: float = 0.0
    pos: Pos | None = None
    detail: str = ""  # e.g. a sound event's vanilla sound id


@dataclass(frozen=True)
class Snapshot:
    """Everything needed to put the game back as it was."""

    tick: int
    time_of_day: int
    player: PlayerState
    inputs: InputState
    blocks: dict[Pos, int]
    scheduled: tuple[tuple[int, int, Pos, str], ...]
    plates: frozenset[Pos]
    survival: object | None = None  # a copy of Game.survival (sim.survival.Survival)
    world: World | None = None  # the world the player was in (dimensions: Game.change_world)
    other_blocks: tuple[tuple[World, dict[Pos, int]], ...] = ()  # changed blocks elsewhere


@dataclass
class Game:
    """World + player + rules; ``tick()`` advances 50 ms of game time."""

    world: World
    player: PlayerState
    rules: GameRules = field(default_factory=GameRules)
    bounds: tuple[int, int, int, int] | None = None  # min x, min z, max x, max z (inclusive)
    # Survival mechanics (sim.survival.Survival: inventory, hunger, entities, screens); None in
    # navigation episodes, which stay exactly as they were.
    survival: Survival | None = None

    def __post_init__(self) -> None:
        check_start(self.world, self.player)
        self.sim = Simulator(self.world)
        self.tick_count = 0
        self.time_of_day = self.rules.time_of_day
        self.inputs = InputState()
        self.events: list[GameEvent] = []
        self._originals: dict[Pos, int] = {}
        # the other worlds visited (dimensions) and the original states of their changed blocks
        self._elsewhere: dict[int, tuple[World, dict[Pos, int]]] = {}
        self._scheduled: list[tuple[int, int, Pos, str]] = []
        self._sequence = 0
        self._plates: set[Pos] = set()
        self.lock = threading.RLock()

    # -- blocks -------------------------------------------------------------------------------

    def set_block(self, pos: Pos, state: int, update: bool = True) -> None:
        """Change a block, remembering its original state for snapshots. In survival games the
        change updates the block's neighbours (``sim.blockupdates``) unless ``update`` is False."""
        old = self.world.replace_block(*pos, state)  # the hot path: both steps at once
        if old is None:  # the two steps, with their chunk loading and errors
            old = self.world.get_block(*pos)
            self._originals.setdefault(pos, old)
            self.world.set_block(*pos, state)
        else:
            self._originals.setdefault(pos, old)
        if update and self.survival is not None and old != state:
            # blockupdates.block_changed inlined (queue the update, run the queue unless it
            # runs already): most changes come from handlers while it runs, and the import
            # costs more than the rest
            u = self.survival.block_updates
            u.queue.append((pos, old, state))
            if not u.flushing:
                from odyssey.sim.blockupdates import flush

                flush(self)

    def _apply(self, changes: list[redstone.Change]) -> None:
        for change in changes:
            self.set_block(change.pos, change.state)
            if change.event:
                self._emit(change.event, pos=change.pos)

    def _schedule(self, delay: int, pos: Pos, kind: str) -> None:
        self._sequence += 1
        heapq.heappush(self._scheduled, (self.tick_count + delay, self._sequence, pos, kind))

    def _emit(self, kind: str, value: float = 0.0, pos: Pos | None = None) -> None:
        self.events.append(GameEvent(self.tick_count, kind, value, pos))

    def emit(self, kind: str, value: float = 0.0, pos: Pos | None = None, detail: str = "") -> None:
        """Record that something happened this tick (mechanics' events and sounds)."""
        self.events.append(GameEvent(self.tick_count, kind, value, pos, detail))

    # -- player actions -----------------------------------------------------------------------

    def hold(self, inputs: InputState) -> None:
        """Set the keys held from now on (used by the next ticks)."""
        with self.lock:
            self.inputs = inputs

    def look(self, yaw: float, pitch: float) -> None:
        """Turn the player's view (absolute vanilla degrees)."""
        with self.lock:
            self.player = self.player.with_look(yaw, pitch)

    def use(self, pos: Pos | None = None) -> list[GameEvent]:
        """Right-click: the block under the crosshair, or a named block within server reach."""
        with self.lock:
            if self.player.dead:
                return []
            if pos is None:
                hit = crosshair_block(self.world, self.player)
                if hit is None:
                    return []
                pos = hit.pos
            elif not within_server_reach(self.player, pos):
                raise SimError(f"block {pos} is out of reach (more than 5.5 blocks from the eye)")
            start = len(self.events)
            state = self.world.get_block(*pos)
            changes = redstone.use_block(self.world, pos, facing_of(self.player.yaw))
            self._apply(changes)
            if (
                BlockFlag(int(self.world.registry.state_flags[state])) & BlockFlag.BUTTON
                and changes
            ):
                self._schedule(redstone.button_delay(self.world.registry, state), pos, "button")
            if changes and redstone.is_emitter(self.world.registry, state):
                self._apply(
                    redstone.respond_to_power(self.world, pos, survival=self.survival is not None)
                )
            return self.events[start:]

    # -- time ---------------------------------------------------------------------------------

    def tick(self) -> list[GameEvent]:
        """Advance one tick: player physics, pressure plates, scheduled ticks, regeneration."""
        with self.lock:
            start = len(self.events)
            self.tick_count += 1
            if self.time_runs():
                self.time_of_day = (self.time_of_day + 1) % DAY_TICKS
            before = self.player
            self._step_player()
            self._update_plates()
            self._run_scheduled()
            if self.survival is None:
                self._regenerate()
            else:
                _actions().survival_tick(self, before)
            return self.events[start:]

    def _riding(self) -> bool:
        return getattr(self.survival.mechanics.get("riding"), "vehicle", None) is not None

    def time_runs(self) -> bool:
        """Whether the day advances: the survival game rule, else the navigation rules."""
        if self.survival is not None:
            return bool(self.survival.rules.get("advance_time", False))
        return self.rules.advance_time

    def run(self, ticks: int) -> list[GameEvent]:
        """Advance several ticks with the keys currently held."""
        out: list[GameEvent] = []
        for _ in range(ticks):
            out += self.tick()
        return out

    def _step_player(self) -> None:
        if self.player.dead:
            return
        if self.survival is not None and self._riding():
            return  # seated: the vehicle's mechanic places the player each tick
        inputs = self.inputs
        if self.survival is not None and _actions().item_in_use(self):
            inputs = replace(inputs, using_item=True)
        result = self.sim.step(self.player, inputs)
        self.player = result.player
        for event in result.events:
            self._emit(event.kind, event.value)
        x, y, z = self.player.pos
        outside = y < self.world.dimension.min_y
        if self.bounds is not None:
            x0, z0, x1, z1 = self.bounds
            outside = outside or not (x0 <= x < x1 + 1 and z0 <= z < z1 + 1)
        if outside:
            self._emit("left_world")

    def _update_plates(self) -> None:
        """Plates under the player press at once; released plates check again every 20 ticks."""
        if self.player.dead:
            return
        flags = self.world.registry.state_flags
        get_block = self.world.get_block
        x, y, z = self.player.pos
        for pos in self._touched_cells(x, y, z):
            state = get_block(*pos)
            if not int(flags[state]) & _PRESSURE_PLATE:
                continue
            if pos not in self._plates:
                self._plates.add(pos)
                self._press_plate(pos, state, pressed=True)
                self._schedule(redstone.PLATE_CHECK_TICKS, pos, "plate")

    def _touched_cells(self, x: float, y: float, z: float) -> list[Pos]:
        half = 0.3 * self.player.attributes.scale
        by = math.floor(y)  # math.floor: np.floor's integer for any finite float, faster
        return [(bx, by, bz)
                for bx in range(math.floor(x - half), math.floor(x + half) + 1)
                for bz in range(math.floor(z - half), math.floor(z + half) + 1)]  # fmt: skip

    def _press_plate(self, pos: Pos, state: int, pressed: bool) -> None:
        blocks = self.world.registry
        p = blocks.properties(state)
        if "power" in p:  # weighted plates: one player is a count of 1
            new = redstone.with_props(blocks, state, power="1" if pressed else "0")
        else:
            new = redstone.with_props(blocks, state, powered="true" if pressed else "false")
        self._apply([redstone.Change(pos, new, "plate_pressed" if pressed else "plate_released")])
        self._apply(redstone.respond_to_power(self.world, pos, survival=self.survival is not None))

    def _run_scheduled(self) -> None:
        while self._scheduled and self._scheduled[0][0] <= self.tick_count:
            _, _, pos, kind = heapq.heappop(self._scheduled)
            state = self.world.get_block(*pos)
            blocks = self.world.registry
            if kind == "button" and redstone.emits(blocks, state):
                self._apply([redstone.Change(pos, redstone.with_props(blocks, state,
                                                                      powered="false"),
                                             "button_released")])  # fmt: skip
                self._apply(
                    redstone.respond_to_power(self.world, pos, survival=self.survival is not None)
                )
            elif kind == "plate" and pos in self._plates:
                x, y, z = self.player.pos
                if pos in self._touched_cells(x, y, z) and not self.player.dead:
                    self._schedule(redstone.PLATE_CHECK_TICKS, pos, "plate")
                else:
                    self._plates.discard(pos)
                    self._press_plate(pos, state, pressed=False)

    def _regenerate(self) -> None:
        """Peaceful: +1 health every 20 ticks while hurt (Player.aiStep)."""
        p = self.player
        if not (self.rules.peaceful and self.rules.natural_regeneration) or p.dead:
            return
        if p.health < 20.0 and self.tick_count % 20 == 0:
            st = p.to_array()
            st[k.S_HEALTH] = min(20.0, p.health + 1.0)
            self.player = PlayerState.from_array(st, p.attributes)

    # -- snapshots ----------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The game's state now (cheap: only changed blocks are copied)."""
        with self.lock:
            return Snapshot(
                tick=self.tick_count,
                time_of_day=self.time_of_day,
                player=self.player,
                inputs=self.inputs,
                blocks={pos: self.world.get_block(*pos) for pos in self._originals},
                scheduled=tuple(self._scheduled),
                plates=frozenset(self._plates),
                survival=self.survival.snapshot() if self.survival is not None else None,
                world=self.world,
                other_blocks=tuple(
                    (w, {pos: w.get_block(*pos) for pos in originals})
                    for w, originals in self._elsewhere.values()
                ),
            )

    def restore(self, snap: Snapshot) -> None:
        """Put the game back to a snapshot: blocks, player, clock and pending ticks."""
        with self.lock:
            if snap.world is not None and snap.world is not self.world:
                self._switch_world(snap.world)
            for pos, original in self._originals.items():
                target = snap.blocks.get(pos, original)
                if self.world.get_block(*pos) != target:
                    self.world.set_block(*pos, target)
            saved = {id(w): blocks for w, blocks in snap.other_blocks}
            for key, (world, originals) in self._elsewhere.items():
                for pos, original in originals.items():
                    target = saved.get(key, {}).get(pos, original)
                    if world.get_block(*pos) != target:
                        world.set_block(*pos, target)
            self.tick_count = snap.tick
            self.time_of_day = snap.time_of_day
            self.player = snap.player
            self.inputs = snap.inputs
            self._scheduled = list(snap.scheduled)
            heapq.heapify(self._scheduled)
            self._plates = set(snap.plates)
            if snap.survival is not None:
                self.survival = snap.survival.snapshot()

    def change_world(
        self, world: World, pos: tuple[float, float, float], yaw: float, pitch: float
    ) -> None:
        """Move the player into another world (a dimension: the Nether, the End), keeping the
        changed blocks of every world for snapshots."""
        with self.lock:
            self._switch_world(world)
            self.bounds = None
            self.teleport(pos, yaw, pitch)

    def _switch_world(self, world: World) -> None:
        if world is self.world:
            return
        self._elsewhere[id(self.world)] = (self.world, self._originals)
        _, self._originals = self._elsewhere.pop(id(world), (world, {}))
        self.world = world
        self.sim = Simulator(world)

    def move_player(self, pos: tuple[float, float, float], yaw: float, pitch: float) -> None:
        """/tp: the same player (health, air, fire, effects) at ``pos``, at rest, with a new
        view; vanilla lets it land inside blocks."""
        with self.lock:
            st = self.player.to_array()
            st[k.S_X], st[k.S_Y], st[k.S_Z] = pos
            st[k.S_VX] = st[k.S_VY] = st[k.S_VZ] = 0.0
            st[k.S_FALL] = 0.0
            self.player = PlayerState.from_array(st, self.player.attributes).with_look(yaw, pitch)

    def teleport(self, pos: tuple[float, float, float], yaw: float, pitch: float) -> None:
        """Place a fresh player (feet) with a view, at rest (episode starts, respawns)."""
        with self.lock:
            player = replace(
                PlayerState(pos=pos, on_ground=False), attributes=self.player.attributes
            )
            check_start(self.world, player)
            self.player = player.with_look(yaw, pitch)
