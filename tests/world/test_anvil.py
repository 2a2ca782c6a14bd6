"""Anvil worlds: generated -> written -> read back, vanilla structure, level.dat, lazy loading."""

from __future__ import annotations

import gzip
import io
import json
import shutil

import nbtlib
import numpy as np
import pytest

from conftest import MINESTOM, PRISMARINE, shared_path
from odyssey.errors import NotAWorldError, WorldError
from odyssey.world import (
    Dimension,
    LevelInfo,
    PlayerPose,
    World,
    nbt,
    open_world,
    registry,
    save_world,
)
from odyssey.world.anvil import chunk_nbt
from odyssey.world.leveldat import read_level_dat, write_level_dat
from odyssey.world.packing import unpack_palette_indices
from odyssey.world.region import RegionFile

REG = registry()


def whole_box(world: World, other: World) -> tuple[np.ndarray, np.ndarray]:
    positions = world.chunk_positions()
    xs = [p[0] for p in positions]
    zs = [p[1] for p in positions]
    lo = (min(xs) * 16, world.dimension.min_y, min(zs) * 16)
    hi = (max(xs) * 16 + 16, world.dimension.max_y, max(zs) * 16 + 16)
    return world.get_box(lo, hi), other.get_box(lo, hi)


def test_generated_world_reads_back_identical(demo_world, demo_world_dir):
    reloaded = open_world(demo_world_dir)
    assert reloaded.chunk_positions() == demo_world.chunk_positions()
    original, read = whole_box(demo_world, reloaded)
    assert original.any()
    np.testing.assert_array_equal(original, read)
    assert reloaded.dimension == Dimension(-64, 512)
    assert reloaded.info.data_version == 4671 and reloaded.info.version_name == "1.21.11"
    assert reloaded.info.spawn == demo_world.info.spawn


def test_sign_text_survives_the_round_trip(demo_world, demo_world_dir):
    reloaded = open_world(demo_world_dir)
    signs = {
        pos: be
        for c in demo_world.chunks()
        for pos, be in c.block_entities.items()
        if be["id"] == "minecraft:sign"
    }
    assert signs
    for (x, y, z), entity in signs.items():
        back = reloaded.block_entity(x, y, z)
        assert back["front_text"]["messages"] == entity["front_text"]["messages"]
        assert REG.block_of(reloaded.get_block(x, y, z)).name == "oak_sign"


def read_with_nbtlib(raw: bytes) -> nbtlib.Compound:
    return nbtlib.File.parse(io.BytesIO(raw))


def first_full_chunk(region_path):
    with RegionFile(region_path) as region:
        for cx, cz in region.chunk_positions():
            raw = region.read_chunk_bytes(cx, cz)
            _, root = nbt.read_nbt(raw)
            if root.get("Status") == "minecraft:full":
                return raw
    raise AssertionError(f"no full chunk in {region_path}")


def tag_types(compound) -> dict[str, str]:
    return {k: type(v).__name__ for k, v in compound.items()}


def test_written_chunks_have_vanilla_structure(demo_world_dir):
    ours = read_with_nbtlib(first_full_chunk(next((demo_world_dir / "region").glob("*.mca"))))
    vanilla = read_with_nbtlib(first_full_chunk(shared_path(MINESTOM / "region" / "r.1.1.mca")))
    ours_types, vanilla_types = tag_types(ours), tag_types(vanilla)
    # every field we write exists in a real 1.21.11 chunk with the same tag type
    for key, kind in ours_types.items():
        assert vanilla_types.get(key) == kind, key
    # what we leave out is only terrain blending (we are not next to generated terrain)
    assert set(vanilla_types) - set(ours_types) <= {"blending_data", "isLightOn"}
    assert tag_types(ours["sections"][0]) == tag_types(vanilla["sections"][0])
    assert tag_types(ours["sections"][0]["block_states"]["palette"][0]) == {"Name": "String"}
    assert set(ours["Heightmaps"]) == set(vanilla["Heightmaps"])
    assert int(ours["DataVersion"]) == 4671 and str(ours["Status"]) == "minecraft:full"
    assert int(ours["yPos"]) == -4
    assert len(ours["sections"]) == 512 // 16
    assert len(ours["PostProcessing"]) == len(ours["sections"])


