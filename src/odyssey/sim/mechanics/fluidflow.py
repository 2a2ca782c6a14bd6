"""Water and lava flowing, as vanilla 1.21.11's FlowingFluid, WaterFluid and LavaFluid.

On its fluid tick (scheduled by ``fluidblocks``) a flowing block recomputes its level from its
neighbours (the highest horizontal amount less the drop-off: water 1, lava 2 or 1 in the
Nether; falling when the same fluid is above; a new source between two sources over a solid
block or a source when the rule allows: water yes, lava no), disappears when nothing feeds it,
then spreads: down first (a falling column), else sideways towards the directions with the
shortest way down within the slope-finding distance (water 4, lava 2 or 4 in the Nether),
replacing what it may wash away (water drops the block's loot, lava just fizzes). Lava falling
onto water makes stone. Waterlogged blocks are water sources that spread too (a flowing fluid
never enters a waterloggable block; a new source does, waterlogging it).

Deliberate difference: lava's random fire spread is the fire mechanic's.
"""

from __future__ import annotations

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.fluidblocks import (
    FIZZ,
    fluid_ticks,
    in_nether,
    schedule,
    tick_delay,
    wash_away,
)
from odyssey.sim.mechanics.fluidstate import (
    DOWN,
    EMPTY,
    FALLING_BIT,
    LAVA,
    OFFSETS,
    OPPOSITE,
    PLANE,
    REFUSES,
    SOURCE_BIT,
    UP,
    WATER,
    WATERLOGGABLE,
    code,
    source_code,
    tables,
)
from odyssey.world.blocks import AIR

Pos = tuple[int, int, int]
PLANE_STEPS = tuple((d, OFFSETS[d][0], OFFSETS[d][2], OPPOSITE[d]) for d in PLANE)
LAVA_REPLACE_HEIGHT = 0.44444445  # LavaFluid.canBeReplacedWith


# -- the fluid tick (FlowingFluid.tick) -------------------------------------------------------


@hooks.on_scheduled("fluid_water")
def _tick_water(game, pos: Pos, state: int) -> None:
    fluid_ticks(game).pending.pop((pos, "fluid_water"), None)
    Flow(game, WATER).tick(pos, state)


@hooks.on_scheduled("fluid_lava")
def _tick_lava(game, pos: Pos, state: int) -> None:
    fluid_ticks(game).pending.pop((pos, "fluid_lava"), None)
    Flow(game, LAVA).tick(pos, state)


