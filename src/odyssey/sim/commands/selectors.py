"""Entity selectors (``@p @s @a @e @r @n`` with options), player names and UUIDs as targets.

Parsing follows vanilla's EntitySelectorParser (option names, ``!`` negation, which options may
repeat, its error texts). Selection runs over the caller's entities (the ``Targetable``
protocol) and is deterministic: ``arbitrary`` keeps the caller's order, ``random`` draws from
the generator it is given. ``nbt``, ``scores``, ``advancements``, ``predicate`` and type tags
(``type=#...``) parse but cannot select yet (their selection raises a CommandError saying so).
Volumes (``dx dy dz``) test the entity's position, not its bounding box.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from odyssey.sim.commands.errors import NO_ENTITY, NO_PLAYER, CommandError
from odyssey.sim.commands.names import NameCheck
from odyssey.sim.commands.ranges import Range, parse_range
from odyssey.sim.commands.reader import Reader
from odyssey.sim.commands.snbt import read_compound

UUID_RE = re.compile(
    r"^[0-9a-f]{1,8}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,12}$", re.I
)
SORTS = ("nearest", "furthest", "random", "arbitrary")
GAMEMODES = ("survival", "creative", "adventure", "spectator")
KINDS = {  # kind: (players only, limit, sort, alive only)
    "p": (True, 1, "nearest", False),
    "a": (True, None, "arbitrary", False),
    "r": (True, 1, "random", False),
    "e": (False, None, "arbitrary", True),
    "n": (False, 1, "nearest", True),
    "s": (False, 1, "arbitrary", False),
}
NOT_SUPPORTED = ("nbt", "scores", "advancements", "predicate")


class Targetable(Protocol):
    """What selectors read of an entity; the game's entities implement it.

    An ``eye_height`` attribute, when an entity has one, places ``anchored eyes`` and
    ``facing entity ... eyes`` (default 1.62, a standing player's).
    """

    @property
    def id(self) -> str: ...  # the UUID (players: their UUID too)
    @property
    def type(self) -> str: ...  # namespaced, "minecraft:player" for players
    @property
    def position(self) -> tuple[float, float, float]: ...
    @property
    def name(self) -> str: ...  # player name or custom name ("" if none)
    @property
    def tags(self) -> frozenset[str]: ...
    @property
    def is_player(self) -> bool: ...
    @property
    def alive(self) -> bool: ...
    @property
    def gamemode(self) -> str | None: ...  # players only
    @property
    def level(self) -> int: ...  # experience level, players only
    @property
    def team(self) -> str | None: ...
    @property
    def rotation(self) -> tuple[float, float]: ...  # (yaw, pitch) degrees


@dataclass(frozen=True)
class Filter:
    """A string-valued option with its negation (``name=!Steve``)."""

    value: str
    negated: bool = False


@dataclass
class Selector:
    """A parsed target: ``@x[...]``, a player name, or a UUID."""

    kind: str | None = None  # p a r e n s; None for a name/UUID
    player: str | None = None
    uuid: str | None = None
    players_only: bool = True
    limit: int | None = None
    sort: str = "arbitrary"
    alive_only: bool = False
    x: float | None = None
    y: float | None = None
    z: float | None = None
    dx: float | None = None
    dy: float | None = None
    dz: float | None = None
    distance: Range | None = None
    level: Range | None = None
    x_rotation: Range | None = None
    y_rotation: Range | None = None
    names: list[Filter] = field(default_factory=list)
    types: list[Filter] = field(default_factory=list)
    tags: list[Filter] = field(default_factory=list)
    teams: list[Filter] = field(default_factory=list)
    gamemodes: list[Filter] = field(default_factory=list)
    nbt: list[tuple[dict, bool]] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    text: str = ""

    @property
    def single(self) -> bool:
        """At most one target (``@p``, ``@s``, a name, or ``limit=1``)."""
        return self.kind is None or self.limit == 1

    @property
    def only_players(self) -> bool:
        if self.kind is None:
            return self.uuid is None
        if self.players_only:
            return True
        return any(f.value == "minecraft:player" and not f.negated for f in self.types)

    def __str__(self) -> str:
        return self.text


def parse_target(reader: Reader, names: NameCheck) -> Selector:
    """A selector, a player name or a UUID at the reader's position."""
    start = reader.cursor
    if reader.can_read() and reader.peek() == "@":
        selector = _parse_selector(reader, names)
    else:
        word = reader.read_word()
        if UUID_RE.match(word):
            selector = Selector(uuid=word.lower(), players_only=False, limit=1)
        elif 0 < len(word) <= 16:
            selector = Selector(player=word, limit=1)
        else:
            raise reader.error("Invalid name or UUID", start)
    selector.text = reader.line[start : reader.cursor]
    return selector


def _parse_selector(reader: Reader, names: NameCheck) -> Selector:
    start = reader.cursor
    reader.read()
    if not reader.can_read():
        raise reader.error("Missing selector type", start)
    kind = reader.read()
    if kind not in KINDS:
        raise reader.error(f"Unknown selector type '@{kind}'", start)
    players_only, limit, sort, alive = KINDS[kind]
    selector = Selector(kind=kind, players_only=players_only, limit=limit, sort=sort,
                        alive_only=alive)  # fmt: skip
    if reader.can_read() and reader.peek() == "[":
        reader.read()
        _parse_options(reader, selector, names)
    return selector


def _parse_options(reader: Reader, sel: Selector, names: NameCheck) -> None:
    seen: set[str] = set()
    reader.skip_whitespace()
    while reader.can_read() and reader.peek() != "]":
        at = reader.cursor
        key = reader.read_string()
        reader.skip_whitespace()
        if not reader.can_read() or reader.peek() != "=":
            raise reader.error(f"Expected value for option '{key}'", at)
        reader.read()
        reader.skip_whitespace()
        _apply_option(reader, sel, key, at, seen, names)
        seen.add(key)
        reader.skip_whitespace()
        if reader.can_read() and reader.peek() == ",":
            reader.read()
            reader.skip_whitespace()
            continue
        if not reader.can_read() or reader.peek() != "]":
            raise reader.error("Expected end of options")
    if not reader.can_read():
        raise reader.error("Expected end of options")
    reader.read()


def _inapplicable(reader: Reader, key: str, at: int) -> CommandError:
    return reader.error(f"Option '{key}' isn't applicable here", at)


def _apply_option(
    reader: Reader, sel: Selector, key: str, at: int, seen: set[str], names: NameCheck
) -> None:
    once = {"x", "y", "z", "dx", "dy", "dz", "distance", "level", "x_rotation", "y_rotation",
            "limit", "sort", "scores", "advancements"}  # fmt: skip
    if key in once and key in seen:
        raise _inapplicable(reader, key, at)
    if key in ("x", "y", "z", "dx", "dy", "dz"):
        setattr(sel, key, reader.read_float(double=True))
    elif key in ("distance", "x_rotation", "y_rotation"):
        value = parse_range(reader, integer=False)
        if key == "distance" and value.low is not None and value.low < 0:
            raise reader.error("Distance cannot be negative", at)
        setattr(sel, key, value)
    elif key == "level":
        sel.level = parse_range(reader, integer=True)
        if sel.level.low is not None and sel.level.low < 0:
            raise reader.error("Level shouldn't be negative", at)
    elif key in ("limit", "sort"):
        _limit_or_sort(reader, sel, key, at)
    elif key in ("name", "tag", "team", "gamemode", "type"):
        _filter_option(reader, sel, key, at, names)
    elif key == "nbt":
        negated = _negation(reader)
        sel.nbt.append((read_compound(reader), negated))
    elif key in ("scores", "advancements"):
        _skip_braces(reader)
        sel.unsupported.append(key)
    elif key == "predicate":
        _negation(reader)
        reader.read_resource()
        sel.unsupported.append(key)
    else:
        raise reader.error(f"Unknown option '{key}'", at)


def _limit_or_sort(reader: Reader, sel: Selector, key: str, at: int) -> None:
    if sel.kind == "s":
        raise _inapplicable(reader, key, at)
    if key == "limit":
        value_at = reader.cursor
        limit = reader.read_int()
        if limit < 1:
            raise reader.error("Limit must be at least 1", value_at)
        sel.limit = limit
        return
    value_at = reader.cursor
    sort = reader.read_unquoted()
    if sort not in SORTS:
        raise reader.error(f"Invalid or unknown sort type '{sort}'", value_at)
    sel.sort = sort


def _negation(reader: Reader) -> bool:
    reader.skip_whitespace()
    if reader.can_read() and reader.peek() == "!":
        reader.read()
        reader.skip_whitespace()
        return True
    return False


def _filter_option(reader: Reader, sel: Selector, key: str, at: int, names: NameCheck) -> None:
    negated = _negation(reader)
    target: list[Filter] = {"name": sel.names, "tag": sel.tags, "team": sel.teams,
                            "gamemode": sel.gamemodes, "type": sel.types}[key]  # fmt: skip
    # a positive value may be given once; negated ones may repeat (vanilla's applicability)
    if key != "tag" and target and not (negated and all(f.negated for f in target)):
        raise _inapplicable(reader, key, at)
    value_at = reader.cursor
    if key == "type":
        if sel.players_only and sel.kind is not None:
            raise _inapplicable(reader, key, at)
        value = _type_value(reader, names, value_at)
    elif key == "name":
        value = reader.read_string()
    else:
        value = reader.read_unquoted()
    if key == "gamemode" and value not in GAMEMODES:
        raise reader.error(f"Invalid or unknown game mode '{value}'", value_at)
    target.append(Filter(value, negated))


def _type_value(reader: Reader, names: NameCheck, at: int) -> str:
    if reader.can_read() and reader.peek() == "#":
        reader.read()
        return "#" + reader.read_resource()
    value = reader.read_resource()
    if not names.is_entity(value):
        raise reader.error(f"Invalid or unknown entity type '{value}'", at)
    return value


def _skip_braces(reader: Reader) -> None:
    """``{...}`` with nesting (scores/advancements: parsed for shape only)."""
    if not reader.can_read() or reader.peek() != "{":
        raise reader.error("Expected '{'")
    depth = 0
    while reader.can_read():
        char = reader.read()
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return
    raise reader.error("Expected '}'")


def select(
    sel: Selector,
    entities: Sequence[Targetable],
    origin: tuple[float, float, float],
    executor: Targetable | None,
    rng: np.random.Generator | None = None,
) -> list[Targetable]:
    """The entities ``sel`` names, in vanilla's order, from ``origin`` (the command's position)."""
    if sel.unsupported or sel.nbt or any(f.value.startswith("#") for f in sel.types):
        what = ", ".join(sel.unsupported + ["nbt"] * bool(sel.nbt)) or "type tags"
        raise CommandError(f"Selector option {what} is not supported yet")
    if sel.kind is None:
        return [e for e in entities if _named(sel, e)][:1]
    center = (_or(sel.x, origin[0]), _or(sel.y, origin[1]), _or(sel.z, origin[2]))
    pool = [executor] if sel.kind == "s" and executor is not None else []
    if sel.kind != "s":
        pool = list(entities)
    found = [e for e in pool if _matches(sel, e, center)]
    found = _sorted(sel, found, center, rng)
    return found if sel.limit is None else found[: sel.limit]


def require_found(sel: Selector, found: list[Targetable]) -> list[Targetable]:
    """Vanilla's 'No entity was found' / 'No player was found' when nothing matched."""
    if not found:
        raise CommandError(NO_PLAYER if sel.only_players else NO_ENTITY)
    return found


def _or(value: float | None, default: float) -> float:
    return default if value is None else value


def _named(sel: Selector, entity: Targetable) -> bool:
    if sel.uuid is not None:
        return entity.id.lower() == sel.uuid
    return entity.is_player and entity.name == sel.player


def _matches(sel: Selector, e: Targetable, center: tuple[float, float, float]) -> bool:
    if sel.players_only and not e.is_player and not sel.types:
        return False
    if sel.alive_only and not e.alive:
        return False
    checks = (
        (sel.names, e.name), (sel.types, e.type), (sel.teams, e.team or ""),
        (sel.gamemodes, e.gamemode or ""),
    )  # fmt: skip
    if not all(f.negated != (f.value == value) for filters, value in checks for f in filters):
        return False
    if not all(f.negated != _tag_matches(e, f.value) for f in sel.tags):
        return False
    return _in_space(sel, e, center)


def _tag_matches(entity: Targetable, tag: str) -> bool:
    """``tag=x``: has tag x; ``tag=`` (empty): has no tags at all, as vanilla reads it."""
    return not entity.tags if tag == "" else tag in entity.tags


def _in_space(sel: Selector, e: Targetable, center: tuple[float, float, float]) -> bool:
    if sel.distance is not None and not sel.distance.contains(_distance(e.position, center)):
        return False
    if sel.level is not None and not (e.is_player and sel.level.contains(e.level)):
        return False
    if sel.y_rotation is not None and not sel.y_rotation.contains(e.rotation[0]):
        return False
    if sel.x_rotation is not None and not sel.x_rotation.contains(e.rotation[1]):
        return False
    if sel.dx is None and sel.dy is None and sel.dz is None:
        return True
    deltas = (sel.dx or 0.0, sel.dy or 0.0, sel.dz or 0.0)
    for axis in range(3):  # vanilla's box: the corner block plus the deltas, +1 on the far side
        low = center[axis] + min(0.0, deltas[axis])
        high = center[axis] + max(0.0, deltas[axis]) + 1.0
        if not low <= e.position[axis] <= high:
            return False
    return True


def _distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return float(np.sqrt(sum((p - q) ** 2 for p, q in zip(a, b, strict=True))))


def _sorted(
    sel: Selector,
    found: list[Targetable],
    center: tuple[float, float, float],
    rng: np.random.Generator | None,
) -> list[Targetable]:
    if sel.sort == "nearest":
        return sorted(found, key=lambda e: _distance(e.position, center))
    if sel.sort == "furthest":
        return sorted(found, key=lambda e: -_distance(e.position, center))
    if sel.sort == "random":
        generator = rng if rng is not None else np.random.default_rng(0)
        return [found[i] for i in generator.permutation(len(found))]
    return found
