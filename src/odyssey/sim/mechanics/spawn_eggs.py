"""Spawn eggs (vanilla 1.21.11 SpawnEggItem.useOn): used on a block, the egg's mob appears at
the block's centre — in the clicked block when it has no collision box (tall grass, a flower),
else in the block on the clicked face — facing a random way, named after the egg's custom name;
one egg is used up (not in creative) and ``used`` is counted.

Deliberate differences: an egg used on a spawner does not change what it spawns, an egg used
in the air does nothing (vanilla spawns water mobs into water under the crosshair), and an egg
used on a mob of its own kind spawns no baby.
"""

from __future__ import annotations

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.creatures import consume
from odyssey.sim.placement_states import STEP
from odyssey.world.blocks import BlockFlag
from odyssey.world.items import items

SUFFIX = "_spawn_egg"
EGGS = tuple(name for name in items().names if name.endswith(SUFFIX))


@hooks.on_use_item(*EGGS)
def use_egg(game, hit, held: ItemStack) -> bool:
    """SpawnEggItem.useOn."""
    from odyssey.sim.player_body import entity_store

    if hit is None:
        return False
    world, s = game.world, game.survival
    pos = tuple(hit.pos)
    if world.registry.state_flags[world.get_block(*pos)] & BlockFlag.SOLID:
        step = STEP[hit.face]
        pos = (pos[0] + step[0], pos[1] + step[1], pos[2] + step[2])
    kind = held.item.removesuffix(SUFFIX)
    yaw = float(s.rng.random()) * 360.0 - 180.0
    mob = entity_store(s).add(kind, (pos[0] + 0.5, float(pos[1]), pos[2] + 0.5), yaw=yaw)
    name = dict(held.components).get("custom_name")
    if name is not None:
        mob.custom_name = str(name)
    consume(game)
    s.stats.add("used", held.item)
    game.emit("entity_spawned", 1.0, pos, kind)
    return True
