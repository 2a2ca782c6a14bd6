"""Selectors: parsing, vanilla's errors, and selection against a fixed list of entities."""

from __future__ import annotations

import numpy as np
import pytest
from cmd_fake_world import mob, player

from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.names import RegistryNames
from odyssey.sim.commands.reader import Reader
from odyssey.sim.commands.selectors import parse_target, require_found, select

NAMES = RegistryNames()
ORIGIN = (0.0, 64.0, 0.0)
ALICE = player("Alice", (0.0, 64.0, 0.0), level=5, tags=frozenset({"red"}))
BOB = player("Bob", (10.0, 64.0, 0.0), gamemode="creative", team="blue")
CAROL = player("Carol", (-6.0, 64.0, 9.0), alive=False)  # dead players still count for @a
ZOMBIE = mob("zombie", (1.0, 64.0, 0.0), tags=frozenset({"hostile"}))
COW = mob("cow", (3.0, 64.0, 4.0))  # exactly 5 blocks away
PIG = mob("pig", (20.0, 64.0, 0.0), name="Wilbur")
DEAD_SHEEP = mob("sheep", (2.0, 64.0, 0.0), alive=False)
WORLD = [ALICE, ZOMBIE, COW, BOB, PIG, CAROL, DEAD_SHEEP]


def pick(text: str, executor=ALICE, seed: int = 0) -> list[str]:
    sel = parse_target(Reader(text), NAMES)
    found = select(sel, WORLD, ORIGIN, executor, np.random.default_rng(seed))
    return [e.name or e.id for e in found]


def test_kinds_and_their_defaults() -> None:
    assert pick("@p") == ["Alice"]
    assert pick("@a") == ["Alice", "Bob", "Carol"]
    assert pick("@s") == ["Alice"]
    assert pick("@s", executor=None) == []
    assert pick("@e") == ["Alice", "zombie-0", "cow-0", "Bob", "Wilbur"]  # alive only
    assert pick("@n[type=!player]") == ["zombie-0"]


def test_sort_and_limit() -> None:
    assert pick("@e[sort=nearest,limit=3]") == ["Alice", "zombie-0", "cow-0"]
    assert pick("@e[sort=furthest,limit=2]") == ["Wilbur", "Bob"]
    assert pick("@a[sort=furthest]") == ["Carol", "Bob", "Alice"]  # Carol is 10.8 away
    assert pick("@p[limit=2]") == ["Alice", "Bob"]


def test_distance_ranges() -> None:
    assert pick("@e[distance=..5]") == ["Alice", "zombie-0", "cow-0"]  # inclusive
    assert pick("@e[distance=1..]") == ["zombie-0", "cow-0", "Bob", "Wilbur"]
    assert pick("@e[distance=5]") == ["cow-0"]
    assert pick("@e[distance=2..10]") == ["cow-0", "Bob"]


def test_position_and_volume() -> None:
    assert pick("@e[x=20,y=64,z=0,distance=..1]") == ["Wilbur"]
    assert pick("@e[x=0,y=64,z=0,dx=3,dy=0,dz=4]") == ["Alice", "zombie-0", "cow-0"]
    assert pick("@p[x=9,y=64,z=0]") == ["Bob"]


def test_filters_and_negation() -> None:
    assert pick("@e[type=minecraft:cow]") == ["cow-0"]
    assert pick("@e[type=!player,type=!cow]") == ["zombie-0", "Wilbur"]
    assert pick("@e[tag=hostile]") == ["zombie-0"]
    assert pick("@e[tag=!hostile,type=!player]") == ["cow-0", "Wilbur"]
    assert pick("@e[tag=]") == ["cow-0", "Bob", "Wilbur"]  # no tags at all
    assert pick("@e[tag=!]") == ["Alice", "zombie-0"]  # any tag
    assert pick("@e[name=Wilbur]") == ["Wilbur"]
    assert pick('@e[name="Wilbur"]') == ["Wilbur"]
    assert pick("@a[gamemode=creative]") == ["Bob"]
    assert pick("@a[gamemode=!creative]") == ["Alice", "Carol"]
    assert pick("@a[level=3..]") == ["Alice"]
    assert pick("@a[team=blue]") == ["Bob"]


def test_random_is_seeded() -> None:
    first = [pick("@r", seed=s)[0] for s in range(12)]
    assert first == [pick("@r", seed=s)[0] for s in range(12)]
    assert len(set(first)) > 1
    assert sorted(pick("@a[sort=random]", seed=3)) == ["Alice", "Bob", "Carol"]


def test_player_names_and_uuids() -> None:
    assert pick("Bob") == ["Bob"]
    assert pick("Nobody") == []
    sel = parse_target(Reader("0-0-0-0-1"), NAMES)
    assert sel.uuid == "0-0-0-0-1" and sel.single


def test_single_and_players_only_flags() -> None:
    def sel(text: str):
        return parse_target(Reader(text), NAMES)

    assert sel("@p").single and sel("@e[limit=1]").single and not sel("@a").single
    assert sel("@a").only_players and not sel("@e").only_players
    assert sel("@e[type=player]").only_players


def test_nothing_found_errors() -> None:
    sel = parse_target(Reader("@e[type=minecraft:wolf]"), NAMES)
    with pytest.raises(CommandError, match="No entity was found"):
        require_found(sel, select(sel, WORLD, ORIGIN, ALICE))
    sel = parse_target(Reader("@a[name=Zed]"), NAMES)
    with pytest.raises(CommandError, match="No player was found"):
        require_found(sel, select(sel, WORLD, ORIGIN, ALICE))


def test_nbt_and_scores_parse_but_do_not_select_yet() -> None:
    sel = parse_target(Reader('@e[nbt={Tags:["a"]},scores={kills=1..}]'), NAMES)
    assert sel.nbt[0][0] == {"Tags": ["a"]} and sel.unsupported == ["scores"]
    with pytest.raises(CommandError, match="not supported yet"):
        select(sel, WORLD, ORIGIN, ALICE)


@pytest.mark.parametrize(
    ("text", "message", "cursor"),
    [
        ("@q", "Unknown selector type '@q'", 0),
        ("@", "Missing selector type", 0),
        ("@e[limit=0]", "Limit must be at least 1", 9),
        ("@e[sort=sideways]", "Invalid or unknown sort type 'sideways'", 8),
        ("@e[foo=1]", "Unknown option 'foo'", 3),
        ("@e[distance=-1..]", "Distance cannot be negative", 3),
        ("@e[distance=5..1]", "Min cannot be bigger than max", 12),
        ("@a[level=1.5]", "Only whole numbers allowed, not decimals", 9),
        ("@a[type=cow]", "Option 'type' isn't applicable here", 3),
        ("@s[limit=2]", "Option 'limit' isn't applicable here", 3),
        ("@e[limit=1,limit=2]", "Option 'limit' isn't applicable here", 11),
        ("@e[type=cow,type=pig]", "Option 'type' isn't applicable here", 12),
        ("@e[type=minecraft:unicorn]", "Invalid or unknown entity type 'minecraft:unicorn'", 8),
        ("@a[gamemode=god]", "Invalid or unknown game mode 'god'", 12),
        ("@e[name]", "Expected value for option 'name'", 3),
        ("@e[limit=1", "Expected end of options", 10),
        ("ThisNameIsWayTooLong", "Invalid name or UUID", 0),
    ],
)
def test_parse_errors(text: str, message: str, cursor: int) -> None:
    with pytest.raises(CommandError) as info:
        parse_target(Reader(text), NAMES)
    assert (info.value.message, info.value.cursor) == (message, cursor)
