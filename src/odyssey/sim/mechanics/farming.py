"""Hoes and farmland, as vanilla 1.21.11's HoeItem and FarmBlock; planting seeds.

- A hoe used on the top or a side of grass, dirt or a dirt path with air above tills it into
  farmland (coarse dirt into dirt); rooted dirt becomes dirt from any face and drops hanging
  roots. One point of durability (Unbreaking can save it), sound ``item.hoe.till``.
- Farmland's moisture (0..7): a random tick with water within 4 blocks horizontally at its
  level or one above, or rain falling on the block above, sets it to 7; otherwise it drops by
  one, and dry farmland without a crop on it turns to dirt.
- Anything solid placed on farmland turns it to dirt (a tick later, as vanilla schedules it).
- Trampling: landing on farmland with a fall distance d turns it to dirt with chance d − 0.5
  (players always trample; the 1.21.5+ fall distance includes the landing tick's drop).
- Seeds (and carrots and potatoes) are planted only on farmland: elsewhere the item does
  nothing (carrots and potatoes are eaten instead, as vanilla's BlockItem falls back to use).
"""

from __future__ import annotations

import numpy as np

from odyssey.sim import blockupdates
from odyssey.sim import layout as k
from odyssey.sim.food import can_eat
from odyssey.sim.loot import wear_tool
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import (
    above,
    has_water,
    int_prop,
    is_air,
    name_at,
    names,
    pop_resource,
    raining_at,
    with_value,
)
from odyssey.sim.placement_states import neighbour
from odyssey.sim.placing import replaceable
from odyssey.sim.player import PlayerState
from odyssey.world.blocks import BlockFlag, BlockRegistry
from odyssey.world.items import items

Pos = tuple[int, int, int]
HOES = tuple(n for n in items().names if n.endswith("_hoe"))
TO_FARMLAND = ("grass_block", "dirt_path", "dirt")
NEAR_WATER = 4  # FarmBlock.isNearWater: the 9x2x9 box
# BlockTags.MAINTAINS_FARMLAND: what keeps dry farmland from turning to dirt
MAINTAINS = frozenset(("wheat", "carrots", "potatoes", "beetroots", "melon_stem", "pumpkin_stem",
                       "attached_melon_stem", "attached_pumpkin_stem", "torchflower_crop",
                       "pitcher_crop"))  # fmt: skip
SEEDS = {"wheat_seeds": "wheat", "carrot": "carrots", "potato": "potatoes",
         "beetroot_seeds": "beetroots", "melon_seeds": "melon_stem",
         "pumpkin_seeds": "pumpkin_stem", "torchflower_seeds": "torchflower_crop",
         "pitcher_pod": "pitcher_crop"}  # fmt: skip


# -- hoes ----------------------------------------------------------------------------------------


@hooks.on_use_item(*HOES)
def till(game, hit, held) -> bool:
    """HoeItem.useOn: till the clicked block."""
    s = game.survival
    if hit is None or not s.builds:
        return False
    world = game.world
    reg = world.registry
    name = name_at(world, hit.pos)
    air_above = hit.face != "down" and is_air(reg, world.get_block(*above(hit.pos)))
    if name in TO_FARMLAND and air_above:
        new, extra = "farmland", None
    elif name == "coarse_dirt" and air_above:
        new, extra = "dirt", None
    elif name == "rooted_dirt":
        new, extra = "dirt", "hanging_roots"
    else:
        return False
    hooks.sound(game, "item.hoe.till", hit.pos)
    game.set_block(hit.pos, reg.default_state(new))
    if extra is not None:
        pop_resource(game, extra, 1, hit.pos)
    _wear(game, held)
    return True


def _wear(game, held) -> None:
    """ItemStack.hurtAndBreak(1) in survival, and the ``used`` statistic."""
    s = game.survival
    s.stats.add("used", held.item)
    if s.gamemode == "creative":
        return
    wear = wear_tool(held.item, held.damage, 1.0, held.enchantments, s.rng)
    if wear is None:
        return
    if wear.broken:
        s.inventory.set(s.inventory.selected, None)
        s.stats.add("broken", held.item)
        hooks.sound(game, "entity.item.break")
    else:
        s.inventory.set(s.inventory.selected, held.with_component("damage", wear.damage))


# -- farmland ------------------------------------------------------------------------------------


_WATER: dict[int, np.ndarray] = {}


