"""Saplings growing into trees, as vanilla 1.21.11's SaplingBlock and TreeGrower.

A random tick with light at least 9 above the sapling (sky light darkened by the time of day,
or block light) advances it with chance 1/7: stage 0 becomes stage 1, and a stage-1 sapling
grows its tree. Dark oak and pale oak need four saplings in a square (the tree grows from its
north-west corner and takes all four). The trees are the world generator's shapes
(``world.gen.trees``): trunk heights as it draws them, a random crown variant; dirt replaces
the grass or farmland under the trunk; leaves fill only air and replaceable plants. The tree
does not grow (the sapling stays) when a block other than air, leaves or a plant stands where
a log would go.

Deliberate differences: no fancy (large) oaks, mega spruces or mega jungle trees (a square of
those saplings grows one normal tree), no bee nests; cherry trees take the oak's shape and pale
oaks the dark oak's; the free-height check looks at the log positions only.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import (
    DIRT_TAG,
    above,
    between,
    int_prop,
    name_at,
    names,
    next_int,
    raw_brightness,
    with_value,
)
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry
from odyssey.world.gen.trees import GROUND, LEAVES, LOG, template, trunk_range

Pos = tuple[int, int, int]
KIND = {"oak_sapling": "oak", "spruce_sapling": "spruce", "birch_sapling": "birch",
        "jungle_sapling": "jungle", "acacia_sapling": "acacia", "dark_oak_sapling": "dark_oak",
        "cherry_sapling": "cherry", "pale_oak_sapling": "pale_oak"}  # fmt: skip
SHAPE = {"cherry": "oak", "pale_oak": "dark_oak"}  # kinds drawn with another kind's shape
SQUARE = ("dark_oak", "pale_oak")  # need 2x2 saplings
MIN_LIGHT = 9
CHANCE = 7  # SaplingBlock.randomTick: nextInt(7) == 0
BONEMEAL_CHANCE = 0.45


@hooks.on_random(*KIND)
def sapling_tick(game, pos: Pos, state: int, rng) -> None:
    """SaplingBlock.randomTick."""
    if raw_brightness(game, above(pos), darkened=True) >= MIN_LIGHT and next_int(rng, CHANCE) == 0:
        advance(game, pos, state, rng)


def advance(game, pos: Pos, state: int, rng) -> None:
    """SaplingBlock.advanceTree: stage 0 -> 1, then the tree."""
    reg = game.world.registry
    if int_prop(reg, state, "stage") == 0:
        game.set_block(pos, with_value(reg, state, "stage", "1"), update=False)
    else:
        grow_tree(game, pos, state, rng)


def _square(world, pos: Pos, sapling: str) -> Pos | None:
    """TreeGrower's 2x2 search: the north-west corner of a square of saplings with ``pos``."""
    for i in (0, -1):
        for j in (0, -1):
            corner = (pos[0] + i, pos[1], pos[2] + j)
            cells = [(corner[0] + a, pos[1], corner[2] + b) for a in (0, 1) for b in (0, 1)]
            if all(name_at(world, c) == sapling for c in cells):
                return corner
    return None


@cache
def _recoloured(reg: BlockRegistry, kind: str, trunk: int, variant: int) -> tuple:
    """A tree template's offsets, states and layers with ``kind``'s own log and leaves."""
    shape = SHAPE.get(kind, kind)
    t = template(shape, trunk, variant)
    states = t.states
    if shape != kind:
        states = np.array([reg.state_of(names(reg)[s].replace(shape, kind, 1), reg.properties(
            int(s))) if names(reg)[s].startswith(shape) else s for s in states.tolist()],
            dtype=np.uint16)  # fmt: skip
    return t.offsets, states, t.layers


def _free(reg: BlockRegistry, state: int, saplings: tuple[str, ...]) -> bool:
    """TreeFeature.validTreePos: air, leaves, replaceable plants (and the saplings)."""
    flags = int(reg.state_flags[state])
    return (
        state == AIR
        or names(reg)[state] in ("cave_air", "void_air", *saplings)
        or bool(flags & (BlockFlag.LEAVES | BlockFlag.REPLACEABLE))
    )


def grow_tree(game, pos: Pos, state: int, rng) -> bool:
    """TreeGrower.growTree: replace the sapling(s) with a tree; False when it cannot."""
    world = game.world
    reg = world.registry
    sapling = names(reg)[state]
    kind = KIND[sapling]
    base, cells = pos, [pos]
    if kind in SQUARE:
        corner = _square(world, pos, sapling)
        if corner is None:
            return False
        base = corner
        cells = [(base[0] + a, base[1], base[2] + b) for a in (0, 1) for b in (0, 1)]
    low, high = trunk_range(SHAPE.get(kind, kind))
    offsets, states, layers = _recoloured(reg, kind, between(rng, low, high), next_int(rng, 4))
    places = [(base[0] + dx, base[1] + dy, base[2] + dz) for dx, dy, dz in offsets.tolist()]
    for p, layer in zip(places, layers.tolist(), strict=True):
        if layer == LOG and not _free(reg, world.get_block(*p), (sapling,)):
            return False
        if p[1] >= world.dimension.max_y:
            return False
    for cell in cells:
        game.set_block(cell, AIR, update=False)
    for p, s, layer in zip(places, states.tolist(), layers.tolist(), strict=True):
        here = world.get_block(*p)
        if layer == GROUND:
            ground = names(reg)[here]
            if ground in DIRT_TAG and ground not in ("grass_block", "mycelium"):
                continue  # TrunkPlacer.placeBelowTrunkBlock keeps plain dirt
            game.set_block(p, int(s))
        elif layer == LOG or (layer == LEAVES and _free(reg, here, ())):
            game.set_block(p, int(s))
    game.emit("tree_grown", 0.0, pos, kind)
    return True


def bonemeal_success(rng) -> bool:
    """SaplingBlock.isBonemealSuccess: 45 %."""
    return rng.random() < BONEMEAL_CHANCE
