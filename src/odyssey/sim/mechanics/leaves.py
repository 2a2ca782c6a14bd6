"""Leaves decaying (vanilla 1.21.11's ``LeavesBlock``), with their distances kept up to date.

- A neighbour change schedules a tick one game tick later (``updateShape``: unless the neighbour
  is a log and the leaves are at distance 1 already); the tick sets the distance found then
  (``sim.leaf_distance``), and that change updates the next leaves in turn, so the distances of
  a cut tree spread one block a tick.
- Leaves at distance 7 that no player placed (``persistent=false``) decay on a random tick:
  their loot as if broken with no tool (saplings, sticks, apples), then air, or a water source
  where they were waterlogged (``randomTick``: ``dropResources`` and ``removeBlock``: no sound,
  no break event). Only those states take random ticks (``isRandomlyTicking``).
"""

from __future__ import annotations

from odyssey.sim import blockupdates
from odyssey.sim.leaf_distance import LEAVES, decaying, distance_here, distances
from odyssey.sim.loot import LootContext, roll_drops
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import names, pop_resource, with_value
from odyssey.world.blocks import AIR

Pos = tuple[int, int, int]
_LEAVES = tuple(sorted(LEAVES))


@hooks.on_neighbour(*_LEAVES)
def leaves_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """``updateShape``: a tick next game tick unless the neighbour is a log and this is at 1."""
    if source == pos:
        return  # the leaves themselves were placed or changed: nothing to look at
    table = distances(game.world.registry)
    near = int(table[game.world.get_block(*source)]) + 1
    if near != 1 or int(table[state]) != near:
        blockupdates.schedule(game, pos, 1, "leaves")


@hooks.on_scheduled("leaves")
def leaves_tick(game, pos: Pos, state: int) -> None:
    """``LeavesBlock.tick``: set the distance found now."""
    reg = game.world.registry
    if names(reg)[state] not in LEAVES:
        return  # replaced since the tick was scheduled
    found = distance_here(game.world, pos)
    if found != int(distances(reg)[state]):
        game.set_block(pos, with_value(reg, state, "distance", str(found)))


@hooks.on_random(*_LEAVES, when=decaying)
def leaves_random(game, pos: Pos, state: int, rng) -> None:
    """``LeavesBlock.randomTick``: the leaves (decaying ones: the only states that take random
    ticks) drop their loot and are removed."""
    reg = game.world.registry
    props = reg.properties(state)
    for drop in roll_drops(names(reg)[state], LootContext(None, {}, props), game.survival.rng):
        pop_resource(game, drop.item, drop.count, pos)
    waterlogged = props.get("waterlogged") == "true"
    game.set_block(pos, reg.state_of("water", {"level": "0"}) if waterlogged else AIR)
