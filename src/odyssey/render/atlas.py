"""The procedural texture atlas: one 16×16 RGBA tile per material and the tile of every block face.

Tiles are drawn by the recipes of ``tiles`` (``texgen`` primitives, ``pictures``, ``sprites``,
``palette`` colours; no Mojang assets) and named like vanilla's texture files (``grass_block_top``,
``oak_log``, ``white_wool``). Each block name is resolved to a face rule once (``facerules``) and
the per-state table is filled with numpy, so the whole 1.21.11 registry builds in a fraction of a
second. This module is the public face of all of them: their names are re-exported here.

Face order is ``FACES`` (-y, +y, -z, +z, -x, +x). Texture orientation, as vanilla's models: on
side faces row 0 is the top (+y); on the up face columns run along +x and row 0 is north (-z);
on the down face columns run along +x and row 0 is south (+z). A log lying along x or z uses a
``*_horizontal`` tile (its bark turned 90°) on the faces where its axis runs across columns.
Biome colours are baked in (plains grass #91BD59, foliage #77AB2F); face brightness is not.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from odyssey.render import texgen as tg
from odyssey.render.facerules import (
    CRAFTING_SIDES,
    FACES,
    INVISIBLE,
    MATERIAL_FORMS,
    SAME_AS,
    SHAPE_SUFFIXES,
    TALL_PLANTS,
    FaceRule,
    Resolver,
    Six,
    axis_rule,
    column,
    cube,
    explicit_rules,
    facing_rule,
    fixed,
    half_rule,
    snowy_rule,
)
from odyssey.render.palette import (
    COPPER,
    DYES,
    FLOWERS,
    FOLIAGE,
    GRASS,
    MINERAL_BLOCKS,
    ORES,
    WATER,
    WOODS,
    Wood,
    log_names,
)
from odyssey.render.texgen import RGB
from odyssey.render.tiles import (
    Recipe,
    fallback_recipe,
    recipes,
)
from odyssey.world import BlockRegistry
from odyssey.world import registry as default_registry
from odyssey.world.blocks import BlockType

__all__ = [
    "AIR_NAMES",
    "COPPER",
    "CRAFTING_SIDES",
    "DYES",
    "FACES",
    "FLOWERS",
    "FOLIAGE",
    "GRASS",
    "INVISIBLE",
    "LAYER_CUTOUT",
    "LAYER_OPAQUE",
    "LAYER_TRANSLUCENT",
    "MATERIAL_FORMS",
    "MINERAL_BLOCKS",
    "ORES",
    "RGB",
    "SAME_AS",
    "SHAPE_SUFFIXES",
    "TALL_PLANTS",
    "TILE",
    "WATER",
    "WOODS",
    "Atlas",
    "FaceRule",
    "Recipe",
    "Resolver",
    "Six",
    "Wood",
    "axis_rule",
    "block_layers",
    "build_atlas",
    "column",
    "cube",
    "draw_tiles",
    "explicit_rules",
    "facing_rule",
    "fallback_recipe",
    "fixed",
    "half_rule",
    "log_names",
    "make_atlas",
    "recipes",
    "snowy_rule",
    "tile_layers",
]

TILE = 16
LAYER_OPAQUE, LAYER_CUTOUT, LAYER_TRANSLUCENT = 0, 1, 2
AIR_NAMES = ("air", "cave_air", "void_air")


@dataclass(frozen=True, eq=False)
class Atlas:
    """Tile images, their names, and the tile of each face and the render layer of every state."""

    images: np.ndarray  # (n_tiles, 16, 16, 4) uint8 RGBA, straight alpha, row 0 at the top
    names: tuple[str, ...]
    face_tiles: np.ndarray  # (state_count, 6) int32, faces in FACES order
    layer: np.ndarray  # (state_count,) uint8 LAYER_*

    @cached_property
    def _index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    def tile(self, name: str) -> int:
        """The index of the tile called ``name``."""
        try:
            return self._index[name]
        except KeyError:
            raise KeyError(
                f"no atlas tile named {name!r} ({len(self.names)} tiles, e.g. "
                f"{', '.join(self.names[:3])}; see Atlas.names)"
            ) from None


# -- building ------------------------------------------------------------------------------------


def build_atlas(registry: BlockRegistry | None = None, seed: int = 0) -> Atlas:
    """The atlas of ``registry`` (default 1.21.11, cached); same inputs give the same bytes."""
    if registry is None or registry is default_registry():
        return _default_atlas(seed)
    return make_atlas(registry, seed)


@lru_cache(maxsize=4)
def _default_atlas(seed: int) -> Atlas:
    return make_atlas(default_registry(), seed)


def make_atlas(reg: BlockRegistry, seed: int = 0) -> Atlas:
    """Build an atlas without the cache (``build_atlas`` is the one to call)."""
    tiles = dict(recipes())
    resolver = Resolver(reg, tiles)
    tables: list[tuple[tuple[str, ...], list[Six]]] = []
    for block in reg.blocks:
        rule = resolver.rule(block.name)
        if rule is None:
            tiles[block.name] = fallback_recipe(reg, block.name)
            rule = fixed(cube(block.name))
        keys = tuple(k for k in rule.keys if k in dict(block.properties))
        values = [dict(block.properties)[k] for k in keys]
        sixes = [
            rule.pick(dict(zip(keys, combo, strict=True))) for combo in itertools.product(*values)
        ]
        tables.append((keys, sixes))
    for six in (s for _, sixes in tables for s in sixes):
        for name in six:
            if name not in tiles and name.endswith("_horizontal"):
                base = name.removesuffix("_horizontal")
                tiles[name] = lambda g, t, b=base: np.rot90(t(b)).copy()
    names = tuple(tiles)
    images = draw_tiles(tiles, seed)
    index = {name: i for i, name in enumerate(names)}
    face_tiles = np.zeros((reg.state_count, 6), np.int32)
    for block, (keys, sixes) in zip(reg.blocks, tables, strict=True):
        table = np.array([[index[n] for n in six] for six in sixes], np.int32)
        face_tiles[block.min_state : block.max_state + 1] = table[_combo_index(block, keys)]
    layer = block_layers(reg, tile_layers(images)[face_tiles].max(axis=1))
    for name in AIR_NAMES:
        block = reg.block(name)
        layer[block.min_state : block.max_state + 1] = LAYER_OPAQUE
    for array in (images, face_tiles, layer):
        array.setflags(write=False)
    return Atlas(images, names, face_tiles, layer)


def _combo_index(block: BlockType, keys: tuple[str, ...]) -> np.ndarray:
    """For each state of ``block``, the index of its ``keys`` values in itertools.product order."""
    offsets = np.arange(block.state_count)
    sizes = [len(values) for _, values in block.properties]
    combo = np.zeros(block.state_count, np.int64)
    for key in keys:
        j = [k for k, _ in block.properties].index(key)
        stride = int(np.prod(sizes[j + 1 :], dtype=np.int64))
        combo = combo * sizes[j] + (offsets // stride) % sizes[j]
    return combo


def draw_tiles(tiles: Mapping[str, Recipe], seed: int) -> np.ndarray:
    """Draw every recipe with its own seeded generator: (n, 16, 16, 4) uint8."""
    done: dict[str, np.ndarray] = {}

    def tile(name: str) -> np.ndarray:
        if name not in done:
            done[name] = np.asarray(tiles[name](tg.tile_rng(name, seed), tile), np.float32)
        return done[name]

    return np.stack([np.clip(np.rint(tile(n)), 0, 255).astype(np.uint8) for n in tiles])


def block_layers(reg: BlockRegistry, state_layer: np.ndarray) -> np.ndarray:
    """Each block's states all take its most demanding layer, as vanilla sets render types per
    block (a door's lower half is cutout like its windowed upper half)."""
    starts = np.array([b.min_state for b in reg.blocks])
    per_block = np.maximum.reduceat(state_layer, starts)
    return per_block[reg.state_block].astype(np.uint8)


def tile_layers(images: np.ndarray) -> np.ndarray:
    """LAYER_* per tile from its alpha: partial alpha is translucent, holes are cutout."""
    alpha = images[..., 3]
    translucent = ((alpha > 0) & (alpha < 255)).any(axis=(1, 2))
    cutout = (alpha == 0).any(axis=(1, 2))
    return np.where(translucent, LAYER_TRANSLUCENT, np.where(cutout, LAYER_CUTOUT, LAYER_OPAQUE))
