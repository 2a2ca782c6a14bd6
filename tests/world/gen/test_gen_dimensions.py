"""The Nether and the End: vanilla heights, determinism, features, structures, Anvil round trip."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest

from odyssey.errors import WorldError
from odyssey.world import open_world, registry
from odyssey.world.gen import nether_structures, nether_terrain
from odyssey.world.gen.dimensions import open_dimension, save_dimension
from odyssey.world.gen.end import (
    END_KIND,
    PILLAR_RING,
    generate_end_chunk,
    generate_end_world,
    lazy_end,
    pillars,
    portal_origin,
    top_at,
)
from odyssey.world.gen.javarand import JavaRandom, shuffled
from odyssey.world.gen.nether import (
    NETHER,
    NETHER_KIND,
    arrival,
    generate_nether_chunk,
    generate_nether_world,
    lazy_nether,
)
from odyssey.world.gen.nether_terrain import NETHER_BIOMES, biome_grid, state_ids

SEED = 7
AREA = [(cx, cz) for cx in range(-3, 3) for cz in range(-3, 3)]


@pytest.fixture(scope="module")
def nether_chunks():
    return {key: generate_nether_chunk(SEED, *key) for key in AREA}


def _clear_caches() -> None:
    nether_terrain.solid_mask.cache_clear()
    nether_structures.plan.cache_clear()


def _fortress(seed: int) -> nether_structures.Structure:
    near = nether_structures.structures_near(seed, -3000, -3000, 3000, 3000)
    return next(s for s in near if s.kind == "fortress")


def test_nether_is_deterministic_and_order_independent():
    fortress = _fortress(SEED)
    target = (fortress.origin[0] >> 4, fortress.origin[2] >> 4)
    first = generate_nether_chunk(SEED, *target)
    _clear_caches()
    for dx, dz in ((1, 0), (0, 1), (-1, -1), (2, 0)):  # neighbours first, fresh caches
        generate_nether_chunk(SEED, target[0] + dx, target[1] + dz)
    again = generate_nether_chunk(SEED, *target)
    assert np.array_equal(first.blocks, again.blocks)
    assert first.block_entities == again.block_entities
    assert np.array_equal(first.biome_cells, again.biome_cells)
    other = generate_nether_chunk(SEED + 1, *target)
    assert not np.array_equal(first.blocks, other.blocks)


def test_nether_bedrock_floor_and_roof(nether_chunks):
    s = state_ids()
    blocks = np.stack([c.blocks for c in nether_chunks.values()])
    bedrock = blocks == s["bedrock"]
    share = bedrock.mean(axis=(0, 2, 3))
    assert share[0] == 1.0 and share[127] == 1.0
    assert 1.0 > share[1] > share[2] > share[3] > share[4] > 0.0  # thinning floor
    assert 0.0 < share[123] < share[124] < share[125] < share[126] < 1.0  # thickening roof
    assert not bedrock[:, 5:123].any()
    assert (blocks[:, 128:] == s["air"]).all()  # vanilla's nether is empty above the roof


def test_nether_lava_sea(nether_chunks):
    s = state_ids()
    blocks = np.stack([c.blocks for c in nether_chunks.values()])
    assert not (blocks[:, :32] == s["air"]).any()  # open space below 32 is lava
    assert (blocks[:, 28:32] == s["lava"]).mean() > 0.05  # and there is a sea
    for key in AREA:  # lava above the sea only in basalt deltas' pools
        cells = nether_chunks[key].biome_cells
        if "minecraft:basalt_deltas" not in set(cells.reshape(-1)):
            assert not (nether_chunks[key].blocks[32:] == s["lava"]).any()


def test_nether_ores_in_vanilla_ranges(nether_chunks):
    s = state_ids()
    blocks = np.stack([c.blocks for c in nether_chunks.values()])
    ys = {name: np.nonzero(blocks == s[name])[1] for name in ("quartz_ore", "gold_ore")}
    for name, y in ys.items():
        assert len(y) > 10 * len(AREA), name
        assert y.min() >= 10 and y.max() <= 117, name
    debris = np.concatenate(
        [np.nonzero(generate_nether_chunk(SEED, cx, 9).blocks == s["ancient_debris"])[0]
         for cx in range(-10, 10)]
    )  # fmt: skip
    assert len(debris) > 0
    assert debris.min() >= 8 and debris.max() <= 24
    magma = np.nonzero(blocks == s["magma"])[1]
    assert ((magma >= 27) & (magma <= 36)).sum() > 0
    glow = blocks == s["glowstone"]
    assert glow.sum() > 0
    # glowstone hangs: every block touches another one or has a solid block above it
    pad = np.pad(glow, ((0, 0), (1, 1), (1, 1), (1, 1)))
    touching = sum(
        np.roll(pad, shift, axis)[:, 1:-1, 1:-1, 1:-1] for axis in (1, 2, 3) for shift in (1, -1)
    )
    roofed = np.zeros_like(glow)
    roofed[:, :-1] = blocks[:, 1:] != s["air"]
    assert (touching.astype(bool) | roofed)[glow].all()


def test_nether_biomes_over_an_area():
    zs, xs = np.mgrid[-1024:1024:16, -1024:1024:16]
    counts = np.bincount(biome_grid(SEED, xs, zs).reshape(-1), minlength=len(NETHER_BIOMES))
    assert (counts > 0.03 * counts.sum()).all(), dict(zip(NETHER_BIOMES, counts, strict=True))
    names = set()
    for cx in range(-20, 20, 4):
        for cz in range(-20, 20, 4):
            names.update(generate_nether_chunk(SEED, cx, cz).biome_cells.reshape(-1))
    assert {"minecraft:nether_wastes", "minecraft:soul_sand_valley"} <= names


def test_nether_biome_surfaces():
    s = state_ids()
    seen: dict[str, set[int]] = {name: set() for name in NETHER_BIOMES}
    for cx in range(-24, 24, 3):
        for cz in range(-24, 24, 3):
            chunk = generate_nether_chunk(SEED, cx, cz)
            biome = str(chunk.biome_cells[2, 2]).removeprefix("minecraft:")
            if biome == str(chunk.biome_cells[0, 0]).removeprefix("minecraft:"):
                seen[biome].update(np.unique(chunk.blocks).tolist())
    assert {s["soul_sand"], s["soul_soil"]} <= seen["soul_sand_valley"]
    assert {s["basalt"], s["blackstone"]} <= seen["basalt_deltas"]
    assert s["crimson_nylium"] in seen["crimson_forest"]
    assert {s["warped_nylium"], s["warped_stem"], s["warped_wart_block"]} <= seen["warped_forest"]


def test_nether_fortress_and_bastion():
    blocks = registry()
    fortress = _fortress(SEED)
    ox, oy, oz = fortress.origin
    assert 48 <= oy <= 70
    world = lazy_nether(SEED)
    spawner = next(be for be in fortress.block_entities if be["id"] == "minecraft:mob_spawner")
    chest = next(be for be in fortress.block_entities if be["id"] == "minecraft:chest")
    assert blocks.state_string(world.get_block(spawner["x"], spawner["y"], spawner["z"])) == (
        "minecraft:spawner"
    )
    assert spawner["SpawnData"]["entity"]["id"] == "minecraft:blaze"
    assert chest["LootTable"] == "minecraft:chests/nether_bridge"
    chunk = world.chunk(chest["x"] >> 4, chest["z"] >> 4)
    assert (
        chunk.block_entities[(chest["x"], chest["y"], chest["z"])]["LootTable"]
        == (chest["LootTable"])
    )
    assert blocks.state_string(world.get_block(ox, oy, oz)) == "minecraft:nether_bricks"
    bastion = next(
        s
        for s in nether_structures.structures_near(SEED, -3000, -3000, 3000, 3000)
        if s.kind == "bastion"
    )
    bx, by, bz = bastion.origin
    assert blocks.state_string(world.get_block(bx, by + 2, bz)) == "minecraft:gilded_blackstone"
    assert world.chunk(bx >> 4, bz >> 4).block_entities[(bx, by + 3, bz)]["LootTable"] == (
        "minecraft:chests/bastion_treasure"
    )


def test_java_random_matches_java():
    assert JavaRandom(42).next_bits(32) == -1170105035  # new Random(42).nextInt()
    assert JavaRandom(0).next_long() == -4962768465676381896  # new Random(0).nextLong()
    assert JavaRandom(42).next_int(10) == 0
    assert sorted(shuffled(10, JavaRandom(5))) == list(range(10))


def test_end_pillars_on_the_vanilla_circle():
    obsidian = registry().state("obsidian")
    bedrock = registry().state("bedrock")
    spikes = pillars(SEED)
    assert len(spikes) == 10
    assert sorted(p.height for p in spikes) == list(range(76, 104, 3))
    assert sum(p.guarded for p in spikes) == 2
    assert {p.radius for p in spikes} <= {2, 3, 4, 5}
    for p in spikes:
        assert PILLAR_RING - 1.5 <= math.hypot(p.x, p.z) <= PILLAR_RING + 0.5
    assert (spikes[0].x, spikes[0].z) == (42, 0)  # vanilla's first spike, cos(-2π) = 1
    assert pillars(SEED) != pillars(SEED + 1)
    world = lazy_end(SEED)
    for p in spikes:
        assert world.get_block(p.x, p.height - 1, p.z) == obsidian
        assert world.get_block(p.x, 5, p.z) == obsidian
        assert world.get_block(p.x, p.height, p.z) == bedrock
        bars = registry().state_string(world.get_block(p.x + 2, p.height + 1, p.z))
        assert bars.startswith("minecraft:iron_bars") == p.guarded


def test_end_island_portal_and_void():
    s = registry()
    end_stone, bedrock = s.state("end_stone"), s.state("bedrock")
    assert 55 <= top_at(SEED, 0, 0) <= 70
    assert top_at(SEED, 200, 0) == -1
    ox, oy, oz = portal_origin(SEED)
    world = lazy_end(SEED)
    assert world.get_block(ox, oy + 3, oz) == bedrock  # the portal's column
    assert world.get_block(ox + 3, oy, oz) == bedrock  # its rim
    assert world.get_block(ox + 2, oy - 1, oz) == bedrock  # its bowl
    assert world.get_block(ox + 2, oy, oz) == s.state("air")  # the (inactive) portal
    ring = [generate_end_chunk(SEED, cx, cz).blocks for cx in range(-7, 7) for cz in (-7, 6)]
    assert any((b == end_stone).any() for b in ring)  # the island reaches ~100 blocks out
    void = generate_end_chunk(SEED, 20, 20)
    assert (void.blocks == 0).all()
    assert set(void.biome_cells.reshape(-1)) == {"minecraft:the_end"}


def test_write_and_read_back_both_dimensions(tmp_path):
    folder = tmp_path / "w"
    nether = generate_nether_world(SEED, 16)
    save_dimension(nether, NETHER_KIND, folder)
    end = generate_end_world(SEED, 16)
    save_dimension(end, END_KIND, folder)
    assert list((folder / "DIM-1" / "region").glob("r.*.mca"))
    assert list((folder / "DIM1" / "region").glob("r.*.mca"))
    for made, kind in ((nether, NETHER_KIND), (end, END_KIND)):
        back = open_dimension(kind, folder)
        assert (
            back.chunk_positions()
            == made.chunk_positions()
            == sorted((cx, cz) for cx in (-1, 0, 1) for cz in (-1, 0, 1))
        )
        for key in made.chunk_positions():
            a, b = made.chunk(*key), back.chunk(*key)
            assert sorted(a.sections) == sorted(b.sections)
            for sy in a.sections:
                assert np.array_equal(a.sections[sy], b.sections[sy])
            assert np.array_equal(np.asarray(a.biomes[2]), np.asarray(b.biomes[2]))
    overworld = open_world(folder)  # the folder is a world; its overworld is empty
    assert overworld.info.seed == SEED
    assert overworld.info.player.dimension == "minecraft:the_nether"  # the first one written
    assert overworld.chunk_positions() == []
    with pytest.raises(WorldError, match="seed"):
        save_dimension(generate_end_world(SEED + 1, 0), END_KIND, folder)


def test_structure_block_entities_survive_the_round_trip(tmp_path):
    fortress = _fortress(SEED)
    world = lazy_nether(SEED)
    for be in fortress.block_entities:
        world.chunk(be["x"] >> 4, be["z"] >> 4)
    save_dimension(world, NETHER_KIND, tmp_path / "w")
    back = open_dimension(NETHER_KIND, tmp_path / "w")
    for be in fortress.block_entities:
        pos = (be["x"], be["y"], be["z"])
        read = back.chunk(be["x"] >> 4, be["z"] >> 4).block_entities[pos]
        assert read["id"] == be["id"]
        assert read.get("LootTable") == be.get("LootTable")
        assert back.get_block(*pos) == world.get_block(*pos)


def test_arrival_is_a_safe_floor():
    s = state_ids()
    x, y, z = arrival(SEED)
    world = lazy_nether(SEED)
    xi, yi, zi = math.floor(x), int(y), math.floor(z)
    assert NETHER.min_y < yi < 127
    assert world.get_block(xi, yi, zi) == s["air"] and world.get_block(xi, yi + 1, zi) == s["air"]
    assert world.get_block(xi, yi - 1, zi) not in (s["air"], s["lava"], s["magma"])


@pytest.mark.parametrize("kind", ["nether", "end"])
def test_cli_generates_other_dimensions(tmp_path, kind):
    out = tmp_path / "w"
    args = ["world", "generate", "--kind", kind, "--seed", "3", "--out", str(out), "--radius", "0"]
    done = subprocess.run([sys.executable, "-m", "odyssey", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    folder = {"nether": "DIM-1", "end": "DIM1"}[kind]
    assert [p.name for p in (out / folder / "region").glob("*.mca")] == ["r.0.0.mca"]
    back = open_dimension(NETHER_KIND if kind == "nether" else END_KIND, out)
    assert back.chunk_positions() == [(0, 0)]
    assert back.info.seed == 3
