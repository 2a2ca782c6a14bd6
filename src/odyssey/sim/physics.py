"""``step(world, player, inputs)``: one 50 ms tick of vanilla 1.21.11 player movement.

A pure function of its arguments: the world is only read, the player state comes back new.
The compiled kernel sees the world through a window of state ids around the player, cached per
world and rebuilt when the player nears its edge or the world changes (``World.revision``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odyssey.attached import attached
from odyssey.sim import layout as k
from odyssey.sim.block_physics import BlockPhysics, block_physics
from odyssey.sim.collision import collect_boxes
from odyssey.sim.kernel import tick
from odyssey.sim.layout import context
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState, SimError
from odyssey.world.storage import World

WINDOW_HALF = 16  # blocks each side of the player horizontally and vertically
WINDOW_MARGIN = 8  # rebuild when the player is closer than this to the window's edge

EVENT_NAMES = {
    k.E_DAMAGE_FALL: "damage_fall",
    k.E_DAMAGE_VOID: "damage_void",
    k.E_DAMAGE_LAVA: "damage_lava",
    k.E_DEATH: "death",
    k.E_LANDED: "landed",
    k.E_DAMAGE_FIRE: "damage_fire",
    k.E_DAMAGE_DROWN: "damage_drown",
    k.E_DAMAGE_BERRY: "damage_berry_bush",
}


@dataclass(frozen=True)
class Event:
    """Something that happened during a tick: damage (amount), death, landing (fall distance)."""

    kind: str
    value: float = 0.0


@dataclass(frozen=True)
class StepResult:
    """The player after one tick and what happened during it."""

    player: PlayerState
    events: tuple[Event, ...]


def physics_tables(blocks: BlockPhysics) -> tuple:
    """The kernel's block tables, in its T_* order."""
    return (
        blocks.box_start, blocks.box_count, blocks.boxes, blocks.friction, blocks.speed_factor,
        blocks.jump_factor, blocks.fluid, blocks.fluid_amount, blocks.fluid_falling,
        blocks.climbable, blocks.trapdoor, blocks.ladder, blocks.facing, blocks.is_open,
        blocks.stuck, blocks.land, blocks.bubble, blocks.large_shape, blocks.blocks_motion,
        blocks.fence, blocks.shape_kind, blocks.berry_hurts,
    )  # fmt: skip


PATCH_LIMIT = 64  # more changes than this at once: read the window again


class BlockWindow:
    """A cached [y][z][x] copy of the world's states around a point, for the kernel."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.origin = np.zeros(4, dtype=np.int64)
        self.fluid_states = block_physics(world.registry).fluid != 0
        self._fluid_bytes = self.fluid_states.tobytes()  # 0 or 1 per state: a cheap look-up
        self.states = np.zeros((0, 0, 0), dtype=np.uint16)
        self.revision = -1
        self._inner = self._inner_of((0, 0, 0), self.states.shape)

    def covering(self, x: float, y: float, z: float) -> BlockWindow:
        """Make sure the window holds the player's surroundings; rebuild if not."""
        ix, iy, iz = math.floor(x), math.floor(y), math.floor(z)
        x0, x1, y0, y1, z0, z1 = self._inner
        inside = x0 <= ix < x1 and y0 <= iy < y1 and z0 <= iz < z1
        if inside and self.revision != self.world.revision:
            inside = self._patch()
        if not inside:
            lo = (ix - WINDOW_HALF, iy - WINDOW_HALF, iz - WINDOW_HALF)
            hi = (ix + WINDOW_HALF, iy + WINDOW_HALF, iz + WINDOW_HALF)
            self.states = self.world.get_box(lo, hi)
            has_fluid = bool(self.fluid_states[self.states].any())
            # origin[3] says whether the window holds any fluid (dry land skips fluid scans)
            self.origin = np.array([*lo, int(has_fluid)], dtype=np.int64)
            self.revision = self.world.revision
            self._inner = self._inner_of(lo, self.states.shape)
        return self

    @staticmethod
    def _inner_of(lo: tuple[int, int, int], size: tuple[int, ...]) -> tuple[int, ...]:
        """The cells the player may stand in without a rebuild (WINDOW_MARGIN inside every
        edge), as Python ints: x0, x1, y0, y1, z0, z1 with x0 <= x < x1 and so on."""
        if size[0] == 0:
            return (0, 0, 0, 0, 0, 0)  # no window yet: nothing is inside
        m = WINDOW_MARGIN
        return (lo[0] + m, lo[0] + size[2] - m, lo[1] + m, lo[1] + size[0] - m,
                lo[2] + m, lo[2] + size[1] - m)  # fmt: skip

    def _patch(self) -> bool:
        """Copy in the single blocks changed since the window was read; False when the changes
        are too many or too large (or the change log no longer reaches back): read it again."""
        changes = self.world.changes_since(self.revision)
        if changes is None or len(changes) > PATCH_LIMIT:
            return False
        states, peek, fluid = self.states, self.world.peek_block, self._fluid_bytes
        sy, sz, sx = states.shape
        ox, oy, oz = self.origin[:3].tolist()  # Python ints: cheaper sums than numpy's
        for x0, y0, z0, x1, y1, z1 in changes:
            if x1 - x0 != 1 or y1 - y0 != 1 or z1 - z0 != 1:
                return False
            x, y, z = x0 - ox, y0 - oy, z0 - oz
            if 0 <= x < sx and 0 <= y < sy and 0 <= z < sz:
                state = peek(x0, y0, z0)
                states[y, z, x] = state
                if fluid[state]:
                    self.origin[3] = 1  # the window now holds a fluid
        self.revision = self.world.revision
        return True


