"""Seeded survival world generation: climate and biomes, terrain, caves and ores, surface,
vegetation, structures, and ``locate`` for biomes and structures; a basic Nether and End.

The pipeline (``generator.STAGES``) turns (seed, cx, cz) into a chunk; every stage is a pure
function of the seed, so the same seed gives the same blocks in any generation order.
"""

from odyssey.world.gen.climate import BIOMES, biome_at, biome_counts, biomes_at
from odyssey.world.gen.dimensions import open_dimension, save_dimension
from odyssey.world.gen.end import generate_end_world
from odyssey.world.gen.generator import (
    OVERWORLD,
    STAGES,
    ChunkContext,
    GeneratedChunk,
    Stage,
    generate_chunk,
)
from odyssey.world.gen.locate import locate_biome, locate_structure, locate_text
from odyssey.world.gen.nether import generate_nether_world
from odyssey.world.gen.overworld import (
    LayeredSource,
    OverworldProvider,
    generate_world,
    lazy_world,
    spawn_point,
)

__all__ = [
    "BIOMES",
    "OVERWORLD",
    "STAGES",
    "ChunkContext",
    "GeneratedChunk",
    "LayeredSource",
    "OverworldProvider",
    "Stage",
    "biome_at",
    "biome_counts",
    "biomes_at",
    "generate_chunk",
    "generate_end_world",
    "generate_nether_world",
    "generate_world",
    "lazy_world",
    "locate_biome",
    "locate_structure",
    "locate_text",
    "open_dimension",
    "save_dimension",
    "spawn_point",
]
