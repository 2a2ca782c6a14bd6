"""``execute``: the modifiers and conditions MCU set-ups use, then ``run <command>``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from odyssey.sim.commands.args import Args, BlockArg
from odyssey.sim.commands.cmd_entities import Facing, parse_facing
from odyssey.sim.commands.cmd_items import targets
from odyssey.sim.commands.coords import (
    Position,
    Rotation,
    parse_block_pos,
    parse_rotation,
    parse_vec3,
)
from odyssey.sim.commands.selectors import Selector


@dataclass(frozen=True)
class As:
    targets: Selector


@dataclass(frozen=True)
class At:
    targets: Selector


@dataclass(frozen=True)
class Positioned:
    pos: Position | None = None
    as_targets: Selector | None = None


@dataclass(frozen=True)
class Rotated:
    rotation: Rotation | None = None
    as_targets: Selector | None = None


@dataclass(frozen=True)
class FacingMod:
    facing: Facing


@dataclass(frozen=True)
class Anchored:
    anchor: str  # eyes | feet


@dataclass(frozen=True)
class Align:
    axes: str  # some of x, y, z


@dataclass(frozen=True)
class InDimension:
    dimension: str


@dataclass(frozen=True)
class Condition:
    """``if|unless block <pos> <block>`` or ``if|unless entity <targets>``."""

    negated: bool
    kind: str  # block | entity
    pos: Position | None = None
    block: BlockArg | None = None
    targets: Selector | None = None


Modifier = As | At | Positioned | Rotated | FacingMod | Anchored | Align | InDimension | Condition


@dataclass(frozen=True)
class Execute:
    """The modifiers in order, then the command to run (None: the conditions are the result)."""

    modifiers: tuple[Modifier, ...]
    run: object | None = None


SUBCOMMANDS = ("as", "at", "positioned", "rotated", "facing", "anchored", "align", "in", "if",
               "unless", "run")  # fmt: skip


def parse_execute(args: Args, parse_rest: Callable[[Args], object]) -> Execute:
    """``parse_rest`` parses the command after ``run`` from the same reader."""
    modifiers: list[Modifier] = []
    while True:
        args.need()
        word = args.literal(*SUBCOMMANDS)
        if word == "run":
            args.need()
            return Execute(tuple(modifiers), parse_rest(args))
        args.need()
        modifiers.append(_modifier(args, word))
        if not args.reader.can_read() and isinstance(modifiers[-1], Condition):
            return Execute(tuple(modifiers))


def _modifier(args: Args, word: str) -> Modifier:
    if word in ("as", "at"):
        sel = targets(args)
        return As(sel) if word == "as" else At(sel)
    if word in ("positioned", "rotated"):
        if args.peek_word() == "as":
            args.literal("as")
            args.need()
            sel = targets(args)
            return Positioned(as_targets=sel) if word == "positioned" else Rotated(as_targets=sel)
        if word == "positioned":
            return Positioned(parse_vec3(args.reader))
        return Rotated(parse_rotation(args.reader))
    if word == "facing":
        return FacingMod(parse_facing(args))
    if word == "anchored":
        return Anchored(args.literal("eyes", "feet"))
    if word == "align":
        start = args.reader.cursor
        axes = args.word()
        if not axes or set(axes) - set("xyz") or len(set(axes)) != len(axes):
            raise args.reader.error(
                "Invalid swizzle, expected combination of 'x', 'y' and 'z'", start
            )
        return Align(axes)
    if word == "in":
        return InDimension(args.reader.read_resource())
    return _condition(args, negated=word == "unless")


def _condition(args: Args, negated: bool) -> Condition:
    kind = args.literal("block", "entity")
    args.need()
    if kind == "entity":
        return Condition(negated, "entity", targets=targets(args))
    pos = parse_block_pos(args.reader)
    args.need()
    return Condition(negated, "block", pos=pos, block=args.block(allow_tag=True))
