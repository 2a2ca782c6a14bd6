"""Block commands: setblock and fill."""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.commands.args import Args, BlockArg
from odyssey.sim.commands.coords import Position, parse_block_pos

FILL_MODES = ("destroy", "hollow", "keep", "outline", "replace", "strict")
SETBLOCK_MODES = ("destroy", "keep", "replace", "strict")


@dataclass(frozen=True)
class SetBlock:
    """``setblock <pos> <block> [destroy|keep|replace|strict]``."""

    pos: Position
    block: BlockArg
    mode: str = "replace"


@dataclass(frozen=True)
class Fill:
    """``fill <from> <to> <block> [mode]``; ``replace`` may take a filter predicate."""

    start: Position
    end: Position
    block: BlockArg
    mode: str = "replace"
    filter: BlockArg | None = None
    filter_mode: str | None = None  # 1.21.5+: how replaced blocks go (destroy, hollow, ...)


def parse_setblock(args: Args) -> SetBlock:
    args.need()
    pos = parse_block_pos(args.reader)
    args.need()
    block = args.block()
    mode = args.literal(*SETBLOCK_MODES) if args.more() else "replace"
    args.end()
    return SetBlock(pos, block, mode)


def parse_fill(args: Args) -> Fill:
    args.need()
    start = parse_block_pos(args.reader)
    args.need()
    end = parse_block_pos(args.reader)
    args.need()
    block = args.block()
    if not args.more():
        return Fill(start, end, block)
    mode = args.literal(*FILL_MODES)
    flt, then = None, None
    if mode == "replace" and args.more():
        flt = args.block(allow_tag=True)
        if args.more():
            then = args.literal("destroy", "hollow", "outline", "strict")
    args.end()
    return Fill(start, end, block, mode, flt, then)