def test_written_level_dat_matches_a_real_1_21_11_level_dat(demo_world_dir):
    ours = read_with_nbtlib(gzip.decompress((demo_world_dir / "level.dat").read_bytes()))["Data"]
    vanilla = read_with_nbtlib(gzip.decompress(shared_path(MINESTOM / "level.dat").read_bytes()))[
        "Data"
    ]
    ours_types, vanilla_types = tag_types(ours), tag_types(vanilla)
    for key, kind in ours_types.items():
        assert vanilla_types.get(key) == kind, key
    required = {
        "DataVersion",
        "Version",
        "LevelName",
        "spawn",
        "WorldGenSettings",
        "DataPacks",
        "GameType",
        "version",
        "game_rules",
        "LastPlayed",
        "initialized",
    }
    assert required <= set(ours_types)
    assert tag_types(ours["spawn"]) == tag_types(vanilla["spawn"])
    assert tag_types(ours["Version"]) == tag_types(vanilla["Version"])
    assert "file/odyssey_heights" in [str(p) for p in ours["DataPacks"]["Enabled"]]


def test_height_data_pack_is_written_for_tall_worlds(demo_world_dir):
    pack = demo_world_dir / "datapacks" / "odyssey_heights"
    meta = json.loads((pack / "pack.mcmeta").read_text())
    assert meta["pack"]["min_format"] == [94, 1]
    dim = json.loads((pack / "data/minecraft/dimension_type/overworld.json").read_text())
    assert (dim["min_y"], dim["height"], dim["logical_height"]) == (-64, 512, 512)
    assert dim["timelines"] == "#minecraft:in_overworld"


def test_heightmaps_hold_the_top_block_height(demo_world, demo_world_dir):
    raw = first_full_chunk(demo_world_dir / "region" / "r.0.0.mca")
    _, root = nbt.read_nbt(raw)
    cx, cz = int(root["xPos"]), int(root["zPos"])
    surface = unpack_palette_indices(root["Heightmaps"]["WORLD_SURFACE"], 10, 256).reshape(16, 16)
    for lz, lx in [(0, 0), (5, 9), (15, 15)]:
        top = demo_world.top_y(cx * 16 + lx, cz * 16 + lz)
        assert surface[lz, lx] == top - (-64) + 1


def test_vanilla_height_worlds_get_no_data_pack(tmp_path):
    world = World()
    world.set_block(0, 0, 0, "stone")
    save_world(world, tmp_path / "w")
    assert not (tmp_path / "w" / "datapacks").exists()
    assert open_world(tmp_path / "w").dimension == Dimension()
    root = chunk_nbt(world.chunk(0, 0), world.dimension, REG)
    assert len(root["Heightmaps"]["WORLD_SURFACE"]) == 37  # 9 bits, 7 per long, as vanilla


def test_level_dat_both_spawn_layouts(tmp_path):
    new = read_level_dat(shared_path(MINESTOM / "level.dat"))
    assert new.spawn == (8, -64, 8) and new.spawn_layout == "spawn"
    assert new.version_name == "1.21.11" and new.data_version == 4671
    assert new.player is not None and new.player.dimension == "minecraft:overworld"
    assert new.player.pos[1] == pytest.approx(1.0)
    old = {
        "Data": {
            "DataVersion": nbt.Int(3955),
            "SpawnX": nbt.Int(-5),
            "SpawnY": nbt.Int(70),
            "SpawnZ": nbt.Int(12),
            "SpawnAngle": nbt.Float(90.0),
            "LevelName": "old",
            "Version": {"Name": "1.21.1", "Id": nbt.Int(3955)},
            "Player": {
                "Pos": nbt.NBTList([nbt.Double(1.5), nbt.Double(70.0), nbt.Double(2.5)]),
                "Rotation": nbt.NBTList([nbt.Float(45.0), nbt.Float(10.0)]),
                "Dimension": "minecraft:overworld",
            },
        }
    }
    path = tmp_path / "level.dat"
    path.write_bytes(gzip.compress(nbt.write_nbt(old)))
    info = read_level_dat(path)
    assert info.spawn == (-5, 70, 12) and info.spawn_yaw_deg == 90.0
    assert info.spawn_layout == "SpawnXYZ" and info.version_name == "1.21.1"
    assert info.player == PlayerPose((1.5, 70.0, 2.5), 45.0, 10.0, "minecraft:overworld")


