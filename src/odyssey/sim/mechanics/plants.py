"""Sugar cane and cactus, as vanilla 1.21.11's SugarCaneBlock and CactusBlock.

- Sugar cane stands on sugar cane, or on dirt or sand with water (or frosted ice) beside that
  block; cactus on cactus or sand with nothing solid and no lava beside it and no liquid above.
  When a neighbour changes so that it cannot stay, it breaks a tick later and drops itself
  (the cane or cactus above follows).
- Growth: a random tick with air above and fewer than 3 blocks of the plant counting this one
  raises its age (0..15); at 15 the age starts over and a new block grows on top. A cactus at
  age 8 may grow a cactus flower on top instead (chance 0.1, 0.25 on a 3-high cactus).
- The items are placed only where the plant can stay.
"""

from __future__ import annotations

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import (
    DIRT_TAG,
    HORIZONTAL,
    SAND_TAG,
    above,
    below,
    blocks_motion,
    destroy,
    has_water,
    int_prop,
    is_air,
    name_at,
    names,
    offset,
    with_value,
)
from odyssey.sim.placement_states import neighbour
from odyssey.sim.placing import replaceable
from odyssey.world.blocks import BlockFlag

Pos = tuple[int, int, int]
TALLEST = 3


def cane_survives(world, pos: Pos) -> bool:
    """SugarCaneBlock.canSurvive."""
    ground = below(pos)
    name = name_at(world, ground)
    if name == "sugar_cane":
        return True
    if name not in DIRT_TAG and name not in SAND_TAG:
        return False
    reg = world.registry
    for d in HORIZONTAL:
        state = world.get_block(*offset(ground, d))
        if has_water(reg, state) or names(reg)[state] == "frosted_ice":
            return True
    return False


def cactus_survives(world, pos: Pos) -> bool:
    """CactusBlock.canSurvive."""
    reg = world.registry
    for d in HORIZONTAL:
        state = world.get_block(*offset(pos, d))
        if blocks_motion(reg, state) or names(reg)[state] == "lava":
            return False
    ground = name_at(world, below(pos))
    top = world.get_block(*above(pos))
    liquid = bool(reg.state_flags[top] & BlockFlag.LIQUID)
    return (ground == "cactus" or ground in SAND_TAG) and not liquid


SURVIVES = {"sugar_cane": cane_survives, "cactus": cactus_survives}


@hooks.on_neighbour("sugar_cane", "cactus")
def plant_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """updateShape: a plant that cannot stay breaks on its next scheduled tick."""
    if not SURVIVES[names(game.world.registry)[state]](game.world, pos):
        blockupdates.schedule(game, pos, 1, "plants_break")


@hooks.on_scheduled("plants_break")
def plant_due(game, pos: Pos, state: int) -> None:
    check = SURVIVES.get(names(game.world.registry)[state])
    if check is not None and not check(game.world, pos):
        destroy(game, pos)


def _height_below(world, pos: Pos, name: str) -> int:
    """This block and those of the same plant under it (counted up to TALLEST)."""
    n = 1
    while n < TALLEST and name_at(world, below(pos, n)) == name:
        n += 1
    return n


@hooks.on_random("sugar_cane")
def cane_tick(game, pos: Pos, state: int, rng) -> None:
    """SugarCaneBlock.randomTick."""
    world = game.world
    reg = world.registry
    if not is_air(reg, world.get_block(*above(pos))):
        return
    if _height_below(world, pos, "sugar_cane") >= TALLEST:
        return
    age = int_prop(reg, state, "age")
    if age == 15:
        game.set_block(above(pos), reg.default_state("sugar_cane"))
        game.set_block(pos, with_value(reg, state, "age", "0"), update=False)
    else:
        game.set_block(pos, with_value(reg, state, "age", str(age + 1)), update=False)


@hooks.on_random("cactus")
def cactus_tick(game, pos: Pos, state: int, rng) -> None:
    """CactusBlock.randomTick (1.21.5+: with cactus flowers)."""
    world = game.world
    reg = world.registry
    top = above(pos)
    if not is_air(reg, world.get_block(*top)):
        return
    age = int_prop(reg, state, "age")
    height = 1
    while name_at(world, below(pos, height)) == "cactus":
        height += 1
        if height == TALLEST and age == 15:
            return
    if age == 8 and cactus_survives(world, top):
        if rng.random() <= (0.25 if height >= TALLEST else 0.1):
            game.set_block(top, reg.default_state("cactus_flower"))
    elif age == 15 and height < TALLEST:
        game.set_block(top, reg.default_state("cactus"))
        game.set_block(pos, with_value(reg, state, "age", "0"), update=False)
        return
    if age < 15:
        game.set_block(pos, with_value(reg, state, "age", str(age + 1)), update=False)


@hooks.on_use_item("sugar_cane", "cactus")
def place_check(game, hit, held) -> bool:
    """Block.canSurvive at the place the item would go: stop the placing where it cannot."""
    if hit is None or not game.survival.builds:
        return False
    world = game.world
    target = hit.pos if replaceable(world, hit.pos, held.item) else neighbour(hit.pos, hit.face)
    return not SURVIVES[held.item](world, target)
