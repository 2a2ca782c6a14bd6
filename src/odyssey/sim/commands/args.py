"""Argument readers shared by the command families: items, blocks, slots, literals, numbers."""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim.commands.errors import INCORRECT_ARGUMENT
from odyssey.sim.commands.names import NameCheck
from odyssey.sim.commands.reader import Reader
from odyssey.sim.commands.snbt import read_compound, read_value, to_snbt

SLOTS = frozenset(
    ["weapon", "weapon.mainhand", "weapon.offhand", "armor.head", "armor.chest", "armor.legs",
     "armor.feet", "armor.body", "horse.saddle", "horse.chest", "saddle", "player.cursor",
     "contents"]
    + [f"hotbar.{i}" for i in range(9)] + [f"inventory.{i}" for i in range(27)]
    + [f"container.{i}" for i in range(54)] + [f"enderchest.{i}" for i in range(27)]
    + [f"villager.{i}" for i in range(8)] + [f"horse.{i}" for i in range(15)]
    + [f"player.crafting.{i}" for i in range(4)]
)  # fmt: skip


@dataclass(frozen=True)
class ItemArg:
    """``minecraft:name[component=value,...]``; components keep their SNBT values."""

    name: str
    components: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        if not self.components:
            return self.name
        body = ",".join(f"{k}={to_snbt(v)}" for k, v in self.components)
        return f"{self.name}[{body}]"


@dataclass(frozen=True)
class BlockArg:
    """``minecraft:name[prop=value,...]{nbt}`` (or a ``#tag`` in predicates)."""

    name: str
    properties: tuple[tuple[str, str], ...] = ()
    nbt: dict | None = field(default=None, compare=False)

    def __str__(self) -> str:
        props = "[" + ",".join(f"{k}={v}" for k, v in self.properties) + "]"
        nbt = to_snbt(self.nbt) if self.nbt else ""
        return self.name + (props if self.properties else "") + nbt


class Args:
    """A reader over one command's arguments, with the checks every command repeats."""

    def __init__(self, reader: Reader, names: NameCheck) -> None:
        self.reader = reader
        self.names = names

    def more(self) -> bool:
        """Another argument follows (steps over the space); False at the end of the line."""
        return self.reader.next_argument()

    def need(self) -> None:
        """Another argument must follow."""
        if not self.more():
            raise self.reader.error("Unknown or incomplete command, see below for error")

    def end(self) -> None:
        """Nothing may follow."""
        self.reader.end_argument()
        if self.reader.can_read():
            self.reader.read()
            raise self.reader.error(INCORRECT_ARGUMENT)

    def literal(self, *options: str) -> str:
        start = self.reader.cursor
        word = self.reader.read_word()
        if word not in options:
            raise self.reader.error(INCORRECT_ARGUMENT, start)
        return word

    def peek_word(self) -> str:
        start = self.reader.cursor
        word = self.reader.read_word()
        self.reader.cursor = start
        return word

    def int(self, low: int | None = None, high: int | None = None) -> int:
        start = self.reader.cursor
        value = self.reader.read_int()
        _check_bounds(self.reader, "Integer", value, low, high, start)
        return value

    def float(self, low: float | None = None, high: float | None = None) -> float:
        start = self.reader.cursor
        value = self.reader.read_float()
        _check_bounds(self.reader, "Float", value, low, high, start)
        return value

    def bool(self) -> bool:
        return self.reader.read_bool()

    def word(self) -> str:
        return self.reader.read_word()

    def rest(self) -> str:
        text = self.reader.remaining()
        self.reader.cursor = len(self.reader.line)
        return text

    def item(self) -> ItemArg:
        return read_item(self.reader, self.names)

    def block(self, allow_tag: bool = False) -> BlockArg:
        return read_block(self.reader, self.names, allow_tag)

    def slot(self) -> str:
        start = self.reader.cursor
        word = self.reader.read_while(frozenset("abcdefghijklmnopqrstuvwxyz0123456789._*"))
        if word not in SLOTS:
            raise self.reader.error(f"Unknown slot '{word}'", start)
        return word

    def resource(self, kind: str, valid: bool) -> str:
        """A resource name that must exist: vanilla's 'Can't find element' error otherwise."""
        start = self.reader.cursor
        name = self.reader.read_resource()
        if not valid:
            raise self.reader.error(f"Can't find element '{name}' of type '{kind}'", start)
        return name