def _water_mask(reg: BlockRegistry) -> np.ndarray:
    mask = _WATER.get(id(reg))
    if mask is None:
        mask = _WATER[id(reg)] = np.array([has_water(reg, s) for s in range(len(
            reg.state_flags))], dtype=bool)  # fmt: skip
    return mask


def near_water(world, pos: Pos) -> bool:
    """FarmBlock.isNearWater: water in x±4, z±4 at the block's level or one above."""
    x, y, z = pos
    r = NEAR_WATER
    box = world.get_box((x - r, y, z - r), (x + r + 1, y + 2, z + r + 1))
    return bool(_water_mask(world.registry)[box].any())


@hooks.on_random("farmland")
def farmland_tick(game, pos: Pos, state: int, rng) -> None:
    """FarmBlock.randomTick."""
    world = game.world
    reg = world.registry
    moisture = int_prop(reg, state, "moisture")
    if near_water(world, pos) or raining_at(game, above(pos)):
        if moisture < 7:
            game.set_block(pos, with_value(reg, state, "moisture", "7"), update=False)
    elif moisture > 0:
        game.set_block(pos, with_value(reg, state, "moisture", str(moisture - 1)), update=False)
    elif name_at(world, above(pos)) not in MAINTAINS:
        turn_to_dirt(game, pos)


def supports(game, pos: Pos) -> bool:
    """FarmBlock.canSurvive: nothing solid above (fence gates are fine)."""
    reg = game.world.registry
    top = game.world.get_block(*above(pos))
    solid = bool(reg.state_flags[top] & BlockFlag.BLOCKS_MOTION)
    return not solid or bool(reg.state_flags[top] & BlockFlag.FENCE_GATE)


@hooks.on_neighbour("farmland")
def farmland_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if not supports(game, pos):
        blockupdates.schedule(game, pos, 1, "farming_dirt")


@hooks.on_scheduled("farming_dirt")
def farmland_due(game, pos: Pos, state: int) -> None:
    if names(game.world.registry)[state] == "farmland" and not supports(game, pos):
        turn_to_dirt(game, pos)


def turn_to_dirt(game, pos: Pos) -> None:
    """FarmBlock.turnToDirt: dirt, and the player standing in the farmland's top sixteenth
    pushed up onto the full block (Block.pushEntitiesUp)."""
    game.set_block(pos, game.world.registry.default_state("dirt"))
    game.emit("farmland_dried", 0.0, pos)
    p = game.player
    x, y, z = p.pos
    if p.dead or not (pos[1] <= y < pos[1] + 1):
        return
    if abs(x - (pos[0] + 0.5)) < 0.8 and abs(z - (pos[2] + 0.5)) < 0.8:
        st = p.to_array()
        st[k.S_Y] = float(pos[1] + 1)
        game.player = PlayerState.from_array(st, p.attributes)


@hooks.on_player_tick
def trample(game, before: PlayerState) -> None:
    """FarmBlock.fallOn: a landing this tick (the physics' ``landed`` event) on farmland."""
    distance = _landed(game)
    if distance is None or distance <= 0.5:
        return
    x, y, z = game.player.pos
    pos = (int(np.floor(x)), int(np.floor(y - 0.2)), int(np.floor(z)))  # getOnPosLegacy
    if name_at(game.world, pos) != "farmland":
        return
    if game.survival.rng.random() < distance - 0.5:
        turn_to_dirt(game, pos)
        game.emit("farmland_trampled", float(distance), pos)


def _landed(game) -> float | None:
    for event in reversed(game.events):
        if event.tick != game.tick_count:
            return None
        if event.kind == "landed":
            return float(event.value)
    return None


# -- seeds ---------------------------------------------------------------------------------------


@hooks.on_use_item(*SEEDS)
def plant(game, hit, held) -> bool:
    """Seeds go only on farmland: let the placing code place them there, stop it elsewhere
    (carrots and potatoes are eaten instead when the player is hungry)."""
    s = game.survival
    if hit is None or not s.builds:
        return False
    world = game.world
    block = SEEDS[held.item]
    target = hit.pos if replaceable(world, hit.pos, block) else neighbour(hit.pos, hit.face)
    if name_at(world, (target[0], target[1] - 1, target[2])) == "farmland":
        return False  # place_block puts the crop there
    edible = held.type.food is not None
    if edible and can_eat(s.food, held, s.gamemode == "creative"):
        s.eating = 1
    return True
