"""Region files and chunk decoding on real worlds: every compression, damage, fast = reference."""

from __future__ import annotations

import gzip
import struct
import zlib
from collections import Counter

import lz4.block
import numpy as np
import pytest

from conftest import FIXTURE_FULL_CHUNKS, MINESTOM, PRISMARINE, shared_path
from odyssey.errors import CorruptChunkError
from odyssey.world import nbt
from odyssey.world.blocks import AIR, ResolveStats, registry
from odyssey.world.chunk_codec import ChunkDecoder, decode_chunk_reference
from odyssey.world.region import (
    EXTERNAL_FLAG,
    GZIP,
    LZ4,
    NONE,
    ZLIB,
    RegionFile,
    write_region,
)

REG = registry()


def fixture_region(version: str) -> RegionFile:
    return RegionFile(shared_path(PRISMARINE / version / "region" / "r.0.0.mca"))


@pytest.mark.parametrize("version", sorted(FIXTURE_FULL_CHUNKS))
def test_every_full_chunk_of_the_real_fixtures_decodes_to_known_states(version):
    stats = ResolveStats()
    decoder = ChunkDecoder(REG, stats)
    statuses: Counter[str] = Counter()
    with fixture_region(version) as region:
        for cx, cz in region.chunk_positions():
            raw = region.read_chunk_bytes(cx, cz)
            fast = decoder.decode(raw, region.where(cx, cz))
            statuses[fast.status] += 1
            if not fast.is_full:
                continue
            assert (fast.cx, fast.cz) == (cx, cz)
            reference = decode_chunk_reference(raw, REG)
            assert fast.sections.keys() == reference.sections.keys()
            for sy, blocks in fast.sections.items():
                assert blocks.shape == (16, 16, 16)
                np.testing.assert_array_equal(blocks, reference.sections[sy])
                assert int(blocks.max()) < REG.state_count
            assert fast.sections, "a full chunk has terrain"
    full = statuses["full"] + statuses["minecraft:full"]
    assert full == FIXTURE_FULL_CHUNKS[version]
    assert not stats.unknown_blocks, f"unknown blocks: {stats.unknown_blocks}"
    assert not stats.unknown_properties, f"unknown properties: {stats.unknown_properties}"


def test_old_block_names_resolve_by_rename_and_are_counted():
    stats = ResolveStats()
    decoder = ChunkDecoder(REG, stats)
    with fixture_region("1.19.4") as region:
        for cx, cz in region.chunk_positions():
            decoder.decode(region.read_chunk_bytes(cx, cz))
    assert stats.renamed_blocks["minecraft:grass"] > 0  # 'grass' became 'short_grass' in 1.20.3


def test_real_1_21_11_chunks_decode():
    with RegionFile(shared_path(MINESTOM / "region" / "r.1.1.mca")) as region:
        positions = list(region.chunk_positions())
        assert len(positions) > 0
        decoder = ChunkDecoder(REG)
        chunks = [decoder.decode(region.read_chunk_bytes(cx, cz)) for cx, cz in positions]
    assert {c.data_version for c in chunks} == {4671}
    assert sum(c.is_full for c in chunks) > 0


def fixture_chunk(version: str = "1.21.1") -> tuple[tuple[int, int], bytes]:
    decoder = ChunkDecoder(REG)
    with fixture_region(version) as region:
        for cx, cz in region.chunk_positions():
            raw = region.read_chunk_bytes(cx, cz)
            if decoder.decode(raw).is_full:
                return (cx, cz), raw
    raise AssertionError("no full chunk")


def lz4_java_stream(data: bytes, block_size: int = 65536) -> bytes:
    """Encode like lz4-java's LZ4BlockOutputStream, with the independent lz4 package."""
    out = []
    for start in range(0, len(data), block_size):
        piece = data[start : start + block_size]
        packed = lz4.block.compress(piece, store_size=False)
        out.append(struct.pack("<8sBiii", b"LZ4Block", 0x20 | 8, len(packed), len(piece), 0))
        out.append(packed)
    out.append(struct.pack("<8sBiii", b"LZ4Block", 0x10, 0, 0, 0))
    return b"".join(out)


