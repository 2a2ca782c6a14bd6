"""Everything the mesher and the GPU need about block states, built once per registry."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from odyssey.render.light import light_tables
from odyssey.render.mesher import MeshTables
from odyssey.world.blocks import BlockRegistry, registry

if TYPE_CHECKING:
    from odyssey.render.atlas import Atlas
    from odyssey.render.models import ModelTable


@dataclass(frozen=True)
class RenderTables:
    atlas: Atlas
    models: ModelTable
    mesh: MeshTables
    emit: np.ndarray
    filt: np.ndarray


@cache
def render_tables(reg: BlockRegistry | None = None) -> RenderTables:
    from odyssey.render.atlas import build_atlas
    from odyssey.render.models import build_models

    reg = reg or registry()
    atlas = build_atlas(reg)
    models = build_models(reg, atlas.face_tiles, atlas.layer)
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
    )
    emit, filt = light_tables(reg)
    return RenderTables(atlas, models, mesh, emit, filt)