def _check_bounds(reader: Reader, kind: str, value: float, low, high, start: int) -> None:
    if low is not None and value < low:
        raise reader.error(f"{kind} must not be less than {low}, found {value}", start)
    if high is not None and value > high:
        raise reader.error(f"{kind} must not be more than {high}, found {value}", start)


def read_item(reader: Reader, names: NameCheck) -> ItemArg:
    """An item stack argument (1.21.11: components in ``[...]``; ``{nbt}`` is no longer read)."""
    start = reader.cursor
    if reader.can_read() and reader.peek() == "#":
        raise reader.error("Tags aren't allowed here, only actual items")
    name = reader.read_resource()
    if not names.is_item(name):
        raise reader.error(f"Unknown item '{name}'", start)
    components: list[tuple[str, object]] = []
    if reader.can_read() and reader.peek() == "[":
        components = _read_components(reader)
    return ItemArg(name, tuple(components))


def _read_components(reader: Reader) -> list[tuple[str, object]]:
    reader.read()
    out: list[tuple[str, object]] = []
    reader.skip_whitespace()
    while reader.can_read() and reader.peek() != "]":
        at = reader.cursor
        negated = reader.peek() == "!"
        if negated:
            reader.read()
        key = reader.read_resource()
        if any(k in (key, "!" + key) for k, _ in out):
            raise reader.error(
                f"Item component '{key}' was repeated, but only one value can be specified", at
            )
        if negated:
            out.append(("!" + key, None))
        else:
            reader.skip_whitespace()
            reader.expect("=")
            out.append((key, read_value(reader)))
        reader.skip_whitespace()
        if reader.can_read() and reader.peek() == ",":
            reader.read()
            reader.skip_whitespace()
        elif not reader.can_read() or reader.peek() != "]":
            raise reader.error("Expected ']'")
    reader.expect("]")
    return out


def read_block(reader: Reader, names: NameCheck, allow_tag: bool = False) -> BlockArg:
    """A block state ``name[props]{nbt}``; properties are checked against the block."""
    start = reader.cursor
    if reader.can_read() and reader.peek() == "#":
        if not allow_tag:
            raise reader.error("Tags aren't allowed here, only actual blocks")
        reader.read()
        return BlockArg("#" + reader.read_resource())
    name = reader.read_resource()
    if not names.is_block(name):
        raise reader.error(f"Unknown block type '{name}'", start)
    props: tuple[tuple[str, str], ...] = ()
    if reader.can_read() and reader.peek() == "[":
        props = _read_properties(reader, name, names.block_properties(name))
    nbt = read_compound(reader) if reader.can_read() and reader.peek() == "{" else None
    return BlockArg(name, props, nbt)


def _read_properties(
    reader: Reader, block: str, known: dict[str, tuple[str, ...]]
) -> tuple[tuple[str, str], ...]:
    reader.read()
    out: dict[str, str] = {}
    reader.skip_whitespace()
    while reader.can_read() and reader.peek() != "]":
        at = reader.cursor
        key = reader.read_string()
        if key not in known:
            raise reader.error(f"Block {block} does not have property '{key}'", at)
        if key in out:
            raise reader.error(f"Property '{key}' can only be set once for block {block}", at)
        reader.skip_whitespace()
        if not reader.can_read() or reader.peek() != "=":
            raise reader.error(f"Expected value for property '{key}' on block {block}")
        reader.read()
        reader.skip_whitespace()
        value_at = reader.cursor
        value = reader.read_string()
        if value not in known[key]:
            raise reader.error(
                f"Block {block} does not accept '{value}' for {key} property", value_at
            )
        out[key] = value
        reader.skip_whitespace()
        if reader.can_read() and reader.peek() == ",":
            reader.read()
            reader.skip_whitespace()
        elif not reader.can_read() or reader.peek() != "]":
            raise reader.error("Expected closing ] for block state properties")
    if not reader.can_read():
        raise reader.error("Expected closing ] for block state properties")
    reader.read()
    return tuple(out.items())
