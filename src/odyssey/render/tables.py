"""Everything the mesher and the GPU need about block states, built once per registry."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.render.atlas import Atlas, build_atlas, tile_layers
from odyssey.render.light import light_tables
from odyssey.render.mesher import MeshTables
from odyssey.render.models import ModelTable, build_models
from odyssey.world.blocks import BlockFlag, BlockRegistry, registry


@dataclass(frozen=True)
class RenderTables:
    atlas: Atlas
    models: ModelTable
    mesh: MeshTables
    emit: np.ndarray
    filt: np.ndarray


@cache
def render_tables(reg: BlockRegistry | None = None) -> RenderTables:
    reg = reg or registry()
    atlas = build_atlas(reg)
    index = {name: i for i, name in enumerate(atlas.names)}
    models = build_models(reg, atlas.face_tiles, atlas.layer, index, tile_layers(atlas.images))
    fluid, fluid_state = fluid_tables(reg)
    mesh = MeshTables(
        cube=models.cube,
        occludes=models.occludes,
        cull_group=models.cull_group,
        face_tiles=atlas.face_tiles,
        layer=atlas.layer,
        start=models.start,
        count=models.count,
        q_pos=models.pos,
        q_uv=models.uv,
        q_tile=models.tile,
        q_cull=models.cull,
        q_shade=models.shade,
        q_layer=models.layer,
        fluid=fluid,
        fluid_state=fluid_state,
        q_tint=models.tint,
        fluid_height=fluid_heights(reg),
        solid=(reg.state_flags & np.uint32(BlockFlag.SOLID)) != 0,
    )
    emit, filt = light_tables(reg)
    return RenderTables(atlas, models, mesh, emit, filt)


WATER_PLANTS = ("seagrass", "tall_seagrass", "kelp", "kelp_plant", "bubble_column")


def fluid_tables(reg: BlockRegistry) -> tuple[np.ndarray, np.ndarray]:
    """Which fluid each state is or holds (1 water, 2 lava) and the fluid state drawn in it:
    water and lava draw themselves; waterlogged blocks and water plants draw a water source."""
    fluid = np.zeros(reg.state_count, np.int8)
    fluid_state = np.zeros(reg.state_count, np.int32)
    water, lava = reg.block("water"), reg.block("lava")
    for block, kind in ((water, 1), (lava, 2)):
        span = slice(block.min_state, block.max_state + 1)
        fluid[span] = kind
        fluid_state[span] = np.arange(block.min_state, block.max_state + 1)
    logged = (reg.state_flags & np.uint32(BlockFlag.WATERLOGGED)) != 0
    plants = np.isin(reg.state_block, [reg.block(n).index for n in WATER_PLANTS])
    fluid[logged | plants] = 1
    fluid_state[logged | plants] = reg.default_state("water")
    return fluid, fluid_state


def fluid_heights(reg: BlockRegistry) -> np.ndarray:
    """FluidState.getOwnHeight of water and lava states (amount / 9: a source or a falling
    fluid 8/9, flowing level 1..7 (8 - level) / 9); -1 for every other state."""
    height = np.full(reg.state_count, -1.0, np.float32)
    for name in ("water", "lava"):
        block = reg.block(name)
        level = np.arange(block.state_count)  # the only property: level 0..15 in order
        amount = np.where((level == 0) | (level >= 8), 8, 8 - level)
        height[block.min_state : block.max_state + 1] = amount / 9.0
    return height
