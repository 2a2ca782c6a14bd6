"""NBT reading and writing, checked against real files and the independent nbtlib reader."""

from __future__ import annotations

import gzip
import io

import nbtlib
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import MINESTOM, shared_path
from odyssey.errors import NBTError
from odyssey.world import nbt
from odyssey.world.nbt import Byte, Double, Float, Int, Long, NBTList, Short


def sample_compound() -> dict:
    return {
        "byte": Byte(-5),
        "short": Short(300),
        "int": Int(-70000),
        "long": Long(2**40),
        "float": Float(0.5),
        "double": Double(-1.25),
        "text": "héllo wörld ☃",
        "bytes": np.array([1, -2, 3], dtype=np.int8),
        "ints": np.array([1, -2, 2**31 - 1], dtype=np.int32),
        "longs": np.array([-(2**63), 2**63 - 1], dtype=np.int64),
        "list": NBTList([Int(1), Int(2)]),
        "empty": NBTList([], nbt.COMPOUND),
        "nested": {"names": NBTList(["a", "b"]), "deeper": {"x": Byte(1)}},
    }


def nbtlib_parse(raw: bytes) -> nbtlib.Compound:
    return nbtlib.File.parse(io.BytesIO(raw))


def test_level_dat_of_a_real_1_21_11_world_round_trips_byte_for_byte():
    raw = gzip.decompress(shared_path(MINESTOM / "level.dat").read_bytes())
    name, root = nbt.read_nbt(raw)
    assert nbt.write_nbt(root, name) == raw
    assert root["Data"]["DataVersion"] == 4671
    assert isinstance(root["Data"]["DataVersion"], Int)
    assert root["Data"]["spawn"]["pos"].tolist() == [8, -64, 8]


def test_our_writer_is_read_by_nbtlib():
    raw = nbt.write_nbt(sample_compound(), "root")
    parsed = nbtlib_parse(raw)
    assert int(parsed["byte"]) == -5 and isinstance(parsed["byte"], nbtlib.Byte)
    assert int(parsed["short"]) == 300 and isinstance(parsed["short"], nbtlib.Short)
    assert int(parsed["long"]) == 2**40 and isinstance(parsed["long"], nbtlib.Long)
    assert float(parsed["float"]) == 0.5 and isinstance(parsed["float"], nbtlib.Float)
    assert str(parsed["text"]) == "héllo wörld ☃"
    assert list(parsed["longs"]) == [-(2**63), 2**63 - 1]
    assert isinstance(parsed["longs"], nbtlib.LongArray)
    assert isinstance(parsed["empty"], nbtlib.List)
    assert str(parsed["nested"]["names"][1]) == "b"


def test_we_read_what_nbtlib_writes():
    original = nbtlib.Compound(
        {
            "a": nbtlib.Short(7),
            "b": nbtlib.List[nbtlib.Compound]([nbtlib.Compound({"n": nbtlib.String("x")})]),
            "c": nbtlib.IntArray([5, 6]),
        }
    )
    buffer = io.BytesIO()
    nbtlib.File(original).write(buffer)
    _, root = nbt.read_nbt(buffer.getvalue())
    assert root["a"] == 7 and isinstance(root["a"], Short)
    assert root["b"][0]["n"] == "x"
    assert root["c"].tolist() == [5, 6]


def test_modified_utf8_nul_and_astral_characters():
    text = "a\x00b😀"
    raw = nbt.encode_mutf8(text)
    assert b"\x00" not in raw  # NUL is C0 80
    assert b"\xf0" not in raw  # no 4-byte sequences: surrogate pairs instead
    assert nbt.decode_mutf8(raw) == text


@pytest.mark.parametrize("cut", [1, 5, 20, 60])
def test_truncated_nbt_is_an_nbt_error(cut):
    raw = nbt.write_nbt(sample_compound())
    with pytest.raises(NBTError, match="ends early"):
        nbt.read_nbt(raw[:-cut])


def test_unknown_tag_is_an_nbt_error():
    with pytest.raises(NBTError, match="unknown NBT tag type 99"):
        nbt.read_nbt(b"\x0a\x00\x00\x63\x00\x01x")


scalars = st.one_of(
    st.integers(-128, 127).map(Byte),
    st.integers(-(2**31), 2**31 - 1).map(Int),
    st.integers(-(2**63), 2**63 - 1).map(Long),
    st.floats(allow_nan=False, width=64).map(Double),
    st.text(max_size=20),
)
values = st.recursive(
    scalars,
    lambda inner: st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text(max_size=8), values, max_size=6))
def test_write_then_read_gives_the_same_values(root):
    _, back = nbt.read_nbt(nbt.write_nbt(root))
    assert back == root
    assert nbt.write_nbt(back) == nbt.write_nbt(root)