class Flow:
    """One fluid's rules in one game (FlowingFluid with WaterFluid's or LavaFluid's numbers)."""

    def __init__(self, game, kind: int) -> None:
        self.game = game
        self.kind = kind
        self.t = tables(game.world.registry)
        self.get = game.world.get_block
        nether = in_nether(game)
        self.drop_off = 1 if kind == WATER or nether else 2
        self.slope_find = 4 if kind == WATER or nether else 2
        self.delay = tick_delay(game, kind)
        rule = "water_source_conversion" if kind == WATER else "lava_source_conversion"
        self.converts = bool(game.survival.rules.get(rule, kind == WATER))
        self.source = source_code(kind)

    def tick(self, pos: Pos, state: int) -> None:
        c = self.t.fluid[state]
        if c >> 6 != self.kind:
            return
        if not c & SOURCE_BIT:
            new = self.new_liquid(pos, state)
            delay = self.spread_delay(pos, c, new)
            if new == EMPTY:
                c, state = EMPTY, AIR
                self.game.set_block(pos, AIR)
            elif new != c:
                c, state = new, self.t.block_of(new)
                self.game.set_block(pos, state)
                schedule(self.game, pos, self.kind, delay)
        self.spread(pos, state, c)

    def spread_delay(self, pos: Pos, old: int, new: int) -> int:
        """LavaFluid.getSpreadDelay: rising lava waits 4 times longer 3 times in 4."""
        if self.kind == WATER or old == EMPTY or new == EMPTY or (old | new) & FALLING_BIT:
            return self.delay
        rising = self.height(pos, new) > self.height(pos, old)
        if rising and int(self.game.survival.rng.integers(4)) != 0:
            return self.delay * 4
        return self.delay

    def height(self, pos: Pos, c: int) -> float:
        x, y, z = pos
        if self.t.fluid[self.get(x, y + 1, z)] >> 6 == c >> 6:
            return 1.0
        return (c & 15) / 9.0

    # -- what the fluid would be at a position (FlowingFluid.getNewLiquid) -------------------

    def new_liquid(self, pos: Pos, state: int) -> int:
        t, get, kind = self.t, self.get, self.kind
        x, y, z = pos
        best = sources = 0
        for d in PLANE:
            dx, _, dz = OFFSETS[d]
            other = get(x + dx, y, z + dz)
            c = t.fluid[other]
            if c >> 6 == kind and t.passes(d, state, other):
                if c & SOURCE_BIT:
                    sources += 1
                best = max(best, c & 15)
        if sources >= 2 and self.converts:
            below = get(x, y - 1, z)
            if t.solid[below] or t.fluid[below] == self.source:
                return self.source
        above = get(x, y + 1, z)
        if t.fluid[above] >> 6 == kind and t.passes(UP, state, above):
            return code(kind, 8, falling=True)
        return code(kind, best - self.drop_off)

    # -- spreading (FlowingFluid.spread) -----------------------------------------------------

    def spread(self, pos: Pos, state: int, c: int) -> None:
        if c == EMPTY:
            return
        t = self.t
        x, y, z = pos
        below = (x, y - 1, z)
        below_state = self.get(*below)
        below_c = t.fluid[below_state]
        if self.may_pass(DOWN, state, below_state):
            new = self.new_liquid(below, below_state)
            if self.replaceable(below, below_c, new, DOWN) and self.holds(below_state, new):
                self.spread_to(below, below_state, DOWN, new)
                if self.source_neighbours(pos) >= 3:
                    self.spread_to_sides(pos, state, c)
                return
        if c & SOURCE_BIT or not self.is_hole(pos, state, below_state):
            self.spread_to_sides(pos, state, c)

    def spread_to_sides(self, pos: Pos, state: int, c: int) -> None:
        left = 7 if c & FALLING_BIT else (c & 15) - self.drop_off
        if left <= 0:
            return
        x, y, z = pos
        for d, new in self.spread_directions(pos, state):
            dx, _, dz = OFFSETS[d]
            target = (x + dx, y, z + dz)
            self.spread_to(target, self.get(*target), d, new)

    def spread_directions(self, pos: Pos, state: int) -> list[tuple[int, int]]:
        """FlowingFluid.getSpread: the directions with the shortest way to a hole, with the
        fluid each would get, in vanilla's (enum map) order: north, south, west, east."""
        t, get = self.t, self.get
        x, y, z = pos
        best = 1000
        out: dict[int, int] = {}
        ctx: SpreadContext | None = None
        for d in PLANE:
            dx, _, dz = OFFSETS[d]
            target = (x + dx, y, z + dz)
            other = get(*target)
            if not self.may_pass(d, state, other):
                continue
            new = self.new_liquid(target, other)
            if not self.holds(other, new):
                continue
            if ctx is None:
                ctx = SpreadContext(self, pos)
            if ctx.is_hole(dx, dz):
                distance = 0
            else:
                distance = self.slope_distance(ctx, dx, dz, 1, OPPOSITE[d], other)
            if distance < best:
                out.clear()
            if distance <= best:
                if self.replaceable(target, t.fluid[other], new, d):
                    out[d] = new
                best = distance
        return sorted(out.items())

    def slope_distance(
        self, ctx: SpreadContext, px: int, pz: int, depth: int, came_from: int, state: int
    ) -> int:
        """FlowingFluid.getSlopeDistance: steps to the nearest hole (1000: none in reach).
        The hot loop of flowing: canPassThrough is written out here (a flowing fluid enters
        no waterloggable block, so any container stops it)."""
        t = self.t
        fluid, holds, container, faces = t.fluid, t.holds, t.container, t.faces
        states, holes = ctx.states, ctx.holes
        best = 1000
        for d, dx, dz, back in PLANE_STEPS:
            if d == came_from:
                continue
            key = (px + dx, pz + dz)
            other = states.get(key)
            if other is None:
                other = ctx.state(*key)
            if fluid[other] == self.source or not holds[other] or container[other]:
                continue
            if (faces[state] is not None or faces[other] is not None) and not t.passes(
                d, state, other
            ):
                continue
            hole = holes.get(key)
            if hole is None:
                hole = ctx.is_hole(*key)
            if hole:
                return depth
            if depth < self.slope_find:
                found = self.slope_distance(ctx, key[0], key[1], depth + 1, back, other)
                if found < best:
                    best = found
        return best

    def source_neighbours(self, pos: Pos) -> int:
        x, y, z = pos
        n = 0
        for d in PLANE:
            dx, _, dz = OFFSETS[d]
            n += self.t.fluid[self.get(x + dx, y, z + dz)] == self.source
        return n

    # -- the rules of passing (canMaybePassThrough, canHoldFluid, isWaterHole) ---------------

    def may_pass(self, d: int, state: int, other: int) -> bool:
        t = self.t
        return t.passes(d, state, other) and t.fluid[other] != self.source and t.holds[other]

    def holds(self, state: int, new: int) -> bool:
        """canHoldSpecificFluid: a waterloggable block takes a water source only."""
        box = self.t.container[state]
        return box == 0 or (box == WATERLOGGABLE and new == source_code(WATER))

    def is_hole(self, pos: Pos, state: int, below: int) -> bool:
        t = self.t
        if not t.passes(DOWN, state, below):
            return False
        if t.fluid[below] >> 6 == self.kind:
            return True
        return t.holds[below] and self.holds(below, code(self.kind, 7))

    def replaceable(self, pos: Pos, existing: int, new: int, d: int) -> bool:
        """FluidState.canBeReplacedWith for the fluid already at ``pos``."""
        kind = existing >> 6
        if kind == EMPTY:
            return True
        if kind == WATER:
            return d == DOWN and new >> 6 != WATER
        return new >> 6 == WATER and self.height(pos, existing) >= LAVA_REPLACE_HEIGHT

    # -- changing the world (FlowingFluid.spreadTo, beforeDestroyingBlock) -------------------

    def spread_to(self, pos: Pos, state: int, d: int, new: int) -> None:
        game, t = self.game, self.t
        if d == DOWN and self.kind == LAVA and t.fluid[state] >> 6 == WATER:
            if t.liquid_block[state]:  # LavaFluid.spreadTo: lava falling into water
                game.set_block(pos, game.world.registry.default_state("stone"))
            hooks.sound(game, FIZZ, pos)
            return
        box = t.container[state]
        if box == WATERLOGGABLE:
            if t.fluid[state] == EMPTY and new == source_code(WATER):
                game.set_block(pos, t.toggled[state])
                schedule(game, pos, WATER)
            return
        if box == REFUSES:
            return
        if state != AIR:
            self.before_destroying(pos, state)
        game.set_block(pos, t.block_of(new))

    def before_destroying(self, pos: Pos, state: int) -> None:
        """Water drops what it washes away (Block.dropResources); lava fizzes."""
        if self.kind == LAVA:
            hooks.sound(self.game, FIZZ, pos)
        else:
            wash_away(self.game, pos, state)


class SpreadContext:
    """FlowingFluid.SpreadContext: block states and holes around the spreading block, cached
    for one ``getSpread`` (keys are offsets from it)."""

    def __init__(self, flow: Flow, origin: Pos) -> None:
        self.flow = flow
        self.x, self.y, self.z = origin
        self.states: dict[tuple[int, int], int] = {}
        self.holes: dict[tuple[int, int], bool] = {}

    def state(self, dx: int, dz: int) -> int:
        key = (dx, dz)
        found = self.states.get(key)
        if found is None:
            found = self.states[key] = self.flow.get(self.x + dx, self.y, self.z + dz)
        return found

    def is_hole(self, dx: int, dz: int) -> bool:
        key = (dx, dz)
        found = self.holes.get(key)
        if found is None:
            pos = (self.x + dx, self.y, self.z + dz)
            below = self.flow.get(pos[0], pos[1] - 1, pos[2])
            found = self.holes[key] = self.flow.is_hole(pos, self.state(dx, dz), below)
        return found
