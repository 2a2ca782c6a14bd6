"""Item commands: give, clear, item replace, and 1.16's replaceitem."""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.commands.args import Args, ItemArg
from odyssey.sim.commands.coords import Position, parse_block_pos
from odyssey.sim.commands.selectors import Selector, parse_target

PLAYERS_ONLY = (
    "Only players may be affected by this command, but the provided selector includes entities"
)
ONE_ENTITY = "Only one entity is allowed, but the provided selector allows more than one"


@dataclass(frozen=True)
class Give:
    """``give <players> <item> [count]``."""

    targets: Selector
    item: ItemArg
    count: int = 1


@dataclass(frozen=True)
class Clear:
    """``clear [players] [item predicate] [max count]``; item None clears everything."""

    targets: Selector | None = None
    item: str | None = None  # a name, "*" or "#tag"
    components: tuple[tuple[str, object], ...] = ()
    max_count: int | None = None


@dataclass(frozen=True)
class SlotRef:
    """A slot of an entity's (selector) or a container block's (position) inventory."""

    kind: str  # "entity" or "block"
    target: Selector | Position
    slot: str


@dataclass(frozen=True)
class ItemReplace:
    """``item replace <slot ref> with <item> [count]`` or ``... from <slot ref> [modifier]``."""

    slot: SlotRef
    item: ItemArg | None = None
    count: int = 1
    source: SlotRef | None = None
    modifier: str | None = None


def targets(args: Args, players: bool = False, single: bool = False) -> Selector:
    """A selector with vanilla's checks for player-only and single-target arguments."""
    start = args.reader.cursor
    sel = parse_target(args.reader, args.names)
    if players and not sel.only_players and sel.kind != "s":  # @s is checked when run
        raise args.reader.error(PLAYERS_ONLY, start)
    if single and not sel.single:
        message = ONE_ENTITY if not players else ONE_ENTITY.replace("entity", "player")
        raise args.reader.error(message, start)
    return sel


def parse_give(args: Args) -> Give:
    args.need()
    sel = targets(args, players=True)
    args.need()
    item = args.item()
    count = args.int(1) if args.more() else 1
    args.end()
    return Give(sel, item, count)


def parse_clear(args: Args) -> Clear:
    if not args.more():
        return Clear()
    sel = targets(args, players=True)
    if not args.more():
        return Clear(sel)
    name, components = _item_predicate(args)
    count = args.int(0) if args.more() else None
    args.end()
    return Clear(sel, name, components, count)


def _item_predicate(args: Args) -> tuple[str, tuple[tuple[str, object], ...]]:
    reader = args.reader
    if reader.can_read() and reader.peek() == "*":
        reader.read()
        return "*", ()
    if reader.can_read() and reader.peek() == "#":
        reader.read()
        return "#" + reader.read_resource(), ()
    item = args.item()
    return item.name, item.components


def _slot_ref(args: Args) -> SlotRef:
    kind = args.literal("entity", "block")
    args.need()
    target = targets(args) if kind == "entity" else parse_block_pos(args.reader)
    args.need()
    return SlotRef(kind, target, args.slot())


def parse_item(args: Args) -> ItemReplace:
    args.need()
    args.literal("replace")
    args.need()
    slot = _slot_ref(args)
    args.need()
    how = args.literal("with", "from")
    args.need()
    if how == "with":
        item = args.item()
        count = args.int(0, 99) if args.more() else 1
        args.end()
        return ItemReplace(slot, item, count)
    source = _slot_ref(args)
    modifier = args.reader.read_resource() if args.more() else None
    args.end()
    return ItemReplace(slot, source=source, modifier=modifier)


def parse_replaceitem(args: Args) -> ItemReplace:
    """1.16's ``replaceitem entity|block <target> <slot> <item> [count]`` (gone since 1.17)."""
    args.need()
    slot = _slot_ref(args)
    args.need()
    item = args.item()
    count = args.int(1, 64) if args.more() else 1
    args.end()
    return ItemReplace(slot, item, count)
