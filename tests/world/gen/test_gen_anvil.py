"""Generated overworlds write as Anvil and read back unchanged, biomes included."""

from __future__ import annotations

import numpy as np

from odyssey.world import World, open_world, save_world
from odyssey.world.gen import OverworldProvider, generate_world
from odyssey.world.gen.generator import OVERWORLD

SEED = 11


def test_write_and_read_back_blocks_and_biomes(tmp_path):
    world = generate_world(SEED, 24)
    save_world(world, tmp_path / "w")
    back = open_world(tmp_path / "w")
    assert back.info.spawn == world.info.spawn
    assert back.info.seed == SEED
    assert (back.dimension.min_y, back.dimension.height) == (-64, 384)
    assert back.chunk_positions() == world.chunk_positions()
    kinds = set()
    for key in world.chunk_positions():
        a, b = world.chunk(*key), back.chunk(*key)
        assert sorted(a.sections) == sorted(b.sections)
        for sy in a.sections:
            assert np.array_equal(a.sections[sy], b.sections[sy])
        for sy in range(-4, 20):
            assert a.biome(key[0] * 16, sy * 16, key[1] * 16) == b.biome(
                key[0] * 16, sy * 16, key[1] * 16
            )
        for sy, cells in a.biomes.items():
            kinds.update(cells.reshape(-1).tolist())
            if any(c != "minecraft:plains" for c in cells.reshape(-1)):
                assert np.array_equal(np.asarray(cells), np.asarray(b.biomes[sy]))
    assert kinds  # biome ids were written


def test_lazy_provider_generates_on_touch_and_matches_pregenerated():
    lazy = World(OVERWORLD, source=OverworldProvider(SEED))
    eager = generate_world(SEED, 0)
    x, _, z = eager.info.spawn
    column_lazy = [lazy.get_block(x, y, z) for y in range(-64, 320, 7)]
    column_eager = [eager.get_block(x, y, z) for y in range(-64, 320, 7)]
    assert column_lazy == column_eager
    assert lazy.chunk_positions() == [(x >> 4, z >> 4)]


def test_both_decoders_read_the_same_biomes_and_plains_stays_default():
    from odyssey.world import nbt, registry
    from odyssey.world.anvil import chunk_nbt
    from odyssey.world.chunk import Chunk
    from odyssey.world.chunk_codec import ChunkDecoder, decode_chunk_reference
    from odyssey.world.gen import generate_chunk

    blocks = registry()
    made = generate_chunk(SEED, 3, 1).to_chunk()
    mixed = np.array(["minecraft:forest", "minecraft:river"] * 32, dtype=object).reshape(4, 4, 4)
    made.biomes[4] = mixed
    raw = nbt.write_nbt(chunk_nbt(made, OVERWORLD, blocks))
    fast = ChunkDecoder(blocks).decode(raw)
    slow = decode_chunk_reference(raw, blocks)
    for sy in OVERWORLD.section_range:
        assert np.array_equal(np.asarray(fast.biomes[sy]), np.asarray(slow.biomes[sy]))
    assert np.array_equal(np.asarray(fast.biomes[4]), mixed)
    plain = chunk_nbt(Chunk(0, 0), OVERWORLD, blocks)
    assert all(s["biomes"] == {"palette": ["minecraft:plains"]} for s in plain["sections"])
    assert ChunkDecoder(blocks).decode(nbt.write_nbt(plain)).biomes == {}


def test_a_generated_overworld_asks_minecraft_for_noise_terrain_past_its_edge(tmp_path):
    import gzip

    from odyssey.world import nbt
    from odyssey.world.anvil import save_world
    from odyssey.world.gen import generate_world
    from odyssey.world.leveldat import level_dat_nbt

    world = generate_world(5, 16)
    folder = save_world(world, tmp_path / "w", last_played_ms=0)
    data = nbt.read_nbt(gzip.decompress((folder / "level.dat").read_bytes()))[1]["Data"]
    gen = data["WorldGenSettings"]["dimensions"]["minecraft:overworld"]["generator"]
    assert gen["type"] == "minecraft:noise" and int(data["WorldGenSettings"]["seed"]) == 5
    maps = level_dat_nbt(type(world.info)())["WorldGenSettings"]["dimensions"]
    assert maps["minecraft:overworld"]["generator"]["type"] == "minecraft:flat"  # maps: void


def test_the_same_seed_writes_the_same_world_bytes(tmp_path):
    import hashlib

    from odyssey.world.anvil import save_world
    from odyssey.world.gen import generate_world

    def digest(folder) -> str:
        h = hashlib.sha256()
        for path in sorted((folder / "region").glob("*.mca")):
            h.update(path.read_bytes())
        return h.hexdigest()

    a = save_world(generate_world(11, 40), tmp_path / "a", last_played_ms=0)
    b = save_world(generate_world(11, 40), tmp_path / "b", last_played_ms=0)
    c = save_world(generate_world(12, 40), tmp_path / "c", last_played_ms=0)
    assert digest(a) == digest(b) != digest(c)
