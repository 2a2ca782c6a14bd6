"""Crops and stems growing by random ticks, as vanilla 1.21.11's CropBlock, BeetrootBlock,
StemBlock and AttachedStemBlock.

- Wheat, carrots and potatoes (age 0..7) and beetroots (0..3) grow one stage on a random tick
  when the raw light (sky or block, not darkened at night) is at least 9, with chance
  1 / (floor(25 / g) + 1), g being CropBlock.getGrowthSpeed: 1, plus 3 for the farmland below
  when moist (1 when dry), plus a quarter of that for each of the 8 farmland blocks around it,
  halved when the same crop grows on both axes next to it or diagonally (rows grow faster than
  blocks). Beetroots skip a third of their random ticks.
- Melon and pumpkin stems grow the same way to age 7; then each growth roll tries one random
  side: an air block on farmland or dirt becomes the fruit and the stem turns to it.
- A crop without farmland under it breaks and drops its loot; an attached stem whose fruit is
  gone becomes a grown stem again.
- Bone meal: crops +2..5 stages (beetroots a third of that), stems too (and a fruit roll at 7).

Beetroots grow on two random ticks in three (vanilla's ``nextInt(3) != 0``).

Deliberate differences: torchflower and pitcher crops are planted but do not grow; a crop does
not break for lack of light (vanilla's canSurvive also wants raw light 8 or the open sky, which
without a light engine would break crops lit from the side).
"""

from __future__ import annotations

import numpy as np

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import (
    DIRECTIONS,
    DIRT_TAG,
    HORIZONTAL,
    between,
    destroy,
    int_prop,
    is_air,
    name_at,
    names,
    next_int,
    offset,
    prop,
    raw_brightness,
    with_value,
)

Pos = tuple[int, int, int]
CROPS = {"wheat": 7, "carrots": 7, "potatoes": 7, "beetroots": 3}  # max age
STEMS = {"melon_stem": ("melon", "attached_melon_stem"),
         "pumpkin_stem": ("pumpkin", "attached_pumpkin_stem")}  # fmt: skip
ATTACHED = {"attached_melon_stem": ("melon", "melon_stem"),
            "attached_pumpkin_stem": ("pumpkin", "pumpkin_stem")}  # fmt: skip
MIN_LIGHT = 9
F32 = np.float32


def growth_speed(world, pos: Pos, name: str) -> float:
    """CropBlock.getGrowthSpeed (float arithmetic as vanilla's)."""
    reg = world.registry
    block_names = names(reg)
    x, y, z = pos
    f = F32(1.0)
    for i in (-1, 0, 1):
        for j in (-1, 0, 1):
            state = world.get_block(x + i, y - 1, z + j)
            g = F32(0.0)
            if block_names[state] == "farmland":
                g = F32(3.0) if int_prop(reg, state, "moisture") > 0 else F32(1.0)
            if i or j:
                g = g / F32(4.0)
            f = f + g

    def same(dx: int, dz: int) -> bool:
        return block_names[world.get_block(x + dx, y, z + dz)] == name

    along_x = same(-1, 0) or same(1, 0)
    along_z = same(0, -1) or same(0, 1)
    if (along_x and along_z) or same(-1, -1) or same(1, -1) or same(1, 1) or same(-1, 1):
        f = f / F32(2.0)
    return float(f)


def _rolls(world, pos: Pos, name: str, rng) -> bool:
    """The growth roll: nextInt((int)(25 / g) + 1) == 0."""
    g = F32(growth_speed(world, pos, name))
    return next_int(rng, int(F32(25.0) / g) + 1) == 0


@hooks.on_random(*CROPS)
def crop_tick(game, pos: Pos, state: int, rng) -> None:
    """CropBlock.randomTick (BeetrootBlock: only when nextInt(3) != 0)."""
    reg = game.world.registry
    name = names(reg)[state]
    if name == "beetroots" and next_int(rng, 3) == 0:
        return
    age = int_prop(reg, state, "age")
    if age >= CROPS[name] or raw_brightness(game, pos) < MIN_LIGHT:
        return
    if _rolls(game.world, pos, name, rng):
        game.set_block(pos, with_value(reg, state, "age", str(age + 1)), update=False)


@hooks.on_random(*STEMS)
def stem_tick(game, pos: Pos, state: int, rng) -> None:
    """StemBlock.randomTick: grow, and at age 7 put a fruit beside the stem."""
    world = game.world
    reg = world.registry
    name = names(reg)[state]
    if raw_brightness(game, pos) < MIN_LIGHT or not _rolls(world, pos, name, rng):
        return
    age = int_prop(reg, state, "age")
    if age < 7:
        game.set_block(pos, with_value(reg, state, "age", str(age + 1)), update=False)
        return
    side = next_int(rng, 4)  # Direction.Plane.HORIZONTAL.getRandomDirection
    there = offset(pos, HORIZONTAL[side])
    ground = name_at(world, (there[0], there[1] - 1, there[2]))
    if is_air(reg, world.get_block(*there)) and (ground == "farmland" or ground in DIRT_TAG):
        fruit, attached = STEMS[name]
        game.set_block(there, reg.default_state(fruit))
        game.set_block(pos, reg.state_of(attached, {"facing": DIRECTIONS[side]}))
        game.emit("fruit_grown", 0.0, there, fruit)


@hooks.on_neighbour(*CROPS, *STEMS, *ATTACHED, "torchflower_crop")
def crop_support(game, pos: Pos, state: int, source: Pos) -> None:
    """CropBlock/StemBlock.mayPlaceOn: farmland below, else the plant breaks with its loot;
    AttachedStemBlock.updateShape: without its fruit it is a grown stem again."""
    world = game.world
    if name_at(world, (pos[0], pos[1] - 1, pos[2])) != "farmland":
        destroy(game, pos)
        return
    reg = world.registry
    name = names(reg)[state]
    if name in ATTACHED:
        fruit, stem = ATTACHED[name]
        facing = prop(reg, state, "facing")
        there = offset(pos, HORIZONTAL[DIRECTIONS.index(facing)])
        if name_at(world, there) != fruit:
            game.set_block(pos, reg.state_of(stem, {"age": "7"}))


# -- bone meal ---------------------------------------------------------------------------------


def can_grow(reg, state: int) -> bool:
    """isValidBonemealTarget: crops and stems not fully grown."""
    name = names(reg)[state]
    limit = CROPS.get(name, 7 if name in STEMS else -1)
    return int_prop(reg, state, "age") < limit


def bonemeal(game, pos: Pos, state: int, rng) -> None:
    """CropBlock.growCrops / StemBlock.performBonemeal: 2..5 stages at once."""
    reg = game.world.registry
    name = names(reg)[state]
    step = between(rng, 2, 5)
    if name == "beetroots":
        step //= 3
    limit = CROPS.get(name, 7)
    age = min(limit, int_prop(reg, state, "age") + step)
    new = with_value(reg, state, "age", str(age))
    game.set_block(pos, new, update=False)
    if name in STEMS and age == 7:
        stem_tick(game, pos, new, rng)
