"""The underground stages: caves, lava, aquifers, ores and dripstone of the seeded overworld."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.world.blocks import registry
from odyssey.world.gen import generator
from odyssey.world.gen.caves import LAVA_LEVEL, chunk_carvers
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.ores import MOUNTAINS, PLACEMENTS, attempts, chunk_ores, histogram, main
from odyssey.world.gen.surface import state_ids
from odyssey.world.gen.terrain import MIN_Y
from odyssey.world.gen.underground import UNDERGROUND_STAGES, with_underground
from odyssey.world.gen.vegetation import chunk_features

SEED = 20261203
SIDE = 16  # the 16x16 chunk area of the area checks, around the spawn (-128, 67, -128)
X0, Z0 = -16, -16


def _clear_caches() -> None:
    for cached in (chunk_columns, chunk_features, chunk_carvers, chunk_ores):
        cached.cache_clear()


@pytest.fixture(scope="module")
def area() -> dict[tuple[int, int], np.ndarray]:
    """Terrain and underground (no vegetation) of a 16x16 chunk square."""
    stages = [generator.STAGES[0], *UNDERGROUND_STAGES]
    return {
        (cx, cz): generator.generate_chunk(SEED, cx, cz, stages).blocks
        for cz in range(Z0, Z0 + SIDE)
        for cx in range(X0, X0 + SIDE)
    }


def _ys(mask: np.ndarray) -> np.ndarray:
    return np.nonzero(mask)[0] + MIN_Y


def test_underground_stages_sit_between_terrain_and_vegetation():
    names = [stage.name for stage in with_underground()]
    assert names.index("terrain") < names.index("caves") < names.index("ores")
    assert names.index("dripstone") < names.index("vegetation")
    assert with_underground(with_underground()) == with_underground()


def test_same_seed_and_any_order_give_the_same_blocks(monkeypatch):
    monkeypatch.setattr(generator, "STAGES", with_underground())
    # a 3x3 square around a chunk crossed by carvers, made forwards, backwards and alone
    square = [(cx, cz) for cz in range(3) for cx in range(3)]
    _clear_caches()
    forward = {key: generator.generate_chunk(SEED, *key).blocks for key in square}
    _clear_caches()
    backward = {key: generator.generate_chunk(SEED, *key).blocks for key in reversed(square)}
    _clear_caches()
    alone = generator.generate_chunk(SEED, 1, 1).blocks
    for key in square:
        assert np.array_equal(forward[key], backward[key])
    assert np.array_equal(alone, forward[(1, 1)])


def test_a_carved_tunnel_matches_across_a_chunk_border():
    stages = [generator.STAGES[0], UNDERGROUND_STAGES[0]]
    air = state_ids()["air"]
    for cx in range(SIDE):
        west = generator.generate_chunk(SEED, cx, 0, stages).blocks
        east = generator.generate_chunk(SEED, cx + 1, 0, stages).blocks
        # carved air on both sides of the border, deep underground
        both = (west[:100, :, 15] == air) & (east[:100, :, 0] == air)
        if both.sum() > 4:
            break
    else:
        pytest.fail("no cave crosses a chunk border in the strip")
    _clear_caches()
    again_east = generator.generate_chunk(SEED, cx + 1, 0, stages).blocks
    again_west = generator.generate_chunk(SEED, cx, 0, stages).blocks
    assert np.array_equal(again_west, west) and np.array_equal(again_east, east)


def test_caves_exist_and_open_to_the_surface(area):
    air = state_ids()["air"]
    underground_air = 0
    openings = 0
    for (cx, cz), blocks in area.items():
        cols = chunk_columns(SEED, cx, cz)
        ys = np.arange(MIN_Y, MIN_Y + blocks.shape[0])[:, None, None]
        underground_air += int(((blocks == air) & (ys < cols.height[None] - 8)).sum())
        zs, xs = np.nonzero(cols.dry & (cols.height - MIN_Y > 8))
        top = cols.height[zs, xs] - MIN_Y
        opened = (blocks[top, zs, xs] == air) & (blocks[top - 4, zs, xs] == air)
        openings += int(opened.sum())
    assert underground_air > SIDE * SIDE * 500  # a few percent of the rock is cave
    assert openings > 0


def test_cave_lava_lies_below_the_lava_level_only():
    stages = [generator.STAGES[0], UNDERGROUND_STAGES[0]]
    lava = registry().state("lava[level=0]")
    found = 0
    for cz in range(4):
        for cx in range(4):
            blocks = generator.generate_chunk(SEED, cx, cz, stages).blocks
            ys = _ys(blocks == lava)
            assert ys.size == 0 or ys.max() <= LAVA_LEVEL
            found += ys.size
    assert found > 0


def test_lava_above_the_lava_level_rests_in_pools(area):
    lava = registry().state("lava[level=0]")
    air, water = state_ids()["air"], state_ids()["water"]
    pools = 0
    for blocks in area.values():
        y, z, x = np.nonzero(blocks == lava)
        high = y + MIN_Y > LAVA_LEVEL
        below = blocks[y[high] - 1, z[high], x[high]]
        assert not np.isin(below, [air, water]).any()  # floored: nothing to spill into
        pools += int(high.any())
    assert pools > 0


def test_aquifers_hold_water_in_caves(area):
    water = state_ids()["water"]
    flooded = 0
    for (cx, cz), blocks in area.items():
        cols = chunk_columns(SEED, cx, cz)
        ys = np.arange(MIN_Y, MIN_Y + blocks.shape[0])[:, None, None]
        flooded += int(((blocks == water) & (ys < cols.height[None] - 4)).sum())
        assert _ys(blocks == water).min(initial=63) > LAVA_LEVEL
    assert flooded > 0


def test_pointed_dripstone_hangs_from_rock(area):
    blocks_reg = registry()
    drip = blocks_reg.block("pointed_dripstone")
    air = state_ids()["air"]
    count = 0
    for blocks in area.values():
        y, z, x = np.nonzero((blocks >= drip.min_state) & (blocks <= drip.max_state))
        for yi, zi, xi in zip(y, z, x, strict=True):
            props = blocks_reg.properties(int(blocks[yi, zi, xi]))
            down = props["vertical_direction"] == "down"
            root = blocks[yi + 1 if down else yi - 1, zi, xi]
            assert root != air
            if props["thickness"] == "tip":
                assert blocks[yi - 1 if down else yi + 1, zi, xi] == air
            count += 1
    assert count > 0


def test_ores_stay_in_their_vanilla_height_ranges(area):
    counts = histogram(list(area.values()))
    bands = np.arange(MIN_Y, MIN_Y + 16 * len(counts["coal"]), 16)
    for ore in ("diamond", "redstone", "gold"):
        assert counts[ore].sum() > 0
    assert counts["diamond"][bands > 16].sum() == 0
    assert counts["redstone"][bands > 16].sum() == 0
    assert counts["gold"][bands > 32].sum() == 0
    assert counts["coal"][bands < -16].sum() == 0
    # and every vein origin inside its placement's range
    for cz in range(Z0, Z0 + SIDE):
        for cx in range(X0, X0 + SIDE):
            for p, origins in zip(PLACEMENTS, attempts(SEED, cx, cz), strict=True):
                assert ((origins[:, 1] >= max(p.low, MIN_Y)) & (origins[:, 1] <= p.high)).all()


def test_emeralds_only_in_mountains():
    reg = registry()
    emerald = [reg.state("emerald_ore"), reg.state("deepslate_emerald_ore")]
    stages = [generator.STAGES[0], UNDERGROUND_STAGES[3]]
    seen = checked = 0
    for cz in range(-40, 40, 4):
        for cx in range(-40, 40, 4):
            cols = chunk_columns(SEED, cx, cz)
            origins = attempts(SEED, cx, cz)[-1]
            mountain = np.isin(cols.biome, list(MOUNTAINS))
            zs, xs = origins[:, 2] - cz * 16, origins[:, 0] - cx * 16
            assert mountain[zs, xs].all()
            if mountain.any() and checked < 4:
                checked += 1
                blocks = generator.generate_chunk(SEED, cx, cz, stages).blocks
                _, z, x = np.nonzero(np.isin(blocks, emerald))
                near = np.pad(mountain, 2, mode="edge")
                near = np.logical_or.reduce(
                    [near[dz : dz + 16, dx : dx + 16] for dz in range(5) for dx in range(5)]
                )
                assert near[z, x].all()
                seen += len(z)
    assert checked > 0 and seen > 0


def test_vein_origins_follow_the_distribution_shapes():
    # iron: triangles peaking at y 16 and y 232, plus a small uniform share low down
    ys = {name: [] for name in ("iron_mid", "iron_up", "diamond")}
    for cz in range(20):
        for cx in range(20):
            found = attempts(SEED, cx, cz)
            ys["iron_up"].append(found[3][:, 1])
            ys["iron_mid"].append(found[4][:, 1])
            ys["diamond"].append(found[12][:, 1])
    up, mid, dia = (np.concatenate(ys[k]) for k in ("iron_up", "iron_mid", "diamond"))
    bands_up = np.histogram(up, bins=np.arange(80, 400, 16))[0]
    assert 224 <= 80 + 16 * int(np.argmax(bands_up)) <= 240
    bands_mid = np.histogram(mid, bins=np.arange(-24, 72, 16))[0]
    assert int(np.argmax(bands_mid)) in (2, 3)  # the bands around y 16
    # diamond's triangle peaks at -64 below the world: counts fall with height
    low, high = (dia < -48).sum(), ((dia >= -16) & (dia <= 16)).sum()
    assert low > 1.5 * high > 0  # about 2.2 for the exact triangle


def test_placed_ores_by_band_follow_the_shapes(area):
    counts = histogram(list(area.values()))
    band = {y: i for i, y in enumerate(range(MIN_Y, 320, 16))}
    iron = counts["iron"]
    assert iron[band[0]] + iron[band[16]] > iron[band[-64]] + iron[band[-48]]
    assert iron[band[0]] + iron[band[16]] > iron[band[48]]
    dia = counts["diamond"]
    assert dia[band[-64]] + dia[band[-48]] > dia[band[0]]
    copper = counts["copper"]
    assert copper[band[32]] + copper[band[48]] > copper[band[-16]]


def test_histogram_tool_prints_bands(capsys):
    main([str(SEED), "2"])
    out = capsys.readouterr().out.splitlines()
    assert "coal" in out[1] and "diamond" in out[1] and "emerald" in out[1]
    rows = [line for line in out if ".." in line and line.strip()[0] in "-0123456789"]
    assert len(rows) == 24
    assert out[-1].split()[0] == "total"
