"""Bone meal, as vanilla 1.21.11's BoneMealItem.growCrop on the BonemealableBlocks it knows.

Used on a block that can grow, it uses one bone meal (none in creative), shows the growth
particles (event ``bone_meal``, sound ``item.bone_meal.use``) and, when the block's success
roll passes, grows it: crops 2..5 stages (beetroots a third of that), stems too, saplings a
stage or the tree (45 %), short grass and ferns into their tall forms, and a grass block
scatters short grass and flowers around it (GrassBlock.performBonemeal's 128 random walks).
Fully grown crops, sugar cane and cactus take none.

Deliberate differences: grass blocks scatter the default flowers (dandelion 2 : poppy 1) in
every biome; bone meal on other plants (mushrooms, cocoa, berries, moss, underwater) does
nothing.
"""

from __future__ import annotations

from odyssey.sim.mechanics import crops, hooks, saplings
from odyssey.sim.mechanics.plant_env import above, below, is_air, name_at, names, next_int
from odyssey.world.blocks import BlockFlag

Pos = tuple[int, int, int]
GRASS_TRIES = 128
TALL = {"short_grass": "tall_grass", "fern": "large_fern"}
FLOWERS = ("dandelion", "dandelion", "poppy")  # FLOWER_DEFAULT's weights


@hooks.on_use_item("bone_meal")
def use_bone_meal(game, hit, held) -> bool:
    s = game.survival
    if hit is None or not s.builds:
        return False
    world = game.world
    reg = world.registry
    pos = hit.pos
    state = world.get_block(*pos)
    name = names(reg)[state]
    rng = s.rng
    if name in crops.CROPS or name in crops.STEMS:
        if not crops.can_grow(reg, state):
            return False
        grow = lambda: crops.bonemeal(game, pos, state, rng)  # noqa: E731
    elif name in saplings.KIND:
        if not saplings.bonemeal_success(rng):
            grow = None
        else:
            grow = lambda: saplings.advance(game, pos, state, rng)  # noqa: E731
    elif name == "grass_block":
        if not is_air(reg, world.get_block(*above(pos))):
            return False
        grow = lambda: spread_grass(game, pos)  # noqa: E731
    elif name in TALL:
        if not is_air(reg, world.get_block(*above(pos))):
            return False
        grow = lambda: double_plant(game, pos, TALL[name])  # noqa: E731
    else:
        return False
    if grow is not None:
        grow()
    if s.gamemode != "creative":
        s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
    s.stats.add("used", "bone_meal")
    game.emit("bone_meal", 0.0, pos, name)
    hooks.sound(game, "item.bone_meal.use", pos)
    return True


def double_plant(game, pos: Pos, name: str) -> None:
    """DoublePlantBlock.placeAt: the lower half here, the upper above."""
    reg = game.world.registry
    game.set_block(pos, reg.state_of(name, {"half": "lower"}), update=False)
    game.set_block(above(pos), reg.state_of(name, {"half": "upper"}), update=False)


def _trunc_half(v: int) -> int:
    return int(v / 2)  # Java's integer division truncates towards zero


def spread_grass(game, pos: Pos) -> None:
    """GrassBlock.performBonemeal."""
    world = game.world
    reg = world.registry
    rng = game.survival.rng
    start = above(pos)
    for i in range(GRASS_TRIES):
        p = start
        walked = True
        for _ in range(i // 16):
            dx = next_int(rng, 3) - 1
            dy = _trunc_half((next_int(rng, 3) - 1) * next_int(rng, 3))
            dz = next_int(rng, 3) - 1
            p = (p[0] + dx, p[1] + dy, p[2] + dz)
            full = bool(reg.state_flags[world.get_block(*p)] & BlockFlag.FULL_CUBE)
            if name_at(world, below(p)) != "grass_block" or full:
                walked = False
                break
        if not walked:
            continue
        here = world.get_block(*p)
        grass = names(reg)[here] == "short_grass"
        if grass and next_int(rng, 10) == 0 and is_air(reg, world.get_block(*above(p))):
            double_plant(game, p, "tall_grass")
        if is_air(reg, here):
            flower = next_int(rng, 8) == 0
            plant = FLOWERS[next_int(rng, len(FLOWERS))] if flower else "short_grass"
            if name_at(world, below(p)) == "grass_block":
                game.set_block(p, reg.default_state(plant))
