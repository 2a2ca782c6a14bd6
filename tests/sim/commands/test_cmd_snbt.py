"""SNBT: every tag type, escapes, 1.21.5+ number forms, round trips and positioned errors."""

from __future__ import annotations

import pytest

from odyssey.sim.commands.snbt import (
    Byte,
    ByteArray,
    Double,
    Float,
    Int,
    IntArray,
    Long,
    LongArray,
    Short,
    SnbtError,
    parse_snbt,
    to_snbt,
)


def test_scalars_keep_their_tag_types() -> None:
    value = parse_snbt("{a:1b,b:2s,c:3,d:4L,e:1.5f,f:2.5d,g:2.0,h:true,i:false,j:abc,k:1e3}")
    expected = {"a": Byte, "b": Short, "c": Int, "d": Long, "e": Float, "f": Double,
                "g": Double, "h": Byte, "i": Byte, "j": str, "k": Double}  # fmt: skip
    assert {k: type(v) for k, v in value.items()} == expected
    assert value["h"] == 1 and value["i"] == 0 and value["k"] == 1000.0


def test_typed_arrays_and_nested_lists() -> None:
    value = parse_snbt('{b:[B;1b,2b],i:[I;1,-2],l:[L;3L,4L],x:[[1,2],[]],m:[1,"a",{z:1}]}')
    assert isinstance(value["b"], ByteArray) and value["b"] == [1, 2]
    assert isinstance(value["i"], IntArray) and value["i"] == [1, -2]
    assert isinstance(value["l"], LongArray) and all(type(v) is Long for v in value["l"])
    assert value["x"] == [[1, 2], []]
    assert value["m"] == [1, "a", {"z": 1}]  # 1.21.5+: lists may mix types


def test_escapes_individually() -> None:
    assert parse_snbt(r'"a\"b"') == 'a"b'
    assert parse_snbt(r"'a\'b'") == "a'b"
    assert parse_snbt(r'"tab\there"') == "tab\there"
    assert parse_snbt(r'"\u00e9\x41"') == "éA"
    assert parse_snbt(r"{'key with space':'v'}") == {"key with space": "v"}


def test_hex_binary_underscores_and_unsigned() -> None:
    assert parse_snbt("0xFF") == 255 and type(parse_snbt("0xFF")) is Int
    assert parse_snbt("0b101") == 5
    assert parse_snbt("1_000") == 1000
    assert parse_snbt("200ub") == -56 and type(parse_snbt("200ub")) is Byte
    assert parse_snbt("-5sb") == -5


def test_out_of_range_number_is_an_error() -> None:
    with pytest.raises(SnbtError, match="does not fit in a byte"):
        parse_snbt("300b")


def test_round_trip_preserves_types() -> None:
    text = '{a:1b,b:[I;1,2],c:"x\\"y",d:[1.5f,2.0f],e:{f:-3L},"g h":0s,i:[B;],j:1.0d}'
    value = parse_snbt(text)
    again = parse_snbt(to_snbt(value))
    assert again == value
    assert type(again["a"]) is Byte and type(again["e"]["f"]) is Long
    assert type(again["d"][0]) is Float and type(again["i"]) is ByteArray
    assert type(again["g h"]) is Short and type(again["j"]) is Double


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("{a 1}", 3, "expected ':'"),
        ("{a:1,,}", 5, "expected key"),
        ("{a:1", 4, "expected ',' or '}'"),
        ("[1,2", 4, "expected ',' or ']'"),
        ("{a:[B;1,2L]}", 8, "can't insert long into B array"),
        ("[Q;1]", 1, "invalid array type 'Q'"),
        ('"abc', 0, "unclosed quoted string"),
        ("{a:1} x", 6, "unexpected trailing data"),
        ('"\\q"', 2, "invalid escape sequence '\\q'"),
    ],
)
def test_errors_name_the_position(text: str, position: int, message: str) -> None:
    with pytest.raises(SnbtError) as info:
        parse_snbt(text)
    assert info.value.cursor == position
    assert str(info.value) == f"at position {position}: {message}"
