"""The fluid blocks' side of flowing (vanilla 1.21.11's LiquidBlock and the waterlogged blocks):
when a water or lava block or a waterlogged one changes or a neighbour does, it schedules its
fluid tick (water every 5 ticks, lava 30, 10 in the Nether; ``fluidflow`` runs the tick), lava
first checking for water beside or above it (obsidian from a source, cobblestone from flowing
lava) or for blue ice beside it over soul soil (basalt). Also what a fluid washes away drops.

Deliberate differences: fluid ticks share the game's scheduled-tick queue with block ticks
(vanilla runs fluid ticks after block ticks); the Nether is known by the survival state's
dimension or the world's dimension name (vanilla: the dimension type's ``ultrawarm``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim import blockupdates
from odyssey.sim.entities.items import drop_from_block
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.loot import LootContext, roll_drops
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.fluidstate import (
    EAST,
    LAVA,
    NORTH,
    OFFSETS,
    SOURCE_BIT,
    SOUTH,
    UP,
    WATER,
    WATER_PLANTS,
    WEST,
    FluidTables,
    tables,
)
from odyssey.world.blocks import AIR

Pos = tuple[int, int, int]
TICK_KINDS = {WATER: "fluid_water", LAVA: "fluid_lava"}
LAVA_TOUCHES = (UP, NORTH, SOUTH, WEST, EAST)  # LiquidBlock.POSSIBLE_FLOW_DIRECTIONS reversed
FIZZ = "block.lava.extinguish"  # level event 1501


@dataclass
class FluidTicks:
    """Pending fluid ticks (position, kind) -> due tick: a fast ``hasScheduledTick``."""

    pending: dict[tuple[Pos, str], int] = field(default_factory=dict)


def fluid_ticks(game) -> FluidTicks:
    s = game.survival.mechanics.get("fluidblocks")
    if s is None:
        s = game.survival.mechanics["fluidblocks"] = FluidTicks()
    return s


def in_nether(game) -> bool:
    """The dimension type's ``ultrawarm``: only the Nether's."""
    return game.survival.dimension == "the_nether" or game.world.dimension.name.endswith(
        "the_nether"
    )


def tick_delay(game, kind: int) -> int:
    """Fluid.getTickDelay: water 5, lava 30 (10 in the Nether)."""
    if kind == WATER:
        return 5
    return 10 if in_nether(game) else 30


def schedule(game, pos: Pos, kind: int, delay: int | None = None) -> None:
    """Schedule a fluid tick of ``kind`` at ``pos`` unless one is pending there."""
    tick_kind = TICK_KINDS[kind]
    pending = fluid_ticks(game).pending
    due = pending.get((pos, tick_kind))
    if due is not None and due >= game.tick_count:
        return
    delay = tick_delay(game, kind) if delay is None else delay
    pending[(pos, tick_kind)] = game.tick_count + max(1, delay)
    blockupdates.schedule(game, pos, delay, tick_kind)


# -- updates that schedule ticks (LiquidBlock.onPlace / neighborChanged, waterlogged blocks) ---


@hooks.on_neighbour("water", "lava")
def _liquid_changed(game, pos: Pos, state: int, source: Pos) -> None:
    t = tables(game.world.registry)
    c = t.fluid[state]
    if c >> 6 == LAVA and not _lava_meets_water(game, t, pos, c):
        return
    schedule(game, pos, c >> 6)


def _lava_meets_water(game, t: FluidTables, pos: Pos, c: int) -> bool:
    """LiquidBlock.shouldSpreadLiquid: lava beside or under water hardens (False then)."""
    world = game.world
    reg = world.registry
    x, y, z = pos
    soul_soil = reg.block_of(world.get_block(x, y - 1, z)).name == "soul_soil"
    for d in LAVA_TOUCHES:
        dx, dy, dz = OFFSETS[d]
        other = world.get_block(x + dx, y + dy, z + dz)
        if t.fluid[other] >> 6 == WATER:
            block = "obsidian" if c & SOURCE_BIT else "cobblestone"
            game.set_block(pos, reg.default_state(block))
            hooks.sound(game, FIZZ, pos)
            return False
        if soul_soil and reg.block_of(other).name == "blue_ice":
            game.set_block(pos, reg.default_state("basalt"))
            hooks.sound(game, FIZZ, pos)
            return False
    return True


def _waterlogged_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if tables(game.world.registry).fluid[state]:
        schedule(game, pos, WATER)


def _register_waterlogged() -> None:
    from odyssey.world.blocks import registry

    names = [b.name for b in registry().blocks if "waterlogged" in dict(b.properties)]
    hooks.on_neighbour(*names, *WATER_PLANTS, "bubble_column")(_waterlogged_changed)


_register_waterlogged()


def wash_away(game, pos: Pos, state: int) -> None:
    """Block.dropResources without a tool: the loot of a block a fluid replaces."""
    reg = game.world.registry
    name = reg.block_of(state).name
    if state == AIR or name in ("cave_air", "void_air") or tables(reg).fluid[state]:
        return
    s = game.survival
    if not s.rules.get("do_tile_drops", True):
        return
    drops = roll_drops(name, LootContext(None, properties=reg.properties(state)), s.rng)
    if drops and s.entities is None:
        s.entities = EntityStore(s.seed)
    for drop in drops:
        drop_from_block(s.entities, drop.item, drop.count, pos)