class Simulator:
    """Reusable buffers for stepping one player in one world (what ``step`` uses inside)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.window = BlockWindow(world)
        self.tables = physics_tables(block_physics(world.registry))
        self.scratch = np.zeros((k.MAX_BOXES, 6), dtype=np.float64)
        self.events = np.zeros((k.MAX_EVENTS + 1, 2), dtype=np.float64)
        # the kernel's arrays of the last attributes and inputs seen (keyed by identity: both
        # are frozen, and the kernel only reads these arrays), rebuilt when either changes
        self._attr: tuple[PlayerAttributes | None, int, np.ndarray | None] = (None, 0, None)
        self._inputs: tuple[InputState | None, np.ndarray | None] = (None, None)

    def step_array(self, st: np.ndarray, attr: np.ndarray, inputs: np.ndarray) -> list[Event]:
        """Advance a kernel state vector in place by one tick; returns the tick's events."""
        window = self.window.covering(st[k.S_X], st[k.S_Y], st[k.S_Z])
        tick(window.states, window.origin, self.tables, st, attr, inputs, self.scratch,
               self.events)  # fmt: skip
        count = int(self.events[0, 0])
        if count == 0:
            return []
        return [Event(EVENT_NAMES[int(kind)], float(v)) for kind, v in self.events[1 : count + 1]]

    def step(self, player: PlayerState, inputs: InputState) -> StepResult:
        st = player.to_array()
        events = self.step_array(st, self._attr_array(player.attributes), self._input_array(inputs))
        return StepResult(PlayerState.from_array(st, player.attributes), tuple(events))

    def _attr_array(self, attributes: PlayerAttributes) -> np.ndarray:
        """``attributes.as_array(min_y)``, reused while the attributes and the world stay."""
        min_y = self.world.dimension.min_y
        seen, seen_y, array = self._attr
        if seen is not attributes or seen_y != min_y or array is None:
            array = attributes.as_array(min_y)  # validates: raises SimError when out of range
            self._attr = (attributes, min_y, array)
        return array

    def _input_array(self, inputs: InputState) -> np.ndarray:
        """``inputs.as_array()``, reused while the same inputs are held."""
        seen, array = self._inputs
        if seen is not inputs or array is None:
            array = inputs.as_array()
            self._inputs = (inputs, array)
        return array


def simulator_for(world: World) -> Simulator:
    """The world's simulator (one per world object, so the pure ``step`` reuses its window and
    buffers; kept on the world, freed with it)."""
    return attached(world, "_physics_simulator", Simulator)


def step(world: World, player: PlayerState, inputs: InputState) -> StepResult:
    """One 50 ms tick: the player's new state and the tick's events (the world is not changed)."""
    return simulator_for(world).step(player, inputs)


def check_start(world: World, player: PlayerState) -> None:
    """Refuse a start position inside a solid block (a clear error instead of odd physics)."""
    sim = simulator_for(world)
    st = player.to_array()
    window = sim.window.covering(st[k.S_X], st[k.S_Y], st[k.S_Z])
    attr = player.attributes.as_array(world.dimension.min_y)
    box = k.player_box(st, attr, player.pose)
    box[:3] += 1.0e-7
    box[3:] -= 1.0e-7
    hits = collect_boxes(window.states, window.origin, sim.tables, box, context(st), False,
                           sim.scratch)  # fmt: skip
    if hits:
        x, y, z = player.pos
        state = world.get_block(int(np.floor(x)), int(np.floor(y)), int(np.floor(z)))
        raise SimError(
            f"start position ({x}, {y}, {z}) is inside a solid block"
            f" ({world.registry.state_string(state)} at the feet); start on top of it instead"
        )
