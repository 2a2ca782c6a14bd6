"""Block models for the chunk mesher: which states are plain cubes, and the quads of all others.

Every block state maps to a geometry key (``modelrules``); geometries are built once per key
from vanilla 1.21 model sizes (``shapes``, ``plantshapes``, ``fixtureshapes``,
``entityshapes``, ``mechshapes``), states without a rule fall back to their collision boxes,
and the per-state quads are assembled with numpy. Texture tiles and render layers come from the
atlas as arrays (a quad may name its own tile: a repeater's torches), so this module never
draws a pixel; per-state tints (redstone dust by power) come from ``blocktints``. Sign text
areas are ``signplanes.sign_text_planes``.

A fluid's model is flat at the state's own height; the mesher, which sees the neighbours,
averages its corner heights as vanilla does. Deliberate differences from vanilla, all per
state (a model here cannot see its neighbours): plants are not offset
by the position hash; waterlogged blocks, kelp, seagrass and bubble columns carry no water quads
here (the mesher adds the water); block entities (chests, signs, banners, beds) are static boxes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.render import entityshapes as es
from odyssey.render import fixtureshapes as fx
from odyssey.render import mechshapes as ms
from odyssey.render import plantshapes as pl
from odyssey.render import shapes as sh
from odyssey.render.blocktints import state_tints
from odyssey.render.modelrules import CUBE, NOTHING, SIDES, Key, state_keys
from odyssey.render.quads import Baked, Mesh, bake, box, boxes
from odyssey.render.signplanes import sign_text_planes
from odyssey.world.blocks import BlockFlag, BlockRegistry, BlockType

__all__ = ["BUILDERS", "ModelTable", "build_models", "geometry", "sign_text_planes"]


@dataclass(frozen=True)
class ModelTable:
    """Per-state cube/occlusion/cull-group flags and the quads of every non-cube state."""

    cube: np.ndarray  # (n_states,) bool: a full cube the greedy cube mesher draws
    occludes: np.ndarray  # (n_states,) bool: an opaque full cube hiding neighbours' faces
    cull_group: np.ndarray  # (n_states,) int16: faces between equal nonzero groups are hidden
    start: np.ndarray  # (n_states,) int32: first quad of the state
    count: np.ndarray  # (n_states,) int32: number of quads
    pos: np.ndarray  # (Q, 4, 3) float32: corners in block units, counter-clockwise from outside
    uv: np.ndarray  # (Q, 4, 2) float32: tile units, u right, v down
    tile: np.ndarray  # (Q,) int32
    cull: np.ndarray  # (Q,) int8: face 0..5 hidden by an occluding neighbour there, or -1
    shade: np.ndarray  # (Q,) int8: face whose directional shade applies, 6 = none
    layer: np.ndarray  # (Q,) uint8
    tint: np.ndarray  # (Q,) uint16: RGB565 colour multiplied in (blocktints), 0xFFFF = none


# Full cubes that vanilla marks noOcclusion: their neighbours' faces stay drawn.
NO_OCCLUSION = {"powder_snow", "chorus_flower", "beacon", "mangrove_roots", "spawner"}
NO_OCCLUSION |= {"trial_spawner", "vault", "end_gateway", "honey_block", "slime_block"}
HALF_TRANSPARENT = {"glass", "tinted_glass", "ice", "frosted_ice", "slime_block", "honey_block"}
HALF_TRANSPARENT |= {"powder_snow"}


# -- geometry per key --------------------------------------------------------------------------

BUILDERS: dict[str, Callable[..., Mesh]] = {
    "stairs": sh.stairs,
    "slab": sh.slab,
    "door": sh.door,
    "trapdoor": sh.trapdoor,
    "gate": sh.fence_gate,
    "fence": sh.fence,
    "wall": lambda up, sides: sh.wall(up, dict(zip(SIDES, sides, strict=True))),
    "pane": sh.pane,
    "ladder": sh.ladder,
    "plate": lambda down: box([1, 0, 1, 15, 0.5 if down else 1, 15]),
    "carpet": lambda: box([0, 0, 0, 16, 1, 16]),
    "snow": lambda layers: box([0, 0, 0, 16, 2 * layers, 16]),
    "cactus": sh.cactus,
    "fluid": sh.fluid,
    "portal": sh.portal,
    "end_portal": sh.end_portal,
    "cross": pl.cross,
    "crop": pl.crop,
    "flat": pl.flat,
    "faces": pl.face_planes,
    "stem": pl.stem,
    "attached_stem": pl.attached_stem,
    "big_dripleaf": pl.big_dripleaf,
    "coral_fan": pl.coral_fan,
    "coral_wall_fan": pl.coral_wall_fan,
    "bamboo": pl.bamboo,
    "fire": pl.fire,
    "torch": fx.torch,
    "wall_torch": fx.wall_torch,
    "button": fx.button,
    "lever": fx.lever,
    "rail": fx.rail,
    "wire": ms.wire,
    "repeater": ms.repeater,
    "comparator": ms.comparator,
    "piston_base": ms.piston_base,
    "piston_head": ms.piston_head,
    "bed": ms.bed,
    "hopper": ms.hopper,
    "cauldron": ms.cauldron,
    "end_portal_frame": ms.end_portal_frame,
    "composter": ms.composter,
    "tripwire": fx.tripwire,
    "tripwire_hook": fx.tripwire_hook,
    "chain": fx.chain,
    "lantern": fx.lantern,
    "campfire": fx.campfire,
    "rod": fx.rod,
    "pointed_cross": fx.pointed_cross,
    "pot": fx.flower_pot,
    "chest": es.chest,
    "bell": es.bell,
    "sign": es.sign,
    "hanging_sign": es.hanging_sign,
    "banner": es.banner,
}


def geometry(reg: BlockRegistry, key: Key) -> Mesh:
    """The mesh of one geometry key (model pixels)."""
    kind, args = key[0], key[1:]
    if kind == "boxes":
        shape = args[0]
        start, count = reg.shape_box_start[shape], reg.shape_box_count[shape]
        return boxes(reg.boxes[start : start + count].astype(np.float64) * 16.0)
    if kind not in BUILDERS:
        raise KeyError(f"no geometry builder for {key!r}")
    return BUILDERS[kind](*args)


# -- per-state plan and table assembly -----------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """Everything about the states that does not depend on the atlas."""

    geometry_id: np.ndarray  # (n_states,) int32, -1 for cubes and empty states
    cube: np.ndarray  # (n_states,) bool
    may_occlude: np.ndarray  # (n_states,) bool: a cube vanilla lets occlude
    cull_group: np.ndarray  # (n_states,) int16
    quads: Baked  # all geometries' quads, concatenated
    geo_start: np.ndarray  # (n_geometries,) int64
    geo_count: np.ndarray  # (n_geometries,) int64


def _group_name(block: BlockType) -> str | None:
    """Name of the cull group a block belongs to (faces between equal groups are hidden)."""
    name = block.name
    if name == "bubble_column":
        return "water"
    if name in ("water", "lava") or name in HALF_TRANSPARENT:
        return name
    if name.endswith(("_stained_glass", "_grate", "_pane", "_bars")):
        return name  # vanilla hides faces only between the very same block
    if block.flags & BlockFlag.LEAVES:
        return "leaves"  # as with "fast" leaves, which hide each other
    return None


@cache
def _plan(reg: BlockRegistry) -> _Plan:
    n = reg.state_count
    geometry_id = np.full(n, -1, np.int32)
    cube = np.zeros(n, bool)
    may_occlude = np.zeros(n, bool)
    cull_group = np.zeros(n, np.int16)
    group_names = sorted({g for b in reg.blocks if (g := _group_name(b))})
    group_id = {g: i + 1 for i, g in enumerate(group_names)}
    ids: dict[Key, int] = {}
    meshes: list[Baked] = []
    for block in reg.blocks:
        span = slice(block.min_state, block.max_state + 1)
        cull_group[span] = group_id.get(_group_name(block) or "", 0)
        opaque_ok = not (block.name in NO_OCCLUSION or block.name.endswith("shulker_box"))
        for offset, key in enumerate(state_keys(reg, block)):
            state = block.min_state + offset
            if key == CUBE:
                cube[state], may_occlude[state] = True, opaque_ok
            elif key != NOTHING:
                if key not in ids:
                    ids[key] = len(meshes)
                    meshes.append(bake(geometry(reg, key)))
                geometry_id[state] = ids[key]
    counts = np.array([len(m.face) for m in meshes], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    quads = Baked(*(np.concatenate([getattr(m, k) for m in meshes]) for k in Baked.__annotations__))
    return _Plan(
        geometry_id, cube, may_occlude & (cull_group == 0), cull_group, quads, starts, counts
    )


def build_models(
    registry: BlockRegistry,
    face_tiles: np.ndarray,
    layer: np.ndarray,
    tile_index: Mapping[str, int] | None = None,
    tile_layer: np.ndarray | None = None,
) -> ModelTable:
    """The model table for every state, with tiles from ``face_tiles`` (n_states, 6) and render
    layers (0 opaque, 1 cutout, 2 translucent) from ``layer`` (n_states,).

    Quads naming their own tile (a repeater's torches) take it from ``tile_index`` (tile name ->
    index) and draw in the more demanding of their state's layer and that tile's layer in
    ``tile_layer`` (per tile); without ``tile_index`` every quad shows its face's tile."""
    plan = _plan(registry)
    face_tiles = np.asarray(face_tiles)
    layer = np.asarray(layer, dtype=np.uint8)
    gid = plan.geometry_id
    count = np.where(gid >= 0, plan.geo_count[np.maximum(gid, 0)], 0).astype(np.int32)
    start = (np.cumsum(count) - count).astype(np.int32)
    states = np.repeat(np.arange(registry.state_count), count)
    source = plan.geo_start[gid[states]] + (np.arange(len(states)) - start[states])
    q = plan.quads
    tile = face_tiles[states, q.face[source]].astype(np.int32)
    quad_layer = layer[states]
    if tile_index is not None:
        names = q.tex[source]
        own = np.flatnonzero(names != "")
        tile[own] = [tile_index[n] for n in names[own]]
        if tile_layer is not None:
            quad_layer = quad_layer.copy()
            quad_layer[own] = np.maximum(quad_layer[own], tile_layer[tile[own]])
    return ModelTable(
        cube=plan.cube.copy(),
        occludes=plan.may_occlude & (layer == 0),
        cull_group=plan.cull_group.copy(),
        start=start,
        count=count,
        pos=q.pos[source],
        uv=q.uv[source],
        tile=tile,
        cull=q.cull[source],
        shade=q.shade[source],
        layer=quad_layer,
        tint=state_tints(registry)[states],
    )