def region_with_record(tmp_path, pos, payload: bytes, compression: int):
    """A region file holding one chunk record with the given compressed payload."""
    cx, cz = pos
    path = tmp_path / f"r.{cx >> 5}.{cz >> 5}.mca"
    record = struct.pack(">iB", len(payload) + 1, compression) + payload
    record += b"\x00" * (-len(record) % 4096)
    header = np.zeros(2048, dtype=">u4")
    header[(cx & 31) + (cz & 31) * 32] = (2 << 8) | (len(record) // 4096)
    path.write_bytes(header.tobytes() + record)
    return path


@pytest.mark.parametrize(
    ("compression", "encode"),
    [
        (GZIP, gzip.compress),
        (ZLIB, zlib.compress),
        (NONE, lambda b: b),
        (LZ4, lz4_java_stream),
    ],
    ids=["gzip", "zlib", "none", "lz4"],
)
def test_every_compression_minecraft_writes(tmp_path, compression, encode):
    pos, raw = fixture_chunk()
    path = region_with_record(tmp_path, pos, encode(raw), compression)
    with RegionFile(path) as region:
        assert region.read_chunk_bytes(*pos) == raw


def test_lz4_stream_with_raw_blocks_and_many_blocks(tmp_path):
    pos, raw = fixture_chunk()
    stream = lz4_java_stream(raw, block_size=4096)
    # A stored (method 0x10) block as lz4-java writes for incompressible data.
    stored = struct.pack("<8sBiii", b"LZ4Block", 0x10, 5, 5, 0) + b"hello"
    path = region_with_record(tmp_path, pos, stored + stream, LZ4)
    with RegionFile(path) as region:
        assert region.read_chunk_bytes(*pos) == b"hello" + raw


def test_external_mcc_chunks_are_read(tmp_path):
    pos, raw = fixture_chunk()
    cx, cz = pos
    path = region_with_record(tmp_path, pos, b"", ZLIB | EXTERNAL_FLAG)
    (tmp_path / f"c.{cx}.{cz}.mcc").write_bytes(zlib.compress(raw))
    with RegionFile(path) as region:
        assert region.read_chunk_bytes(cx, cz) == raw


def test_writer_moves_oversized_chunks_to_mcc_files(tmp_path):
    big = nbt.write_nbt(
        {
            "xPos": 0,
            "zPos": 0,
            "blob": np.random.default_rng(1).integers(-128, 127, 1_200_000, dtype=np.int8),
        }
    )
    path = tmp_path / "r.0.0.mca"
    write_region(path, {(0, 0): big, (1, 0): b"\x0a\x00\x00\x00"})
    assert (tmp_path / "c.0.0.mcc").is_file()
    with RegionFile(path) as region:
        assert region.read_chunk_bytes(0, 0) == big
        assert region.read_chunk_bytes(1, 0) == b"\x0a\x00\x00\x00"


def test_missing_mcc_names_the_file_and_chunk(tmp_path):
    path = region_with_record(tmp_path, (3, 4), b"", ZLIB | EXTERNAL_FLAG)
    with RegionFile(path) as region, pytest.raises(CorruptChunkError) as err:
        region.read_chunk_bytes(3, 4)
    assert "chunk (3, 4)" in str(err.value) and "c.3.4.mcc" in str(err.value)


def test_damaged_payload_names_file_and_chunk(tmp_path):
    path = region_with_record(tmp_path, (5, 6), b"\x78\x9cthis is not zlib", ZLIB)
    with RegionFile(path) as region, pytest.raises(CorruptChunkError) as err:
        region.read_chunk_bytes(5, 6)
    assert str(path) in str(err.value) and "chunk (5, 6)" in str(err.value)


def test_truncated_region_file_reports_the_chunk(tmp_path):
    source = shared_path(PRISMARINE / "1.21.1" / "region" / "r.0.0.mca").read_bytes()
    path = tmp_path / "r.0.0.mca"
    path.write_bytes(source[: len(source) // 2])
    readable, damaged = 0, 0
    with RegionFile(path) as region:
        for cx, cz in region.chunk_positions():
            try:
                region.read_chunk_bytes(cx, cz)
                readable += 1
            except CorruptChunkError as e:
                assert "chunk (" in str(e) and str(path) in str(e)
                damaged += 1
    assert readable > 0 and damaged > 0


def test_empty_and_short_region_files_hold_no_chunks(tmp_path):
    empty = tmp_path / "r.0.0.mca"
    empty.write_bytes(b"")
    with RegionFile(empty) as region:
        assert list(region.chunk_positions()) == []
    short = tmp_path / "r.1.0.mca"
    short.write_bytes(b"\x00" * 100)
    with RegionFile(short) as region:
        assert region.header_damaged and list(region.chunk_positions()) == []


def test_corrupt_chunk_nbt_fails_with_a_message_not_a_crash():
    _, raw = fixture_chunk()
    decoder = ChunkDecoder(REG)
    for cut in (10, len(raw) // 3, len(raw) - 3):
        with pytest.raises(CorruptChunkError, match="damaged chunk data"):
            decoder.decode(raw[:cut], "test chunk")
    garbage = bytearray(raw)
    rng = np.random.default_rng(7)
    for index in rng.integers(0, len(raw), 200):
        garbage[index] ^= 0xFF
    try:
        decoder.decode(bytes(garbage), "test chunk")
    except CorruptChunkError as e:
        assert "test chunk" in str(e)


def test_pre_1_18_chunks_are_refused_with_the_reason():
    old = nbt.write_nbt({"DataVersion": nbt.Int(2586), "Level": {"xPos": 0, "zPos": 0}})
    with pytest.raises(CorruptChunkError, match=r"older than 1\.18"):
        ChunkDecoder(REG).decode(old, "old chunk")


def test_all_air_sections_cost_nothing():
    _, raw = fixture_chunk()
    chunk = ChunkDecoder(REG).decode(raw)
    for blocks in chunk.sections.values():
        assert (blocks != AIR).any()


def test_random_damage_never_crashes_the_compiled_scanner():
    _, raw = fixture_chunk()
    decoder = ChunkDecoder(REG)
    rng = np.random.default_rng(2024)
    outcomes: Counter[str] = Counter()
    for _ in range(300):
        damaged = bytearray(raw)
        for index in rng.integers(0, len(raw), int(rng.integers(1, 6))):
            damaged[index] = int(rng.integers(0, 256))
        try:
            decoder.decode(bytes(damaged), "fuzzed chunk")
            outcomes["decoded"] += 1
        except CorruptChunkError as e:
            assert "fuzzed chunk" in str(e)
            outcomes["refused"] += 1
    assert outcomes["refused"] > 0 and outcomes["decoded"] > 0


def test_unknown_blocks_warn_once_and_count_every_time(caplog):
    section = {"Y": nbt.Byte(0), "block_states": {"palette": nbt.NBTList([{"Name": "mod:gizmo"}])}}
    raw = nbt.write_nbt(
        {
            "DataVersion": nbt.Int(4671),
            "xPos": nbt.Int(0),
            "zPos": nbt.Int(0),
            "Status": "minecraft:full",
            "sections": nbt.NBTList([section]),
        }
    )
    stats = ResolveStats()
    decoder = ChunkDecoder(REG, stats)
    with caplog.at_level("WARNING"):
        for _ in range(3):
            chunk = decoder.decode(raw)
    assert chunk.sections == {}  # read as air
    assert stats.unknown_blocks["mod:gizmo"] == 3
    assert sum("mod:gizmo" in r.message for r in caplog.records) == 1


@pytest.mark.parametrize(
    "section",
    [
        {
            "Y": nbt.Byte(0),
            "block_states": {
                "palette": nbt.NBTList(
                    [{"Name": "minecraft:oak_stairs", "Properties": "facing=east"}]
                )
            },
        },
        {"block_states": {"palette": nbt.NBTList([{"Name": "minecraft:stone"}])}},
    ],
    ids=["properties-not-a-compound", "no-Y"],
)
def test_malformed_sections_are_damaged_chunks_not_crashes(section):
    raw = nbt.write_nbt(
        {
            "DataVersion": nbt.Int(4671),
            "xPos": nbt.Int(0),
            "zPos": nbt.Int(0),
            "Status": "minecraft:full",
            "sections": nbt.NBTList([section]),
        }
    )
    with pytest.raises(CorruptChunkError, match="damaged chunk data"):
        ChunkDecoder(REG).decode(raw, "crafted chunk")


def test_deeply_nested_nbt_is_an_error_not_a_recursion_crash():
    deep = b"\x0a\x00\x00" + b"\x09\x00\x01x\x09\x00\x00\x00\x01" + b"\x09\x00\x00\x00\x01" * 2000
    with pytest.raises(nbt.NBTError):
        nbt.read_nbt(deep)
