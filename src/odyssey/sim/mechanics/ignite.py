"""Lighting things with flint and steel or a fire charge (vanilla's ``FlintAndSteelItem.useOn``
and ``FireChargeItem.useOn``).

Used on an unlit candle, candle cake or campfire (not waterlogged) it lights it; otherwise it
sets fire to the air beside the clicked face when fire could stay there or the fire would
light a portal frame (``BaseFireBlock.canBePlacedAt``): soul fire above soul sand or soul soil.
Flint and steel wears by 1, a fire charge is used up (neither in creative). TNT is lit by its
own block use (the TNT mechanic), which runs before this.
"""

from __future__ import annotations

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.flammability import fire_state, fire_survives, offset, tables
from odyssey.sim.mechanics.portal_shape import find_empty, kinds
from odyssey.sim.reach import facing_of
from odyssey.sim.redstone import with_props

Pos = tuple[int, int, int]
PORTAL_DIMENSIONS = ("overworld", "the_nether")
SOUNDS = {"flint_and_steel": "item.flintandsteel.use", "fire_charge": "item.firecharge.use"}
# Direction.getCounterClockWise().getAxis() of the player's horizontal facing
PORTAL_AXIS = {"north": "x", "south": "x", "east": "z", "west": "z"}


def lightable(name: str, props: dict[str, str]) -> bool:
    """CampfireBlock/CandleBlock/CandleCakeBlock.canLight."""
    if props.get("lit") != "false":
        return False
    if name.endswith("campfire") or name == "candle" or name.endswith("_candle"):
        return props.get("waterlogged") == "false"
    return name.endswith("candle_cake")


def can_place_fire(game, pos: Pos, facing: str) -> bool:
    """BaseFireBlock.canBePlacedAt: air where fire could stay, or inside an empty frame."""
    world = game.world
    t = tables(world.registry)
    if not world.dimension.min_y <= pos[1] < world.dimension.max_y:
        return False
    if not t.air[world.get_block(*pos)]:
        return False
    return fire_survives(world, pos, fire_state(world, pos)) or _portal_at(game, pos, facing)


def _portal_at(game, pos: Pos, facing: str) -> bool:
    """BaseFireBlock.isPortal: obsidian beside and an empty frame around."""
    if game.survival.dimension not in PORTAL_DIMENSIONS:
        return False
    frame = kinds(game.world.registry)[0]
    if not any(frame[game.world.get_block(*offset(pos, side))] for side in
               ("down", "up", "north", "south", "west", "east")):  # fmt: skip
        return False
    return find_empty(game.world, pos, PORTAL_AXIS[facing]) is not None


@hooks.on_use_item("flint_and_steel", "fire_charge")
def _use(game, hit, held) -> bool:
    if hit is None:
        return False
    s = game.survival
    world = game.world
    reg = world.registry
    state = world.get_block(*hit.pos)
    name, props = reg.block_of(state).name, reg.properties(state)
    if lightable(name, props):
        game.set_block(hit.pos, with_props(reg, state, lit="true"))
        where = hit.pos
    else:
        where = offset(hit.pos, hit.face)
        if not can_place_fire(game, where, facing_of(game.player.yaw)):
            return False
        game.set_block(where, fire_state(world, where))
    hooks.sound(game, SOUNDS[held.item], where)
    game.emit("ignited", 0.0, where, held.item)
    s.stats.add("used", held.item)
    if s.gamemode != "creative":
        if held.item == "flint_and_steel":
            worn = held.hurt(1)
            s.inventory.set(s.inventory.selected, worn)
            if worn is None:
                hooks.sound(game, "entity.item.break", where)
        else:
            s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
    return True
