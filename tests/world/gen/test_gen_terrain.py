"""Overworld terrain, biomes, surface and vegetation for fixed seeds."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.world import registry
from odyssey.world.gen import STAGES, biome_at, biome_counts, generate_chunk, spawn_point
from odyssey.world.gen.climate import BIOMES, B, biomes_at
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.terrain import MAX_Y, MIN_Y, SEA_LEVEL

SEED = 7
REG = registry()


def _find_chunk(seed: int, biome: str, limit: int = 4000) -> tuple[int, int]:
    """A chunk whose columns are all of ``biome`` (found with the cheap biome query)."""
    zz, xx = np.mgrid[-limit:limit:16, -limit:limit:16]
    hits = biomes_at(seed, xx, zz) == B[biome]
    for z, x in zip(*np.nonzero(hits), strict=True):
        cx, cz = int(xx[z, x]) >> 4, int(zz[z, x]) >> 4
        if (chunk_columns(seed, cx, cz).biome == B[biome]).all():
            return cx, cz
    raise AssertionError(f"no chunk of {biome} within {limit} blocks")


def _names(blocks: np.ndarray) -> set[str]:
    return {REG.block_of(int(s)).name for s in np.unique(blocks)}


@pytest.mark.parametrize("seed", [SEED, 2, 3])
def test_at_least_ten_biomes_over_two_kilometres(seed):
    counts = biome_counts(seed, -1000, -1000, 2000)
    assert len(counts) >= 10, counts
    if seed == SEED:
        wanted = {"plains", "forest", "taiga", "desert", "ocean", "river", "beach"}
        assert wanted <= set(counts), counts


def test_biome_query_matches_the_chunk_columns():
    cols = chunk_columns(SEED, 3, -2)
    assert biome_at(SEED, 3 * 16 + 5, -2 * 16 + 9) == BIOMES[int(cols.biome[9, 5])]


def test_heights_in_range_bedrock_floor_and_sea_water():
    terrain = [s for s in STAGES if s.name == "terrain"]  # before caves and ores
    blocks = generate_chunk(SEED, 0, 0, stages=terrain).blocks
    assert blocks.shape == (MAX_Y - MIN_Y, 16, 16)
    assert (blocks[0] == REG.state("bedrock")).all()
    assert not (blocks[6:] == REG.state("bedrock")).any()  # 1-5 layers only
    assert (blocks[1:60] != 0).all()  # solid underground before the caves
    deep = np.isin(blocks[: 0 - MIN_Y], [REG.state("deepslate[axis=y]"), REG.state("bedrock")])
    assert deep[5:].all()  # deepslate everywhere below y 0
    cx, cz = _find_chunk(SEED, "ocean")
    ocean = generate_chunk(SEED, cx, cz).blocks
    assert (ocean[SEA_LEVEL - MIN_Y] == REG.state("water")).all()
    assert (ocean[SEA_LEVEL + 1 - MIN_Y :] == 0).all()


def test_desert_has_sand_and_cacti():
    found_cactus = False
    cx, cz = _find_chunk(SEED, "desert")
    assert "sand" in _names(generate_chunk(SEED, cx, cz).blocks)
    for dz in range(-2, 3):
        for dx in range(-2, 3):
            names = _names(generate_chunk(SEED, cx + dx, cz + dz).blocks)
            found_cactus |= "cactus" in names
    assert found_cactus


def test_forest_trees_have_logs_and_leaves():
    cx, cz = _find_chunk(SEED, "forest")
    names = _names(generate_chunk(SEED, cx, cz).blocks)
    assert {"oak_log", "oak_leaves"} <= names or {"birch_log", "birch_leaves"} <= names
    assert "grass_block" in names


def test_each_wood_type_grows_in_its_biome():
    for biome, wood in (("taiga", "spruce"), ("jungle", "jungle"), ("dark_forest", "dark_oak")):
        cx, cz = _find_chunk(SEED, biome)
        names = _names(generate_chunk(SEED, cx, cz).blocks)
        assert {f"{wood}_log", f"{wood}_leaves"} <= names, (biome, names)


def test_spawn_is_on_walkable_land():
    x, y, z = spawn_point(SEED)
    blocks = generate_chunk(SEED, x >> 4, z >> 4).blocks
    ground = REG.block_of(int(blocks[y - 1 - MIN_Y, z & 15, x & 15])).name
    assert ground in {"grass_block", "sand", "podzol", "coarse_dirt"}
    assert y - 1 >= SEA_LEVEL
    for dy in (0, 1):
        assert REG.block_of(int(blocks[y + dy - MIN_Y, z & 15, x & 15])).name in {"air", "snow"}