def test_level_dat_writes_keep_the_old_copy(tmp_path):
    path = tmp_path / "level.dat"
    write_level_dat(path, LevelInfo(level_name="one"))
    write_level_dat(path, LevelInfo(level_name="two", player=PlayerPose((0.5, 65, 0.5), 90, 0)))
    assert read_level_dat(path).level_name == "two"
    assert read_level_dat(tmp_path / "level.dat_old").level_name == "one"
    assert read_level_dat(path).player.yaw_deg == 90


def test_damaged_level_dat_is_a_one_line_error(tmp_path):
    (tmp_path / "level.dat").write_bytes(b"\x1f\x8bnot really gzip")
    with pytest.raises(WorldError, match=r"level\.dat"):
        open_world(tmp_path)


def test_lazy_loading_keeps_a_bounded_cache(tmp_path):
    source = shared_path(PRISMARINE / "1.19.4" / "region")
    shutil.copytree(source, tmp_path / "region")
    world = open_world(tmp_path, cache_chunks=8)
    assert world.loaded_chunk_count() == 0  # opening reads headers only
    positions = world.chunk_positions()
    for cx, cz in positions:
        world.get_block(cx * 16, 64, cz * 16)
    assert 0 < world.loaded_chunk_count() <= 8
    cx, cz = next(p for p in positions if world.chunk(*p) is not None)
    world.set_block(cx * 16, 64, cz * 16, "gold_block")
    for cx2, cz2 in positions:
        world.get_block(cx2 * 16, 64, cz2 * 16)
    # the changed chunk was not evicted, so the change is still there
    assert world.get_block(cx * 16, 64, cz * 16) == REG.state("gold_block")


def test_not_a_world_gets_one_line(tmp_path):
    with pytest.raises(NotAWorldError, match="not a Minecraft world"):
        open_world(tmp_path)
    with pytest.raises(NotAWorldError, match="no such folder"):
        open_world(tmp_path / "missing")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(NotAWorldError, match="is a file"):
        open_world(tmp_path / "file.txt")


def test_far_away_coordinates_survive_writing(tmp_path):
    world = World(Dimension(-64, 512))
    far = [(-8_520_000, 400, 6_300_000), (8_519_999, -64, -6_300_001), (0, 447, 0)]
    for x, y, z in far:
        world.set_block(x, y, z, "diamond_block")
    save_world(world, tmp_path / "far")
    back = open_world(tmp_path / "far")
    for x, y, z in far:
        assert back.get_block(x, y, z) == REG.state("diamond_block")
    assert len(back.chunk_positions()) == 3


def test_changed_chunks_stay_when_the_cache_is_full_of_changes(tmp_path):
    shutil.copytree(shared_path(PRISMARINE / "1.19.4" / "region"), tmp_path / "region")
    world = open_world(tmp_path, cache_chunks=2)
    full = [p for p in world.chunk_positions() if world.chunk(*p) is not None][:4]
    for cx, cz in full:
        world.set_block(cx * 16 + 1, 100, cz * 16 + 1, "gold_block")
    for cx, cz in full:
        assert world.get_block(cx * 16 + 1, 100, cz * 16 + 1) == REG.state("gold_block")


def test_saving_over_the_source_folder_is_refused(tmp_path):
    shutil.copytree(shared_path(PRISMARINE / "1.20.6" / "region"), tmp_path / "region")
    world = open_world(tmp_path)
    with pytest.raises(WorldError, match="opened from"):
        save_world(world, tmp_path)


def test_a_re_saved_old_world_is_labelled_1_21_11(tmp_path):
    shutil.copytree(shared_path(PRISMARINE / "1.20.6" / "region"), tmp_path / "old" / "region")
    world = open_world(tmp_path / "old")
    save_world(world, tmp_path / "new")
    info = read_level_dat(tmp_path / "new" / "level.dat")
    assert (info.data_version, info.version_name) == (4671, "1.21.11")
    original, copy = whole_box(world, open_world(tmp_path / "new"))
    np.testing.assert_array_equal(original, copy)


def test_kelp_counts_as_water_for_motion_blocking_heightmaps():
    world = World()
    world.fill((0, 0, 0), (1, 60, 1), "stone")
    world.fill((0, 60, 0), (1, 70, 1), "kelp_plant")
    root = chunk_nbt(world.chunk(0, 0), world.dimension, REG)
    blocking = unpack_palette_indices(root["Heightmaps"]["MOTION_BLOCKING"], 9, 256)
    floor = unpack_palette_indices(root["Heightmaps"]["OCEAN_FLOOR"], 9, 256)
    assert blocking[0] == 69 + 64 + 1 and floor[0] == 59 + 64 + 1
